#pragma once
// Nine, the solitaire (README.md beside this file): a match of two games; each game a target set
// aside, then rounds through the deck, a turn a build or a pass, the city growing in round
// columns; scored per game, the match's total judged by the King.
//
//   Setup (target, the deck's top card) -> rounds of turns (build: pay, flip, refresh; or pass)
//     -> round end (pile turned over, one option) -> ... -> end of game (score) -> game 2 -> match

#include <memory>

#include "seneschal/engine/game_module.hpp"

namespace seneschal::engine::nine {

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards);

}  // namespace seneschal::engine::nine
