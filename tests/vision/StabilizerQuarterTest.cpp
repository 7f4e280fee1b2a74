// Quarter turns, places and occlusion in the stabilizer: what the engine's physical table is
// built from. StabilizerTest covers presence and the bowed flag as it always was.

#include <gtest/gtest.h>

#include <cmath>

#include "StabilizerScenes.hpp"
#include "seneschal/vision/stabilizer.hpp"

namespace seneschal::vision {
namespace {

using scenes::at;

std::vector<TagEvent> of_kind(const std::vector<TagEvent>& events, TagEvent::Kind kind) {
  std::vector<TagEvent> out;
  for (const auto& e : events)
    if (e.kind == kind) out.push_back(e);
  return out;
}

// The centre follows at once, so a test can say in which frame a card is in its new area.
StabilizerConfig direct(int appear_k = 2, int appear_n = 3) {
  StabilizerConfig config;
  config.appear_k = appear_k;
  config.appear_n = appear_n;
  config.centre_filter = {1000.0, 0.0, 1.0};
  return config;
}

TEST(StabilizerQuarterTest, FirstSightingTakesTheNearestQuarter) {
  Stabilizer stabilizer(direct(1, 1));
  const std::pair<double, int> cases[] = {{44, 0}, {46, 90}, {134, 90}, {136, 180}, {224, 180}, {226, 270}, {314, 270}, {316, 0}};
  std::vector<Sighting> frame;
  for (const auto& [angle, quarter] : cases) frame.push_back(at("A" + std::to_string(int(angle)), 300, 300, angle));
  const auto events = stabilizer.update(frame, 0);
  ASSERT_EQ(events.size(), std::size(cases));
  for (const auto& [angle, quarter] : cases) {
    const auto pose = stabilizer.pose("A" + std::to_string(int(angle)));
    ASSERT_TRUE(pose);
    EXPECT_EQ(pose->quarter, quarter) << angle;
    EXPECT_EQ(pose->bowed, quarter == 90 || quarter == 270) << angle;
  }
}

TEST(StabilizerQuarterTest, TurningThroughEveryQuarterFiresOneRotatedEach) {
  Stabilizer stabilizer(direct(1, 1));
  stabilizer.update({at("A", 300, 300, 0)}, 0);
  std::vector<TagEvent> rotated;
  std::int64_t t = 0;
  for (double angle : {90.0, 180.0, 270.0, 0.0}) {
    for (int i = 0; i < 10; ++i) {
      for (const auto& e : of_kind(stabilizer.update({at("A", 300, 300, angle)}, t += 200), TagEvent::Kind::Rotated))
        rotated.push_back(e);
    }
  }
  ASSERT_EQ(rotated.size(), 4u);
  const int quarters[] = {90, 180, 270, 0};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(rotated[i].pose.quarter, quarters[i]) << i;
    EXPECT_EQ(rotated[i].pose.bowed, quarters[i] % 180 != 0) << i;
  }
}

TEST(StabilizerQuarterTest, JitterNearFortyFiveDegreesKeepsTheQuarter) {
  for (double start : {0.0, 90.0, 180.0, 270.0}) {
    Stabilizer stabilizer(direct(1, 1));
    stabilizer.update({at("A", 300, 300, start)}, 0);
    const int quarter = stabilizer.pose("A")->quarter;
    EXPECT_EQ(quarter, int(start));
    // 45 degrees past the quarter, give or take 12: neither threshold (60 / 30) is crossed.
    const double jitter[] = {33, 57, 40, 52, 36, 55, 44, 47, 34, 56};
    for (int i = 0; i < 200; ++i) {
      const auto events = stabilizer.update({at("A", 300, 300, start + jitter[i % 10])}, 200 + i * 33);
      EXPECT_TRUE(of_kind(events, TagEvent::Kind::Rotated).empty()) << "start " << start << " frame " << i;
    }
    EXPECT_EQ(stabilizer.pose("A")->quarter, quarter);
  }
}

TEST(StabilizerQuarterTest, BowedKeepsItsTwoThresholds) {
  Stabilizer stabilizer(direct(1, 1));
  stabilizer.update({at("A", 300, 300, 180)}, 0);
  std::int64_t t = 0;
  const auto hold = [&](double angle) {
    for (int i = 0; i < 20; ++i) stabilizer.update({at("A", 300, 300, angle)}, t += 200);
    return *stabilizer.pose("A");
  };
  EXPECT_EQ(hold(180 + 55).quarter, 180);  // past half-way, not past bow_on_deg
  EXPECT_EQ(hold(180 + 65).quarter, 270);
  EXPECT_TRUE(stabilizer.pose("A")->bowed);
  EXPECT_EQ(hold(180 + 35).quarter, 270);  // not yet under bow_off_deg
  EXPECT_EQ(hold(180 + 25).quarter, 180);
  EXPECT_FALSE(stabilizer.pose("A")->bowed);
}

TEST(StabilizerQuarterTest, UpsideDownIsAQuarterTurnOfItsOwnNotBowed) {
  Stabilizer stabilizer(direct(1, 1));
  stabilizer.update({at("A", 300, 300, 0)}, 0);
  std::vector<TagEvent> rotated;
  for (int i = 1; i <= 10; ++i)
    for (const auto& e : of_kind(stabilizer.update({at("A", 300, 300, 180)}, i * 200), TagEvent::Kind::Rotated))
      rotated.push_back(e);
  ASSERT_EQ(rotated.size(), 1u);
  EXPECT_EQ(rotated[0].pose.quarter, 180);
  EXPECT_FALSE(rotated[0].pose.bowed);
}

TEST(StabilizerQuarterTest, AppearedCarriesPlaceAndQuarterAgainstTheSeat) {
  Stabilizer stabilizer(direct(1, 1), scenes::two_seat_table());
  const auto events = stabilizer.update({at("NEAR", 100, 300, 90), at("FAR", 100, 100, 180), at("MIDDLE", 450, 100, 0)}, 0);
  ASSERT_EQ(events.size(), 3u);
  const Pose near = *stabilizer.pose("NEAR"), far = *stabilizer.pose("FAR"), middle = *stabilizer.pose("MIDDLE");
  EXPECT_EQ(near.place.seat, 1);
  EXPECT_EQ(near.quarter, 90);
  ASSERT_TRUE(near.place.at.has_value());
  EXPECT_NEAR(near.place.at->x_mm, 100, 0.5);
  EXPECT_NEAR(near.place.at->y_mm, 300, 0.5);
  EXPECT_EQ(far.place.seat, 2);
  EXPECT_EQ(far.quarter, 0);  // upside down on the table is upright for the far seat
  EXPECT_EQ(middle.place.seat, 0);
  EXPECT_EQ(middle.place.zone, "centre");
  EXPECT_EQ(middle.quarter, 0);
}

TEST(StabilizerQuarterTest, MovedFiresOnceTheNewAreaHeldForAppearK) {
  Stabilizer stabilizer(direct(2, 3), scenes::two_seat_table());
  stabilizer.update({at("A", 100, 300)}, 0);
  ASSERT_EQ(stabilizer.update({at("A", 100, 300)}, 200).size(), 1u);  // Appeared
  EXPECT_TRUE(stabilizer.update({at("A", 450, 100)}, 400).empty());    // one sighting in the centre
  const auto events = stabilizer.update({at("A", 450, 100)}, 600);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, TagEvent::Kind::Moved);
  EXPECT_EQ(events[0].pose.place.seat, 0);
  EXPECT_EQ(events[0].pose.place.zone, "centre");
  EXPECT_TRUE(stabilizer.update({at("A", 450, 100)}, 800).empty());
}

