#include "seneschal/vision/stabilizer.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace seneschal::vision {
namespace {

Sighting seen(const std::string& payload) {
  Sighting s;
  s.payload = payload;
  return s;
}

TEST(StabilizerTest, TagAppearsAfterKOfNFrames) {
  Stabilizer stabilizer({2, 3, 1000});
  EXPECT_TRUE(stabilizer.update({seen("A")}, 0).empty());
  auto events = stabilizer.update({seen("A")}, 200);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, TagEvent::Kind::Appeared);
  EXPECT_EQ(events[0].payload, "A");
  EXPECT_TRUE(stabilizer.update({seen("A")}, 400).empty());  // one event, not one per frame
}

TEST(StabilizerTest, OneMissedFrameDoesNotFlicker) {
  Stabilizer stabilizer({2, 3, 1000});
  stabilizer.update({seen("A")}, 0);
  stabilizer.update({seen("A")}, 200);
  EXPECT_TRUE(stabilizer.update({}, 400).empty());
  EXPECT_TRUE(stabilizer.update({seen("A")}, 600).empty());
  EXPECT_EQ(stabilizer.present(), std::vector<std::string>{"A"});
}

TEST(StabilizerTest, SingleMisreadNeverReachesTheTable) {
  Stabilizer stabilizer({2, 3, 1000});
  EXPECT_TRUE(stabilizer.update({seen("GHOST")}, 0).empty());
  EXPECT_TRUE(stabilizer.update({}, 200).empty());
  EXPECT_TRUE(stabilizer.update({}, 400).empty());
  EXPECT_TRUE(stabilizer.update({}, 600).empty());
  EXPECT_TRUE(stabilizer.present().empty());
}

TEST(StabilizerTest, TagLeavesAfterAbsentTime) {
  Stabilizer stabilizer({1, 1, 500});
  ASSERT_EQ(stabilizer.update({seen("A")}, 0).size(), 1u);
  EXPECT_TRUE(stabilizer.update({}, 400).empty());
  auto events = stabilizer.update({}, 500);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, TagEvent::Kind::Left);
  EXPECT_EQ(events[0].last.t_ms, 0);
  EXPECT_TRUE(stabilizer.present().empty());
  // Shown again later, it appears again.
  ASSERT_EQ(stabilizer.update({seen("A")}, 900).size(), 1u);
}

TEST(StabilizerTest, TwoCopiesAreTwoTags) {
  Stabilizer stabilizer({1, 1, 500});
  auto events = stabilizer.update({seen("S1:R9E:HEKTOR:1"), seen("S1:R9E:HEKTOR:2")}, 0);
  EXPECT_EQ(events.size(), 2u);
}

// A code of side 80 px centred at (cx, cy), its top edge turned angle_deg clockwise from the x axis.
Sighting at(const std::string& payload, float cx, float cy, double angle_deg = 0) {
  Sighting s;
  s.payload = payload;
  s.angle_deg = angle_deg;
  const double a = angle_deg * 3.14159265358979 / 180.0;
  const double c = std::cos(a) * 40;
  const double n = std::sin(a) * 40;
  // top-left, top-right, bottom-right, bottom-left, rotated clockwise (y points down)
  const double dx[4] = {-1, 1, 1, -1};
  const double dy[4] = {-1, -1, 1, 1};
  for (int i = 0; i < 4; ++i) {
    s.corners[i] = {static_cast<float>(cx + dx[i] * c - dy[i] * n), static_cast<float>(cy + dx[i] * n + dy[i] * c)};
  }
  return s;
}

std::vector<TagEvent> of_kind(const std::vector<TagEvent>& events, TagEvent::Kind kind) {
  std::vector<TagEvent> out;
  for (const auto& e : events) {
    if (e.kind == kind) out.push_back(e);
  }
  return out;
}

TEST(StabilizerTest, CardHeldUnderTheCameraIsPresentedOnce) {
  Stabilizer stabilizer({2, 3, 1000});
  int appeared = 0;
  for (int i = 0; i < 30; ++i) {
    appeared += static_cast<int>(of_kind(stabilizer.update({at("A", 300, 200)}, i * 33), TagEvent::Kind::Appeared).size());
  }
  EXPECT_EQ(appeared, 1);
}

