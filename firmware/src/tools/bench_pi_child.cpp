// The child of `seneschal bench pi` (bench_pi.hpp), run under callgrind: every stage of every
// frame ends with a dump named "pi|<case>|<kind>|<stage>", which the parent adds up.

#include <fmt/core.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <SFML/Graphics/RenderTexture.hpp>

#include "seneschal/display/board_renderer.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/output/private_x_server.hpp"
#include "seneschal/firmware/tools/bench_pi.hpp"
#include "seneschal/firmware/tools/board_run.hpp"
#include "seneschal/firmware/tools/truth_eval.hpp"
#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/synth.hpp"
#include "seneschal/vision/table_watcher.hpp"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define SENESCHAL_CALLGRIND 1
#endif

namespace seneschal::firmware {
namespace {

namespace synth = vision::synth;

// Under qemu-user the counting is a plugin's (firmware/src/tools/qemu_insn_count.c), told of each
// zero, dump and start/stop by a write(2) that cannot succeed: fd -1, no buffer, the plugin's magic
// and the operation in the length. The dumps' names go to marks.names, a line a dump number.
constexpr std::uint64_t kMarkMagic = 0x5E4E5C4Aull;
enum MarkOp : std::uint64_t { kMarkZero = 1, kMarkDump = 2, kMarkStop = 3, kMarkStart = 4 };
bool marks_on = false;
std::vector<std::string> mark_names;

void mark(MarkOp op, std::uint64_t number = 0) {
  if (!marks_on) return;
  const std::uint64_t length = (kMarkMagic << 32) | (std::uint64_t(op) << 24) | (number & 0xffffff);
  (void)::syscall(SYS_write, -1L, nullptr, length);
}

// Each does callgrind's part where valgrind's headers were there to build with (the callgrind
// run), and marks it for the plugin when asked (the qemu run).
void zero() {
#ifdef SENESCHAL_CALLGRIND
  CALLGRIND_ZERO_STATS;
#endif
  mark(kMarkZero);
}
void dump(int index, const std::string& kind, const std::string& stage) {
  const std::string name = fmt::format("pi|{}|{}|{}", index, kind, stage);
#ifdef SENESCHAL_CALLGRIND
  CALLGRIND_DUMP_STATS_AT(name.c_str());
#endif
  if (marks_on) {
    mark(kMarkDump, mark_names.size());
    mark_names.push_back(name);
  }
}
// Rendering a scene is the bench's work, not the Pi's: it runs uninstrumented (fast).
void instrument(bool on) {
#ifdef SENESCHAL_CALLGRIND
  if (on) {
    CALLGRIND_START_INSTRUMENTATION;
  } else {
    CALLGRIND_STOP_INSTRUMENTATION;
  }
#endif
  mark(on ? kMarkStart : kMarkStop);
}

// A frame whose cards lie as in the frame before (no code turned or moved by a pixel).
bool same_table(const synth::TruthFrame& a, const synth::TruthFrame& b) {
  if (a.tags.size() != b.tags.size()) return false;
  for (std::size_t i = 0; i < a.tags.size(); ++i) {
    if (a.tags[i].payload != b.tags[i].payload) return false;
    for (int c = 0; c < 4; ++c) {
      if (std::hypot(a.tags[i].corners[c].x - b.tags[i].corners[c].x, a.tags[i].corners[c].y - b.tags[i].corners[c].y) > 1)
        return false;
    }
  }
  return true;
}

struct Rendered {
  synth::RecordingTruth truth;
  std::vector<std::vector<unsigned char>> jpegs;
  std::vector<cv::Mat> images;  // as the reader gets them: decoded (BGR), or as a camera's I420
  vision::PixelFormat format = vision::PixelFormat::Bgr;
};

// The frames a camera delivers are its own YUV; the bench's are rendered, so they are converted
// before the count starts.
Result<Rendered> render(const synth::Scene& scene, const std::string& format) {
  Rendered out;
  out.truth = {scene.seed, scene.width, scene.height, scene.frame_interval_ms, {}};
  for (int i = 0; i < scene.frames; ++i) {
    auto truth = synth::frame_truth(scene, i);
    if (!truth) return fail(truth.error().message);
    out.truth.frames.push_back(std::move(truth).value());
    auto jpeg = synth::encode_frame(scene, i);
    if (!jpeg) return fail(jpeg.error().message);
    out.images.push_back(cv::imdecode(*jpeg, cv::IMREAD_COLOR));
    if (format == "I420") cv::cvtColor(out.images.back(), out.images.back(), cv::COLOR_BGR2YUV_I420);
    out.jpegs.push_back(std::move(jpeg).value());
  }
  out.format = format == "I420" ? vision::PixelFormat::I420 : vision::PixelFormat::Bgr;
  return out;
}

// A crowded table: its frames through the table watcher, a full scan of three of them alone, and
// one JPEG decode. Returns the case's reads line.
Result<std::string> crowded_case(const BenchPiOptions& o, int index, int width, int height) {
  instrument(false);
  synth::CrowdedTableOptions table;
  table.seed = o.seed + static_cast<std::uint32_t>(index);
  table.width = width;
  table.height = height;
  table.cards = o.cards;
  table.frames = o.frames;
  table.change_every = 4;
  auto scene = synth::make_crowded_table(table);
  if (!scene) return fail(scene.error().message);
  auto frames = render(*scene, o.format);
  if (!frames) return fail(frames.error().message);
  const auto grey = [&](std::size_t i) { return vision::grey_of(frames->images[i], frames->format); };
  // OpenCV's buffers and threads made, as in a daemon that has run a while.
  vision::Scanner full;
  (void)full.scan(grey(0));
  instrument(true);

  zero();
  (void)cv::imdecode(frames->jpegs.front(), cv::IMREAD_COLOR);
  dump(index, "jpeg", "decode");

  std::string kind;
  vision::TrackerOptions tracker;
  tracker.stage_done = [&](vision::FrameStage stage) { dump(index, kind, vision::to_string(stage)); };
  vision::TableWatcher watcher(tracker);
  TruthEvaluator reads(frames->truth);
  for (std::size_t i = 0; i < frames->images.size(); ++i) {
    kind = i == 0 ? "first" : same_table(frames->truth.frames[i], frames->truth.frames[i - 1]) ? "steady" : "change";
    zero();
    const auto watched =
        watcher.watch(frames->images[i], frames->format, static_cast<std::int64_t>(i) * scene->frame_interval_ms);
    reads.add(frames->truth.frames[i].frame, watched.sightings);
  }
  for (std::size_t i = 0; i < 3 && i < frames->images.size(); ++i) {
    zero();
    (void)full.scan(grey(i));
    dump(index, "full scan", "scan");
  }
  const TruthReport report = reads.finish();
  return fmt::format("{}\t{}x{}, {} cards, {}\t{}\t{}\t{}", index, width, height, o.cards, o.format, report.visible,
                     report.found, report.misreads);
}

// Drawing a frame of the screen: the board as the game stands, at 800x480 (the official display),
// into an offscreen target, five times. Counted apart: drawing (the layout, text, SFML's vertex
// arrays and the GL calls: the CPU's work on a Pi too) and rasterizing (with the picture read back),
// which here is Mesa's llvmpipe on the CPU, kept in this thread (LP_NUM_THREADS=0), and on a Pi the
// GPU's.
Result<void> screen_case(const BenchPiOptions& o, int index, const BoardRun& run, std::int64_t now_ms) {
  instrument(false);
  auto renderer = display::BoardRenderer::create(o.assets_dir);
  if (!renderer) return fail(renderer.error().message);
  const engine::ViewModel view = engine::make_view_model(run.session(), std::nullopt, now_ms);
  const display::ScreenSize size{800, 480};
  sf::RenderTexture target;
  if (!target.create(size.width, size.height)) return fail("bench pi: no OpenGL context to draw the screen in");
  // The glyphs drawn once before the count, as on a screen that has been up a while.
  renderer->draw(target, view, size);
  target.display();
  instrument(true);
  for (int i = 0; i < 5; ++i) {
    zero();
    renderer->draw(target, view, size);
    dump(index, "screen", "draw");
    // Reading the picture back makes llvmpipe finish rasterizing it here, not in the next
    // frame's drawing (a flush alone left it pending).
    target.display();
    (void)target.getTexture().copyToImage();
    dump(index, "screen", "raster");
  }
  return {};
}

// A hard table game (hands, slides, glare) through the daemon's table side with its driver into an
// engine: the average frame of play. The last game's board is drawn after it (screen_case).
Result<std::string> game_case(const BenchPiOptions& o, int index, int width, int height, bool draw) {
  instrument(false);
  synth::TableGameOptions game = synth::TableGameOptions::hard();
  game.seed = o.seed;
  game.seats = 3;
  game.cards = 20;
  game.frames = o.game_frames;
  game.width = width;
  game.height = height;
  auto scene = synth::make_table_game(game);
  if (!scene) return fail(scene.error().message);
  auto frames = render(*scene, o.format);
  if (!frames) return fail(frames.error().message);
  auto layout = layout_of(*scene);
  if (!layout) return fail(layout.error().message);
  auto cards = load_card_library(o.assets_dir);
  if (!cards) return fail(cards.error().message);
  vision::TrackerOptions tracker;
  tracker.stage_done = [&](vision::FrameStage stage) { dump(index, "game", vision::to_string(stage)); };
  auto run = BoardRun::open(*cards, "r9e", static_cast<int>(scene->seats.size()), *layout,
                            o.work_dir + "/game.sqlite", {}, tracker);
  if (!run) return fail(run.error().message);
  instrument(true);
  for (std::size_t i = 0; i < frames->images.size(); ++i) {
    zero();
    const std::int64_t t_ms = static_cast<std::int64_t>(i) * scene->frame_interval_ms;
    (*run)->frame(vision::Frame{frames->images[i], frames->truth.frames[i].frame, t_ms, frames->format});
    dump(index, "game", "driver");
  }
  if (draw) {
    const std::int64_t now_ms = static_cast<std::int64_t>(frames->images.size()) * scene->frame_interval_ms;
    if (auto drawn = screen_case(o, index, **run, now_ms); !drawn) return fail(drawn.error().message);
  }
  return fmt::format("{}\t{}x{} hard game, 3 seats, {}\t-\t-\t-", index, width, height, o.format);
}

}  // namespace

Result<void> run_bench_pi_child(const BenchPiOptions& options) {
#ifndef SENESCHAL_CALLGRIND
  if (!options.marks) return fail("bench pi: built without valgrind's headers (Debian's valgrind package)");
#endif
  std::ofstream reads(options.work_dir + "/reads.txt");
  if (!reads) return fail("bench pi: cannot write " + options.work_dir + "/reads.txt");
  marks_on = options.marks;
  // OpenCV's worker threads would add to the plugin's one counter at once (its adds are not
  // atomic); the comparison between builds runs both on one thread.
  if (options.one_thread) cv::setNumThreads(1);
  int index = 0;
  for (const auto& [width, height] : options.sizes) {
    auto line = crowded_case(options, index++, width, height);
    if (!line) return fail(line.error().message);
    reads << *line << '\n';
  }
  std::optional<PrivateXServer> x_server;
  if (options.screen && options.game_frames > 0) {
    // llvmpipe rasterizes in the drawing thread, at display(): counted apart from the drawing.
    ::setenv("LP_NUM_THREADS", "0", 1);
    if (auto x = start_unless_display(x_server, 800, 480); !x) return fail("bench pi: the screen: " + x.error().message);
  }
  // A game at each size the generator plays (1280x720, 1920x1080); at 1280x720 when none is.
  std::vector<std::pair<int, int>> game_sizes;
  for (const auto& size : options.sizes) {
    if (size == std::pair{1280, 720} || size == std::pair{1920, 1080}) game_sizes.push_back(size);
  }
  if (game_sizes.empty()) game_sizes.push_back({1280, 720});
  for (std::size_t g = 0; g < game_sizes.size(); ++g) {
    if (options.game_frames <= 0) break;
    const auto [width, height] = game_sizes[g];
    auto line = game_case(options, index++, width, height, options.screen && g + 1 == game_sizes.size());
    if (!line) return fail(line.error().message);
    reads << *line << '\n';
  }
  instrument(false);
  if (marks_on) {
    std::ofstream names(options.work_dir + "/marks.names");
    for (const std::string& name : mark_names) names << name << '\n';
    if (!names) return fail("bench pi: cannot write " + options.work_dir + "/marks.names");
  }
  return {};
}

}  // namespace seneschal::firmware
