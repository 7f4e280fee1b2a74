#include "seneschal/display/chart_axis.hpp"

#include <algorithm>
#include <cmath>

namespace seneschal::display {
namespace {

// 1, 2, 5, 10, 20, 50, ...: the round step that spans `range` in at most `steps` steps.
int round_step(long long range, int steps) {
  steps = std::max(1, steps);
  for (long long magnitude = 1;; magnitude *= 10) {
    for (const long long factor : {1, 2, 5}) {
      const long long step = factor * magnitude;
      if (range <= step * steps) return static_cast<int>(step);
    }
  }
}

long long floor_to(long long value, long long step) {
  const long long q = value / step;
  return (value % step != 0 && value < 0 ? q - 1 : q) * step;
}

long long ceil_to(long long value, long long step) { return -floor_to(-value, step); }

}  // namespace

std::vector<int> value_ticks(int low, int high, int max_ticks) {
  if (high < low) std::swap(low, high);
  max_ticks = std::max(2, max_ticks);
  // A flat series still gets an axis one step tall.
  const long long range = std::max<long long>(1, static_cast<long long>(high) - low);
  int step = round_step(range, max_ticks - 1);
  // Rounding the ends out can add a tick; take the next round step if it went past the limit.
  while (true) {
    const long long first = floor_to(low, step);
    const long long last = std::max(ceil_to(high, step), first + step);
    if ((last - first) / step + 1 <= max_ticks) {
      std::vector<int> ticks;
      for (long long v = first; v <= last; v += step) ticks.push_back(static_cast<int>(v));
      return ticks;
    }
    step = round_step(static_cast<long long>(step) * (max_ticks - 1) + 1, max_ticks - 1);
  }
}

std::vector<int> turn_ticks(int first, int last, int max_labels) {
  if (last < first) std::swap(first, last);
  max_labels = std::max(1, max_labels);
  if (first == last) return {first};
  int step = round_step(last - first + 1, max_labels);
  std::vector<int> ticks;
  while (true) {
    ticks.clear();
    for (long long t = ceil_to(first, step); t <= last; t += step) ticks.push_back(static_cast<int>(t));
    // Multiples of the step ("5, 10, 15") read better than "1, 6, 11"; the first turn goes
    // unlabelled when it is not one.
    if (static_cast<int>(ticks.size()) <= max_labels) break;
    step = round_step(static_cast<long long>(step) * max_labels + 1, max_labels);
  }
  if (ticks.empty()) ticks.push_back(first);
  return ticks;
}

}  // namespace seneschal::display
