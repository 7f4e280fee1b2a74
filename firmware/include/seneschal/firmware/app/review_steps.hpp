#pragma once
// Which step of a finished game the buttons lead to in `seneschal review`: the steps are the
// start, then the board after each move in effect, and a turn begins where the game's turn
// number changes. Kept apart from any window, so that what each button does is tested without one.
//
//   UP      one move back           DOWN       one move on
//   OK      the next turn's first   PASS       back to this turn's first (from there: the previous turn's)
//   held UP the start (PageUp)      held DOWN  the end (PageDown)
//
// MENU (the details page) and quitting are the window's, not a step's.

#include <cstddef>
#include <vector>

#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/window.hpp"

namespace seneschal::firmware {

class ReviewSteps {
 public:
  // turns: the game's turn at each step, the start first; at least one step. `at` is clamped.
  explicit ReviewSteps(std::vector<int> turns, std::size_t at = 0);

  std::size_t at() const { return at_; }
  std::size_t count() const { return turns_.size(); }
  // Goes where the button leads; false when the step stays (UP at the start, a button that does
  // not step).
  bool press(display::Input input);

  // The start, and each step whose turn differs from the step before.
  bool starts_turn(std::size_t step) const;
  // The next turn's first step, or the last step when this is the last turn.
  std::size_t next_turn() const;
  // This turn's first step; from there, the previous turn's first.
  std::size_t turn_back() const;

  // What each button does from here, for the legend: only those that would move (and MENU, to
  // `page`'s other side), as the device's legend lists only what works now.
  std::vector<display::LegendKey> legend(display::Page page) const;

 private:
  std::vector<int> turns_;
  std::size_t at_ = 0;
};

}  // namespace seneschal::firmware
