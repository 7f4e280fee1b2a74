#include "seneschal/firmware/config/gpio_config.hpp"

#include <gtest/gtest.h>

#include <set>

#include "seneschal/firmware/input/button_input.hpp"

namespace seneschal::firmware {
namespace {

std::string error_of(const Result<std::map<Button, unsigned>>& result) {
  return result ? "no error" : result.error().message;
}

TEST(GpioConfigTest, LineMapParsesButtonsToBcmNumbers) {
  const auto lines = parse_gpio_lines("ok=17,pass=27,undo=22");
  ASSERT_TRUE(lines) << lines.error().message;
  EXPECT_EQ(*lines, (std::map<Button, unsigned>{{Button::Ok, 17}, {Button::Pass, 27}, {Button::Undo, 22}}));
}

TEST(GpioConfigTest, LineMapAllowsSpacesAndAnyCase) {
  const auto lines = parse_gpio_lines(" OK = 17 , Timer=5,redo=6 ");
  ASSERT_TRUE(lines) << lines.error().message;
  EXPECT_EQ(*lines, (std::map<Button, unsigned>{{Button::Ok, 17}, {Button::Timer, 5}, {Button::Redo, 6}}));
}

TEST(GpioConfigTest, LineMapErrorsNameTheBadItem) {
  EXPECT_EQ(error_of(parse_gpio_lines("ok=17,pas=27")),
            "GPIO line map item \"pas=27\": no button is called \"pas\" (OK PASS UNDO REDO UP DOWN MENU TIMER)");
  EXPECT_EQ(error_of(parse_gpio_lines("ok=x")),
            "GPIO line map item \"ok=x\": \"x\" is not a GPIO line number (BCM 0-63)");
  EXPECT_EQ(error_of(parse_gpio_lines("ok=177")),
            "GPIO line map item \"ok=177\": \"177\" is not a GPIO line number (BCM 0-63)");
  EXPECT_EQ(error_of(parse_gpio_lines("ok17")), "GPIO line map item \"ok17\": expected BUTTON=LINE, e.g. ok=17");
  EXPECT_EQ(error_of(parse_gpio_lines("ok=17,")), "GPIO line map item \"\": expected BUTTON=LINE, e.g. ok=17");
  EXPECT_EQ(error_of(parse_gpio_lines("ok=17,pass=17")), "GPIO line map item \"pass=17\": line 17 is already OK's");
  EXPECT_EQ(error_of(parse_gpio_lines("ok=17,OK=18")), "GPIO line map item \"OK=18\": OK is given a line twice");
  EXPECT_EQ(error_of(parse_gpio_lines("  ")), "the GPIO line map is empty (expected e.g. \"ok=17,pass=27\")");
}

TEST(GpioConfigTest, DefaultLinesLeaveI2cSpiAndUartFree) {
  const std::set<unsigned> taken{0, 1, 2, 3, 7, 8, 9, 10, 11, 14, 15};  // ID EEPROM, I2C1, SPI0, UART0
  GpioConfig config;
  for (const auto& [button, line] : config.lines) EXPECT_FALSE(taken.count(line)) << to_string(button) << "=" << line;
  EXPECT_FALSE(taken.count(*config.buzzer_line));
  EXPECT_FALSE(taken.count(*config.led_line));
  EXPECT_FALSE(config.lines.count(Button::Redo)) << "REDO is a long UNDO";
  EXPECT_TRUE(check_gpio_config(config));
}

TEST(GpioConfigTest, OneLineForTwoPurposesIsRefused) {
  GpioConfig config;
  config.buzzer_line = 17;
  const auto checked = check_gpio_config(config);
  ASSERT_FALSE(checked);
  EXPECT_EQ(checked.error().message, "GPIO line 17 is given to both OK and the buzzer");
}

TEST(GpioConfigTest, LongPressShorterThanTheDebounceIsRefused) {
  GpioConfig config;
  config.long_press_ms = 10;
  EXPECT_FALSE(check_gpio_config(config));
}

TEST(GpioConfigTest, LongOkIsMenuAndLongUndoIsRedo) {
  EXPECT_EQ(long_press_meaning(Button::Ok), Button::Menu);
  EXPECT_EQ(long_press_meaning(Button::Undo), Button::Redo);
  EXPECT_EQ(long_press_meaning(Button::Timer), Button::Timer);
  EXPECT_EQ(long_press_meaning(Button::Pass), Button::Pass);
  EXPECT_EQ(meaning(ButtonPress{Button::Undo, true, 0, "gpio"}), Button::Redo);
  EXPECT_EQ(meaning(ButtonPress{Button::Undo, false, 0, "gpio"}), Button::Undo);
}

}  // namespace
}  // namespace seneschal::firmware
