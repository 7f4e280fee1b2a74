// The tracking scanner against the truth of generated sessions, with the real decoders. Frames go
// through JPEG like a recording's. Hands and flyers are off: these scenes are about cards lying
// still, arriving and moving, and a hand would make "what must be read" depend on ZBar's luck.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "seneschal/vision/scanner.hpp"
#include "GeneratedFrames.hpp"
#include "seneschal/vision/synth.hpp"
#include "seneschal/vision/tracker.hpp"

namespace seneschal::vision {
namespace {

using synth::Scene;
using synth::SceneCard;
using scenes::frame_of;

SceneCard card(std::string payload, float x_mm, float y_mm, float angle_deg = 0, int first_frame = 0) {
  SceneCard c;
  c.payload = std::move(payload);
  c.x_mm = x_mm;
  c.y_mm = y_mm;
  c.angle_deg = angle_deg;
  c.first_frame = first_frame;
  return c;
}

Scene steady_scene(int frames) {
  Scene scene;
  scene.seed = 11;
  scene.frames = frames;
  scene.realism.hand_rate = 0;
  scene.realism.foreign_rate = 0;
  scene.cards = {
      card("S1:R9E:HEKTOR:1", 65, 70),
      card("S1:R9E:HAMMERDOOMS-ROOST:1", 185, 72, 90),
      card("S1:R9E:ARCANE_FIRE:2", 315, 78, 200),
      card("S1:CTL:PASS", 420, 195, 180),
      card("S1:CUT:DUKE:1", 185, 200, 270),
  };
  return scene;
}

std::vector<std::string> payloads(const std::vector<Sighting>& sightings) {
  std::vector<std::string> out;
  for (const Sighting& s : sightings) out.push_back(s.payload);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> truth_payloads(const Scene& scene, int index) {
  const auto truth = synth::frame_truth(scene, index);
  if (!truth) {
    ADD_FAILURE() << truth.error().message;
    return {};
  }
  return truth->payloads_visible;
}

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

const Sighting* find(const std::vector<Sighting>& sightings, const std::string& payload) {
  const auto it = std::find_if(sightings.begin(), sightings.end(), [&](const Sighting& s) { return s.payload == payload; });
  return it == sightings.end() ? nullptr : &*it;
}

// The first frame from `from` in which the tracker reads `payload`, or -1.
int first_read(TrackingScanner& tracker, const Scene& scene, const std::string& payload, int from) {
  for (int i = 0; i < scene.frames; ++i) {
    const auto seen = tracker.scan(frame_of(scene, i), i * scene.frame_interval_ms);
    if (i >= from && find(seen, payload)) return i;
  }
  return -1;
}

TEST(TrackerTest, SteadyTableReadsWhatTheTruthSaysWithAFullScanEveryNFrames) {
  const Scene scene = steady_scene(30);
  TrackerOptions options;
  options.full_scan_every = 10;
  TrackingScanner tracker(options);
  for (int i = 0; i < scene.frames; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(payloads(tracker.scan(frame_of(scene, i), i * 200)), truth_payloads(scene, i));
  }
  EXPECT_EQ(tracker.stats().frames, 30);
  EXPECT_LE(tracker.stats().full_scans, 30 / options.full_scan_every + 1);
  // Every track of every frame but the full scans' is confirmed by its patch or re-read.
  EXPECT_GE(tracker.stats().confirmed + tracker.stats().roi_scans, 20 * 5);
}

// A card that lies still shows the pixels it showed when it was read: it is confirmed by its
// patch, with no decode, frame after frame, and where nothing changed nothing is scanned.
TEST(TrackerTest, SteadyTableIsConfirmedByItsPatchesWithoutADecode) {
  const Scene scene = steady_scene(12);
  TrackingScanner tracker;
  for (int i = 0; i < scene.frames; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(payloads(tracker.scan(frame_of(scene, i), i * 200)), truth_payloads(scene, i));
  }
  EXPECT_EQ(tracker.stats().full_scans, 1);
  EXPECT_EQ(tracker.stats().confirmed, 11 * 5);
  EXPECT_EQ(tracker.stats().roi_scans, 0);
  EXPECT_EQ(tracker.stats().change_scans, 0);
  EXPECT_EQ(tracker.stats().part_scans, 0);
}

// Nothing is scanned while nothing changes: not on a steady table, a scan of the part where a
// card arrives, and nothing again once it lies still and is read.
TEST(TrackerTest, OnlyAFrameThatChangedIsScanned) {
  Scene scene = steady_scene(18);
  scene.cards.push_back(card("S1:R9E:GUARDIAN:3", 65, 195, -25, 13));
  TrackerOptions options;
  options.full_scan_every = 0;  // no timer: only the change measure scans
  TrackingScanner tracker(options);
  std::vector<bool> scanned;
  for (int i = 0; i < scene.frames; ++i) {
    const auto before = tracker.stats().full_scans + tracker.stats().part_scans;
    tracker.scan(frame_of(scene, i), i * 200);
    scanned.push_back(tracker.stats().full_scans + tracker.stats().part_scans != before);
  }
  EXPECT_TRUE(scanned[0]);
  for (int i = 1; i < 13; ++i) EXPECT_FALSE(scanned[static_cast<std::size_t>(i)]) << i;
  EXPECT_TRUE(scanned[13]) << "the card that arrives is scanned where the picture changed";
  EXPECT_FALSE(scanned[17]);
  EXPECT_EQ(tracker.stats().full_scans, 1);
}

// A code the patch cannot vouch for is decoded: a finger over half of it (painted on the frame)
// leaves it unread that frame rather than confirmed where it was.
TEST(TrackerTest, ACoveredCodeIsNotConfirmedByItsOldPatch) {
  const Scene scene = steady_scene(4);
  TrackingScanner tracker;
  std::vector<Sighting> seen;
  for (int i = 0; i < 3; ++i) seen = tracker.scan(frame_of(scene, i), i * 200);
  const Sighting* hektor = find(seen, "S1:R9E:HEKTOR:1");
  ASSERT_NE(hektor, nullptr);
  float x0 = 1e9f, y0 = 1e9f, x1 = 0, y1 = 0;
  for (const Point& p : hektor->corners) {
    x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
  }
  cv::Mat covered = frame_of(scene, 3).clone();
  cv::rectangle(covered, cv::Point(int(x0) - 4, int(y0) - 4), cv::Point(int((x0 + x1) / 2), int(y1) + 4),
                cv::Scalar(120, 140, 190), cv::FILLED);
  const auto confirmed_before = tracker.stats().confirmed;
  seen = tracker.scan(covered, 600);
  EXPECT_EQ(find(seen, "S1:R9E:HEKTOR:1"), nullptr);
  EXPECT_EQ(tracker.stats().confirmed - confirmed_before, 4);  // the other four cards
}

// Frames read without a full scan (codes confirmed by their patch, or re-read in their region)
// put each code where a full scan of the same frame puts it, within the decoders' own spread
// from one frame to the next (a pixel or two each way).
TEST(TrackerTest, CornersOfTrackedCodesMatchFullScanCorners) {
  for (const double steady_share : {0.0, TrackerOptions{}.steady_share}) {
    SCOPED_TRACE(steady_share);
    const Scene scene = steady_scene(6);
    TrackerOptions options;
    options.steady_share = steady_share;  // 0: every track re-read in its region
    TrackingScanner tracker(options);
    Scanner scanner;
    int compared = 0;
    for (int i = 0; i < scene.frames; ++i) {
      const cv::Mat frame = frame_of(scene, i);
      const auto full_before = tracker.stats().full_scans;
      const auto tracked = tracker.scan(frame, i * 200);
      if (tracker.stats().full_scans != full_before) continue;  // only frames read without a full scan
      const auto reference = scanner.scan(frame, i * 200);
      for (const Sighting& s : tracked) {
        const Sighting* r = find(reference, s.payload);
        ASSERT_NE(r, nullptr) << s.payload;
        for (int c = 0; c < 4; ++c)
          EXPECT_LT(distance(s.corners[c], r->corners[c]), 3.0) << s.payload << " corner " << c;
        EXPECT_NEAR(s.angle_deg, r->angle_deg, 2.0) << s.payload;
        ++compared;
      }
    }
    EXPECT_GE(compared, 5 * 4);
  }
}

TEST(TrackerTest, CardThatArrivesIsFoundWithinNFramesWithoutChangeDetection) {
  Scene scene = steady_scene(30);
  scene.cards.push_back(card("S1:R9E:GUARDIAN:3", 65, 195, -25, 13));
  TrackerOptions options;
  options.full_scan_every = 10;
  options.change = ChangeDetection::Off;
  TrackingScanner tracker(options);
  const int found = first_read(tracker, scene, "S1:R9E:GUARDIAN:3", 0);
  ASSERT_GE(found, 13);
  EXPECT_LT(found - 13, options.full_scan_every);
}

TEST(TrackerTest, CardThatArrivesIsFoundWithinAFrameThroughTheChangeMeasure) {
  Scene scene = steady_scene(20);
  scene.cards.push_back(card("S1:R9E:GUARDIAN:3", 65, 195, -25, 13));
  TrackerOptions options;
  options.full_scan_every = 10;
  TrackingScanner tracker(options);
  const int found = first_read(tracker, scene, "S1:R9E:GUARDIAN:3", 0);
  ASSERT_GE(found, 13);
  EXPECT_LE(found - 13, 1);
  EXPECT_GE(tracker.stats().change_scans, 1);
  // Read where the picture changed, not in a scan of the whole frame.
  EXPECT_EQ(tracker.stats().full_scans, 2);  // the first frame's and the timer's at frame 10
  EXPECT_GE(tracker.stats().part_scans, 1);
}

// A card slid a little stays in its region; one moved across the table is lost there and found:
// with the change measure by scanning where the picture changed, without it by the full scan the
// miss calls for. Either way it is read in every frame, once, where it now lies.
TEST(TrackerTest, CardThatMovesIsReadWhereItNowLies) {
  for (const ChangeDetection change : {ChangeDetection::On, ChangeDetection::Off})
  for (const Point to : {Point{77, 74}, Point{420, 75}}) {
    SCOPED_TRACE(to.x);
    SCOPED_TRACE(change == ChangeDetection::On ? "change measure" : "no change measure");
    Scene scene = steady_scene(12);
    scene.cards[0].last_frame = 5;
    scene.cards.push_back(card("S1:R9E:HEKTOR:1", to.x, to.y, 10, 6));
    TrackerOptions options;
    options.change = change;
    options.full_scan_every = 0;  // no timer to help
    TrackingScanner tracker(options);
    for (int i = 0; i < scene.frames; ++i) {
      SCOPED_TRACE(i);
      const auto seen = tracker.scan(frame_of(scene, i), i * 200);
      EXPECT_EQ(payloads(seen), truth_payloads(scene, i));
      const auto truth = synth::frame_truth(scene, i);
      ASSERT_TRUE(truth);
      for (const synth::TruthTag& tag : truth->tags) {
        const Sighting* s = find(seen, tag.payload);
        if (!s) continue;  // reported above
        for (int c = 0; c < 4; ++c) EXPECT_LT(distance(s->corners[c], tag.corners[c]), 4.0) << tag.payload;
      }
    }
    EXPECT_EQ(tracker.tracked(), 5u);  // the old place is forgotten
  }
}

TEST(TrackerTest, CardThatLeavesIsForgottenAfterItsFrames) {
  Scene scene = steady_scene(10);
  scene.cards[2].last_frame = 3;
  TrackerOptions options;
  options.forget_after = 3;
  TrackingScanner tracker(options);
  for (int i = 0; i <= 3; ++i) tracker.scan(frame_of(scene, i), i * 200);
  EXPECT_EQ(tracker.tracked(), 5u);
  for (int i = 4; i < 4 + options.forget_after; ++i) {
    const auto seen = tracker.scan(frame_of(scene, i), i * 200);
    EXPECT_EQ(find(seen, "S1:R9E:ARCANE_FIRE:2"), nullptr);
  }
  EXPECT_EQ(tracker.tracked(), 4u);
}

TEST(TrackerTest, OnePayloadAtTwoPlacesIsTwoTracks) {
  Scene scene = steady_scene(8);
  scene.cards.push_back(card("S1:R9E:HEKTOR:1", 315, 200));
  TrackingScanner tracker;
  for (int i = 0; i < scene.frames; ++i) {
    SCOPED_TRACE(i);
    const auto seen = tracker.scan(frame_of(scene, i), i * 200);
    EXPECT_EQ(std::count_if(seen.begin(), seen.end(), [](const Sighting& s) { return s.payload == "S1:R9E:HEKTOR:1"; }), 2);
  }
  EXPECT_EQ(tracker.tracked(), 6u);
}

TEST(TrackerTest, EmptyFrameYieldsNothingAndScansNothing) {
  TrackingScanner tracker;
  EXPECT_TRUE(tracker.scan(cv::Mat(), 0).empty());
  EXPECT_EQ(tracker.stats().full_scans, 0);
}

}  // namespace
}  // namespace seneschal::vision
