#pragma once
// The table script (DESIGN.md, "The table script"): a plain-text file that drives a whole game
// without camera or buttons, through the same paths the hardware uses - tag payloads through the
// tag router, frames through the vision Scanner, buttons through the ButtonMapper. Tests, demos
// and bug reports replay games with it.
//
//   game r9e                      header: the game, the seats clockwise, the entropy seed; the
//   seat Mark                     game starts at the first line that is none of these
//   seed 7
//   scan S1:R9E:HEKTOR:1          a tag's payload (control tags act as buttons)
//   scan-card "Hektor" 2          by title and copy in the game's card data
//   scan-card "Hektor" 1 seat Mark turned 90 zone centre at 120 340
//                                 with where and how it lies (each part optional; also after scan)
//   turn "Hektor" 1 90            a card on the table is now at this quarter turn
//   move-card "Hektor" 1 seat Shawn   slid into another seat's area or zone
//   card-left "Hektor" 1          its tag left the table
//   scan-image frames/a.png       a frame through the Scanner, relative to the script's folder
//   press DOWN                    OK PASS UNDO REDO UP DOWN MENU TIMER
//   choose "Border Keep"          an option of the current prompt, by its label
//   set 3                         a number the prompt asks for
//   wait 90s                      advances the table's clock: running timers run down
//   timer start "Negotiation" 3m  start pause resume add-minute cancel acknowledge press, with
//                                 an optional "name" (default: the newest timer or first preset)
//                                 and, for start and press, an optional length
//   expect "Summer"               the prompt or the last log line contains this
//   expect-timer "Negotiation" 2:30   a timer's time left (or: ringing, paused, gone)
//   expect-refused scan-card "Hektor"   the engine must refuse the command
//
// Every error names the script, the line and the line's words, then what went wrong.

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"
#include "seneschal/firmware/table/table_driver.hpp"
#include "seneschal/firmware/script/table_script_parse.hpp"
#include "seneschal/firmware/table/tag_router.hpp"

namespace seneschal::vision {
class Scanner;
}

namespace seneschal::firmware {

class TableScript;

struct ScriptOptions {
  std::FILE* out = stdout;     // the game's log lines as they appear
  bool transcript = false;     // also each script line ("> choose ...") and the prompt it leads to
  bool allow_refused = false;  // a refused command is a warning on stderr, not the end of the run
  // The games the script may play: the shipped ones unless set (a test registers its own too).
  std::function<void(engine::ModuleRegistry&)> register_games;
  // Called after every line the game has started with, once the engine has answered it (`play
  // --show` draws the screen here).
  std::function<void(TableScript&, const ScriptStep&)> after_step;
  // Called before every line once the game has started, with the prompt that line answers
  // (`bench friction` prices each line here).
  std::function<void(TableScript&, const ScriptStep&)> before_step;
  // A prompt with nothing to decide moves on by itself once the script's clock (`wait`) has
  // passed this long at it, as the daemon's does (TableDriver::watch_idle); 0 never, the default:
  // a script presses its own OKs.
  std::int64_t advance_idle_ms = 0;
};

// Runs scripts against one event log. Not movable: the tag router and the session point into it.
class TableScript {
 public:
  TableScript(engine::CardLibrary cards, ScriptOptions options);
  ~TableScript();
  TableScript(const TableScript&) = delete;
  TableScript& operator=(const TableScript&) = delete;

  // Opens (or creates) the event log and replays it: a saved game continues where it stopped.
  Result<void> open(const std::string& db_path);
  // Runs every step; the first error stops the run and names origin:line. The state reached
  // stays readable (state_json) either way.
  Result<void> run(const Script& script);

  // engine::to_json(state) plus "prompt": {text, options, ok, pass, wants_number, highlighted} and
  // "saved_at_ms" (the script's clock, which timers are read at): what --state-out writes and
  // `seneschal render` reads.
  nlohmann::json state_json() const;
  const engine::Session* session() const { return session_ ? &*session_ : nullptr; }
  // What the screen shows now, with the rows UP/DOWN move between, at the script's clock; only
  // once the game has started.
  engine::ViewModel view();
  // The row the buttons' highlight stands on at the current prompt (ButtonMapper::peek_highlight).
  int highlight() const;

 private:
  struct Header;
  Result<void> start(const Header& header, const Script& script, int first_line);
  Result<void> run_step(const ScriptStep& step, const Script& script);
  Result<void> perform(const ScriptStep& step, const Script& script, bool expect_refusal);
  // What the line asks the engine to do; an error when the line itself cannot be carried out.
  // checked: refuse here, with the prompt's options, what the engine would refuse less clearly.
  Result<std::optional<engine::Command>> command_for(const ScriptStep& step, bool checked);
  Result<void> scan_image(const ScriptStep& step, const Script& script);
  Result<void> expect_timer(const ScriptStep& step, const std::string& where) const;
  Outcome apply(const engine::Command& command);
  void print_new_log_lines();
  std::string game() const;
  Result<const engine::Card*> card_titled(const std::string& title) const;
  // A line's seat name resolved against the game's seats; an unknown one is named with the seats.
  Result<engine::Placement> placement(const ScriptWhere& where) const;

  engine::CardLibrary cards_;
  ScriptOptions options_;
  std::unique_ptr<engine::ModuleRegistry> registry_;
  TagRouter router_;
  std::optional<engine::Session> session_;
  std::optional<TableDriver> driver_;  // drives session_ once it is open
  std::unique_ptr<vision::Scanner> scanner_;  // made at the first scan-image
  std::mt19937_64 entropy_{1};
  std::int64_t now_ms_ = 0;
  std::int64_t printed_seq_ = 0;  // log lines up to this event were printed
};

}  // namespace seneschal::firmware
