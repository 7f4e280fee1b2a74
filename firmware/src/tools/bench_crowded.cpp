// The crowded-table cases of `seneschal bench vision` (bench_vision.hpp).

#include "seneschal/firmware/tools/bench_vision.hpp"

#include <fmt/core.h>

#include <chrono>
#include <opencv2/imgcodecs.hpp>

#include "seneschal/firmware/tools/zxing_wasm_peer.hpp"
#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/tracker.hpp"

namespace seneschal::firmware {
namespace {

namespace synth = vision::synth;

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

Result<CrowdedFigures> bench_case(const CrowdedCase& table, int frames, std::uint32_t seed, ZxingWasmPeer* peer) {
  synth::CrowdedTableOptions options;
  options.seed = seed;
  options.width = table.width;
  options.height = table.height;
  options.cards = table.cards;
  options.frames = frames;
  auto scene = synth::make_crowded_table(options);
  if (!scene) return fail(scene.error().message);
  synth::RecordingTruth truth{scene->seed, scene->width, scene->height, scene->frame_interval_ms, {}};
  std::vector<cv::Mat> images;
  for (int i = 0; i < frames; ++i) {
    auto frame = synth::frame_truth(*scene, i);
    if (!frame) return fail(frame.error().message);
    truth.frames.push_back(std::move(frame).value());
    // The frame as the camera's JPEG gives it, decoded once before any timing.
    auto jpeg = synth::encode_frame(*scene, i);
    if (!jpeg) return fail(jpeg.error().message);
    images.push_back(cv::imdecode(*jpeg, cv::IMREAD_COLOR));
  }
  CrowdedFigures figures;
  figures.table = table;
  figures.frames = frames;
  figures.code_px = synth::crowded_table_px_per_mm(*scene) * scene->code_mm;

  // A scanner that has read one frame of this size before: its buffers are made and OpenCV's
  // threads started, as in a daemon that has run a while.
  vision::Scanner full;
  (void)full.scan(images.front());
  TruthEvaluator full_eval(truth), tracked_eval(truth), peer_eval(truth);
  std::vector<double> full_ms, tracked_ms, peer_ms;
  vision::TrackingScanner tracker;
  for (int i = 0; i < frames; ++i) {
    const std::string& name = truth.frames[static_cast<std::size_t>(i)].frame;
    auto t0 = std::chrono::steady_clock::now();
    full_eval.add(name, full.scan(images[static_cast<std::size_t>(i)]));
    full_ms.push_back(ms_since(t0));
    t0 = std::chrono::steady_clock::now();
    tracked_eval.add(name, tracker.scan(images[static_cast<std::size_t>(i)], i * scene->frame_interval_ms));
    tracked_ms.push_back(ms_since(t0));
    if (peer) {
      auto read = peer->read(images[static_cast<std::size_t>(i)]);
      if (!read) return fail("zxing-wasm: " + read.error().message);
      peer_eval.add(name, read->sightings);
      peer_ms.push_back(read->ms);
    }
  }
  figures.full = {full_eval.finish(), summarize(full_ms)};
  figures.tracked = {tracked_eval.finish(), summarize(tracked_ms)};
  if (peer) figures.peer = CrowdedReader{peer_eval.finish(), summarize(peer_ms)};
  return figures;
}

}  // namespace

std::vector<CrowdedCase> crowded_cases() {
  std::vector<CrowdedCase> cases;
  for (const auto& [w, h] : {std::pair{1280, 720}, std::pair{1920, 1080}, std::pair{4056, 3040}}) {
    for (int cards : {40, 60, 100}) cases.push_back({w, h, cards});
  }
  return cases;
}

Result<std::vector<CrowdedFigures>> bench_crowded(const std::vector<CrowdedCase>& cases, int frames, std::uint32_t seed,
                                                  ZxingWasmPeer* peer) {
  if (frames < 1) return fail("bench vision: --crowded-frames must be at least 1");
  std::vector<CrowdedFigures> out;
  for (const CrowdedCase& c : cases) {
    auto figures = bench_case(c, frames, seed, peer);
    if (!figures) return fail(fmt::format("crowded table {}x{}, {} cards: {}", c.width, c.height, c.cards, figures.error().message));
    out.push_back(std::move(figures).value());
  }
  return out;
}

void print_bench_crowded(const std::vector<CrowdedFigures>& figures, std::FILE* out) {
  if (figures.empty()) return;
  const bool peer = figures.front().peer.has_value();
  fmt::print(out, "crowded tables: {} frames each (one card bowed or straightened every 5th), recall / misreads / median ms / p95 ms\n",
             figures.front().frames);
  fmt::print(out, "{:<10} {:>5} {:>5}  {:<30} {:<30}{}\n", "frame", "cards", "code", "ours, full scan", "ours, tracked",
             peer ? "  zxing-cpp (wasm)                x peer/ours full" : "");
  auto cell = [](const CrowdedReader& r) {
    return fmt::format("{:.3f} {:>3} {:>8.1f} {:>8.1f}", r.truth.recall(), r.truth.misreads, r.timing.median_ms, r.timing.p95_ms);
  };
  for (const CrowdedFigures& f : figures) {
    std::string line = fmt::format("{:<10} {:>5} {:>3}px  {:<30} {:<30}", fmt::format("{}x{}", f.table.width, f.table.height),
                                   f.table.cards, static_cast<int>(f.code_px + 0.5), cell(f.full), cell(f.tracked));
    if (f.peer) {
      line += "  " + fmt::format("{:<30}", cell(*f.peer));
      line += fmt::format(" {:>8.2f}", f.full.timing.median_ms > 0 ? f.peer->timing.median_ms / f.full.timing.median_ms : 0.0);
    }
    fmt::print(out, "{}\n", line);
  }
}

}  // namespace seneschal::firmware
