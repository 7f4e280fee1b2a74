#include "seneschal/vision/stabilizer.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace seneschal::vision
