#include "seneschal/firmware/script/table_script_parse.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <utility>

#include "script/text_case.hpp"
#include "seneschal/firmware/base/printable.hpp"

namespace seneschal::firmware {
namespace {

using Kind = ScriptStep::Kind;

struct Keyword {
  std::string_view word;
  Kind kind;
};
constexpr Keyword kKeywords[] = {
    {"game", Kind::Game},       {"seat", Kind::Seat},     {"seed", Kind::Seed}, {"clocks", Kind::Clocks},
    {"scan", Kind::Scan},       {"scan-card", Kind::ScanCard}, {"scan-image", Kind::ScanImage},
    {"press", Kind::Press},     {"choose", Kind::Choose}, {"set", Kind::Set},
    {"wait", Kind::Wait},       {"timer", Kind::Timer},   {"expect", Kind::Expect},
    {"expect-timer", Kind::ExpectTimer}, {"expect-refused", Kind::ExpectRefused},
    {"turn", Kind::Turn},       {"move-card", Kind::MoveCard}, {"card-left", Kind::CardLeft},
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The line without its comment: a '#' outside double quotes starts one.
std::string_view strip_comment(std::string_view line) {
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\' && quoted) {
      ++i;
    } else if (line[i] == '"') {
      quoted = !quoted;
    } else if (line[i] == '#' && !quoted) {
      return line.substr(0, i);
    }
  }
  return line;
}

// A "quoted string" (with \" and \\) at the start of s, and what follows it; or, unquoted, the
// whole of s.
Result<std::pair<std::string, std::string_view>> take_text(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.front() != '"') return std::pair<std::string, std::string_view>{std::string(s), {}};
  std::string out;
  for (std::size_t i = 1; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      out += s[++i];
    } else if (s[i] == '"') {
      return std::pair<std::string, std::string_view>{out, trim(s.substr(i + 1))};
    } else {
      out += s[i];
    }
  }
  return fail("a quote that does not close");
}

template <class Int>
std::optional<Int> to_int(std::string_view s) {
  Int value{};
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return value;
}

// The longest duration a script may name: a timer's length reaches the engine as an int of
// seconds, and the table's clock counts milliseconds in an int64_t. More is refused, never cut
// short or overflowed.
constexpr std::int64_t kLongestSeconds = std::numeric_limits<int>::max();

// 90s, 3m, 2m30s, 2:30 or a bare number of seconds, up to kLongestSeconds.
std::optional<std::int64_t> to_seconds(std::string_view s) {
  if (auto colon = s.find(':'); colon != std::string_view::npos) {
    auto m = to_int<std::int64_t>(s.substr(0, colon));
    auto sec = to_int<std::int64_t>(s.substr(colon + 1));
    if (!m || !sec || *m < 0 || *m > kLongestSeconds / 60 || *sec < 0 || *sec >= 60) return std::nullopt;
    const std::int64_t total = *m * 60 + *sec;
    return total <= kLongestSeconds ? std::optional<std::int64_t>(total) : std::nullopt;
  }
  std::int64_t total = 0;
  bool any = false;
  while (!s.empty()) {
    std::size_t digits = 0;
    while (digits < s.size() && std::isdigit(static_cast<unsigned char>(s[digits]))) ++digits;
    auto n = to_int<std::int64_t>(s.substr(0, digits));
    if (!n || *n > kLongestSeconds) return std::nullopt;
    s.remove_prefix(digits);
    if (s.empty()) {
      if (any) return std::nullopt;  // "2m30" is ambiguous
      return *n;
    }
    const char unit = s.front();
    s.remove_prefix(1);
    if (unit == 'm') {
      total += *n * 60;
    } else if (unit == 's') {
      total += *n;
    } else {
      return std::nullopt;
    }
    if (total > kLongestSeconds) return std::nullopt;
    any = true;
  }
  return any ? std::optional<std::int64_t>(total) : std::nullopt;
}

constexpr std::string_view kWhereWords[] = {"seat", "zone", "turned", "at"};

