// Cutthroat Kingdoms' checks (GAMES.md A3) raised through a real Session and overridden: "The Card
// Abides" (CK:108), so a move a card could allow is offered in the prompt or the MENU, the device
// names the rules it breaks, and "Do it anyway" makes it and logs "Override: <reason>". The module
// README's audit table names one of these (or a CutthroatFlowsTest) for every check.

#include <gtest/gtest.h>

#include "CutthroatGame.hpp"

namespace seneschal::engine {
namespace {

using namespace ck_test;

class CutthroatChecksTest : public CutthroatGame {
 protected:
  // Ann conquers The Hanging Tongue (next to her Marrow) with one red soldier.
  void conquer_hanging_tongue() {
    choose("Conquer");
    choose("The Hanging Tongue");
    play(soldier("Brom", 3, "red"));
    ok();
  }
};

// ---------------------------------------------------------------- Resource

// CK-7: "Both" is offered without Opulence (a card may grant it, CK:904) and is the check.
TEST_F(CutthroatChecksTest, BothWithoutOpulenceIsOfferedAndACheckTheTableMayOverride) {
  set_up(three_seats());
  ASSERT_TRUE(prompt().has_option("Marrow: Both"));
  choose("Marrow: Both");
  override_check("Coins and gems from one territory only with Opulence");
  EXPECT_EQ(last_log(), "Ann collects 2 coins and 1 gem from Marrow, paid by the bank");
}

// CK-8: the 3 of a house with no territory (CK:350), taken with a territory, is offered and a check.
TEST_F(CutthroatChecksTest, TheNoTerritoryThreeWithATerritoryIsACheckTheTableMayOverride) {
  set_up();
  ASSERT_TRUE(prompt().has_option("Collect 3 (no territory)"));
  choose("Collect 3 (no territory)");
  override_check("Ann owns a territory: the 3 is for a house with none");
  EXPECT_EQ(last_log(), "Ann owns no territory and collects 3 coins, paid by the bank");
}

// CK-9: one blackmail card once per Resource phase (CK:519).
TEST_F(CutthroatChecksTest, ABlackmailCardShownTwiceIsACheckTheTableMayOverride) {
  set_up();
  scan("Bastard of House Slaine");
  choose("Marrow: Coins");
  scan("Bastard of House Slaine");
  override_check("Bastard of House Slaine has blackmailed once this Resource phase");
  EXPECT_EQ(last_log(), "Ann shows the Bastard of House Slaine: the next collection is paid by Ben");
}

// ---------------------------------------------------------------- Action

// CK-10: "Once you take one action, you must complete it before you take one of the other
// actions" (CK:360): back to purchasing after an attack.
TEST_F(CutthroatChecksTest, GoingBackToPurchasesIsACheckTheTableMayOverride) {
  ann_acts();
  choose("Buy mercenaries");
  set(1);
  attack("Stonehold");
  pass();  // Ann ceases the attack
  choose("Buy a hireling");
  set(2);
  override_check("Ann has finished purchasing this turn: one action is completed before another");
  EXPECT_EQ(last_log(), "Ann buys a hireling for 2 coins (purchases 2 of 3)");
}

// CK-10: "not during attacks" (CK:371): Collect the Dead stays in the MENU while Ann attacks.
TEST_F(CutthroatChecksTest, CollectingTheDeadDuringAnAttackIsInTheMenuAndACheck) {
  ann_acts();
  attack("Stonehold");
  play(soldier("Brom", 3, "yellow"));
  play(soldier("Crone", 3, "yellow"));  // Dan defends: Ann's card to her dead pile
  menu("Collect the dead: Ann");
  override_check("Ann is attacking: the dead are not collected during attacks");
  EXPECT_EQ(last_log(), "Ann pays 2 coins and takes 1 dead soldier back to hand");
  EXPECT_EQ(seat_books(kAnn)["dead_pile"], 0);
  EXPECT_EQ(prompt().text, "Ann attacks Stonehold: yellow on top - scan a card") << "the attack goes on";
}

// CK-11: a fourth purchase is offered at 3 of 3 and is the check, whatever is bought (CK:365).
TEST_F(CutthroatChecksTest, AFourthPurchaseIsACheckTheTableMayOverride) {
  ann_acts();
  choose("Buy mercenaries");
  set(3);
  ASSERT_TRUE(prompt().has_option("Buy a hireling"));
  ASSERT_TRUE(prompt().has_option("Buy mercenaries"));
  choose("Buy a hireling");
  set(2);
  override_check("Ann has made 3 of 3 purchases this turn");
  EXPECT_EQ(last_log(), "Ann buys a hireling for 2 coins (purchases 4 of 3)");
}

// CK-11, CK-12: one mercenary buy beyond both the limit and the deck names both rules, in the
// book's order (CK:365, 792), on one screen.
TEST_F(CutthroatChecksTest, MercenariesBeyondTheLimitAndTheDeckNameBothRules) {
  ann_acts();
  choose("Buy mercenaries");
  EXPECT_GE(prompt().number_max, 19);
  set(19);
  override_check("Ann has made 0 of 3 purchases this turn; the mercenary deck holds 36 cards");
  EXPECT_EQ(last_log(), "Ann spends 19 coins on 38 mercenaries (purchases 19 of 3)");
  EXPECT_EQ(detail()["piles"]["mercenary_deck"], 0);
}

// CK-13: Collect the Dead once per turn (CK:371), offered again after it was used.
TEST_F(CutthroatChecksTest, CollectingTheDeadTwiceIsACheckTheTableMayOverride) {
  ann_acts();
  attack("Stonehold");
  play(soldier("Brom", 3, "yellow"));
  play(soldier("Crone", 3, "yellow"));
  pass();  // Ann ceases the attack
  choose("Collect the dead");
  ASSERT_TRUE(prompt().has_option("Collect the dead"));
  choose("Collect the dead");
  override_check("Ann has collected the dead this turn");
  EXPECT_EQ(last_log(), "Ann pays 2 coins and takes 0 dead soldiers back to hand");
}

// CK-42 (and CK-13's "during their turn", CK:747): another seat collects its dead from the MENU.
TEST_F(CutthroatChecksTest, CollectingTheDeadOnAnotherSeatsTurnIsACheckTheTableMayOverride) {
  ann_acts();
  attack("Stonehold");
  play(soldier("Brom", 3, "yellow"));
  play(soldier("Crone", 3, "yellow"));  // Dan's card to his dead pile
  pass();
  menu("Collect the dead: Dan");
  override_check("Dan collects the dead on Ann's turn: only on one's own");
  EXPECT_EQ(last_log(), "Dan pays 2 coins and takes 1 dead soldier back to hand");
  EXPECT_EQ(seat_books(kDan)["dead_pile"], 0);
  EXPECT_TRUE(prompt().has_option("Collect the dead")) << "Ann's own collection is still hers";
}

// CK-14: conquering an occupied territory (CK:367, 412): the cards there stay on top.
TEST_F(CutthroatChecksTest, ConqueringAnOccupiedTerritoryIsACheckTheTableMayOverride) {
  ann_acts();
  choose("Conquer");
  choose("Stonehold");
  override_check("Stonehold is occupied: attack it to conquer it");
  EXPECT_EQ(last_log(), "Ann conquers Stonehold");
}

// CK-15: Scenario 3 (A5.4): Three Rivers is not accessible to Brom without Slaine's passage.
TEST_F(CutthroatChecksTest, AnInaccessibleTargetIsACheckTheTableMayOverride) {
  ann_acts();
  attack("Three Rivers");
  override_check("Three Rivers is not accessible: passage through Nyghtwald (Slaine)");
  EXPECT_EQ(last_log(), "Ann attacks Three Rivers (Cat's; top: a green soldier of Dravanof)");
}

// CK-16: attacking one's own territory (CK:467, 731).
TEST_F(CutthroatChecksTest, AttackingOnesOwnTerritoryIsACheckTheTableMayOverride) {
  ann_acts();
  choose("Attack");
  choose("Marrow");
  override_check("Marrow is Ann's own");
  EXPECT_EQ(last_log(), "Ann attacks Marrow (Ann's; top: a green soldier of Brom)");
}

// CK-17: married players may not attack each other (CK:553, 788).
TEST_F(CutthroatChecksTest, AttackingAMarriagePartnerIsACheckTheTableMayOverride) {
  set_up();
  wed("Ben", "Cat");
  to_actions();  // Ben's turn
  attack("Three Rivers");
  override_check("Ben and Cat are married: they may not attack each other's lands");
  EXPECT_EQ(last_log(), "Ben attacks Three Rivers (Cat's; top: a green soldier of Dravanof)");
}

// CK-15, CK-16: one target breaking several rules names them all, in the book's order (CK:383, 467).
TEST_F(CutthroatChecksTest, ATargetBreakingSeveralRulesNamesThemAllOnOneScreen) {
  ann_acts();
  choose("Attack");
  choose("Territory 6");  // unoccupied, and beyond Dan's Stonehold
  override_check(
      "Territory 6 is not accessible: passage through Stonehold (Crone); Territory 6 is unoccupied: conquer it, there "
      "is nothing to attack");
}

// CK-20: a defender who is neither the owner nor a partner (CK:399, 562).
TEST_F(CutthroatChecksTest, ADefenderWhoIsNeitherOwnerNorPartnerIsACheckTheTableMayOverride) {
  ann_acts();
  attack("Stonehold");
  play(soldier("Brom", 3, "yellow"));
  play(soldier("Slaine", 3, "yellow"));  // Ben is no partner of Dan's
  override_check("Ben may not defend Stonehold: only Dan or a marriage partner defends it");
  EXPECT_EQ(last_log(), "Ben defends Stonehold with a yellow soldier of Slaine: both cards are discarded");
}

// CK-20 overridden for a soldier of a house nobody plays (random play, seed 20 of 7..26 at 400
// steps, once threw naming seat -1): the defence is logged without a seat.
TEST_F(CutthroatChecksTest, ASoldierOfAHouseNobodyPlaysMayDefendOnceOverridden) {
  set_up(three_seats());
  to_actions();
  attack("Nyghtwald");
  play(soldier("Brom", 2, "blue"));
  play(soldier("Tyber", 1, "blue"));
  override_check("A house nobody plays may not defend Nyghtwald: only Ben or a marriage partner defends it");
  EXPECT_EQ(last_log(), "A house nobody plays defends Nyghtwald with a blue soldier of Tyber: both cards are discarded");
}

// CK-21: "soldiers cannot change hands" (CK:128).
TEST_F(CutthroatChecksTest, AnotherHousesSoldierIsACheckTheTableMayOverride) {
  ann_acts();
  choose("Conquer");
  choose("The Hanging Tongue");
  play(soldier("Crone", 3, "red"));
  override_check("Ann places a soldier of Crone: soldiers cannot change hands");
  EXPECT_EQ(last_log(), "Ann places a red soldier of Crone under The Hanging Tongue");
}

// CK-21, CK-18: an attacking card of another house and of the wrong colour names both rules on
// one screen (CK:128, 395).
TEST_F(CutthroatChecksTest, AnAttackingCardBreakingTwoRulesNamesBoth) {
  ann_acts();
  attack("Stonehold");
  play(soldier("Slaine", 3, "red"));
  override_check(
      "Ann attacks with a soldier of Slaine: soldiers cannot change hands; A red soldier does not match the yellow "
      "soldier on top of Stonehold");
  EXPECT_EQ(last_log(), "Ann attacks Stonehold with a red soldier of Slaine");
}

// CK-22: "they cannot be added or removed later" (CK:422): a card that allows it is entered from
// the MENU; the owner's cards go below the stack and nothing is conquered.
TEST_F(CutthroatChecksTest, AddingMilitaryUnderAHeldTerritoryIsACheckTheTableMayOverride) {
  ann_acts();
  menu("Add military under a territory");
  choose("Marrow");
  override_check("Military cards are placed only when a territory is conquered");
  play(soldier("Brom", 3, "blue"));
  ok();
  EXPECT_EQ(last_log(), "Ann adds 1 military card under Marrow (3 now)");
  EXPECT_EQ(detail()["territories"][3]["stack"][2]["colour"], "blue");
  EXPECT_EQ(detail()["territories"][3]["owner"], kAnn);
}

// CK-23: the collection from a conquered territory is offered as soon as it is conquered (the
// actions come in any order, CK:360, 416); a second one is the check ("one of them").
TEST_F(CutthroatChecksTest, ASecondConquestCollectionIsACheckTheTableMayOverride) {
  ann_acts();
  conquer_hanging_tongue();
  ASSERT_TRUE(prompt().has_option("The Hanging Tongue: Coins")) << "offered before the actions end";
  choose("The Hanging Tongue: Coins");
  EXPECT_EQ(last_log(), "Ann collects 2 coins from The Hanging Tongue, paid by the bank");
  choose("Buy a hireling");
  set(1);
  ASSERT_TRUE(prompt().has_option("The Hanging Tongue: Gems"));
  choose("The Hanging Tongue: Gems");
  override_check("Ann has collected from a conquered territory: one territory a turn");
  EXPECT_EQ(last_log(), "Ann collects 1 gem from The Hanging Tongue, paid by the bank");
  ok();  // the actions end: no second offer, the event is next
  EXPECT_EQ(detail()["step"], "event");
}

// ---------------------------------------------------------------- events and votes

// CK-27: Welcome to Aurum, one deal per seat (CK:572).
TEST_F(CutthroatChecksTest, ASecondWelcomeDealIsACheckTheTableMayOverride) {
  ann_draws();
  scan("Welcome to Aurum");
  choose("Ann and Ben");
  ASSERT_TRUE(prompt().has_option("Ann and Cat")) << "a seat that has dealt is offered again";
  choose("Ann and Cat");
  override_check("Ann has made a deal already");
  EXPECT_EQ(last_log(), "Ann and Cat make a formal deal (handshake): each collects 5 coins");
}

// CK-29: marrying a married seat (CK:553-555).
TEST_F(CutthroatChecksTest, MarryingAMarriedSeatIsACheckTheTableMayOverride) {
  ann_draws();
  scan("Royal Wedding");
  choose("Marry Ben and Cat");
  ASSERT_TRUE(prompt().has_option("Marry Ann and Ben")) << "a married seat is offered, with the check";
  choose("Marry Ann and Ben");
  override_check("Ann and Ben cannot marry: both must be unmarried with a living heir");
  EXPECT_EQ(seat_books(kAnn)["married_to"], kBen);
}

// CK-28: "all players have 3 minutes to openly woo" (CK:549). The alarm acknowledged takes the
// wooing's timer away; a marriage entered after it is the check.
TEST_F(CutthroatChecksTest, AMarriageAfterTheWooingIsACheckTheTableMayOverride) {
  ann_draws();
  scan("Royal Wedding");
  choose("Marry Ben and Cat");  // while the timer runs
  EXPECT_EQ(warning(), "");
  wait(3 * 60);
  must(TimerCommand{TimerCommand::Action::Acknowledge, "Royal Wedding", 0});
  ASSERT_EQ(timer("Royal Wedding"), nullptr);
  ASSERT_TRUE(prompt().has_option("Marry Ann and Dan"));
  choose("Marry Ann and Dan");
  override_check("The wooing's 3 minutes are over");
  EXPECT_EQ(seat_books(kAnn)["married_to"], kDan);
  EXPECT_EQ(seat_books(kDan)["married_to"], kAnn);
}

// CK-28 and CK-29 on one screen, in the book's order (CK:549, 553).
TEST_F(CutthroatChecksTest, AMarriageAfterTheWooingToAMarriedSeatNamesBothRules) {
  ann_draws();
  scan("Royal Wedding");
  choose("Marry Ben and Cat");
  must(TimerCommand{TimerCommand::Action::Cancel, "Royal Wedding", 0});  // the table ends the wooing
  choose("Marry Ann and Ben");
  override_check("The wooing's 3 minutes are over; Ann and Ben cannot marry: both must be unmarried with a living heir");
  EXPECT_EQ(seat_books(kAnn)["married_to"], kBen);
}

// CK-30: "A marriage cannot be ended unless one or both royal heirs have been killed" (CK:568): a
// card that ends one is entered from the MENU.
TEST_F(CutthroatChecksTest, EndingAMarriageWithBothHeirsAliveIsACheckTheTableMayOverride) {
  set_up();
  wed("Ben", "Cat");
  menu("End the marriage: Ben and Cat");
  override_check("A marriage cannot be ended unless a royal heir has been killed");
  EXPECT_EQ(last_log(), "The marriage of Ben and Cat is dissolved (ended by the table): the heirs go back to their houses");
  EXPECT_EQ(seat_books(kBen)["married_to"], nullptr);
}

// CK-33: an Alms of Lazarus proposal shares exactly 12 (CK:576).
TEST_F(CutthroatChecksTest, AnAlmsProposalNotOfTwelveIsACheckTheTableMayOverride) {
  ann_draws();
  scan("Alms of Lazarus");
  choose("Add a proposal");
  for (int coins : {3, 3, 3}) set(coins);
  set(2);
  override_check("a proposal shares exactly 12 coins: Ann 3, Ben 3, Cat 3, Dan 2");
  EXPECT_EQ(last_log(), "Proposal 1: Ann 3, Ben 3, Cat 3, Dan 2");
}

// CK-34: "Once cast, votes cannot be changed" (CK:838): casting again is in the MENU, a check.
TEST_F(CutthroatChecksTest, CastingAVoteAgainIsACheckTheTableMayOverride) {
  to_starter_vote(three_seats(), 3);
  choose("Propose Ann");
  choose("Propose Ben");
  ok();
  choose("Ann");  // Ann votes for herself
  menu("Change the vote: Ann");
  override_check("Ann has voted: once cast, votes cannot be changed");
  EXPECT_EQ(last_log(), "Ann takes back their vote, to cast it again");
  EXPECT_EQ(prompt().seat, kAnn);
  choose("Ben");
  choose("Ben");
  choose("Ben");
  EXPECT_EQ(last_log(), "Ben is the starting player; starting territories go clockwise from Ben");
}

// CK-34 and takebacksies (CK:110-114, 838): UNDO of a cast vote is the check; "Do it anyway" takes
// it back and the seat votes again. UNDO of a move that cast no vote is takebacksies as ever.
TEST_F(CutthroatChecksTest, TakebacksiesOfACastVoteIsACheckTheTableMayOverride) {
  to_starter_vote(three_seats(), 3);
  choose("Propose Ann");
  choose("Propose Ben");
  undo();  // a proposal: no check
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Takebacksies: Proposal: Ben starts");
  choose("Propose Ben");
  ok();
  choose("Ben");  // Ann's vote
  undo();
  override_check("Once cast, votes cannot be changed (CK:838)");
  EXPECT_TRUE(logged("Takebacksies: Ann: Ben")) << last_log();
  EXPECT_EQ(prompt().seat, kAnn) << "Ann votes again";
  choose("Ann");
  choose("Ann");
  choose("Ann");
  EXPECT_EQ(last_log(), "Ann is the starting player; starting territories go clockwise from Ann");
}

// CK-34: the last vote tallies and closes the poll; taking it back is the check all the same.
TEST_F(CutthroatChecksTest, TakebacksiesOfTheLastVoteIsACheckToo) {
  to_starter_vote(three_seats(), 3);
  vote_starter("Ben");
  undo();
  EXPECT_EQ(warning(), "Once cast, votes cannot be changed (CK:838)");
  pass();  // the vote stands
  EXPECT_EQ(detail()["events"]["starting_seat"], kBen);
}

// ---------------------------------------------------------------- lords and ladies

// CK-35: a twice-per-game ability a third time (CK:172).
TEST_F(CutthroatChecksTest, ATwicePerGameAbilityAThirdTimeIsACheckTheTableMayOverride) {
  ann_acts();
  for (int copy = 1; copy <= 2; ++copy) {
    scan("Assassin", copy);
    menu("Venom (Ben, " + std::to_string(3 - copy) + " left)");
  }
  scan("Assassin", 3);
  menu("Venom (Ben, 0 left)");
  override_check("Ben has used Venom twice");
  EXPECT_TRUE(logged("Ben uses Venom: the Assassin is killed as it is played, its effect cancelled"));
}

// CK-36: Knowledge once per turn (CK:890).
TEST_F(CutthroatChecksTest, KnowledgeTwiceInATurnIsACheckTheTableMayOverride) {
  set_up(four_seats(), "Dan");
  menu("Knowledge (Dan)");
  menu("Knowledge (Dan)");
  override_check("Knowledge has been used this turn");
  EXPECT_EQ(last_log(), "Dan uses Knowledge");
}

// CK-37: Life on another seat's turn (own turn only, CK:920).
TEST_F(CutthroatChecksTest, LifeOnAnotherSeatsTurnIsACheckTheTableMayOverride) {
  set_up();
  menu("Life (Cat, 2 left)");
  override_check("Life is used on Cat's own turn");
  EXPECT_EQ(last_log(), "Cat uses Life");
  EXPECT_EQ(seat_books(kCat)["uses_left"]["Life"], 1);
}

// CK-39: Fury without having emptied a territory (CK:884).
TEST_F(CutthroatChecksTest, FuryWithoutEmptyingATerritoryIsACheckTheTableMayOverride) {
  ann_acts();
  menu("Fury (Ann, 2 left)");
  choose("Stonehold");
  override_check(
      "Fury follows killing the last military card on a territory; Fury aims at a territory next to the one just emptied");
  EXPECT_EQ(last_log(), "Fury kills a yellow soldier of Crone and a blue soldier of Crone on Stonehold; Dan's house token goes back");
}

// CK-38: Taxes from "any 1 player that is neighboring any of your territories" (CK:900). In the
// three-seat row Three Rivers (Cat) - Nyghtwald (Ben) - The Hanging Tongue - Marrow (Ann), Ann is
// no neighbour of Cat's.
TEST_F(CutthroatChecksTest, TaxesFromASeatThatIsNoNeighbourIsACheckTheTableMayOverride) {
  set_up(three_seats());
  quiet_turn();
  quiet_turn();  // Cat's turn
  menu("Taxes (Cat)");
  ASSERT_TRUE(prompt().has_option("Ann"));
  choose("Ann");
  override_check("Ann holds no territory next to Cat's: Taxes come from a neighbour");
  EXPECT_EQ(last_log(), "Taxes: Ann gives Cat 3 coins");
}

// CK-40: Venom kills a hireling "as it is played" (CK:914): with none just played, the check.
TEST_F(CutthroatChecksTest, VenomWithNoHirelingJustPlayedIsACheckTheTableMayOverride) {
  ann_acts();
  scan("Sneak");
  choose("Buy a hireling");  // another move: the Sneak is no longer being played
  menu("Venom (Ben, 2 left)");
  override_check("Venom kills a hireling as it is played: no hireling was just played");
  EXPECT_TRUE(logged("Ben uses Venom: a hireling is killed as it is played, its effect cancelled"));
  EXPECT_EQ(seat_books(kBen)["uses_left"]["Venom"], 1);
}

// CK-41: a hireling marked "This card may be played by the current player only" (CK:287), played
// from another seat's hand. The data cannot know the mark, so the table tells it from the card.
TEST_F(CutthroatChecksTest, ACurrentPlayerOnlyHirelingOnAnotherSeatsTurnIsACheckTheTableMayOverride) {
  ann_acts();
  menu("Play a hireling: Ben");
  scan("Sneak");
  choose("Mark: current player only");
  override_check("The Sneak is played by the current player only, and it is Ann's turn");
  EXPECT_EQ(last_log(), "Ben plays the Sneak (current player only): its effect at the table");
  EXPECT_EQ(detail()["piles"]["hireling_discard"], 1);
}

// ---------------------------------------------------------------- the Feast and the timer

// CK-44: a bastard discarded to taste (CK:606) and CK-47: another house's bastard sacrificed for
// a poisoned heir (CK:620-622), both through the Feast's prompts.
TEST_F(CutthroatChecksTest, TheFeastsTastingAndSacrificeChecksTheTableMayOverride) {
  to_third_of_three_events();
  scan("Royal Feast");
  ok();                                        // prepared, and every seat has served
  scan("Bastard of House Slaine");
  override_check("Bastard of House Slaine is no hireling: only hirelings are discarded to taste (CK:606)");
  choose("Ann");                              // whose cards it tastes
  must(PresentCard{"POISON-FEAST-CARD", 2});  // revealed: discarded without effect
  EXPECT_EQ(last_log(), "Tasted in front of Ann: poison, discarded without effect");
  ok();  // the tasting is over
  must(PresentCard{"POISON-FEAST-CARD", 1});  // Cat's main course: untasted poison
  for (int seat = 0; seat < 3; ++seat) ok();
  scan("Bastard of House Brom");
  override_check(
      "The Bastard of House Brom cannot save the Royal Heir of House Cawdwell: only a bastard of House Cawdwell may be "
      "sacrificed for it");
  EXPECT_EQ(seat_books(kCat)["heir_alive"], true);
}

// CK-48: "set a timer for 2-5 minutes" (CK:531).
TEST_F(CutthroatChecksTest, ANegotiationTimerOfSixMinutesIsACheckTheTableMayOverride) {
  set_up();
  menu("Negotiation timer");
  set(6);
  override_check("a negotiation lasts 2 to 5 minutes, not 6");
  EXPECT_EQ(last_log(), "Negotiation: 6:00 on the timer");
}

}  // namespace
}  // namespace seneschal::engine
