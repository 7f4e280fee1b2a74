// The recording generator, checked against the real scanner: what the truth file promises is what
// ZBar reads, frame by frame. If a rendering change makes the recording test fail, look at the
// frame it names (the recording is left in the temp dir on failure) before blaming ZBar: ZBar
// misses about one visible code in two hundred at the moderate settings, so a failure after an
// unrelated change can also be that; then pick another seed for the scene and say so in the commit.

#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>

#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::vision::synth {
namespace {

namespace fs = std::filesystem;

// A bit of everything: straight, bowed, upside-down and skewed cards, a control tag, a card that
// arrives late and is covered by a hand once, one that leaves early, and a flyer with a foreign QR.
constexpr const char* kTable = R"({
  "seed": 7, "frames": 6,
  "realism": {"foreign_rate": 0.6, "hand_rate": 0},
  "cards": [
    {"payload": "S1:R9E:HEKTOR:1", "x_mm": 65, "y_mm": 70},
    {"payload": "S1:R9E:HAMMERDOOMS-ROOST:1", "x_mm": 185, "y_mm": 72, "angle_deg": 90},
    {"payload": "S1:R9E:ARCANE_FIRE:2", "x_mm": 315, "y_mm": 78, "angle_deg": 200, "last_frame": 3},
    {"payload": "S1:CTL:PASS", "x_mm": 420, "y_mm": 195, "angle_deg": 180},
    {"payload": "S1:R9E:GUARDIAN:3", "x_mm": 65, "y_mm": 195, "angle_deg": -25, "first_frame": 2, "covered_frames": [3]},
    {"payload": "S1:CUT:DUKE:1", "x_mm": 185, "y_mm": 200, "angle_deg": 270}
  ]
})";

Scene parsed(const char* text) {
  auto scene = parse_scene(text, "test scene");
  if (!scene) {
    ADD_FAILURE() << scene.error().message;
    return Scene{};
  }
  return scene.value();
}

// A directory of its own per test, removed afterwards unless the test failed.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("seneschal-synth-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "-" +
            std::to_string(::getpid()));
    fs::remove_all(path);
  }
  ~TempDir() {
    if (!::testing::Test::HasFailure()) fs::remove_all(path);
  }
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

TEST(SynthTest, RecordingDecodesToTheTruthInEveryFrame) {
  const Scene scene = parsed(kTable);
  TempDir dir;
  const auto written = write_recording(scene, dir.path.string());
  ASSERT_TRUE(written) << written.error().message;
  const auto truth = parse_truth(read_file(dir.path / "truth.json"), "truth.json");
  ASSERT_TRUE(truth) << truth.error().message;
  ASSERT_EQ(truth->frames.size(), 6u);

  Scanner scanner;
  int visible = 0, bowed = 0, covered = 0, foreign = 0;
  for (const TruthFrame& expected : truth->frames) {
    SCOPED_TRACE(dir.path / expected.frame);
    const cv::Mat frame = cv::imread((dir.path / expected.frame).string(), cv::IMREAD_COLOR);
    ASSERT_FALSE(frame.empty());
    const auto sightings = scanner.scan(frame, expected.t_ms);
    std::vector<std::string> read, promised = expected.payloads_visible;
    for (const auto& s : sightings) read.push_back(s.payload);
    for (const auto& f : expected.foreign) promised.push_back(f.payload);
    std::sort(read.begin(), read.end());
    std::sort(promised.begin(), promised.end());
    EXPECT_EQ(read, promised);

    // Where the truth says the code is, ZBar finds it, corner for corner in the documented order.
    for (const TruthTag& tag : expected.tags) {
      const auto seen = std::find_if(sightings.begin(), sightings.end(), [&](const auto& s) { return s.payload == tag.payload; });
      if (seen == sightings.end()) continue;  // already reported above
      for (int i = 0; i < 4; ++i)
        EXPECT_LT(distance(seen->corners[i], tag.corners[i]), 4.0) << tag.payload << " corner " << i;
      bowed += tag.bowed;
    }
    visible += int(expected.tags.size());
    covered += int(std::count_if(expected.hidden.begin(), expected.hidden.end(), [](const auto& h) { return h.why == Hidden::Hand; }));
    foreign += int(expected.foreign.size());
  }
  // The scene is meant to exercise all of these; a change that loses one would make this test weak.
  EXPECT_GE(visible, 30);
  EXPECT_GE(bowed, 10);
  EXPECT_EQ(covered, 1);
  EXPECT_GE(foreign, 1);
}

