// Cutthroat Kingdoms with fewer presses (issue 42, engine/rules/cutthroat/README.md "The likely
// answer first"): the card laid that is the move, the step a later choice makes for the table, the
// ready-made proposal and the vote that starts on the seat's own good, through a real Session.

#include <gtest/gtest.h>

#include "CutthroatGame.hpp"
#include "cutthroat/ck_flows.hpp"

namespace seneschal::engine {
namespace {

using namespace ck_test;
namespace ck = cutthroat;

class CutthroatFewerPressesTest : public CutthroatGame {
 protected:
  const ck::Data& data() const { return static_cast<const ck::Data&>(*state().data.get()); }
  int index_of(const std::string& label) const {
    const std::vector<std::string> labels = prompt().labels();
    for (std::size_t i = 0; i < labels.size(); ++i) {
      if (labels[i] == label) return static_cast<int>(i);
    }
    return -1;
  }
  // Alms of Lazarus drawn on Ann's turn 1: the proposals are open.
  void to_alms() {
    ann_draws();
    scan("Alms of Lazarus");
  }
};

// ---------------------------------------------------------------- the collection ends the placing

TEST_F(CutthroatFewerPressesTest, TheFirstCollectionChosenUnderTheCardsSaysTheyAreDown) {
  to_starter_vote(four_seats(), 8);
  vote_starter("Ann");
  scan("Marrow");
  EXPECT_EQ(index_of("Coins"), -1) << "no card placed: nothing to collect from yet";
  play(soldier("Brom", 1, "green"));
  play(soldier("Brom", 2, "red"));
  EXPECT_EQ(prompt().likely, index_of("Coins"));
  EXPECT_NE(index_of("Gems"), -1);
  choose("Gems");
  EXPECT_TRUE(logged("Ann starts in Marrow with 2 military cards (top: a green soldier of Brom)"));
  EXPECT_TRUE(logged("Ann collects 1 gem from Marrow, paid by the bank"));
  EXPECT_EQ(prompt().seat, kBen) << prompt().text;  // Ben places next
}

TEST_F(CutthroatFewerPressesTest, TheConquestsCollectionChosenUnderTheCardsEndsTheConquest) {
  ann_acts();
  choose("Conquer");
  choose("The Hanging Tongue");
  play(soldier("Brom", 3, "blue"));
  EXPECT_EQ(prompt().likely, index_of("The Hanging Tongue: Coins"));
  choose("The Hanging Tongue: Coins");
  EXPECT_TRUE(logged("Ann conquers The Hanging Tongue with 1 military card (top: a blue soldier of Brom)"));
  EXPECT_TRUE(logged("Ann collects 2 coins from The Hanging Tongue, paid by the bank"));
  EXPECT_EQ(data().step, ck::Step::Action);
  EXPECT_FALSE(data().placing);
  ok();  // the actions end: the collection is taken, none is asked after
  EXPECT_EQ(data().step, ck::Step::Event);
}

TEST_F(CutthroatFewerPressesTest, OnceACollectionIsTakenTheNextConquestsCardsOfferNone) {
  ann_acts();
  choose("Conquer");
  choose("The Hanging Tongue");
  play(soldier("Brom", 3, "blue"));
  choose("The Hanging Tongue: Coins");
  choose("Conquer");
  choose("Territory 6");
  override_check("Territory 6 is not accessible: passage through Stonehold (Crone)");
  play(soldier("Brom", 4, "red"));
  EXPECT_EQ(index_of("Territory 6: Coins"), -1) << "one collection a turn (CK:416): OK only conquers";
  EXPECT_EQ(prompt().likely, -1);
}

// ---------------------------------------------------------------- the event drawn ends the actions

TEST_F(CutthroatFewerPressesTest, TheEventDrawnEndsTheActions) {
  ann_acts();
  scan("Welcome to Aurum");
  EXPECT_EQ(data().step, ck::Step::Welcome);
  EXPECT_TRUE(logged("Ann draws Welcome to Aurum (event 1 of 8)"));
}

TEST_F(CutthroatFewerPressesTest, AnEventDrawnBeforeTheConquestsCollectionIsRefused) {
  ann_acts();
  choose("Conquer");
  choose("The Hanging Tongue");
  play(soldier("Brom", 3, "blue"));
  ok();  // conquered, no collection yet
  EXPECT_NE(refusal(PresentCard{"WELCOME-TO-AURUM", 1, {}}).find("first collect from a territory conquered"),
            std::string::npos);
  EXPECT_EQ(data().step, ck::Step::Action);
}

// ---------------------------------------------------------------- the attacker's next card

TEST_F(CutthroatFewerPressesTest, TheAttackersNextSoldierLaidIsTheUndefendedPass) {
  ann_acts();
  attack("Nyghtwald");
  play(soldier("Brom", 3, "blue"));
  play(soldier("Brom", 4, "red"));  // Ben did not defend: his blue soldier dies
  EXPECT_TRUE(logged("Ann's blue soldier of Brom kills a blue soldier of Slaine on Nyghtwald"));
  EXPECT_EQ(last_log(), "Ann attacks Nyghtwald with a red soldier of Brom");
  EXPECT_EQ(prompt().seat, kBen) << "the red card waits for Ben's answer";
  play(soldier("Brom", 5, "yellow"));  // the face-down mercenary dies
  play(soldier("Brom", 6, "green"));   // the yellow soldier dies: Nyghtwald is empty, the card goes under
  EXPECT_TRUE(logged("Nyghtwald is empty: Ben's house token goes back; Ann may conquer it now"));
  EXPECT_EQ(last_log(), "Ann places a green soldier of Brom under Nyghtwald");
  ASSERT_TRUE(data().placing);
}

TEST_F(CutthroatFewerPressesTest, AMercenaryLaidWhileTheOwnerIsAskedIsTheDefence) {
  ann_acts();
  attack("Nyghtwald");
  play(soldier("Brom", 3, "blue"));
  play(mercenary(2, "blue"));  // anyone's card: taken as Ben's defence, as asked
  EXPECT_TRUE(logged("Ben defends Nyghtwald with a blue mercenary: both cards are discarded"));
}

// ---------------------------------------------------------------- Alms of Lazarus

TEST_F(CutthroatFewerPressesTest, TheEvenShareIsOfferedReadyMadeUntilProposed) {
  to_alms();
  EXPECT_EQ(prompt().labels().front(), "Even share: Ann 3, Ben 3, Cat 3, Dan 3");
  choose("Even share: Ann 3, Ben 3, Cat 3, Dan 3");
  EXPECT_EQ(last_log(), "Proposal 1: Ann 3, Ben 3, Cat 3, Dan 3");
  EXPECT_EQ(index_of("Even share: Ann 3, Ben 3, Cat 3, Dan 3"), -1);
  EXPECT_EQ(prompt().likely, index_of("Add a proposal")) << "one proposal alone is no choice yet";
}

TEST_F(CutthroatFewerPressesTest, ChosenSeatsShareTheTwelveEvenly) {
  to_alms();
  choose("Add a proposal");
  EXPECT_EQ(prompt().likely, index_of("Ann"));
  choose("Ben");
  EXPECT_EQ(prompt().likely, index_of("Cat")) << "the highlight goes on down the seats";
  choose("Ann");
  choose("Ann");  // chosen again: taken back
  choose("Cat");
  choose("Dan");
  EXPECT_EQ(prompt().likely, -1) << "two or more chosen: OK shares";
  ok();
  EXPECT_EQ(last_log(), "Proposal 1: Ann 0, Ben 4, Cat 4, Dan 4");
}

TEST_F(CutthroatFewerPressesTest, TypedCoinsStillMakeAProposalSeatBySeat) {
  to_alms();
  choose("Add a proposal");
  set(0);
  set(6);
  set(6);
  set(0);
  EXPECT_EQ(last_log(), "Proposal 1: Ann 0, Ben 6, Cat 6, Dan 0");
}

TEST_F(CutthroatFewerPressesTest, EachVoteStartsOnTheProposalGivingTheSeatTheMost) {
  to_alms();
  choose("Even share: Ann 3, Ben 3, Cat 3, Dan 3");
  choose("Add a proposal");
  choose("Ben");
  choose("Cat");
  ok();
  ok();                // vote
  choose("Ann");       // the least
  ok();                // the poll opens from Ann, whose turn it is
  EXPECT_EQ(prompt().seat, kAnn);
  EXPECT_EQ(prompt().likely, index_of("Ann 3, Ben 3, Cat 3, Dan 3"));
  choose("Ann 3, Ben 3, Cat 3, Dan 3");
  EXPECT_EQ(prompt().seat, kBen);
  EXPECT_EQ(prompt().likely, index_of("Ann 0, Ben 6, Cat 6, Dan 0"));
}

TEST_F(CutthroatFewerPressesTest, AStarterVoteStartsOnTheSeatsOwnProposalElseTheLeader) {
  to_starter_vote(four_seats(), 8);
  choose("Propose Ben");
  choose("Propose Cat");
  ok();
  EXPECT_EQ(prompt().seat, kAnn);
  EXPECT_EQ(prompt().likely, index_of("Ben")) << "no proposal of Ann's, none leading: the first";
  choose("Cat");
  EXPECT_EQ(prompt().likely, index_of("Ben")) << "Ben's own";
  choose("Ben");
  EXPECT_EQ(prompt().likely, index_of("Cat")) << "Cat's own";
  choose("Cat");
  EXPECT_EQ(prompt().likely, index_of("Cat")) << "Dan has none: Cat leads 2 to 1";
}

// ---------------------------------------------------------------- Welcome to Aurum's sand timer

TEST_F(CutthroatFewerPressesTest, TheNegotiationTimerComesFirstAndGoesWithTheDealing) {
  ann_draws();
  scan("Welcome to Aurum");
  EXPECT_EQ(prompt().labels().front(), "Negotiation timer");
  choose("Negotiation timer");
  set(3);
  ASSERT_NE(timer("Negotiation"), nullptr);
  EXPECT_EQ(prompt().labels().back(), "Negotiation timer") << "running: the seats first";
  choose("Ann");
  choose("Ben");
  choose("Cat");
  choose("Dan");
  ok();  // every seat has dealt: the event ends
  EXPECT_EQ(timer("Negotiation"), nullptr);
  EXPECT_TRUE(logged("Negotiation cancelled"));
}

TEST_F(CutthroatFewerPressesTest, ADealIsBothSeatsInOneChoiceTheSeatsWithoutADealFirst) {
  ann_draws();
  scan("Welcome to Aurum");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Negotiation timer", "Ann and Ben", "Ann and Cat", "Ann and Dan",
                                                         "Ben and Cat", "Ben and Dan", "Cat and Dan"}));
  choose("Ann and Ben");
  EXPECT_EQ(last_log(), "Ann and Ben make a formal deal (handshake): each collects 5 coins");
  // Cat and Dan have no deal: together first; then a left-out seat with one that has, named first.
  EXPECT_EQ(prompt().labels(),
            (std::vector<std::string>{"Cat and Dan", "Cat and Ann", "Cat and Ben", "Dan and Ann", "Dan and Ben", "Ann and Cat",
                                      "Ann and Dan", "Ben and Cat", "Ben and Dan", "Ann and Ben", "Negotiation timer"}));
  choose("Cat and Ann");
  EXPECT_EQ(last_log(), "Cat and Ann make a formal deal (handshake): Cat collects 5 coins (left out)");
  choose("Ann and Ben");
  EXPECT_EQ(warning(), "Ann has made a deal already");  // CK-27, a check the table may override
}

}  // namespace
}  // namespace seneschal::engine
