#pragma once
// A table script's text to steps (the lines are listed in table_script.hpp). Apart from running
// the script, so the parser builds on its own: it reads files people write, and the fuzz target
// in tests/fuzz builds it with clang without the engine's session or the vision Scanner.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"

namespace seneschal::firmware {

// One line of a script, parsed. `text` and `number` carry the line's argument (the game, the
// seat, the payload, the title and copy, the label, the value, the seconds to wait, the text to
// expect); expect-refused keeps the command it runs as its one inner step.
// Where a scanned or moved card lies, as a script line says it: `seat Mark`, `zone centre`,
// `turned 90`, `at 120 340` (table mm), each optional. The seat stays a name until the script
// runs, when the game's seats are known.
struct ScriptWhere {
  std::string seat;
  std::string zone;
  std::optional<int> quarter;
  std::optional<double> x_mm;
  std::optional<double> y_mm;

  bool empty() const { return seat.empty() && zone.empty() && !quarter && !x_mm; }
};

struct ScriptStep {
  enum class Kind {
    Game, Seat, Seed, Clocks, Scan, ScanCard, ScanImage, Press, Choose, Set, Wait, Timer, Expect, ExpectTimer, ExpectRefused,
    Turn, MoveCard, CardLeft
  };
  Kind kind = Kind::Game;
  int line = 0;
  std::string source;  // the line as written, without its comment, for messages
  std::string text;
  std::int64_t number = 0;
  Button button = Button::Ok;
  engine::TimerCommand::Action timer_action = engine::TimerCommand::Action::Press;
  std::string expectation;  // expect-timer: "ringing", "paused", "gone" or "" (number: seconds left)
  std::vector<ScriptStep> inner;
  ScriptWhere where;  // scan, scan-card and move-card: where the card lies; turn: where.quarter
  engine::SeatClockRules clocks{};  // clocks: the seat clocks of the game the script starts
};

struct Script {
  std::string origin;  // the file, as named on the command line, for messages
  std::string folder;  // scan-image paths are relative to it
  std::vector<ScriptStep> steps;
};

// Parses the whole script up front, so a typo on the last line stops it before the first.
// origin names the file in errors ("game.r9e:3: ..."); folder anchors scan-image paths.
Result<Script> parse_script(std::string_view text, std::string_view origin, std::string_view folder = ".");

// game, seat, seed and clocks: the header lines, which come before the first command.
bool is_header(ScriptStep::Kind kind);

}  // namespace seneschal::firmware
