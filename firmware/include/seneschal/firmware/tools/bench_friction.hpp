#pragma once
// `seneschal bench friction`: what a whole game costs the table in attention. Each whole-game
// table script runs through the real session, and every line is counted by what the table does
// for it: a card the camera sees costs nothing, a button costs a press, and a script's shorthand
// (`choose "Cat"`, `set 2`) costs the UP/DOWN presses and the OK the device's buttons would need
// from where the highlight stands at that moment; an OK at a prompt with nothing to decide
// (Prompt::idle) costs nothing, since the daemon presses it after its countdown (seneschald
// --advance-idle-seconds, 4 by default). Values a table tells once per deck (a card's
// number the card data lacks) are counted apart, since a second game at the table has them.

#include <cstdio>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/firmware/script/table_script_parse.hpp"

namespace seneschal::engine {
struct Prompt;
}

namespace seneschal::firmware {

// One script to count, and the table answers it starts from (a state folder's card-answers.json).
struct FrictionInput {
  std::string script;
  std::string answers;  // "" none
};

// One script line the buttons pay for, with the prompt it answered: where a game's acts go.
struct FrictionLine {
  int line = 0;
  int acts = 0;
  std::string source;  // the script line as written
  std::string prompt;  // the prompt's text when it was answered
};

struct FrictionCount {
  std::string script;   // as given
  std::string game;
  int camera = 0;       // scan, scan-card, scan-image, turn, move-card, card-left lines
  int presses = 0;      // press and timer lines: one button each
  int by_itself = 0;    // OKs at prompts with nothing to decide, which the daemon presses itself
  int choices = 0;      // choose lines (not the told values among them)
  int choice_presses = 0;  // what those choices cost on the buttons
  int numbers = 0;      // set lines (not the told values among them)
  int number_presses = 0;  // what those numbers cost on the buttons
  int told = 0;         // choose and set lines that answered a card value the data lacks
  int told_presses = 0;
  int moves = 0;        // log lines at the end
  std::vector<FrictionLine> costly;  // every line that cost an act, in script order
  int acts() const { return presses + choice_presses + number_presses; }
  // The script's own lines a hand makes, shorthand counted once: the count before a
  // choice was priced in presses.
  int lines() const { return presses + by_itself + choices + numbers; }
  double acts_per_move() const { return moves > 0 ? static_cast<double>(acts()) / moves : 0.0; }
};

// The presses the device needs to pick `label` at `prompt` with the highlight on row
// `highlight` (as ButtonMapper counts rows: a number prompt's number row first): UP or DOWN the
// shorter way round, then OK. An untouched first row whose prompt has an OK meaning of its own
// needs a move off and back, since OK there means the prompt's OK. -1 when the label is not there.
int presses_to_choose(const engine::Prompt& prompt, int highlight, const std::string& label);
// The presses to enter `number`: to the number row and OK when the prompt has options, then the
// count from where the buttons start it (ButtonMapper::start_number), then OK.
int presses_to_enter(const engine::Prompt& prompt, int highlight, int number);
// The fewest UP or DOWN presses from one number to another between the bounds the buttons stop
// at: held ones count by kHeldStep, single ones make up the rest from either side (27 from 0:
// five holds and two presses; 29: six holds, one DOWN; 4 with 4 the top: one hold).
int counting_presses(int from, int to, int low, int high);

// Runs one script and counts it. An error names the script and line where it stopped.
Result<FrictionCount> count_friction(const std::string& assets_dir, const FrictionInput& input);

// The project's whole-game scripts, each with the answers its README line gives it.
std::vector<FrictionInput> default_friction_scripts(const std::string& scripts_dir);

void print_friction(const std::vector<FrictionCount>& counts, std::FILE* out);
// Every line that cost the buttons something, script by script: `bench friction --lines`.
void print_friction_lines(const std::vector<FrictionCount>& counts, std::FILE* out);

}  // namespace seneschal::firmware
