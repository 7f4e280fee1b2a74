#include <fmt/core.h>

#include "gpio/gpio_chip.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/output/signals.hpp"

namespace seneschal::firmware {

struct GpioSignals::Impl {
  gpiod::chip chip;
  gpiod::line buzzer;  // empty when not configured
  gpiod::line led;
  std::string description;
  bool failed = false;  // a write error is logged once, not every tick
};

namespace {

void drive(gpiod::line& line, bool on) {
  if (line) line.set_value(on ? 1 : 0);
}

}  // namespace

Result<std::unique_ptr<GpioSignals>> GpioSignals::open(const GpioConfig& config) {
  if (auto ok = check_gpio_config(config); !ok) return fail(ok.error().message);
  if (!config.buzzer_line && !config.led_line) return fail("neither a buzzer nor an LED GPIO line is configured");
  auto chip = gpio::find_chip(config.chip_label);
  if (!chip) return fail(chip.error().message);

  const gpiod::line_request request{"seneschal", gpiod::line_request::DIRECTION_OUTPUT, {}};
  auto impl = std::make_unique<Impl>();
  impl->chip = *chip;
  std::string wiring;
  if (config.buzzer_line) {
    auto line = gpio::request_line(*chip, *config.buzzer_line, "the buzzer", request);
    if (!line) return fail(line.error().message);
    impl->buzzer = *line;
    wiring += fmt::format(" buzzer={}", *config.buzzer_line);
  }
  if (config.led_line) {
    auto line = gpio::request_line(*chip, *config.led_line, "the LED", request);
    if (!line) {
      if (impl->buzzer) impl->buzzer.release();
      return fail(line.error().message);
    }
    impl->led = *line;
    wiring += fmt::format(" LED={}", *config.led_line);
  }
  impl->description = fmt::format("GPIO signals on {}:{}", gpio::title(*chip), wiring);
  return std::unique_ptr<GpioSignals>(new GpioSignals(std::move(impl)));
}

GpioSignals::GpioSignals(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

GpioSignals::~GpioSignals() {
  try {
    drive(impl_->buzzer, false);
    drive(impl_->led, false);
    if (impl_->buzzer) impl_->buzzer.release();
    if (impl_->led) impl_->led.release();
  } catch (const std::exception&) {
    // Closing the chip releases the lines; the kernel keeps their last level, which is why we try.
  }
}

void GpioSignals::tick(std::int64_t now_ms) {
  const SignalLevels levels = scheduler_.at(now_ms);
  if (levels == shown_) return;
  try {
    if (levels.buzzer != shown_.buzzer) drive(impl_->buzzer, levels.buzzer);
    if (levels.led != shown_.led) drive(impl_->led, levels.led);
    shown_ = levels;
  } catch (const std::exception& e) {
    if (!impl_->failed) log::warning("driving the buzzer/LED failed: {}", e.what());
    impl_->failed = true;
  }
}

std::string GpioSignals::describe() const { return impl_->description; }

}  // namespace seneschal::firmware
