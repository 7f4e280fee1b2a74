#pragma once
// The Osten Ard CCG (README.md beside this file): setup (first player, starting locations,
// personalities, allegiances and companies), then each seat's turn of Resource, Organization,
// Movement, Combat and End, to 10 control points. Registered in engine/rules/games.cmake.

#include <memory>

#include "seneschal/engine/game_module.hpp"

namespace seneschal::engine::ostenard {

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards);

}  // namespace seneschal::engine::ostenard
