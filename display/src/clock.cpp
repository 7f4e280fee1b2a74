#include "seneschal/display/clock.hpp"

#include <algorithm>
#include <numeric>

namespace seneschal::display {
namespace {

std::string two_digits(std::int64_t value) { return (value < 10 ? "0" : "") + std::to_string(value); }

// Smaller is more urgent: an alarm before anything, then running before paused.
int urgency_class(const engine::TimerView& timer) {
  if (timer.alarm) return 0;
  return timer.running ? 1 : 2;
}

}  // namespace

std::string clock_text(std::int64_t remaining_ms) {
  const std::int64_t seconds = (std::max<std::int64_t>(0, remaining_ms) + 999) / 1000;
  const std::int64_t hours = seconds / 3600;
  const std::int64_t minutes = seconds / 60 % 60;
  if (hours > 0) return std::to_string(hours) + ":" + two_digits(minutes) + ":" + two_digits(seconds % 60);
  return std::to_string(minutes) + ":" + two_digits(seconds % 60);
}

std::vector<std::size_t> timers_by_urgency(const std::vector<engine::TimerView>& timers) {
  std::vector<std::size_t> order(timers.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const int ca = urgency_class(timers[a]);
    const int cb = urgency_class(timers[b]);
    if (ca != cb) return ca < cb;
    return timers[a].remaining_ms < timers[b].remaining_ms;
  });
  return order;
}

float remaining_fraction(const engine::TimerView& timer) {
  if (timer.remaining_ms <= 0) return 0;
  if (timer.total_ms <= 0) return 1;
  return std::clamp(static_cast<float>(timer.remaining_ms) / static_cast<float>(timer.total_ms), 0.f, 1.f);
}

bool alarm_flash_phase(std::int64_t now_ms) { return (now_ms / 500) % 2 != 0; }

}  // namespace seneschal::display
