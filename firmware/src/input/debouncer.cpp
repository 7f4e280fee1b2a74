#include "seneschal/firmware/input/debouncer.hpp"

#include <algorithm>

namespace seneschal::firmware {

Debouncer::Debouncer(DebounceTiming timing, Polarity polarity) : timing_(timing), polarity_(polarity) {}

void Debouncer::edge(unsigned line, Edge edge, std::int64_t at_ms) {
  Line& state = lines_[line];
  advance(line, state, at_ms);
  state.raw_down = (edge == Edge::Falling) == (polarity_ == Polarity::ActiveLow);
  // Even an edge that repeats the level restarts the wait: the kernel missed one in between,
  // so the contact is still bouncing.
  state.raw_since = at_ms;
}

std::vector<DebouncedPress> Debouncer::tick(std::int64_t now_ms) {
  for (auto& [id, state] : lines_) advance(id, state, now_ms);
  std::vector<DebouncedPress> presses;
  presses.swap(pending_);
  std::stable_sort(presses.begin(), presses.end(),
                   [](const DebouncedPress& a, const DebouncedPress& b) { return a.at_ms < b.at_ms; });
  return presses;
}

void Debouncer::advance(unsigned id, Line& line, std::int64_t t) {
  const bool settled = t - line.raw_since >= timing_.debounce_ms;
  if (!line.stable_down && line.raw_down && settled) {
    line.stable_down = true;
    line.down_since = line.raw_since;
    line.long_sent = false;
  }
  // Judged before a pending release settles: a button held past the threshold and then let go
  // between two ticks was still a long press.
  if (line.stable_down && !line.long_sent) {
    const std::int64_t held_until = line.raw_down ? t : line.raw_since;
    if (held_until - line.down_since >= timing_.long_press_ms) {
      line.long_sent = true;
      pending_.push_back({id, true, line.down_since + timing_.long_press_ms});
    }
  }
  if (line.stable_down && !line.raw_down && settled) {
    line.stable_down = false;
    if (!line.long_sent) pending_.push_back({id, false, line.raw_since + timing_.debounce_ms});
  }
}

std::int64_t edge_time_ms(std::int64_t event_ns, std::int64_t now_ms) {
  const std::int64_t at_ms = event_ns / 1'000'000;
  // An edge cannot come from the future, and a loop stalled for a minute has worse problems;
  // anything outside that is a timestamp on another clock.
  if (at_ms > now_ms + 1'000 || at_ms < now_ms - 60'000) return now_ms;
  return at_ms;
}

}  // namespace seneschal::firmware
