#pragma once
// Romance of the Nine Empires. This first version keeps the turn's skeleton: the four phases,
// actions clockwise from the Ordained, a phase ending when every seat passes in a row, cards
// brought into play for the seat whose action it is, Spring straightening, the Ordained passing
// left. Costs, battles, raids, quests and Winter's steps come with the full module.
//
//   Spring --(straighten all, automatic)--> Summer --(all pass)--> Autumn --(all pass)-->
//   Winter --(all pass: Ordained passes left, turn + 1)--> Spring

#include <memory>

#include "seneschal/engine/game_module.hpp"

namespace seneschal::engine::r9e {

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards);

}  // namespace seneschal::engine::r9e
