#pragma once
// The Osten Ard CCG (README.md beside this file), being built: setup (first player, starting
// locations, personalities, allegiances and companies), then each seat's turn of Resource,
// Organization, Movement, Combat and End, to 10 control points. Not registered yet: tests add it
// to their registry themselves.

#include <memory>

#include "seneschal/engine/game_module.hpp"

namespace seneschal::engine::ostenard {

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards);

}  // namespace seneschal::engine::ostenard
