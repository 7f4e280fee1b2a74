#pragma once
// What the table asks of the engine: produced by the camera, the buttons or a table script,
// the same commands whatever their source.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/seat_clocks.hpp"

namespace seneschal::engine {

struct StartGame {
  std::string game;                // module id, e.g. "r9e"
  std::vector<std::string> seats;  // in clockwise order
  SeatClockRules clocks{};         // shown on the seat panels, and their limits (logged with the start)
};

// Where and how a card lies on the table, as the camera (through the calibration) or a script
// saw it. Every part may be unknown: a card held up to an uncalibrated camera has none.
struct Placement {
  int seat = -1;                 // the seat whose area holds it, -1: none (or a zone)
  std::string zone;              // a zone the module declares ("centre", "discard"), "" none
  std::optional<int> quarter;    // 0, 90, 180 or 270 from its seat's facing; empty: not seen
  std::optional<double> x_mm;    // its tag's centre on the table, when the camera is calibrated
  std::optional<double> y_mm;
  // The seat and zone are said even when both are none: a calibrated camera saw the card lie in
  // no area (slid off a seat's area into the gap), which is not the same as not knowing.
  bool area_said = false;

  bool operator==(const Placement&) const = default;
};

// A card shown to the camera or laid on the table (or named in a script): the module decides
// what it means now, and the core keeps where it lies.
struct PresentCard {
  std::string card_id;
  int copy = 1;
  Placement where = {};
};

// A card already on the table is now at this quarter turn (R9E: 90 is bowed; Nine: the face up).
struct TurnCard {
  std::string card_id;
  int copy = 1;
  int quarter = 0;
};

// A card on the table was slid into another seat's area or zone (or elsewhere in the same one).
struct MoveCard {
  std::string card_id;
  int copy = 1;
  Placement where = {};
};

// A card's tag has left the table (unseen for longer than a hand covers it).
struct CardLeft {
  std::string card_id;
  int copy = 1;
};

struct Pass {};
struct Ok {};
struct Undo {};
struct Redo {};
// Opens or closes the menu of less common moves (attack, raid, adjust ...); the session keeps it.
struct Menu {};
// Picks an option of the current prompt (or the open menu): by its label (a script, a button),
// or by its id (the log). The session fills in whichever is missing before the module sees it.
struct Choose {
  std::string label;
  std::string id = {};
};
// Answers a prompt that asks for a number ("Hektor's Strength?").
struct SetNumber {
  int value = 0;
};

// A sand timer: from the TIMER button, a S1:CTL:TIMER:<seconds> tag, the menu or a script.
struct TimerCommand {
  enum class Action { Press, Start, Pause, Resume, AddMinute, Cancel, Acknowledge };
  Action action = Action::Press;
  std::string name;  // empty: the newest timer, or the first preset for Start and Press
  int seconds = 0;   // Start and Press: its length; 0: the preset's
};

// The answer to the oldest disagreement between the table and the books (TableState::
// disagreements): change the books to match the table, leave both as they are, or take the
// table's change back because the camera misread it.
struct Reconcile {
  enum class Resolution { UpdateBooks, Ignore, Misread };
  Resolution resolution = Resolution::Ignore;
};

// The table and the books have disagreed about a card for long enough that it is no card in
// passage or a turn the players are about to make (the firmware times it: TableDriver): put it to
// the players. kind names one of the module's table_mismatches ("bowed", "seat").
struct Disagree {
  std::string card_id;
  int copy = 1;
  std::string kind;
};

using Command = std::variant<StartGame, PresentCard, Pass, Ok, Undo, Redo, Menu, Choose, SetNumber, TimerCommand, TurnCard,
                             MoveCard, CardLeft, Reconcile, Disagree>;

// Commands that say something of the physical table: the core keeps where the card lies whether
// or not the module finds a move in it.
bool is_table_command(const Command& command);
// A table command about a card already lying there (turned, moved, left): no move asked of the
// game, only what the change means in its books.
bool is_lying_card_change(const Command& command);
// The card and copy a table command is about.
std::pair<std::string, int> table_card_of(const Command& command);
// 0, 90, 180, 270 (and -90 ... written as 270); empty for anything else.
std::optional<int> quarter_of(int degrees);

const char* timer_action_word(TimerCommand::Action action);  // "start", "pause", ...
std::optional<TimerCommand::Action> parse_timer_action(const std::string& word);

// A command as the log keeps it inside a warning, so "do it anyway" can replay it.
nlohmann::json command_to_json(const Command& command);
Result<Command> command_from_json(const nlohmann::json& json);
// "scan HEKTOR #2", "choose \"Border Keep\"": for logs and error messages.
std::string describe(const Command& command);

}  // namespace seneschal::engine
