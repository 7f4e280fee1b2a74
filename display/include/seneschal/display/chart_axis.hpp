#pragma once
// Axis ticks for the game-end charts: round numbers, as many as fit without their labels
// touching. Pure arithmetic, tested without drawing.

#include <vector>

namespace seneschal::display {

// Tick values from at most `low` to at least `high`, a round step apart (1, 2 or 5 times a
// power of ten), at most `max_ticks` of them (at least 2). The first tick is at or below
// `low`, the last at or above `high`.
std::vector<int> value_ticks(int low, int high, int max_ticks);

// Which of the turns first..last to label on the x axis: multiples of a round step, at most
// `max_labels` (at least 1); always includes `first` when that is the only turn.
std::vector<int> turn_ticks(int first, int last, int max_labels);

}  // namespace seneschal::display
