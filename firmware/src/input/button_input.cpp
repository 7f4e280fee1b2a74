#include "seneschal/firmware/input/button_input.hpp"

namespace seneschal::firmware {

Button long_press_meaning(Button button) {
  switch (button) {
    case Button::Ok: return Button::Menu;
    case Button::Undo: return Button::Redo;
    default: return button;
  }
}

Button meaning(const ButtonPress& press) { return press.long_press ? long_press_meaning(press.button) : press.button; }

}  // namespace seneschal::firmware