TEST(SynthTest, SameSeedGivesIdenticalFramesAndAnotherSeedDoesNot) {
  Scene scene = parsed(kTable);
  const int with_hand = 3;
  const auto a = render_frame(scene, with_hand), b = render_frame(scene, with_hand);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(cv::norm(a.value(), b.value(), cv::NORM_INF), 0);
  const auto ja = encode_frame(scene, with_hand), jb = encode_frame(scene, with_hand);
  ASSERT_TRUE(ja && jb);
  EXPECT_TRUE(ja.value() == jb.value());

  scene.seed += 1;
  const auto c = render_frame(scene, with_hand);
  ASSERT_TRUE(c);
  cv::Mat differs;
  cv::compare(a.value(), c.value(), differs, cv::CMP_NE);
  // Not a few stray pixels: the cloth, light and noise all come from the seed.
  EXPECT_GT(cv::countNonZero(differs.reshape(1)), int(differs.total()));
}

TEST(SynthTest, FramesDifferFromEachOtherOnlyAsTheSceneSays) {
  const Scene scene = parsed(kTable);
  const auto t0 = frame_truth(scene, 0), t2 = frame_truth(scene, 2), t4 = frame_truth(scene, 4);
  ASSERT_TRUE(t0 && t2 && t4);
  auto has = [](const TruthFrame& f, const std::string& p) {
    return std::count(f.payloads_visible.begin(), f.payloads_visible.end(), p) == 1;
  };
  EXPECT_FALSE(has(t0.value(), "S1:R9E:GUARDIAN:3"));  // not there yet
  EXPECT_TRUE(has(t2.value(), "S1:R9E:GUARDIAN:3"));
  EXPECT_TRUE(has(t2.value(), "S1:R9E:ARCANE_FIRE:2"));
  EXPECT_FALSE(has(t4.value(), "S1:R9E:ARCANE_FIRE:2"));  // gone after frame 3
  EXPECT_EQ(t4->frame, "frame-0005.jpg");
  EXPECT_EQ(t4->t_ms, 800);
}

TEST(SynthTest, BowedCardsAreMarkedAndTheirCodeTurnsClockwise) {
  const Scene scene = parsed(R"({"seed": 3, "frames": 1, "realism": {"preset": "clean"}, "cards": [
      {"payload": "S1:R9E:UPRIGHT:1", "x_mm": 120, "y_mm": 135},
      {"payload": "S1:R9E:BOWED:1", "x_mm": 330, "y_mm": 135, "angle_deg": 90}]})");
  const auto truth = frame_truth(scene, 0);
  ASSERT_TRUE(truth);
  ASSERT_EQ(truth->tags.size(), 2u);
  const TruthTag& bowed = truth->tags[0];  // sorted by payload
  const TruthTag& upright = truth->tags[1];
  ASSERT_EQ(bowed.payload, "S1:R9E:BOWED:1");
  EXPECT_TRUE(bowed.bowed);
  EXPECT_FALSE(upright.bowed);
  EXPECT_NEAR(upright.angle_deg, 0, 0.5);
  EXPECT_NEAR(bowed.angle_deg, 90, 0.5);
  EXPECT_GT(bowed.corners[1].y, bowed.corners[0].y + 50);  // its top edge runs down the image

  const auto frame = render_frame(scene, 0);
  ASSERT_TRUE(frame);
  Scanner scanner;
  const auto sightings = scanner.scan(frame.value());
  EXPECT_EQ(sightings.size(), 2u);
  for (const auto& s : sightings) {
    const double expected = s.payload == bowed.payload ? 90 : 0;
    EXPECT_LT(std::abs(std::remainder(s.angle_deg - expected, 360.0)), 3) << s.payload;
  }
}

