#include "seneschal/firmware/output/signals.hpp"

#include <gpiod.h>
#include <gtest/gtest.h>

#include "fake_gpiod/fake_gpiod_control.hpp"

namespace seneschal::firmware {
namespace {

// "B" buzzer on, "L" LED on, "-" both off, "end" when a one-shot pattern is over.
std::string show(const std::optional<SignalLevels>& levels) {
  if (!levels) return "end";
  if (!levels->buzzer && !levels->led) return "-";
  return std::string(levels->buzzer ? "B" : "") + (levels->led ? "L" : "");
}

std::string sample(const SignalPattern& pattern, std::initializer_list<std::int64_t> times) {
  std::string text;
  for (auto t : times) text += (text.empty() ? "" : " ") + show(pattern.at(t));
  return text;
}

TEST(SignalsTest, BlipIsOneShortBeepAndFlash) { EXPECT_EQ(sample(SignalPattern::blip(), {0, 59, 60}), "BL BL end"); }

TEST(SignalsTest, WarningBeepsAsOftenAsItsLevel) {
  EXPECT_EQ(sample(SignalPattern::warning(2), {0, 119, 120, 239, 240, 359, 360, 479, 480}), "BL BL - - BL BL - - end");
  EXPECT_EQ(sample(SignalPattern::warning(0), {0, 120, 240}), "BL - end") << "at least one beep";
  EXPECT_EQ(sample(SignalPattern::warning(9), {1200 - 1, 1200}), "- end") << "at most five beeps";
}

TEST(SignalsTest, AlarmRepeatsBeepBeepPause) {
  EXPECT_EQ(sample(SignalPattern::alarm(), {0, 200, 350, 550, 1199, 1200, 1400, 1550, 120'000}),
            "BL - BL - - BL - BL BL");
}

TEST(SignalsTest, SchedulerStartsARequestAtTheNextTickAndBlipsOverTheAlarm) {
  SignalScheduler scheduler;
  EXPECT_EQ(show(scheduler.at(0)), "-");
  scheduler.alarm(true);
  EXPECT_EQ(show(scheduler.at(1000)), "BL");
  EXPECT_EQ(show(scheduler.at(1200)), "-");
  scheduler.blip();
  EXPECT_EQ(show(scheduler.at(1210)), "BL") << "the blip plays over the alarm's pause";
  EXPECT_EQ(show(scheduler.at(1270)), "-") << "then the alarm resumes where it is";
  EXPECT_EQ(show(scheduler.at(1350)), "BL");
  scheduler.alarm(true);
  EXPECT_EQ(show(scheduler.at(1560)), "-") << "asking again must not restart it";
  scheduler.alarm(false);
  EXPECT_EQ(show(scheduler.at(2200)), "-");
}

TEST(SignalsTest, NoLinesConfiguredMeansNullSignals) {
  GpioConfig config;
  config.buzzer_line.reset();
  config.led_line.reset();
  const auto signals = open_signals(config);
  ASSERT_TRUE(signals) << signals.error().message;
  EXPECT_EQ((*signals)->describe(), "no buzzer or LED");
}

constexpr unsigned kBuzzer = 18;  // the default wiring
constexpr unsigned kLed = 12;

class GpioSignalsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fake_gpiod::reset();
    fake_gpiod::add_chip("gpiochip0", "pinctrl-bcm2711", 58);
  }
  void TearDown() override { EXPECT_EQ(fake_gpiod::open_handles(), 0) << "a chip handle leaked"; }

  // "buzzer LED" levels as the fake chip holds them.
  static std::string lines() {
    return std::to_string(fake_gpiod::line("gpiochip0", kBuzzer).value) + " " +
           std::to_string(fake_gpiod::line("gpiochip0", kLed).value);
  }
};

TEST_F(GpioSignalsTest, BuzzerAndLedAreOutputsThatStartOff) {
  const auto signals = open_signals(GpioConfig{});
  ASSERT_TRUE(signals) << signals.error().message;
  for (unsigned offset : {kBuzzer, kLed}) {
    const auto line = fake_gpiod::line("gpiochip0", offset);
    EXPECT_TRUE(line.requested);
    EXPECT_EQ(line.consumer, "seneschal");
    EXPECT_EQ(line.request_type, GPIOD_LINE_REQUEST_DIRECTION_OUTPUT);
  }
  EXPECT_EQ(lines(), "0 0");
  EXPECT_EQ((*signals)->describe(), "GPIO signals on gpiochip0 [pinctrl-bcm2711]: buzzer=18 LED=12");
}

TEST_F(GpioSignalsTest, AlarmPatternTogglesBuzzerAndLedLines) {
  const auto signals = GpioSignals::open(GpioConfig{});
  ASSERT_TRUE(signals) << signals.error().message;
  auto& out = **signals;
  out.alarm(true);
  std::string seen;
  for (std::int64_t t : {5000, 5100, 5200, 5300, 5350, 5550, 5600, 6200}) {
    out.tick(t);
    seen += (seen.empty() ? "" : ", ") + lines();
  }
  EXPECT_EQ(seen, "1 1, 1 1, 0 0, 0 0, 1 1, 0 0, 0 0, 1 1");
  EXPECT_EQ(fake_gpiod::line("gpiochip0", kBuzzer).writes, 5) << "a line is written only when its level changes";
  out.alarm(false);
  out.tick(6250);
  EXPECT_EQ(lines(), "0 0");
}

TEST_F(GpioSignalsTest, ClosingLeavesTheOutputsOffAndReleased) {
  {
    auto signals = GpioSignals::open(GpioConfig{});
    ASSERT_TRUE(signals);
    (*signals)->blip();
    (*signals)->tick(0);
    EXPECT_EQ(lines(), "1 1");
  }
  EXPECT_EQ(lines(), "0 0");
  EXPECT_FALSE(fake_gpiod::line("gpiochip0", kBuzzer).requested);
}

TEST_F(GpioSignalsTest, OnlyAnLedDrivesOnlyTheLed) {
  GpioConfig config;
  config.buzzer_line.reset();
  const auto signals = open_signals(config);
  ASSERT_TRUE(signals) << signals.error().message;
  (*signals)->warning(1);
  (*signals)->tick(0);
  EXPECT_FALSE(fake_gpiod::line("gpiochip0", kBuzzer).requested);
  EXPECT_EQ(fake_gpiod::line("gpiochip0", kLed).value, 1);
}

TEST_F(GpioSignalsTest, BusyBuzzerLineIsNamed) {
  fake_gpiod::set_busy("gpiochip0", kBuzzer, "pwm");
  const auto signals = open_signals(GpioConfig{});
  ASSERT_FALSE(signals);
  EXPECT_EQ(signals.error().message, "GPIO line 18 (the buzzer) is busy, used by \"pwm\": Device or resource busy");
}

}  // namespace
}  // namespace seneschal::firmware
