#include "seneschal/firmware/app/daemon.hpp"

#include <algorithm>
#include <chrono>
#include <fmt/ranges.h>
#include <filesystem>
#include <optional>
#include <random>
#include <thread>

#include "app/daemon_parts.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/timers.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/camera/device_check.hpp"
#include "seneschal/firmware/camera/frame_pipeline.hpp"
#include "seneschal/firmware/camera/frame_sources.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/base/notify.hpp"
#include "seneschal/firmware/base/snapshot_folder.hpp"
#include "seneschal/firmware/table/table_driver.hpp"
#include "seneschal/firmware/camera/table_evidence.hpp"
#include "seneschal/firmware/table/table_sighting.hpp"
#include "seneschal/firmware/table/tag_router.hpp"
#include "seneschal/firmware/output/timer_watch.hpp"
#include "seneschal/firmware/watch/watch_server.hpp"
#include "seneschal/vision/qr_render.hpp"

namespace seneschal::firmware {

namespace daemon {

std::int64_t wall_clock_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now().time_since_epoch()).count();
}

namespace {

namespace fs = std::filesystem;
using Clock = SteadyClock;

// How long a scan toast stays up on a live screen.
constexpr auto kToastTime = std::chrono::seconds(4);

SnapshotLimits snapshot_limits(const DaemonOptions& options) {
  return {options.snapshot_keep_runs, static_cast<std::uintmax_t>(options.snapshot_keep_mb) * 1024 * 1024};
}

std::mt19937_64 seeded_entropy() {
  std::random_device device;
  return std::mt19937_64((std::uint64_t{device()} << 32) ^ device());
}

// One run of the daemon: the game, the screen, the frames and the buttons, and the loop that
// takes what the table does through the one TableDriver (buttons, keys and tags alike) and keeps
// the screen, the buzzer and systemd up to date. Every move reaches the event log (in
// Session::apply) before the screen is drawn.
class Daemon {
 public:
  Daemon(const DaemonOptions& options, const std::atomic<bool>& stop, const std::atomic<bool>* reload)
      : options_(options), stop_(stop), reload_(reload), timer_watch_(options.timer_marks_s) {}
  ~Daemon() {
    leaving_ = true;
    if (pipeline_) pipeline_->stop();
  }

  Result<void> open();
  Result<DaemonSummary> run();

 private:
  Result<void> open_table();
  Result<void> open_frames();
  // The watch page, when asked for: a failure to serve it is said on the screen and in the
  // journal, and the game goes on without it.
  void open_watch();
  std::optional<engine::Invitation> invitation();
  // A demo recording made on first start, with progress on the screen and to systemd.
  std::string prepare_recording(std::optional<std::string>& no_recording);

  // The parts of one turn of the loop; each says whether the screen must change.
  bool read_keys_and_buttons(bool& quit);
  bool turned_page(Button button);
  Result<bool> read_frames(std::string& snapshot_name);
  Result<bool> watch_device();
  // True when an alarm has just begun to ring: the screen shows it at once, not at the next tick.
  bool sound_timers();
  void keep_systemd_informed();

  void answer(const Outcome& outcome);
  Result<bool> ask_about_mismatches();
  Result<bool> advance_idle();
  void present(engine::ScanToast toast);
  Result<void> show(const std::string& snapshot_name);
  engine::ViewModel current_view();  // what the screen and the watch page show now
  int moves() const { return summary_.accepted + summary_.refused; }
  bool watching() const { return !options_.watch_listen.empty(); }

  const DaemonOptions& options_;
  const std::atomic<bool>& stop_;
  const std::atomic<bool>* reload_;
  DaemonSummary summary_;

  engine::CardOverlay kept_;
  engine::CardLibrary cards_;
  engine::ModuleRegistry registry_;
  std::optional<TagRouter> router_;
  std::optional<engine::Session> session_;
  std::optional<std::string> set_aside_;
  std::vector<std::string> open_notes_;  // moves a power cut lost, said on the screen at start
  std::optional<TableDriver> driver_;
  std::mt19937_64 entropy_ = seeded_entropy();

  std::optional<ScreenOutput> screen_;
  std::uintmax_t snapshot_bytes_ = 0;  // what the snapshot folder holds, counted as snapshots are written
  const TableClock clock_;
  std::optional<engine::ScanToast> toast_;
  Clock::time_point toast_until_;
  std::vector<std::int64_t> presses_waiting_;  // steady ms of presses not yet on screen

