#include "seneschal/firmware/daemon.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <random>
#include <thread>

#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/render_image.hpp"
#include "seneschal/display/window.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/assets.hpp"
#include "seneschal/firmware/button_input.hpp"
#include "seneschal/firmware/button_mapper.hpp"
#include "seneschal/firmware/device_check.hpp"
#include "seneschal/firmware/frame_sources.hpp"
#include "seneschal/firmware/gpio_buttons.hpp"
#include "seneschal/firmware/signals.hpp"
#include "seneschal/firmware/timer_watch.hpp"
#include "seneschal/firmware/frame_pipeline.hpp"
#include "seneschal/firmware/log.hpp"
#include "seneschal/firmware/notify.hpp"
#include "seneschal/firmware/private_x_server.hpp"
#include "seneschal/firmware/tag_router.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// How long a scan toast stays up on a live screen.
constexpr auto kToastTime = std::chrono::seconds(4);

std::int64_t wall_clock_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
}

// The table's clock: the wall clock read once at start, then advanced by the monotonic clock.
// Across a restart the wall clock's gap counts (a timer ran on while the device was off); while
// running, an NTP step cannot make a timer jump (engine/TIMERS.md).
class TableClock {
 public:
  TableClock() : wall_at_start_(wall_clock_ms()), steady_at_start_(Clock::now()) {}
  std::int64_t now_ms() const {
    return wall_at_start_ +
           std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - steady_at_start_).count();
  }

 private:
  std::int64_t wall_at_start_;
  Clock::time_point steady_at_start_;
};

bool machine_has_gpio_chip() {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/dev", ec)) {
    if (entry.path().filename().string().rfind("gpiochip", 0) == 0) return true;
  }
  return false;
}

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
    case display::Input::Up: return Button::Up;
    case display::Input::Down: return Button::Down;
    case display::Input::Menu: return Button::Menu;
    case display::Input::Timer:
    case display::Input::Quit: break;
  }
  return Button::Timer;
}

std::string file_safe(std::string_view text) {
  std::string out;
  for (char c : text) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-') ? c : '_';
  return out;
}

// The screen side: a window, or PNG snapshots (with a private X server when there is no display).
class ScreenOutput {
 public:
  static Result<ScreenOutput> open(const DaemonOptions& options) {
    ScreenOutput screen;
    screen.options_ = &options;
    if (options.screen == firmware::Screen::Snapshots) {
      std::error_code ec;
      fs::create_directories(options.snapshot_dir, ec);
      if (ec) return fail(options.snapshot_dir + ": cannot create the snapshot folder: " + ec.message());
      if (!have_display()) {
        auto x = PrivateXServer::start(options.size.width, options.size.height);
        if (!x) return fail(x.error().message);
        log::info("no display: rendering snapshots through a private Xvfb on {}", x->display());
        screen.x_server_.emplace(std::move(x).value());
      }
    }
    auto renderer = display::BoardRenderer::create(options.assets_dir);
    if (!renderer) return fail(renderer.error().message);
    screen.renderer_.emplace(std::move(renderer).value());
    if (options.screen == firmware::Screen::Window) {
      if (!have_display()) return fail("no display to open a window on (DISPLAY is not set): use --headless");
      auto window = display::Window::open(options.size, "Seneschal",
                                          options.fullscreen ? display::WindowMode::Fullscreen
                                                             : display::WindowMode::Windowed);
      if (!window) return fail(window.error().message);
      screen.window_.emplace(std::move(window).value());
    }
    return screen;
  }

  bool windowed() const { return window_.has_value(); }
  bool window_open() const { return window_ && window_->is_open(); }
  std::vector<display::Input> poll() { return window_ ? window_->poll() : std::vector<display::Input>{}; }

  // Returns the snapshot's path when one was written.
  Result<std::optional<std::string>> show(const engine::ViewModel& view, const std::string& snapshot_name) {
    if (window_) {
      if (auto r = window_->show(*renderer_, view); !r) return fail(r.error().message);
      return std::optional<std::string>{};
    }
    const std::string path = (fs::path(options_->snapshot_dir) / (snapshot_name + ".png")).string();
    if (auto r = display::render_png(*renderer_, view, options_->size, path); !r) return fail(r.error().message);
    return std::optional<std::string>{path};
  }

 private:
  ScreenOutput() = default;
  const DaemonOptions* options_ = nullptr;
  std::optional<PrivateXServer> x_server_;  // declared first: outlives the renderer's GL use
  std::optional<display::BoardRenderer> renderer_;
  std::optional<display::Window> window_;
};

