#include "seneschal/firmware/tools/bench_table.hpp"

#include <fmt/core.h>

#include <unistd.h>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "seneschal/firmware/tools/board_run.hpp"
#include "seneschal/vision/scanner.hpp"

namespace seneschal::firmware {
namespace {

namespace synth = vision::synth;

std::vector<synth::TableGameOptions> classic_games(std::uint32_t seed, int frames) {
  std::vector<synth::TableGameOptions> games;
  for (const auto& [width, height] : {std::pair{1280, 720}, std::pair{1920, 1080}}) {
    for (int cards : {20, 40}) {
      synth::TableGameOptions game;
      game.seed = seed + static_cast<std::uint32_t>(games.size());
      game.width = width;
      game.height = height;
      game.cards = cards;
      game.frames = frames;
      games.push_back(game);
    }
  }
  return games;
}

Result<BenchTableGame> bench_game(const synth::TableGameOptions& options, const engine::CardLibrary& cards,
                                  const std::string& format) {
  auto scene = synth::make_table_game(options);
  if (!scene) return fail(scene.error().message);
  synth::RecordingTruth truth;
  truth.seed = scene->seed;
  truth.width = scene->width;
  truth.height = scene->height;
  truth.frame_interval_ms = scene->frame_interval_ms;
  for (int i = 0; i < scene->frames; ++i) {
    auto frame = synth::frame_truth(*scene, i);
    if (!frame) return fail(frame.error().message);
    truth.frames.push_back(std::move(frame).value());
  }
  auto layout = layout_of(*scene);
  if (!layout) return fail(layout.error().message);
  const std::string log_path =
      (std::filesystem::temp_directory_path() / ("seneschal-bench-table-" + std::to_string(::getpid()) + ".sqlite")).string();
  auto run = BoardRun::open(cards, "r9e", static_cast<int>(scene->seats.size()), *layout, log_path);
  if (!run) return fail(run.error().message);
  BoardEvaluator evaluator(truth, "R9E");
  vision::Scanner full_scanner;
  std::vector<double> tracked_ms, full_ms;
  for (int i = 0; i < scene->frames; ++i) {
    // The frame as the recording's JPEG gives it, decoded: what the daemon reads in a replay; or
    // in the layout a Camera Module delivers (the Y plane read as it lies).
    auto bytes = synth::encode_frame(*scene, i);
    if (!bytes) return fail(bytes.error().message);
    vision::Frame frame{cv::imdecode(*bytes, cv::IMREAD_COLOR), synth::frame_name(i), i * scene->frame_interval_ms};
    if (format == "I420") {
      cv::cvtColor(frame.image, frame.image, cv::COLOR_BGR2YUV_I420);
      frame.format = vision::PixelFormat::I420;
    }
    tracked_ms.push_back((*run)->frame(frame));
    evaluator.add(frame.name, (*run)->state().table);
    const auto t0 = std::chrono::steady_clock::now();
    (void)full_scanner.scan(vision::reader_picture(frame.image, frame.format), frame.t_ms);
    full_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  BenchTableGame game;
  game.options = options;
  game.board = evaluator.finish();
  game.tracked = summarize(tracked_ms);
  game.full = summarize(full_ms);
  game.calibrated = (*run)->calibrated();
  std::error_code ignored;
  std::filesystem::remove(log_path, ignored);
  return game;
}

// Each game's name in the tables: its frame size and seats.
std::string game_name(const synth::TableGameOptions& o) { return fmt::format("{}x{} {}s", o.width, o.height, o.seats); }

}  // namespace

std::vector<synth::TableGameOptions> bench_table_games(const BenchTableOptions& options) {
  if (!options.games.empty()) return options.games;
  const bool picked = !options.size.empty() || options.seats > 0 || options.cards > 0;
  std::vector<synth::TableGameOptions> games;
  std::uint32_t seed = options.seed;
  const auto asked = [&](int width, int height, int seats, int cards) {
    return (options.size.empty() || options.size == fmt::format("{}x{}", width, height)) &&
           (options.seats <= 0 || options.seats == seats) && (options.cards <= 0 || options.cards == cards);
  };
  if (options.kind == BenchGames::Classic) {
    for (auto game : classic_games(options.seed, options.frames))
      if (asked(game.width, game.height, game.seats, game.cards)) games.push_back(game);
    return games;
  }
  for (const auto& [width, height] : {std::pair{1280, 720}, std::pair{1920, 1080}}) {
    for (int seats : {3, 4}) {
      for (int cards : {20, 40}) {
        // Without a choice, the four games that hold each size, seat count and card count twice.
        const bool diagonal = (width == 1280) == ((seats == 3) == (cards == 20));
        const std::uint32_t game_seed = seed++;
        if (picked ? !asked(width, height, seats, cards) : !diagonal) continue;
        synth::TableGameOptions game = synth::TableGameOptions::hard();
        game.seed = game_seed;
        game.width = width;
        game.height = height;
        game.seats = seats;
        game.cards = cards;
        game.frames = options.frames;
        games.push_back(game);
      }
    }
  }
  return games;
}

Result<std::vector<BenchTableGame>> run_bench_table(const BenchTableOptions& options, const engine::CardLibrary& cards) {
  const auto games = bench_table_games(options);
  if (games.empty())
    return fail(
        "bench table: no game has the asked size, seats and cards (sizes 1280x720 and 1920x1080, seats 3 and 4 "
        "(classic: 4), cards 20 and 40)");
  std::vector<BenchTableGame> out;
  for (const auto& game : games) {
    auto benched = bench_game(game, cards, options.format);
    if (!benched) return fail(benched.error().message);
    out.push_back(std::move(benched).value());
  }
  return out;
}

void print_bench_table(const std::vector<BenchTableGame>& games, std::FILE* out) {
  const auto percent = [](int part, int whole) {
    return whole == 0 ? std::string("-") : fmt::format("{:.1f}", 100.0 * part / whole);
  };
  fmt::print(out, "cpu: {}\n", cpu_model_line());
  for (const BenchTableGame& g : games) {
    const synth::TableGameOptions& o = g.options;
    fmt::print(out, "game {}: seed {}, {} cards, {} seats, {} frames, table {} x {} mm, {} mm codes{}\n", game_name(o),
               o.seed, o.cards, o.seats, g.board.frames, o.table_w_mm > 0 ? o.table_w_mm : o.width / (1280.0 / 600.0),
               o.table_h_mm > 0 ? o.table_h_mm : o.height / (1280.0 / 600.0), o.code_mm,
               g.calibrated ? "" : "; the table was never calibrated");
  }
  // Accuracy: % of changes in the engine within 3 frames, overall (removals included) and per
  // kind (of how many); card-frames missing in plain view; the engine's false facts.
  fmt::print(out, "{:<16} {:>8} {:>11} {:>11} {:>11} {:>11} {:>13} {:>7} {:>7} {:>6} {:>8} {:>6}\n", "game", "all <=3",
             "laid <=3", "turned <=3", "moved <=3", "taken <=3", "missing", "false", "(hand)", "wrong", "wrong",
             "false");
  fmt::print(out, "{:<16} {:>8} {:>11} {:>11} {:>11} {:>11} {:>13} {:>7} {:>7} {:>6} {:>8} {:>6}\n", "", "%", "% of n",
             "% of n", "% of n", "% of n", "card-frames", "left", "", "seats", "quarters", "turns");
  const auto kind = [&](const BoardReport::Kind& k) {
    return fmt::format("{}/{}", percent(k.within_3_frames, k.changes), k.changes);
  };
  for (const BenchTableGame& g : games) {
    const BoardReport& b = g.board;
    fmt::print(out, "{:<16} {:>8} {:>11} {:>11} {:>11} {:>11} {:>13} {:>7} {:>7} {:>6} {:>8} {:>6}\n",
               fmt::format("{} {}c", game_name(g.options), g.options.cards),
               fmt::format("{:.1f}", 100.0 * b.all_within_3()), kind(b.laid), kind(b.turned), kind(b.moved),
               kind(b.taken_away), fmt::format("{}/{}", b.missing_card_frames, b.visible_card_frames), b.false_left,
               b.false_left_under_hand, b.wrong_seats, b.wrong_quarters, b.false_turns);
  }
  // Cost per frame: the steady table as the daemon scans it (tracked), and a full scan.
  fmt::print(out, "{:<16} {:>11} {:>11} {:>11} {:>11} {:>9} {:>9}\n", "game", "tracked", "tracked", "full scan",
             "full scan", "full/trk", "full/trk");
  fmt::print(out, "{:<16} {:>11} {:>11} {:>11} {:>11} {:>9} {:>9}\n", "", "median ms", "p95 ms", "median ms", "p95 ms",
             "median", "p95");
  const auto ratio = [](double full, double tracked) {
    return tracked > 0 ? fmt::format("{:.2f}", full / tracked) : std::string("-");
  };
  for (const BenchTableGame& g : games) {
    fmt::print(out, "{:<16} {:>11.2f} {:>11.2f} {:>11.2f} {:>11.2f} {:>9} {:>9}\n",
               fmt::format("{} {}c", game_name(g.options), g.options.cards), g.tracked.median_ms, g.tracked.p95_ms,
               g.full.median_ms, g.full.p95_ms, ratio(g.full.median_ms, g.tracked.median_ms),
               ratio(g.full.p95_ms, g.tracked.p95_ms));
  }
  for (const BenchTableGame& g : games) {
    const BoardReport& b = g.board;
    fmt::print(out, "{} {}c: {}/{} changes reached, p95 {} frames; {}/{} removals; {} hand occlusions\n",
               game_name(g.options), g.options.cards, b.reached, b.changes, frames_percentile(b.latency_frames, 0.95),
               b.removals_reached, b.removals, b.occlusions);
    for (const std::string& p : b.problems) fmt::print(out, "  {}\n", p);
  }
}

void print_bench_table_json(const std::vector<BenchTableGame>& games, std::FILE* out) {
  for (const BenchTableGame& g : games) {
    const synth::TableGameOptions& o = g.options;
    const nlohmann::json line = {{"game",
                                  {{"seed", o.seed},
                                   {"width", o.width},
                                   {"height", o.height},
                                   {"seats", o.seats},
                                   {"cards", o.cards},
                                   {"frames", o.frames},
                                   {"table_w_mm", o.table_w_mm},
                                   {"table_h_mm", o.table_h_mm},
                                   {"code_mm", o.code_mm},
                                   {"calibrated", g.calibrated}}},
                                 {"board", nlohmann::json::parse(board_json(g.board))},
                                 {"tracked_ms", {{"median", g.tracked.median_ms}, {"p95", g.tracked.p95_ms}}},
                                 {"full_ms", {{"median", g.full.median_ms}, {"p95", g.full.p95_ms}}}};
    fmt::print(out, "{}\n", line.dump());
  }
}

}  // namespace seneschal::firmware
