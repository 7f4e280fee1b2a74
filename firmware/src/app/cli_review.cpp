// `seneschal review --db FILE`: a finished game stepped through move by move with the device's own
// renderer, in a window (the daemon's keys: ReviewSteps), or as a picture of every step into a
// folder (--out, or when there is no display).
#include <fmt/core.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <thread>

#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/render_image.hpp"
#include "seneschal/display/window.hpp"
#include "seneschal/firmware/app/cli_commands.hpp"
#include "seneschal/firmware/app/command_line.hpp"
#include "seneschal/firmware/app/game_review.hpp"
#include "seneschal/firmware/app/review_steps.hpp"
#include "seneschal/firmware/app/subcommand.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/base/snapshot_folder.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/output/private_x_server.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

// The window's picture is drawn again this often (a window uncovered shows the board again).
constexpr auto kRedraw = std::chrono::milliseconds(250);

display::DrawOptions draw_options(const ReviewSteps& steps, display::Page page) {
  display::DrawOptions options;
  options.page = page;
  options.legend = steps.legend(page);
  return options;
}

// "0000-start.png", then "0012-turn-5.png": the step (the move's number) and the game's turn.
std::string picture_name(const GameReview& review, std::size_t step) {
  return step == 0 ? "0000-start.png" : fmt::format("{:04}-turn-{}.png", step, review.steps()[step].turn);
}

Result<int> write_pictures(const std::string& assets_dir, const GameReview& review, display::ScreenSize size,
                           const std::string& dir, std::optional<std::size_t> only) {
  std::optional<PrivateXServer> x_server;
  if (auto x = start_unless_display(x_server, size.width, size.height); !x) return fail(x.error().message);
  auto renderer = display::BoardRenderer::create(assets_dir);
  if (!renderer) return fail(renderer.error().message);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return fail(dir + ": cannot create the folder: " + ec.message());
  // As `play --snapshots`: the pictures of a review before move into runs/, never mixed or lost.
  start_snapshot_run(dir, SnapshotLimits{1000000, UINTMAX_MAX});
  const std::vector<int> turns = review.turns();
  int written = 0;
  for (std::size_t step = only.value_or(0); step < (only ? *only + 1 : turns.size()); ++step) {
    auto view = review.view(step);
    if (!view) return fail(view.error().message);
    const std::string path = (fs::path(dir) / picture_name(review, step)).string();
    const ReviewSteps at(turns, step);
    if (auto r = display::render_png(*renderer, *view, size, path, draw_options(at, display::Page::Glance)); !r) {
      return fail(r.error().message);
    }
    ++written;
  }
  return written;
}

