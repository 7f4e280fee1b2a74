// Cutthroat Kingdoms' setup and turn flows (GAMES.md A2, the checks of A3, A5.4), played through a
// real Session on the shipped card data: what each move refuses, the checks it raises ("Do it
// anyway"), and the books' numbers in the state export. The values the data lacks (a territory's
// income, each soldier's colour) are told when the device asks, as a table would.

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ShippedCards.hpp"
#include "StateReading.hpp"
#include "common/TempDir.hpp"
#include "cutthroat/ck_module.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"

namespace seneschal::engine {
namespace {

// Every territory yields 2 coins or 1 gem, on either side (the data has no values).
constexpr int kCoinIncome = 2;
constexpr int kGemIncome = 1;

// A military card as the table shows it: the card, its copy and the colour told for that copy.
struct Military {
  std::string title;
  int copy = 1;
  std::string colour;
};

Military soldier(const std::string& house, int copy, const std::string& colour) {
  return {"Soldier of House " + house, copy, colour};
}
Military mercenary(int copy, const std::string& colour) { return {"Mercenary", copy, colour}; }

// One seat at setup: its house, and its starting territory with the cards under it, top first.
struct SeatPlan {
  std::string name;
  std::string house;
  std::string land;
  std::vector<Military> stack;
};

// The tome's combat examples' houses (A5.2-A5.5) and Crone: in a row of slots Three Rivers
// (Dravanof) - Nyghtwald (Slaine) - The Hanging Tongue (nobody) - Marrow (Brom) - Stonehold (Crone)
// - Territory 6 (nobody). Nyghtwald is stacked as in Scenario 4: blue soldier, mercenary, yellow.
std::vector<SeatPlan> four_seats() {
  return {{"Ann", "Brom", "Marrow", {soldier("Brom", 1, "green"), soldier("Brom", 2, "red")}},
          {"Ben", "Slaine", "Nyghtwald", {soldier("Slaine", 1, "blue"), mercenary(1, "green"), soldier("Slaine", 2, "yellow")}},
          {"Cat", "Dravanof", "Three Rivers", {soldier("Dravanof", 1, "green"), soldier("Dravanof", 2, "red")}},
          {"Dan", "Crone", "Stonehold", {soldier("Crone", 1, "yellow"), soldier("Crone", 2, "blue")}}};
}

// Three seats with Cawdwell (Opulence); the kingdom is the first five slots.
std::vector<SeatPlan> three_seats() {
  return {{"Ann", "Brom", "Marrow", {soldier("Brom", 1, "green")}},
          {"Ben", "Slaine", "Nyghtwald", {soldier("Slaine", 1, "blue")}},
          {"Cat", "Cawdwell", "Three Rivers", {soldier("Cawdwell", 1, "red")}}};
}

// The slots in order; "" is the untagged sixth ("Territory 6").
const std::vector<std::string> kKingdom = {"Three Rivers", "Nyghtwald", "The Hanging Tongue", "Marrow", "Stonehold", ""};

class CutthroatFlowsTest : public ::testing::Test {
 protected:
  CutthroatFlowsTest() {
    registry_.add("cutthroat", cutthroat::make_module);
    library_.emplace("cutthroat", test::shipped_cards("cutthroat"));
    auto store = EventStore::open(dir_.file("game.sqlite"));
    auto session = Session::resume(std::move(store).value(), registry_, library_);
    session_.emplace(std::move(session).value());
  }

