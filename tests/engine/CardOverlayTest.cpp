#include "seneschal/engine/card_overlay.hpp"

#include <gtest/gtest.h>

#include "TestCards.hpp"

namespace seneschal::engine {
namespace {

class CardOverlayTest : public ::testing::Test {
 protected:
  CardOverlayTest() : shipped_(test::r9e_library().at("r9e")) {}
  std::shared_ptr<const CardDatabase> shipped_;
};

TEST_F(CardOverlayTest, AnswerFillsAnUnknownAndSaysWhereItCameFrom) {
  CardOverlay overlay;
  ASSERT_TRUE(overlay.record(*shipped_, "HEKTOR", "strength", 3).has_value());
  std::vector<std::string> ignored;
  const CardDatabase played = overlay.apply(*shipped_, ignored);
  EXPECT_TRUE(ignored.empty());
  EXPECT_EQ(played.find("HEKTOR")->stat("strength"), 3);
  EXPECT_EQ(played.find("HEKTOR")->sourced.at("strength"), "answered at the table");
  EXPECT_EQ(shipped_->find("HEKTOR")->stat("strength"), std::nullopt);  // the shipped data is untouched
}

TEST_F(CardOverlayTest, PrintedValuesCannotBeAnsweredOver) {
  CardOverlay overlay;
  auto r = overlay.record(*shipped_, "ZAHIR", "will", 3);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "Zahir's will is printed as 1; a table answer cannot change it");
  EXPECT_FALSE(overlay.record(*shipped_, "NOBODY", "will", 1).has_value());
  EXPECT_FALSE(overlay.record(*shipped_, "HEKTOR", "charisma", 1).has_value());
}

TEST_F(CardOverlayTest, SurvivesItsFileFormat) {
  CardOverlay overlay;
  ASSERT_TRUE(overlay.record(*shipped_, "HEKTOR", "strength", 3).has_value());
  ASSERT_TRUE(overlay.record(*shipped_, "JACK-NEWCOMER", "will", 2).has_value());
  auto again = CardOverlay::parse_json(overlay.to_json(), "answers.json");
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_EQ(again->answer("r9e", "HEKTOR", "strength"), 3);
  EXPECT_EQ(again->answer("r9e", "JACK-NEWCOMER", "will"), 2);
  EXPECT_EQ(again->answer("r9e", "ZAHIR", "will"), std::nullopt);
}

TEST_F(CardOverlayTest, AnswersTheDataNowContradictsAreReportedNotApplied) {
  auto overlay = CardOverlay::parse_json(
      R"({"schema": 1, "answers": {"r9e": {"ZAHIR": {"will": 4}, "GONE": {"will": 1}}}})", "answers.json");
  ASSERT_TRUE(overlay.has_value());
  std::vector<std::string> ignored;
  const CardDatabase played = overlay->apply(*shipped_, ignored);
  EXPECT_EQ(played.find("ZAHIR")->stat("will"), 1);
  EXPECT_EQ(ignored, (std::vector<std::string>{"GONE will: no longer in the Romance of the Nine Empires data",
                                               "Zahir will: the data now states 1, the table had answered 4"}));
}

TEST_F(CardOverlayTest, BadFileSaysWhereAndWhat) {
  auto r = CardOverlay::parse_json(R"({"schema": 1, "answers": {"r9e": {"HEKTOR": {"strength": [3]}}}})",
                                   "state/card-answers.json");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "state/card-answers.json: r9e/HEKTOR/strength must be a whole number or a word");
  auto fraction = CardOverlay::parse_json(R"({"schema": 1, "answers": {"r9e": {"HEKTOR": {"strength": 2.5}}}})",
                                          "state/card-answers.json");
  ASSERT_FALSE(fraction.has_value());
  EXPECT_EQ(fraction.error().message, "state/card-answers.json: r9e/HEKTOR/strength must be a whole number or a word");
  auto empty = CardOverlay::parse_json(R"({"schema": 1, "answers": {"nine": {"3A": {"top": ""}}}})", "f.json");
  ASSERT_FALSE(empty.has_value());
  EXPECT_EQ(empty.error().message, "f.json: nine/3A/top is an empty word");
}

// Words: a value told as one of a listed set (the resource at the top of Nine's face 3A) is kept
// like a number and laid over the card's attributes. A small Nine-like file with one face that
// prints its top resource and one that does not.
constexpr const char* kFaceCards = R"({"schema": 2, "game": "nine", "tag_code": "NINE", "title": "Nine",
  "types": ["face"], "stat_names": [],
  "cards": [{"title": "3A", "type": "face"},
            {"title": "4B", "type": "face", "attributes": {"top": "Stone"}, "sourced": {"top": "test"}}]})";