// The next free "<stem>-<n>.sqlite" beside the log, with its WAL and shared-memory files.
Result<std::string> move_log_aside(const fs::path& log, const std::string& stem) {
  std::error_code ec;
  for (int n = 1;; ++n) {
    const fs::path aside = log.parent_path() / (stem + "-" + std::to_string(n) + ".sqlite");
    if (fs::exists(aside, ec)) continue;
    fs::rename(log, aside, ec);
    if (ec) return fail(log.string() + ": cannot move it aside: " + ec.message());
    for (const char* suffix : {"-wal", "-shm"}) {
      const fs::path side = log.string() + suffix;
      if (fs::exists(side, ec)) fs::rename(side, aside.string() + suffix, ec);
    }
    return aside.string();
  }
}

Result<engine::Session> open_session(const DaemonOptions& options, const engine::ModuleRegistry& registry,
                                     engine::CardLibrary cards, std::string& log_path,
                                     std::optional<std::string>& set_aside) {
  auto path = prepare_log(options.state_dir, options.new_game);
  if (!path) return fail(path.error().message);
  log_path = *path;
  // A truncated or garbage log (a card pulled mid-write, a bad SD card) is kept for recovery,
  // never deleted, and the table can play on with a new game.
  if (engine::EventStore::damaged(*path)) {
    auto aside = move_log_aside(*path, "seneschal-damaged");
    if (!aside) return fail(aside.error().message);
    log::error("{}: the event log is damaged and cannot be read; it is kept as {} and a new game starts", *path,
               *aside);
    set_aside = *aside;
  }
  auto store = engine::EventStore::open(*path);
  if (!store) return fail(store.error().message);
  auto session = engine::Session::resume(std::move(store).value(), registry, std::move(cards));
  if (!session) return fail(session.error().message);
  if (!session->module()) {
    auto started = session->apply(engine::StartGame{options.game, options.seats}, wall_clock_ms());
    if (!started) return fail("cannot start a game of " + options.game + ": " + started.error().message);
    log::notice("new game of {} in {}", options.game, *path);
  } else {
    log::notice("resumed the game of {} in {} ({} events)", session->state().game, *path, session->events().size());
  }
  return session;
}

}  // namespace

Result<std::string> prepare_log(const std::string& state_dir, bool archive_existing) {
  std::error_code ec;
  fs::create_directories(state_dir, ec);
  if (ec) return fail(state_dir + ": cannot create the state folder: " + ec.message());
  const fs::path log = fs::path(state_dir) / "seneschal.sqlite";
  if (archive_existing && fs::exists(log, ec)) {
    auto archived = move_log_aside(log, "seneschal");
    if (!archived) return fail(archived.error().message);
    log::notice("previous game kept as {}", *archived);
  }
  return log.string();
}

namespace {

// Numbers the table told the engine about a card (a card's storage, a hero's strength) are kept
// across games in <state>/card-answers.json, so the device never asks the same question twice.
// A value of one physical copy or one face, or a word, stays with the game that was told it.
void keep_answers(const engine::Session& session, engine::CardOverlay& answers, const std::string& state_dir) {
  if (!session.module()) return;
  const std::string& game = session.state().game;
  bool changed = false;
  for (const auto& [key, stats] : session.state().told.entries()) {
    const engine::Subject subject = engine::Subject::from_key(key);
    if (subject.copy > 0 || !subject.face.empty()) continue;
    for (const auto& [stat, told] : stats) {
      if (!told.number) continue;
      const int value = *told.number;
      if (answers.answer(game, subject.card, stat) == value) continue;
      if (auto r = answers.record(session.module()->cards(), subject.card, stat, value); !r) {
        log::warning("not kept for later games: {}", r.error().message);
        continue;
      }
      changed = true;
    }
  }
  if (!changed) return;
  if (auto r = save_card_answers(state_dir, answers); !r) log::warning("{}", r.error().message);
}

std::mt19937_64 seeded_entropy() {
  std::random_device device;
  return std::mt19937_64((std::uint64_t{device()} << 32) ^ device());
}

}  // namespace

