#pragma once
// A small card file in the engine's schema, so engine tests don't depend on the shipped data
// changing as the card lists grow.

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "seneschal/engine/card.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::engine::test {

// Every value the rules need is stated, so session tests never stop at a question: a quick
// setup (Holden, one castle), heroes that cost nothing.
inline constexpr const char* kR9eCards = R"({
  "schema": 2, "game": "r9e", "tag_code": "R9E", "title": "Romance of the Nine Empires",
  "types": ["stronghold", "castle", "hero", "property", "quest", "tactic"],
  "stat_names": ["will", "strength", "glory", "renown", "renown_reward", "glory_cost", "fate", "might", "storage",
                 "castle_points", "castle_point_cost", "gold_cost", "food_cost", "gold_production"],
  "cards": [
    {"title": "Kingdom of Holden", "type": "stronghold", "stats": {"renown": 5, "castle_points": 3, "gold_production": 3},
     "sourced": {"renown": "test", "castle_points": "test", "gold_production": "test"}},
    {"title": "Border Keep", "type": "castle", "stats": {"might": 1, "storage": 3, "castle_point_cost": 1},
     "sourced": {"might": "test", "storage": "test", "castle_point_cost": "test"}},
    {"title": "Motte and Bailey", "type": "property", "stats": {"gold_production": 3}, "sourced": {"gold_production": "test"}},
    {"title": "Hektor", "type": "hero", "stats": {"gold_cost": 0, "food_cost": 0}, "sourced": {"gold_cost": "test", "food_cost": "test"}},
    {"title": "Zahir", "type": "hero", "stats": {"will": 1, "gold_cost": 0, "food_cost": 0},
     "sourced": {"will": "test", "gold_cost": "test", "food_cost": "test"}},
    {"title": "Jack Newcomer", "type": "hero", "stats": {"strength": 1, "gold_cost": 0, "food_cost": 0},
     "sourced": {"strength": "test", "gold_cost": "test", "food_cost": "test"}},
    {"title": "Training Grounds", "type": "property", "stats": {"gold_cost": 0, "food_cost": 0},
     "sourced": {"gold_cost": "test", "food_cost": "test"}},
    {"title": "The Biggest Turnip", "type": "quest", "stats": {"renown_reward": 2, "glory_cost": 0},
     "sourced": {"renown_reward": "test", "glory_cost": "test"}},
    {"title": "Blight", "type": "tactic", "stats": {"fate": 1}, "sourced": {"fate": "test"}}
  ]})";

inline CardLibrary r9e_library() {
  auto db = CardDatabase::parse_json(kR9eCards, "test cards");
  CardLibrary library;
  library.emplace("r9e", std::make_shared<const CardDatabase>(std::move(db).value()));
  return library;
}

// Both seats play Holden with one Border Keep and keep their hands; the first seat is the
// Ordained and Summer has begun.
inline void quick_setup(Session& session, const std::vector<std::string>& seats) {
  auto must = [&](const Command& command) {
    auto r = session.apply(command, 1);
    if (!r) throw std::runtime_error(describe(command) + ": " + r.error().message);
  };
  must(StartGame{"r9e", seats});
  for (std::size_t i = 0; i < seats.size(); ++i) {
    must(PresentCard{"KINGDOM-OF-HOLDEN", 1});
    must(PresentCard{"BORDER-KEEP", 1});
    must(Ok{});
    must(Ok{});
  }
  must(Choose{seats.front()});
  must(Ok{});
}

}  // namespace seneschal::engine::test
