#pragma once
// Which GPIO lines the buttons, buzzer and LED are on, and which chip holds them. The defaults are
// the README's wiring (firmware/GPIO.md): header pins free of I2C, SPI and UART, so a display HAT
// or a serial console can stay wired.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"

namespace seneschal::firmware {

// BCM numbers: OK=17 PASS=27 UNDO=22 UP=23 DOWN=24 MENU=5 TIMER=25; REDO has no line (hold UNDO).
std::map<Button, unsigned> default_gpio_lines();

struct GpioConfig {
  // The header's chip is found by label, not by /dev/gpiochipN, whose number differs between
  // Pi models and kernels. When this label is absent the known Pi labels are tried in turn.
  std::string chip_label = "pinctrl-bcm2711";
  std::map<Button, unsigned> lines = default_gpio_lines();  // BCM numbers
  bool active_low = true;                                   // buttons switch to ground; the lines get pull-ups
  int debounce_ms = 20;
  int long_press_ms = 800;
  std::optional<unsigned> buzzer_line = 18;  // driven high = sounding
  std::optional<unsigned> led_line = 12;     // driven high = lit
};

// The labels of the 40-pin header's chip: Pi 4/400/CM4, Pi 5 (RP1), Pi 1-3/Zero.
const std::vector<std::string>& known_pi_chip_labels();

// "ok=17,pass=27,undo=22" (button names as in parse_button, any case, spaces allowed) for a CLI
// flag or config line. The result replaces the defaults: a button not listed has no line.
Result<std::map<Button, unsigned>> parse_gpio_lines(std::string_view text);

// No line may serve two purposes (two buttons, or a button and the buzzer).
Result<void> check_gpio_config(const GpioConfig& config);

}  // namespace seneschal::firmware
