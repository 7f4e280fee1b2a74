#include <filesystem>

#include "app/daemon_parts.hpp"
#include "seneschal/firmware/gpio/gpio_buttons.hpp"
#include "seneschal/firmware/base/log.hpp"

namespace seneschal::firmware::daemon {
namespace {

namespace fs = std::filesystem;

bool machine_has_gpio_chip() {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/dev", ec)) {
    if (entry.path().filename().string().rfind("gpiochip", 0) == 0) return true;
  }
  return false;
}

}  // namespace

// GPIO buttons when asked for (or when the machine has a chip); never fatal: the keyboard and
// control tags still work, and the log says why the buttons do not.
std::unique_ptr<ButtonInput> open_gpio_buttons(const DaemonOptions& options) {
  if (options.buttons == ButtonSource::None) return nullptr;
  if (options.buttons == ButtonSource::Auto && !machine_has_gpio_chip()) {
    log::info("no GPIO chip on this machine: buttons from the keyboard and control tags");
    return nullptr;
  }
  auto buttons = GpioButtons::open(options.gpio);
  if (!buttons) {
    log::warning("GPIO buttons: {} (the keyboard and control tags still work)", buttons.error().message);
    return nullptr;
  }
  log::info("buttons: {}", (*buttons)->describe());
  return std::move(buttons).value();
}

std::unique_ptr<Signals> open_buzzer_and_led(const DaemonOptions& options) {
  if (options.buttons == ButtonSource::None ||
      (options.buttons == ButtonSource::Auto && !machine_has_gpio_chip())) {
    return std::make_unique<NullSignals>();
  }
  auto signals = open_signals(options.gpio);
  if (!signals) {
    log::warning("buzzer and LED: {} (timers still show on the screen)", signals.error().message);
    return std::make_unique<NullSignals>();
  }
  return std::move(signals).value();
}

Button button_for(display::Input input) {
  switch (input) {
    case display::Input::Ok: return Button::Ok;
    case display::Input::Pass: return Button::Pass;
    case display::Input::Undo: return Button::Undo;
    case display::Input::Redo: return Button::Redo;
    case display::Input::Up:
    case display::Input::HeldUp: return Button::Up;
    case display::Input::Down:
    case display::Input::HeldDown: return Button::Down;
    case display::Input::Menu: return Button::Menu;
    case display::Input::Timer:
    case display::Input::Quit: break;
  }
  return Button::Timer;
}

}  // namespace seneschal::firmware::daemon
