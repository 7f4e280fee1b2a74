#include "seneschal/firmware/app/review_steps.hpp"

#include <algorithm>

#include "seneschal/base/words.hpp"

namespace seneschal::firmware {

ReviewSteps::ReviewSteps(std::vector<int> turns, std::size_t at) : turns_(std::move(turns)) {
  if (turns_.empty()) turns_.push_back(0);
  at_ = std::min(at, turns_.size() - 1);
}

bool ReviewSteps::starts_turn(std::size_t step) const {
  return step == 0 || (step < turns_.size() && turns_[step] != turns_[step - 1]);
}

std::size_t ReviewSteps::next_turn() const {
  for (std::size_t step = at_ + 1; step < turns_.size(); ++step) {
    if (starts_turn(step)) return step;
  }
  return turns_.size() - 1;
}

std::size_t ReviewSteps::turn_back() const {
  std::size_t first = at_;
  while (!starts_turn(first)) --first;
  if (first < at_ || first == 0) return first;
  // Already at this turn's first step: the previous turn's.
  --first;
  while (!starts_turn(first)) --first;
  return first;
}

bool ReviewSteps::press(display::Input input) {
  const std::size_t last = turns_.size() - 1;
  std::size_t to = at_;
  switch (input) {
    case display::Input::Up:
      to = at_ > 0 ? at_ - 1 : 0;
      break;
    case display::Input::Down:
      to = std::min(at_ + 1, last);
      break;
    case display::Input::HeldUp:
      to = 0;
      break;
    case display::Input::HeldDown:
      to = last;
      break;
    case display::Input::Ok:
      to = next_turn();
      break;
    case display::Input::Pass:
      to = turn_back();
      break;
    default:
      break;
  }
  const bool moved = to != at_;
  at_ = to;
  return moved;
}

std::vector<display::LegendKey> ReviewSteps::legend(display::Page page) const {
  std::vector<display::LegendKey> keys;
  const std::size_t last = turns_.size() - 1;
  // The keys as printed on the buttons; what they do in the language set.
  // TRANSLATORS: the button legend of `seneschal review`: what OK and PASS do.
  if (next_turn() != at_) keys.push_back({"OK", tr("next turn")});
  if (turn_back() != at_) keys.push_back({"PASS", tr("turn back")});
  // TRANSLATORS: the button legend of `seneschal review`: the arrows step a move back or on.
  if (at_ > 0 && at_ < last) {
    keys.push_back({"\u25B2\u25BC", tr("a move back / on")});
  } else if (at_ > 0) {
    keys.push_back({"\u25B2", tr("a move back")});
  } else if (at_ < last) {
    keys.push_back({"\u25BC", tr("a move on")});
  }
  // TRANSLATORS: the button legend of `seneschal review`: MENU turns to the details page or back to the board.
  keys.push_back({"MENU", page == display::Page::Glance ? tr("details")
                                                         // TRANSLATORS: the button legend of `seneschal review`: MENU turns back to the board.
                                                         : tr("the board")});
  return keys;
}

}  // namespace seneschal::firmware
