// seneschald: the table companion's daemon.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <csignal>
#include <cstdlib>

#include "seneschal/firmware/assets.hpp"
#include "seneschal/firmware/daemon.hpp"
#include "seneschal/firmware/gpio_config.hpp"
#include "seneschal/firmware/log.hpp"
#include "seneschal/firmware/timer_watch.hpp"

namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_signal(int) { g_stop = true; }

std::string default_state_dir() {
  // systemd's StateDirectory= hands the folder over in $STATE_DIRECTORY.
  if (const char* dir = std::getenv("STATE_DIRECTORY"); dir && *dir) return dir;
  return "state";
}

bool parse_size(const std::string& text, seneschal::display::ScreenSize& size) {
  unsigned w = 0, h = 0;
  char x = 0;
  if (std::sscanf(text.c_str(), "%u%c%u", &w, &x, &h) != 3 || x != 'x' || w < 320 || h < 240) return false;
  size = {w, h};
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace seneschal::firmware;
  CLI::App app{"seneschald - keeps the books of a card game from a camera, a screen and a few buttons"};
  DaemonOptions options;
  options.state_dir = default_state_dir();
  options.assets_dir = default_assets_dir();
  bool headless = false;
  std::string size_text = "800x480";
  app.add_option("--source", options.source,
                 "folder of recorded frames or a video file (default: the bundled recording)");
  app.add_flag("--headless", headless, "no window: write a PNG snapshot per scan into --snapshot-dir");
  app.add_option("--snapshot-dir", options.snapshot_dir,
                 "where headless snapshots go (default: <state-dir>/snapshots)");
  app.add_option("--state-dir", options.state_dir, "folder for the SQLite event log")->capture_default_str();
  app.add_option("--assets", options.assets_dir, "folder with cards/, fonts/ and recordings/")->capture_default_str();
  app.add_option("--game", options.game, "game module for a new game")->capture_default_str();
  app.add_option("--seat", options.seats, "seat names clockwise, for a new game (repeat: --seat Mark --seat Shawn)");
  app.add_flag("--new-game", options.new_game, "keep the current log as an archive and start a new game");
  app.add_option("--size", size_text, "screen size WIDTHxHEIGHT (800x480, 1024x600, 1920x1080)")->capture_default_str();
  app.add_option("--frame-interval-ms", options.frame_interval_ms, "time between recorded frames")
      ->capture_default_str();
  std::string buttons = "auto";
  app.add_option("--buttons", buttons, "button source besides the keyboard and control tags: auto (GPIO when the machine has a chip), gpio, none")
      ->check(CLI::IsMember({"auto", "gpio", "none"}))
      ->capture_default_str();
  app.add_option("--gpio-chip", options.gpio.chip_label, "label of the GPIO chip with the buttons (firmware/GPIO.md)")
      ->capture_default_str();
  std::string gpio_lines;
  app.add_option("--gpio-lines", gpio_lines, "BCM lines of the buttons, e.g. ok=17,pass=27,undo=22,up=23,down=24,menu=5,timer=25");
  std::string timer_marks = "60,30,10";
  app.add_option("--timer-marks", timer_marks, "seconds left at which the buzzer warns")->capture_default_str();
  std::vector<std::string> presets;
  app.add_option("--timer-preset", presets,
                 "a timer the menu and TIMER button start, NAME=SECONDS (repeat; default: the game's own, e.g. "
                 "Negotiation=180 for Cutthroat Kingdoms)");
  CLI11_PARSE(app, argc, argv);

  options.buttons = buttons == "gpio" ? ButtonSource::Gpio : buttons == "none" ? ButtonSource::None : ButtonSource::Auto;
  if (!gpio_lines.empty()) {
    auto lines = parse_gpio_lines(gpio_lines);
    if (!lines) {
      log::error("--gpio-lines: {}", lines.error().message);
      return 64;
    }
    options.gpio.lines = *lines;
  }
  if (auto checked = check_gpio_config(options.gpio); !checked) {
    log::error("GPIO lines: {}", checked.error().message);
    return 64;
  }
  auto marks = parse_timer_marks(timer_marks);
  if (!marks) {
    log::error("--timer-marks: {}", marks.error().message);
    return 64;
  }
  options.timer_marks_s = *marks;
  for (const std::string& preset : presets) {
    const auto eq = preset.find('=');
    int seconds = 0;
    if (eq == std::string::npos || eq == 0 || std::sscanf(preset.c_str() + eq + 1, "%d", &seconds) != 1 ||
        seconds < 1 || seconds > 4 * 3600) {
      log::error("--timer-preset {}: expected NAME=SECONDS, 1 to 14400 seconds, e.g. Negotiation=180", preset);
      return 64;
    }
    options.timer_presets.push_back({preset.substr(0, eq), seconds});
  }

  if (!parse_size(size_text, options.size)) {
    log::error("--size {}: expected WIDTHxHEIGHT, at least 320x240, e.g. 800x480", size_text);
    return 64;  // EX_USAGE
  }
  options.screen = headless ? Screen::Snapshots : Screen::Window;
  if (options.snapshot_dir.empty()) options.snapshot_dir = options.state_dir + "/snapshots";

  std::signal(SIGTERM, on_signal);
  std::signal(SIGINT, on_signal);

  auto summary = run_daemon(options, g_stop);
  if (!summary) {
    log::error("{}", summary.error().message);
    return 1;
  }
  if (auto& ms = summary->input_to_screen_ms; !ms.empty()) {
    std::sort(ms.begin(), ms.end());
    log::info("button to screen: median {:.1f} ms, p95 {:.1f} ms over {} presses", ms[ms.size() / 2],
              ms[std::min(ms.size() - 1, ms.size() * 95 / 100)], ms.size());
  }
  log::notice("stopped: {} frames, {} moves accepted, {} refused, {} snapshots; the game is in {}", summary->frames,
              summary->accepted, summary->refused, summary->snapshots, summary->log_path);
  return 0;
}
