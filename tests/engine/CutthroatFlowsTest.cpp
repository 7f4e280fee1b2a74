// Cutthroat Kingdoms' setup and turn flows (GAMES.md A2, the checks of A3, A5.4), played through a
// real Session on the shipped card data: what each move refuses, the checks it raises ("Do it
// anyway"), and the books' numbers in the state export.

#include <gtest/gtest.h>

#include "CutthroatGame.hpp"

namespace seneschal::engine {
namespace {

using namespace ck_test;

class CutthroatFlowsTest : public CutthroatGame {};

// ---------------------------------------------------------------- setup

// CK-1: 3 to 6 seats (A7.1): the session refuses other counts before any move.
TEST_F(CutthroatFlowsTest, TwoOrSevenSeatsAreRefusedBySession) {
  EXPECT_EQ(refusal(StartGame{"cutthroat", {"Ann", "Ben"}}), "cutthroat is played by 3 to 6 seats, not 2");
  EXPECT_EQ(refusal(StartGame{"cutthroat", {"A", "B", "C", "D", "E", "F", "G"}}), "cutthroat is played by 3 to 6 seats, not 7");
  start(three_seats());
  EXPECT_EQ(last_log(), "Cutthroat Kingdoms for 3: 5 territories; each seat names its house");
}

// CK-2: one house per seat, all different (CK:149): a house taken is refused, scanned or chosen.
TEST_F(CutthroatFlowsTest, ATakenHouseIsRefused) {
  start(three_seats());
  scan("Lord Brom");
  EXPECT_EQ(last_log(), "Ann is House Brom (Might: 8 army cards, 2 of each type)");
  EXPECT_EQ(refusal(PresentCard{"LORD-BROM", 1}), "House Brom is taken: every seat plays a different house");
  EXPECT_EQ(refusal(Choose{"House Brom"}), "House Brom is taken: every seat plays a different house");
  EXPECT_FALSE(prompt().has_option("House Brom"));
  EXPECT_EQ(prompt().seat, kBen) << "Ben still names his house";
  choose("House Crone");
  EXPECT_EQ(seat_books(kBen)["house"], "Crone");
}

// CK-3: "Draw two, plus one for each player" (CK:219): the fifth slot of three seats is the last,
// and the starter vote opens on it.
TEST_F(CutthroatFlowsTest, TheKingdomTakesTwoPlusNTerritoriesThenTheVoteOpens) {
  start(three_seats());
  name_houses();
  set(3);
  for (int slot = 0; slot < 4; ++slot) scan(kKingdom[static_cast<std::size_t>(slot)]);
  EXPECT_EQ(refusal(PresentCard{"MARROW", 1}), "Marrow is in a slot already");
  EXPECT_EQ(detail()["step"], "kingdom");
  scan("Stonehold");
  EXPECT_TRUE(logged("Slot 5: Stonehold"));
  EXPECT_EQ(last_log(), "Vote: who is the starting player? (a Negotiation timer is offered)");
  EXPECT_EQ(detail()["step"], "start_vote");
  EXPECT_TRUE(prompt().has_option("Propose Ann"));
  EXPECT_EQ(detail()["territories"].size(), 5u);
  EXPECT_EQ(detail()["links"].size(), 4u);  // a row (A7.5)
  EXPECT_EQ(refusal(Choose{"Untagged territory"}), "make proposals, then OK to vote") << "no sixth slot";
  EXPECT_EQ(detail()["territories"].size(), 5u);
}

// CK-4: a tie decides nothing (CK:838) and the starter vote is taken again; after two ties the
// table may draw the starter (A7.2), with the caller's entropy.
TEST_F(CutthroatFlowsTest, ATiedStarterVoteVotesAgainAndAfterTwoTiesMayBeDrawn) {
  to_starter_vote(three_seats(), 3);
  tied_starter_vote();
  EXPECT_TRUE(logged("Votes: Ann: 1; Ben: 1; Cat: 1"));
  EXPECT_EQ(last_log(), "The vote is tied: no decision; vote again");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Propose Ann", "Propose Ben", "Propose Cat", "Negotiation timer"}))
      << "a new vote, and no draw after one tie";
  tied_starter_vote();
  ASSERT_TRUE(prompt().has_option("Draw the starting player at random"));
  must(Choose{"Draw the starting player at random"}, 7);  // 7 % 3 seats: Ben
  EXPECT_TRUE(logged("The starting player is drawn at random"));
  EXPECT_EQ(last_log(), "Ben is the starting player; starting territories go clockwise from Ben");
  EXPECT_EQ(detail()["events"]["starting_seat"], kBen);
  EXPECT_EQ(detail()["step"], "start_territory");
  EXPECT_EQ(prompt().seat, kBen);
}

// [3/8] A vote every seat agrees on is one act: "Everyone: Cat" answers for every seat still to
// answer, logged with their names; the tally is the same as four answers one by one.
TEST_F(CutthroatFlowsTest, AUnanimousVoteIsOneChoiceForEverySeat) {
  to_starter_vote(three_seats(), 3);
  choose("Propose Ben");
  choose("Propose Cat");
  ok();
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Ben", "Cat", "Everyone: Ben", "Everyone: Cat"}));
  choose("Everyone: Cat");
  EXPECT_TRUE(logged("Ann, Ben and Cat: Cat (3 answers alike)"));
  EXPECT_TRUE(logged("Votes: Ben: 0; Cat: 3"));
  EXPECT_EQ(detail()["events"]["starting_seat"], kCat);
}

// After some seats answered, the rest may still agree in one act ("All the rest: ..."); the last
// seat alone is asked on its own.
TEST_F(CutthroatFlowsTest, TheSeatsLeftToVoteMayAgreeInOneChoice) {
  to_starter_vote(three_seats(), 3);
  choose("Propose Ben");
  choose("Propose Cat");
  ok();
  choose("Ben");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Ben", "Cat", "All the rest: Ben", "All the rest: Cat"}));
  choose("All the rest: Cat");
  EXPECT_TRUE(logged("Ben and Cat: Cat (2 answers alike)"));
  EXPECT_EQ(detail()["events"]["starting_seat"], kCat);
}

// CK-4: "Draw the starting player at random" is offered only after two tied votes, and a script
// naming it earlier is refused like any option not offered.
TEST_F(CutthroatFlowsTest, TheStarterIsNotDrawnBeforeTwoTies) {
  to_starter_vote(three_seats(), 3);
  EXPECT_NE(refusal(Choose{"Draw the starting player at random"}), "accepted");
  EXPECT_FALSE(logged("The starting player is drawn at random"));
}

// CK-4: the starter vote's proposals are seats; a free "Add a proposal" is not offered there (a
// "Proposal 1" that won would name no seat to start).
TEST_F(CutthroatFlowsTest, AStarterVoteRefusesAProposalThatIsNoSeat) {
  to_starter_vote(three_seats(), 3);
  EXPECT_NE(refusal(Choose{"Add a proposal"}), "accepted");
}

// CK-5: a starting territory is one nobody owns (CK:234-235): a warning the table may override.
TEST_F(CutthroatFlowsTest, AStartingTerritoryAlreadyOwnedIsWarnedAndDoItAnywayGoesOn) {
  to_starter_vote(four_seats(), 8);
  vote_starter("Ann");
  take_land(four_seats()[kAnn]);
  // Offered after the unowned ones, with the check.
  EXPECT_EQ(prompt().labels().back(), "Marrow");
  scan("Marrow");
  override_check("Marrow is taken already: a starting territory is one nobody owns");
  EXPECT_TRUE(logged("Override: Marrow is taken already: a starting territory is one nobody owns"));
  play(soldier("Slaine", 1, "red"));
  EXPECT_EQ(last_log(), "Ben places a red soldier of Slaine under Marrow");
}

// CK-6: 1 to 4 military cards under a starting territory (CK:236): none is a check, and so is a
// fifth, once, when the territory is confirmed with OK.
TEST_F(CutthroatFlowsTest, AFifthMilitaryCardOrNoneAtAllIsWarned) {
  to_starter_vote(four_seats(), 8);
  vote_starter("Ann");
  scan("Marrow");
  ok();
  cancel_check("0 military cards under Marrow: 1 to 4 are placed");
  EXPECT_EQ(last_log(), "Cancelled: 0 military cards under Marrow: 1 to 4 are placed");
  for (int copy = 1; copy <= 5; ++copy) play(soldier("Brom", copy, "red"));
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Ann places a red soldier of Brom under Marrow");
  ok();
  override_check("5 military cards under Marrow: 1 to 4 are placed");
  EXPECT_EQ(last_log(), "Ann starts in Marrow with 5 military cards (top: a red soldier of Brom)");
}

// ---------------------------------------------------------------- the Resource phase

// CK-7: coins or gems per territory, both only with Opulence (CK:350, 904), granted from the MENU
// for the turn.
TEST_F(CutthroatFlowsTest, BothCoinsAndGemsOnlyWithOpulenceForTheTurn) {
  set_up(three_seats());
  choose("Marrow: Both");
  cancel_check("Coins and gems from one territory only with Opulence");
  menu("Opulence (Cat, 2 left)");
  EXPECT_EQ(last_log(), "Cat uses Opulence: Ann may collect both coins and gems this turn");
  EXPECT_EQ(seat_books(kCat)["uses_left"]["Opulence"], 1);
  choose("Marrow: Both");
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Ann collects 2 coins and 1 gem from Marrow, paid by the bank");
  quiet_turn();  // the rest of Ann's turn
  EXPECT_EQ(state().to_act, kBen);
  choose("Nyghtwald: Both");
  EXPECT_EQ(warning(), "Coins and gems from one territory only with Opulence") << "Opulence lasts the turn it is granted";
}

// CK-8: one feast card per territory owned each turn; a house with no territory collects 3
// (CK:350), once, and only when it owns none.
TEST_F(CutthroatFlowsTest, AHouseWithNoTerritoryCollectsThreeOnce) {
  set_up();
  EXPECT_EQ(seat_books(kAnn)["feast_cards"], 1);
  EXPECT_EQ(detail()["piles"]["feast_deck"], 33);
  choose("Collect 3 (no territory)");
  cancel_check("Ann owns a territory: the 3 is for a house with none");
  menu("Death (Cat, 2 left)");  // Cat's (Dravanof): Ann's land is emptied and lies plagued
  choose("Marrow");
  EXPECT_EQ(last_log(),
            "Death kills a green soldier of Brom and a red soldier of Brom on Marrow; it lies plagued; Ann's house token goes back");
  EXPECT_EQ(seat_books(kAnn)["dead_pile"], 2);
  EXPECT_EQ(seat_books(kCat)["uses_left"]["Death"], 1);
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Collect 3 (no territory)"}));
  choose("Collect 3 (no territory)");
  EXPECT_EQ(last_log(), "Ann owns no territory and collects 3 coins, paid by the bank");
  choose("Collect 3 (no territory)");
  EXPECT_EQ(warning(), "Ann has collected the 3 already");
}

// CK-9: blackmail with the bastard of another house that someone plays (A7.11), once per card per
// Resource phase (CK:519); the collection is paid by that house's seat (CK:541).
TEST_F(CutthroatFlowsTest, BlackmailIsAnotherHousesBastardOncePerPhaseAndThatSeatPays) {
  set_up();
  EXPECT_EQ(refusal(PresentCard{"BASTARD-OF-HOUSE-BROM", 1}), "Ann cannot blackmail their own house");
  EXPECT_EQ(refusal(PresentCard{"BASTARD-OF-HOUSE-TYBER", 1}), "nobody plays House Tyber");
  scan("Bastard of House Slaine");
  EXPECT_EQ(last_log(), "Ann shows the Bastard of House Slaine: the next collection is paid by Ben");
  choose("Marrow: Coins");
  EXPECT_EQ(last_log(), "Ann collects 2 coins from Marrow, paid by Ben (blackmail)");
  scan("Bastard of House Slaine");
  EXPECT_EQ(warning(), "Bastard of House Slaine has blackmailed once this Resource phase");
}

// CK-9: blackmail is "During a player's Resource Collection phase" (CK:539); the collection after a
// conquest is gained "from the bank" (CK:416), whatever was shown in the Resource phase.
TEST_F(CutthroatFlowsTest, ABlackmailLeftOverDoesNotPayTheConquestCollection) {
  set_up();
  choose("Marrow: Coins");
  scan("Bastard of House Slaine");
  ok();
  choose("Conquer");
  choose("The Hanging Tongue");
  play(soldier("Brom", 3, "red"));
  ok();
  ok();
  choose("The Hanging Tongue: Coins");
  EXPECT_EQ(last_log(), "Ann collects 2 coins from The Hanging Tongue, paid by the bank");
}

// ---------------------------------------------------------------- the Action phase

// CK-11: "Make up to 3 purchases" (CK:365): a hireling is one, each coin on mercenaries one (A7.8).
TEST_F(CutthroatFlowsTest, AFourthPurchaseIsWarned) {
  ann_acts();
  choose("Buy a hireling");
  set(2);
  EXPECT_EQ(last_log(), "Ann buys a hireling for 2 coins (purchases 1 of 3)");
  EXPECT_EQ(detail()["piles"]["hireling_deck"], 49);
  choose("Buy mercenaries");
  set(2);
  EXPECT_EQ(detail()["purchases"], 3);
  EXPECT_TRUE(prompt().has_option("Buy a hireling")) << "a fourth purchase is a check, not a wall";
  choose("Buy a hireling");
  set(1);
  EXPECT_EQ(warning(), "Ann has made 3 of 3 purchases this turn");
}

// CK-10: "Once you take one action, you must complete it before you take one of the other actions"
// (CK:360): purchasing again after an attack is warned.
TEST_F(CutthroatFlowsTest, GoingBackToPurchasesAfterAnAttackIsWarned) {
  ann_acts();
  choose("Buy mercenaries");
  set(1);
  attack("Stonehold");
  pass();  // Ann ceases the attack
  choose("Buy a hireling");  // a purchase starts with its price
  set(2);
  EXPECT_EQ(warning(), "Ann has finished purchasing this turn: one action is completed before another");
}

// CK-10: "Attack" chosen and called off before a target is no attack taken: the purchases go on
// (an action starts when its target or its price is told).
TEST_F(CutthroatFlowsTest, AnAttackCalledOffBeforeItsTargetDoesNotEndThePurchases) {
  ann_acts();
  choose("Buy mercenaries");
  set(1);
  choose("Attack");
  pass();  // no target: the attack is called off
  choose("Buy a hireling");
  EXPECT_EQ(warning(), "");
}

// CK-12: "For each coin you spend on mercenaries, you draw 2 cards" (CK:792), from a deck of 36.
TEST_F(CutthroatFlowsTest, MercenariesAreTwoCardsPerCoinFromTheirDeck) {
  ann_acts();
  EXPECT_EQ(detail()["piles"]["mercenary_deck"], 36);
  choose("Buy mercenaries");
  set(19);
  cancel_check("Ann has made 0 of 3 purchases this turn; the mercenary deck holds 36 cards");
  set(3);
  EXPECT_EQ(last_log(), "Ann spends 3 coins on 6 mercenaries (purchases 3 of 3)");
  EXPECT_EQ(detail()["piles"]["mercenary_deck"], 30);
}

// CK-13: the dead are collected once per turn, for 2 (CK:371, 747): the whole pile back to hand.
TEST_F(CutthroatFlowsTest, CollectingTheDeadTwiceIsWarnedAndThePileIsEmptied) {
  ann_acts();
  attack("Stonehold");  // Dan's, next to Marrow; a yellow soldier on top
  play(soldier("Brom", 3, "yellow"));
  play(soldier("Crone", 3, "yellow"));  // Dan defends: both are discarded
  EXPECT_EQ(last_log(), "Dan defends Stonehold with a yellow soldier of Crone: both cards are discarded");
  EXPECT_EQ(seat_books(kAnn)["dead_pile"], 1);
  EXPECT_EQ(seat_books(kDan)["dead_pile"], 1);
  // CK-10: one action at a time; the dead are not collected during an attack (CK:360, 371).
  EXPECT_EQ(refusal(Choose{"Collect the dead"}), "Ann: scan the attacking military card, or PASS to cease the attack");
  pass();  // Ann ceases the attack
  choose("Collect the dead");
  EXPECT_EQ(last_log(), "Ann pays 2 coins and takes 1 dead soldier back to hand");
  EXPECT_EQ(seat_books(kAnn)["dead_pile"], 0);
  choose("Collect the dead");
  EXPECT_EQ(warning(), "Ann has collected the dead this turn");
}

// CK-14: only an unoccupied territory is conquered outright (CK:367, 412).
TEST_F(CutthroatFlowsTest, ConqueringAnOccupiedTerritoryIsWarned) {
  ann_acts();
  choose("Conquer");
  // The unoccupied first, then the others with the check.
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"The Hanging Tongue", "Territory 6", "Three Rivers", "Nyghtwald",
                                                         "Marrow", "Stonehold"}));
  choose("Stonehold");
  EXPECT_EQ(warning(), "Stonehold is occupied: attack it to conquer it");
}

