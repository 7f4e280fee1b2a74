#pragma once
// What the table asks of the engine: produced by the camera, the buttons or a table script,
// the same commands whatever their source.

#include <string>
#include <variant>
#include <vector>

namespace seneschal::engine {

struct StartGame {
  std::string game;                // module id, e.g. "r9e"
  std::vector<std::string> seats;  // in clockwise order
};

// A card shown to the camera (or named in a script): the module decides what it means now.
struct PresentCard {
  std::string card_id;
  int copy = 1;
};

struct Pass {};
struct Undo {};
struct Redo {};

using Command = std::variant<StartGame, PresentCard, Pass, Undo, Redo>;

}  // namespace seneschal::engine