TEST(StabilizerTest, TagBackWithinAbsentTimeIsTheSamePresentation) {
  Stabilizer stabilizer({1, 1, 1000});
  ASSERT_EQ(stabilizer.update({seen("A")}, 0).size(), 1u);
  // Taken away for 800 ms (a hand passing over it), then seen again: no Left, no second Appeared.
  for (std::int64_t t = 200; t <= 800; t += 200) EXPECT_TRUE(stabilizer.update({}, t).empty()) << t;
  EXPECT_TRUE(stabilizer.update({seen("A")}, 1000).empty());
  EXPECT_TRUE(stabilizer.update({seen("A")}, 1200).empty());
  EXPECT_EQ(stabilizer.present(), std::vector<std::string>{"A"});
}

TEST(StabilizerTest, TagBackAfterAbsentTimeIsPresentedAgain) {
  Stabilizer stabilizer({1, 1, 1000});
  ASSERT_EQ(stabilizer.update({seen("A")}, 0).size(), 1u);
  auto left = stabilizer.update({}, 1000);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].kind, TagEvent::Kind::Left);
  EXPECT_TRUE(stabilizer.update({}, 1400).empty());
  auto again = stabilizer.update({seen("A")}, 1600);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].kind, TagEvent::Kind::Appeared);
}

TEST(StabilizerTest, TwoCopiesLeaveIndependently) {
  Stabilizer stabilizer({1, 1, 500});
  stabilizer.update({seen("S1:R9E:HEKTOR:1"), seen("S1:R9E:HEKTOR:2")}, 0);
  stabilizer.update({seen("S1:R9E:HEKTOR:2")}, 300);
  auto events = stabilizer.update({seen("S1:R9E:HEKTOR:2")}, 600);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, TagEvent::Kind::Left);
  EXPECT_EQ(events[0].payload, "S1:R9E:HEKTOR:1");
  EXPECT_EQ(stabilizer.present(), std::vector<std::string>{"S1:R9E:HEKTOR:2"});
}

TEST(StabilizerTest, AppearedCarriesTheBowedState) {
  Stabilizer stabilizer({1, 1, 500});
  auto events = stabilizer.update({at("STRAIGHT", 100, 100, 2), at("BOWED", 400, 100, 88), at("UPSIDE", 700, 100, 181)}, 0);
  ASSERT_EQ(events.size(), 3u);
  for (const auto& e : events) EXPECT_EQ(e.pose.bowed, e.payload == "BOWED") << e.payload;
}

TEST(StabilizerTest, TurningACardFiresOneRotatedEventEachWay) {
  Stabilizer stabilizer({1, 1, 1000});
  stabilizer.update({at("A", 300, 200, 0)}, 0);
  std::vector<TagEvent> rotated;
  std::int64_t t = 0;
  for (int i = 0; i < 10; ++i) {
    const auto events = stabilizer.update({at("A", 300, 200, 90)}, t += 200);
    for (const auto& e : of_kind(events, TagEvent::Kind::Rotated)) rotated.push_back(e);
  }
  ASSERT_EQ(rotated.size(), 1u);
  EXPECT_TRUE(rotated[0].pose.bowed);
  EXPECT_TRUE(stabilizer.pose("A")->bowed);
  for (int i = 0; i < 10; ++i) {
    const auto events = stabilizer.update({at("A", 300, 200, 3)}, t += 200);
    for (const auto& e : of_kind(events, TagEvent::Kind::Rotated)) rotated.push_back(e);
  }
  ASSERT_EQ(rotated.size(), 2u);
  EXPECT_FALSE(rotated[1].pose.bowed);
}

TEST(StabilizerTest, TurnIsSeenWithinTwoFrames) {
  Stabilizer stabilizer({1, 1, 1000});
  stabilizer.update({at("A", 300, 200, 0)}, 0);
  stabilizer.update({at("A", 300, 200, 0)}, 200);
  auto first = stabilizer.update({at("A", 300, 200, 270)}, 400);
  auto second = stabilizer.update({at("A", 300, 200, 270)}, 600);
  EXPECT_EQ(of_kind(first, TagEvent::Kind::Rotated).size() + of_kind(second, TagEvent::Kind::Rotated).size(), 1u);
}

TEST(StabilizerTest, JitterNearFortyFiveDegreesNeverFlickers) {
  for (double start : {0.0, 90.0}) {
    Stabilizer stabilizer({1, 1, 1000});
    stabilizer.update({at("A", 300, 200, start)}, 0);
    stabilizer.update({at("A", 300, 200, start)}, 33);
    const bool bowed = stabilizer.pose("A")->bowed;
    // Settle at 45 give or take 12 degrees: neither threshold (60 / 30) is crossed.
    const double jitter[] = {33, 57, 40, 52, 36, 55, 44, 47, 34, 56};
    for (int i = 0; i < 200; ++i) {
      const auto events = stabilizer.update({at("A", 300, 200, jitter[i % 10])}, 66 + i * 33);
      EXPECT_TRUE(of_kind(events, TagEvent::Kind::Rotated).empty()) << "start " << start << " frame " << i;
    }
    EXPECT_EQ(stabilizer.pose("A")->bowed, bowed);
  }
}

