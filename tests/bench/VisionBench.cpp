// One Scanner configuration per benchmark on the generated hard frames of `seneschal bench vision`
// (seed 1), decoded once up front, so only the scan is timed.

#include <benchmark/benchmark.h>

#include "seneschal/firmware/tools/bench_vision.hpp"
#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/tag_crop.hpp"

namespace {

using seneschal::vision::Decoder;
using seneschal::vision::ScannerOptions;

const seneschal::firmware::BenchFrameSet& frames() {
  static const seneschal::firmware::BenchFrameSet set = [] {
    auto made = seneschal::firmware::generate_hard_frames(8, 1);
    return made ? std::move(*made) : seneschal::firmware::BenchFrameSet{};
  }();
  return set;
}

void scan_frames(benchmark::State& state, ScannerOptions options) {
  const auto& set = frames();
  if (set.images.empty()) {
    state.SkipWithError("could not generate the frames");
    return;
  }
  seneschal::vision::Scanner scanner(std::move(options));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(scanner.scan(set.images[i]));
    i = (i + 1) % set.images.size();
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_ScanOurs(benchmark::State& state) { scan_frames(state, ScannerOptions{}); }
void BM_ScanZbarQr(benchmark::State& state) { scan_frames(state, ScannerOptions{Decoder::Zbar, {}}); }
void BM_ScanZxing(benchmark::State& state) { scan_frames(state, ScannerOptions{Decoder::Zxing, {}}); }
void BM_ScanBothNoFallbacks(benchmark::State& state) { scan_frames(state, ScannerOptions{Decoder::Both, {}}); }

// What the frame pipeline adds to each frame for the disagreement pictures: a crop of every tag
// seen (TagCrop), beside BM_ScanOurs, the scan of the same frames.
void BM_CropEveryTag(benchmark::State& state) {
  const auto& set = frames();
  if (set.images.empty()) {
    state.SkipWithError("could not generate the frames");
    return;
  }
  seneschal::vision::Scanner scanner;
  std::vector<std::vector<seneschal::vision::Sighting>> seen;
  for (const cv::Mat& image : set.images) seen.push_back(scanner.scan(image));
  std::size_t i = 0;
  std::size_t tags = 0;
  for (auto _ : state) {
    for (const auto& sighting : seen[i]) benchmark::DoNotOptimize(seneschal::vision::crop_around_tag(set.images[i], sighting));
    tags += seen[i].size();
    i = (i + 1) % set.images.size();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["tags_per_frame"] = static_cast<double>(tags) / static_cast<double>(state.iterations());
}

BENCHMARK(BM_ScanOurs)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScanZbarQr)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScanZxing)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScanBothNoFallbacks)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CropEveryTag)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
