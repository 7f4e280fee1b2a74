#pragma once
// An R9E game on the shipped card data, in a real SQLite file, driven the way the table drives
// it. Card values the books do not print are told when the device asks, from values the test
// gives up front; a question the test did not expect fails the test with its card and stat.

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "ShippedCards.hpp"
#include "TableVerbs.hpp"
#include "r9e/r9e_data.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"

namespace seneschal::engine::test {

// A line of the log that contains text.
inline bool logged(const TableState& state, const std::string& text) {
  for (const LogEntry& entry : state.log) {
    if (entry.text.find(text) != std::string::npos) return true;
  }
  return false;
}

// The shipped card data with the keywords a book does not print given to some cards, for a
// rule the shipped data cannot raise yet (an item's keywords, a faction keyword): the JSON as
// shipped, changed, and parsed as firmware parses it. {"Excel R-8", {"Weapon"}}.
inline std::shared_ptr<const CardDatabase> r9e_cards_with_keywords(
    const std::map<std::string, std::vector<std::string>>& keywords) {
  const std::string path = std::string(SENESCHAL_SOURCE_DIR) + "/assets/cards/r9e.json";
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json data = nlohmann::json::parse(text.str());
  for (auto& card : data["cards"]) {
    const auto it = keywords.find(card.value("title", ""));
    if (it == keywords.end()) continue;
    card["keywords"] = it->second;
    card["sourced"]["keywords"] = "a test's card data";
  }
  auto db = CardDatabase::parse_json(data.dump(), path);
  if (!db) throw std::runtime_error(db.error().message);
  return std::make_shared<const CardDatabase>(std::move(db).value());
}

class R9eTable : public TableVerbs<R9eTable> {
 public:
  explicit R9eTable(std::vector<std::string> seats, std::shared_ptr<const CardDatabase> cards = shipped_r9e_cards()) {
    register_builtin_modules(registry_);
    CardLibrary library;
    library.emplace("r9e", std::move(cards));
    auto store = EventStore::open(dir_.file("game.sqlite"));
    auto session = Session::resume(std::move(store).value(), registry_, std::move(library));
    session_.emplace(std::move(session).value());
    must(StartGame{"r9e", std::move(seats)});
  }

  // What the players answer when the device asks for a value the card data lacks.
  void tell(const std::string& title, const std::string& stat, int value) {
    told_[card_id_from_title(title)][stat] = value;
  }
  // Whether a card prints a keyword the data does not state ("Look at the card: Hektor's Brutal
  // keyword?"), answered when the device asks.
  void tell_keyword(const std::string& title, const std::string& keyword, bool printed) {
    told_words_[card_id_from_title(title)][keyword + "_keyword"] = printed ? "printed" : "not printed";
  }

  // The values the rulebook's Example of Play tells (Mark with Malchior, Shawn with Holden).
  void tell_example_of_play() {
    tell("Protectorate of Malchior", "renown", 4);
    tell("Protectorate of Malchior", "castle_points", 3);
    tell("Protectorate of Malchior", "gold_production", 4);
    tell("Kingdom of Holden", "castle_points", 3);
    tell("Kingdom of Holden", "gold_production", 4);
    tell("Motte and Bailey", "gold_production", 2);
    for (const char* castle : {"Hammerdoom's Roost", "Border Keep", "Sanctuary"}) {
      tell(castle, "castle_point_cost", 1);
      tell(castle, "storage", 2);
    }
    tell("Hektor", "gold_cost", 6);
    tell("Jack Newcomer", "gold_cost", 6);
    tell("Jack Newcomer", "glory", 1);
    tell("Zahir", "gold_cost", 0);
    // The text on Hammerdoom's Roost adds a food when Mark's attack takes a castle (line 859).
    tell("Hammerdoom's Roost", "food_per_castle_taken", 1);
    tell("Border Keep", "food_per_castle_taken", 0);
    tell("Sanctuary", "food_per_castle_taken", 0);
    // At Your Command gives Zahir 2 Strength (line 853); the other tactics none.
    tell("At Your Command", "strength_bonus", 2);
    tell("Touch of Shad-Hujem", "strength_bonus", 0);
    tell("Blight", "strength_bonus", 0);
  }

