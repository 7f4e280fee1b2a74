// What a card's place shows when its code is not read, judged from generated frames of a table
// (JPEG, lamp, noise, shake) with the real readers: the card itself (a missed read under blur or
// glare), a hand over it, or the bare table once it is taken away, whether or not the table
// under it was ever seen bare.

#include <gtest/gtest.h>

#include <algorithm>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "seneschal/vision/scanner.hpp"
#include "GeneratedFrames.hpp"
#include "seneschal/vision/synth.hpp"
#include "seneschal/vision/table_look.hpp"

namespace seneschal::vision {
namespace {

using synth::Scene;
using synth::SceneCard;
using scenes::frame_of;

SceneCard card(std::string payload, float x_mm, float y_mm, int first_frame = 0, int last_frame = 1000) {
  SceneCard c;
  c.payload = std::move(payload);
  c.x_mm = x_mm;
  c.y_mm = y_mm;
  c.first_frame = first_frame;
  c.last_frame = last_frame;
  return c;
}

Scene table_of(std::vector<SceneCard> cards, int frames, synth::Surface surface = synth::Surface::Felt) {
  Scene scene;
  scene.seed = 5;
  scene.frames = frames;
  scene.surface = surface;
  scene.realism.hand_rate = 0;
  scene.realism.foreign_rate = 0;
  scene.cards = std::move(cards);
  return scene;
}

// Frames through a scanner and a TableLook as the table watcher drives them: the cards read so
// far are held where they were last read.
struct Watch {
  Scanner scanner;
  TableLook look;
  std::map<std::string, Sighting> last;
  std::vector<Sighting> read;

