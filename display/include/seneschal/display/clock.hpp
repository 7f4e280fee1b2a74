#pragma once
// Timers as the table reads them: "m:ss", and which one matters most now. Pure functions, so
// the wording and the order are tested without drawing.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "seneschal/engine/view.hpp"

namespace seneschal::display {

// The last 30 s of a timer are drawn in the warning colour.
inline constexpr std::int64_t kUrgentMs = 30'000;

// "2:05", "0:09", "1:02:03" past an hour. Seconds are rounded up, so a timer reads 0:00 only
// once it has run out, the way a kitchen timer does.
std::string clock_text(std::int64_t remaining_ms);

// Indices into `timers`, most urgent first: ringing alarms, then running timers by time left,
// then paused ones by time left; ties keep their order.
std::vector<std::size_t> timers_by_urgency(const std::vector<engine::TimerView>& timers);

// How much of the ring is left, 0 to 1; an unknown length counts as full while time remains.
float remaining_fraction(const engine::TimerView& timer);

// Whether an alarm's flash is in its second colour at `now_ms`: it alternates every 500 ms,
// paced by the view model's clock so a given view model always draws the same image.
bool alarm_flash_phase(std::int64_t now_ms);

}  // namespace seneschal::display
