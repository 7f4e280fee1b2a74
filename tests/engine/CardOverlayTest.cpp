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
  auto r = CardOverlay::parse_json(R"({"schema": 1, "answers": {"r9e": {"HEKTOR": {"strength": "three"}}}})",
                                   "state/card-answers.json");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "state/card-answers.json: r9e/HEKTOR/strength must be a whole number");
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
