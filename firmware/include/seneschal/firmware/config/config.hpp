#pragma once
// /etc/seneschal/seneschal.toml (firmware/CONFIG.md; every key in assets/config/seneschal.toml).
//
// Config holds what the file says and nothing else: a key left out stays empty, so the daemon's
// own defaults, and then its command-line flags, decide. That layering (defaults < file < flags)
// is why every field is optional instead of a copy of DaemonOptions with its defaults.
//
// Every value is checked here, against the key's allowed values; an error names file, line, key
// and what is allowed, so a person at the device can fix the line without reading the source.
// The parser links nothing but toml++ (the config fuzzer builds it alone with clang).

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/display/screen_size.hpp"
#include "seneschal/engine/timers.hpp"
#include "seneschal/firmware/config/daemon_options.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"  // kExitConfig
#include "seneschal/vision/table_calibration.hpp"
#include "seneschal/vision/table_map.hpp"

namespace seneschal::firmware {

inline constexpr const char* kDefaultConfigPath = "/etc/seneschal/seneschal.toml";

struct FrameSize {
  unsigned width = 0;
  unsigned height = 0;
};

enum class DisplayMode { Window, Fullscreen, Headless };

struct Config {
  std::string path;  // as given: the messages and check-config name it

  // [camera]
  std::optional<std::string> source;  // "": the bundled recording
  std::optional<FrameSize> camera_size;
  std::optional<std::string> decoder;  // vision::parse_decoder's words: zbar, zxing, both
  std::optional<std::int64_t> frame_interval_ms;
  std::optional<int> self_test_s;
  std::optional<bool> calibration_card;
  std::optional<std::uint64_t> max_image_pixels;  // a frame file's bounds (vision/image_limits.hpp)
  std::optional<std::uint64_t> max_image_bytes;

  // [game]
  std::optional<std::string> game;
  std::optional<std::vector<std::string>> seats;
  std::vector<vision::SeatArea> seat_areas;  // [[game.seat_area]]; seat is 1-based
  std::vector<vision::ZoneArea> zone_areas;  // [[game.zone_area]]; names checked against the game's zones
  std::optional<std::array<vision::TablePoint, 4>> corner_tags_mm;  // where S1:CAL:1-4 lie on the table
  std::optional<int> advance_idle_s;  // a prompt with nothing to decide moves on by itself; 0 never
  std::optional<bool> seat_clocks;            // each seat's clock on its panel
  std::optional<std::int64_t> seat_clock_ms;  // each seat's time for the game; 0 none
  std::optional<std::int64_t> turn_clock_ms;  // each seat's time per turn; 0 none

  // [display]
  std::optional<display::ScreenSize> size;
  std::optional<DisplayMode> mode;
  std::optional<std::string> snapshot_dir;
  std::optional<int> snapshot_keep_runs;
  std::optional<int> snapshot_keep_mb;
  std::optional<bool> turn_to_seat;  // a flat screen between two players turns to the one to act
  std::optional<double> scale;       // every size on the screen times this, 1-2
  std::optional<std::string> language;  // the screen's words: en, de, fr, es; "" the locale's
  std::optional<std::string> watch_listen;  // [watch] listen: HOST:PORT of the watch page
  std::optional<int> watch_max_pages;       // [watch] max_pages

  // [paths]
  std::optional<std::string> state_dir;
  std::optional<std::string> assets_dir;

  // [gpio]
  std::optional<ButtonSource> buttons;
  std::optional<std::string> gpio_chip;
  std::optional<std::map<Button, unsigned>> gpio_lines;  // replaces the default map, like --gpio-lines
  std::optional<bool> active_low;
  std::optional<int> debounce_ms;
  std::optional<int> long_press_ms;
  // The outer optional: did the file say; the inner: "none" switches the buzzer or LED off.
  std::optional<std::optional<unsigned>> buzzer_line;
  std::optional<std::optional<unsigned>> led_line;

  // [timers]
  std::optional<std::vector<int>> timer_marks_s;
  std::optional<std::vector<engine::TimerPreset>> timer_presets;  // in the file's order

  // [stabilizer]
  std::optional<int> appear_k;
  std::optional<int> appear_n;
  std::optional<std::int64_t> absent_ms;
  std::optional<double> bow_on_deg;
  std::optional<double> bow_off_deg;

  // The line of every table and key read ("gpio" -> 9, "gpio.lines.ok" -> 14), for checks made
  // after parsing.
  std::map<std::string, int, std::less<>> lines;

  // "<path>:<line>: " for a key the file holds, "<path>: " otherwise.
  std::string where(std::string_view key) const;
};

// The words of [gpio.lines] keys and their buttons, in the order the docs list them.
const std::vector<std::pair<std::string_view, Button>>& config_button_names();

// Parses TOML text; `path` only names it in messages.
Result<Config> parse_config(std::string_view text, const std::string& path);
Result<Config> load_config(const std::string& path);

// `path` given: that file, which must be there. Empty: kDefaultConfigPath when it exists, else
// no file, and the built-in defaults hold.
Result<std::optional<Config>> load_config_if_any(const std::string& path);

// $STATE_DIRECTORY (systemd's StateDirectory=), else "state".
std::string default_state_dir();
// The state folder the daemon would use with this config (load_config_if_any): its
// paths.state_dir, else default_state_dir(). For the commands that read the daemon's folder.
Result<std::string> configured_state_dir(const std::string& config_path);

// A screen size "WIDTHxHEIGHT" between 320x240 and 7680x4320, for the config file, --size and
// `seneschal render`; empty when it is not one.
std::optional<display::ScreenSize> parse_screen_size(std::string_view text);
// A camera's frame size "WIDTHxHEIGHT" between 160x120 and 4096x3072, for [camera] size and
// --camera-size.
std::optional<FrameSize> parse_camera_size(std::string_view text);

// The file's values over `options` (which holds the defaults). Checks what needs the rest of the
// program: the game is a known module, and the merged GPIO lines do not clash.
Result<void> apply_config(const Config& config, DaemonOptions& options);

// One line for check-config: game, seats, camera, display, buttons, timers, folders.
std::string describe(const Config& config, const DaemonOptions& options);

// `seneschal check-config [FILE]`: "FILE: ok" and a summary (0), or the error (kExitConfig).
int run_check_config(const std::string& path);

}  // namespace seneschal::firmware
