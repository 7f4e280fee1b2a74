#include "seneschal/display/clock.hpp"

#include <gtest/gtest.h>

namespace seneschal::display {
namespace {

engine::TimerView timer(std::int64_t remaining, std::int64_t total, bool running, bool alarm = false) {
  return {"t", remaining, total, running, alarm};
}

TEST(ClockTest, ReadsAsMinutesAndSeconds) {
  EXPECT_EQ(clock_text(0), "0:00");
  EXPECT_EQ(clock_text(25'000), "0:25");
  EXPECT_EQ(clock_text(125'000), "2:05");
  EXPECT_EQ(clock_text(180'000), "3:00");
  EXPECT_EQ(clock_text(75 * 60'000), "1:15:00");
  EXPECT_EQ(clock_text(3'723'000), "1:02:03");
}

// A timer with 400 ms left has not run out: it reads 0:01 until it has.
TEST(ClockTest, RoundsPartSecondsUpSoZeroMeansRunOut) {
  EXPECT_EQ(clock_text(1), "0:01");
  EXPECT_EQ(clock_text(400), "0:01");
  EXPECT_EQ(clock_text(29'001), "0:30");
  EXPECT_EQ(clock_text(-5), "0:00");
}

TEST(ClockTest, AlarmsComeFirstThenRunningThenPausedEachByTimeLeft) {
  const std::vector<engine::TimerView> timers = {timer(10'000, 60'000, false),       // paused, little left
                                                 timer(90'000, 180'000, true),       // running
                                                 timer(40'000, 180'000, true),       // running, less left
                                                 timer(0, 60'000, false, true)};     // ringing
  EXPECT_EQ(timers_by_urgency(timers), (std::vector<std::size_t>{3, 2, 1, 0}));
  EXPECT_TRUE(timers_by_urgency({}).empty());
}

TEST(ClockTest, RingShowsTheShareOfTimeLeft) {
  EXPECT_FLOAT_EQ(remaining_fraction(timer(90'000, 180'000, true)), 0.5f);
  EXPECT_FLOAT_EQ(remaining_fraction(timer(0, 180'000, true)), 0.f);
  EXPECT_FLOAT_EQ(remaining_fraction(timer(200'000, 180'000, true)), 1.f);
  EXPECT_FLOAT_EQ(remaining_fraction(timer(5'000, 0, true)), 1.f) << "an unknown length is full while time remains";
}

TEST(ClockTest, AlarmFlashAlternatesEveryHalfSecondOfTheViewClock) {
  EXPECT_FALSE(alarm_flash_phase(0));
  EXPECT_FALSE(alarm_flash_phase(499));
  EXPECT_TRUE(alarm_flash_phase(500));
  EXPECT_TRUE(alarm_flash_phase(999));
  EXPECT_FALSE(alarm_flash_phase(1'000));
}

}  // namespace
}  // namespace seneschal::display
