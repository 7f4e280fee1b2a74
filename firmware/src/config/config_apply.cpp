// From what the file says to DaemonOptions, and the checks that need more than the file: the
// game modules this build has, and GPIO lines and stabilizer limits merged with the defaults.

#include "seneschal/firmware/config/config.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "config/config_read.hpp"
#include "seneschal/base/language.hpp"
#include "seneschal/engine/module_registry.hpp"

namespace seneschal::firmware {
namespace {

Result<void> check_game(const Config& config) {
  if (!config.game) return {};
  engine::ModuleRegistry registry;
  engine::register_builtin_modules(registry);
  const auto ids = registry.ids();
  if (std::find(ids.begin(), ids.end(), *config.game) != ids.end()) return {};
  const std::vector<std::string_view> words(ids.begin(), ids.end());
  return fail(fmt::format("{}game.name = \"{}\": expected a game this build has: {}{}", config.where("game.name"),
                          *config.game, config_read::join(words, ", "),
                          config_read::did_you_mean(*config.game, words)));
}

void apply_gpio(const Config& c, GpioConfig& gpio) {
  if (c.gpio_chip) gpio.chip_label = *c.gpio_chip;
  if (c.gpio_lines) gpio.lines = *c.gpio_lines;
  if (c.active_low) gpio.active_low = *c.active_low;
  if (c.debounce_ms) gpio.debounce_ms = *c.debounce_ms;
  if (c.long_press_ms) gpio.long_press_ms = *c.long_press_ms;
  if (c.buzzer_line) gpio.buzzer_line = *c.buzzer_line;
  if (c.led_line) gpio.led_line = *c.led_line;
}

// The file may move one limit past a default it leaves alone; the error names the table.
Result<void> check_stabilizer(const Config& c, const vision::StabilizerConfig& s) {
  if (s.appear_k > s.appear_n) {
    return fail(fmt::format("{}[stabilizer]: appear_k = {} with appear_n = {}: expected appear_k <= appear_n",
                            c.where("stabilizer"), s.appear_k, s.appear_n));
  }
  if (s.bow_off_deg >= s.bow_on_deg) {
    return fail(fmt::format("{}[stabilizer]: bow_off_deg = {} with bow_on_deg = {}: expected bow_off_deg < bow_on_deg",
                            c.where("stabilizer"), s.bow_off_deg, s.bow_on_deg));
  }
  return {};
}

}  // namespace

std::string default_state_dir() {
  if (const char* dir = std::getenv("STATE_DIRECTORY"); dir && *dir) return dir;
  return "state";
}

Result<std::string> configured_state_dir(const std::string& config_path) {
  auto config = load_config_if_any(config_path);
  if (!config) return fail(config.error().message);
  if (*config && (*config)->state_dir) return *(*config)->state_dir;
  return default_state_dir();
}

Result<std::optional<Config>> load_config_if_any(const std::string& path) {
  std::error_code ec;
  if (path.empty() && !std::filesystem::exists(kDefaultConfigPath, ec)) return std::optional<Config>();
  auto config = load_config(path.empty() ? kDefaultConfigPath : path);
  if (!config) return fail(config.error().message);
  return std::optional<Config>(std::move(*config));
}

Result<void> apply_config(const Config& c, DaemonOptions& o) {
  if (auto ok = check_game(c); !ok) return ok;
  if (c.source) o.source = *c.source;
  if (c.frame_interval_ms) {
    o.frame_interval_ms = *c.frame_interval_ms;
    o.frame_interval_given = true;
  }
  if (c.camera_size) {
    o.camera_width = static_cast<int>(c.camera_size->width);
    o.camera_height = static_cast<int>(c.camera_size->height);
  }
  if (c.decoder) o.decoder = vision::parse_decoder(*c.decoder).value_or(vision::Decoder::Both);
  if (c.self_test_s) o.self_test_ms = std::int64_t{*c.self_test_s} * 1000;
  if (c.calibration_card) o.calibration_card = *c.calibration_card;
  if (c.max_image_pixels) o.image_limits.max_pixels = *c.max_image_pixels;
  if (c.max_image_bytes) o.image_limits.max_bytes = *c.max_image_bytes;
  // Seat areas need the calibration card: they are drawn in its coordinates.
  if (!c.seat_areas.empty() && !o.calibration_card) o.calibration_card = true;
  o.table.seats = c.seat_areas;
  o.table.zones = c.zone_areas;
  if (c.corner_tags_mm) o.table.corner_tags_mm = c.corner_tags_mm;
  if (c.game) o.game = *c.game;
  if (c.advance_idle_s) o.advance_idle_ms = std::int64_t{*c.advance_idle_s} * 1000;
  if (c.seat_clocks) o.clocks.shown = *c.seat_clocks;
  if (c.seat_clock_ms) o.clocks.game_ms = *c.seat_clock_ms;
  if (c.turn_clock_ms) o.clocks.turn_ms = *c.turn_clock_ms;
  if (c.seats) o.seats = *c.seats;
  if (c.size) o.size = *c.size;
  if (c.mode) {
    o.screen = *c.mode == DisplayMode::Headless ? Screen::Snapshots : Screen::Window;
    o.fullscreen = *c.mode == DisplayMode::Fullscreen;
  }
  if (c.snapshot_dir) o.snapshot_dir = *c.snapshot_dir;
  if (c.snapshot_keep_runs) o.snapshot_keep_runs = *c.snapshot_keep_runs;
  if (c.snapshot_keep_mb) o.snapshot_keep_mb = *c.snapshot_keep_mb;
  if (c.turn_to_seat) o.turn_to_seat = *c.turn_to_seat;
  if (c.scale) o.scale = *c.scale;
  if (c.language) o.language = *c.language;
  if (c.state_dir) o.state_dir = *c.state_dir;
  if (c.assets_dir) o.assets_dir = *c.assets_dir;
  if (c.buttons) o.buttons = *c.buttons;
  apply_gpio(c, o.gpio);
  if (c.timer_marks_s) o.timer_marks_s = *c.timer_marks_s;
  if (c.timer_presets) o.timer_presets = *c.timer_presets;
  if (c.watch_listen) o.watch_listen = *c.watch_listen;
  if (c.watch_max_pages) o.watch_max_pages = *c.watch_max_pages;
  if (c.appear_k) o.stabilizer.appear_k = *c.appear_k;
  if (c.appear_n) o.stabilizer.appear_n = *c.appear_n;
  if (c.absent_ms) o.stabilizer.absent_ms = *c.absent_ms;
  if (c.bow_on_deg) o.stabilizer.bow_on_deg = *c.bow_on_deg;
  if (c.bow_off_deg) o.stabilizer.bow_off_deg = *c.bow_off_deg;
  if (auto ok = check_gpio_config(o.gpio); !ok) return fail(c.where("gpio") + "[gpio]: " + ok.error().message);
  return check_stabilizer(c, o.stabilizer);
}

std::string describe(const Config& c, const DaemonOptions& o) {
  const char* const modes[] = {"window", "fullscreen", "headless"};
  const auto mode = c.mode.value_or(o.screen == Screen::Snapshots ? DisplayMode::Headless
                                    : o.fullscreen                ? DisplayMode::Fullscreen
                                                                  : DisplayMode::Window);
  const char* const buttons[] = {"auto", "gpio", "none"};
  std::string presets = "the game's own";
  if (!o.timer_presets.empty()) {
    presets.clear();
    for (const auto& p : o.timer_presets)
      presets += fmt::format("{}{}={}", presets.empty() ? "" : ",", p.name, p.seconds);
  }
  // "seat clocks shown", "seat clocks 25:00 a game, 2:00 a turn", "no seat clocks shown".
  std::string clocks = o.clocks.visible() ? "seat clocks" : "no seat clocks shown";
  if (o.clocks.game_ms > 0) clocks += " " + engine::clock_text(o.clocks.game_ms) + " a game";
  if (o.clocks.turn_ms > 0) clocks += (o.clocks.game_ms > 0 ? ", " : " ") + engine::clock_text(o.clocks.turn_ms) + " a turn";
  if (o.clocks.visible() && o.clocks.game_ms == 0 && o.clocks.turn_ms == 0) clocks += " shown";
  return fmt::format(
      "game {} for {} ({}); camera {} at {}x{}, decoder {}, every {} ms, self-test {} s{}; display {}x{} {}{}; "
      "buttons {} on {} ({} lines); timers warn at {} s, presets {}; seat areas {}; state in {}, assets in {}; watch page {}; "
      "language {}",
      o.game, fmt::join(o.seats, ", "), clocks, o.source.empty() ? "the bundled recording" : o.source, o.camera_width,
      o.camera_height, vision::to_string(o.decoder), o.frame_interval_ms, o.self_test_ms / 1000,
      !o.calibration_card ? "" : *o.calibration_card ? " with the calibration card" : " without the calibration card",
      o.size.width, o.size.height,
      modes[static_cast<int>(mode)],
      (o.scale != 1 ? fmt::format(", sizes times {}", o.scale) : std::string()) +
          (o.turn_to_seat ? ", turned to the seat to act" : ""), buttons[static_cast<int>(o.buttons)], o.gpio.chip_label, o.gpio.lines.size(),
      fmt::join(o.timer_marks_s, ","), presets, c.seat_areas.size(), o.state_dir, o.assets_dir,
      o.watch_listen.empty() ? std::string("off") : "on " + o.watch_listen,
      o.language.empty() ? language_from_locale() + " (the locale's)" : o.language);
}

}  // namespace seneschal::firmware
