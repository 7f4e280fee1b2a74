// Small codes read from several frames: a whole 900 mm table seen at 1280x720 gives a version-2
// code of 32 mm about 1.8 pixels a module, where single frames drop reads. The tracker stacks the
// regions no frame read and reads their mean; it must read at least what single frames read, and
// (measured here, printed for the closing note) more.

#include <gtest/gtest.h>

#include <cstdio>
#include <opencv2/imgcodecs.hpp>
#include <set>

#include "seneschal/vision/synth.hpp"
#include "seneschal/vision/tracker.hpp"

namespace seneschal::vision {
namespace {

using synth::Scene;
using synth::SceneCard;

// Long ids: "S1:R9E:<id>:<copy>" over 20 characters makes a version-2 code (25 modules).
constexpr const char* kLongIds[] = {"HAMMERDOOMS-ROOST", "ARCANE_FIRE", "SEAT-OF-THE-FALLEN", "THE-BLACK-CITADEL",
                                    "NYGHTMARE-KEEP", "LYNNVANDER-HOLD", "QUEZCAAT-SPIRES"};

Scene whole_table(std::uint32_t seed, int frames) {
  Scene scene;
  scene.seed = seed;
  scene.frames = frames;
  scene.width = 1280;
  scene.height = 720;
  scene.table_w_mm = 900;
  scene.table_h_mm = 506;
  scene.code_mm = 32;
  scene.realism.hand_rate = 0;
  scene.realism.foreign_rate = 0;
  scene.realism.blur_px = 0.7f;
  scene.realism.noise = 5;
  scene.realism.jpeg_quality = 80;
  int n = 0;
  for (int row = 0; row < 4; ++row) {
    for (int col = 0; col < 7; ++col, ++n) {
      SceneCard c;
      c.payload = std::string("S1:R9E:") + kLongIds[n % 7] + ":" + std::to_string(n / 7 + 1);
      c.x_mm = 100.0f + 115.0f * col;
      c.y_mm = 80.0f + 115.0f * row;
      c.angle_deg = float((n * 37) % 360);
      scene.cards.push_back(c);
    }
  }
  return scene;
}

// Distinct payloads read over the frames, and per frame on average.
struct Reads {
  std::set<std::string> ever;
  double per_frame = 0;
  std::int64_t stack_reads = 0;
};

Reads run(const Scene& scene, Stacking stacking) {
  TrackerOptions options;
  options.stacking = stacking;
  TrackingScanner tracker(options);
  Reads out;
  int total = 0;
  for (int i = 0; i < scene.frames; ++i) {
    const auto jpeg = synth::encode_frame(scene, i);
    EXPECT_TRUE(jpeg.has_value());
    if (!jpeg) return out;
    for (const Sighting& s : tracker.scan(cv::imdecode(*jpeg, cv::IMREAD_COLOR), i * 200)) {
      out.ever.insert(s.payload);
      ++total;
    }
  }
  out.per_frame = double(total) / scene.frames;
  out.stack_reads = tracker.stats().stack_reads;
  return out;
}

TEST(SteadyStackTest, AWholeTableAt720pReadsAtLeastAsManyCodesStackedAsFrameByFrame) {
  const Scene scene = whole_table(21, 10);
  const Reads single = run(scene, Stacking::Off);
  const Reads stacked = run(scene, Stacking::On);
  std::printf("whole table at 720p, %zu cards: frame by frame %zu read (%.1f a frame), stacked %zu (%.1f a frame, %lld "
              "stack reads)\n",
              scene.cards.size(), single.ever.size(), single.per_frame, stacked.ever.size(), stacked.per_frame,
              static_cast<long long>(stacked.stack_reads));
  EXPECT_GE(stacked.ever.size(), single.ever.size());
  EXPECT_GT(stacked.per_frame, single.per_frame) << "codes one frame misses are read from several";
}

}  // namespace
}  // namespace seneschal::vision
