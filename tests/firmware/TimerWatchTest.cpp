// The buzzer warns once per mark a running timer passes and rings while any timer rings.
#include "seneschal/firmware/output/timer_watch.hpp"

#include <gtest/gtest.h>

namespace seneschal::firmware {
namespace {

engine::TimerView running(std::int64_t left_ms, bool alarm = false) {
  return {"Negotiation", left_ms, 180'000, true, alarm};
}

TEST(TimerWatchTest, EachMarkWarnsOnceAsItIsPassed) {
  TimerWatch watch;  // 60, 30, 10
  EXPECT_TRUE(watch.update({running(61'000)}).warnings.empty());
  EXPECT_EQ(watch.update({running(59'900)}).warnings, std::vector<int>{1});
  EXPECT_TRUE(watch.update({running(59'000)}).warnings.empty());
  EXPECT_EQ(watch.update({running(30'000)}).warnings, std::vector<int>{2});  // exactly on the mark counts
  // A slow loop that jumps over two marks warns for both.
  EXPECT_EQ(watch.update({running(5'000)}).warnings, std::vector<int>{3});
}

TEST(TimerWatchTest, JumpOverSeveralMarksWarnsForEach) {
  TimerWatch watch({10, 60, 30});
  watch.update({running(90'000)});
  EXPECT_EQ(watch.update({running(9'000)}).warnings, (std::vector<int>{1, 2, 3}));
}

TEST(TimerWatchTest, NewOrPausedOrRestartedTimersDoNotWarnForMarksTheyWereNeverAbove) {
  TimerWatch watch;
  EXPECT_TRUE(watch.update({running(20'000)}).warnings.empty());  // first seen below 60 and 30
  engine::TimerView paused = running(5'000);
  paused.running = false;
  EXPECT_TRUE(watch.update({paused}).warnings.empty());
  EXPECT_TRUE(watch.update({running(180'000)}).warnings.empty());  // started afresh
  EXPECT_EQ(watch.update({running(60'000)}).warnings, std::vector<int>{1});
}

TEST(TimerWatchTest, AlarmLastsWhileAnyTimerRings) {
  TimerWatch watch;
  EXPECT_FALSE(watch.update({running(1'000)}).alarm);
  const TimerCues ringing = watch.update({running(0, true), running(50'000)});
  EXPECT_TRUE(ringing.alarm);
  EXPECT_TRUE(ringing.warnings.empty());  // reaching 0:00 is the alarm, not a warning
  EXPECT_FALSE(watch.update({}).alarm);
}

TEST(TimerWatchTest, MarksParseFromAListAndBadItemsAreNamed) {
  EXPECT_EQ(*parse_timer_marks("60, 30,10"), (std::vector<int>{60, 30, 10}));
  auto bad = parse_timer_marks("60,half,10");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().message, "timer mark \"half\": expected seconds left, 1-3600 (e.g. 60,30,10)");
  EXPECT_FALSE(parse_timer_marks("0").has_value());
}

}  // namespace
}  // namespace seneschal::firmware
