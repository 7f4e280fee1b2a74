// A card pushed along under a hand, its code covered or blurred for several frames, is in
// passage: the whole camera chain (TableWatcher) on rendered frames holds it on the table until it
// is read where it comes to rest, instead of calling it gone when its old place shows bare and
// laying it again a moment later (a false "left" and card-frames missing from the table).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "GeneratedFrames.hpp"
#include "seneschal/vision/synth.hpp"
#include "seneschal/vision/table_watcher.hpp"

namespace seneschal::vision {
namespace {

using synth::CardHand;
using synth::CardMove;
using synth::Grip;
using synth::Scene;
using synth::SceneCard;

constexpr const char* kPushed = "S1:R9E:HEKTOR:1";

SceneCard lying(std::string payload, float x_mm, float y_mm) {
  SceneCard c;
  c.payload = std::move(payload);
  c.x_mm = x_mm;
  c.y_mm = y_mm;
  return c;
}

// HEKTOR lies still, then a hand pushes it `across_mm` to the right in three frames, the palm on
// its code (hidden, blurred as it goes), and rests on it there for one more before it lets go:
// its old place shows the bare table, with nothing moving round it, from the third frame on.
Scene pushed_scene(float across_mm, Grip grip) {
  Scene scene;
  scene.seed = 11;
  scene.frames = 13;
  scene.realism.hand_rate = 0;
  scene.realism.foreign_rate = 0;
  scene.realism.motion_blur = 0.3f;
  SceneCard pushed = lying(kPushed, 60, 150);
  for (int k = 1; k <= 3; ++k) {
    const double p = (1 - std::cos(CV_PI * k / 3)) / 2;
    pushed.moves.push_back(CardMove{5 + k, float(60 + across_mm * p), 150, 0});
  }
  for (int f = 6; f <= 9; ++f) pushed.hands.push_back(CardHand{f, 0, grip});
  scene.cards = {pushed, lying("S1:R9E:ZAHIR:1", 420, 70)};
  return scene;
}

struct Outcome {
  int lefts = 0;        // HEKTOR called gone
  bool held_throughout = true;
  bool read_at_rest = false;
  Point rests_at;       // its pose at the end
};

Outcome watch(const Scene& scene) {
  TableWatcher watcher;
  Outcome out;
  for (int i = 0; i < scene.frames; ++i) {
    const WatchedFrame seen = watcher.watch(scenes::frame_of(scene, i), i * scene.frame_interval_ms);
    for (const TagEvent& e : seen.events) out.lefts += e.kind == TagEvent::Kind::Left && e.payload == kPushed;
    if (i >= 2) out.held_throughout = out.held_throughout && watcher.stabilizer().pose(kPushed).has_value();
    if (i == scene.frames - 1) {
      out.read_at_rest = std::any_of(seen.sightings.begin(), seen.sightings.end(),
                                     [](const Sighting& s) { return s.payload == kPushed; });
      if (const auto pose = watcher.stabilizer().pose(kPushed)) out.rests_at = pose->centre;
    }
  }
  return out;
}

TEST(CardInPassageTest, ACardPushedUnderAPalmIsHeldUntilItIsReadWhereItRests) {
  const Scene scene = pushed_scene(330, Grip::Code);
  const Outcome seen = watch(scene);
  EXPECT_EQ(seen.lefts, 0) << "a card on its way is not gone";
  EXPECT_TRUE(seen.held_throughout);
  ASSERT_TRUE(seen.read_at_rest);
  // Where it rests: 330 mm to the right of where it lay, at 2.67 px a mm.
  const Point was = {float(60 * scene.width / scene.table_w_mm), 0};
  EXPECT_GT(seen.rests_at.x - was.x, 250 * scene.width / scene.table_w_mm);
}

}  // namespace
}  // namespace seneschal::vision
