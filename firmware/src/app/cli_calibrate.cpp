// `seneschal calibrate`: frames from the camera (or a recording) read for the corner and seat
// tags, the table they give shown in a window or written to a PNG, the words for what is wrong
// printed, and the seats' areas saved into the daemon's config once every check passes.

#include "seneschal/firmware/app/calibrate.hpp"

#include <memory>
#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <optional>
#include <thread>
#include <variant>

#include "seneschal/base/words.hpp"
#include "seneschal/display/calibration_view.hpp"
#include "seneschal/display/window.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/config/calibration_file.hpp"
#include "seneschal/firmware/camera/calibration_screen.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/camera/frame_sources.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/output/private_x_server.hpp"
#include "seneschal/firmware/camera/table_calibrator.hpp"
#include "seneschal/firmware/app/subcommand.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

constexpr int kBadFlag = kExitUsage;

std::atomic<bool> g_stop{false};
extern "C" void stop_calibrating(int) { g_stop = true; }

void interruptible_sleep(milliseconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  while (!g_stop && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(milliseconds(20));
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char date[16];
  std::strftime(date, sizeof date, "%Y-%m-%d", &local);
  return date;
}

// What the calibration takes from the game: a centre zone drawn in the middle of the table when
// its module declares a zone "centre", and the seats it is played by.
struct GameFacts {
  vision::CentreZone centre = vision::CentreZone::None;
  GameSeats seats;
};

Result<GameFacts> game_facts(const std::string& assets_dir, const std::string& game) {
  auto cards = load_card_library(assets_dir);
  if (!cards) return fail(cards.error().message);
  const auto found = cards->find(game);
  if (found == cards->end()) return fail("game " + game + ": no card data for it in " + assets_dir);
  engine::ModuleRegistry registry;
  engine::register_builtin_modules(registry);
  auto module = registry.create(game, found->second);
  if (!module) return fail(module.error().message);
  const auto zones = (*module)->zones();
  const engine::ModuleInfo& info = (*module)->info();
  return GameFacts{std::count(zones.begin(), zones.end(), "centre") ? vision::CentreZone::Drawn : vision::CentreZone::None,
                   {game, info.min_seats, info.max_seats}};
}

// Everything the run needs before the first frame, or the exit code and why not.
struct Setup {
  std::string config_path;
  DaemonOptions daemon;  // the defaults under the config: camera, decoder, screen size
  CalibrationPlan plan;
  OpenedSource source;
};

struct Refusal {
  int code = kCalibrateSourceOrConfig;
  std::string message;
};

std::variant<Setup, Refusal> set_up(const std::string& assets_dir, const CalibrateOptions& options) {
  Setup setup;
  setup.config_path = options.config.empty() ? kDefaultConfigPath : options.config;
  std::optional<Config> config;
  std::error_code ec;
  if (fs::exists(setup.config_path, ec)) {
    auto loaded = load_config(setup.config_path);
    if (!loaded) return Refusal{kExitConfig, loaded.error().message};
    config = std::move(loaded).value();
    if (auto applied = apply_config(*config, setup.daemon); !applied) {
      return Refusal{kExitConfig, applied.error().message};
    }
  }
  auto game = game_facts(assets_dir, setup.daemon.game);
  if (!game) return Refusal{kCalibrateSourceOrConfig, game.error().message};
  auto plan = plan_calibration(config, options.table, options.seats, game->centre, game->seats);
  if (!plan) return Refusal{kBadFlag, plan.error().message};
  setup.plan = std::move(plan).value();

  const std::string source = options.source.empty() ? setup.daemon.source : options.source;
  if (source.empty()) {
    return Refusal{kBadFlag, "say where the picture comes from: --source /dev/video0 (or a recording); " +
                                 setup.config_path + " names no camera.source"};
  }
  FrameSourceOptions source_options;
  source_options.frame_interval_ms = setup.daemon.frame_interval_ms;
  source_options.camera_width = setup.daemon.camera_width;
  source_options.camera_height = setup.daemon.camera_height;
  source_options.image_limits = setup.daemon.image_limits;
  source_options.sleep = interruptible_sleep;
  auto opened = open_frame_source(source, source_options);
  if (!opened) return Refusal{kCalibrateSourceOrConfig, opened.error().message};
  setup.source = std::move(opened).value();
  return setup;
}

std::string what_was_saved(const vision::TableLayout& saved, const vision::SeatLayout& found) {
  const std::size_t seats = saved.seats.size();
  return fmt::format("{} {}{}{}", seats, seats == 1 ? "seat" : "seats",
                     found.seats_along_edges ? " drawn along the edges" : "",
                     saved.zones.empty() ? "" : " and the centre zone");
}

// The screen, if any: a window when there is a display and no --out, a PNG with --out.
struct Output {
  std::optional<PrivateXServer> x_server;  // --out without a display: SFML still needs one
  std::optional<display::CalibrationView> view;
  std::optional<display::Window> window;
};

Result<void> open_screen(const std::string& assets_dir, const CalibrateOptions& options, const DaemonOptions& daemon,
                         Output& screen) {
  const bool window = options.out.empty() && have_display();
  if (!window && options.out.empty()) return {};  // a terminal only: the words are printed
  if (auto x = start_unless_display(screen.x_server, daemon.size.width, daemon.size.height); !x) return x;
  auto view = display::CalibrationView::create(assets_dir);
  if (!view) return fail(view.error().message);
  screen.view.emplace(std::move(view).value());
  if (!window) return {};
  auto opened = display::Window::open(daemon.size, "Seneschal: calibrating the table", display::WindowMode::Windowed);
  if (!opened) return fail(opened.error().message);
  screen.window.emplace(std::move(opened).value());
  return {};
}

std::vector<std::string> without_figures(std::vector<std::string> words) {
  for (std::string& w : words) w.erase(std::remove_if(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }), w.end());
  return words;
}

