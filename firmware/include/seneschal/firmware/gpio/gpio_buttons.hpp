#pragma once
// Buttons on the Pi's 40-pin header, read through libgpiod 1.6 (the version Raspberry Pi OS
// bookworm ships). A machine without the chip gets an error from open() that names the label
// and the chips it did find; the daemon logs it and carries on with the keyboard and tags.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/firmware/input/button_input.hpp"
#include "seneschal/firmware/config/gpio_config.hpp"

namespace seneschal::firmware {

class GpioButtons final : public ButtonInput {
 public:
  // Requests every configured button line for both edges, with a pull-up (pull-down when
  // active high), as consumer "seneschal". Fails naming the line and button when one is busy.
  static Result<std::unique_ptr<GpioButtons>> open(const GpioConfig& config);
  ~GpioButtons() override;
  GpioButtons(const GpioButtons&) = delete;
  GpioButtons& operator=(const GpioButtons&) = delete;

  // Call at least every ~20 ms: long presses are recognised in here, while the button is held.
  std::vector<ButtonPress> poll() override;
  // poll() at a given steady-clock time, for tests.
  std::vector<ButtonPress> poll_at(std::int64_t now_ms);
  std::string describe() const override;

  struct Impl;  // keeps <gpiod.hpp> out of the daemon's includes

 private:
  explicit GpioButtons(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace seneschal::firmware