  // --- commands, with the values the device asks for told from what the test said
  Result<Accepted> attempt(const Command& command, std::uint64_t entropy = 0) {
    auto result = session_->apply(command, clock_ += 1000, entropy);
    while (result && state().pending && state().pending->kind == Pending::Kind::Value) {
      const Question& asked = state().pending->question;
      const auto answer = answer_to(asked);
      if (!answer) return fail("the device asked for " + asked.subject.key() + " " + asked.stat + ", which the test did not tell");
      result = session_->apply(*answer, clock_ += 1000);
    }
    return result;
  }
  void must(const Command& command, std::uint64_t entropy = 0) {
    auto r = attempt(command, entropy);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message << "\n  prompt: " << prompt().text;
  }
  std::string refusal(const Command& command) {
    auto r = attempt(command);
    return r ? std::string("accepted") : r.error().message;
  }
  void scan(const std::string& title, int copy = 1) { must(PresentCard{card_id_from_title(title), copy}); }
  void choose(const std::string& label) { must(Choose{label}); }
  void ok() { must(Ok{}); }
  void pass() { must(Pass{}); }
  void set(int value) { must(SetNumber{value}); }
  void menu(const std::string& label) {
    must(Menu{});
    must(Choose{label});
  }
  // The check waiting is `reason`: the table cancels the move it stopped, or does it anyway.
  void cancel_check(const std::string& reason) {
    EXPECT_EQ(warning(), reason);
    pass();
  }
  void override_check(const std::string& reason) {
    EXPECT_EQ(warning(), reason);
    choose("Do it anyway");
  }
  // A military card shown: its copy's colour is told when asked.
  void play(const Military& card) {
    told_[Subject{card_id_from_title(card.title), card.copy, {}}.key()] = card.colour;
    scan(card.title, card.copy);
  }

  // --- what the device shows
  const TableState& state() const { return session_->state(); }
  Prompt prompt() const { return session_->prompt(); }
  nlohmann::json detail() const { return to_json(state())["detail"]; }
  nlohmann::json seat_books(int s) const { return detail()["seats"][static_cast<std::size_t>(s)]; }
  // The check waiting for "Do it anyway", or "" when none waits.
  std::string warning() const { return test::waiting_check(state()); }
  bool logged(const std::string& line) const { return test::has_log_line(state(), line); }
  std::string last_log() const { return state().log.back().text; }
  // How the table and the books disagree now (the firmware asks once one lasts).
  std::vector<Disagreement> mismatches_now() const { return session_->mismatches(); }
  // The state a restart rebuilds from the log on disk.
  std::uint64_t replayed_hash() {
    auto reopened = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, library_);
    EXPECT_TRUE(reopened.has_value()) << reopened.error().message;
    return reopened ? state_hash(reopened->state()) : 0;
  }
  const TimerState* timer(const std::string& name) const {
    for (const TimerState& t : state().timers) {
      if (t.name == name) return &t;
    }
    return nullptr;
  }

  // --- setup (CK:143-237)
  void start(const std::vector<SeatPlan>& plans) {
    plans_ = plans;
    std::vector<std::string> names;
    for (const SeatPlan& plan : plans) names.push_back(plan.name);
    must(StartGame{"cutthroat", names});
  }
  void name_houses() {
    for (const SeatPlan& plan : plans_) choose("House " + plan.house);
  }
  void lay_kingdom() {
    for (std::size_t slot = 0; slot < plans_.size() + 2; ++slot) {
      if (kKingdom[slot].empty()) choose("Untagged territory");
      else scan(kKingdom[slot]);
    }
  }
  // Houses, an event deck of `events` and the kingdom: the starter vote is open.
  void to_starter_vote(const std::vector<SeatPlan>& plans, int events) {
    start(plans);
    name_houses();
    set(events);
    lay_kingdom();
  }
  // Every seat proposes itself and votes for itself: a tie.
  void tied_starter_vote() {
    for (const SeatPlan& plan : plans_) choose("Propose " + plan.name);
    ok();
    for (const SeatPlan& plan : plans_) choose(plan.name);
  }
  void vote_starter(const std::string& starter) {
    choose("Propose " + starter);
    ok();
    for (std::size_t i = 0; i < plans_.size(); ++i) choose(starter);
  }
  void take_land(const SeatPlan& plan) {
    scan(plan.land);
    for (const Military& card : plan.stack) play(card);
    ok();
    choose("Coins");
  }
  // Houses, an event deck of `events`, the kingdom, the vote for `starter`, and the starting
  // territories clockwise from the starter: turn 1 begins.
  void set_up(const std::vector<SeatPlan>& plans = four_seats(), const std::string& starter = "Ann", int events = 8) {
    to_starter_vote(plans, events);
    vote_starter(starter);
    std::size_t first = 0;
    while (plans_[first].name != starter) ++first;
    for (std::size_t i = 0; i < plans_.size(); ++i) take_land(plans_[(first + i) % plans_.size()]);
  }

