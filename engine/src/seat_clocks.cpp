#include "seneschal/engine/seat_clocks.hpp"

#include <algorithm>
#include <charconv>

namespace seneschal::engine {

using nlohmann::json;

json clock_rules_json(const SeatClockRules& rules) {
  return {{"shown", rules.shown}, {"game_ms", rules.game_ms}, {"turn_ms", rules.turn_ms}};
}

SeatClockRules clock_rules_from_json(const json& in) {
  SeatClockRules rules;
  if (!in.is_object()) return rules;
  rules.shown = in.value("shown", false);
  rules.game_ms = std::max<std::int64_t>(0, in.value("game_ms", std::int64_t{0}));
  rules.turn_ms = std::max<std::int64_t>(0, in.value("turn_ms", std::int64_t{0}));
  return rules;
}

Result<std::int64_t> parse_clock_limit(std::string_view text) {
  const std::string what = "clock limit \"" + std::string(text) + "\": expected a length like 25m, 90s or 1h30m, or 0";
  if (text == "0") return std::int64_t{0};
  if (text.empty()) return fail(what);
  std::int64_t ms = 0;
  while (!text.empty()) {
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end == text.data() + text.size() || value < 0) return fail(what);
    const char unit = *end;
    const std::int64_t scale = unit == 'h' ? 3'600'000 : unit == 'm' ? 60'000 : unit == 's' ? 1'000 : 0;
    if (scale == 0 || value > 24 * 3600) return fail(what);
    ms += value * scale;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()) + 1);
  }
  // Longer than a day is no game's clock: a typo (25h for 25m) rather than a choice.
  if (ms <= 0 || ms > 24 * 3'600'000LL) return fail(what);
  return ms;
}

SeatClocks SeatClocks::start(SeatClockRules rules, std::size_t seats) {
  SeatClocks clocks;
  clocks.rules = rules;
  clocks.total_ms.assign(seats, 0);
  return clocks;
}

std::int64_t SeatClocks::running_ms(std::int64_t now_ms) const {
  if (running < 0) return 0;
  const std::int64_t stretch = now_ms - since_ms;
  return stretch > 0 && stretch <= kClockBreakMs ? stretch : 0;
}

std::int64_t SeatClocks::used_ms(int seat, std::int64_t now_ms) const {
  if (seat < 0 || static_cast<std::size_t>(seat) >= total_ms.size()) return 0;
  return total_ms[static_cast<std::size_t>(seat)] + (seat == running ? running_ms(now_ms) : 0);
}

std::int64_t SeatClocks::used_in_turn_ms(int seat, int turn, std::int64_t now_ms) const {
  if (seat < 0) return 0;
  std::int64_t used = 0;
  for (const TurnClock& t : turns) {
    if (t.turn == turn && static_cast<std::size_t>(seat) < t.ms.size()) used = t.ms[static_cast<std::size_t>(seat)];
  }
  return used + (seat == running && turn == running_turn ? running_ms(now_ms) : 0);
}

void SeatClocks::charge(std::int64_t at_ms) {
  const std::int64_t stretch = running_ms(at_ms);
  since_ms = std::max(since_ms, at_ms);
  if (stretch <= 0 || running < 0 || static_cast<std::size_t>(running) >= total_ms.size()) return;
  total_ms[static_cast<std::size_t>(running)] += stretch;
  if (turns.empty() || turns.back().turn != running_turn) turns.push_back({running_turn, std::vector<std::int64_t>(total_ms.size(), 0)});
  turns.back().ms[static_cast<std::size_t>(running)] += stretch;
}

void SeatClocks::run_for(int seat, int turn, std::int64_t at_ms) {
  running = seat >= 0 && static_cast<std::size_t>(seat) < total_ms.size() ? seat : -1;
  running_turn = turn;
  since_ms = at_ms;
}

std::optional<SeatClocks::Countdown> SeatClocks::countdown(std::int64_t now_ms) const {
  if (running < 0) return std::nullopt;
  const auto stopped_for = [&](int turn) {
    return std::find(stopped.begin(), stopped.end(), std::pair{running, turn}) != stopped.end();
  };
  std::optional<Countdown> tightest;
  const auto consider = [&](std::int64_t limit, std::int64_t used, int turn) {
    if (limit <= 0 || stopped_for(turn)) return;
    const std::int64_t left = std::max<std::int64_t>(0, limit - used);
    if (!tightest || left < tightest->left_ms) tightest = Countdown{running, left, limit, turn};
  };
  consider(rules.game_ms, used_ms(running, now_ms), 0);
  consider(rules.turn_ms, used_in_turn_ms(running, running_turn, now_ms), running_turn);
  return tightest;
}

bool SeatClocks::ringing_at(std::int64_t now_ms) const {
  const auto c = countdown(now_ms);
  return c && c->left_ms == 0;
}

json clocks_json(const SeatClocks& clocks) {
  json turns = json::array();
  for (const TurnClock& t : clocks.turns) turns.push_back({{"turn", t.turn}, {"ms", t.ms}});
  json stopped = json::array();
  for (const auto& [seat, turn] : clocks.stopped) stopped.push_back({seat, turn});
  return {{"rules", clock_rules_json(clocks.rules)},
          {"total_ms", clocks.total_ms},
          {"turns", turns},
          {"running", clocks.running},
          {"running_turn", clocks.running_turn},
          {"since_ms", clocks.since_ms},
          {"stopped", stopped}};
}

SeatClocks clocks_from_json(const json& in) {
  SeatClocks clocks;
  if (!in.is_object()) return clocks;
  clocks.rules = clock_rules_from_json(in.value("rules", json::object()));
  clocks.total_ms = in.value("total_ms", std::vector<std::int64_t>{});
  for (const json& t : in.value("turns", json::array())) {
    clocks.turns.push_back({t.value("turn", 0), t.value("ms", std::vector<std::int64_t>{})});
  }
  clocks.running = in.value("running", -1);
  clocks.running_turn = in.value("running_turn", 0);
  clocks.since_ms = in.value("since_ms", std::int64_t{0});
  for (const json& s : in.value("stopped", json::array())) {
    if (s.is_array() && s.size() == 2) clocks.stopped.push_back({s[0].get<int>(), s[1].get<int>()});
  }
  return clocks;
}

}  // namespace seneschal::engine
