#pragma once
// A source of button presses: GPIO buttons, the keyboard (display/), control tags, a script. The
// daemon polls every source once per loop and treats their presses alike; `source` only says
// where a press came from, for the log.

#include <cstdint>
#include <string>
#include <vector>

#include "seneschal/firmware/table/button_mapper.hpp"

namespace seneschal::firmware {

struct ButtonPress {
  Button button;
  bool long_press = false;
  std::int64_t at_ms = 0;  // steady clock ms when recognised
  std::string source;      // "gpio", "keyboard", "tag", "script"
};

class ButtonInput {
 public:
  virtual ~ButtonInput() = default;
  virtual std::vector<ButtonPress> poll() = 0;  // non-blocking
  virtual std::string describe() const = 0;
};

// A table has few buttons, so holding one gives a second meaning (firmware/GPIO.md):
// long OK = MENU, long UNDO = REDO; every other button means itself when held. A long TIMER
// stays TIMER, and the daemon may read its long_press as "silence the alarm".
Button long_press_meaning(Button button);
// What a press asks for: the button itself, or its long-press meaning when it was held.
Button meaning(const ButtonPress& press);

}  // namespace seneschal::firmware
