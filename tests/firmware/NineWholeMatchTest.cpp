// A whole two-game match of Nine as a table script (tests/data/scripts/whole-match.nine), run by
// the real `seneschal play`: the deck taught as it is played, builds seen in the city, flips seen
// on the discard pile, a rotated deck, a Demolition Team, a rotated card, an early end, and the
// match's score and the King's words worked out by hand at the script's end.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;

class NineWholeMatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto run = run_command("'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR
                                 "/assets' play --script '" SENESCHAL_TEST_DATA "/scripts/whole-match.nine' --state-out '" +
                                 dir_.file("state.json") + "' --log-text 2>&1");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    output_ = run.output;
    std::ifstream in(dir_.file("state.json"));
    state_ = nlohmann::json::parse(in);
  }

  const nlohmann::json& detail() const { return state_.at("detail"); }
  bool logged(const std::string& text) const { return output_.find(text) != std::string::npos; }

  seneschal::test::TempDir dir_;
  std::string output_;
  nlohmann::json state_;
};

TEST_F(NineWholeMatchTest, TheGamesAndTheMatchScoreAsWorkedOutByHand) {
  // Game 1: shields 8 + basic 6 + a second Tavern 1 + high 0 - 4 rounds = 11 (N9:159-166).
  const auto& games = detail().at("games");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0], (nlohmann::json{{"shields", 8}, {"basic", 6}, {"same_type", 1}, {"high", 0}, {"rounds", 4}, {"total", 11}}));
  // Game 2: shields 4 + basic 4 + a second Farm 1 + high 0 - 1 round = 8.
  EXPECT_EQ(games[1], (nlohmann::json{{"shields", 4}, {"basic", 4}, {"same_type", 1}, {"high", 0}, {"rounds", 1}, {"total", 8}}));
  // The match (N9:168) and its band (N9:174: 17-20).
  EXPECT_EQ(detail().at("match_total"), 19);
  EXPECT_EQ(detail().at("king"), "The King is impressed");
  EXPECT_EQ(state_.at("match").at("finished"), nlohmann::json::parse("[[11], [8]]"));
  EXPECT_EQ(state_.at("players").at(0).at("score"), 19);
  EXPECT_EQ(state_.at("winner").at("players"), nlohmann::json::array({"Solo"}));
}

TEST_F(NineWholeMatchTest, BuildsAreSeenInTheCityAndPaidTheOnlyWayOrAsChosen) {
  EXPECT_TRUE(logged("Built Farm (card 2B) in round 1's column, paid with deck Crew"));
  // Three ways to pay the Tavern: the player chose one.
  EXPECT_TRUE(logged("Tavern laid in the city from card 3B: 3 ways to pay it"));
  EXPECT_TRUE(logged("Built Tavern (card 3B) in round 1's column, paid with deck Crew + Saw Mill Lumber"));
  // Three ways for the Demolition Team: the camera saw which card flipped, no button.
  EXPECT_TRUE(logged("Built Demolition Team (card 4A) in round 1's column, paid with deck Crew + Goldsmith Gold"));
  // The Castle from the target, with its three required structures standing (N9:55).
  EXPECT_TRUE(logged("Built Castle (card 7A) in round 4's column, paid with deck Crew + Tavern #2 Crew"));
}

TEST_F(NineWholeMatchTest, RoundsEndWithTheirOptionAndTheGameEndsEarly) {
  EXPECT_TRUE(logged("Round 2: the pile of 3 turned over as the deck, rotated 180 degrees"));
  EXPECT_TRUE(logged("Rotate 1 card: Card 9A (Crew up) (N9:124)"));
  EXPECT_TRUE(logged("Demolition Team: Farm (card 2) and the team go to the discard pile"));
  EXPECT_TRUE(logged("The game ends during round 4, which counts as played (GAMES.md B7.4)"));
  EXPECT_TRUE(logged("The match: 11 + 8 = 19 VP. The King is impressed (N9:170-180)"));
}

TEST_F(NineWholeMatchTest, TheDeckIsTaughtOnceAndKeptForTheSecondGame) {
  // 17 faces seen, each taught once: four answers a face, never asked again in game 2.
  const auto& told = state_.at("told");
  int faces = 0;
  for (const auto& [key, stats] : told.items()) {
    if (key.size() == 2 && stats.size() == 4) ++faces;
  }
  EXPECT_EQ(faces, 17);
  EXPECT_EQ(told.at("7A").at("left_structure"), "Castle");
  // The Goldsmith's cost is Crew and a slash item, one choice; the Monument's three items are
  // "Crew + more" and the two after the Crew.
  EXPECT_EQ(told.at("GOLDSMITH").at("cost"), "Crew + Stone/Ore");
  EXPECT_FALSE(told.at("GOLDSMITH").contains("cost_1"));
  EXPECT_EQ(told.at("GOLDSMITH").at("product_and_shield"), "Gold + 1 VP");
  EXPECT_EQ(told.at("MONUMENT").at("cost"), "Crew + more");
  EXPECT_EQ(told.at("MONUMENT").at("cost_2"), "Stone");
  EXPECT_EQ(told.at("MONUMENT").at("cost_3"), "Lumber");
  EXPECT_EQ(told.at("CASTLE").at("product_and_shield"), "5 VP");
}

// Issue 42 item 7: the new deck is taught in 88 answers (107 before): 68 for the 17 faces, 20 for
// the nine structures built, whose whole cost and what they give are one choice each where a
// likely one fits. One told value is one answer.
TEST_F(NineWholeMatchTest, TheNewDeckIsTaughtIn88Answers) {
  int faces = 0;
  int structures = 0;
  for (const auto& [key, stats] : state_.at("told").items()) (key.size() == 2 ? faces : structures) += static_cast<int>(stats.size());
  EXPECT_EQ(faces, 68);
  EXPECT_EQ(structures, 20);
  const auto& saw_mill = state_.at("told").at("SAW-MILL");
  EXPECT_EQ(saw_mill, (nlohmann::json{{"cost", "Crew + Food"}, {"points", 0}})) << "its product is printed (N9:132)";
}

}  // namespace
}  // namespace seneschal::firmware
