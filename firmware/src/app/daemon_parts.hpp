#pragma once
// The parts seneschald is made of, private to firmware/src/app: the table's clock, the screen (a
// window or PNG snapshots), the event log a game is played from, and the buttons, buzzer and LED
// when the machine has them. daemon.cpp puts them together.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/window.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/input/button_input.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"
#include "seneschal/firmware/app/daemon.hpp"
#include "seneschal/firmware/output/private_x_server.hpp"
#include "seneschal/firmware/output/signals.hpp"

namespace seneschal::firmware::daemon {

using SteadyClock = std::chrono::steady_clock;

std::int64_t wall_clock_ms();
std::int64_t steady_ms();

// The table's clock: the wall clock read once at start, then advanced by the monotonic clock.
// Across a restart the wall clock's gap counts (a timer ran on while the device was off); while
// running, an NTP step cannot make a timer jump (engine/TIMERS.md).
class TableClock {
 public:
  TableClock() : wall_at_start_(wall_clock_ms()), steady_at_start_(SteadyClock::now()) {}
  std::int64_t now_ms() const {
    return wall_at_start_ +
           std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - steady_at_start_).count();
  }

 private:
  std::int64_t wall_at_start_;
  SteadyClock::time_point steady_at_start_;
};

// daemon_screen.cpp: the screen side, a window or PNG snapshots (with a private X server when
// there is no display).
class ScreenOutput {
 public:
  static Result<ScreenOutput> open(const DaemonOptions& options);

  bool windowed() const { return window_.has_value(); }
  bool window_open() const { return window_ && window_->is_open(); }
  std::vector<display::Input> poll() { return window_ ? window_->poll() : std::vector<display::Input>{}; }
  // A snapshot written, with its size (checked non-zero), for the folder's bound.
  struct Written {
    std::string path;
    std::uintmax_t bytes = 0;
  };
  // Returns the snapshot when one was written.
  Result<std::optional<Written>> show(const engine::ViewModel& view, const std::string& snapshot_name);
  // The page drawn: the glance read from the chairs, or the details (the seats' lists, the log)
  // a press away. UP and DOWN turn it while no prompt has rows for them; any other button brings
  // the glance back.
  void turn_page() { page_ = page_ == display::Page::Glance ? display::Page::Details : display::Page::Glance; }
  void glance() { page_ = display::Page::Glance; }
  bool details_page() const { return page_ == display::Page::Details; }

 private:
  display::Page page_ = display::Page::Glance;
  ScreenOutput() = default;
  const DaemonOptions* options_ = nullptr;
  std::optional<PrivateXServer> x_server_;  // declared first: outlives the renderer's GL use
  std::optional<display::BoardRenderer> renderer_;
  std::optional<display::Window> window_;
};

// daemon_game.cpp: the game in the state folder's event log, resumed or started; a damaged log,
// or one with a row that does not replay, is set aside (its new name in set_aside) and a new game
// starts. `notes` gets what the open found the table should hear (moves a power cut lost).
Result<engine::Session> open_session(const DaemonOptions& options, const engine::ModuleRegistry& registry,
                                     engine::CardLibrary cards, std::string& log_path,
                                     std::optional<std::string>& set_aside, std::vector<std::string>& notes);
// Numbers and words told about whole cards, kept for later games in <state>/card-answers.json.
void keep_answers(const engine::Session& session, engine::CardOverlay& answers, const std::string& state_dir);

// daemon_devices.cpp: never fatal; the log says why a device is missing.
std::unique_ptr<ButtonInput> open_gpio_buttons(const DaemonOptions& options);
std::unique_ptr<Signals> open_buzzer_and_led(const DaemonOptions& options);
Button button_for(display::Input input);

}  // namespace seneschal::firmware::daemon