TEST(StabilizerQuarterTest, OneFrameAcrossABoundaryIsNotAMove) {
  Stabilizer stabilizer(direct(2, 3), scenes::two_seat_table());
  stabilizer.update({at("A", 100, 205)}, 0);
  stabilizer.update({at("A", 100, 205)}, 200);
  // A card lying on the line between seat 1 and seat 2, its centre jittering across it.
  for (int i = 0; i < 40; ++i) {
    const auto events = stabilizer.update({at("A", 100, i % 2 ? 195.0f : 205.0f)}, 400 + i * 200);
    EXPECT_TRUE(of_kind(events, TagEvent::Kind::Moved).empty()) << i;
  }
  EXPECT_EQ(stabilizer.pose("A")->place.seat, 1);
}

TEST(StabilizerQuarterTest, SlidToAnotherSeatTheQuarterIsReadAgainstItsFacing) {
  Stabilizer stabilizer(direct(2, 3), scenes::two_seat_table());
  stabilizer.update({at("A", 100, 300, 0)}, 0);
  stabilizer.update({at("A", 100, 300, 0)}, 200);
  EXPECT_EQ(stabilizer.pose("A")->quarter, 0);
  std::vector<TagEvent> events;
  for (int i = 0; i < 5; ++i)
    for (const auto& e : stabilizer.update({at("A", 100, 100, 0)}, 400 + i * 200)) events.push_back(e);
  ASSERT_EQ(events.size(), 1u);  // Moved, and no Rotated for the change of reference
  EXPECT_EQ(events[0].kind, TagEvent::Kind::Moved);
  EXPECT_EQ(events[0].pose.place.seat, 2);
  EXPECT_EQ(events[0].pose.quarter, 180);  // the far seat sees it upside down
}

