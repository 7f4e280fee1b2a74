#pragma once
// A small card file in the engine's schema, so engine tests don't depend on the shipped data
// changing as the card lists grow.

#include <memory>

#include "seneschal/engine/card.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::engine::test {

inline constexpr const char* kR9eCards = R"({
  "schema": 2, "game": "r9e", "tag_code": "R9E", "title": "Romance of the Nine Empires",
  "types": ["stronghold", "castle", "hero", "property", "quest", "tactic"],
  "stat_names": ["will", "strength", "renown_reward", "fate", "might"],
  "cards": [
    {"title": "Hektor", "type": "hero"},
    {"title": "Zahir", "type": "hero", "stats": {"will": 1}, "sourced": {"will": "test"}},
    {"title": "Jack Newcomer", "type": "hero", "stats": {"strength": 1}, "sourced": {"strength": "test"}},
    {"title": "Training Grounds", "type": "property"},
    {"title": "The Biggest Turnip", "type": "quest", "stats": {"renown_reward": 2}, "sourced": {"renown_reward": "test"}},
    {"title": "Blight", "type": "tactic", "stats": {"fate": 1}, "sourced": {"fate": "test"}},
    {"title": "Border Keep", "type": "castle", "stats": {"might": 1}, "sourced": {"might": "test"}}
  ]})";

inline CardLibrary r9e_library() {
  auto db = CardDatabase::parse_json(kR9eCards, "test cards");
  CardLibrary library;
  library.emplace("r9e", std::make_shared<const CardDatabase>(std::move(db).value()));
  return library;
}

}  // namespace seneschal::engine::test