enum class Key { None, Save, Quit };

Key read_keys(display::Window& window) {
  Key key = Key::None;
  for (const display::Input input : window.poll()) {
    if (input == display::Input::Quit) return Key::Quit;
    if (input == display::Input::Ok) key = Key::Save;
  }
  return key;
}

class Run {
 public:
  Run(const CalibrateOptions& options, Setup& setup, Output& screen)
      : options_(options), setup_(setup), screen_(screen), calibrator_(setup.plan, scanner_options(setup.daemon)) {}

  int go() {
    while (!g_stop && (options_.frames == 0 || frames_ < options_.frames)) {
      auto next = setup_.source.source->next();
      if (!next) {
        log::warning("{}", next.error().message);
        continue;
      }
      if (!next->has_value()) break;
      look(**next);
      // Seats drawn along the edges are saved at the end, not at the first frame: a person still
      // laying seat tags has not finished.
      if (options_.save && found_.ok() && !found_.layout.seats_along_edges && !save()) return kCalibrateSourceOrConfig;
      if (saved_) break;
      if (screen_.window) {
        show();
        const Key key = read_keys(*screen_.window);
        if (key == Key::Quit) {
          quit_ = true;
          break;
        }
        if (key == Key::Save && !save_on_request()) return kCalibrateSourceOrConfig;
        if (saved_) break;
        // A recording shown in a window goes at its own pace, so a person can watch it.
        if (!setup_.source.live) interruptible_sleep(milliseconds(setup_.daemon.frame_interval_ms));
      }
    }
    if (frames_ == 0) {
      log::error("{}: no frame came", setup_.source.what);
      return kCalibrateSourceOrConfig;
    }
    if (options_.save && !saved_ && found_.ok() && !quit_ && !g_stop && !save()) return kCalibrateSourceOrConfig;
    if (screen_.window && !g_stop && !quit_ && !hold_window()) return kCalibrateSourceOrConfig;
    if (!options_.out.empty()) {
      auto written = write_calibration_png(*screen_.view, current_screen(), setup_.daemon.size, options_.out);
      if (!written) {
        log::error("{}", written.error().message);
        return kCalibrateSourceOrConfig;
      }
    }
    return finish();
  }

 private:
  static vision::ScannerOptions scanner_options(const DaemonOptions& daemon) {
    vision::ScannerOptions options;
    options.decoder = daemon.decoder;
    return options;
  }

  void look(const vision::Frame& frame) {
    ++frames_;
    // The screen shows the frame in colour; the calibrator reads its grey picture.
    image_ = vision::bgr_of(frame.image, frame.format);
    found_ = calibrator_.look(vision::reader_picture(frame.image, frame.format), frame.t_ms);
    if (found_.ok()) note_.clear();  // "Not saved" stays up until there is something to save
    // A person at a terminal follows the words as they change, not once a frame.
    if (found_.layout.problems != said_) {
      said_ = found_.layout.problems;
      if (said_.empty()) log::info("{}: every corner and seat tag is in place", frame.name);
      for (const std::string& words : said_) log::info("{}: {}", frame.name, words);
    }
    if (found_.layout.seats_along_edges && options_.save && !edges_said_) {
      edges_said_ = true;
      log::info("seats drawn along the edges are saved when the frames end (--frames N for a camera): seat tags may "
                "still be coming");
    }
    // A measure jitters by a pixel from frame to frame: the words are said again when what they
    // warn of changes, not each figure.
    if (without_figures(found_.warnings) != warned_) {
      warned_ = without_figures(found_.warnings);
      for (const std::string& words : found_.warnings) log::warning("{}: {}", frame.name, words);
    }
  }

  bool save() {
    const vision::TableLayout layout = calibrator_.to_save(found_.layout);
    auto saved = save_calibration(setup_.config_path, layout, today());
    if (!saved) {
      log::error("{}", saved.error().message);
      return false;
    }
    saved_ = true;
    // TRANSLATORS: on the calibration screen; {0} is the config file's path, the rest a command.
    note_ = trf("Saved to {0}. Run systemctl reload seneschal to use it.", setup_.config_path);
    fmt::print("{}: saved the table calibration: {}\nRun systemctl reload seneschal to use it.\n", setup_.config_path,
               what_was_saved(layout, found_.layout));
    return true;
  }

