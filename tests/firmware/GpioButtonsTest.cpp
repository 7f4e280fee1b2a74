// GpioButtons through the real libgpiodcxx, on chips made up by fake_gpiod (this machine has no
// GPIO chip; see tests/firmware/CMakeLists.txt).

#include "seneschal/firmware/gpio/gpio_buttons.hpp"

#include <gtest/gtest.h>
#include <link.h>
#include <gpiod.hpp>

#include <cerrno>

#include "fake_gpiod/fake_gpiod_control.hpp"

namespace seneschal::firmware {
namespace {

constexpr std::int64_t kNow = 1'000'000;  // steady-clock ms at the tests' start

class GpioButtonsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fake_gpiod::reset();
    fake_gpiod::add_chip("gpiochip0", "pinctrl-bcm2711", 58);
  }
  void TearDown() override { EXPECT_EQ(fake_gpiod::open_handles(), 0) << "a chip handle leaked"; }

  static void edge(unsigned line, fake_gpiod::Edge e, std::int64_t at_ms) {
    fake_gpiod::push_edge("gpiochip0", line, e, at_ms * 1'000'000);
  }
  // A press with contact bounce at both ends, from `down_ms` to `up_ms`.
  static void bouncy_press(unsigned line, std::int64_t down_ms, std::int64_t up_ms) {
    using fake_gpiod::Edge;
    for (auto [e, at] : {std::pair{Edge::Falling, down_ms},
                         {Edge::Rising, down_ms + 1},
                         {Edge::Falling, down_ms + 2},
                         {Edge::Rising, up_ms},
                         {Edge::Falling, up_ms + 1},
                         {Edge::Rising, up_ms + 3}}) {
      edge(line, e, at);
    }
  }

  static std::unique_ptr<GpioButtons> open(const GpioConfig& config = {}) {
    auto buttons = GpioButtons::open(config);
    EXPECT_TRUE(buttons) << buttons.error().message;
    return buttons ? std::move(*buttons) : nullptr;
  }
  static std::string error_of(const GpioConfig& config = {}) {
    auto buttons = GpioButtons::open(config);
    return buttons ? "no error" : buttons.error().message;
  }
};

std::string describe(const std::vector<ButtonPress>& presses) {
  std::string text;
  for (const auto& p : presses) {
    text += (text.empty() ? "" : " ") + std::string(to_string(p.button)) + (p.long_press ? ":long@" : ":short@") +
            std::to_string(p.at_ms - kNow) + "/" + p.source;
  }
  return text;
}

int count_loaded_libgpiod(dl_phdr_info* info, std::size_t, void* count) {
  if (std::string(info->dlpi_name).find("libgpiod") != std::string::npos) ++*static_cast<int*>(count);
  return 0;
}

TEST_F(GpioButtonsTest, TheFakeNotTheRealLibgpiodAnswersLibgpiodcxx) {
  int loaded = 0;
  dl_iterate_phdr(count_loaded_libgpiod, &loaded);
  EXPECT_EQ(loaded, 0) << "a libgpiod shared object is loaded; gpio_tests must link only the fake";
  const long before = fake_gpiod::calls();
  {
    const gpiod::chip chip("gpiochip0", gpiod::chip::OPEN_BY_NAME);
    EXPECT_EQ(chip.label(), "pinctrl-bcm2711");  // the real library finds no chip on this machine
    EXPECT_EQ(chip.num_lines(), 58u);
  }
  EXPECT_GT(fake_gpiod::calls(), before);
}

TEST_F(GpioButtonsTest, OpenRequestsEveryButtonForBothEdgesWithAPullUp) {
  const auto buttons = open();
  ASSERT_TRUE(buttons);
  for (const auto& [button, offset] : default_gpio_lines()) {
    const auto line = fake_gpiod::line("gpiochip0", offset);
    EXPECT_TRUE(line.requested) << to_string(button);
    EXPECT_EQ(line.consumer, "seneschal");
    EXPECT_EQ(line.request_type, GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES);
    EXPECT_EQ(line.flags, GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP) << "active-low buttons need the pull-up";
  }
  EXPECT_EQ(buttons->describe(),
            "GPIO buttons on gpiochip0 [pinctrl-bcm2711]: OK=17 PASS=27 UNDO=22 UP=23 DOWN=24 MENU=5 TIMER=25 "
            "(active low, 20 ms debounce, 800 ms long press)");
}

TEST_F(GpioButtonsTest, ActiveHighButtonsGetPullDowns) {
  GpioConfig config;
  config.active_low = false;
  const auto buttons = open(config);
  EXPECT_EQ(fake_gpiod::line("gpiochip0", 17).flags, GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN);
}

TEST_F(GpioButtonsTest, BouncyPressReadThroughLibgpiodcxxGivesOnePress) {
  const auto buttons = open();
  bouncy_press(17, kNow, kNow + 150);
  EXPECT_EQ(fake_gpiod::line("gpiochip0", 17).queued_events, 6u);
  EXPECT_EQ(describe(buttons->poll_at(kNow + 200)), "OK:short@173/gpio");
  EXPECT_EQ(fake_gpiod::line("gpiochip0", 17).queued_events, 0u) << "poll must drain the events";
  EXPECT_EQ(describe(buttons->poll_at(kNow + 1000)), "");
}