  // Runs a command; answers the value questions it raises from what the test told. Every move
  // the rules take says what it did in the log (an UNDO names it by that line), unless it stops
  // at a question or a check, which the screen puts to the players instead.
  Result<Accepted> attempt(const Command& command, std::uint64_t entropy = 0) {
    auto result = session_->apply(command, ++clock_, entropy);
    for (int guard = 0; result && guard < 20; ++guard) {
      const auto detail = to_json(state())["detail"];
      if (!detail.contains("question")) break;
      const std::string card = detail["question"]["card"];
      const std::string stat = detail["question"]["stat"];
      result = answer(card, stat, detail["question"].contains("words"));
    }
    // UNDO and REDO are the session's to word, and a card turned on the table may change nothing.
    const bool rules_move = !is_table_command(command) && !std::holds_alternative<Undo>(command) &&
                            !std::holds_alternative<Redo>(command);
    if (result && rules_move && result->group != 0 && result->text.empty() && !state().pending) {
      return fail(describe(command) + " was taken but logged nothing");
    }
    return result;
  }

  // The rulebook check the last command stopped at, or "" when none waits.
  std::string warning() const {
    const auto detail = to_json(state())["detail"];
    return detail.contains("warning") ? detail["warning"].get<std::string>() : std::string();
  }


  // The check waits with its reason; the prompt says it, offers "Do it anyway" and starts on
  // Cancel (a bare OK on the buttons cancels); "Do it anyway" runs the move, logged as overridden.
  void override_check(const std::string& reason) {
    ASSERT_EQ(warning(), reason);
    const Prompt shown = prompt();
    EXPECT_NE(shown.text.find(reason), std::string::npos) << shown.text;
    ASSERT_TRUE(shown.has_option("Do it anyway"));
    EXPECT_EQ(shown.options.at(static_cast<std::size_t>(shown.preselected())).label, "Cancel");
    EXPECT_LT(reason.size(), 160u) << "too long for the banner: " << reason;
    choose("Do it anyway");
    EXPECT_EQ(warning(), "");
    EXPECT_TRUE(logged(state(), "Override: " + reason));
  }

  // The Example of Play's attack: Mark sends Hektor and Zahir to Shawn's Border Keep, and Shawn
  // defends it with Jack Newcomer.
  void attack_border_keep() {
    menu("Attack");
    for (const char* hero : {"Hektor", "Zahir", "Jack Newcomer"}) {
      choose(hero);
      choose("Border Keep");
    }
  }

  // One seat's setup: stronghold, castles, OK, keep the hand.
  void seat_setup(const std::string& stronghold, const std::vector<std::string>& castles) {
    scan(stronghold);
    for (const std::string& castle : castles) scan(castle);
    ok();
    ok();
  }

  const TableState& state() const { return session_->state(); }
  Prompt prompt() const { return session_->prompt(); }
  Session& session() { return *session_; }
  std::string db_path() const { return dir_.file("game.sqlite"); }
  int seat(const std::string& name) const {
    for (int i = 0; i < static_cast<int>(state().players.size()); ++i) {
      if (state().players[i].name == name) return i;
    }
    return -1;
  }
  const PlayerState& player(const std::string& name) const { return state().players.at(seat(name)); }
  // R9E's own books for a seat (castles, quests, faction): the module's, not the core's.
  const r9e::Data& r9e() const { return static_cast<const r9e::Data&>(*state().data.get()); }
  const r9e::SeatBooks& books(const std::string& name) const { return r9e().seats.at(static_cast<std::size_t>(seat(name))); }
  int food_total(const std::string& name) const { return r9e().food_total(seat(name)); }
  const r9e::CastleState& castle(const std::string& name, const std::string& title) const {
    for (const r9e::CastleState& c : books(name).castles) {
      if (c.card == card_id_from_title(title)) return c;
    }
    throw std::runtime_error(name + " has no castle " + title);
  }
  const CardInPlay* in_play(const std::string& name, const std::string& title) const {
    for (const CardInPlay& c : player(name).in_play) {
      if (c.card == card_id_from_title(title)) return &c;
    }
    return nullptr;
  }

 private:
  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  std::optional<Session> session_;
  Result<Accepted> answer(const std::string& card, const std::string& stat, bool words) {
    if (words) {
      auto it = told_words_.find(card);
      if (it == told_words_.end() || !it->second.count(stat)) {
        return fail("the device asked for " + card + " " + stat + ", which the test did not tell");
      }
      return session_->apply(Choose{it->second.at(stat)}, ++clock_);
    }
    auto it = told_.find(card);
    if (it == told_.end() || !it->second.count(stat)) {
      return fail("the device asked for " + card + " " + stat + ", which the test did not tell");
    }
    return session_->apply(SetNumber{it->second.at(stat)}, ++clock_);
  }

  std::map<std::string, std::map<std::string, int>> told_;
  std::map<std::string, std::map<std::string, std::string>> told_words_;
  std::int64_t clock_ = 0;
};

}  // namespace seneschal::engine::test
