// Properties over random legal play: a seeded walker answers whatever the device asks with one of
// the things a table could do (an option, a number, OK, PASS, a card, a menu move, undo, redo).
// Whatever happens, the log replays to the live state, undo then redo restores the board, and
// food never goes below zero nor above storage unless the players overrode a check.
#include <gtest/gtest.h>

#include <random>

// GCC 12 sees a moved-from std::variant<..., SetNumber> as maybe uninitialized (a known false
// positive of -Wmaybe-uninitialized at -O2); the values are always set.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include "R9eTable.hpp"

namespace seneschal::engine {
namespace {

using test::R9eTable;

const std::vector<std::string> kHand = {"Hektor", "Zahir", "Jack Newcomer", "Training Grounds", "The Biggest Turnip",
                                        "Blight", "Undermarket Dealings"};

void tell_everything(R9eTable& table) {
  for (const char* stronghold : {"Protectorate of Malchior", "Kingdom of Holden"}) {
    table.tell(stronghold, "renown", 4);
    table.tell(stronghold, "castle_points", 3);
    table.tell(stronghold, "gold_production", 4);
  }
  table.tell("Motte and Bailey", "gold_production", 2);
  for (const char* castle : {"Hammerdoom's Roost", "Border Keep", "Sanctuary"}) {
    table.tell(castle, "castle_point_cost", 1);
    table.tell(castle, "storage", 3);
  }
  for (const char* hero : {"Hektor", "Zahir", "Jack Newcomer"}) {
    for (const char* stat : {"strength", "will", "glory", "gold_cost", "food_cost", "fate"}) table.tell(hero, stat, 1);
  }
  for (const char* card : {"Training Grounds", "The Biggest Turnip", "Blight", "Undermarket Dealings", "Motte and Bailey",
                           "Hammerdoom's Roost", "Border Keep", "Sanctuary", "Protectorate of Malchior",
                           "Kingdom of Holden", "The Biggest Turnip (completed quest token)"}) {
    for (const char* stat : {"fate", "might", "renown_reward", "gold_cost", "food_cost"}) table.tell(card, stat, 1);
  }
}

Command random_command(std::mt19937_64& rng, const Prompt& prompt, const std::vector<std::string>& menu) {
  std::vector<Command> choices;
  for (const Option& option : prompt.options) choices.push_back(Choose{option.label});
  if (prompt.wants_number) {
    for (int n = 0; n <= 3; ++n) choices.push_back(SetNumber{n});
  }
  if (!prompt.ok.empty()) choices.push_back(Ok{});
  choices.push_back(Pass{});
  if (prompt.takes_cards) {
    for (const std::string& title : kHand) choices.push_back(PresentCard{card_id_from_title(title), 1 + int(rng() % 2)});
  }
  if (!menu.empty() && rng() % 4 == 0) return Choose{"menu:" + menu[rng() % menu.size()]};
  if (rng() % 25 == 0) return Undo{};
  if (rng() % 40 == 0) return Redo{};
  return choices[rng() % choices.size()];
}

bool overridden(const TableState& state) {
  for (const LogEntry& entry : state.log) {
    if (entry.text.rfind("Override:", 0) == 0) return true;
  }
  return false;
}

// Everything but the log and the seat clocks, which an UNDO adds to and does not take back.
nlohmann::json board(const TableState& state) {
  auto json = to_json(state);
  json.erase("log");
  json.erase("clocks");
  return json;
}

class R9ePropertyTest : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(R9ePropertyTest, RandomPlayKeepsTheBooksConsistent) {
  R9eTable table({"Mark", "Shawn"});
  tell_everything(table);
  table.seat_setup("Protectorate of Malchior", {"Hammerdoom's Roost", "Border Keep"});
  table.seat_setup("Kingdom of Holden", {"Border Keep", "Sanctuary"});
  table.choose("Mark");

  std::mt19937_64 rng(GetParam());
  int accepted = 0;
  for (int step = 0; step < 250 && !table.state().winner; ++step) {
    Session& session = table.session();
    const Prompt prompt = session.prompt();
    std::vector<std::string> menu;
    if (!session.menu_open()) {
      for (const Option& option : session.module()->menu(session.state())) menu.push_back(option.label);
    }
    Command command = random_command(rng, prompt, menu);
    if (auto* choose = std::get_if<Choose>(&command); choose && choose->label.rfind("menu:", 0) == 0) {
      if (!session.apply(Menu{}, step).has_value()) continue;
      command = Choose{choose->label.substr(5)};
    }
    accepted += table.attempt(command, rng()).has_value() ? 1 : 0;

    for (const PlayerState& player : table.state().players) {
      for (const r9e::CastleState& castle : table.books(player.name).castles) {
        ASSERT_GE(castle.food, 0) << player.name << " " << castle.card << " at step " << step;
        if (!overridden(table.state())) {
          ASSERT_LE(castle.food, castle.storage) << player.name << " " << castle.card << " at step " << step;
        }
      }
    }
  }
  EXPECT_GT(accepted, 50);

  // Undo then redo gives the same board.
  if (table.session().can_undo()) {
    const auto before = board(table.state());
    ASSERT_TRUE(table.session().apply(Undo{}, 1).has_value());
    ASSERT_TRUE(table.session().apply(Redo{}, 1).has_value());
    EXPECT_EQ(board(table.state()), before);
  }

  // The SQLite log replays to exactly the live state.
  const std::uint64_t live = state_hash(table.state());
  ModuleRegistry registry;
  register_builtin_modules(registry);
  CardLibrary library;
  library.emplace("r9e", test::shipped_r9e_cards());
  auto store = EventStore::open(table.db_path());
  ASSERT_TRUE(store.has_value());
  auto replayed = Session::resume(std::move(store).value(), registry, std::move(library));
  ASSERT_TRUE(replayed.has_value()) << replayed.error().message;
  EXPECT_EQ(state_hash(replayed->state()), live);
}

INSTANTIATE_TEST_SUITE_P(Seeds, R9ePropertyTest, ::testing::Values(1u, 2u, 3u, 4u));

}  // namespace
}  // namespace seneschal::engine
