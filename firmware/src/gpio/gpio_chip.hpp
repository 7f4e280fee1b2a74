#pragma once
// Shared by the buttons and the signals: finding the header's chip and requesting one line, with
// errors that say which chip, line and purpose. Internal to firmware/src.

#include <gpiod.hpp>

#include <string>

#include "seneschal/base/result.hpp"

namespace seneschal::firmware::gpio {

// "gpiochip0 [pinctrl-bcm2711]"
std::string title(const gpiod::chip& chip);

// The chip labelled `label`, else the first chip with a known Pi label (a Pi 5 configured with
// the Pi 4's label still works).
Result<gpiod::chip> find_chip(const std::string& label);

// `purpose` names the line's use in errors: "OK", "the buzzer".
Result<gpiod::line> request_line(const gpiod::chip& chip, unsigned offset, const std::string& purpose,
                                 const gpiod::line_request& request);

}  // namespace seneschal::firmware::gpio