class CardOverlayWordTest : public ::testing::Test {
 protected:
  CardOverlayWordTest() : shipped_(CardDatabase::parse_json(kFaceCards, "faces").value()) {}
  CardDatabase shipped_;
};

TEST_F(CardOverlayWordTest, AWordAnswerBecomesTheCardsAttributeAndSaysWhereItCameFrom) {
  CardOverlay overlay;
  ASSERT_TRUE(overlay.record_word(shipped_, "3A", "top", "Lumber").has_value());
  EXPECT_EQ(overlay.word_answer("nine", "3A", "top"), "Lumber");
  EXPECT_EQ(overlay.answer("nine", "3A", "top"), std::nullopt);  // a word is not a number
  std::vector<std::string> ignored;
  const CardDatabase played = overlay.apply(shipped_, ignored);
  EXPECT_TRUE(ignored.empty());
  EXPECT_EQ(played.find("3A")->attributes.at("top"), "Lumber");
  EXPECT_EQ(played.find("3A")->sourced.at("top"), "answered at the table");
  EXPECT_EQ(played.find("3A")->stat("top"), std::nullopt);
  EXPECT_EQ(shipped_.find("3A")->attributes.count("top"), 0u);  // the shipped data is untouched
}

TEST_F(CardOverlayWordTest, APrintedAttributeCannotBeAnsweredOver) {
  CardOverlay overlay;
  auto r = overlay.record_word(shipped_, "4B", "top", "Lumber");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "4B's top is printed as Stone; a table answer cannot change it");
  // The printed word itself is no contradiction, and nothing to keep.
  EXPECT_TRUE(overlay.record_word(shipped_, "4B", "top", "Stone").has_value());
  EXPECT_EQ(overlay.word_answer("nine", "4B", "top"), std::nullopt);
  EXPECT_FALSE(overlay.record_word(shipped_, "NOBODY", "top", "Lumber").has_value());
  auto empty = overlay.record_word(shipped_, "3A", "top", "");
  ASSERT_FALSE(empty.has_value());
  EXPECT_EQ(empty.error().message, "3A's top: an empty word is no answer");
  // Attributes have no declared list of names: any name is kept.
  EXPECT_TRUE(overlay.record_word(shipped_, "4B", "provides", "Crew").has_value());
  EXPECT_EQ(overlay.word_answer("nine", "4B", "provides"), "Crew");
}

TEST_F(CardOverlayWordTest, WordsAndNumbersSurviveTheFileFormatTogether) {
  CardOverlay overlay;
  ASSERT_TRUE(overlay.record_word(shipped_, "3A", "top", "Lumber").has_value());
  ASSERT_TRUE(overlay.record_word(shipped_, "4B", "provides", "Crew").has_value());
  ASSERT_TRUE(overlay.record(*test::r9e_library().at("r9e"), "HEKTOR", "strength", 3).has_value());
  const std::string text = overlay.to_json();
  EXPECT_NE(text.find("\"top\": \"Lumber\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"schema\": 1"), std::string::npos) << text;
  auto again = CardOverlay::parse_json(text, "card-answers.json");
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_EQ(again->word_answer("nine", "3A", "top"), "Lumber");
  EXPECT_EQ(again->word_answer("nine", "4B", "provides"), "Crew");
  EXPECT_EQ(again->answer("r9e", "HEKTOR", "strength"), 3);
  EXPECT_EQ(again->word_answer("r9e", "HEKTOR", "strength"), std::nullopt);
  EXPECT_EQ(again->to_json(), text);
  // As a hand-written file has it.
  auto written = CardOverlay::parse_json(R"({"schema": 1, "answers": {"nine": {"3A": {"top": "Wool", "cost": 2}}}})",
                                         "card-answers.json");
  ASSERT_TRUE(written.has_value()) << written.error().message;
  EXPECT_EQ(written->word_answer("nine", "3A", "top"), "Wool");
  EXPECT_EQ(written->answer("nine", "3A", "cost"), 2);
}

