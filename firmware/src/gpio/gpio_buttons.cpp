#include "seneschal/firmware/gpio/gpio_buttons.hpp"

#include <chrono>
#include <map>
#include <system_error>

#include "gpio/gpio_chip.hpp"
#include "seneschal/firmware/input/debouncer.hpp"
#include "seneschal/firmware/base/log.hpp"

namespace seneschal::firmware {

struct GpioButtons::Impl {
  gpiod::chip chip;
  gpiod::line_bulk lines;
  std::map<unsigned, Button> buttons;  // by line offset
  Debouncer debouncer;
  std::string description;
  bool failed = false;  // a read error is logged once, not every loop
};

namespace {

// The kernel queues 16 events per line; a few rounds drain any real button, and a line that
// never settles cannot keep the loop here.
constexpr int kReadRounds = 4;

std::int64_t steady_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Result<std::unique_ptr<GpioButtons>> GpioButtons::open(const GpioConfig& config) {
  if (auto ok = check_gpio_config(config); !ok) return fail(ok.error().message);
  if (config.lines.empty()) return fail("no GPIO button lines are configured");
  auto chip = gpio::find_chip(config.chip_label);
  if (!chip) return fail(chip.error().message);

  const gpiod::line_request request{
      "seneschal", gpiod::line_request::EVENT_BOTH_EDGES,
      config.active_low ? gpiod::line_request::FLAG_BIAS_PULL_UP : gpiod::line_request::FLAG_BIAS_PULL_DOWN};
  auto impl = std::make_unique<Impl>();
  impl->chip = *chip;
  impl->debouncer = Debouncer({config.debounce_ms, config.long_press_ms},
                              config.active_low ? Polarity::ActiveLow : Polarity::ActiveHigh);
  std::vector<gpiod::line> requested;
  std::string wiring;
  for (const auto& [button, offset] : config.lines) {
    auto line = gpio::request_line(*chip, offset, std::string(to_string(button)), request);
    if (!line) {
      for (const auto& done : requested) done.release();
      return fail(line.error().message);
    }
    requested.push_back(*line);
    impl->buttons[offset] = button;
    wiring += fmt::format(" {}={}", to_string(button), offset);
  }
  impl->lines = gpiod::line_bulk(requested);
  impl->description =
      fmt::format("GPIO buttons on {}:{} (active {}, {} ms debounce, {} ms long press)", gpio::title(*chip), wiring,
                  config.active_low ? "low" : "high", config.debounce_ms, config.long_press_ms);
  return std::unique_ptr<GpioButtons>(new GpioButtons(std::move(impl)));
}

GpioButtons::GpioButtons(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

GpioButtons::~GpioButtons() {
  try {
    impl_->lines.release();
  } catch (const std::exception&) {
    // Closing the chip releases them anyway.
  }
}

std::vector<ButtonPress> GpioButtons::poll() { return poll_at(steady_now_ms()); }

std::vector<ButtonPress> GpioButtons::poll_at(std::int64_t now_ms) {
  try {
    for (int round = 0; round < kReadRounds; ++round) {
      gpiod::line_bulk ready = impl_->lines.event_wait(std::chrono::nanoseconds(0));
      if (!ready) break;
      for (const gpiod::line& line : ready) {
        for (const gpiod::line_event& event : line.event_read_multiple()) {
          const Edge edge = event.event_type == gpiod::line_event::RISING_EDGE ? Edge::Rising : Edge::Falling;
          impl_->debouncer.edge(line.offset(), edge, edge_time_ms(event.timestamp.count(), now_ms));
        }
      }
    }
  } catch (const std::exception& e) {
    if (!impl_->failed) log::warning("reading the GPIO buttons failed: {}", e.what());
    impl_->failed = true;
  }
  std::vector<ButtonPress> presses;
  for (const DebouncedPress& press : impl_->debouncer.tick(now_ms)) {
    presses.push_back({impl_->buttons.at(press.line), press.long_press, press.at_ms, "gpio"});
  }
  return presses;
}

std::string GpioButtons::describe() const { return impl_->description; }

}  // namespace seneschal::firmware