TEST(StabilizerQuarterTest, NoLeftDuringTwoSecondsOfOcclusionAtFiveFps) {
  Stabilizer stabilizer;  // the defaults
  EXPECT_GE(StabilizerConfig{}.absent_ms, 2500);
  std::int64_t t = 0;
  std::vector<TagEvent> events;
  const auto frame = [&](std::vector<Sighting> seen) {
    for (const auto& e : stabilizer.update(seen, t)) events.push_back(e);
    t += 200;
  };
  for (int i = 0; i < 5; ++i) frame({at("A", 300, 300)});
  // A hand rests on the card for 2 s: ten frames at 5 fps without it.
  for (int i = 0; i < 10; ++i) frame({});
  for (int i = 0; i < 5; ++i) frame({at("A", 300, 300)});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, TagEvent::Kind::Appeared);
  // Taken away for good, it still leaves.
  for (int i = 0; i < 20; ++i) frame({});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].kind, TagEvent::Kind::Left);
}

TEST(StabilizerQuarterTest, RecalibrationMidGameMovesCardsOnceSettled) {
  Stabilizer stabilizer(direct(2, 3));
  stabilizer.update({at("A", 100, 300)}, 0);
  stabilizer.update({at("A", 100, 300)}, 200);
  EXPECT_EQ(stabilizer.pose("A")->place.seat, 0);
  EXPECT_FALSE(stabilizer.pose("A")->place.at.has_value());
  stabilizer.set_map(scenes::two_seat_table());
  EXPECT_TRUE(stabilizer.update({at("A", 100, 300)}, 400).empty());
  const auto events = stabilizer.update({at("A", 100, 300)}, 600);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, TagEvent::Kind::Moved);
  EXPECT_EQ(events[0].pose.place.seat, 1);
}

TEST(StabilizerQuarterTest, ReferenceDegreesStillSetUprightBeforeCalibration) {
  StabilizerConfig config = direct(1, 1);
  config.reference_deg = 90;  // a camera mounted sideways
  Stabilizer stabilizer(config);
  stabilizer.update({at("A", 300, 300, 90), at("B", 500, 300, 0)}, 0);
  EXPECT_EQ(stabilizer.pose("A")->quarter, 0);
  EXPECT_EQ(stabilizer.pose("B")->quarter, 270);
  EXPECT_DOUBLE_EQ(stabilizer.map().reference_deg, 90);
}

}  // namespace
}  // namespace seneschal::vision
