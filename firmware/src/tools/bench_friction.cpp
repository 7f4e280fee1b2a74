#include "seneschal/firmware/tools/bench_friction.hpp"
#include "seneschal/engine/prompt_pointer.hpp"

#include <fmt/core.h>
#include <stdlib.h>

#include <algorithm>
#include <deque>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>

#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/engine/prompt.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/script/table_script.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
using Kind = ScriptStep::Kind;

int rows_of(const engine::Prompt& prompt) {
  return static_cast<int>(prompt.options.size()) + (prompt.wants_number ? 1 : 0);
}

// UP or DOWN presses from row `from` to row `to`, the shorter way round (the rows wrap). A
// highlight hidden since a restart (-1) costs one press to show before it moves.
int moves_between(int from, int to, int rows) {
  if (rows <= 0) return 0;
  const int shown = from < 0 ? 1 : 0;
  from = std::max(from, 0);
  const int ahead = std::abs(to - from);
  return shown + std::min(ahead, rows - ahead);
}

bool camera_line(Kind kind) {
  return kind == Kind::Scan || kind == Kind::ScanCard || kind == Kind::ScanImage || kind == Kind::Turn ||
         kind == Kind::MoveCard || kind == Kind::CardLeft;
}

// A scratch folder for one run's event log, removed with it.
struct ScratchFolder {
  std::string path;
  ScratchFolder() {
    std::string pattern = (fs::temp_directory_path() / "seneschal-friction-XXXXXX").string();
    if (::mkdtemp(pattern.data())) path = pattern;
  }
  ~ScratchFolder() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
};

struct FileCloser {
  void operator()(std::FILE* file) const {
    if (file) std::fclose(file);
  }
};

}  // namespace

int presses_to_choose(const engine::Prompt& prompt, int highlight, const std::string& label) {
  const engine::Option* option = prompt.find_label(label);
  if (!option) return -1;
  const int offset = prompt.wants_number ? 1 : 0;
  const int target = static_cast<int>(option - prompt.options.data()) + offset;
  const int rows = rows_of(prompt);
  int moves = moves_between(highlight, target, rows);
  // OK on an untouched prompt means the prompt's own OK ("keep hand"), unless the prompt itself
  // put the highlight somewhere (a check's Cancel): picking the row under it takes a move away
  // and back first.
  if (moves == 0 && !prompt.ok.empty() && !engine::starts_on_its_choice(prompt)) moves = rows > 1 ? 2 : 1;
  return moves + 1;
}

int counting_presses(int from, int to, int low, int high) {
  // A number the buttons cannot show (a script's `set` may give any) costs its distance.
  if (to < low || to > high || from < low || from > high) return std::abs(to - from);
  // The fewest presses through the numbers the buttons show, each press 1 or kHeldStep either way
  // and stopped at the bounds as the buttons stop: at most 100 numbers, so a plain search.
  std::vector<int> presses(static_cast<std::size_t>(high - low + 1), -1);
  std::deque<int> next{from};
  presses[static_cast<std::size_t>(from - low)] = 0;
  while (!next.empty()) {
    const int at = next.front();
    next.pop_front();
    if (at == to) break;
    for (int step : {1, -1, kHeldStep, -kHeldStep}) {
      const int reached = std::clamp(at + step, low, high);
      int& known = presses[static_cast<std::size_t>(reached - low)];
      if (known >= 0) continue;
      known = presses[static_cast<std::size_t>(at - low)] + 1;
      next.push_back(reached);
    }
  }
  return presses[static_cast<std::size_t>(to - low)];
}

int presses_to_enter(const engine::Prompt& prompt, int highlight, int number) {
  // The number row starts on the prompt's likely number (within its bounds, as the buttons show it).
  const auto [low, high] = ButtonMapper::number_bounds(prompt);
  const int start = ButtonMapper::start_number(prompt);
  const int count = counting_presses(start, number, low, high);
  if (prompt.options.empty()) {
    // The number is all there is: UP and DOWN count at once. An untouched start with an OK meaning
    // of its own is entered by moving up and back down, or by one press against a bound.
    if (count == 0 && !prompt.ok.empty()) return start == low || start == high ? 2 : 3;
    return count + 1;
  }
  // To the number row, OK to edit it, count, OK to enter.
  return moves_between(highlight, 0, rows_of(prompt)) + 1 + count + 1;
}

std::vector<FrictionInput> default_friction_scripts(const std::string& scripts_dir) {
  const fs::path dir(scripts_dir);
  return {
      {(dir / "example-of-play.r9e").string(), ""},
      {(dir / "whole-game.ck").string(), ""},
      {(dir / "whole-match.nine").string(), ""},
      {(dir / "whole-game.oa").string(), (dir / "whole-game-oa" / "card-answers.json").string()},
  };
}

