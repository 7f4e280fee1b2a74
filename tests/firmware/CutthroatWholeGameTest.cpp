// A whole four-seat game of Cutthroat Kingdoms as a table script (tests/data/scripts/
// whole-game.ck), run by the real `seneschal play`: setup, eight turns with a vote, deals, the
// tome's straight combat, a blackmail, a passage, the Royal Wedding, Alms of Lazarus, and the
// Royal Feast with a poisoned heir, to scores worked out by hand at the script's end.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;

class CutthroatWholeGameTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto run = run_command("'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR
                                 "/assets' play --script '" SENESCHAL_TEST_DATA "/scripts/whole-game.ck' --state-out '" +
                                 dir_.file("state.json") + "' 2>&1");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    output_ = run.output;
    std::ifstream in(dir_.file("state.json"));
    state_ = nlohmann::json::parse(in);
  }

  const nlohmann::json& player(const std::string& name) const {
    for (const auto& p : state_.at("players")) {
      if (p.at("name") == name) return p;
    }
    throw std::runtime_error("no player " + name);
  }
  const nlohmann::json& seat_books(int seat) const { return state_.at("detail").at("seats").at(seat); }
  bool logged(const std::string& text) const { return output_.find(text) != std::string::npos; }

  seneschal::test::TempDir dir_;
  std::string output_;
  nlohmann::json state_;
};

TEST_F(CutthroatWholeGameTest, TheScoresAreTheOnesWorkedOutByHand) {
  EXPECT_EQ(player("Ann").at("score"), 28);
  EXPECT_EQ(player("Ben").at("score"), 34);
  EXPECT_EQ(player("Cat").at("score"), 53);
  EXPECT_EQ(player("Dan").at("score"), 43);
  EXPECT_EQ(state_.at("winner").at("players"), nlohmann::json::array({"Cat"}));
  EXPECT_TRUE(logged("Cat: 53 VP (coins 12 x2, food 0, Bastard of House Slaine 4, gems 25 with 1 rainbow)"));
}

TEST_F(CutthroatWholeGameTest, TheStartingPlayerIsVotedAndTheClockRunsEightTurns) {
  EXPECT_TRUE(logged("Votes: Ben: 1; Cat: 3"));
  EXPECT_TRUE(logged("Cat is the starting player"));
  // Turn t is seat (s0 + t - 1) mod N: Cat, Dan, Ann, Ben, ...; Ben draws card 8, the Feast.
  EXPECT_TRUE(logged("Turn 8 - Ben (House Crone)"));
  EXPECT_TRUE(logged("Ben draws Royal Feast (event 8 of 8)"));
  EXPECT_EQ(state_.at("detail").at("events_drawn"), 8);
  EXPECT_EQ(state_.at("detail").at("feast_drawer"), 1);
}

TEST_F(CutthroatWholeGameTest, TheStraightCombatEndsAsTheTomeSays) {
  // A5.5: Slaine's dead pile 3, Dravanof's 4 (before Ann kills one more on turn 3), 3 mercenaries.
  EXPECT_TRUE(logged("Cat defends Nyghtwald with a blue soldier of Slaine: both cards are discarded"));
  EXPECT_TRUE(logged("Dan's red soldier of Dravanof kills a face-down mercenary on Nyghtwald"));
  EXPECT_TRUE(logged("Nyghtwald is empty: Cat's house token goes back; Dan may conquer it now"));
  EXPECT_EQ(seat_books(2).at("dead_pile"), 3);
  EXPECT_TRUE(logged("Dan pays 2 coins and takes 5 dead soldiers back to hand"));
  EXPECT_EQ(state_.at("detail").at("piles").at("mercenary_discard"), 3);
}

TEST_F(CutthroatWholeGameTest, BlackmailPassageAndDealsAreLogged) {
  EXPECT_TRUE(logged("Ann collects 1 gem from Marrow, paid by Ben (blackmail)"));
  EXPECT_TRUE(logged("Passage (a deal): Dan lets Ann through Nyghtwald this turn"));
  EXPECT_TRUE(logged("Ann and Ben make a formal deal (handshake): each collects 5 coins"));
  const auto& deals = state_.at("detail").at("deals");
  EXPECT_EQ(deals.size(), 4u);
}

TEST_F(CutthroatWholeGameTest, TheWeddingTimerRangAndThePoisonedHeirDissolvedTheMarriage) {
  EXPECT_TRUE(logged("Royal Wedding: 3:00 on the timer"));
  EXPECT_TRUE(logged("Ben and Cat marry"));
  EXPECT_TRUE(logged("Untasted poison in front of Cat: the Royal Heir of House Crone is poisoned"));
  EXPECT_TRUE(logged("The marriage of Ben and Cat is dissolved"));
  EXPECT_FALSE(seat_books(1).at("heir_alive").get<bool>());
  EXPECT_TRUE(seat_books(2).at("married_to").is_null());
}

TEST_F(CutthroatWholeGameTest, TakebacksiesIsAnUndoTheLogNames) {
  EXPECT_TRUE(logged("Takebacksies: Ann spends 3 coins on 6 mercenaries (purchases 3 of 3)"));
  EXPECT_TRUE(logged("Ann spends 2 coins on 4 mercenaries (purchases 2 of 3)"));
}

TEST_F(CutthroatWholeGameTest, AlmsOfLazarusIsSharedAsVoted) {
  EXPECT_TRUE(logged("Alms of Lazarus shares the 12 coins from the bank: Ann 0, Ben 6, Cat 6, Dan 0"));
}

}  // namespace
}  // namespace seneschal::firmware