TEST(StabilizerTest, BowedNeedsToPassTheUpperThreshold) {
  StabilizerConfig config{1, 1, 1000};
  Stabilizer stabilizer(config);
  stabilizer.update({at("A", 300, 200, 0)}, 0);
  for (int i = 1; i <= 20; ++i) stabilizer.update({at("A", 300, 200, 55)}, i * 200);
  EXPECT_FALSE(stabilizer.pose("A")->bowed);  // 55 is past half-way but not past 60
  for (int i = 21; i <= 40; ++i) stabilizer.update({at("A", 300, 200, 35)}, i * 200);
  EXPECT_FALSE(stabilizer.pose("A")->bowed);
  for (int i = 41; i <= 60; ++i) stabilizer.update({at("A", 300, 200, 65)}, i * 200);
  EXPECT_TRUE(stabilizer.pose("A")->bowed);
  for (int i = 61; i <= 80; ++i) stabilizer.update({at("A", 300, 200, 35)}, i * 200);
  EXPECT_TRUE(stabilizer.pose("A")->bowed);  // 35 is not yet back under 30
  for (int i = 81; i <= 100; ++i) stabilizer.update({at("A", 300, 200, 25)}, i * 200);
  EXPECT_FALSE(stabilizer.pose("A")->bowed);
}

TEST(StabilizerTest, AngleAcrossZeroDoesNotLookLikeATurn) {
  Stabilizer stabilizer({1, 1, 1000});
  for (int i = 0; i < 40; ++i) {
    const auto events = stabilizer.update({at("A", 300, 200, i % 2 ? 358.0 : 2.0)}, i * 200);
    EXPECT_TRUE(of_kind(events, TagEvent::Kind::Rotated).empty()) << i;
    const double a = stabilizer.pose("A")->angle_deg;
    EXPECT_TRUE(a < 5.0 || a > 355.0) << a;
  }
}

TEST(StabilizerTest, PoseJitterIsSmoothed) {
  Stabilizer stabilizer({1, 1, 1000});
  double raw_spread = 0;
  double filtered_spread = 0;
  for (int i = 0; i < 60; ++i) {
    const float jitter = (i % 2 ? 3.0f : -3.0f);
    stabilizer.update({at("A", 300 + jitter, 200 - jitter, 10 + jitter)}, i * 33);
    if (i < 20) continue;  // let it settle
    const Pose pose = *stabilizer.pose("A");
    raw_spread = std::max(raw_spread, static_cast<double>(std::abs(jitter)));
    filtered_spread = std::max({filtered_spread, std::abs(pose.centre.x - 300.0), std::abs(pose.centre.y - 200.0),
                                std::abs(pose.angle_deg - 10.0)});
  }
  EXPECT_LT(filtered_spread, raw_spread / 2) << filtered_spread;
}

TEST(StabilizerTest, FilteredPoseFollowsARealMove) {
  Stabilizer stabilizer({1, 1, 1000});
  for (int i = 0; i < 10; ++i) stabilizer.update({at("A", 300, 200)}, i * 200);
  // Dragged 200 px to the right; two frames later the pose is within 10 px of it.
  stabilizer.update({at("A", 500, 200)}, 2000);
  stabilizer.update({at("A", 500, 200)}, 2200);
  EXPECT_NEAR(stabilizer.pose("A")->centre.x, 500.0, 10.0);
  EXPECT_NEAR(stabilizer.pose("A")->centre.y, 200.0, 0.5);
}

TEST(StabilizerTest, OneEuroFilterPassesTheFirstSampleAndHoldsAStillInput) {
  OneEuroFilter filter({1.0, 0.0, 1.0});
  EXPECT_DOUBLE_EQ(filter.filter(5.0, 0), 5.0);
  for (int i = 1; i < 10; ++i) EXPECT_DOUBLE_EQ(filter.filter(5.0, i * 10), 5.0);
  // Same timestamp twice does not divide by zero.
  EXPECT_TRUE(std::isfinite(filter.filter(6.0, 90)));
}

}  // namespace
}  // namespace seneschal::vision
