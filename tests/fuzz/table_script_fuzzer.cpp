// libFuzzer target for table scripts: people write them by hand (tests, demos, bug reports), so
// seneschal::firmware::parse_script sees arbitrary text. Only the parser is built here; running
// a script needs the engine's session and the vision Scanner.
//
// Invariants, for any input:
//   - an error has a message that starts "<origin>:<line>: " with the line inside the text,
//     followed by that line's command word, so it names file, line and command;
//   - lines parse on their own: every line before the one named parses, and the named line
//     alone fails with the same message (naming line 1).
// For a parsed script:
//   - origin and folder are kept; step lines increase and lie inside the text; each step's
//     source is that line's text, trimmed, and starts with the step's own command word;
//   - each kind's argument is within what the command allows (a game id in lower case, a copy
//     1-99, durations from 0 up to what an int holds, a length only for timer start and press,
//     expect-timer's state or time left, expect-refused's one inner step of an allowed kind);
//   - the sources alone, one a line (comments and blank lines gone), parse to the same steps.

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "fuzz_lines.hpp"
#include "seneschal/firmware/script/table_script_parse.hpp"

namespace {

using seneschal::firmware::Script;
using seneschal::firmware::ScriptStep;
using Kind = ScriptStep::Kind;
using Action = seneschal::engine::TimerCommand::Action;
using seneschal::fuzz::lines_of;

constexpr std::string_view kOrigin = "fuzz.r9e";
constexpr std::string_view kFolder = "fuzz-folder";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// The line's first word, up to a space, a tab or a '#', without trailing white space: the start
// of the parser's command word (a '#' after a quote starts no comment, and the word goes on).
std::string_view first_word(std::string_view line) {
  while (!line.empty() && is_space(line.front())) line.remove_prefix(1);
  line = line.substr(0, line.find_first_of(" \t#"));
  while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
  return line;
}

// Written out here rather than taken from the parser, so a keyword table that drifts shows.
std::string_view word_of(Kind kind) {
  switch (kind) {
    case Kind::Game: return "game";
    case Kind::Seat: return "seat";
    case Kind::Seed: return "seed";
    case Kind::Clocks: return "clocks";
    case Kind::Scan: return "scan";
    case Kind::ScanCard: return "scan-card";
    case Kind::ScanImage: return "scan-image";
    case Kind::Press: return "press";
    case Kind::Choose: return "choose";
    case Kind::Set: return "set";
    case Kind::Wait: return "wait";
    case Kind::Timer: return "timer";
    case Kind::Expect: return "expect";
    case Kind::ExpectTimer: return "expect-timer";
    case Kind::ExpectRefused: return "expect-refused";
    case Kind::Turn: return "turn";
    case Kind::MoveCard: return "move-card";
    case Kind::CardLeft: return "card-left";
  }
  return "";
}

std::string line_prefix(int line) { return std::string(kOrigin) + ":" + std::to_string(line) + ": "; }

void check_error(std::string_view text, const std::vector<std::string_view>& lines, const std::string& message) {
  const int line = seneschal::fuzz::check_names_a_line(message, kOrigin, lines);
  const std::string prefix = line_prefix(line);
  SENESCHAL_FUZZ_CHECK(message.rfind(prefix, 0) == 0, "an error message starts with <origin>:<line>: ");
  const std::string_view raw = lines[static_cast<std::size_t>(line - 1)];
  const std::string_view word = first_word(raw);
  SENESCHAL_FUZZ_CHECK(!word.empty() && message.compare(prefix.size(), word.size(), word) == 0,
                       "an error message names the line's command word");

  // The lines before the named one parse; the named one alone fails the same way.
  const std::size_t before = static_cast<std::size_t>(raw.data() - text.data());
  SENESCHAL_FUZZ_CHECK(seneschal::firmware::parse_script(text.substr(0, before), kOrigin, kFolder).has_value(),
                       "the lines before the one an error names parse");
  const auto alone = seneschal::firmware::parse_script(raw, kOrigin, kFolder);
  SENESCHAL_FUZZ_CHECK(!alone.has_value(), "the line an error names fails on its own");
  SENESCHAL_FUZZ_CHECK(alone.error().message == line_prefix(1) + message.substr(prefix.size()),
                       "the line an error names fails on its own with the same message");
}

void check_arguments(const ScriptStep& step, bool nested) {
  SENESCHAL_FUZZ_CHECK(step.kind == Kind::ExpectRefused ? step.inner.size() == 1 : step.inner.empty(),
                       "only expect-refused has an inner step, and exactly one");
  switch (step.kind) {
    case Kind::Game:
      SENESCHAL_FUZZ_CHECK(!step.text.empty() && step.text.find_first_of(" \t") == std::string::npos,
                           "a game id is one word");
      for (const char c : step.text) SENESCHAL_FUZZ_CHECK(!(c >= 'A' && c <= 'Z'), "a game id is in lower case");
      break;
    case Kind::Scan:
      SENESCHAL_FUZZ_CHECK(!step.text.empty() && step.text.find_first_of(" \t") == std::string::npos,
                           "a payload is one word");
      break;
    case Kind::Seat:
    case Kind::ScanImage:
    case Kind::Choose:
    case Kind::Expect:
      SENESCHAL_FUZZ_CHECK(!step.text.empty(), "seat, scan-image, choose and expect have a text");
      break;
    case Kind::ScanCard:
    case Kind::MoveCard:
    case Kind::CardLeft:
    case Kind::Turn:
      SENESCHAL_FUZZ_CHECK(!step.text.empty(), "a card line has a title");
      SENESCHAL_FUZZ_CHECK(step.number >= 1 && step.number <= 99, "a copy is 1-99");
      SENESCHAL_FUZZ_CHECK(step.kind != Kind::Turn || step.where.quarter.has_value(), "turn has its quarter");
      SENESCHAL_FUZZ_CHECK(step.kind != Kind::MoveCard || !step.where.empty(), "move-card says where");
      break;
    case Kind::Wait:
      SENESCHAL_FUZZ_CHECK(step.number >= 0 && step.number <= INT_MAX, "a wait is 0 up to what an int holds");
      break;
    case Kind::Timer:
      SENESCHAL_FUZZ_CHECK(step.number >= 0 && step.number <= INT_MAX, "a timer's length fits an int");
      SENESCHAL_FUZZ_CHECK(step.number == 0 || step.timer_action == Action::Start || step.timer_action == Action::Press,
                           "only start and press take a length");
      break;
    case Kind::ExpectTimer:
      SENESCHAL_FUZZ_CHECK(!step.text.empty(), "expect-timer names a timer");
      SENESCHAL_FUZZ_CHECK(step.expectation.empty() || step.expectation == "ringing" || step.expectation == "paused" ||
                               step.expectation == "gone",
                           "expect-timer expects ringing, paused, gone or a time left");
      SENESCHAL_FUZZ_CHECK(step.number >= 0 && step.number <= INT_MAX, "a time left is 0 up to what an int holds");
      SENESCHAL_FUZZ_CHECK(step.expectation.empty() || step.number == 0, "a state is not also a time left");
      break;
    case Kind::ExpectRefused:
      SENESCHAL_FUZZ_CHECK(!nested, "expect-refused does not nest");
      break;
    case Kind::Clocks:
      SENESCHAL_FUZZ_CHECK(step.clocks.game_ms >= 0 && step.clocks.game_ms <= 24LL * 3600 * 1000 &&
                               step.clocks.turn_ms >= 0 && step.clocks.turn_ms <= 24LL * 3600 * 1000,
                           "a clock limit is 0 up to a day");
      break;
    case Kind::Seed:
    case Kind::Press:
    case Kind::Set:
      break;
  }
  if (nested) {
    const Kind k = step.kind;
    SENESCHAL_FUZZ_CHECK(k == Kind::Scan || k == Kind::ScanCard || k == Kind::Press || k == Kind::Choose ||
                             k == Kind::Set || k == Kind::Timer || k == Kind::Turn || k == Kind::MoveCard ||
                             k == Kind::CardLeft,
                         "expect-refused takes scan, scan-card, turn, move-card, card-left, press, choose, set or timer");
  }
  for (const ScriptStep& inner : step.inner) {
    SENESCHAL_FUZZ_CHECK(inner.line == step.line && inner.source == step.source,
                         "an inner step has its outer step's line and source");
    check_arguments(inner, true);
  }
}

bool same_step(const ScriptStep& a, const ScriptStep& b) {
  if (a.kind != b.kind || a.source != b.source || a.text != b.text || a.number != b.number || a.button != b.button ||
      a.timer_action != b.timer_action || a.expectation != b.expectation || a.inner.size() != b.inner.size() ||
      a.where.seat != b.where.seat || a.where.zone != b.where.zone || a.where.quarter != b.where.quarter ||
      a.where.x_mm != b.where.x_mm || a.where.y_mm != b.where.y_mm) {
    return false;
  }
  for (std::size_t i = 0; i < a.inner.size(); ++i) {
    if (!same_step(a.inner[i], b.inner[i])) return false;
  }
  return true;
}

void check_script(const std::vector<std::string_view>& lines, const Script& script) {
  SENESCHAL_FUZZ_CHECK(script.origin == kOrigin && script.folder == kFolder, "a script keeps its origin and folder");
  int previous_line = 0;
  std::string sources;
  for (const ScriptStep& step : script.steps) {
    SENESCHAL_FUZZ_CHECK(step.line > previous_line, "step lines increase");
    SENESCHAL_FUZZ_CHECK(static_cast<std::size_t>(step.line) <= lines.size(), "a step's line is inside the text");
    previous_line = step.line;
    const std::string_view raw = lines[static_cast<std::size_t>(step.line - 1)];
    SENESCHAL_FUZZ_CHECK(!step.source.empty() && !is_space(step.source.front()) && !is_space(step.source.back()),
                         "a step's source is trimmed and not empty");
    SENESCHAL_FUZZ_CHECK(raw.find(step.source) != std::string_view::npos, "a step's source is its line's text");
    SENESCHAL_FUZZ_CHECK(first_word(step.source) == word_of(step.kind), "a step's source starts with its command word");
    check_arguments(step, false);
    sources += step.source + "\n";
  }

  const auto again = seneschal::firmware::parse_script(sources, kOrigin, kFolder);
  SENESCHAL_FUZZ_CHECK(again.has_value(), "the steps' sources, one a line, parse");
  SENESCHAL_FUZZ_CHECK(again->steps.size() == script.steps.size(), "the sources parse to as many steps");
  for (std::size_t i = 0; i < script.steps.size(); ++i) {
    SENESCHAL_FUZZ_CHECK(again->steps[i].line == static_cast<int>(i + 1), "each source is a line of its own");
    SENESCHAL_FUZZ_CHECK(same_step(again->steps[i], script.steps[i]), "the sources parse to the same steps");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto lines = lines_of(text);
  const auto script = seneschal::firmware::parse_script(text, kOrigin, kFolder);
  if (!script) {
    check_error(text, lines, script.error().message);
    return 0;
  }
  check_script(lines, *script);
  return 0;
}