  bool save_on_request() {
    if (found_.ok()) return save();
    // TRANSLATORS: on the calibration screen, under the checks that still fail.
    note_ = tr("Not saved: the words above come first.");
    return true;
  }

  // After the last frame the window stays, saved or not, until Escape (or Enter to save).
  bool hold_window() {
    show();
    while (!g_stop && screen_.window->is_open()) {
      const Key key = read_keys(*screen_.window);
      if (key == Key::Quit) break;
      if (key == Key::Save && !saved_) {
        if (!save_on_request()) return false;
        show();
      }
      interruptible_sleep(milliseconds(50));
    }
    return true;
  }

  display::CalibrationScreen current_screen() const {
    std::vector<std::string> notes;
    if (!note_.empty()) {
      notes.push_back(note_);
    } else if (found_.ok() && screen_.window) {
      // TRANSLATORS: on the calibration screen; {0} is the config file's path. Enter is the key.
      notes.push_back(trf("Press Enter to save it to {0}.", setup_.config_path));
    }
    // TRANSLATORS: the calibration screen's footer: the keyboard's keys Enter and Escape.
    return calibration_screen(image_, found_.layout, found_.warnings, notes, screen_.window ? tr("Enter saves, Escape quits") : "");
  }

  void show() {
    if (auto shown = screen_.window->show(*screen_.view, current_screen()); !shown)
      log::warning("{}", shown.error().message);
  }

  int finish() const {
    // The warnings stand whatever else happened: said last, where a person looks.
    for (const std::string& words : found_.warnings) fmt::print("warning: {}\n", words);
    if (saved_) return 0;
    if (found_.ok()) {
      fmt::print("Every corner {}tag is in place: {}. Nothing was saved; --save writes it to {}.\n",
                 found_.layout.seats_along_edges ? "" : "and seat ", what_was_saved(found_.layout.table, found_.layout),
                 setup_.config_path);
      return 0;
    }
    for (const std::string& words : found_.layout.problems) fmt::print("{}\n", words);
    if (options_.save) log::error("the checks above still fail: nothing was saved to {}", setup_.config_path);
    return kCalibrateChecksFailing;
  }

  const CalibrateOptions& options_;
  Setup& setup_;
  Output& screen_;
  TableCalibrator calibrator_;
  int frames_ = 0;
  cv::Mat image_;
  CalibrationLook found_;
  std::vector<std::string> said_;
  std::vector<std::string> warned_;
  bool edges_said_ = false;
  std::string note_;
  bool saved_ = false;
  bool quit_ = false;  // Escape in the window: no waiting for it again at the end
};

}  // namespace

int run_calibrate(const std::string& assets_dir, const CalibrateOptions& options) {
  if (options.frames < 0) {
    log::error("--frames {}: expected a number of frames, or 0 for all of them", options.frames);
    return kBadFlag;
  }
  auto prepared = set_up(assets_dir, options);
  if (auto* refused = std::get_if<Refusal>(&prepared)) {
    log::error("calibrate: {}", refused->message);
    return refused->code;
  }
  Setup& setup = std::get<Setup>(prepared);
  Output screen;
  if (auto opened = open_screen(assets_dir, options, setup.daemon, screen); !opened) {
    log::error("calibrate: {}", opened.error().message);
    return kCalibrateSourceOrConfig;
  }
  g_stop = false;
  std::signal(SIGINT, stop_calibrating);
  std::signal(SIGTERM, stop_calibrating);
  log::info("calibrating from {} for {} seats{}", setup.source.what, setup.plan.look_for.seats,
            setup.plan.look_for.centre == vision::CentreZone::Drawn ? " and the centre zone" : "");
  return Run(options, setup, screen).go();
}

Subcommand add_calibrate_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand(
      "calibrate", "find the table and the seats from the corner and seat tags laid on it, and save them to the config");
  auto calibrate = std::make_shared<CalibrateOptions>();
  command->add_option("--source", calibrate->source,
                      "camera index, /dev/videoN, GStreamer pipeline, a folder of frames or a video "
                      "(default: the config's camera.source)");
  command->add_option("--config", calibrate->config,
                      std::string("the daemon's config, read and written (default: ") + kDefaultConfigPath + ")");
  command->add_option("--table", calibrate->table,
                      "WxD: mm between the corner tags' centres, across and deep (default: the config's "
                      "corner_tags_mm)");
  command->add_option("--seats", calibrate->seats, "seat tags to look for (default: the config's seats)");
  command->add_option("--out", calibrate->out, "write the last frame's calibration screen to this PNG, no window");
  command->add_flag("--save", calibrate->save, "save to the config as soon as a frame passes every check");
  command->add_option("--frames", calibrate->frames, "stop after this many frames");
  return {command, [&context, calibrate] { return run_calibrate(context.assets_dir, *calibrate); }};
}

}  // namespace seneschal::firmware