  std::atomic<bool> leaving_{false};  // ends waits between camera tries on shutdown or reload
  std::string source_text_;
  std::optional<std::string> source_error_;
  std::optional<DeviceCheck> device_;
  std::unique_ptr<FramePipeline> pipeline_;
  bool recording_over_ = false;
  std::optional<engine::DeviceNotice> notice_shown_;  // what the device check last put on screen
  SelfTest self_test_seen_ = SelfTest::Running;

  std::unique_ptr<ButtonInput> gpio_;
  std::unique_ptr<Signals> signals_;
  TimerWatch timer_watch_;
  bool alarm_on_ = false;
  std::optional<std::int64_t> alarm_due_ms_;  // a ringing timer's end (table clock), not yet on screen
  TableEvidence evidence_;       // the last crop of each card the camera saw, for a disagreement
  std::int64_t last_frame_ms_ = 0;

  std::unique_ptr<watch::Server> watch_;
  std::string invited_url_;                  // the address the invitation below encodes
  std::optional<engine::Invitation> invitation_;

  std::optional<std::chrono::microseconds> watchdog_every_;
  Clock::time_point last_ping_ = Clock::now(), last_status_ = Clock::now();
  int frames_at_status_ = 0;
};

Result<void> Daemon::open_table() {
  auto answers = load_card_answers(options_.state_dir);
  if (!answers) log::warning("{} (playing without the table's earlier answers)", answers.error().message);
  kept_ = answers ? *answers : engine::CardOverlay{};
  auto cards = load_card_library(options_.assets_dir, answers ? &*answers : nullptr);
  if (!cards) return fail(cards.error().message);
  cards_ = std::move(cards).value();
  engine::register_builtin_modules(registry_);
  router_.emplace(cards_);
  auto session = open_session(options_, registry_, cards_, summary_.log_path, set_aside_, open_notes_);
  if (!session) return fail(session.error().message);
  session_.emplace(std::move(session).value());
  if (!options_.timer_presets.empty()) session_->set_timer_presets(options_.timer_presets);
  // A zone area must name one of the game's zones; said at start, not when a card lands in it.
  if (const engine::GameModule* module = session_->module()) {
    const std::vector<std::string> zones = module->zones();
    for (const vision::ZoneArea& area : options_.table.zones) {
      if (std::find(zones.begin(), zones.end(), area.name) != zones.end()) continue;
      return fail(fmt::format("[[game.zone_area]] name = \"{}\": {} has no such zone (its zones: {})", area.name,
                              session_->state().game, fmt::join(zones, ", ")));
    }
  }
  driver_.emplace(*session_, *router_,
                  TableDriver::Clock{[this] { return clock_.now_ms(); }, [this] { return clock_.now_ms(); },
                                     [this] { return entropy_(); }});
  driver_->set_idle_advance_ms(options_.advance_idle_ms);
  // A game that was under way: the row highlighted before the restart is not known.
  if (session_->events().size() > 1 && !set_aside_) driver_->buttons().resumed();
  return {};
}

std::string Daemon::prepare_recording(std::optional<std::string>& no_recording) {
  // A first render (an installed daemon) takes minutes on a Pi: systemd hears it is alive, and
  // a window says what is going on instead of standing still.
  auto last_said = Clock::now() - std::chrono::seconds(10);
  const auto rendering = [&](int done, int total) {
    notify::watchdog();
    if (Clock::now() - last_said < std::chrono::seconds(1) && done < total) return;
    last_said = Clock::now();
    notify::extend_start_timeout(std::chrono::seconds(30));
    notify::status(fmt::format("preparing the demo recording: {} of {} frames", done, total));
    if (!screen_->windowed()) return;
    engine::ViewModel view = driver_->view(std::nullopt, clock_.now_ms());
    view.device_notice = engine::DeviceNotice{
        tr("Preparing the demo recording"),
        // TRANSLATORS: the demo recording is rendered once, at the first start: {0} of {1} frames done.
        {trf("{0} of {1} frames, once: later starts play it at once.", done, total),
         tr("Set [camera] source in /etc/seneschal/seneschal.toml to play from a camera.")},
        false};
    (void)screen_->show(view, "");
  };
  auto bundled =
      bundled_recording(options_.assets_dir, default_cache_dir(options_.state_dir), built_recording_dir(), rendering);
  if (bundled) return *bundled;
  no_recording = bundled.error().message;
  return {};
}

Result<void> Daemon::open_frames() {
  source_text_ = options_.source;
  std::optional<std::string> no_recording;
  if (source_text_.empty()) source_text_ = prepare_recording(no_recording);
  FrameSourceOptions source_options{options_.frame_interval_ms, options_.camera_width, options_.camera_height,
                                    [this](std::chrono::milliseconds wait) {
                                      const auto until = Clock::now() + wait;
                                      while (!leaving_ && !stop_ && Clock::now() < until) {
                                        std::this_thread::sleep_for(std::chrono::milliseconds(20));
                                      }
                                    },
                                    options_.image_limits};
  source_options.loop = options_.loop_recording;
  auto source =
      no_recording ? Result<OpenedSource>(fail(*no_recording)) : open_frame_source(source_text_, source_options);
  const bool live = source && source->live;
  DeviceCheckOptions check;
  check.source = source ? source->what : source_text_;
  check.live = live;
  check.need_calibration = options_.calibration_card.value_or(live);
  check.self_test_ms = options_.self_test_ms;
  check.corner_tags_mm = options_.table.corner_tags_mm;
  // A camera is asked for the config's size; a recording's frames may have any, so none is assumed.
  check.camera.frame_width = live ? options_.camera_width : 0;
  source_text_ = check.source;
  device_.emplace(check, clock_.now_ms());
  if (!source) {
    log::error("{}", source.error().message);
    device_->on_source_failed(source.error().message);
    source_error_ = source.error().message;
    return {};
  }
  log::info("frames from {}{}", source->what,
            check.need_calibration ? "; the self-test waits for the calibration card" : "");
  vision::TrackerOptions scanner;
  scanner.scanner.decoder = options_.decoder;
  const std::int64_t camera_interval_ms =
      options_.frame_interval_given ? options_.frame_interval_ms : default_camera_interval_ms(board_model());
  if (live) log::info("camera read every {} ms at most", camera_interval_ms);
  // A recording must not lose frames; a live camera drops the oldest instead, at its own pace.
  pipeline_ = std::make_unique<FramePipeline>(
      std::move(source->source), scanner, options_.stabilizer, live ? Overflow::DropOldest : Overflow::Block,
      // Headless, a recording runs as fast as the CPU allows, unless someone may be watching it.
      live                                       ? Pacing::Interval
      : !screen_->windowed() && !watch_          ? Pacing::AsFastAsPossible
                                                 : Pacing::Recorded,
      options_.table,
      camera_interval_ms);
  return {};
}

Result<void> Daemon::open() {
  if (auto r = open_table(); !r) return r;
  // The screen comes first, so that a camera or recording that fails is said on it.
  auto screen = ScreenOutput::open(options_);
  if (!screen) return fail(screen.error().message);
  screen_.emplace(std::move(screen).value());
  if (!screen_->windowed()) snapshot_bytes_ = start_snapshot_run(options_.snapshot_dir, snapshot_limits(options_));
  open_watch();
  if (auto r = open_frames(); !r) return r;
  if (set_aside_) {
    // TRANSLATORS: a toast at start: the event log could not be read and was set aside; {0} is its
    // new file name.
    present({engine::ScanToast::Verdict::Refused, tr("Event log set aside"),
             trf("kept as {0}; a new game has started", fs::path(*set_aside_).filename().string())});
  } else if (!open_notes_.empty()) {
    present({engine::ScanToast::Verdict::Refused, tr("Moves lost in a power cut"), open_notes_.front()});
  }
  gpio_ = open_gpio_buttons(options_);
  signals_ = open_buzzer_and_led(options_);
  notice_shown_ = device_->notice(clock_.now_ms());
  return {};
}

void Daemon::open_watch() {
  if (!watching()) return;
  auto token = watch::ensure_token(options_.state_dir);
  Result<std::unique_ptr<watch::Server>> server = token ? watch::Server::start({options_.watch_listen, options_.state_dir,
                                                                               (fs::path(options_.assets_dir) / "watch").string(),
                                                                               options_.watch_max_pages},
                                                                              *token)
                                                        : Result<std::unique_ptr<watch::Server>>(fail(token.error().message));
  if (!server) {
    log::error("watch page not served: {}", server.error().message);
    present({engine::ScanToast::Verdict::Refused, tr("Watch page not served"), server.error().message});
    return;
  }
  watch_ = std::move(server).value();
  log::notice("watch page on {} (the token: {}, or `seneschal watch-token`; its code is on the screen's details page)",
              watch_->base_url(), watch::token_path(options_.state_dir));
}

// The watch page's address with its token as a code, made again only when the token changed.
std::optional<engine::Invitation> Daemon::invitation() {
  if (!watch_) return std::nullopt;
  const std::string url = watch_->invite_url();
  if (url.empty()) return std::nullopt;  // no token to give: every page is refused anyway
  if (url == invited_url_) return invitation_;
  invited_url_ = url;
  invitation_.reset();
  auto code = vision::render_qr(url, {1, 0});
  if (!code) {
    // Not the error's text: it quotes the address, token and all, and the journal is no place for it.
    log::warning("watch page: no code for the screen (libqrencode could not encode the page's address)");
    return std::nullopt;
  }
  engine::Invitation made;
  made.size = code->cols;
  made.dark.reserve(static_cast<std::size_t>(code->total()));
  for (int y = 0; y < code->rows; ++y) {
    for (int x = 0; x < code->cols; ++x) made.dark.push_back(code->at<std::uint8_t>(y, x) == 0 ? 1 : 0);
  }
  const std::string base = watch_->base_url();
  // TRANSLATORS: under the code on the details page; {0} is the watch page's address (host:port).
  made.caption = trf("Scan to watch: {0}", base.substr(base.find("//") + 2, base.size() - base.find("//") - 3));
  invitation_ = std::move(made);
  return invitation_;
}

void Daemon::present(engine::ScanToast toast) {
  toast_ = std::move(toast);
  toast_until_ = Clock::now() + kToastTime;
}

// What the table did, answered on the toast, in the journal and in the summary.
void Daemon::answer(const Outcome& outcome) {
  // "key UNDO" alone when the move said nothing, never "key UNDO: " with an empty text.
  const std::string said = outcome.text.empty() ? outcome.label : outcome.label + ": " + outcome.text;
  switch (outcome.kind) {
    case Outcome::Kind::Applied:
      keep_answers(*session_, kept_, options_.state_dir);
      ++summary_.accepted;
      log::info("{}", said);
      if (outcome.command && std::holds_alternative<engine::PresentCard>(*outcome.command)) signals_->blip();
      // A move that stopped at a rules check is no done move: amber, and the prompt says the check.
      present({outcome.warned ? engine::ScanToast::Verdict::Warned : engine::ScanToast::Verdict::Accepted,
               outcome.label,
               outcome.warned && outcome.text.empty() ? std::string(tr("a rules check waits: see the prompt")) : outcome.text});
      return;
    case Outcome::Kind::Refused:
    case Outcome::Kind::Ignored:
      ++summary_.refused;
      log::warning("{}: {}{}", outcome.label, outcome.command ? "refused: " : "", outcome.text);
      present({engine::ScanToast::Verdict::Refused, outcome.label, outcome.text});
      return;
    case Outcome::Kind::Moved:
      log::info("{}", said);
      return;
    case Outcome::Kind::Setup:
      // The calibration card may lie on the table all game: seen, it is no refused move.
      log::info("{}", said);
      return;
    case Outcome::Kind::Foreign:
      log::info("ignored a code that is not ours: {}", outcome.text);
      return;
  }
}

engine::ViewModel Daemon::current_view() {
  engine::ViewModel view = driver_->view(toast_, clock_.now_ms());
  view.device_notice = device_->notice(view.now_ms);
  view.evidence = evidence_.for_state(session_->state(), last_frame_ms_);
  return view;
}

Result<void> Daemon::show(const std::string& snapshot_name) {
  engine::ViewModel view = current_view();
  if (watch_ && screen_->details_page()) view.invitation = invitation();
  const std::int64_t drawing_from = steady_ms();
  auto shown = screen_->show(view, snapshot_name);
  // The page gets what the screen has just drawn (the event log had it before either).
  if (watch_) watch_->publish(view, wall_clock_ms(), steady_ms() - drawing_from);
  if (!shown && screen_->windowed()) return fail(shown.error().message);
  // A snapshot that cannot be written (a read-only folder, a full disk) costs the picture, never
  // the game: the move it shows is in the event log already.
  if (!shown) {
    ++summary_.snapshots_failed;
    log::warning("snapshot not written: {}", shown.error().message);
  } else if (shown->has_value()) {
    ++summary_.snapshots;
    log::info("snapshot {}", (*shown)->path);
    snapshot_bytes_ += (*shown)->bytes;
    const SnapshotLimits limits = snapshot_limits(options_);
    if (snapshot_bytes_ > limits.keep_bytes) snapshot_bytes_ = prune_snapshots(options_.snapshot_dir, limits);
  }
  const std::int64_t on_screen = steady_ms();
  for (std::int64_t at : presses_waiting_) summary_.input_to_screen_ms.push_back(static_cast<double>(on_screen - at));
  presses_waiting_.clear();
  if (alarm_due_ms_ && screen_->windowed()) {
    summary_.alarm_to_screen_ms.push_back(static_cast<double>(std::max<std::int64_t>(0, clock_.now_ms() - *alarm_due_ms_)));
    alarm_due_ms_.reset();
  }
  return {};
}

// UP and DOWN with no rows to move between (no options, no number asked) turn the screen's page,
// so the details are a press away; any other button brings the glance back and goes to the game.
bool Daemon::turned_page(Button button) {
  const engine::Prompt prompt = driver_->session().prompt();
  if ((button == Button::Up || button == Button::Down) && prompt.options.empty() && !prompt.wants_number) {
    screen_->turn_page();
    return true;
  }
  screen_->glance();
  return false;
}

// Keys of the window and GPIO buttons, through the one mapper; quit: the window asked to close.
bool Daemon::read_keys_and_buttons(bool& quit) {
  bool dirty = false;
  for (display::Input input : screen_->poll()) {
    if (input == display::Input::Quit) {
      quit = true;
      return dirty;
    }
    presses_waiting_.push_back(steady_ms());
    const Button button = button_for(input);
    const bool held = input == display::Input::HeldUp || input == display::Input::HeldDown;
    dirty = true;
    if (turned_page(button)) continue;
    // The toast's title: the keyboard's key by the name of the button it stands for (OK, UNDO...).
    // TRANSLATORS: a toast's title: a keyboard key pressed ({0} a button's name as printed on it).
    answer(driver_->press(button,
                          held ? trf("key held {0}", to_string(button))
                               // TRANSLATORS: a toast's title: a keyboard key pressed ({0} a button's name as printed on it).
                               : trf("key {0}", to_string(button)),
                          0, held));
  }
  if (gpio_) {
    for (const ButtonPress& pressed : gpio_->poll()) {
      presses_waiting_.push_back(pressed.at_ms);
      dirty = true;
      if (turned_page(meaning(pressed))) continue;
      answer(driver_->press(meaning(pressed),
                            // TRANSLATORS: a toast's title: a button held down ({0} its name as printed on it).
                            pressed.long_press ? trf("held {0}", to_string(pressed.button)) : std::string(to_string(pressed.button)),
                            0, pressed.long_press));
    }
  }
  return dirty;
}

// The tags of the next frame report: cards, control tags and the rest, each answered.
Result<bool> Daemon::read_frames(std::string& snapshot_name) {
  std::optional<FrameReport> report;
  if (pipeline_) {
    report = pipeline_->reports().pop_for(std::chrono::milliseconds(10));
  } else {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (!report) {
    // A finished recording's queue answers at once: without a pause the loop would spin a core
    // (a window, or the watch page, keeps the daemon up after the last frame).
    if (pipeline_ && pipeline_->finished()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (pipeline_ && pipeline_->finished() && !recording_over_) {
      recording_over_ = true;
      device_->on_source_ended();
      log::notice("the recording has ended after {} frames", summary_.frames);
    }
    return false;
  }
  device_->on_report(*report, clock_.now_ms());
  evidence_.note(*report, *router_, session_->state().game);
  last_frame_ms_ = report->t_ms;
  if (report->calibrated) log::notice("table calibrated from the corner tags in {}", report->frame);
  ++summary_.frames;
  if (report->error) {
    ++summary_.unreadable_frames;
    log::warning("skipped a frame: {}", *report->error);
  }
  bool dirty = false;
  for (const vision::TagEvent& event : report->events) {
    const Outcome outcome = driver_->seen(table_sighting(event, session_->state()));
    answer(outcome);
    // A seat or calibration tag, a code not ours, or a card that lies as the engine has it is no
    // move: logged, nothing to show.
    if (outcome.kind == Outcome::Kind::Setup || outcome.kind == Outcome::Kind::Foreign ||
        outcome.kind == Outcome::Kind::Moved) {
      continue;
    }
    dirty = true;
    // Short parts: a label can be a payload of hundreds of characters, and a name over 255
    // bytes cannot be written at all.
    snapshot_name = fmt::format("{:04d}-{}-{}", moves(),
                                snapshot_name_part(fs::path(report->frame).stem().string(), 40),
                                snapshot_name_part(outcome.label));
    // Headless, each scan gets its own picture, so no answer is hidden by the next one.
    if (!screen_->windowed()) {
      if (auto r = show(snapshot_name); !r) return fail(r.error().message);
      dirty = false;
    }
  }
  return dirty;
}

// A mismatch between the table and the books that has lasted (TableDriver::kMismatchMs) goes to
// the players; headless, each gets its picture.
Result<bool> Daemon::ask_about_mismatches() {
  bool dirty = false;
  for (const Outcome& asked : driver_->watch_mismatches()) {
    answer(asked);
    if (!asked.applied()) continue;
    dirty = true;
    if (!screen_->windowed()) {
      if (auto r = show(fmt::format("{:04d}-disagree-{}", moves(), snapshot_name_part(asked.label))); !r) {
        return fail(r.error().message);
      }
      dirty = false;
    }
  }
  return dirty;
}

// A prompt with nothing to decide whose countdown ran out: the device's own OK, answered and
// drawn like a pressed one; headless, it gets its picture.
Result<bool> Daemon::advance_idle() {
  const std::optional<Outcome> advanced = driver_->watch_idle();
  if (!advanced) return false;
  answer(*advanced);
  if (!advanced->applied() || screen_->windowed()) return advanced->applied();
  if (auto r = show(fmt::format("{:04d}-by-itself", moves())); !r) return fail(r.error().message);
  return false;
}

// The self-test's verdict and the notice over the board: logged once per change and, headless,
// a snapshot for each new kind of notice.
Result<bool> Daemon::watch_device() {
  if (const SelfTest now = device_->self_test(clock_.now_ms()); now != self_test_seen_) {
    if (now == SelfTest::Failed) log::error("{}", device_->summary(clock_.now_ms()));
    else log::notice("{}", device_->summary(clock_.now_ms()));
    if (now == SelfTest::Passed) {
      for (const std::string& warning : device_->warnings()) log::warning("self-test: {}", warning);
    }
    self_test_seen_ = now;
  }
  auto notice = device_->notice(clock_.now_ms());
  if (notice == notice_shown_) return false;
  const auto title = [](const auto& n) { return n ? n->title : std::string(); };
  const bool new_kind = title(notice) != title(notice_shown_);
  if (new_kind && notice && notice->failure) log::warning("on screen: {}: {}", notice->title, notice->lines.front());
  else if (new_kind && notice_shown_ && notice_shown_->failure) log::notice("{} (cleared)", notice_shown_->title);
  notice_shown_ = std::move(notice);
  if (new_kind && !screen_->windowed()) {
    const std::string what = notice_shown_ ? snapshot_name_part(notice_shown_->title) : std::string("device-ok");
    if (auto r = show(fmt::format("{:04d}-{}", moves(), what)); !r) return fail(r.error().message);
    return false;
  }
  return true;
}

// The buzzer's warnings and alarm and the LED follow the timers (none: an alarm whose timer was
// cancelled ends too).
bool Daemon::sound_timers() {
  const std::int64_t now = clock_.now_ms();
  const TimerCues cues = timer_watch_.update(engine::timer_views(session_->state(), now));
  for (int level : cues.warnings) signals_->warning(level);
  signals_->alarm(cues.alarm);
  signals_->tick(steady_ms());
  const bool started = cues.alarm && !alarm_on_;
  alarm_on_ = cues.alarm;
  if (!started) return false;
  // When the timer ran out, for the summary's "alarm to screen" (measured at the next frame drawn).
  for (const engine::TimerState& timer : session_->state().timers) {
    if (!timer.ringing_at(now)) continue;
    const std::int64_t end = timer.since_ms + timer.left_ms;
    if (!alarm_due_ms_ || end < *alarm_due_ms_) alarm_due_ms_ = end;
  }
  return true;
}

// The watchdog is pinged from the loop, so a hung loop (not just a dead process) restarts; the
// status line says the game, the phase, frames per second and the device check.
void Daemon::keep_systemd_informed() {
  if (const auto now = Clock::now(); watchdog_every_ && now - last_ping_ >= *watchdog_every_ / 2) {
    notify::watchdog();
    last_ping_ = now;
  }
  if (const auto now = Clock::now(); now - last_status_ >= std::chrono::seconds(5)) {
    const double seconds = std::chrono::duration<double>(now - last_status_).count();
    notify::status(session_->state().game, session_->state().phase,
                   static_cast<double>(summary_.frames - frames_at_status_) / seconds, device_->summary(clock_.now_ms()));
    frames_at_status_ = summary_.frames;
    last_status_ = now;
  }
}

Result<DaemonSummary> Daemon::run() {
  if (auto r = show("0000-start"); !r) return fail(r.error().message);
  // Headless, a recording that cannot play leaves nothing to do: the snapshot says why, and so
  // does the exit code. With a window the notice stays up and the buttons keep working.
  if (!pipeline_ && !screen_->windowed()) return fail(*source_error_);
  notify::ready("playing " + options_.game + " from " + source_text_);
  if (pipeline_) pipeline_->start();
  watchdog_every_ = notify::watchdog_interval();
  auto last_drawn = Clock::now();
  while (!stop_) {
    keep_systemd_informed();
    bool quit = false;
    bool dirty = read_keys_and_buttons(quit);
    if (quit) return summary_;
    if (screen_->windowed() && !screen_->window_open()) break;
    if (reload_ && *reload_) {
      summary_.reload = true;
      break;
    }
    std::string snapshot_name;
    auto scanned = read_frames(snapshot_name);
    if (!scanned) return fail(scanned.error().message);
    auto asked = ask_about_mismatches();
    if (!asked) return fail(asked.error().message);
    auto advanced = advance_idle();
    if (!advanced) return fail(advanced.error().message);
    auto noticed = watch_device();
    if (!noticed) return fail(noticed.error().message);
    dirty = dirty || *scanned || *asked || *advanced || *noticed;
    dirty = sound_timers() || dirty;
    if (toast_ && Clock::now() > toast_until_ && (screen_->windowed() || watch_)) {
      toast_.reset();
      dirty = true;
      // Headless, each snapshot keeps its toast; the watch page loses it as a window would.
      if (!screen_->windowed()) watch_->publish(current_view(), wall_clock_ms());
    }
    // A window is redrawn on change, and at 4 Hz so that timers count down, alarms flash and an
    // uncovered window heals.
    if (screen_->windowed() && (dirty || Clock::now() - last_drawn > std::chrono::milliseconds(250))) {
      if (auto r = show(snapshot_name); !r) return fail(r.error().message);
      last_drawn = Clock::now();
    }
    // Headless, the end of the recording is the end of the run (after the checks above had
    // their say about it).
    // With the watch on, the final board stays up for those watching until the daemon is stopped.
    if (recording_over_ && !screen_->windowed() && !watch_) break;
  }
  leaving_ = true;
  if (pipeline_) pipeline_->stop();
  if (summary_.reload) return summary_;
  notify::stopping();
  toast_.reset();
  if (!screen_->windowed()) {
    if (auto r = show("9999-final"); !r) return fail(r.error().message);
  }
  return summary_;
}

}  // namespace
}  // namespace daemon

Result<DaemonSummary> run_daemon(const DaemonOptions& options, const std::atomic<bool>& stop,
                                 const std::atomic<bool>* reload) {
  daemon::Daemon daemon(options, stop, reload);
  if (auto opened = daemon.open(); !opened) return fail(opened.error().message);
  return daemon.run();
}

}  // namespace seneschal::firmware