TEST_F(CardOverlayWordTest, WordsTheDataNowContradictsOrNoLongerHasAreReportedNotApplied) {
  auto overlay = CardOverlay::parse_json(
      R"({"schema": 1, "answers": {"nine": {"4B": {"top": "Lumber", "provides": "Crew"}, "9Z": {"top": "Wool"}}}})",
      "card-answers.json");
  ASSERT_TRUE(overlay.has_value()) << overlay.error().message;
  std::vector<std::string> ignored;
  const CardDatabase played = overlay->apply(shipped_, ignored);
  EXPECT_EQ(played.find("4B")->attributes.at("top"), "Stone");
  EXPECT_EQ(played.find("4B")->sourced.at("top"), "test");
  EXPECT_EQ(played.find("4B")->attributes.at("provides"), "Crew");  // the card's other answer still applies
  EXPECT_EQ(played.find("9Z"), nullptr);
  EXPECT_EQ(ignored, (std::vector<std::string>{"4B top: the data now states Stone, the table had answered Lumber",
                                               "9Z top: no longer in the Nine data"}));
}

// A card no data names (Cutthroat's hirelings, most Osten Ard cards) is named at the table and
// then resolves like a shipped card: by title and by the tag id made from its title.
TEST_F(CardOverlayTest, ACardNamedAtTheTableResolvesLikeShippedData) {
  CardOverlay overlay;
  auto id = overlay.name_card(*shipped_, "Wandering Tinker of Osk", "hero");
  ASSERT_TRUE(id.has_value()) << id.error().message;
  EXPECT_EQ(*id, "WANDERING-TINKER-OF-OSK");
  std::vector<std::string> ignored;
  const CardDatabase played = overlay.apply(*shipped_, ignored);
  EXPECT_TRUE(ignored.empty());
  ASSERT_NE(played.find("WANDERING-TINKER-OF-OSK"), nullptr);
  EXPECT_EQ(played.find_by_title("Wandering Tinker of Osk")->type, "hero");
  EXPECT_EQ(played.find("WANDERING-TINKER-OF-OSK")->sourced.at("title"), "named at the table");
  EXPECT_EQ(played.size(), shipped_->size() + 1);
  EXPECT_EQ(shipped_->find("WANDERING-TINKER-OF-OSK"), nullptr);  // the shipped data is untouched
  // Values the table tells about it are kept like answers about shipped cards.
  ASSERT_TRUE(overlay.record(played, "WANDERING-TINKER-OF-OSK", "strength", 2).has_value());
  EXPECT_EQ(overlay.apply(*shipped_, ignored).find("WANDERING-TINKER-OF-OSK")->stat("strength"), 2);
  // And all of it survives the file.
  auto again = CardOverlay::parse_json(overlay.to_json(), "card-answers.json");
  ASSERT_TRUE(again.has_value()) << again.error().message;
  ASSERT_EQ(again->named("r9e").size(), 1u);
  EXPECT_EQ(again->apply(*shipped_, ignored).find("WANDERING-TINKER-OF-OSK")->stat("strength"), 2);
}

TEST_F(CardOverlayTest, NamingACardRefusesAnUnknownTypeAndATakenTagId) {
  CardOverlay overlay;
  auto type = overlay.name_card(*shipped_, "Tinker", "wizard");
  ASSERT_FALSE(type.has_value());
  EXPECT_NE(type.error().message.find("\"wizard\" is not a Romance of the Nine Empires card type"), std::string::npos)
      << type.error().message;
  // "Hektor!" makes HEKTOR, which Hektor has: two cards cannot share a tag.
  auto taken = overlay.name_card(*shipped_, "Hektor!", "hero");
  ASSERT_FALSE(taken.has_value());
  EXPECT_EQ(taken.error().message, "\"Hektor!\" makes the tag id HEKTOR, which Hektor already has");
  // A title the data has already is just its id: nothing is added.
  EXPECT_EQ(overlay.name_card(*shipped_, "Hektor", "hero").value(), "HEKTOR");
  EXPECT_TRUE(overlay.named("r9e").empty());
}

TEST_F(CardOverlayTest, ANamedCardTheDataLaterShipsIsLeftOutAndSaidSo) {
  auto overlay = CardOverlay::parse_json(
      R"({"schema": 1, "answers": {}, "cards": {"r9e": [{"title": "Hektor", "type": "hero"}]}})", "card-answers.json");
  ASSERT_TRUE(overlay.has_value()) << overlay.error().message;
  std::vector<std::string> ignored;
  const CardDatabase played = overlay->apply(*shipped_, ignored);
  EXPECT_EQ(played.size(), shipped_->size());
  ASSERT_EQ(ignored.size(), 1u);
  EXPECT_NE(ignored[0].find("Hektor"), std::string::npos);
  auto bad = CardOverlay::parse_json(R"({"schema": 1, "answers": {}, "cards": {"r9e": [{"title": "Tinker"}]}})", "f.json");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().message, "f.json: cards/r9e[0]: a type is needed");
}

}  // namespace
}  // namespace seneschal::engine