TEST(SynthTest, HiddenCodesAreListedWithTheReason) {
  const Scene scene = parsed(R"({"frames": 2, "realism": {"hand_rate": 0, "foreign_rate": 0}, "cards": [
      {"payload": "S1:R9E:UNDER:1", "x_mm": 100, "y_mm": 130},
      {"payload": "S1:R9E:OVER:1", "x_mm": 115, "y_mm": 140, "angle_deg": 10},
      {"payload": "S1:R9E:OFF_THE_EDGE:1", "x_mm": -20, "y_mm": 130},
      {"payload": "S1:R9E:HANDLED:1", "x_mm": 360, "y_mm": 130, "covered_frames": [1]}]})");
  const auto f0 = frame_truth(scene, 0), f1 = frame_truth(scene, 1);
  ASSERT_TRUE(f0 && f1);
  EXPECT_EQ(f0->payloads_visible, (std::vector<std::string>{"S1:R9E:HANDLED:1", "S1:R9E:OVER:1"}));
  EXPECT_EQ(f1->payloads_visible, std::vector<std::string>{"S1:R9E:OVER:1"});
  auto why = [](const TruthFrame& f, const std::string& p) {
    const auto h = std::find_if(f.hidden.begin(), f.hidden.end(), [&](const auto& x) { return x.payload == p; });
    return h == f.hidden.end() ? std::string("visible") : std::string(h->why == Hidden::Hand ? "hand" : h->why == Hidden::Card ? "card" : "out");
  };
  EXPECT_EQ(why(f1.value(), "S1:R9E:UNDER:1"), "card");
  EXPECT_EQ(why(f1.value(), "S1:R9E:OFF_THE_EDGE:1"), "out");
  EXPECT_EQ(why(f1.value(), "S1:R9E:HANDLED:1"), "hand");
  EXPECT_EQ(why(f0.value(), "S1:R9E:HANDLED:1"), "visible");
}

TEST(SynthTest, AHandThatWouldCoverOtherCodesIsAnError) {
  // Cards packed edge to edge: no arm reaches the middle one without lying on a neighbour's code.
  std::string cards;
  for (int i = 0; i < 9; ++i) {
    cards += std::string(i ? "," : "") + R"({"payload": "S1:R9E:C)" + std::to_string(i) + R"(:1", "x_mm": )" +
             std::to_string(170 + 66 * (i % 3)) + R"(, "y_mm": )" + std::to_string(45 + 90 * (i / 3)) +
             (i == 4 ? R"(, "covered_frames": [0])" : "") + "}";
  }
  const Scene scene = parsed((R"({"frames": 1, "cards": [)" + cards + "]}").c_str());
  const auto frame = render_frame(scene, 0);
  ASSERT_FALSE(frame);
  EXPECT_NE(frame.error().message.find("cards[4].covered_frames"), std::string::npos) << frame.error().message;
}

TEST(SynthTest, MalformedScenesNameTheOriginAndTheField) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"frames": "ten"})", "frames: expected a whole number, got string"},
      {R"({"seed": 1,)", "not a JSON scene"},
      {R"([1, 2])", "(top level): expected an object"},
      {R"({"surface": "marble"})", "surface:"},
      {R"({"realism": {"blur_px": -1}})", "realism.blur_px: -1 is outside"},
      {R"({"realism": {"preset": "brutal"}})", "realism.preset:"},
      {R"({"realism": {"blurr_px": 1}})", "realism.blurr_px: unknown field"},
      {R"({"cards": {}})", "cards: expected an array"},
      {R"({"cards": [{"payload": "S1:R9E:A:1", "x_mm": 10}]})", "cards[0].y_mm: missing"},
      {R"({"cards": [{"payload": "S1:R9E:A:1", "x_mm": 1, "y_mm": 1}, {"payload": 7, "x_mm": 1, "y_mm": 1}]})",
       "cards[1].payload: expected a string, got number"},
      {R"({"cards": [{"payload": "S1:R9E:A:1", "x_mm": 1, "y_mm": 1, "angel_deg": 90}]})", "cards[0].angel_deg: unknown field"},
      {R"({"frames": 3, "cards": [{"payload": "S1:R9E:A:1", "x_mm": 1, "y_mm": 1, "covered_frames": [5]}]})",
       "cards[0].covered_frames: frame 5"},
      {R"({"cards": [{"payload": "S1:R9E:A:1", "x_mm": 1, "y_mm": 1, "covered_frames": [0]},
                     {"payload": "S1:R9E:B:1", "x_mm": 99, "y_mm": 1, "covered_frames": [0]}]})",
       "cards[1].covered_frames: frame 0 already has a hand on cards[0]"},
      {R"({"cards": [{"payload": "S1:R9E:A:1", "x_mm": 1, "y_mm": 1, "first_frame": 5, "last_frame": 2}]})",
       "cards[0].last_frame: 2 is before first_frame"},
  };
  for (const auto& [text, field] : cases) {
    const auto scene = parse_scene(text, "tables/bad.json");
    ASSERT_FALSE(scene) << text;
    const std::string& message = scene.error().message;
    EXPECT_EQ(message.rfind("tables/bad.json: ", 0), 0u) << message;
    EXPECT_NE(message.find(field), std::string::npos) << "wanted \"" << field << "\" in: " << message;
  }
}