// CK-15, the tome's Scenario 3 (A5.4, CK:659-663): Brom on Marrow attacks Three Rivers across the
// unoccupied Hanging Tongue and Slaine's Nyghtwald: not accessible until Slaine grants passage.
TEST_F(CutthroatFlowsTest, ThreeRiversIsAccessibleToBromOnlyWithSlainesPassage) {
  ann_acts();
  attack("Three Rivers");
  cancel_check("Three Rivers is not accessible: passage through Nyghtwald (Slaine)");
  pass();  // no target
  menu("Passage");
  EXPECT_EQ(prompt().labels(),
            (std::vector<std::string>{"Three Rivers (Cat)", "Nyghtwald (Ben)", "Stonehold (Dan)", "Negotiation timer"}));
  choose("Nyghtwald (Ben)");
  EXPECT_EQ(last_log(), "Passage (a deal): Ben lets Ann through Nyghtwald this turn");
  EXPECT_EQ(detail()["passages"], (nlohmann::json::array({{{"territory", 1}, {"owner", kBen}, {"to", kAnn}}})));
  attack("Three Rivers");
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Ann attacks Three Rivers (Cat's; top: a green soldier of Dravanof)");
}

// CK-15 on a map the table links (A7.5): MENU "Map" makes Marrow touch Three Rivers, which is then
// next to Brom's land and needs no passage.
TEST_F(CutthroatFlowsTest, AMapLinkMakesThreeRiversAdjacentToMarrow) {
  ann_acts();
  menu("Map: link or unlink two slots");
  choose("Marrow");
  choose("Three Rivers");
  EXPECT_EQ(last_log(), "Map: Marrow and Three Rivers touch");
  ok();
  EXPECT_EQ(detail()["links"].size(), 6u);  // the row's five and this one
  attack("Three Rivers");
  EXPECT_EQ(warning(), "");
}

// CK-16: an attack is on an occupied territory of another seat (CK:467, 731).
TEST_F(CutthroatFlowsTest, AttackingOnesOwnOrAnUnoccupiedTerritoryIsWarned) {
  ann_acts();
  choose("Attack");
  // Another seat's occupied territories first, then the own and the unoccupied, with the check.
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Three Rivers", "Nyghtwald", "Stonehold", "The Hanging Tongue",
                                                         "Marrow", "Territory 6"}));
  choose("Marrow");
  cancel_check("Marrow is Ann's own");
  choose("The Hanging Tongue");
  EXPECT_EQ(warning(), "The Hanging Tongue is unoccupied: conquer it, there is nothing to attack");
}