  void see(const cv::Mat& frame, std::int64_t t_ms) {
    read = scanner.scan(frame, t_ms);
    std::vector<Sighting> held;
    for (const auto& [payload, s] : last) {
      if (std::none_of(read.begin(), read.end(), [&](const Sighting& r) { return r.payload == payload; })) held.push_back(s);
    }
    look.see(frame, cv::Mat(), read, held, scanner.last_scan().unread, t_ms);
    for (const Sighting& s : read) last[s.payload] = s;
  }
  bool was_read(const std::string& payload) const {
    return std::any_of(read.begin(), read.end(), [&](const Sighting& s) { return s.payload == payload; });
  }
  // The table as it stands before the frames under test, for long enough that what lies still
  // on it is learnt as the table (a pixel never seen is taken once it has shown the same for
  // 2.4 s): the scene's first frame from -2.6 s on.
  void settle(const Scene& scene) {
    for (int i = 13; i > 0; --i) see(frame_of(scene, 0), -200 * std::int64_t(i));
  }
  // Settled, then the scene's frames 0..4, at 5 fps from t = 0.
  void first_frames(const Scene& scene) {
    settle(scene);
    for (int i = 0; i < 5; ++i) see(frame_of(scene, i), i * 200);
  }
  PlaceLook at(const std::string& payload) const { return look.look(last.at(payload)); }
  std::string why(const std::string& payload) const { return look.explain(last.at(payload)); }
};

const char* name(PlaceLook look) {
  switch (look) {
    case PlaceLook::Unseen: return "unseen";
    case PlaceLook::Card: return "card";
    case PlaceLook::Covered: return "covered";
    case PlaceLook::Overlaid: return "covered";  // by a card rather than a hand: held alike
    case PlaceLook::Bare: return "bare";
    case PlaceLook::Vacated: return "vacated";
    case PlaceLook::Passing: return "passing";
    case PlaceLook::Another: return "another";
  }
  return "?";
}

TEST(TableLookTest, ACardTakenAwayLeavesTheBareTableWhetherOrNotItWasEverSeenBare) {
  for (synth::Surface surface : {synth::Surface::Felt, synth::Surface::Wood}) {
    // A lies there from the first frame (the table under it never seen), C is laid later (the
    // table under it learnt first); both are taken away.
    const Scene scene = table_of({card("S1:R9E:HEKTOR:1", 90, 90, 0, 5), card("S1:R9E:ZAHIR:1", 240, 150),
                                  card("S1:R9E:LORKI:1", 390, 100, 3, 7)},
                                 12, surface);
    Watch watch;
    watch.settle(scene);
    for (int i = 0; i < scene.frames; ++i) {
      watch.see(frame_of(scene, i), i * 200);
      if (i == 4) {
        ASSERT_TRUE(watch.was_read("S1:R9E:HEKTOR:1"));
        ASSERT_TRUE(watch.was_read("S1:R9E:LORKI:1"));
      }
      if (i >= 6) {
        EXPECT_EQ(name(watch.at("S1:R9E:HEKTOR:1")), std::string("bare")) << "frame " << i << ": " << watch.why("S1:R9E:HEKTOR:1");
      }
      if (i >= 8) {
        EXPECT_EQ(name(watch.at("S1:R9E:LORKI:1")), std::string("bare")) << "frame " << i << ": " << watch.why("S1:R9E:LORKI:1");
      }
    }
    EXPECT_GT(watch.look.known_share(), 0.5);
  }
}

TEST(TableLookTest, AHandOverACardIsCoveredNotBare) {
  for (synth::Surface surface : {synth::Surface::Felt, synth::Surface::Wood}) {
    // Every card lies there from the first frame: the table under them is never seen.
    SceneCard hektor = card("S1:R9E:HEKTOR:1", 110, 90);
    hektor.covered_frames = {4, 5, 6, 7, 8, 9};
    const Scene scene = table_of({hektor, card("S1:R9E:ZAHIR:1", 300, 170)}, 10, surface);
    Watch watch;
    for (int i = 0; i < scene.frames; ++i) {
      watch.see(frame_of(scene, i), i * 200);
      if (i < 4) continue;
      EXPECT_FALSE(watch.was_read("S1:R9E:HEKTOR:1")) << "the hand hides it, frame " << i;
      EXPECT_EQ(name(watch.at("S1:R9E:HEKTOR:1")), std::string("covered")) << "frame " << i << ": " << watch.why("S1:R9E:HEKTOR:1");
      EXPECT_EQ(name(watch.at("S1:R9E:ZAHIR:1")), std::string("card")) << "frame " << i;
    }
  }
}

TEST(TableLookTest, ACardBlurredOrUnderGlareStillLooksLikeItself) {
  const Scene scene = table_of({card("S1:R9E:HEKTOR:1", 110, 90), card("S1:R9E:ZAHIR:1", 300, 170)}, 6);
  Watch watch;
  for (int i = 0; i < 5; ++i) watch.see(frame_of(scene, i), i * 200);
  ASSERT_TRUE(watch.was_read("S1:R9E:HEKTOR:1"));
  const Sighting hektor = watch.last.at("S1:R9E:HEKTOR:1");
  const Point c = centre_of(hektor);
  const cv::Rect code(int(c.x) - 60, int(c.y) - 60, 120, 120);

  // A moment of motion blur over the card: its code no longer reads.
  cv::Mat blurred = frame_of(scene, 5);
  cv::Mat smear = cv::Mat::zeros(1, 15, CV_32F) + 1.0f / 15;
  cv::filter2D(blurred(code), blurred(code), -1, smear);
  watch.see(blurred, 1000);
  EXPECT_FALSE(watch.was_read("S1:R9E:HEKTOR:1"));
  EXPECT_EQ(name(watch.at("S1:R9E:HEKTOR:1")), std::string("card"));

  // The lamp's reflection washing half of the code out.
  cv::Mat glare = frame_of(scene, 5);
  cv::Mat spot(glare.size(), CV_32F, cv::Scalar(0));
  cv::circle(spot, cv::Point(int(c.x) + 10, int(c.y)), 30, cv::Scalar(1), cv::FILLED);
  cv::GaussianBlur(spot, spot, {0, 0}, 12);
  cv::Mat glare_f;
  glare.convertTo(glare_f, CV_32FC3);
  cv::Mat spot3;
  cv::merge(std::vector<cv::Mat>{spot, spot, spot}, spot3);
  glare_f += spot3 * 400.0;
  glare_f.convertTo(glare, CV_8UC3);
  watch.see(glare, 1200);
  EXPECT_NE(name(watch.at("S1:R9E:HEKTOR:1")), std::string("bare")) << "glare is no table";
}

TEST(TableLookTest, APlaceWashedOutWhiteByTheLampIsNeverBare) {
  // HEKTOR is taken away after frame 4; the lamp's reflection then washes its place out white,
  // as it would a hand resting there: neither the card's code nor the table's weave shows, and a
  // glare-like brightening must not pass for the table under it.
  const Scene scene = table_of({card("S1:R9E:HEKTOR:1", 110, 90, 0, 4), card("S1:R9E:ZAHIR:1", 300, 170)}, 8);
  Watch watch;
  watch.first_frames(scene);
  ASSERT_TRUE(watch.was_read("S1:R9E:HEKTOR:1"));
  const Point c = centre_of(watch.last.at("S1:R9E:HEKTOR:1"));
  for (int i = 5; i < 8; ++i) {
    cv::Mat frame = frame_of(scene, i);
    cv::Mat frame_f;
    frame.convertTo(frame_f, CV_32FC3);
    cv::Mat spot(frame.size(), CV_32FC3, cv::Scalar::all(0));
    cv::circle(spot, cv::Point(int(c.x), int(c.y)), 90, cv::Scalar(230, 245, 255), cv::FILLED);
    cv::GaussianBlur(spot, spot, {0, 0}, 6);
    frame_f += spot;
    frame_f.convertTo(frame, CV_8UC3);
    watch.see(frame, i * 200);
    EXPECT_NE(name(watch.at("S1:R9E:HEKTOR:1")), std::string("bare")) << "frame " << i << ": " << watch.why("S1:R9E:HEKTOR:1");
  }
  // The reflection moves on: the bare table shows, and the card is gone.
  watch.see(frame_of(scene, 8 - 1), 1800);
  watch.see(frame_of(scene, 8 - 1), 2000);
  EXPECT_EQ(name(watch.at("S1:R9E:HEKTOR:1")), std::string("bare")) << watch.why("S1:R9E:HEKTOR:1");
}

TEST(TableLookTest, ABarePlaceIsPassingOnlyWhileAnUnreadCodeMovesNearAtNoOtherCardsPlace) {
  // HEKTOR is taken away after frame 4 (its place then shows the bare table); ZAHIR lies still.
  // What an unread code-like region near HEKTOR's place means depends on how it behaves.
  const Scene scene = table_of({card("S1:R9E:HEKTOR:1", 110, 90, 0, 4), card("S1:R9E:ZAHIR:1", 200, 90)}, 12);
  Watch watch;
  watch.first_frames(scene);
  ASSERT_TRUE(watch.was_read("S1:R9E:HEKTOR:1"));
  ASSERT_TRUE(watch.was_read("S1:R9E:ZAHIR:1"));
  const Sighting hektor = watch.last.at("S1:R9E:HEKTOR:1");
  const Sighting zahir = watch.last.at("S1:R9E:ZAHIR:1");
  const float side = longest_side(hektor);
  const Point h = centre_of(hektor);
  const auto region_at = [&](float x, float y) {
    return cv::Rect(int(x - side / 2), int(y - side / 2), int(side), int(side));
  };
  std::int64_t t = 1000;
  const auto look_with = [&](int frame, std::vector<cv::Rect> unread) {
    const cv::Mat picture = frame_of(scene, frame);
    watch.look.see(picture, cv::Mat(), {}, {hektor, zahir}, unread, t);
    t += 200;
    return name(watch.look.look(hektor));
  };
  look_with(5, {});
  look_with(6, {});
  // An unread code on its way, a little further each frame: the card slid, unread.
  EXPECT_EQ(look_with(7, {region_at(h.x + 2 * side, h.y + 3 * side)}), std::string("passing"));
  EXPECT_EQ(look_with(8, {region_at(h.x + 3 * side, h.y + 3 * side)}), std::string("passing"));
  // The same region lying still: a code that does not read, not a card on its way.
  EXPECT_NE(look_with(9, {region_at(h.x + 3 * side, h.y + 3 * side)}), std::string("passing"));
  // An unread code right where ZAHIR lies: ZAHIR's missed read.
  const Point z = centre_of(zahir);
  EXPECT_NE(look_with(10, {region_at(z.x, z.y)}), std::string("passing"));
  // Nothing unread near: the bare table.
  EXPECT_EQ(look_with(11, {}), std::string("bare"));
}

TEST(TableLookTest, AnUnreadRegionThatLayThereWhileTheCardWasReadIsNotTheCardOnItsWay) {
  // HEKTOR is taken away after frame 4. An unread region lay still three sides from it all along
  // (a title, a covered card's code): it is not HEKTOR come to rest, so the place is bare at once.
  // One first seen after HEKTOR's last read may be HEKTOR on its way (passing), then come to
  // rest unread where it was slid (vacated): both hold it a while.
  const Scene scene = table_of({card("S1:R9E:HEKTOR:1", 110, 90, 0, 4), card("S1:R9E:ZAHIR:1", 300, 170)}, 10);
  Watch watch;
  watch.first_frames(scene);
  ASSERT_TRUE(watch.was_read("S1:R9E:HEKTOR:1"));
  const Sighting hektor = watch.last.at("S1:R9E:HEKTOR:1");
  const float side = longest_side(hektor);
  const Point h = centre_of(hektor);
  const cv::Rect title(int(h.x + 3 * side), int(h.y), int(side), int(side / 2));
  const cv::Rect resting(int(h.x), int(h.y + 3 * side), int(side), int(side));
  std::int64_t t = 1000;
  const auto look_with = [&](int frame, std::vector<cv::Rect> unread, std::vector<Sighting> read) {
    watch.look.see(frame_of(scene, frame), cv::Mat(), read, {hektor}, unread, t);
    t += 200;
    return name(watch.look.look(hektor));
  };
  // While HEKTOR is read the title lies there unread.
  t = 0;
  for (int i = 0; i < 5; ++i) look_with(i, {title}, {hektor});
  EXPECT_EQ(look_with(5, {title}, {}), std::string("bare")) << watch.look.explain(hektor);
  EXPECT_EQ(look_with(6, {title, resting}, {}), std::string("passing")) << watch.look.explain(hektor);
  EXPECT_EQ(look_with(7, {title, resting}, {}), std::string("vacated")) << watch.look.explain(hektor);
}

TEST(TableLookTest, ACameraCoveredWholeShowsNothingToJudge) {
  const Scene scene = table_of({card("S1:R9E:HEKTOR:1", 110, 90), card("S1:R9E:ZAHIR:1", 300, 170)}, 5);
  Watch watch;
  watch.first_frames(scene);
  const cv::Mat dark(frame_of(scene, 4).size(), CV_8UC3, cv::Scalar(12, 10, 14));
  watch.see(dark, 1000);
  EXPECT_EQ(name(watch.at("S1:R9E:HEKTOR:1")), std::string("unseen"));
  EXPECT_EQ(name(watch.at("S1:R9E:ZAHIR:1")), std::string("unseen"));
}

}  // namespace
}  // namespace seneschal::vision