  // --- the turn (CK:344-375)
  // Resource: coins from every territory the player owns, then OK.
  void to_actions() {
    for (auto coins = coins_option(); coins && !HasFatalFailure(); coins = coins_option()) choose(*coins);
    ok();
  }
  // The first "<territory>: Coins" the Resource prompt offers.
  std::optional<std::string> coins_option() const {
    for (const std::string& label : prompt().labels()) {
      if (label.ends_with(": Coins")) return label;
    }
    return std::nullopt;
  }
  void to_event() {
    to_actions();
    ok();
  }
  void quiet_turn() {
    to_event();
    choose("Untagged event");
    ok();
  }
  void attack(const std::string& territory) {
    choose("Attack");
    choose(territory);
  }
  // An attacking card the owner does not answer: the top defender dies.
  void attack_undefended(const Military& card) {
    play(card);
    pass();
  }
  // Ann kills Ben's three defenders on Nyghtwald (blue soldier, face-down mercenary, yellow
  // soldier), none defended: the stack is empty and Ann may conquer it.
  void empty_nyghtwald() {
    attack("Nyghtwald");
    for (const Military& card : {soldier("Brom", 3, "blue"), soldier("Brom", 4, "red"), soldier("Brom", 5, "yellow")}) {
      attack_undefended(card);
    }
  }
  // The four-seat game set up, and Ann's turn 1 on to its Action phase, or to its event.
  void ann_acts() {
    set_up();
    to_actions();
  }
  void ann_draws() {
    set_up();
    to_event();
  }
  // Three seats and an event deck of 3: turns 1 and 2 draw untagged events, Cat's turn 3 is to
  // draw the last.
  void to_third_of_three_events() {
    set_up(three_seats(), "Ann", 3);
    quiet_turn();
    quiet_turn();
    to_event();
  }
  // The Royal Wedding drawn this turn: one couple married, the wooing over.
  void wed(const std::string& a, const std::string& b) {
    to_event();
    scan("Royal Wedding");
    choose("Marry " + a + " and " + b);
    ok();
  }

 private:
  std::optional<Command> answer_to(const Question& asked) const {
    if (asked.stat.ends_with("coin_income")) return SetNumber{kCoinIncome};  // either side, plagued_ too
    if (asked.stat.ends_with("gem_income")) return SetNumber{kGemIncome};
    const auto colour = told_.find(asked.subject.key());
    if (asked.stat == "colour" && colour != told_.end()) return Choose{colour->second};
    return std::nullopt;
  }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  CardLibrary library_;
  std::optional<Session> session_;
  std::vector<SeatPlan> plans_;
  std::map<std::string, std::string> told_;  // a copy's key -> its colour
  std::int64_t clock_ = 0;
};

constexpr int kAnn = 0;
constexpr int kBen = 1;
constexpr int kCat = 2;
constexpr int kDan = 3;

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
  EXPECT_FALSE(prompt().has_option("Marrow"));
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
  EXPECT_FALSE(prompt().has_option("Marrow: Both"));
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
  EXPECT_TRUE(prompt().has_option("Nyghtwald: Coins"));
  EXPECT_FALSE(prompt().has_option("Nyghtwald: Both")) << "Opulence lasts the turn it is granted";
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
  ok();
  cancel_check("Ann owns no territory and has not collected the 3");
  choose("Collect 3 (no territory)");
  EXPECT_EQ(last_log(), "Ann owns no territory and collects 3 coins, paid by the bank");
  EXPECT_FALSE(prompt().has_option("Collect 3 (no territory)"));
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
  EXPECT_FALSE(prompt().has_option("Buy a hireling"));
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
  cancel_check("the mercenary deck holds 36 cards");
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
  EXPECT_FALSE(prompt().has_option("Collect the dead"));
  choose("Collect the dead");
  EXPECT_EQ(warning(), "Ann has collected the dead this turn");
}

