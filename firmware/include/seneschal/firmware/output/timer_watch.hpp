#pragma once
// Turns what the screen shows of the timers into what the buzzer and LED should say: a warning
// each time a running timer passes one of the marks (60, 30, 10 s left by default; more beeps
// the nearer the end), and the alarm for as long as any timer rings. Pure: fed a view's timers,
// so tests need neither clock nor hardware.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::firmware {

struct TimerCues {
  std::vector<int> warnings;  // levels of marks crossed since the last update (1 = the first mark)
  bool alarm = false;         // some timer rings
};

class TimerWatch {
 public:
  // Seconds left at which to warn, any order; level 1 is the largest.
  explicit TimerWatch(std::vector<int> marks_s = {60, 30, 10});

  TimerCues update(const std::vector<engine::TimerView>& timers);

  const std::vector<int>& marks() const { return marks_s_; }

 private:
  std::vector<int> marks_s_;  // largest first
  std::map<std::string, std::int64_t> last_left_ms_;
};

// "60,30,10" -> {60, 30, 10}; the error names the item that is not a number of seconds (1-3600).
Result<std::vector<int>> parse_timer_marks(std::string_view text);

}  // namespace seneschal::firmware