// CK-17: married players may not attack each other's territories (CK:553, 788).
TEST_F(CutthroatFlowsTest, AttackingAMarriagePartnerIsWarned) {
  set_up();
  wed("Ben", "Cat");
  EXPECT_EQ(seat_books(kBen)["married_to"], kCat);
  to_actions();  // Ben's turn
  attack("Three Rivers");
  EXPECT_EQ(warning(), "Ben and Cat are married: they may not attack each other's lands");
}

// CK-18, CK-19: the attacking card matches the top defender's colour, the defending card the
// attacking one (CK:395, 399); overridden, both cards are discarded all the same.
TEST_F(CutthroatFlowsTest, AttackAndDefenceColoursMustMatch) {
  ann_acts();
  attack("Stonehold");
  play(soldier("Brom", 3, "red"));
  override_check("A red soldier does not match the yellow soldier on top of Stonehold");
  EXPECT_EQ(prompt().seat, kDan) << "the owner is asked to defend";
  play(soldier("Crone", 3, "blue"));
  override_check("A blue soldier does not match the attacking red soldier");
  EXPECT_EQ(last_log(), "Dan defends Stonehold with a blue soldier of Crone: both cards are discarded");
  EXPECT_EQ(replayed_hash(), state_hash(state())) << "the overrides and the colours told replay from the log";
}