// CK-14: only an unoccupied territory is conquered outright (CK:367, 412).
TEST_F(CutthroatFlowsTest, ConqueringAnOccupiedTerritoryIsWarned) {
  ann_acts();
  choose("Conquer");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"The Hanging Tongue", "Territory 6"}));
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
  EXPECT_FALSE(prompt().has_option("Marrow"));
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
  choose("Untagged event");
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
  choose("Untagged event");
  override_check("event card 3 is the deck's last: the Royal Feast");
  ok();  // resolved at the table: Ann's turn 4
  to_event();
  choose("Untagged event");
  EXPECT_EQ(warning(), "the event deck holds 3 cards: the game ended with the Royal Feast");
}

// CK-27: Welcome to Aurum, "Players may only make 1 deal", and "If a player is left out, they may
// make a deal with any 1 player who has already made a deal, however only they collect the 5"
// (CK:572): a seat with a deal is warned as the first party; a seat without one dealing with it
// collects alone.
TEST_F(CutthroatFlowsTest, WelcomeToAurumIsOneDealASeatAndALeftOutSeatCollectsAlone) {
  ann_draws();
  scan("Welcome to Aurum");
  choose("Ann");
  choose("Ben");
  EXPECT_EQ(last_log(), "Ann and Ben make a formal deal (handshake): each collects 5 coins");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Cat", "Dan", "Negotiation timer"}));
  choose("Ann");
  cancel_check("Ann has made a deal already");
  choose("Cat");
  choose("Ben");
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
TEST_F(CutthroatFlowsTest, AMarriedSeatIsNotOfferedAndAnHeirKilledDissolvesTheMarriage) {
  ann_draws();
  scan("Royal Wedding");
  choose("Marry Ben and Cat");
  EXPECT_EQ(last_log(), "Ben and Cat marry: their heirs swap seats (each heir card goes to the other's area)");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Marry Ann and Dan"}));
  choose("Marry Ann and Ben");
  cancel_check("Ann and Ben cannot marry: both must be unmarried with a living heir");
  menu("Heir killed: Ben's");
  EXPECT_TRUE(logged("The Royal Heir of House Slaine is killed and is flipped face down"));
  EXPECT_TRUE(logged("The marriage of Ben and Cat is dissolved (an heir died): the heirs go back to their houses"));
  EXPECT_EQ(last_log(), "Dark Influence: Ben collects 3 coins from the bank");  // CK:910, Ben is Slaine
  EXPECT_EQ(seat_books(kBen)["married_to"], nullptr);
  EXPECT_EQ(seat_books(kCat)["married_to"], nullptr);
  EXPECT_EQ(seat_books(kBen)["heir_alive"], false);
  EXPECT_FALSE(prompt().has_option("Marry Ben and Dan")) << "a dead heir does not marry";
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
TEST_F(CutthroatFlowsTest, ATwicePerGameAbilityUsedAThirdTimeIsWarned) {
  set_up();
  menu("Venom (Ben, 2 left)");
  EXPECT_EQ(last_log(), "Ben uses Venom");
  menu("Venom (Ben, 1 left)");
  EXPECT_EQ(seat_books(kBen)["uses_left"]["Venom"], 0);
  menu("Venom (Ben, 0 left)");
  EXPECT_EQ(warning(), "Ben has used Venom twice");
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
  cancel_check("Fury follows killing the last military card on a territory");
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
  choose("Stonehold");
  EXPECT_EQ(warning(), "Fury follows killing the last military card on a territory");
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