// The step the window was closed at.
Result<std::size_t> show_window(const std::string& assets_dir, const GameReview& review, display::ScreenSize size,
                                std::size_t start) {
  auto renderer = display::BoardRenderer::create(assets_dir);
  if (!renderer) return fail(renderer.error().message);
  auto window = display::Window::open(size, "Seneschal review", display::WindowMode::Windowed);
  if (!window) return fail(window.error().message);
  ReviewSteps steps(review.turns(), start);
  display::Page page = display::Page::Glance;
  std::optional<engine::ViewModel> view;
  auto drawn = std::chrono::steady_clock::time_point{};
  while (window->is_open()) {
    if (!view) {
      auto made = review.view(steps.at());
      if (!made) return fail(made.error().message);
      view = std::move(made).value();
      drawn = {};
    }
    if (std::chrono::steady_clock::now() - drawn >= kRedraw) {
      if (auto r = window->show(*renderer, *view, draw_options(steps, page)); !r) return fail(r.error().message);
      drawn = std::chrono::steady_clock::now();
    }
    for (const display::Input input : window->poll()) {
      if (input == display::Input::Quit) {
        window->close();
        return steps.at();
      }
      if (input == display::Input::Menu) {
        page = page == display::Page::Glance ? display::Page::Details : display::Page::Glance;
        drawn = {};
      } else if (steps.press(input)) {
        view.reset();
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return steps.at();
}

// Without --out and without a display: a folder in the working folder, named for the log.
std::string default_out(const std::string& db) { return fs::path(db).stem().string() + "-review"; }

}  // namespace

int run_review(const std::string& assets_dir, const ReviewOptions& options) {
  // Before any word: the log lines are made in the language as the game is folded.
  if (auto language = use_language(options.language, "--language"); !language) {
    log::error("{}", language.error().message);
    return kExitUsage;
  }
  const auto size = parse_screen_size(options.size);
  if (!size) {
    log::error("--size {}: expected WIDTHxHEIGHT between 320x240 and 7680x4320, e.g. 800x480", options.size);
    return kExitUsage;
  }
  // A state folder's log lies beside the table's answers (the cards it named, the values it
  // told): without them those cards would show by their tag ids, not as the device showed them.
  std::string answers = options.answers;
  if (answers.empty()) {
    std::error_code ec;
    const std::string beside = card_answers_path(fs::path(options.db).parent_path().string());
    if (fs::is_regular_file(beside, ec)) answers = beside;
  }
  auto log = open_game_log(assets_dir, options.db, answers);
  if (!log) {
    log::error("{}", log.error().message);
    return kExitDataErr;
  }
  auto review = GameReview::open(std::move(log).value(), options.db);
  if (!review) {
    log::error("{}", review.error().message);
    return kExitDataErr;
  }
  const std::size_t moves = review->steps().size() - 1;
  if (options.at > static_cast<int>(moves)) {
    log::error("--at {}: {} holds {} moves (0 is the start)", options.at, options.db, moves);
    return kExitUsage;
  }
  const std::optional<std::size_t> at =
      options.at >= 0 ? std::optional<std::size_t>(static_cast<std::size_t>(options.at)) : std::nullopt;
  if (options.out.empty() && have_display()) {
    auto closed = show_window(assets_dir, *review, *size, at.value_or(0));
    if (!closed) {
      log::error("{}", closed.error().message);
      return kExitFailed;
    }
    // Where the table left off, for `--at` next time.
    log::info("closed at {}", *closed == 0 ? "the start" : fmt::format("move {} of {}", *closed, moves));
    return kExitOk;
  }
  const std::string dir = options.out.empty() ? default_out(options.db) : options.out;
  if (options.out.empty()) log::info("no display: the steps go into {} as pictures (--out DIR to choose)", dir);
  auto written = write_pictures(assets_dir, *review, *size, dir, at);
  if (!written) {
    log::error("{}", written.error().message);
    return kExitFailed;
  }
  log::info("wrote {} picture{} of {} moves into {}", *written, *written == 1 ? "" : "s", moves, dir);
  return kExitOk;
}

Subcommand add_review_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand(
      "review",
      "step through a finished game as the device drew it: UP/DOWN a move, OK/PASS a turn, in a window or to PNGs");
  auto options = std::make_shared<ReviewOptions>();
  command->add_option("--db", options->db, "the game's event log (SQLite), e.g. a state folder's seneschal.sqlite")
      ->required();
  command->add_option("--size", options->size, "screen size WIDTHxHEIGHT (800x480, 1024x600, 1920x1080)")
      ->check(screen_size_check())
      ->capture_default_str();
  command->add_option(
      "--out", options->out,
      "write a PNG of every step into this folder instead of a window (without a display: ./<log>-review)");
  command
      ->add_option("--at", options->at,
                   "open at this step: 0 the start, N after move N (with --out: that picture alone)")
      ->check(CLI::NonNegativeNumber);
  command->add_option("--answers", options->answers,
                      "a table's card-answers.json, laid over the card data as play --answers does (default: the one "
                      "beside the log, if any)");
  add_language_option(*command, options->language);
  return {command, [&context, options] { return run_review(context.assets_dir, *options); }};
}

}  // namespace seneschal::firmware
