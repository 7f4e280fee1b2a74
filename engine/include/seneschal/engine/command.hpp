#pragma once
// What the table asks of the engine: produced by the camera, the buttons or a table script,
// the same commands whatever their source.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "seneschal/base/result.hpp"

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

using Command = std::variant<StartGame, PresentCard, Pass, Ok, Undo, Redo, Menu, Choose, SetNumber, TimerCommand>;

const char* timer_action_word(TimerCommand::Action action);  // "start", "pause", ...
std::optional<TimerCommand::Action> parse_timer_action(const std::string& word);

// A command as the log keeps it inside a warning, so "do it anyway" can replay it.
nlohmann::json command_to_json(const Command& command);
Result<Command> command_from_json(const nlohmann::json& json);
// "scan HEKTOR #2", "choose \"Border Keep\"": for logs and error messages.
std::string describe(const Command& command);

}  // namespace seneschal::engine