TEST(SynthTest, AMinimalSceneTakesTheDefaultsAndRoundTrips) {
  const Scene scene = parsed(R"({"realism": {"preset": "hard", "noise": 2},
      "cards": [{"payload": "S1:R9E:HEKTOR:1", "x_mm": 100.123456, "y_mm": 50}]})");
  EXPECT_EQ(scene.frames, Scene{}.frames);
  EXPECT_EQ(scene.width, 1280);
  EXPECT_EQ(scene.cards.at(0).first_frame, 0);
  EXPECT_EQ(scene.cards.at(0).last_frame, scene.frames - 1);
  EXPECT_EQ(scene.realism.jpeg_quality, realism_preset("hard")->jpeg_quality);  // from the preset
  EXPECT_EQ(scene.realism.noise, 2);                                           // overridden after it
  const std::string text = scene_to_json(scene);
  EXPECT_NE(text.find("\"tilt\": 0.12,"), std::string::npos) << text;  // people read it: no 0.11999999731779099
  const auto again = parse_scene(text, "round trip");
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again->cards.at(0).x_mm, scene.cards.at(0).x_mm);  // exactly: scene.json must make the same frames
  EXPECT_EQ(scene_to_json(again.value()), text);
}

TEST(SynthTest, WriteRecordingWritesEveryFrameTheTruthAndTheScene) {
  Scene scene = parsed(kTable);
  scene.frames = 4;
  TempDir dir;
  const auto written = write_recording(scene, (dir.path / "nested").string());
  ASSERT_TRUE(written) << written.error().message;
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir.path / "nested")) files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files, (std::vector<std::string>{"frame-0001.jpg", "frame-0002.jpg", "frame-0003.jpg", "frame-0004.jpg",
                                              "scene.json", "truth.json"}));
  EXPECT_FALSE(cv::imread((dir.path / "nested" / "frame-0004.jpg").string()).empty());

  const auto truth = parse_truth(read_file(dir.path / "nested" / "truth.json"), "truth.json");
  ASSERT_TRUE(truth) << truth.error().message;
  EXPECT_EQ(truth->seed, 7u);
  EXPECT_EQ(truth->width, 1280);
  ASSERT_EQ(truth->frames.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    const auto fresh = frame_truth(scene, i);
    ASSERT_TRUE(fresh);
    const TruthFrame& stored = truth->frames[i];
    EXPECT_EQ(stored.frame, frame_name(i));
    EXPECT_EQ(stored.payloads_visible, fresh->payloads_visible);
    ASSERT_EQ(stored.tags.size(), fresh->tags.size());
    for (std::size_t t = 0; t < stored.tags.size(); ++t)
      EXPECT_LT(distance(stored.tags[t].corners[2], fresh->tags[t].corners[2]), 0.01);
  }
  const auto replay = parse_scene(read_file(dir.path / "nested" / "scene.json"), "scene.json");
  ASSERT_TRUE(replay) << replay.error().message;
  EXPECT_EQ(scene_to_json(replay.value()), scene_to_json(scene));
}

TEST(SynthTest, ScenesAndFramesOutsideTheLimitsAreRefused) {
  Scene scene = parsed(kTable);
  const auto past = render_frame(scene, scene.frames);
  ASSERT_FALSE(past);
  EXPECT_NE(past.error().message.find("frame 6 is outside 0..5"), std::string::npos) << past.error().message;
  scene.code_mm = 60;  // it and its quiet zone would not fit on a card
  const auto big = frame_truth(scene, 0);
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("code_mm"), std::string::npos) << big.error().message;
}