Result<FrictionCount> count_friction(const std::string& assets_dir, const FrictionInput& input) {
  auto text = read_text_file(input.script);
  if (!text) return fail(text.error().message);
  const std::string folder = fs::path(input.script).parent_path().string();
  auto script = parse_script(*text, input.script, folder.empty() ? "." : folder);
  if (!script) return fail(script.error().message);
  auto cards = load_card_library(assets_dir, input.answers);
  if (!cards) return fail(cards.error().message);

  ScratchFolder scratch;
  if (scratch.path.empty()) return fail("bench friction: cannot make a temporary folder");
  // The game's log lines are not the bench's output.
  std::unique_ptr<std::FILE, FileCloser> sink(std::tmpfile());
  if (!sink) return fail("bench friction: cannot open a temporary file");

  FrictionCount count;
  count.script = input.script;
  for (const ScriptStep& step : script->steps) {
    if (step.kind == Kind::Game) count.game = step.text;
  }
  ScriptOptions options;
  options.out = sink.get();
  options.before_step = [&count](TableScript& table, const ScriptStep& step) {
    const engine::Session* session = table.session();
    if (!session) return;
    if (camera_line(step.kind)) {
      ++count.camera;
      return;
    }
    const engine::Prompt prompt = session->prompt();
    if (step.kind == Kind::Press && step.button == Button::Ok && prompt.idle && !session->state().pending) {
      ++count.by_itself;
      return;
    }
    if (step.kind == Kind::Press || step.kind == Kind::Timer) {
      ++count.presses;
      count.costly.push_back({step.line, 1, step.source, prompt.text});
      return;
    }
    if (step.kind != Kind::Choose && step.kind != Kind::Set) return;  // waits, expects, refusals
    const int highlight = table.highlight();
    int cost = step.kind == Kind::Choose ? presses_to_choose(prompt, highlight, step.text)
                                         : presses_to_enter(prompt, highlight, static_cast<int>(step.number));
    if (cost < 0) cost = 1;  // the run stops at this line and says why
    const auto& pending = session->state().pending;
    if (pending && pending->kind == engine::Pending::Kind::Value && !pending->roll) {
      ++count.told;
      count.told_presses += cost;
      return;
    }
    count.costly.push_back({step.line, cost, step.source, prompt.text});
    if (step.kind == Kind::Choose) {
      ++count.choices;
      count.choice_presses += cost;
    } else {
      ++count.numbers;
      count.number_presses += cost;
    }
  };
  TableScript table(std::move(cards).value(), std::move(options));
  if (auto opened = table.open((fs::path(scratch.path) / "game.sqlite").string()); !opened) return fail(opened.error().message);
  if (auto ran = table.run(*script); !ran) return fail(ran.error().message);
  if (const engine::Session* session = table.session()) count.moves = static_cast<int>(session->state().log.size());
  return count;
}

void print_friction(const std::vector<FrictionCount>& counts, std::FILE* out) {
  fmt::print(out,
             "Button acts per logged move: each press one act, each choice and number the UP/DOWN presses and\n"
             "the OK the buttons need from where the highlight stands (a held UP/DOWN counts a number by 5,\n"
             "one act); card values told for the first time\n"
             "(once per deck) counted apart and not in the acts; an OK at a prompt with nothing to decide is\n"
             "pressed by the device itself (seneschald --advance-idle-seconds) and costs nothing.\n\n");
  fmt::print(out, "{:<10} {:>6} {:>7} {:>9} {:>13} {:>13} {:>11} {:>6} {:>6} {:>10} {:>11}\n", "game", "camera",
             "presses", "by itself", "choices (pr)", "numbers (pr)", "told (pr)", "acts", "moves", "acts/move",
             "lines/move");
  FrictionCount total;
  total.game = "total";
  auto row = [out](const FrictionCount& c) {
    fmt::print(out, "{:<10} {:>6} {:>7} {:>9} {:>13} {:>13} {:>11} {:>6} {:>6} {:>10.2f} {:>11.2f}\n", c.game,
               c.camera, c.presses, c.by_itself, fmt::format("{} ({})", c.choices, c.choice_presses),
               fmt::format("{} ({})", c.numbers, c.number_presses), fmt::format("{} ({})", c.told, c.told_presses),
               c.acts(), c.moves, c.acts_per_move(), c.moves > 0 ? static_cast<double>(c.lines()) / c.moves : 0.0);
  };
  for (const FrictionCount& c : counts) {
    row(c);
    total.camera += c.camera;
    total.presses += c.presses;
    total.by_itself += c.by_itself;
    total.choices += c.choices;
    total.choice_presses += c.choice_presses;
    total.numbers += c.numbers;
    total.number_presses += c.number_presses;
    total.told += c.told;
    total.told_presses += c.told_presses;
    total.moves += c.moves;
  }
  if (counts.size() > 1) row(total);
  fmt::print(out, "\nlines/move: the script's own press, choose and set lines per move, a choice counted once.\n");
  for (const FrictionCount& c : counts) fmt::print(out, "{}: {}\n", c.game, c.script);
}

void print_friction_lines(const std::vector<FrictionCount>& counts, std::FILE* out) {
  for (const FrictionCount& c : counts) {
    fmt::print(out, "\n{} ({}): acts, line, the script's line, the prompt it answered\n", c.script, c.game);
    for (const FrictionLine& line : c.costly)
      fmt::print(out, "{:>3}  {:>4}  {:<32}  {}\n", line.acts, line.line, line.source, line.prompt);
  }
}

}  // namespace seneschal::firmware
