// The frames of `seneschal bench vision`: generated hard frames, a recording, or the photo corpus.

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <random>
#include <sstream>

#include "seneschal/firmware/tools/bench_vision.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/tools/replay.hpp"
#include "seneschal/vision/frame_source.hpp"
#include "seneschal/vision/image_limits.hpp"

namespace seneschal::firmware {
namespace fs = std::filesystem;
namespace synth = vision::synth;

namespace {

// Made-up card names of the tag format's shape: the bench measures reading, not card data.
constexpr const char* kNames[] = {"HEKTOR", "ZAHIR", "MIRABEL", "ODO", "KASSIA", "THEODRIC", "URSA", "BRAN",
                                  "ISOLDE", "FENWICK", "AGATHA", "LORCAN"};

// One frame is its own one-frame scene, so tag count and layout change freely from frame to frame.
synth::Scene hard_scene(std::uint32_t seed, int index, const synth::Realism& realism) {
  std::mt19937 rng(seed * 7919u + static_cast<std::uint32_t>(index) * 104729u + 17u);
  auto uniform = [&](float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); };
  synth::Scene scene;
  scene.seed = rng();
  scene.frames = 1;
  scene.realism = realism;
  scene.surface = (rng() % 2) ? synth::Surface::Felt : synth::Surface::Wood;
  // 2-3 pixels per module at 1280 px for 480 mm: a 21-25 module code of 20-26 mm.
  scene.code_mm = uniform(20.0f, 26.0f);
  const int tags = 4 + static_cast<int>(rng() % 5);
  // A 4x2 grid of 120x135 mm cells; each card takes one cell, placed and turned from the seed.
  std::vector<int> cells{0, 1, 2, 3, 4, 5, 6, 7};
  std::shuffle(cells.begin(), cells.end(), rng);
  for (int i = 0; i < tags; ++i) {
    synth::SceneCard card;
    card.payload = fmt::format("S1:R9E:{}:{}", kNames[rng() % std::size(kNames)], 1 + rng() % 3);
    const int cell = cells[static_cast<std::size_t>(i)];
    card.x_mm = 60.0f + 120.0f * static_cast<float>(cell % 4) + uniform(-12.0f, 12.0f);
    card.y_mm = 67.5f + 135.0f * static_cast<float>(cell / 4) + uniform(-10.0f, 10.0f);
    const bool bowed = rng() % 3 == 0;
    card.angle_deg = (bowed ? 90.0f : 0.0f) + uniform(-15.0f, 15.0f) + ((rng() % 4 == 0) ? 180.0f : 0.0f);
    scene.cards.push_back(std::move(card));
  }
  return scene;
}

}  // namespace

Result<BenchFrameSet> generate_hard_frames(int frames, std::uint32_t seed) {
  auto realism = synth::realism_preset("hard");
  if (!realism) return fail(realism.error().message);
  BenchFrameSet set;
  set.description = fmt::format("{} generated hard 1280x720 frames, 4-8 tags each, seed {}", frames, seed);
  synth::RecordingTruth truth;
  truth.seed = seed;
  truth.width = 1280;
  truth.height = 720;
  truth.frame_interval_ms = 200;
  for (int i = 0; i < frames; ++i) {
    const synth::Scene scene = hard_scene(seed, i, *realism);
    auto jpeg = synth::encode_frame(scene, 0);
    if (!jpeg) return fail(fmt::format("bench frame {}: {}", i, jpeg.error().message));
    auto frame_truth = synth::frame_truth(scene, 0);
    if (!frame_truth) return fail(fmt::format("bench frame {}: {}", i, frame_truth.error().message));
    cv::Mat image = cv::imdecode(*jpeg, cv::IMREAD_COLOR);
    if (image.empty()) return fail(fmt::format("bench frame {}: the JPEG does not decode", i));
    frame_truth->frame = synth::frame_name(i);
    frame_truth->index = i;
    frame_truth->t_ms = i * truth.frame_interval_ms;
    set.names.push_back(frame_truth->frame);
    set.images.push_back(std::move(image));
    truth.frames.push_back(std::move(*frame_truth));
  }
  set.truth = std::move(truth);
  return set;
}

Result<BenchFrameSet> load_bench_frames(const std::string& input) {
  auto source = vision::open_recording(input);
  if (!source) return fail(source.error().message);
  BenchFrameSet set;
  while (true) {
    auto next = (*source)->next();
    if (!next) {
      log::warning("{}", next.error().message);
      continue;
    }
    if (!next->has_value()) break;
    set.names.push_back((*next)->name);
    set.images.push_back(std::move((*next)->image));
  }
  if (set.images.empty()) return fail(fmt::format("{}: no readable frames", input));
  const fs::path truth_path = fs::path(input) / "truth.json";
  std::error_code ec;
  if (fs::is_directory(input, ec) && fs::exists(truth_path, ec)) {
    auto truth = load_truth(truth_path.string());
    if (!truth) return fail(truth.error().message);
    set.truth = std::move(*truth);
  }
  set.description = fmt::format("{} frames of {}{}", set.images.size(), input, set.truth ? " with truth" : " (no truth: timing only)");
  return set;
}

Result<std::vector<CorpusImage>> load_corpus(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return fail(fmt::format("{}: corpus folder not found", dir));
  std::vector<fs::path> images;
  for (const auto& entry : fs::recursive_directory_iterator(dir, ec)) {
    const auto ext = entry.path().extension();
    if (ext == ".png" || ext == ".jpg") images.push_back(entry.path());
  }
  std::sort(images.begin(), images.end());
  std::vector<CorpusImage> corpus;
  for (const fs::path& path : images) {
    // As CorpusTest: NAME.txt, or for structured-append parts (01-02.png) the whole message in 01.txt.
    fs::path text_path = path;
    text_path.replace_extension(".txt");
    bool part = false;
    if (!fs::exists(text_path, ec)) {
      const std::string stem = path.stem().string();
      text_path = path.parent_path() / (stem.substr(0, stem.find('-')) + ".txt");
      part = true;
    }
    std::ifstream in(text_path, std::ios::binary);
    if (!in) continue;
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().empty()) continue;
    CorpusImage image;
    image.name = fs::relative(path, dir, ec).string();
    // Held to the image limits like every frame file: a FIFO or a PNG bomb in the folder is named.
    auto loaded = vision::load_image(path.string(), cv::IMREAD_GRAYSCALE);
    if (!loaded) return fail(loaded.error().message);
    image.image = std::move(*loaded);
    image.expected = text.str();
    image.part = part;
    corpus.push_back(std::move(image));
  }
  if (corpus.empty()) return fail(fmt::format("{}: no images with an expected text", dir));
  return corpus;
}

}  // namespace seneschal::firmware
