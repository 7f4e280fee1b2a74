#pragma once
// Cutthroat Kingdoms (README.md beside this file): setup, the turn of Resource, Action and
// Event, the event clock to the Royal Feast, votes, deals and the sand timers, and scoring.
//
//   Setup (houses, event deck, kingdom, starter vote, starting territories)
//     -> per turn: Resource -> Action (purchases, conquests, attacks) -> [collection] -> Event
//     -> ... -> the Royal Feast (serve, taste, main course, poisoned heirs) -> Scoring

#include <memory>

#include "seneschal/engine/game_module.hpp"

namespace seneschal::engine::cutthroat {

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards);

}  // namespace seneschal::engine::cutthroat
