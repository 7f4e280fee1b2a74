#include "seneschal/firmware/output/timer_watch.hpp"

#include <algorithm>
#include <charconv>
#include <functional>

namespace seneschal::firmware {

TimerWatch::TimerWatch(std::vector<int> marks_s) : marks_s_(std::move(marks_s)) {
  std::sort(marks_s_.begin(), marks_s_.end(), std::greater<>());
  marks_s_.erase(std::unique(marks_s_.begin(), marks_s_.end()), marks_s_.end());
}

TimerCues TimerWatch::update(const std::vector<engine::TimerView>& timers) {
  TimerCues cues;
  std::map<std::string, std::int64_t> now;
  for (const engine::TimerView& t : timers) {
    cues.alarm = cues.alarm || t.alarm;
    now[t.name] = t.remaining_ms;
    auto before = last_left_ms_.find(t.name);
    // A timer seen for the first time (or restarted with more time) warns from where it is, not
    // for marks it was never above.
    if (!t.running || before == last_left_ms_.end() || before->second < t.remaining_ms) continue;
    for (std::size_t i = 0; i < marks_s_.size(); ++i) {
      const std::int64_t mark = std::int64_t{marks_s_[i]} * 1000;
      if (before->second > mark && t.remaining_ms <= mark && t.remaining_ms > 0) {
        cues.warnings.push_back(static_cast<int>(i) + 1);
      }
    }
  }
  last_left_ms_ = std::move(now);
  return cues;
}

Result<std::vector<int>> parse_timer_marks(std::string_view text) {
  std::vector<int> marks;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    int value = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size() || value < 1 || value > 3600) {
      return fail("timer mark \"" + std::string(item) + "\": expected seconds left, 1-3600 (e.g. 60,30,10)");
    }
    marks.push_back(value);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  return marks;
}

}  // namespace seneschal::firmware