// CK-18: a face-down mercenary on top "is susceptible to any type of attack" (CK:414, 792). Ann
// reaches Nyghtwald across the unoccupied Hanging Tongue (Scenario 2, A5.3) with no check.
TEST_F(CutthroatFlowsTest, AFaceDownMercenaryOnTopTakesAnyColour) {
  ann_acts();
  attack("Nyghtwald");
  EXPECT_EQ(warning(), "");
  attack_undefended(soldier("Brom", 3, "blue"));  // Ben's blue soldier dies
  const nlohmann::json top = detail()["territories"][1]["stack"][0];  // Nyghtwald's
  EXPECT_EQ(top["kind"], "mercenary");
  EXPECT_EQ(top["face_down"], true);
  play(soldier("Brom", 4, "red"));
  EXPECT_EQ(warning(), "");
  pass();
  EXPECT_EQ(last_log(), "Ann's red soldier of Brom kills a face-down mercenary on Nyghtwald");
  EXPECT_EQ(detail()["piles"]["mercenary_discard"], 1);
  EXPECT_EQ(seat_books(kBen)["dead_pile"], 1);
  EXPECT_EQ(seat_books(kAnn)["dead_pile"], 2);  // the attacking cards (CK:395)
}

// CK-20: only the owner or the owner's marriage partner defends (CK:399, 562).
TEST_F(CutthroatFlowsTest, APartnerDefendsAndAnyoneElseIsWarned) {
  set_up();
  wed("Cat", "Dan");
  to_actions();  // Ben's turn; Three Rivers is next to his Nyghtwald
  attack("Three Rivers");
  play(soldier("Slaine", 3, "green"));
  play(soldier("Crone", 3, "green"));  // Dan, Cat's husband
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Dan defends Three Rivers with a green soldier of Crone: both cards are discarded");
  EXPECT_EQ(seat_books(kDan)["dead_pile"], 1);
  play(soldier("Slaine", 4, "green"));
  play(soldier("Brom", 3, "green"));  // Ann is no partner of Cat's
  EXPECT_EQ(warning(), "Ann may not defend Three Rivers: only Cat or a marriage partner defends it");
}

