#pragma once
// A real Session of Nine with the registered module and the shipped card data
// (assets/cards/nine.json), for the flows' and the checks' tests: what the device asks of a face
// or a structure is told from the made-up deck below (the rules print no faces), the one
// tests/data/scripts/whole-match.nine teaches (B8); helpers show cards where the camera would see
// them, press buttons and raise, override or cancel checks.

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ShippedCards.hpp"
#include "TableVerbs.hpp"
#include "StateReading.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine::test {

// A face with its tag upright (B8): the resources on the top and bottom long edges, the structures
// on the left and right short sides. 5B is never seen in the script; it is made up here.
struct Face {
  const char* id;
  const char* top;
  const char* bottom;
  const char* left;
  const char* right;
};
inline constexpr Face kFaces[] = {
    {"1A", "Crew", "Lumber", "Tavern", "Farm"},         {"1B", "Food", "Stone", "Saw Mill", "Quarry"},
    {"2A", "Lumber", "Crew", "Saw Mill", "Tavern"},     {"2B", "Ore", "Gold", "Armoury", "Farm"},
    {"3A", "Crew", "Stone", "Quarry", "Stonemason"},    {"3B", "Lumber", "Food", "Tavern", "Goldsmith"},
    {"4A", "Gold", "Crew", "Farm", "Demolition Team"},  {"4B", "Crew", "Ore", "Armoury", "Saw Mill"},
    {"5A", "Stone", "Lumber", "Goldsmith", "Tavern"},   {"5B", "Ore", "Food", "Quarry", "Farm"},
    {"6A", "Food", "Crew", "Stonemason", "Saw Mill"},   {"6B", "Gold", "Lumber", "Tavern", "Armoury"},
    {"7A", "Crew", "Ore", "Castle", "Farm"},            {"7B", "Stone", "Crew", "Cathedral", "Quarry"},
    {"8A", "Ore", "Crew", "Monument", "Tavern"},        {"8B", "Lumber", "Gold", "Harbour", "Stonemason"},
    {"9A", "Crew", "Food", "Town Square", "Goldsmith"}, {"9B", "Crew", "Stone", "Farm", "Saw Mill"},
};

// A structure as the table teaches it: cost items ("Stone/Ore" a slash item), the structures it
// needs, what it provides ("" where the card data says) and its shield. The Tavern's cost and the
// Castle's cost and needs are the card data's (N9:47, 55): the device never asks them. Only the
// structures these tests build are listed.
struct Taught {
  const char* name;
  std::vector<std::string> cost;
  std::vector<std::string> needs;
  const char* provides;
  int points;
};
inline const std::vector<Taught> kStructures = {
    {"Tavern", {}, {}, "", 0},
    {"Farm", {"Crew"}, {}, "", 0},
    {"Saw Mill", {"Crew", "Food"}, {}, "", 0},
    {"Goldsmith", {"Crew", "Stone/Ore"}, {}, "Gold", 1},
    {"Demolition Team", {"Crew", "Food"}, {}, "Nothing", 0},
    {"Stonemason", {"Crew", "Stone"}, {}, "Nothing", 1},
    {"Armoury", {"Crew", "Ore"}, {}, "Nothing", 1},
    {"Castle", {}, {}, "Nothing", 5},
    {"Monument", {"Crew", "Stone", "Lumber"}, {}, "Nothing", 4},
};

// A card as it comes off the deck: its face and which long edge is up (0 the top's, 180 the bottom's).
struct Lie {
  std::string face;
  int quarter = 0;
};

inline std::string flipped(const std::string& face) { return face.substr(0, 1) + (face[1] == 'A' ? "B" : "A"); }

class NineSession : public ::testing::Test, public TableVerbs<NineSession> {
  friend class TableVerbs<NineSession>;

