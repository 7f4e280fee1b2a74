#include "seneschal/firmware/bench_table.hpp"

#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <unistd.h>

#include "seneschal/firmware/board_run.hpp"
#include "seneschal/vision/scanner.hpp"

namespace seneschal::firmware {
namespace {

namespace synth = vision::synth;

std::vector<synth::TableGameOptions> issue_games(std::uint32_t seed, int frames) {
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

Result<BenchTableGame> bench_game(const synth::TableGameOptions& options, const engine::CardLibrary& cards) {
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
    // The frame as the camera's JPEG would give it, decoded: what the daemon reads.
    auto bytes = synth::encode_frame(*scene, i);
    if (!bytes) return fail(bytes.error().message);
    vision::Frame frame{cv::imdecode(*bytes, cv::IMREAD_COLOR), synth::frame_name(i), i * scene->frame_interval_ms};
    tracked_ms.push_back((*run)->frame(frame));
    evaluator.add(frame.name, (*run)->state().table);
    const auto t0 = std::chrono::steady_clock::now();
    (void)full_scanner.scan(frame.image, frame.t_ms);
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


}  // namespace

Result<std::vector<BenchTableGame>> run_bench_table(const BenchTableOptions& options, const engine::CardLibrary& cards) {
  const auto games = options.games.empty() ? issue_games(options.seed, options.frames) : options.games;
  std::vector<BenchTableGame> out;
  for (const auto& game : games) {
    auto benched = bench_game(game, cards);
    if (!benched) return fail(benched.error().message);
    out.push_back(std::move(benched).value());
  }
  return out;
}

void print_bench_table(const std::vector<BenchTableGame>& games, std::FILE* out) {
  fmt::print(out, "cpu: {}\n", cpu_model_line());
  fmt::print(out, "{:<10} {:>5} {:>6} {:>9} {:>7} {:>6} {:>7} {:>6} {:>6} {:>8} {:>8} {:>8} {:>8} {:>7}\n", "game", "cards",
             "frames", "changes", "<=3 fr", "p95 fr", "removed", "false", "wrong", "wrong", "tracked", "tracked", "full",
             "full");
  fmt::print(out, "{:<10} {:>5} {:>6} {:>9} {:>7} {:>6} {:>7} {:>6} {:>6} {:>8} {:>8} {:>8} {:>8} {:>7}\n", "", "", "",
             "reached", "%", "", "left", "left", "seats", "quarters", "med ms", "p95 ms", "med ms", "x trk");
  for (const BenchTableGame& g : games) {
    const BoardReport& b = g.board;
    fmt::print(out, "{:<10} {:>5} {:>6} {:>9} {:>7.1f} {:>6} {:>7} {:>6} {:>6} {:>8} {:>8.2f} {:>8.2f} {:>8.2f} {:>7.2f}\n",
               fmt::format("{}x{}", g.options.width, g.options.height), g.options.cards, b.frames,
               fmt::format("{}/{}", b.reached, b.changes), 100.0 * b.reached_within_3(), frames_percentile(b.latency_frames, 0.95),
               fmt::format("{}/{}", b.removals_reached, b.removals), b.false_left, b.wrong_seats, b.wrong_quarters,
               g.tracked.median_ms, g.tracked.p95_ms, g.full.median_ms,
               g.tracked.median_ms > 0 ? g.full.median_ms / g.tracked.median_ms : 0.0);
    fmt::print(out, "  {} hand occlusions{}\n", b.occlusions, g.calibrated ? "" : "; the table was never calibrated");
    for (const std::string& p : b.problems) fmt::print(out, "  {}\n", p);
  }
}

}  // namespace seneschal::firmware