Result<DaemonSummary> run_daemon(const DaemonOptions& options, const std::atomic<bool>& stop,
                                 const std::atomic<bool>* reload) {
  DaemonSummary summary;
  auto answers = load_card_answers(options.state_dir);
  if (!answers) log::warning("{} (playing without the table's earlier answers)", answers.error().message);
  engine::CardOverlay kept = answers ? *answers : engine::CardOverlay{};
  auto cards = load_card_library(options.assets_dir, answers ? &*answers : nullptr);
  if (!cards) return fail(cards.error().message);
  engine::ModuleRegistry registry;
  engine::register_builtin_modules(registry);
  const TagRouter router(*cards);
  std::optional<std::string> set_aside;
  auto session = open_session(options, registry, *cards, summary.log_path, set_aside);
  if (!session) return fail(session.error().message);

  // The screen comes first, so that a camera or recording that fails is said on it.
  auto screen = ScreenOutput::open(options);
  if (!screen) return fail(screen.error().message);
  const TableClock clock;

  std::string source_text = options.source;
  std::optional<std::string> no_recording;
  if (source_text.empty()) {
    // A first render (an installed daemon) takes minutes on a Pi: systemd hears it is alive, and
    // a window says what is going on instead of standing still.
    auto last_said = Clock::now() - std::chrono::seconds(10);
    const auto rendering = [&](int done, int total) {
      notify::watchdog();
      if (Clock::now() - last_said < std::chrono::seconds(1) && done < total) return;
      last_said = Clock::now();
      notify::extend_start_timeout(std::chrono::seconds(30));
      notify::status(fmt::format("preparing the demo recording: {} of {} frames", done, total));
      if (!screen->windowed()) return;
      engine::ViewModel view = engine::make_view_model(*session, std::nullopt, clock.now_ms());
      view.device_notice = engine::DeviceNotice{
          "Preparing the demo recording",
          {fmt::format("{} of {} frames, once: later starts play it at once.", done, total),
           "Set [camera] source in /etc/seneschal/seneschal.toml to play from a camera."},
          false};
      (void)screen->show(view, "");
    };
    auto bundled =
        bundled_recording(options.assets_dir, default_cache_dir(options.state_dir), built_recording_dir(), rendering);
    if (bundled) source_text = *bundled;
    else no_recording = bundled.error().message;
  }
  // Waits between camera tries end early on shutdown or reload.
  std::atomic<bool> leaving{false};
  FrameSourceOptions source_options{options.frame_interval_ms, options.camera_width, options.camera_height,
                                    [&](std::chrono::milliseconds wait) {
                                      const auto until = Clock::now() + wait;
                                      while (!leaving && !stop && Clock::now() < until) {
                                        std::this_thread::sleep_for(std::chrono::milliseconds(20));
                                      }
                                    }};
  auto source = no_recording ? Result<OpenedSource>(fail(*no_recording)) : open_frame_source(source_text, source_options);
  const bool live = source && source->live;
  DeviceCheckOptions check_options;
  check_options.source = source ? source->what : source_text;
  check_options.live = live;
  check_options.need_calibration = options.calibration_card.value_or(live);
  check_options.self_test_ms = options.self_test_ms;
  DeviceCheck device(check_options, clock.now_ms());
  std::unique_ptr<FramePipeline> pipeline;
  if (source) {
    log::info("frames from {}{}", source->what, check_options.need_calibration ? "; the self-test waits for the calibration card" : "");
    vision::TrackerOptions scanner;
    scanner.scanner.decoder = options.decoder;
    // A recording must not lose frames; a live camera drops the oldest instead, at its own pace.
    pipeline = std::make_unique<FramePipeline>(
        std::move(source->source), scanner, options.stabilizer, live ? Overflow::DropOldest : Overflow::Block,
        live || !screen->windowed() ? Pacing::AsFastAsPossible : Pacing::Recorded);
  } else {
    log::error("{}", source.error().message);
    device.on_source_failed(source.error().message);
  }

  std::optional<engine::ScanToast> toast;
  Clock::time_point toast_until;
  auto present = [&](engine::ScanToast shown) {
    toast = std::move(shown);
    toast_until = Clock::now() + kToastTime;
  };
  if (set_aside) {
    present({engine::ScanToast::Verdict::Refused, "Event log damaged",
             "kept as " + fs::path(*set_aside).filename().string() + "; a new game has started"});
  }
  if (!options.timer_presets.empty()) session->set_timer_presets(options.timer_presets);
  std::unique_ptr<ButtonInput> gpio = open_gpio_buttons(options);
  std::unique_ptr<Signals> signals = open_buzzer_and_led(options);
  TimerWatch timer_watch(options.timer_marks_s);
  ButtonMapper buttons;
  std::mt19937_64 entropy = seeded_entropy();
  auto command = [&](const engine::Command& cmd, const std::string& label) {
    auto accepted = session->apply(cmd, clock.now_ms(), entropy());
    if (accepted) {
      keep_answers(*session, kept, options.state_dir);
      ++summary.accepted;
      log::info("{}: {}", label, accepted->text);
      if (std::holds_alternative<engine::PresentCard>(cmd)) signals->blip();
      present({engine::ScanToast::Verdict::Accepted, label, accepted->text});
    } else {
      ++summary.refused;
      log::warning("{}: refused: {}", label, accepted.error().message);
      present({engine::ScanToast::Verdict::Refused, label, accepted.error().message});
    }
  };
  auto alarm_ringing = [&] { return engine::any_ringing(session->state().timers, clock.now_ms()); };
  // Every button, from whatever source, goes through the one mapper.
  auto press = [&](Button button, const std::string& label, int timer_seconds) {
    const engine::Prompt prompt = session->prompt();
    auto pressed = buttons.press(button, prompt, alarm_ringing());
    if (!pressed) {
      ++summary.refused;
      log::warning("{}: {}", label, pressed.error().message);
      present({engine::ScanToast::Verdict::Refused, label, pressed.error().message});
    } else if (*pressed) {
      engine::Command cmd = **pressed;
      if (auto* timer = std::get_if<engine::TimerCommand>(&cmd); timer && timer->action == engine::TimerCommand::Action::Press) {
        timer->seconds = timer_seconds;
      }
      command(cmd, label);
    } else {
      log::info("{}: {}", label, buttons.highlighted(prompt));
    }
  };
  auto view_now = [&] {
    engine::ViewModel view = engine::make_view_model(*session, toast, clock.now_ms());
    // The rows UP/DOWN move between (a number row first when the prompt asks for one).
    const engine::Prompt prompt = session->prompt();
    view.prompt_options = buttons.rows(prompt);
    view.highlighted = view.prompt_options.empty() ? -1 : buttons.highlight(prompt);
    view.device_notice = device.notice(view.now_ms);
    return view;
  };
  std::vector<std::int64_t> presses_waiting;  // steady ms of presses not yet on screen
  auto show = [&](const std::string& name) -> Result<void> {
    auto shown = screen->show(view_now(), name);
    if (!shown) return fail(shown.error().message);
    if (shown->has_value()) {
      ++summary.snapshots;
      log::info("snapshot {}", **shown);
    }
    const std::int64_t on_screen = steady_ms();
    for (std::int64_t at : presses_waiting) summary.input_to_screen_ms.push_back(static_cast<double>(on_screen - at));
    presses_waiting.clear();
    return {};
  };

  if (auto r = show("0000-start"); !r) return fail(r.error().message);
  // Headless, a recording that cannot play leaves nothing to do: the snapshot says why, and so
  // does the exit code. With a window the notice stays up and the buttons keep working.
  if (!pipeline && !screen->windowed()) return fail(source.error().message);
  notify::ready("playing " + options.game + " from " + check_options.source);
  if (pipeline) pipeline->start();
  // What the device check last put on screen, so a change is drawn (and logged) once.
  std::optional<engine::DeviceNotice> notice_shown = device.notice(clock.now_ms());
  SelfTest self_test_seen = SelfTest::Running;

  bool recording_over = false;
  auto last_drawn = Clock::now();
  // The watchdog is pinged from this loop, so a hung loop (not just a dead process) restarts.
  const std::optional<std::chrono::microseconds> watchdog_every = notify::watchdog_interval();
  auto last_ping = Clock::now(), last_status = Clock::now();
  int frames_at_status = summary.frames;
  while (!stop) {
    if (const auto now = Clock::now(); watchdog_every && now - last_ping >= *watchdog_every / 2) {
      notify::watchdog();
      last_ping = now;
    }
    if (const auto now = Clock::now(); now - last_status >= std::chrono::seconds(5)) {
      const double seconds = std::chrono::duration<double>(now - last_status).count();
      notify::status(session->state().game, session->state().phase,
                     static_cast<double>(summary.frames - frames_at_status) / seconds, device.summary(clock.now_ms()));
      frames_at_status = summary.frames;
      last_status = now;
    }
    bool dirty = false;
    std::string snapshot_name;
    for (display::Input input : screen->poll()) {
      if (input == display::Input::Quit) return summary;
      presses_waiting.push_back(steady_ms());
      press(button_for(input), "key " + std::string(to_string(button_for(input))), 0);
      dirty = true;
    }
    if (gpio) {
      for (const ButtonPress& pressed : gpio->poll()) {
        presses_waiting.push_back(pressed.at_ms);
        const Button button = meaning(pressed);
        press(button, std::string(pressed.long_press ? "held " : "") + std::string(to_string(pressed.button)), 0);
        dirty = true;
      }
    }
    if (screen->windowed() && !screen->window_open()) break;

    if (reload && *reload) {
      summary.reload = true;
      break;
    }
    std::optional<FrameReport> report;
    if (pipeline) {
      report = pipeline->reports().pop_for(std::chrono::milliseconds(10));
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (report) {
      device.on_report(*report, clock.now_ms());
      ++summary.frames;
      if (report->error) {
        ++summary.unreadable_frames;
        log::warning("skipped a frame: {}", *report->error);
      }
      for (const vision::TagEvent& event : report->events) {
        if (event.kind != vision::TagEvent::Kind::Appeared) continue;
        const Routed routed = router.route(event.payload, session->state().game);
        if (routed.button) {
          press(*routed.button, routed.label, routed.seconds);
        } else if (routed.command) {
          command(*routed.command, routed.label);
        } else if (routed.setup) {
          // The calibration card may lie on the table all game: seen, it is no refused move.
          log::info("{}: {}", routed.label, routed.reason);
          continue;
        } else if (routed.foreign) {
          log::info("ignored a code that is not ours: {}", routed.reason);
          continue;
        } else {
          ++summary.refused;
          log::warning("{}: {}", routed.label, routed.reason);
          present({engine::ScanToast::Verdict::Refused, routed.label, routed.reason});
        }
        dirty = true;
        snapshot_name = fmt::format("{:04d}-{}-{}", summary.accepted + summary.refused,
                                    file_safe(fs::path(report->frame).stem().string()), file_safe(routed.label));
        // Headless, each scan gets its own picture, so no answer is hidden by the next one.
        if (!screen->windowed()) {
          if (auto r = show(snapshot_name); !r) return fail(r.error().message);
          dirty = false;
        }
      }
    } else if (pipeline && pipeline->finished() && !recording_over) {
      recording_over = true;
      device.on_source_ended();
      log::notice("the recording has ended after {} frames", summary.frames);
    }
    if (const SelfTest now = device.self_test(clock.now_ms()); now != self_test_seen) {
      if (now == SelfTest::Failed) log::error("{}", device.summary(clock.now_ms()));
      else log::notice("{}", device.summary(clock.now_ms()));
      self_test_seen = now;
    }
    if (auto notice = device.notice(clock.now_ms()); notice != notice_shown) {
      // A new kind of notice is logged and, headless, gets its snapshot; a changed detail is
      // only drawn.
      const auto title = [](const auto& n) { return n ? n->title : std::string(); };
      const bool new_kind = title(notice) != title(notice_shown);
      if (new_kind && notice && notice->failure) log::warning("on screen: {}: {}", notice->title, notice->lines.front());
      else if (new_kind && notice_shown && notice_shown->failure) log::notice("{} (cleared)", notice_shown->title);
      notice_shown = std::move(notice);
      dirty = true;
      if (new_kind && !screen->windowed()) {
        const std::string what = notice_shown ? file_safe(notice_shown->title) : std::string("device-ok");
        if (auto r = show(fmt::format("{:04d}-{}", summary.accepted + summary.refused, what)); !r) {
          return fail(r.error().message);
        }
        dirty = false;
      }
    }
    // No timers: an empty list, which also ends an alarm whose timer was cancelled.
    const TimerCues cues = timer_watch.update(engine::timer_views(session->state(), clock.now_ms()));
    for (int level : cues.warnings) signals->warning(level);
    signals->alarm(cues.alarm);
    signals->tick(steady_ms());
    if (toast && Clock::now() > toast_until && screen->windowed()) {
      toast.reset();
      dirty = true;
    }
    // A window is redrawn on change, and at 4 Hz so that timers count down, alarms flash and an
    // uncovered window heals.
    if (screen->windowed() && (dirty || Clock::now() - last_drawn > std::chrono::milliseconds(250))) {
      if (auto r = show(snapshot_name); !r) return fail(r.error().message);
      last_drawn = Clock::now();
    }
    // Headless, the end of the recording is the end of the run (after the checks above had
    // their say about it).
    if (recording_over && !screen->windowed()) break;
  }
  leaving = true;
  if (pipeline) pipeline->stop();
  if (summary.reload) return summary;
  notify::stopping();
  toast.reset();
  if (!screen->windowed()) {
    if (auto r = show("9999-final"); !r) return fail(r.error().message);
  }
  return summary;
}

}  // namespace seneschal::firmware