// CK-21: "soldiers cannot change hands" (CK:128): another house's soldier neither attacks nor
// goes under a territory.
TEST_F(CutthroatFlowsTest, AnotherHousesSoldierIsWarnedInAttackAndConquest) {
  ann_acts();
  attack("Stonehold");
  play(soldier("Slaine", 3, "yellow"));
  cancel_check("Ann attacks with a soldier of Slaine: soldiers cannot change hands");
  pass();  // Ann ceases the attack
  choose("Conquer");
  choose("The Hanging Tongue");
  play(soldier("Crone", 3, "red"));
  EXPECT_EQ(warning(), "Ann places a soldier of Crone: soldiers cannot change hands");
}

// ---------------------------------------------------------------- events

// CK-25, CK-26: one event per turn, the Royal Feast last (CK:192, 200): with E = 3 and three
// seats the third turn's event is the Feast, and its drawer serves first.
TEST_F(CutthroatFlowsTest, TheThirdEventOfThreeMustBeTheRoyalFeast) {
  to_third_of_three_events();
  EXPECT_TRUE(logged("Event deck: 3 cards (indicators 3+): Welcome to Aurum on top, the Royal Wedding card 2, the "
                     "Royal Feast at the bottom"));
  EXPECT_EQ(state().to_act, kCat);
  EXPECT_EQ(detail()["events"]["drawn"], 2);
  choose("Untagged event, resolved");
  cancel_check("event card 3 is the deck's last: the Royal Feast");
  scan("Alms of Lazarus");
  cancel_check("event card 3 is the deck's last: the Royal Feast");
  scan("Royal Feast");
  EXPECT_EQ(warning(), "");
  EXPECT_TRUE(logged("Cat draws Royal Feast (event 3 of 3)"));
  EXPECT_EQ(detail()["feast_drawer"], kCat);
  EXPECT_EQ(detail()["step"], "feast");
}

// CK-25, CK-26: "The game ends when the last event is resolved" (CK:426): an event drawn after
// the E-th is a check.
TEST_F(CutthroatFlowsTest, AnEventBeyondTheDecksSizeIsWarned) {
  to_third_of_three_events();
  choose("Untagged event, resolved");
  override_check("event card 3 is the deck's last: the Royal Feast");
  EXPECT_EQ(state().to_act, kAnn) << "resolved at the table: Ann's turn 4";
  to_event();
  choose("Untagged event, resolved");
  EXPECT_EQ(warning(), "the event deck holds 3 cards: the game ended with the Royal Feast");
}

// CK-27: Welcome to Aurum, "Players may only make 1 deal", and "If a player is left out, they may
// make a deal with any 1 player who has already made a deal, however only they collect the 5"
// (CK:572): a seat with a deal is warned as the first party; a seat without one dealing with it
// collects alone.
TEST_F(CutthroatFlowsTest, WelcomeToAurumIsOneDealASeatAndALeftOutSeatCollectsAlone) {
  ann_draws();
  scan("Welcome to Aurum");
  choose("Ann and Ben");
  EXPECT_EQ(last_log(), "Ann and Ben make a formal deal (handshake): each collects 5 coins");
  // The seats without a deal first; a first party with one carries CK-27's check (a card may allow it).
  EXPECT_EQ(prompt().labels().front(), "Cat and Dan");
  choose("Ann and Cat");
  cancel_check("Ann has made a deal already");
  choose("Cat and Ben");
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Cat and Ben make a formal deal (handshake): Cat collects 5 coins (left out)");
  EXPECT_EQ(detail()["deals"], (nlohmann::json{"Welcome to Aurum: Ann and Ben", "Welcome to Aurum: Cat and Ben"}));
  ok();
  EXPECT_EQ(last_log(), "Turn 2 - Ben (House Slaine): Resource; 1 feast card");
}

