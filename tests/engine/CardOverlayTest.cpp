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

}  // namespace
}  // namespace seneschal::engine
