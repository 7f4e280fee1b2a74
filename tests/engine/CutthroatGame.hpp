#pragma once
// A Cutthroat Kingdoms game played through a real Session on the shipped card data, for the flow
// and check tests: the four- and three-seat houses of the tome's examples, setup to any turn, the
// commands a table gives, and what the device shows. The values the data lacks (a territory's
// income, each soldier's colour) are told when the device asks, as a table would.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ShippedCards.hpp"
#include "TableVerbs.hpp"
#include "StateReading.hpp"
#include "common/TempDir.hpp"
#include "cutthroat/ck_module.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"

namespace seneschal::engine::ck_test {

// Every territory yields 2 coins or 1 gem, on either side (the data has no values).
inline constexpr int kCoinIncome = 2;
inline constexpr int kGemIncome = 1;

// A military card as the table shows it: the card, its copy and the colour told for that copy.
struct Military {
  std::string title;
  int copy = 1;
  std::string colour;
};

inline Military soldier(const std::string& house, int copy, const std::string& colour) {
  return {"Soldier of House " + house, copy, colour};
}
inline Military mercenary(int copy, const std::string& colour) { return {"Mercenary", copy, colour}; }

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
inline std::vector<SeatPlan> four_seats() {
  return {{"Ann", "Brom", "Marrow", {soldier("Brom", 1, "green"), soldier("Brom", 2, "red")}},
          {"Ben", "Slaine", "Nyghtwald", {soldier("Slaine", 1, "blue"), mercenary(1, "green"), soldier("Slaine", 2, "yellow")}},
          {"Cat", "Dravanof", "Three Rivers", {soldier("Dravanof", 1, "green"), soldier("Dravanof", 2, "red")}},
          {"Dan", "Crone", "Stonehold", {soldier("Crone", 1, "yellow"), soldier("Crone", 2, "blue")}}};
}

// Three seats with Cawdwell (Opulence); the kingdom is the first five slots.
inline std::vector<SeatPlan> three_seats() {
  return {{"Ann", "Brom", "Marrow", {soldier("Brom", 1, "green")}},
          {"Ben", "Slaine", "Nyghtwald", {soldier("Slaine", 1, "blue")}},
          {"Cat", "Cawdwell", "Three Rivers", {soldier("Cawdwell", 1, "red")}}};
}

// The slots in order; "" is the untagged sixth ("Territory 6").
inline const std::vector<std::string> kKingdom = {"Three Rivers", "Nyghtwald", "The Hanging Tongue", "Marrow", "Stonehold", ""};

class CutthroatGame : public ::testing::Test, public test::TableVerbs<CutthroatGame> {
  friend class test::TableVerbs<CutthroatGame>;

 protected:
  CutthroatGame() {
    registry_.add("cutthroat", cutthroat::make_module);
    library_.emplace("cutthroat", test::shipped_cards("cutthroat"));
    auto store = EventStore::open(dir_.file("game.sqlite"));
    auto session = Session::resume(std::move(store).value(), registry_, library_);
    session_.emplace(std::move(session).value());
  }

  // A new game on other card data: the shipped data with a table's answers from earlier games.
  void use_cards(std::shared_ptr<const CardDatabase> cards) {
    library_["cutthroat"] = std::move(cards);
    session_.reset();
    auto session = Session::resume(EventStore::open(dir_.file("other-cards.sqlite")).value(), registry_, library_);
    session_.emplace(std::move(session).value());
  }

  // --- commands, with the values the device asks for told from what the test said
  Result<Accepted> attempt(const Command& command, std::uint64_t entropy = 0) {
    return apply_telling(*session_, clock_, command, entropy);
  }
  // The check waiting is `reason`: the table cancels the move it stopped, or does it anyway.
  void cancel_check(const std::string& reason) {
    EXPECT_EQ(warning(), reason);
    pass();
  }
  // "Do it anyway": the move is made and the log says whose rule was overridden.
  void override_check(const std::string& reason) {
    EXPECT_EQ(warning(), reason);
    choose("Do it anyway");
    EXPECT_TRUE(logged("Override: " + reason)) << reason;
  }
  // A military card shown: its copy's colour is told when asked.
  void play(const Military& card) {
    tell_colour(card);
    scan(card.title, card.copy);
  }
  // The colour a copy is told when the device asks (a card laid with its place is sent by hand).
  void tell_colour(const Military& card) { told_[Subject{card_id_from_title(card.title), card.copy, {}}.key()] = card.colour; }
  const std::vector<SeatPlan>& plans() const { return plans_; }

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
  // The table's clock runs on by `seconds` (a sand timer runs out) before the next command.
  void wait(int seconds) { clock_ += std::int64_t{seconds} * 1000; }
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
    choose("Untagged event, resolved");
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
    // A copy's colour is asked as the card's "copy_<n>_colour" (kept across games).
    int copy = 0;
    if (std::sscanf(asked.stat.c_str(), "copy_%d_colour", &copy) != 1) return std::nullopt;
    const auto colour = told_.find(Subject{asked.subject.card, copy, {}}.key());
    if (colour != told_.end()) return Choose{colour->second};
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

inline constexpr int kAnn = 0;
inline constexpr int kBen = 1;
inline constexpr int kCat = 2;
inline constexpr int kDan = 3;

}  // namespace seneschal::engine::ck_test