// "All players have 3 minutes to openly woo" (CK:549): the Royal Wedding starts its timer itself.
TEST_F(CutthroatFlowsTest, TheRoyalWeddingStartsItsThreeMinuteTimer) {
  ann_draws();
  EXPECT_TRUE(state().timers.empty());
  scan("Royal Wedding");
  const TimerState* wooing = timer("Royal Wedding");
  ASSERT_NE(wooing, nullptr);
  EXPECT_EQ(wooing->total_ms, 180'000);
  EXPECT_TRUE(wooing->running);
  EXPECT_EQ(last_log(), "Royal Wedding: 3:00 on the timer");
}

// CK-29: only two unmarried seats with living heirs marry (CK:553-555); CK-31: an heir killed
// dissolves the marriage at once (CK:566, 759).
TEST_F(CutthroatFlowsTest, AMarriedSeatIsOfferedLastAndAnHeirKilledDissolvesTheMarriage) {
  ann_draws();
  scan("Royal Wedding");
  choose("Marry Ben and Cat");
  EXPECT_EQ(last_log(), "Ben and Cat marry: their heirs swap seats (each heir card goes to the other's area)");
  // The couple that may marry first; the others carry CK-29's check (a card may allow them).
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Marry Ann and Dan", "Marry Ann and Ben", "Marry Ann and Cat",
                                                         "Marry Ben and Dan", "Marry Cat and Dan"}));
  choose("Marry Ann and Ben");
  cancel_check("Ann and Ben cannot marry: both must be unmarried with a living heir");
  menu("Heir killed: Ben's");
  EXPECT_TRUE(logged("The Royal Heir of House Slaine is killed and is flipped face down"));
  EXPECT_TRUE(logged("The marriage of Ben and Cat is dissolved (an heir died): the heirs go back to their houses"));
  EXPECT_EQ(last_log(), "Dark Influence: Ben collects 3 coins from the bank");  // CK:910, Ben is Slaine
  EXPECT_EQ(seat_books(kBen)["married_to"], nullptr);
  EXPECT_EQ(seat_books(kCat)["married_to"], nullptr);
  EXPECT_EQ(seat_books(kBen)["heir_alive"], false);
  EXPECT_EQ(prompt().labels().front(), "Marry Ann and Cat") << "a dead heir's seat is offered after the others";
  choose("Marry Ben and Dan");
  cancel_check("Ben and Dan cannot marry: both must be unmarried with a living heir");
}

// CK-33: an Alms of Lazarus proposal shares exactly 12 (CK:576); a tied vote shares nothing (CK:838).
TEST_F(CutthroatFlowsTest, AnAlmsProposalNotOfTwelveIsWarnedAndATieSharesNothing) {
  ann_draws();
  scan("Alms of Lazarus");
  choose("Add a proposal");
  for (int coins : {3, 3, 3, 2}) set(coins);
  cancel_check("a proposal shares exactly 12 coins: Ann 3, Ben 3, Cat 3, Dan 2");
  set(3);
  EXPECT_EQ(last_log(), "Proposal 1: Ann 3, Ben 3, Cat 3, Dan 3");
  choose("Add a proposal");
  for (int coins : {0, 6, 6, 0}) set(coins);
  ok();  // the proposals are made
  ok();  // nobody has the least
  for (const char* vote : {"Ann 3, Ben 3, Cat 3, Dan 3", "Ann 0, Ben 6, Cat 6, Dan 0"}) {
    choose(vote);
    choose(vote);
  }
  EXPECT_TRUE(logged("Votes: Ann 3, Ben 3, Cat 3, Dan 3: 2; Ann 0, Ben 6, Cat 6, Dan 0: 2"));
  EXPECT_TRUE(logged("Alms of Lazarus: the vote is tied, nothing is shared"));
  EXPECT_EQ(last_log(), "Turn 2 - Ben (House Slaine): Resource; 1 feast card");
}

// CK-33, CK-34: an Alms of Lazarus proposal is a distribution of the 12; the starter vote's
// options have no place in it (a draw would send the game back to the starting territories).
TEST_F(CutthroatFlowsTest, AnAlmsVoteRefusesTheStarterVotesOptions) {
  ann_draws();
  scan("Alms of Lazarus");
  EXPECT_NE(refusal(Choose{"Propose Ann"}), "accepted");
  EXPECT_NE(refusal(Choose{"Draw the starting player at random"}), "accepted");
  EXPECT_EQ(detail()["step"], "event");
}

// ---------------------------------------------------------------- lords' and ladies' abilities

