#include "seneschal/firmware/input/debouncer.hpp"

#include <gtest/gtest.h>

#include <string>

namespace seneschal::firmware {
namespace {

// "17:short@223" per press, so a failure shows the whole sequence.
std::string describe(const std::vector<DebouncedPress>& presses) {
  std::string text;
  for (const auto& p : presses) {
    text += (text.empty() ? "" : " ") + std::to_string(p.line) + (p.long_press ? ":long@" : ":short@") +
            std::to_string(p.at_ms);
  }
  return text;
}

TEST(DebouncerTest, BounceTrainGivesOneShortPressWhenTheReleaseSettles) {
  Debouncer debouncer;
  for (auto [edge, at] : {std::pair{Edge::Falling, 0},
                          {Edge::Rising, 1},
                          {Edge::Falling, 2},
                          {Edge::Rising, 3},
                          {Edge::Falling, 5},
                          {Edge::Rising, 200},
                          {Edge::Falling, 201},
                          {Edge::Rising, 203}}) {
    debouncer.edge(17, edge, at);
  }
  EXPECT_EQ(describe(debouncer.tick(222)), "");
  EXPECT_EQ(describe(debouncer.tick(223)), "17:short@223");
  EXPECT_EQ(describe(debouncer.tick(5000)), "");
}

TEST(DebouncerTest, TickingThroughABounceTrainStillGivesOnePress) {
  Debouncer debouncer;
  std::string all;
  const std::vector<std::pair<Edge, int>> edges{{Edge::Falling, 10}, {Edge::Rising, 12},   {Edge::Falling, 13},
                                                {Edge::Rising, 150}, {Edge::Falling, 152}, {Edge::Rising, 155}};
  std::size_t next = 0;
  for (int now = 0; now <= 400; ++now) {
    for (; next < edges.size() && edges[next].second == now; ++next) debouncer.edge(4, edges[next].first, now);
    all += describe(debouncer.tick(now));
  }
  EXPECT_EQ(all, "4:short@175");
}

TEST(DebouncerTest, GlitchShorterThanTheDebounceTimeIsNoPress) {
  Debouncer debouncer;
  debouncer.edge(17, Edge::Falling, 100);
  debouncer.tick(105);
  debouncer.edge(17, Edge::Rising, 119);
  EXPECT_EQ(describe(debouncer.tick(1000)), "");
}

TEST(DebouncerTest, HeldButtonGivesItsLongPressAtTheThresholdWhileStillHeld) {
  Debouncer debouncer;
  debouncer.edge(22, Edge::Falling, 1000);
  EXPECT_EQ(describe(debouncer.tick(1799)), "");
  EXPECT_EQ(describe(debouncer.tick(1800)), "22:long@1800");
  debouncer.edge(22, Edge::Rising, 2500);
  EXPECT_EQ(describe(debouncer.tick(3000)), "") << "a long press must not also give a short one at release";
}

TEST(DebouncerTest, LongPressReleasedBetweenTwoTicksIsStillLong) {
  Debouncer debouncer;
  debouncer.edge(22, Edge::Falling, 0);
  debouncer.edge(22, Edge::Rising, 1000);
  EXPECT_EQ(describe(debouncer.tick(2000)), "22:long@800");
}

TEST(DebouncerTest, ShortPressBetweenTwoSlowTicksIsNotLost) {
  Debouncer debouncer;
  debouncer.edge(5, Edge::Falling, 0);
  debouncer.edge(5, Edge::Rising, 100);
  EXPECT_EQ(describe(debouncer.tick(1000)), "5:short@120");
}

TEST(DebouncerTest, GlitchDuringALongHoldDoesNotCutIt) {
  Debouncer debouncer;
  debouncer.edge(22, Edge::Falling, 0);
  debouncer.edge(22, Edge::Rising, 400);
  debouncer.edge(22, Edge::Falling, 405);
  EXPECT_EQ(describe(debouncer.tick(800)), "22:long@800");
}

TEST(DebouncerTest, TwoButtonsPressedTogetherGiveTwoPressesInTimeOrder) {
  Debouncer debouncer;
  debouncer.edge(27, Edge::Falling, 3);
  debouncer.edge(17, Edge::Falling, 0);
  debouncer.edge(17, Edge::Rising, 90);
  debouncer.edge(27, Edge::Rising, 60);
  EXPECT_EQ(describe(debouncer.tick(500)), "27:short@80 17:short@110");
}

TEST(DebouncerTest, OneHeldOneTappedKeepTheirOwnKinds) {
  Debouncer debouncer;
  debouncer.edge(17, Edge::Falling, 0);
  debouncer.edge(27, Edge::Falling, 100);
  debouncer.edge(27, Edge::Rising, 200);
  EXPECT_EQ(describe(debouncer.tick(300)), "27:short@220");
  EXPECT_EQ(describe(debouncer.tick(900)), "17:long@800");
}

TEST(DebouncerTest, ActiveHighButtonsPressOnTheRisingEdge) {
  Debouncer debouncer({}, Polarity::ActiveHigh);
  debouncer.edge(6, Edge::Rising, 0);
  debouncer.edge(6, Edge::Falling, 100);
  EXPECT_EQ(describe(debouncer.tick(200)), "6:short@120");
}

TEST(DebouncerTest, ButtonHeldAtStartUpCountsFromItsNextPress) {
  Debouncer debouncer;
  debouncer.edge(17, Edge::Rising, 50);  // its first edge is the release
  EXPECT_EQ(describe(debouncer.tick(2000)), "");
}

TEST(DebouncerTest, TimingComesFromTheConfiguration) {
  Debouncer debouncer({5, 300});
  debouncer.edge(1, Edge::Falling, 0);
  debouncer.edge(1, Edge::Rising, 10);
  debouncer.edge(2, Edge::Falling, 0);
  EXPECT_EQ(describe(debouncer.tick(400)), "1:short@15 2:long@300");
}

TEST(DebouncerTest, EdgeTimesComeFromTheKernelUnlessOnAnotherClock) {
  const std::int64_t now_ms = 5'000'000;
  EXPECT_EQ(edge_time_ms((now_ms - 30) * 1'000'000 + 999'999, now_ms), now_ms - 30);
  // A pre-5.7 kernel stamps edges with CLOCK_REALTIME: decades ahead of the steady clock.
  EXPECT_EQ(edge_time_ms(1'700'000'000'000'000'000, now_ms), now_ms);
  EXPECT_EQ(edge_time_ms(1'000'000, now_ms), now_ms);
}

}  // namespace
}  // namespace seneschal::firmware
