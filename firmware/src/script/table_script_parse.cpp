#include "seneschal/firmware/table_script_parse.hpp"

#include <fmt/core.h>

#include <cctype>
#include <charconv>
#include <limits>
#include <optional>
#include <utility>

#include "script/text_case.hpp"
#include "seneschal/firmware/printable.hpp"

namespace seneschal::firmware {
namespace {

using Kind = ScriptStep::Kind;

struct Keyword {
  std::string_view word;
  Kind kind;
};
constexpr Keyword kKeywords[] = {
    {"game", Kind::Game},       {"seat", Kind::Seat},     {"seed", Kind::Seed},
    {"scan", Kind::Scan},       {"scan-card", Kind::ScanCard}, {"scan-image", Kind::ScanImage},
    {"press", Kind::Press},     {"choose", Kind::Choose}, {"set", Kind::Set},
    {"wait", Kind::Wait},       {"timer", Kind::Timer},   {"expect", Kind::Expect},
    {"expect-timer", Kind::ExpectTimer}, {"expect-refused", Kind::ExpectRefused},
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

// Parses what follows the keyword. Errors say what was expected; the caller adds where.
Result<ScriptStep> parse_step(Kind kind, std::string_view rest) {
  ScriptStep step;
  step.kind = kind;
  auto one_word = [&](std::string_view what) -> Result<std::string> {
    if (rest.empty()) return fail("expected " + std::string(what));
    if (rest.find_first_of(" \t") != std::string_view::npos) return fail("expected one word: " + std::string(what));
    return std::string(rest);
  };
  auto whole_text = [&](std::string_view what) -> Result<std::string> {
    auto text = take_text(rest);
    if (!text) return fail(text.error().message);
    if (!text->second.empty()) return fail("unexpected \"" + std::string(text->second) + "\" after the closing quote");
    if (text->first.empty()) return fail("expected " + std::string(what));
    return text->first;
  };
  switch (kind) {
    case Kind::Game: {
      auto word = one_word("a game id, e.g. game r9e");
      if (!word) return fail(word.error().message);
      step.text = lower(*word);
      return step;
    }
    case Kind::Seat:
    case Kind::ScanImage:
    case Kind::Choose:
    case Kind::Expect: {
      static constexpr const char* what[] = {"a seat name, e.g. seat Mark", "an image file, e.g. scan-image frame.png",
                                             "an option's label, e.g. choose \"Border Keep\"",
                                             "the text to look for, e.g. expect \"Summer\""};
      const int index = kind == Kind::Seat ? 0 : kind == Kind::ScanImage ? 1 : kind == Kind::Choose ? 2 : 3;
      auto text = whole_text(what[index]);
      if (!text) return fail(text.error().message);
      // A seat's name is shown and kept in the event log: text, no control characters.
      if (auto problem = kind == Kind::Seat ? name_problem(*text) : std::nullopt) {
        return fail("the seat name has " + *problem);
      }
      step.text = std::move(*text);
      return step;
    }
    case Kind::Seed: {
      auto value = to_int<std::uint64_t>(rest);
      if (!value) return fail("expected a whole number, e.g. seed 7");
      step.number = static_cast<std::int64_t>(*value);
      return step;
    }
    case Kind::Scan: {
      auto word = one_word("a tag payload, e.g. scan S1:R9E:HEKTOR:1");
      if (!word) return fail(word.error().message);
      step.text = std::move(*word);
      return step;
    }
    case Kind::ScanCard: {
      auto text = take_text(rest);
      if (!text) return fail(text.error().message);
      std::string title = text->first;
      std::string_view copy = text->second;
      if (!rest.empty() && rest.front() != '"') {
        // Unquoted: a last word that is a number is the copy.
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
    case Kind::Timer: {
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
    case Kind::ExpectTimer: {
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
                "\" is not a script command (game, seat, seed, scan, scan-card, scan-image, press, choose, set, wait, "
                "timer, expect, expect-timer, expect-refused)");
  }
  const Kind kind = keyword->kind;
  if (nested && kind != Kind::Scan && kind != Kind::ScanCard && kind != Kind::Press && kind != Kind::Choose &&
      kind != Kind::Set && kind != Kind::Timer) {
    return fail("expect-refused takes scan, scan-card, press, choose, set or timer, not " + std::string(word));
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

bool is_header(ScriptStep::Kind kind) { return kind == Kind::Game || kind == Kind::Seat || kind == Kind::Seed; }

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