// CK-35: Venom is twice per game (CK:172, 914).
// Each Venom kills a hireling as it is played (CK-40), so no other check joins the third's.
TEST_F(CutthroatFlowsTest, ATwicePerGameAbilityUsedAThirdTimeIsWarned) {
  ann_acts();
  scan("Assassin", 1);
  menu("Venom (Ben, 2 left)");
  EXPECT_TRUE(logged("Ben uses Venom: the Assassin is killed as it is played, its effect cancelled"));
  EXPECT_EQ(last_log(), "Dark Influence: Ben collects 3 coins from the bank");  // the hireling killed (CK:910)
  scan("Assassin", 2);
  menu("Venom (Ben, 1 left)");
  EXPECT_EQ(seat_books(kBen)["uses_left"]["Venom"], 0);
  scan("Assassin", 3);
  menu("Venom (Ben, 0 left)");
  EXPECT_EQ(warning(), "Ben has used Venom twice");
}

// CK-41: a seat plays a hireling on another's turn (CK:289): named from the MENU, its printed mark
// told; "any player's turn" raises nothing, and Venom may kill it as it is played (CK:914).
TEST_F(CutthroatFlowsTest, AHirelingPlayedOutOfTurnIsNamedInTheMenuAndVenomMayKillIt) {
  ann_acts();
  menu("Play a hireling: Cat");
  EXPECT_EQ(prompt().text, "Cat plays a hireling (scan it): its printed mark?");
  EXPECT_NE(refusal(PresentCard{card_id_from_title("Marrow"), 1}), "accepted");  // no hireling
  scan("Assassin");
  choose("Mark: any player's turn");
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Cat plays the Assassin (any player's turn): its effect at the table");
  menu("Venom (Ben, 2 left)");
  EXPECT_EQ(warning(), "");
  EXPECT_TRUE(logged("Ben uses Venom: the Assassin is killed as it is played, its effect cancelled"));
  EXPECT_EQ(detail()["piles"]["hireling_discard"], 1);
  // Unscanned, and the player whose turn it is: no check whatever the mark.
  menu("Play a hireling: Ann");
  choose("Mark: current player only");
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Ann plays a hireling (current player only): its effect at the table");
}

// CK-38: Taxes from a neighbour raise nothing; the taxed seat is asked (CK:900).
TEST_F(CutthroatFlowsTest, TaxesAskWhomTheyAreTakenFrom) {
  set_up(three_seats());
  quiet_turn();
  quiet_turn();  // Cat's turn: Three Rivers is next to Ben's Nyghtwald
  menu("Taxes (Cat)");
  EXPECT_EQ(prompt().text, "Taxes: Cat takes 3 coins from whom?");
  choose("Ben");
  EXPECT_EQ(warning(), "");
  EXPECT_TRUE(logged("Cat uses Taxes"));
  EXPECT_EQ(last_log(), "Taxes: Ben gives Cat 3 coins");
}

// CK-36: Knowledge once per turn, on Crone's own turn (CK:890).
TEST_F(CutthroatFlowsTest, KnowledgeIsOncePerTurnAndOnCronesOwnTurn) {
  set_up(four_seats(), "Dan");
  menu("Knowledge (Dan)");
  EXPECT_EQ(last_log(), "Dan uses Knowledge");
  menu("Knowledge (Dan)");
  cancel_check("Knowledge has been used this turn");
  quiet_turn();
  EXPECT_EQ(state().to_act, kAnn);
  menu("Knowledge (Dan)");
  EXPECT_EQ(warning(), "Knowledge is used on Dan's own turn");
}

// CK-39: Fury comes "when you kill the last military card on a territory" and kills "the top 2
// military cards on any adjacent territory" (CK:884).
TEST_F(CutthroatFlowsTest, FuryFollowsEmptyingATerritoryAndAimsNextToIt) {
  ann_acts();
  menu("Fury (Ann, 2 left)");
  choose("Three Rivers");
  cancel_check("Fury follows killing the last military card on a territory; Fury aims at a territory next to the one just emptied");
  pass();  // no Fury
  empty_nyghtwald();
  EXPECT_EQ(last_log(), "Nyghtwald is empty: Ben's house token goes back; Ann may conquer it now");
  menu("Fury (Ann, 2 left)");
  choose("Stonehold");
  cancel_check("Fury aims at a territory next to the one just emptied");
  choose("Three Rivers");
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Fury kills a green soldier of Dravanof and a red soldier of Dravanof on Three Rivers; Cat's house token goes back");
  EXPECT_EQ(seat_books(kAnn)["uses_left"]["Fury"], 1);
  EXPECT_EQ(seat_books(kCat)["dead_pile"], 2);
}

// CK-39: one emptied territory, one Fury.
TEST_F(CutthroatFlowsTest, ASecondFuryAfterOneEmptiedTerritoryIsWarned) {
  ann_acts();
  empty_nyghtwald();
  menu("Fury (Ann, 2 left)");
  choose("Three Rivers");
  menu("Fury (Ann, 1 left)");
  choose("Stonehold");  // a second Fury, and not next to Nyghtwald: both rules on one screen
  EXPECT_EQ(warning(), "Fury follows killing the last military card on a territory; Fury aims at a territory next to the one just emptied");
}

// ---------------------------------------------------------------- timers and takebacksies

// CK-48: "set a timer for 2-5 minutes" (CK:531).
TEST_F(CutthroatFlowsTest, ANegotiationTimerOutsideTwoToFiveMinutesIsWarned) {
  set_up();
  menu("Negotiation timer");
  set(6);
  cancel_check("a negotiation lasts 2 to 5 minutes, not 6");
  EXPECT_TRUE(state().timers.empty());
  set(3);
  const TimerState* negotiation = timer("Negotiation");
  ASSERT_NE(negotiation, nullptr);
  EXPECT_EQ(negotiation->total_ms, 180'000);
  EXPECT_EQ(last_log(), "Negotiation: 3:00 on the timer");
}

// Takebacksies (CK:110-114) is UNDO, and the log says so.
TEST_F(CutthroatFlowsTest, TakebacksiesUndoesTheLastMove) {
  ann_acts();
  choose("Buy mercenaries");
  set(2);
  EXPECT_EQ(detail()["piles"]["mercenary_deck"], 32);
  must(Undo{});
  EXPECT_EQ(last_log(), "Takebacksies: Ann spends 2 coins on 4 mercenaries (purchases 2 of 3)");
  EXPECT_EQ(detail()["piles"]["mercenary_deck"], 36);
  EXPECT_EQ(detail()["purchases"], 0);
}

// CK:555 "the royal heirs are swapped": after the wedding the camera should see each heir card in
// the partner's area; one still in front of its own seat is a mismatch the players are asked
// about (the books cannot follow: marriages come from the wedding, never from the table).
TEST_F(CutthroatFlowsTest, AnHeirNotSwappedAfterTheWeddingIsATableMismatch) {
  set_up();
  wed("Ann", "Ben");
  Placement in_front_of_ann;
  in_front_of_ann.seat = 0;
  in_front_of_ann.quarter = 0;
  (void)attempt(PresentCard{"ROYAL-HEIR-OF-HOUSE-BROM", 1, in_front_of_ann});  // the table notes it
  const auto mismatches = mismatches_now();
  ASSERT_EQ(mismatches.size(), 1u);
  EXPECT_EQ(mismatches[0].kind, "seat");
  EXPECT_EQ(mismatches[0].text,
            "Royal Heir of House Brom lies in front of Ann, but the books have it in front of Ben (married: the heirs "
            "are swapped)");
  EXPECT_EQ(mismatches[0].was.seat, 1);
  Placement in_front_of_ben = in_front_of_ann;
  in_front_of_ben.seat = 1;
  (void)attempt(MoveCard{"ROYAL-HEIR-OF-HOUSE-BROM", 1, in_front_of_ben});  // swapped: all agree
  EXPECT_TRUE(mismatches_now().empty());
}

// A5.8 (CK:114): Brom's Assassin, then takebacksies: the Assassin is back in hand (out of the
// hireling discard) and the log says so; the deal that bought it back stays logged.
TEST_F(CutthroatFlowsTest, TakebacksiesOnAnAssassinPutsItBackInHand) {
  ann_acts();
  scan("Assassin");
  EXPECT_EQ(detail()["piles"]["hireling_discard"], 1);
  must(Undo{});
  EXPECT_EQ(last_log(), "Takebacksies: Assassin is played (its effect at the table; MENU for a Sneak's)");
  EXPECT_EQ(detail()["piles"]["hireling_discard"], 0);
  // The deal that bought it back (2 gems in the tome) is logged, never judged.
  menu("Deal");
  choose("Ann");
  choose("Ben");
  ok();
  EXPECT_EQ(last_log(), "Deal: Ann and Ben shake hands");
  // A move that wrote no line is named by its command (as the log keeps it: the option's id)
  // when it is taken back, not by a bare number.
  must(Undo{});
  must(Undo{});
  EXPECT_EQ(last_log(), "Takebacksies: choose \"seat:1\"");
}

// A5.6, the tome's hirelings (Scenario 5, CK:688-693): Marrow (Brom) holds a green, a red and a
// blue soldier and a mercenary. Slaine plays a Sneak, Brom an Assassin that kills it; Slaine
// attacks with a green soldier, Brom defends with a green mercenary, Slaine ceases. Marrow keeps
// its 4 defenders with the green soldier on top; Slaine's dead pile +1, the mercenary discard +1,
// the hireling discard +2.
TEST_F(CutthroatFlowsTest, TheTomesHirelingScenarioLeavesMarrowWithFourDefenders) {
  std::vector<SeatPlan> plans = four_seats();
  plans[0].stack = {soldier("Brom", 1, "green"), soldier("Brom", 2, "red"), soldier("Brom", 3, "blue"),
                    mercenary(2, "yellow")};
  set_up(plans, "Ben");
  to_actions();
  attack("Marrow");
  scan("Sneak");
  scan("Assassin");
  play(soldier("Slaine", 3, "green"));
  play(mercenary(3, "green"));  // Ann (Brom) defends: both discarded
  pass();                       // Slaine ceases
  EXPECT_EQ(last_log(), "Ben ceases the attack on Marrow");
  const auto marrow = detail()["territories"][3];
  EXPECT_EQ(marrow["owner"], 0);
  ASSERT_EQ(marrow["stack"].size(), 4u);
  EXPECT_EQ(marrow["stack"][0]["colour"], "green");
  EXPECT_EQ(seat_books(1)["dead_pile"], 1);
  EXPECT_EQ(detail()["piles"]["mercenary_discard"], 1);
  EXPECT_EQ(detail()["piles"]["hireling_discard"], 2);
}

}  // namespace
}  // namespace seneschal::engine