TEST(SynthTest, AnUnwritableRecordingPlaceIsNamedInTheError) {
  TempDir dir;
  fs::create_directories(dir.path);
  std::ofstream(dir.path / "a-file") << "not a directory";
  const std::string place = (dir.path / "a-file" / "recording").string();
  const auto written = write_recording(parsed(kTable), place);
  ASSERT_FALSE(written);
  EXPECT_NE(written.error().message.find(place), std::string::npos) << written.error().message;
}

// A bare table lit only by the lamp's reflection: where it is brightest, smoothed over the spot.
cv::Point brightest(const Scene& scene, int index) {
  auto frame = render_frame(scene, index);
  EXPECT_TRUE(frame.has_value());
  if (!frame) return {};
  cv::Mat grey;
  cv::cvtColor(*frame, grey, cv::COLOR_BGR2GRAY);
  cv::GaussianBlur(grey, grey, {0, 0}, 15);
  cv::Point at;
  cv::minMaxLoc(grey, nullptr, nullptr, nullptr, &at);
  return at;
}

TEST(SynthTest, AMovingLampReflectionMovesAndAStillOneStays) {
  Scene scene = parsed(R"({"seed": 4, "frames": 30, "realism": {"preset": "clean", "glare": 0.6}})");
  EXPECT_EQ(brightest(scene, 0), brightest(scene, 20));
  scene.realism.glare_drift = 0.01f;  // 12.8 px a frame
  const cv::Point from = brightest(scene, 0), to = brightest(scene, 20);
  EXPECT_GT(cv::norm(to - from), 100) << from << " " << to;
  EXPECT_NE(brightest(scene, 10), from);
}

TEST(SynthTest, AReflectionsHotCoreWashesTheTableOut) {
  Scene scene = parsed(R"({"seed": 4, "frames": 1, "realism": {"preset": "clean", "glare": 0.2}})");
  const auto peak = [&] {
    auto frame = render_frame(scene, 0);
    EXPECT_TRUE(frame.has_value());
    double most = 0;
    if (frame) cv::minMaxLoc(frame->reshape(1), nullptr, &most);
    return most;
  };
  EXPECT_LT(peak(), 200);
  scene.realism.glare_core = 1;
  EXPECT_EQ(peak(), 255);  // white paper and black ink alike in its middle
}

TEST(SynthTest, ACardSlidWhileTheShutterIsOpenIsSmeared) {
  // Hektor slides 60 mm to the right between frames 1 and 2 (160 px at 2.67 px/mm).
  const char* text = R"({"seed": 2, "frames": 3, "realism": {"preset": "clean", "motion_blur": 0.5},
    "cards": [{"payload": "S1:R9E:HEKTOR:1", "x_mm": 200, "y_mm": 135, "moves": [{"frame": 2, "x_mm": 260}]}]})";
  Scene scene = parsed(text);
  // The truth still has the card in plain view: a smeared code is the tracker's to hold.
  auto truth = frame_truth(scene, 2);
  ASSERT_TRUE(truth.has_value());
  ASSERT_EQ(truth->payloads_visible, (std::vector<std::string>{"S1:R9E:HEKTOR:1"}));
  std::vector<cv::Point> corners;
  for (const Point& p : truth->tags[0].corners) corners.emplace_back(cvRound(p.x), cvRound(p.y));
  const cv::Rect code = cv::boundingRect(corners);
  const auto sharpness = [&](int index) {  // the mean size of the code's gradients across
    auto frame = render_frame(scene, index);
    EXPECT_TRUE(frame.has_value());
    if (!frame) return 0.0;
    cv::Mat grey, dx;
    cv::cvtColor((*frame)(code), grey, cv::COLOR_BGR2GRAY);
    cv::Sobel(grey, dx, CV_32F, 1, 0);
    return cv::mean(cv::abs(dx))[0];
  };
  const double smeared = sharpness(2);
  scene.realism.motion_blur = 0;
  const double sharp = sharpness(2);
  EXPECT_LT(smeared, 0.5 * sharp);
  const double lying_still = sharpness(1);
  scene.realism.motion_blur = 0.5f;
  EXPECT_EQ(sharpness(1), lying_still) << "a card lying still is not smeared";
}

}  // namespace
}  // namespace seneschal::vision::synth
