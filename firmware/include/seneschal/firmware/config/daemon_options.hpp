#pragma once
// What the daemon runs with: the defaults, then the config file (config.hpp, apply_config), then
// the command line. A floor below the daemon, so the config reads into it without the daemon.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/display/screen_size.hpp"
#include "seneschal/engine/seat_clocks.hpp"
#include "seneschal/engine/timers.hpp"
#include "seneschal/firmware/config/gpio_config.hpp"
#include "seneschal/vision/decoder.hpp"
#include "seneschal/vision/image_limits.hpp"
#include "seneschal/vision/stabilizer.hpp"
#include "seneschal/vision/table_map.hpp"

namespace seneschal::firmware {

enum class Screen { Window, Snapshots };
// Where button presses come from besides control tags (and the window's keyboard, always):
// Auto uses GPIO when the machine has a GPIO chip; a chip that cannot be used is said and play
// goes on with the keyboard and tags.
enum class ButtonSource { Auto, Gpio, None };

struct DaemonOptions {
  // A folder of frames or a video, or a camera (firmware/camera/frame_sources.hpp); empty: the bundled
  // recording.
  std::string source;
  int camera_width = 1920;  // the size a camera is asked for: a whole table's codes need 1080p (README, Hardware)
  int camera_height = 1080;
  vision::Decoder decoder = vision::Decoder::Both;
  // The start-up self-test (firmware/camera/device_check.hpp): how long it may take, and whether it
  // waits for the calibration card (unset: for a live camera, not for a recording).
  std::int64_t self_test_ms = 10000;
  // A prompt with nothing to decide (Spring, an empty phase) moves on by itself after this long,
  // counted down on the screen; any button stops it. 0: never.
  std::int64_t advance_idle_ms = 4000;
  // A new game's seat clocks: shown on the seat panels, and their limits (logged with the game).
  engine::SeatClockRules clocks{};
  std::optional<bool> calibration_card;
  Screen screen = Screen::Window;
  bool fullscreen = false;   // Window: the whole screen, no frame (a kiosk)
  std::string snapshot_dir;  // Snapshots: where the PNGs go
  // Snapshots: the folder's bounds, runs kept (the current one counts) and megabytes, beyond
  // which the oldest snapshots are removed (firmware/base/snapshot_folder.hpp).
  int snapshot_keep_runs = 5;
  int snapshot_keep_mb = 200;
  // A screen lying flat between two players: the picture turns 180 degrees when the seat to act
  // sits across it (the odd seats, second, fourth ..., sit on the far side).
  bool turn_to_seat = false;
  // Every size on the screen times this (1-2): a screen read from further away than its size
  // suggests (display::DrawOptions::scale).
  double scale = 1;
  // The language of the screen's words ([display] language, --language): en, de, fr, es; empty
  // (the default) the locale's (seneschal/base/language.hpp). Set at start, before any word.
  std::string language;
  std::string state_dir;     // holds seneschal.sqlite, the event log
  std::string assets_dir;
  std::string game = "r9e";
  std::vector<std::string> seats = {"Mark", "Shawn"};
  bool new_game = false;  // archive the current log and start afresh
  display::ScreenSize size;
  std::int64_t frame_interval_ms = 200;
  // Set by the config or --frame-interval-ms: a camera is then read at that pace, else at its
  // board's (default_camera_interval_ms).
  bool frame_interval_given = false;
  vision::ImageLimits image_limits;  // every frame file of a recording is held to them
  vision::StabilizerConfig stabilizer;
  // The corner tags' places and the seats' and zones' areas ([game] in the config): once a frame
  // shows the four corner tags, cards are placed in seats and zones and turned against their
  // seat's facing. Empty: cards are turned against the image's up, in no seat.
  vision::TableLayout table;
  ButtonSource buttons = ButtonSource::Auto;
  GpioConfig gpio;                              // lines for buttons, buzzer and LED
  std::vector<int> timer_marks_s = {60, 30, 10};  // the buzzer warns as a timer passes these
  std::vector<engine::TimerPreset> timer_presets;  // empty: the game's own
  // The watch page ([watch] listen, --watch; firmware/watch/watch_server.hpp): HOST:PORT to serve
  // it on. Empty, the default: nothing listens.
  std::string watch_listen;
  int watch_max_pages = 20;  // pages open at once; more are told to come back later
  // A recording starts again from its first frame when it ends (--loop): a demo on a shelf, a
  // soak run. A camera never ends, so it changes nothing there.
  bool loop_recording = false;
};

}  // namespace seneschal::firmware
