#pragma once
// `seneschal play` (run a table script headless) and `seneschal export` (take a game out of its
// event log). Each returns the process exit code and says what went wrong on stderr.

#include <string>

namespace seneschal::firmware {

struct PlayOptions {
  std::string script;     // the table script
  std::string state_out;  // the JSON state at the end (also when the script fails); "" none
  std::string db;         // keep the event log here (and continue the game it holds); "" temporary
  bool log_text = false;  // a transcript: each script line and the prompt it leads to
  bool allow_refused = false;
  bool show = false;       // draw the table in a window after every line (needs a display)
  std::string snapshots;   // draw it into this folder as PNGs instead (or as well)
  int step_ms = 1500;      // --show: how long each line's screen stays
  std::string size = "800x480";
  // A table's answers file (the card-answers.json of a state folder): the values it told and the
  // cards it named, laid over the card data as the daemon lays them, so a script starts from them.
  std::string answers;
  // A prompt with nothing to decide moves on by itself after this many seconds of `wait` (as
  // seneschald's --advance-idle-seconds); 0, the default: the script presses its own OKs.
  int advance_idle_s = 0;
  std::string language;  // the screen's words: en, de, fr, es; "" the locale's (--language)
};

struct ExportOptions {
  std::string db;
  bool text = false;  // the readable game record instead of JSON lines
  bool csv = false;   // scores, counters and seat clocks per turn per seat
  std::string language;  // --text in this language: en, de, fr, es; "" the locale's (--language)
};

// `seneschal stats [--state-dir DIR] [--json]`: every game the folder keeps (seneschal.sqlite and
// the kept seneschal-<n>.sqlite), per player and per game.
struct StatsOptions {
  std::string state_dir = "state";
  bool json = false;
};
int run_stats(const std::string& assets_dir, const StatsOptions& options);

// Exit codes: 0 the script ran to its end; 2 it stopped at a line (the message names it);
// 1 it could not run (unreadable script, card data or event log, unwritable --state-out).
int run_play(const std::string& assets_dir, const PlayOptions& options);
// Exit codes: 0 printed; 1 the log could not be read.
int run_export(const std::string& assets_dir, const ExportOptions& options);

}  // namespace seneschal::firmware
