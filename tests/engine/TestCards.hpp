#pragma once
// A small card file in the engine's schema, so engine tests don't depend on the shipped data
// changing as the card lists grow.

#include <memory>

#include "seneschal/engine/card.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::engine::test {

inline constexpr const char* kR9eCards = R"({
  "game": "r9e", "title": "Romance of the Nine Empires",
  "cards": [
    {"id": "HEKTOR", "title": "Hektor", "type": "hero"},
    {"id": "ZAHIR", "title": "Zahir", "type": "hero", "stats": {"will": 1}},
    {"id": "JACK_NEWCOMER", "title": "Jack Newcomer", "type": "hero", "stats": {"strength": 1}},
    {"id": "TRAINING_GROUNDS", "title": "Training Grounds", "type": "property"},
    {"id": "THE_BIGGEST_TURNIP", "title": "The Biggest Turnip", "type": "quest", "stats": {"renown_reward": 2}},
    {"id": "BLIGHT", "title": "Blight", "type": "tactic", "stats": {"fate": 1}},
    {"id": "BORDER_KEEP", "title": "Border Keep", "type": "castle", "stats": {"might": 1}}
  ]})";

inline CardLibrary r9e_library() {
  auto db = CardDatabase::parse_json(kR9eCards, "test cards");
  CardLibrary library;
  library.emplace("r9e", std::make_shared<const CardDatabase>(std::move(db).value()));
  return library;
}

}  // namespace seneschal::engine::test