bool is_where_word(std::string_view word) {
  for (std::string_view w : kWhereWords) {
    if (w == word) return true;
  }
  return false;
}

// The next word of s, or its "quoted text", and what follows.
Result<std::pair<std::string, std::string_view>> take_word(std::string_view s) {
  s = trim(s);
  if (!s.empty() && s.front() == '"') return take_text(s);
  const std::size_t end = s.find_first_of(" \t");
  return std::pair<std::string, std::string_view>{std::string(s.substr(0, end)),
                                                  end == std::string_view::npos ? std::string_view() : trim(s.substr(end))};
}

std::optional<double> to_mm(std::string_view s) {
  double value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// 0, 90, 180, 270 (or -90 ...), as a card can lie.
Result<int> to_quarter(std::string_view s) {
  auto degrees = to_int<int>(s);
  auto quarter = degrees ? engine::quarter_of(*degrees) : std::nullopt;
  if (!quarter) return fail("a card lies at 0, 90, 180 or 270 degrees, not \"" + std::string(s) + "\"");
  return *quarter;
}

// `seat Mark zone centre turned 90 at 120 340`, each part optional and at most once.
Result<ScriptWhere> parse_where(std::string_view s) {
  ScriptWhere where;
  std::vector<std::string> said;
  while (!(s = trim(s)).empty()) {
    auto word = take_word(s);
    if (!word) return fail(word.error().message);
    s = word->second;
    const std::string& key = word->first;
    if (!is_where_word(key)) {
      return fail("expected seat NAME, zone NAME, turned 0|90|180|270 or at X Y (mm), not \"" + key + "\"");
    }
    if (std::find(said.begin(), said.end(), key) != said.end()) return fail("\"" + key + "\" is given twice");
    said.push_back(key);
    auto value = take_word(s);
    if (!value) return fail(value.error().message);
    s = value->second;
    if (value->first.empty()) return fail("\"" + key + "\" needs a value");
    if (key == "seat") {
      where.seat = value->first;
    } else if (key == "zone") {
      where.zone = value->first;
    } else if (key == "turned") {
      auto quarter = to_quarter(value->first);
      if (!quarter) return fail(quarter.error().message);
      where.quarter = *quarter;
    } else {
      auto y = take_word(s);
      if (!y) return fail(y.error().message);
      s = y->second;
      where.x_mm = to_mm(value->first);
      where.y_mm = to_mm(y->first);
      if (!where.x_mm || !where.y_mm) return fail("at takes two numbers, the table position in mm, e.g. at 120 340");
    }
  }
  return where;
}

// Where the words saying where a card lies begin: after a "quoted title" and its copy, or at the
// first of seat, zone, turned or at in an unquoted line (quote a title holding one of them).
Result<std::size_t> where_starts(std::string_view rest) {
  std::size_t at = 0;
  if (!rest.empty() && rest.front() == '"') {
    auto title = take_text(rest);
    if (!title) return fail(title.error().message);
    at = rest.size() - title->second.size();
  }
  while (at < rest.size()) {
    while (at < rest.size() && std::isspace(static_cast<unsigned char>(rest[at]))) ++at;
    const std::size_t end = std::min(rest.find_first_of(" \t", at), rest.size());
    if (is_where_word(rest.substr(at, end - at))) return at;
    at = end;
  }
  return rest.size();
}

// A card named by its title and copy: "Hektor" 2, or Hektor 2 unquoted (a last word that is a
// number is the copy); the copy is 1 when not given.
Result<ScriptStep> parse_card(Kind kind, std::string_view rest) {
  ScriptStep step;
  step.kind = kind;
  auto text = take_text(rest);
  if (!text) return fail(text.error().message);
  std::string title = text->first;
  std::string_view copy = text->second;
  if (!rest.empty() && rest.front() != '"') {
    const auto space = title.find_last_of(" \t");
    if (space != std::string::npos && to_int<int>(std::string_view(title).substr(space + 1))) {
      copy = std::string_view(rest).substr(space + 1);
      title = std::string(trim(std::string_view(title).substr(0, space)));
    } else {
      copy = {};
    }
  }
  if (title.empty()) return fail("expected a card title, e.g. scan-card \"Hektor\" 2");
  step.text = std::move(title);
  step.number = 1;
  if (!copy.empty()) {
    auto n = to_int<int>(trim(copy));
    if (!n || *n < 1 || *n > 99) return fail("the copy is a number from 1 to 99, not \"" + std::string(copy) + "\"");
    step.number = *n;
  }
  return step;
}

// A card and where it lies: the card's words, then parse_where's.
Result<ScriptStep> parse_card_where(Kind kind, std::string_view rest) {
  auto split = where_starts(rest);
  if (!split) return fail(split.error().message);
  auto step = parse_card(kind, trim(rest.substr(0, *split)));
  if (!step) return step;
  auto where = parse_where(rest.substr(*split));
  if (!where) return fail(where.error().message);
  step->where = std::move(*where);
  return step;
}

// `scan PAYLOAD [where]`: the payload is one word; where the card lies may follow.
Result<ScriptStep> parse_scan(ScriptStep step, std::string_view rest) {
  const std::size_t space = rest.find_first_of(" \t");
  const std::string_view rest_of_line = space == std::string_view::npos ? std::string_view() : trim(rest.substr(space));
  const std::string_view word = rest.substr(0, space);
  if (word.empty()) return fail("expected a tag payload, e.g. scan S1:R9E:HEKTOR:1");
  auto where = parse_where(rest_of_line);
  if (!where) return fail(where.error().message);
  step.text = std::string(word);
  step.where = std::move(*where);
  return step;
}

// `turn "Card" [copy] QUARTER`: the last word is the quarter turn; the card's words come before it.
Result<ScriptStep> parse_turn(std::string_view rest) {
  const std::size_t space = rest.find_last_of(" \t");
  if (space == std::string_view::npos) return fail("expected a card and its quarter turn, e.g. turn \"Hektor\" 1 90");
  auto quarter = to_quarter(rest.substr(space + 1));
  if (!quarter) return fail(quarter.error().message);
  auto card = parse_card(Kind::Turn, trim(rest.substr(0, space)));
  if (card) card->where.quarter = *quarter;
  return card;
}

// `timer ACTION ["Name"] [LENGTH]`: only start and press take a length.
Result<ScriptStep> parse_timer(ScriptStep step, std::string_view rest) {
  const std::size_t space = rest.find_first_of(" \t");
  const std::string word(rest.substr(0, space));
  auto action = engine::parse_timer_action(word);
  if (!action) {
    return fail("expected a timer action: start, pause, resume, add-minute, cancel, acknowledge or press, e.g. "
                "timer start \"Negotiation\" 3m");
  }
  step.timer_action = *action;
  std::string_view after = space == std::string_view::npos ? std::string_view() : trim(rest.substr(space));
  if (!after.empty() && after.front() == '"') {
    auto name = take_text(after);
    if (!name) return fail(name.error().message);
    step.text = name->first;
    after = name->second;
  }
  if (!after.empty()) {
    using A = engine::TimerCommand::Action;
    auto seconds = to_seconds(after);
    if (!seconds || *seconds <= 0) return fail("expected a length, e.g. 3m, 90s or 2:30, not \"" + std::string(after) + "\"");
    if (step.timer_action != A::Start && step.timer_action != A::Press) return fail("only start and press take a length");
    step.number = *seconds;
  }
  return step;
}

// `expect-timer "Name" 2:30|ringing|paused|gone`.
Result<ScriptStep> parse_expect_timer(ScriptStep step, std::string_view rest) {
  auto name = take_text(rest);
  if (!name) return fail(name.error().message);
  if (rest.empty() || rest.front() != '"' || name->first.empty()) {
    return fail("expected a timer's \"name\" and its time left, ringing, paused or gone, e.g. "
                "expect-timer \"Negotiation\" 2:30");
  }
  step.text = name->first;
  const std::string what(name->second);
  if (what == "ringing" || what == "paused" || what == "gone") {
    step.expectation = what;
  } else if (auto seconds = to_seconds(what)) {
    step.number = *seconds;
  } else {
    return fail("expected the time left (e.g. 2:30), ringing, paused or gone, not \"" + what + "\"");
  }
  return step;
}

// seat, scan-image, choose and expect: one quoted (or bare) text, nothing after it.
Result<ScriptStep> parse_text_step(ScriptStep step, std::string_view rest) {
  static constexpr const char* what[] = {"a seat name, e.g. seat Mark", "an image file, e.g. scan-image frame.png",
                                         "an option's label, e.g. choose \"Border Keep\"",
                                         "the text to look for, e.g. expect \"Summer\""};
  const Kind kind = step.kind;
  const int index = kind == Kind::Seat ? 0 : kind == Kind::ScanImage ? 1 : kind == Kind::Choose ? 2 : 3;
  auto text = take_text(rest);
  if (!text) return fail(text.error().message);
  if (!text->second.empty()) return fail("unexpected \"" + std::string(text->second) + "\" after the closing quote");
  if (text->first.empty()) return fail("expected " + std::string(what[index]));
  // A seat's name is shown and kept in the event log: text, no control characters.
  if (auto problem = kind == Kind::Seat ? name_problem(text->first) : std::nullopt) {
    return fail("the seat name has " + *problem);
  }
  step.text = std::move(text->first);
  return step;
}

// "clocks shown", "clocks 25m", "clocks 25m turn 2m", "clocks turn 90s": the seat clocks of the
// game, as [game] seat_clocks, seat_clock and turn_clock set them for the daemon.
Result<ScriptStep> parse_clocks(ScriptStep step, std::string_view rest) {
  constexpr std::string_view expected = "expected shown, a length for each seat's game, turn and a length per turn, "
                                        "e.g. clocks 25m turn 2m";
  std::istringstream words{std::string(rest)};
  std::string word;
  bool any = false;
  while (words >> word) {
    any = true;
    const bool turn = word == "turn";
    if (word == "shown") {
      step.clocks.shown = true;
      continue;
    }
    if (turn && !(words >> word)) return fail(std::string(expected));
    auto ms = engine::parse_clock_limit(word);
    if (!ms) return fail(ms.error().message);
    (turn ? step.clocks.turn_ms : step.clocks.game_ms) = *ms;
  }
  if (!any) return fail(std::string(expected));
  return step;
}

// Parses what follows the keyword. Errors say what was expected; the caller adds where.
Result<ScriptStep> parse_step(Kind kind, std::string_view rest) {
  ScriptStep step;
  step.kind = kind;
  switch (kind) {
    case Kind::Game: {
      if (rest.empty()) return fail("expected a game id, e.g. game r9e");
      if (rest.find_first_of(" \t") != std::string_view::npos) return fail("expected one word: a game id, e.g. game r9e");
      step.text = lower(std::string(rest));
      return step;
    }
    case Kind::Seat:
    case Kind::ScanImage:
    case Kind::Choose:
    case Kind::Expect:
      return parse_text_step(std::move(step), rest);
    case Kind::Clocks:
      return parse_clocks(std::move(step), rest);
    case Kind::Seed: {
      auto value = to_int<std::uint64_t>(rest);
      if (!value) return fail("expected a whole number, e.g. seed 7");
      step.number = static_cast<std::int64_t>(*value);
      return step;
    }
    case Kind::Scan:
      return parse_scan(std::move(step), rest);
    case Kind::ScanCard:
    case Kind::MoveCard: {
      auto card = parse_card_where(kind, rest);
      if (card && kind == Kind::MoveCard && card->where.empty()) {
        return fail("say where it lies now, e.g. move-card \"Hektor\" 1 seat Shawn");
      }
      return card;
    }
    case Kind::CardLeft:
      return parse_card(kind, rest);
    case Kind::Turn:
      return parse_turn(rest);
    case Kind::Press: {
      auto button = parse_button(rest);
      if (!button) return fail("expected a button: OK, PASS, UNDO, REDO, UP, DOWN, MENU or TIMER");
      step.button = *button;
      return step;
    }
    case Kind::Set: {
      auto value = to_int<int>(rest);
      if (!value) return fail("expected a whole number, e.g. set 3");
      step.number = *value;
      return step;
    }
    case Kind::Wait: {
      auto seconds = to_seconds(rest);
      if (!seconds) return fail("expected a duration, e.g. wait 90s, wait 3m or wait 2:30");
      step.number = *seconds;
      return step;
    }
    case Kind::Timer:
      return parse_timer(std::move(step), rest);
    case Kind::ExpectTimer:
      return parse_expect_timer(std::move(step), rest);
    case Kind::ExpectRefused:
      break;  // parse_line handles it: it holds a line of its own
  }
  return fail("internal: unparsed keyword");
}

Result<ScriptStep> parse_line(std::string_view line, bool nested) {
  const std::size_t end = line.find_first_of(" \t");
  const std::string_view word = line.substr(0, end);
  const std::string_view rest = end == std::string_view::npos ? std::string_view() : trim(line.substr(end));
  const Keyword* keyword = nullptr;
  for (const Keyword& k : kKeywords) {
    if (k.word == word) keyword = &k;
  }
  if (!keyword) {
    return fail("\"" + std::string(word) +
                "\" is not a script command (game, seat, seed, scan, scan-card, turn, move-card, card-left, scan-image, "
                "press, choose, set, wait, timer, expect, expect-timer, expect-refused)");
  }
  const Kind kind = keyword->kind;
  if (nested && kind != Kind::Scan && kind != Kind::ScanCard && kind != Kind::Press && kind != Kind::Choose &&
      kind != Kind::Set && kind != Kind::Timer && kind != Kind::Turn && kind != Kind::MoveCard && kind != Kind::CardLeft) {
    return fail("expect-refused takes scan, scan-card, turn, move-card, card-left, press, choose, set or timer, not " +
                std::string(word));
  }
  if (kind != Kind::ExpectRefused) return parse_step(kind, rest);
  if (rest.empty()) return fail("expected the command to be refused, e.g. expect-refused scan-card \"Hektor\"");
  auto inner = parse_line(rest, true);
  if (!inner) return fail(inner.error().message);
  ScriptStep step;
  step.kind = Kind::ExpectRefused;
  step.inner.push_back(std::move(*inner));
  return step;
}

}  // namespace

bool is_header(ScriptStep::Kind kind) {
  return kind == Kind::Game || kind == Kind::Seat || kind == Kind::Seed || kind == Kind::Clocks;
}

Result<Script> parse_script(std::string_view text, std::string_view origin, std::string_view folder) {
  Script script;
  script.origin = std::string(origin);
  script.folder = std::string(folder);
  int number = 0;
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    const std::string_view raw = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    ++number;
    const std::string_view line = trim(strip_comment(raw));
    if (line.empty()) continue;
    // Every text a script gives (seat and timer names above all) may reach the event log's
    // JSON, whose writer aborts on bytes that are not UTF-8: refused here, with the line (the
    // byte is counted in the line as shown; a comment may hold any bytes).
    if (auto problem = first_not_utf8(line)) return fail(fmt::format("{}:{}: {}: {}", origin, number, line, *problem));
    auto step = parse_line(line, false);
    if (!step) return fail(fmt::format("{}:{}: {}: {}", origin, number, line, step.error().message));
    step->line = number;
    step->source = std::string(line);
    for (ScriptStep& inner : step->inner) {
      inner.line = number;
      inner.source = step->source;
    }
    script.steps.push_back(std::move(*step));
  }
  return script;
}

}  // namespace seneschal::firmware