TEST_F(GpioButtonsTest, PressSpreadOverSeveralPollsIsOnePress) {
  const auto buttons = open();
  edge(27, fake_gpiod::Edge::Falling, kNow);
  EXPECT_EQ(describe(buttons->poll_at(kNow + 50)), "");
  edge(27, fake_gpiod::Edge::Rising, kNow + 100);
  EXPECT_EQ(describe(buttons->poll_at(kNow + 110)), "");
  EXPECT_EQ(describe(buttons->poll_at(kNow + 120)), "PASS:short@120/gpio");
}

TEST_F(GpioButtonsTest, HeldUndoIsALongPressMeaningRedoBeforeItIsLetGo) {
  const auto buttons = open();
  edge(22, fake_gpiod::Edge::Falling, kNow);
  EXPECT_EQ(describe(buttons->poll_at(kNow + 700)), "");
  const auto presses = buttons->poll_at(kNow + 820);
  EXPECT_EQ(describe(presses), "UNDO:long@800/gpio");
  ASSERT_EQ(presses.size(), 1u);
  EXPECT_EQ(meaning(presses[0]), Button::Redo);
  edge(22, fake_gpiod::Edge::Rising, kNow + 1500);
  EXPECT_EQ(describe(buttons->poll_at(kNow + 2000)), "");
}

TEST_F(GpioButtonsTest, TwoButtonsAtOnceGiveBothPresses) {
  const auto buttons = open();
  bouncy_press(23, kNow, kNow + 100);
  bouncy_press(24, kNow + 5, kNow + 90);
  EXPECT_EQ(describe(buttons->poll_at(kNow + 300)), "DOWN:short@113/gpio UP:short@123/gpio");
}

TEST_F(GpioButtonsTest, MissingChipNamesTheLabelAndTheChipsFound) {
  fake_gpiod::reset();
  fake_gpiod::add_chip("gpiochip0", "gpio-sim.0", 8);
  fake_gpiod::add_chip("gpiochip1", "ftdi-cbus", 4);
  EXPECT_EQ(error_of(),
            "no GPIO chip labelled pinctrl-bcm2711 nor pinctrl-rp1, pinctrl-bcm2835 "
            "(found: gpiochip0 [gpio-sim.0], gpiochip1 [ftdi-cbus])");
  fake_gpiod::reset();
  EXPECT_EQ(error_of(), "no GPIO chip labelled pinctrl-bcm2711 nor pinctrl-rp1, pinctrl-bcm2835 (found: none)");
}

TEST_F(GpioButtonsTest, Pi5ChipIsFoundWhenThePi4LabelIsConfigured) {
  fake_gpiod::reset();
  fake_gpiod::add_chip("gpiochip0", "pinctrl-bcm2712", 32);
  fake_gpiod::add_chip("gpiochip4", "pinctrl-rp1", 54);
  const auto buttons = open();
  ASSERT_TRUE(buttons);
  EXPECT_NE(buttons->describe().find("gpiochip4 [pinctrl-rp1]"), std::string::npos) << buttons->describe();
  EXPECT_TRUE(fake_gpiod::line("gpiochip4", 17).requested);
}

TEST_F(GpioButtonsTest, ConfiguredLabelWinsOverTheKnownOnes) {
  fake_gpiod::add_chip("gpiochip1", "my-expander", 16);
  GpioConfig config;
  config.chip_label = "my-expander";
  config.lines = {{Button::Ok, 3}};
  const auto buttons = open(config);
  EXPECT_TRUE(fake_gpiod::line("gpiochip1", 3).requested);
}

TEST_F(GpioButtonsTest, UnreadableChipListSuggestsTheGpioGroup) {
  fake_gpiod::fail_listing(EACCES);
  EXPECT_EQ(error_of(), "cannot list the GPIO chips: Permission denied (is the user in the gpio group?)");
}

TEST_F(GpioButtonsTest, BusyLineNamesTheLineTheButtonAndItsUser) {
  fake_gpiod::set_busy("gpiochip0", 23, "lirc");
  EXPECT_EQ(error_of(), "GPIO line 23 (UP) is busy, used by \"lirc\": Device or resource busy");
  EXPECT_FALSE(fake_gpiod::line("gpiochip0", 17).requested) << "lines requested before the busy one are released";
}

TEST_F(GpioButtonsTest, LineBeyondTheChipIsNamed) {
  fake_gpiod::reset();
  fake_gpiod::add_chip("gpiochip0", "pinctrl-bcm2711", 8);
  GpioConfig config;
  config.lines = {{Button::Ok, 17}};
  EXPECT_EQ(error_of(config), "GPIO line 17 (OK) is not on gpiochip0 [pinctrl-bcm2711], which has lines 0-7");
}

TEST_F(GpioButtonsTest, ClosingReleasesTheLinesForTheNextOpen) {
  open().reset();
  EXPECT_FALSE(fake_gpiod::line("gpiochip0", 17).requested);
  EXPECT_TRUE(open());
}

}  // namespace
}  // namespace seneschal::firmware
