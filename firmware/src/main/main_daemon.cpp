// seneschald: the table companion's daemon.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <tuple>
#include <unistd.h>

#include <csignal>
#include <cstdlib>

#include "seneschal/base/did_you_mean.hpp"
#include "seneschal/base/language.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/command_line.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/app/daemon.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/config/gpio_config.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/base/notify.hpp"
#include "seneschal/firmware/base/printable.hpp"
#include "seneschal/firmware/base/state_folder.hpp"
#include "seneschal/firmware/output/timer_watch.hpp"
#include "seneschal_version.hpp"  // generated: the version and the commit built

namespace {

// Room for a game's log and its write-ahead copy: a move is under a kilobyte.
constexpr unsigned long long kMinFreeBytes = 1024 * 1024;

std::atomic<bool> g_stop{false};
std::atomic<bool> g_reload{false};

// A stop is asked by setting g_stop, which the loop reads; but a call that never returns (a
// read that blocks) would keep the daemon from reading it, deaf to SIGTERM until systemd's
// SIGKILL. So the first SIGTERM or SIGINT also arms an alarm: still running kStopWithinS later,
// the daemon ends as that signal would (as if it had no handler; systemd counts a SIGTERM death
// as a clean stop). Nothing is lost: every accepted move was committed to the SQLite event log
// (synchronous=FULL, fsync'd) before the screen showed it, so ending now drops only a move
// half-made, which the screen never said was taken.
constexpr unsigned kStopWithinS = 5;
volatile std::sig_atomic_t g_stop_signal = 0;

// Whether stderr is the journal, read once in main: a signal handler may not call getenv or fstat.
bool g_journal = false;

extern "C" void on_stop_overdue(int) {
  static constexpr char kSaid[] =
      "<3>still running 5 s after the stop signal (blocked in a call?): ending now; every accepted move is on "
      "disk\n";
  static constexpr char kPlain[] =
      "error: still running 5 s after the stop signal (blocked in a call?): ending now; every accepted move is on "
      "disk\n";
  [[maybe_unused]] const ssize_t written =
      g_journal ? ::write(STDERR_FILENO, kSaid, sizeof kSaid - 1) : ::write(STDERR_FILENO, kPlain, sizeof kPlain - 1);
  const int stop_signal = g_stop_signal ? static_cast<int>(g_stop_signal) : SIGTERM;
  ::signal(stop_signal, SIG_DFL);
  ::raise(stop_signal);
  ::_exit(128 + stop_signal);  // not reached: the signal's default action ends the process
}

extern "C" void on_signal(int stop_signal) {
  if (!g_stop.exchange(true)) {
    g_stop_signal = stop_signal;
    ::alarm(kStopWithinS);
  }
}

extern "C" void on_hangup(int) { g_reload = true; }

// What the command line says. Only the flags actually given override the config file, so each
// is kept apart from DaemonOptions until it is known to have been given.
struct Flags {
  seneschal::firmware::DaemonOptions options;
  std::string config;
  bool headless = false;
  std::string size = "800x480";
  std::string buttons = "auto";
  std::string gpio_lines;
  std::string timer_marks = "60,30,10";
  std::string camera_size;
  std::string decoder;
  std::string calibration_card;
  int self_test_s = 10;
  int advance_idle_s = 4;
  std::string seat_clock;
  std::string turn_clock;
  std::vector<std::string> presets;
};

void add_flags(CLI::App& app, Flags& f) {
  using namespace seneschal::firmware;
  app.add_option("--config", f.config,
                 std::string("the config file (default: ") + kDefaultConfigPath +
                     " when it exists, else built-in defaults); flags override its values");
  app.add_option("--source", f.options.source,
                 "folder of recorded frames, a video file, or a camera: /dev/video0, an index like 0, or a "
                 "GStreamer pipeline (default: the bundled recording)");
  app.add_option("--camera-size", f.camera_size, "the size a camera is asked for, WIDTHxHEIGHT (default 1920x1080)");
  app.add_option("--decoder", f.decoder, "which library reads the tags: zbar, zxing, both (default)")
      ->check(CLI::IsMember({"zbar", "zxing", "both"}));
  app.add_option("--self-test-seconds", f.self_test_s, "how long the start-up self-test may take")
      ->check(CLI::Range(1, 120))
      ->capture_default_str();
  app.add_option("--advance-idle-seconds", f.advance_idle_s,
                 "a prompt with nothing to decide moves on by itself after this long, any button stops it; 0 never")
      ->check(CLI::Range(0, 60))
      ->capture_default_str();
  app.add_flag("--seat-clocks", f.options.clocks.shown, "show each seat's clock on its panel (a new game)");
  app.add_option("--seat-clock", f.seat_clock,
                 "each seat's time for a new game, e.g. 25m: warns and rings like the sand timers; 0 none");
  app.add_option("--turn-clock", f.turn_clock, "each seat's time per turn in a new game, e.g. 2m; 0 none");
  app.add_option("--calibration-card", f.calibration_card,
                 "whether the self-test waits for the calibration card (default: yes for a camera, no for a recording)")
      ->check(CLI::IsMember({"yes", "no"}));
  app.add_flag("--fullscreen", f.options.fullscreen, "the window fills the screen (a kiosk)");
  app.add_flag("--headless", f.headless, "no window: write a PNG snapshot per scan into --snapshot-dir");
  app.add_option("--snapshot-dir", f.options.snapshot_dir,
                 "where headless snapshots go (default: <state-dir>/snapshots)");
  app.add_option("--snapshot-keep-runs", f.options.snapshot_keep_runs,
                 "runs of snapshots kept, this one included; older ones are removed")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  app.add_option("--snapshot-keep-mb", f.options.snapshot_keep_mb,
                 "megabytes the snapshot folder may take; the oldest snapshots are removed beyond")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_option("--scale", f.options.scale, "every size on the screen times this (1.0-2.0), to read it from further away")
      ->check(CLI::Range(1.0, 2.0))
      ->capture_default_str();
  app.add_flag("--turn-to-seat", f.options.turn_to_seat,
               "a screen lying flat between two players: turn the picture to the seat whose move it is");
  add_language_option(app, f.options.language);
  app.add_option("--state-dir", f.options.state_dir, "folder for the SQLite event log")->capture_default_str();
  app.add_option("--assets", f.options.assets_dir, "folder with cards/, fonts/ and recordings/")->capture_default_str();
  app.add_option("--game", f.options.game, "game module for a new game")->capture_default_str();
  app.add_option("--seat", f.options.seats, "seat names clockwise, for a new game (repeat: --seat Mark --seat Shawn)");
  app.add_flag("--new-game", f.options.new_game, "keep the current log as an archive and start a new game");
  app.add_option("--size", f.size, "screen size WIDTHxHEIGHT (800x480, 1024x600, 1920x1080)")
      ->check(screen_size_check())
      ->capture_default_str();
  app.add_option("--frame-interval-ms", f.options.frame_interval_ms, "time between recorded frames, and the least between frames read from a camera")
      ->capture_default_str();
  app.add_option("--buttons", f.buttons, "button source besides the keyboard and control tags: auto (GPIO when the machine has a chip), gpio, none")
      ->check(CLI::IsMember({"auto", "gpio", "none"}))
      ->capture_default_str();
  app.add_option("--gpio-chip", f.options.gpio.chip_label, "label of the GPIO chip with the buttons (firmware/GPIO.md)")
      ->capture_default_str();
  app.add_option("--gpio-lines", f.gpio_lines, "BCM lines of the buttons, e.g. ok=17,pass=27,undo=22,up=23,down=24,menu=5,timer=25");
  app.add_option("--timer-marks", f.timer_marks, "seconds left at which the buzzer warns")->capture_default_str();
  app.add_option("--timer-preset", f.presets,
                 "a timer the menu and TIMER button start, NAME=SECONDS (repeat; default: the game's own, e.g. "
                 "Negotiation=180 for Cutthroat Kingdoms)");
  app.add_option("--watch", f.options.watch_listen,
                 "serve the read-only watch page on HOST:PORT, e.g. 0.0.0.0:8080 (default: off, nothing listens; "
                 "the token: seneschal watch-token)");
  app.add_flag("--loop", f.options.loop_recording, "play a recording again from its start when it ends");
}

// The flags given, over the options the config file left; 0, or 64 (EX_USAGE) for a bad flag.
int apply_flags(const CLI::App& app, const Flags& f, seneschal::firmware::DaemonOptions& options) {
  using namespace seneschal::firmware;
  const auto given = [&](const char* flag) { return app.count(flag) > 0; };
  const DaemonOptions& cli = f.options;
  if (given("--source")) options.source = cli.source;
  if (given("--headless")) options.screen = Screen::Snapshots;
  if (given("--fullscreen")) options.fullscreen = true;
  if (given("--decoder")) options.decoder = seneschal::vision::parse_decoder(f.decoder).value_or(seneschal::vision::Decoder::Both);
  if (given("--self-test-seconds")) options.self_test_ms = std::int64_t{f.self_test_s} * 1000;
  if (given("--advance-idle-seconds")) options.advance_idle_ms = std::int64_t{f.advance_idle_s} * 1000;
  if (given("--calibration-card")) options.calibration_card = f.calibration_card == "yes";
  if (given("--seat-clocks")) options.clocks.shown = true;
  for (const auto& [flag, text, out] : {std::tuple{"--seat-clock", &f.seat_clock, &options.clocks.game_ms},
                                        std::tuple{"--turn-clock", &f.turn_clock, &options.clocks.turn_ms}}) {
    if (!given(flag)) continue;
    const auto ms = seneschal::engine::parse_clock_limit(*text);
    if (!ms) {
      log::error("{}: {}", flag, ms.error().message);
      return kExitUsage;
    }
    *out = *ms;
  }
  if (given("--camera-size")) {
    const auto size = parse_camera_size(f.camera_size);
    if (!size) {
      log::error("--camera-size {}: expected WIDTHxHEIGHT, 160x120 to 4096x3072, e.g. 1280x720", f.camera_size);
      return kExitUsage;
    }
    options.camera_width = static_cast<int>(size->width);
    options.camera_height = static_cast<int>(size->height);
  }
  if (given("--snapshot-dir")) options.snapshot_dir = cli.snapshot_dir;
  if (given("--snapshot-keep-runs")) options.snapshot_keep_runs = cli.snapshot_keep_runs;
  if (given("--snapshot-keep-mb")) options.snapshot_keep_mb = cli.snapshot_keep_mb;
  if (given("--turn-to-seat")) options.turn_to_seat = true;
  if (given("--scale")) options.scale = cli.scale;
  if (given("--language")) options.language = cli.language;
  if (given("--state-dir")) options.state_dir = cli.state_dir;
  if (given("--assets")) options.assets_dir = cli.assets_dir;
  if (given("--game")) options.game = cli.game;
  if (given("--seat")) options.seats = cli.seats;
  // A name goes into the event log's JSON and onto the screen: bytes that are not UTF-8 would
  // abort the JSON writer, a control character would garble both.
  for (const std::string& seat : cli.seats) {
    if (auto problem = name_problem(seat); problem && given("--seat")) {
      log::error("--seat \"{}\": {}", printable(seat), *problem);
      return kExitUsage;
    }
  }
  options.new_game = cli.new_game;
  if (given("--frame-interval-ms")) {
    options.frame_interval_ms = cli.frame_interval_ms;
    options.frame_interval_given = true;
  }
  if (given("--buttons")) {
    options.buttons = f.buttons == "gpio" ? ButtonSource::Gpio : f.buttons == "none" ? ButtonSource::None : ButtonSource::Auto;
  }
  if (given("--gpio-chip")) options.gpio.chip_label = cli.gpio.chip_label;
  if (given("--gpio-lines")) {
    auto lines = parse_gpio_lines(f.gpio_lines);
    if (!lines) {
      log::error("--gpio-lines: {}", lines.error().message);
      return kExitUsage;
    }
    options.gpio.lines = *lines;
  }
  if (auto checked = check_gpio_config(options.gpio); !checked) {
    log::error("GPIO lines: {}", checked.error().message);
    return kExitUsage;
  }
  if (given("--timer-marks")) {
    auto marks = parse_timer_marks(f.timer_marks);
    if (!marks) {
      log::error("--timer-marks: {}", marks.error().message);
      return kExitUsage;
    }
    options.timer_marks_s = *marks;
  }
  if (given("--timer-preset")) options.timer_presets.clear();
  for (const std::string& preset : f.presets) {
    const auto eq = preset.find('=');
    int seconds = 0;
    if (eq == std::string::npos || eq == 0 || std::sscanf(preset.c_str() + eq + 1, "%d", &seconds) != 1 ||
        seconds < 1 || seconds > 4 * 3600) {
      log::error("--timer-preset {}: expected NAME=SECONDS, 1 to 14400 seconds, e.g. Negotiation=180", preset);
      return kExitUsage;
    }
    options.timer_presets.push_back({preset.substr(0, eq), seconds});
  }
  if (given("--size")) options.size = *parse_screen_size(f.size);  // screen_size_check passed it
  if (given("--watch")) options.watch_listen = cli.watch_listen;
  if (given("--loop")) options.loop_recording = true;
  return 0;
}

// The config file's values over the defaults; 0, or kExitConfig with the file's own message.
int apply_config_file(const std::string& path, seneschal::firmware::DaemonOptions& options) {
  using namespace seneschal::firmware;
  auto config = load_config_if_any(path);
  if (config && *config) {
    if (auto applied = apply_config(**config, options); !applied) config = seneschal::fail(applied.error().message);
  }
  if (!config) {
    log::error("{}", config.error().message);
    return kExitConfig;
  }
  if (!*config) return 0;
  const Config& c = **config;
  log::info("config: {}", c.path);
  // Areas are drawn in the corner tags' coordinates: without their places no card is placed.
  if ((!c.seat_areas.empty() || !c.zone_areas.empty()) && !c.corner_tags_mm) {
    log::notice("{}[game]: seat and zone areas need corner_tags_mm (where S1:CAL:1-4 lie) to place cards",
                c.where("game"));
  }
  return 0;
}

// A game nobody knows is said before anything is written (no log, no lock left behind): a typo
// in --game is a usage error, one in the config file a config error.
int check_game(const CLI::App& app, const seneschal::firmware::DaemonOptions& options) {
  using namespace seneschal::firmware;
  seneschal::engine::ModuleRegistry registry;
  seneschal::engine::register_builtin_modules(registry);
  const std::vector<std::string> ids = registry.ids();
  if (std::find(ids.begin(), ids.end(), options.game) != ids.end()) return 0;
  const std::vector<std::string_view> known(ids.begin(), ids.end());
  std::string listed;
  for (const std::string& id : ids) listed += (listed.empty() ? "" : ", ") + id;
  const bool from_flag = app.count("--game") > 0;
  log::error("{} \"{}\": no such game{}; the games: {} (seneschal games lists them)",
             from_flag ? "--game" : "[game] name in the config", printable(options.game),
             seneschal::did_you_mean(options.game, known), listed);
  return from_flag ? kExitUsage : kExitConfig;
}

// Defaults, then the config file, then the flags given; an exit code when one of them is bad.
int configured(const CLI::App& app, const Flags& flags, seneschal::firmware::DaemonOptions& out) {
  using namespace seneschal::firmware;
  DaemonOptions options;
  options.state_dir = default_state_dir();
  options.assets_dir = default_assets_dir();
  if (const int code = apply_config_file(flags.config, options)) return code;
  if (const int code = apply_flags(app, flags, options)) return code;
  if (const int code = check_game(app, options)) return code;
  // The language before anything builds a word: an unknown code or a catalog that is not there
  // stops the start, naming where it was asked for.
  const bool language_flag = app.count("--language") > 0;
  if (auto language = use_language(options.language, language_flag        ? "--language"
                                                    : options.language.empty() ? "the locale's language"
                                                                             : "[display] language in the config");
      !language) {
    log::error("{}", language.error().message);
    return language_flag ? kExitUsage : kExitConfig;
  }
  log::info("the screen's words in {}{}", seneschal::language(),
            language_flag ? " (--language)" : options.language.empty() ? " (the locale's)" : " ([display] language)");
  if (options.snapshot_dir.empty()) options.snapshot_dir = options.state_dir + "/snapshots";
  out = std::move(options);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace seneschal::firmware;
  CLI::App app{"seneschald - keeps the books of a card game from a camera, a screen and a few buttons"};
  app.set_version_flag("--version", std::string("seneschald ") + SENESCHAL_VERSION + " (commit " + SENESCHAL_COMMIT + ")");
  Flags flags;
  flags.options.state_dir = default_state_dir();
  flags.options.assets_dir = default_assets_dir();
  add_flags(app, flags);
  if (auto code = parse_command_line(app, argc, argv)) return *code;

  DaemonOptions options;
  if (const int code = configured(app, flags, options)) return code;

  // What would fail on the first move is said now, in the table's words, with its own exit code;
  // the lock is held until the daemon ends, across reloads.
  if (auto folder = check_state_folder(options.state_dir, kMinFreeBytes); !folder) {
    log::error("{}", folder.error().message);
    return kExitCantCreate;
  }
  auto lock = StateLock::take(options.state_dir);
  if (!lock) {
    log::error("{}", lock.error().message);
    return kExitTempFail;
  }

  g_journal = log::stderr_is_journal();
  std::signal(SIGALRM, on_stop_overdue);
  std::signal(SIGTERM, on_signal);
  std::signal(SIGINT, on_signal);
  std::signal(SIGHUP, on_hangup);

  auto summary = run_daemon(options, g_stop, &g_reload);
  // SIGHUP: the file and the flags again, over fresh defaults; the game goes on from its log.
  // A file that no longer reads is said and the running configuration kept, so a slip while
  // editing never takes the table down.
  while (summary && summary->reload) {
    g_reload = false;
    notify::reloading();
    log::notice("SIGHUP: reading the configuration again");
    if (DaemonOptions reread; configured(app, flags, reread) == 0) {
      options = std::move(reread);
      log::notice("configuration reloaded: {}", describe(Config{}, options));
    } else {
      log::error("the configuration was not reloaded (see above); going on with the one running");
    }
    options.new_game = false;  // --new-game meant the first start, not every reload
    summary = run_daemon(options, g_stop, &g_reload);
  }
  if (!summary) {
    log::error("{}", summary.error().message);
    return kExitFailed;
  }
  if (auto& ms = summary->input_to_screen_ms; !ms.empty()) {
    std::sort(ms.begin(), ms.end());
    log::info("button to screen: median {:.1f} ms, p95 {:.1f} ms over {} presses", ms[ms.size() / 2],
              ms[std::min(ms.size() - 1, ms.size() * 95 / 100)], ms.size());
  }
  if (auto& ms = summary->alarm_to_screen_ms; !ms.empty()) {
    std::sort(ms.begin(), ms.end());
    log::info("alarm to screen: median {:.1f} ms, max {:.1f} ms over {} alarms", ms[ms.size() / 2], ms.back(), ms.size());
  }
    log::notice("stopped: {} frames, {} moves accepted, {} refused, {} snapshots{}; the game is in {}", summary->frames,
              summary->accepted, summary->refused, summary->snapshots,
              summary->snapshots_failed ? fmt::format(" ({} not written)", summary->snapshots_failed) : "",
              summary->log_path);
  return 0;
}

