#pragma once
// From a tag payload the camera read to what the table meant: a card shown to the engine, a
// control tag doing a button's job, or something to ignore (said why, never guessed).

#include <optional>
#include <string>
#include <string_view>

#include "seneschal/engine/command.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"

namespace seneschal::firmware {

struct Routed {
  std::optional<engine::Command> command;  // a card shown; empty for a button or when ignored
  std::optional<Button> button;            // a control tag: what a ButtonMapper makes of it
  int seconds = 0;                         // S1:CTL:TIMER:<seconds>: the timer's length
  std::string label;                       // the card's title, the control's name, or the payload escaped and cut (printable)
  std::string reason;                      // why it was ignored
  bool foreign = false;                    // not a Seneschal tag at all (a cereal box URL)
  bool setup = false;                      // a seat or calibration tag: it marks the table, it is no move
};

class TagRouter {
 public:
  explicit TagRouter(const engine::CardLibrary& cards) : cards_(&cards) {}
  // running_game: the module id of the game in progress ("" when none).
  Routed route(std::string_view payload, std::string_view running_game) const;

 private:
  const engine::CardLibrary* cards_;
};

}  // namespace seneschal::firmware