 protected:
  NineSession() {
    register_builtin_modules(registry_);
    library_.emplace("nine", test::shipped_cards("nine"));
    auto session = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, library_);
    session_.emplace(std::move(session).value());
  }
  // A table's answers file (card-answers.json) laid over the card data, as the daemon lays it
  // before a game: the session starts afresh on it.
  void lay_answers(const CardOverlay& answers) {
    std::vector<std::string> ignored;
    library_["nine"] = std::make_shared<const CardDatabase>(answers.apply(*test::shipped_cards("nine"), ignored));
    session_.reset();
    auto session = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, library_);
    session_.emplace(std::move(session).value());
  }
  // A command answered by hand, nothing told for it: the question the device asks next ("" when
  // none waits).
  std::string answer(const Command& command) {
    auto result = session_->apply(command, clock_ += 1000);
    EXPECT_TRUE(result.has_value()) << result.error().message;
    const auto& pending = state().pending;
    return pending && pending->kind == Pending::Kind::Value ? pending->question.stat : std::string();
  }
  // The questions the device asked of `subject` ("ARMOURY", "3A"), in order: their stats.
  std::vector<std::string> asked_of(const std::string& subject) const {
    std::vector<std::string> stats;
    for (const Question& q : asked_) {
      if (q.subject.card == subject) stats.push_back(q.stat);
    }
    return stats;
  }
  std::vector<Question> asked_;  // every question the device asked, in order

  // --- commands; what the device asks of a face or a structure is told from the tables above
  Result<Accepted> attempt(const Command& command, std::uint64_t entropy = 0) {
    return apply_telling(*session_, clock_, command, entropy);
  }
  // A card seen by the camera: its face's tag, the zone it lies in and its quarter turn.
  void show(const std::string& face, int quarter, const std::string& zone) {
    Placement where;
    where.zone = zone;
    where.quarter = quarter;
    must(PresentCard{face, 1, where});
  }
  void show(const Lie& lie, const std::string& zone = "deck") { show(lie.face, lie.quarter, zone); }
  void turn(const std::string& face, int quarter) { must(TurnCard{face, 1, quarter}); }
  // The check waiting is `reason`, offered as "Check: ..." with "Do it anyway"; the table does it
  // anyway, or cancels the move it stopped.
  void expect_check(const std::string& reason) {
    EXPECT_EQ(warning(), reason);
    EXPECT_TRUE(prompt().text.starts_with("Check: ")) << prompt().text;
    EXPECT_TRUE(prompt().has_option("Do it anyway"));
  }
  void override_check(const std::string& reason) {
    expect_check(reason);
    choose("Do it anyway");
    EXPECT_TRUE(logged("Override: " + reason)) << last_log();
  }
  void cancel_check(const std::string& reason) {
    expect_check(reason);
    pass();
  }

  // --- the flows
  // Game 1 of a one-seat match with `target` set aside (N9:93).
  void start(const std::string& target = "7A") {
    must(StartGame{"nine", {"Solo"}});
    show(target, 0, "target");
  }
  // The round's first card slides to the centre, the next one is the deck's top (N9:109).
  void open(const Lie& first, const Lie& second) {
    show(first);
    show(second);
  }
  // Game 1 with the target 7A: `first` in the centre and `second` on the deck; a pass flips
  // `first`, seen on the pile as `pile`; `next` tops the deck and `second` slides to the centre.
  void after_a_pass(const Lie& first, const Lie& second, const Lie& pile, const Lie& next) {
    start("7A");
    open(first, second);
    pass();
    show(pile, "discard");
    show(next);
  }
  // PASS until the deck is played through (N9:116-118): `centre` lies in the centre, `deck` is the
  // deck's top (shown already) and the cards under it, top first. Each flipped card is seen on the
  // pile with its first long edge up.
  void pass_out(std::string centre, const std::vector<Lie>& deck) {
    for (std::size_t i = 0;; ++i) {
      pass();
      show(flipped(centre), 0, "discard");
      if (i >= deck.size() || HasFatalFailure()) break;
      centre = deck[i].face;
      if (i + 1 < deck.size()) show(deck[i + 1]);
    }
  }
  // A round of passes only, on a fresh deck, top first.
  void pass_round(const std::vector<Lie>& deck) {
    open(deck[0], deck[1]);
    pass_out(deck[0].face, std::vector<Lie>(deck.begin() + 1, deck.end()));
  }

  // Game 1 to the Castle (B5.2): Goldsmith, Armoury and Stonemason, then the Castle for 2 Crew; the
  // Castle tried before the Stonemason stands raises the check, and is cancelled.
  void castle_game() {
    after_a_pass({"9A", 0}, {"4A", 0}, {"9B", 0}, {"5A", 0});  // 5A: a Goldsmith (left) for the centre's Gold and the pile's Crew
    show("5A", 90, "city");
    show("4B", 0, "discard");  // 4A paid: flipped, Crew up (the Armoury on its left)
    open({"1A", 0}, {"3A", 0});
    show("4B", 90, "city");  // the Armoury from the pile: two Crews could go with the Goldsmith's Gold
    EXPECT_EQ(prompt().text, "Armoury: Goldsmith Gold and what else paid?");
    EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"deck Crew", "centre Crew", "Something else paid"}));
    choose("centre Crew");
    show("1B", 180, "discard");  // Stone up
    show("6A", 180, "deck");     // Crew up; 3A (Crew) slid into the centre
    show("7A", 90, "city");      // the Castle, with the Stonemason missing
    cancel_check("Castle needs Stonemason in the city first (N9:55)");
    show("6A", 90, "city");  // the Stonemason for the centre's Crew and the pile's Stone
    show("3B", 0, "discard");
    open({"2A", 180}, {"8A", 180});  // two Crews
    show("7A", 90, "city");
  }

  // --- what the device shows
  const TableState& state() const { return session_->state(); }
  Prompt prompt() const { return session_->prompt(); }
  nlohmann::json detail() const { return to_json(state())["detail"]; }
  BoardView board() const { return session_->module()->describe(state()); }
  std::string counter(const std::string& label) const {
    for (const CounterView& c : board().seats.at(0).counters) {
      if (c.label == label) return c.value;
    }
    return "(none)";
  }
  std::string warning() const { return test::waiting_check(state()); }
  bool logged(const std::string& line) const { return test::has_log_line(state(), line); }
  std::string last_log() const { return state().log.back().text; }
  // The log's last lines, for a failure's message.
  std::string log_tail(std::size_t lines = 6) const {
    std::string out;
    const auto& log = state().log;
    for (std::size_t i = log.size() > lines ? log.size() - lines : 0; i < log.size(); ++i) out += "\n  " + log[i].text;
    return out;
  }
  std::size_t events() const { return session_->events().size(); }
  // How the table and the books disagree now (the firmware asks once one lasts).
  std::vector<Disagreement> mismatches_now() const { return session_->mismatches(); }
  // A restart: the log on disk, replayed by a new Session, reaches the same state and prompt.
  void expect_replays() {
    auto again = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, library_);
    ASSERT_TRUE(again.has_value()) << again.error().message;
    EXPECT_EQ(state_hash(again->state()), state_hash(state()));
    EXPECT_EQ(to_json(again->state()), to_json(state()));
    EXPECT_EQ(again->prompt().text, prompt().text);
  }

 private:
  // The whole cost as one choice: Crew alone or with one more item, else Crew and the rest item by
  // item, else every item.
  static std::string whole_cost_word(const std::vector<std::string>& cost) {
    if (cost.empty() || cost.front() != "Crew") return "Other cost";
    if (cost.size() == 1) return "Crew";
    if (cost.size() == 2) return "Crew + " + cost[1];  // a slash item as the list says it: "Stone/Ore"
    return "Crew + more";
  }
  // What a structure gives as one choice: its product and its shield, else told apart.
  static std::string gives_word(const Taught& s) {
    const std::string provides = s.provides;
    const std::string name = s.name;
    const bool high = name == "Castle" || name == "Cathedral" || name == "Monument" || name == "Harbour" || name == "Town Square";
    if (high) return provides == "Nothing" && s.points >= 3 && s.points <= 10 ? std::to_string(s.points) + " VP" : "Something else";
    if (s.points > 1) return "Something else";
    if (provides == "Nothing") return s.points == 1 ? "1 VP" : "Nothing";
    return s.points == 1 ? provides + " + 1 VP" : provides;
  }
  std::optional<Command> answer_to(const Question& asked) {
    asked_.push_back(asked);
    const std::string& stat = asked.stat;
    for (const Face& face : kFaces) {
      if (asked.subject.card != face.id) continue;
      if (stat == "top_resource") return Choose{face.top};
      if (stat == "bottom_resource") return Choose{face.bottom};
      if (stat == "left_structure") return Choose{face.left};
      if (stat == "right_structure") return Choose{face.right};
      return std::nullopt;
    }
    for (const Taught& s : kStructures) {
      if (asked.subject.card != card_id_from_title(s.name)) continue;
      if (stat == "provides") return Choose{s.provides};
      if (stat == "cost") return Choose{whole_cost_word(s.cost)};
      if (stat == "product_and_shield") return Choose{gives_word(s)};
      if (stat == "points") return SetNumber{s.points};
      auto nth = [&](std::size_t prefix) { return static_cast<std::size_t>(std::stoi(stat.substr(prefix))) - 1; };
      if (stat.starts_with("needs_")) {
        const std::size_t i = nth(6);
        return Choose{i < s.needs.size() ? s.needs[i] : "Nothing more"};
      }
      if (stat.starts_with("cost_")) {
        const std::size_t i = nth(5);
        if (i >= s.cost.size()) return Choose{"Nothing more"};
        const std::string& item = s.cost[i];
        const std::size_t slash = item.find('/');
        if (stat.ends_with("_slash_left")) return Choose{item.substr(0, slash)};
        if (stat.ends_with("_slash_right")) return Choose{item.substr(slash + 1)};
        return Choose{slash == std::string::npos ? item : "Either of two"};
      }
    }
    return std::nullopt;
  }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  CardLibrary library_;
  std::optional<Session> session_;
  std::int64_t clock_ = 0;
};

// The script's first deck (whole-match.nine), top first: 8 A faces, about half of them rotated.
inline const std::vector<Lie> kDeck = {{"2A", 0}, {"5A", 0}, {"1A", 0}, {"6A", 180}, {"3A", 0}, {"4A", 0}, {"9A", 0}, {"8A", 180}};

}  // namespace seneschal::engine::test
