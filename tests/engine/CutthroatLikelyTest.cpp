// Cutthroat Kingdoms asks only what it cannot know ([3/8], engine/rules/cutthroat/README.md "The
// likely answer first"): the option a prompt starts on, the number it starts at, the questions
// no longer asked and the phases that move on by themselves, through a real Session.

#include <gtest/gtest.h>

#include "CutthroatGame.hpp"
#include "cutthroat/ck_flows.hpp"
#include "seneschal/engine/card_overlay.hpp"

namespace seneschal::engine {
namespace {

using namespace ck_test;
namespace ck = cutthroat;

class CutthroatLikelyTest : public CutthroatGame {
 protected:
  const ck::Data& data() const { return static_cast<const ck::Data&>(*state().data.get()); }
  const ck::SeatBooks& books_of(int s) const { return data().books.seats.at(static_cast<std::size_t>(s)); }
  int index_of(const std::string& label) const {
    const std::vector<std::string> labels = prompt().labels();
    for (std::size_t i = 0; i < labels.size(); ++i) {
      if (labels[i] == label) return static_cast<int>(i);
    }
    return -1;
  }
  // Ann's turn 1 (she collects `collection`), then the three quiet turns to her turn 5.
  void to_anns_second_turn(const std::string& collection) {
    set_up();
    choose(collection);
    ok();  // the Resource phase
    ok();  // no action
    choose("Untagged event, resolved");
    for (int turn = 2; turn <= 4; ++turn) quiet_turn();
    ASSERT_EQ(state().to_act, kAnn);
  }
};

// ---------------------------------------------------------------- the Resource phase

TEST_F(CutthroatLikelyTest, TheResourcePromptStartsOnTheCollectionTakenThereLastTime) {
  to_anns_second_turn("Marrow: Gems");
  EXPECT_EQ(prompt().likely, index_of("Marrow: Gems"));
  // OK takes the highlighted collection; PASS ends the phase early (a check).
  EXPECT_TRUE(prompt().ok.empty());
  EXPECT_FALSE(prompt().pass.empty());
  pass();
  cancel_check("Ann has not collected from Marrow");
}

TEST_F(CutthroatLikelyTest, TerritoriesCollectedBeforeAreTakenAsLastTimeInOneChoice) {
  set_up();
  choose("Marrow: Gems");
  ok();
  choose("Conquer");
  choose("The Hanging Tongue");
  play(soldier("Brom", 3, "red"));
  ok();  // placed
  ok();  // the actions end: the conquered territory's collection
  choose("The Hanging Tongue: Coins");
  choose("Untagged event, resolved");
  for (int turn = 2; turn <= 4; ++turn) quiet_turn();
  ASSERT_EQ(state().to_act, kAnn);
  EXPECT_EQ(prompt().likely, index_of("Every territory as last time"));
  const std::size_t before = state().log.size();
  choose("Every territory as last time");
  ASSERT_EQ(state().log.size(), before + 2);
  EXPECT_EQ(state().log[before].text, "Ann collects 2 coins from The Hanging Tongue, paid by the bank");
  EXPECT_EQ(state().log[before + 1].text, "Ann collects 1 gem from Marrow, paid by the bank");
  EXPECT_TRUE(prompt().idle);
}

TEST_F(CutthroatLikelyTest, OneTerritoryStartsOnItsLastCollectionWithoutTheAllOption) {
  set_up();
  EXPECT_FALSE(prompt().has_option("Every territory as last time")) << "one territory: its own options say it";
  EXPECT_EQ(prompt().likely, index_of("Marrow: Coins")) << "the first collection at setup took coins";
}

TEST_F(CutthroatLikelyTest, AResourcePhaseWithEveryTerritoryCollectedIsIdle) {
  set_up();
  EXPECT_FALSE(prompt().idle) << "Marrow is still to collect";
  choose("Marrow: Coins");
  EXPECT_TRUE(prompt().idle);
  EXPECT_FALSE(prompt().ok.empty());
  ok();
  EXPECT_EQ(state().phase, "Action");
}

TEST_F(CutthroatLikelyTest, TheOkOfAHouseWithNoTerritoryCollectsItsThreeUnasked) {
  set_up();
  menu("Death (Cat, 2 left)");  // Ann's Marrow is emptied
  choose("Marrow");
  EXPECT_TRUE(prompt().idle) << "collecting 3 is no choice (CK:350)";
  ok();
  EXPECT_TRUE(logged("Ann owns no territory and collects 3 coins, paid by the bank"));
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(state().phase, "Action");
}

TEST_F(CutthroatLikelyTest, TheConquestCollectionStartsOnTheLastAnswerThere) {
  to_anns_second_turn("Marrow: Gems");
  choose("Marrow: Gems");
  ok();
  menu("Death (Cat, 2 left)");  // Ann's Marrow is emptied ...
  choose("Marrow");
  choose("Conquer");  // ... and conquered again
  choose("Marrow");
  play(soldier("Brom", 3, "red"));
  ok();
  ok();  // the actions end: the one collection from Marrow follows
  EXPECT_EQ(prompt().likely, index_of("Marrow: Gems"));
}

// ---------------------------------------------------------------- setup

TEST_F(CutthroatLikelyTest, AStartingTerritoryChosenByButtonStartsOnTheFirstUntaggedOne) {
  to_starter_vote(four_seats(), 8);
  vote_starter("Ann");
  // A tagged territory is scanned: the buttons are for the one without a tag.
  EXPECT_EQ(prompt().likely, index_of("Territory 6"));
}

TEST_F(CutthroatLikelyTest, ASoldiersColourIsKeptAsTheCardsOwnValueForLaterGames) {
  set_up();
  // Told as the card's value of that copy: the table's answers keep it (a copy's own would stay
  // with this game).
  EXPECT_EQ(state().told.word(Subject{"SOLDIER-OF-HOUSE-BROM", 0, {}}, "copy_1_colour"), "green");
  EXPECT_EQ(state().told.word(Subject{"SOLDIER-OF-HOUSE-BROM", 0, {}}, "copy_2_colour"), "red");
  EXPECT_FALSE(state().told.word(Subject{"SOLDIER-OF-HOUSE-BROM", 0, {}}, "colour")) << "no colour for every copy";
}

TEST_F(CutthroatLikelyTest, AColourKeptFromAnEarlierGameIsNotAskedAgain) {
  CardOverlay answers;
  const auto shipped = test::shipped_cards("cutthroat");
  ASSERT_TRUE(answers.record_word(*shipped, "SOLDIER-OF-HOUSE-BROM", "copy_1_colour", "blue").has_value());
  std::vector<std::string> ignored;
  use_cards(std::make_shared<const CardDatabase>(answers.apply(*shipped, ignored)));
  set_up();
  // The test would tell green for copy 1 (CutthroatGame's plan), but the kept blue is not asked.
  EXPECT_EQ(data().books.territories[3].stack.front().colour, ck::Colour::Blue);
}

// ---------------------------------------------------------------- events

TEST_F(CutthroatLikelyTest, AnAlmsProposalStartsEachSeatOnAnEvenShareOfWhatIsLeft) {
  ann_draws();
  scan("Alms of Lazarus");
  choose("Add a proposal");
  EXPECT_EQ(prompt().number_start, 3);  // 12 / 4
  set(0);
  EXPECT_EQ(prompt().number_start, 4);  // 12 / 3
  set(6);
  EXPECT_EQ(prompt().number_start, 3);  // 6 / 2
  set(5);
  EXPECT_EQ(prompt().number_start, 1) << "the last seat starts on what makes 12";
}

TEST_F(CutthroatLikelyTest, TheNegotiationTimerStartsOnTheMinutesSetLast) {
  ann_draws();
  scan("Welcome to Aurum");
  choose("Negotiation timer");
  EXPECT_EQ(prompt().number_start, 3);
  set(4);
  choose("Negotiation timer");
  EXPECT_EQ(prompt().number_start, 4);
}

TEST_F(CutthroatLikelyTest, WelcomeToAurumOffersTheUndealtFirstAndEndsByItselfOnceAllHaveDealt) {
  ann_draws();
  scan("Welcome to Aurum");
  EXPECT_TRUE(prompt().ok.empty()) << "OK takes the highlighted seat";
  EXPECT_FALSE(prompt().idle);
  choose("Ann");
  choose("Ben");
  choose("Cat");
  EXPECT_EQ(prompt().labels().front(), "Dan") << "the partner without a deal first";
  choose("Dan");
  EXPECT_TRUE(prompt().idle);
  EXPECT_FALSE(prompt().ok.empty());
}

TEST_F(CutthroatLikelyTest, PassEndsWelcomeToAurumBeforeEverySeatHasDealt) {
  ann_draws();
  scan("Welcome to Aurum");
  pass();
  EXPECT_TRUE(logged("Welcome to Aurum is over"));
}

// ---------------------------------------------------------------- the purse the books saw

TEST_F(CutthroatLikelyTest, ThePurseTheBooksSawFollowsCollectionsDealsAndPurchases) {
  set_up();
  EXPECT_EQ(books_of(kAnn).coins_seen, kCoinIncome);  // the first collection
  choose("Marrow: Gems");
  EXPECT_EQ(books_of(kAnn).gems_seen, kGemIncome);
  ok();
  choose("Buy mercenaries");
  set(1);
  EXPECT_EQ(books_of(kAnn).coins_seen, kCoinIncome - 1);
  ok();
  scan("Welcome to Aurum");
  choose("Ann");
  choose("Ben");
  EXPECT_EQ(books_of(kAnn).coins_seen, kCoinIncome - 1 + 5);
  EXPECT_EQ(books_of(kBen).coins_seen, kCoinIncome + 5);
  EXPECT_EQ(books_of(kCat).coins_seen, kCoinIncome);
}

}  // namespace
}  // namespace seneschal::engine
