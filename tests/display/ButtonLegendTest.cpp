// The legend along the bottom says, at all times, what each button does now.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "Screens.hpp"

namespace seneschal::display {
namespace {

class ButtonLegendTest : public testing::RendererTest {
 protected:
  // What the legend strip says, left to right.
  std::vector<std::string> legend(const engine::ViewModel& view, ScreenSize size = {800, 480}) const {
    const testing::Drawing drawing = testing::draw(*renderer_, view, size);
    const DrawnBox* strip = testing::find_box(drawing.trace, "button legend");
    EXPECT_NE(strip, nullptr);
    return strip ? testing::texts_in(drawing.trace, strip->box) : std::vector<std::string>{};
  }
};

TEST_F(ButtonLegendTest, SaysWhatOkPassUpDownAndMenuDo) {
  EXPECT_EQ(legend(screens::board_with_choices()),
            (std::vector<std::string>{"OK", "pay with food", "PASS", "pass", "\u25B2\u25BC", "choose", "MENU", "menu"}));
}

TEST_F(ButtonLegendTest, LeavesOutButtonsThatDoNothingNow) {
  engine::ViewModel view = screens::board_with_choices();
  view.prompt_options.clear();
  view.ok_hint.clear();
  view.pass_hint.clear();
  EXPECT_EQ(legend(view), (std::vector<std::string>{"MENU", "menu"}));
}

TEST_F(ButtonLegendTest, ANumberPromptSaysUpDownSetsItAndOkEntersIt) {
  engine::ViewModel view = screens::board_with_choices();
  view.prompt_options.clear();
  view.wants_number = true;
  view.ok_hint.clear();
  EXPECT_EQ(legend(view), (std::vector<std::string>{"OK", "enter", "PASS", "pass", "\u25B2\u25BC", "set the number (held: 5)",
                                                    "MENU", "menu"}));
}

TEST_F(ButtonLegendTest, ChoicesWithoutAnOkMeaningSayOkPicks) {
  engine::ViewModel view = screens::board_with_choices();
  view.ok_hint.clear();
  EXPECT_EQ(legend(view).at(1), "pick");
}

TEST_F(ButtonLegendTest, ARingingAlarmTakesOkFirstAndARunningTimerOffersTimer) {
  const std::vector<std::string> ringing = legend(screens::alarm_ringing());
  ASSERT_GE(ringing.size(), 2u);
  EXPECT_EQ(ringing[0], "OK");
  EXPECT_EQ(ringing[1], "stop the alarm");
  EXPECT_FALSE(testing::contains_text(ringing, "TIMER"));
  const std::vector<std::string> running = legend(screens::timer_running());
  EXPECT_TRUE(testing::contains_text(running, "TIMER"));
  EXPECT_TRUE(testing::contains_text(running, "pause"));
}

// A seat's clock runs while its seat decides: TIMER pauses the sand timer, never the clock.
TEST_F(ButtonLegendTest, ASeatClockIsNoTimerToPause) {
  engine::ViewModel view = screens::board_with_choices();
  view.timers = {{"Mark's clock", 9'000, 60'000, true, false, false}};
  EXPECT_FALSE(testing::contains_text(legend(view), "TIMER"));
  view.timers.insert(view.timers.begin(), engine::TimerView{"Negotiation", 100'000, 180'000, false, false});
  const std::vector<std::string> with_sand = legend(view);
  EXPECT_TRUE(testing::contains_text(with_sand, "TIMER"));
  EXPECT_TRUE(testing::contains_text(with_sand, "resume")) << "the paused sand timer, not the running clock";
}

// `seneschal review` steps through a finished game with the buttons: its own words replace the
// prompt's, which would promise a choice the buttons no longer make.
TEST_F(ButtonLegendTest, ACallersOwnKeysAndWordsReplaceThePrompts) {
  testing::Drawing drawing;
  DrawOptions options{Chrome::Full, &drawing.trace};
  options.legend = {{"OK", "next turn"}, {"\u25B2\u25BC", "a move back / on"}};
  ASSERT_TRUE(render_image(*renderer_, screens::board_with_choices(), {800, 480}, options).has_value());
  const DrawnBox* strip = testing::find_box(drawing.trace, "button legend");
  ASSERT_NE(strip, nullptr);
  EXPECT_EQ(testing::texts_in(drawing.trace, strip->box),
            (std::vector<std::string>{"OK", "next turn", "\u25B2\u25BC", "a move back / on"}));
}

TEST_F(ButtonLegendTest, AnOpenMenuSaysMenuClosesIt) {
  const std::vector<std::string> words = legend(screens::menu_with_eight_options());
  EXPECT_TRUE(testing::contains_text(words, "close the menu"));
  EXPECT_TRUE(testing::contains_text(words, "choose"));
}

// Long hints are cut, the keys never: at every size every key is there in full.
TEST_F(ButtonLegendTest, EveryKeyShowsAtEverySizeEvenWithLongHints) {
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1024, 600}, ScreenSize{1920, 1080}}) {
    const std::vector<std::string> words = legend(screens::menu_and_timers(), size);
    for (const char* key : {"OK", "\u25B2\u25BC", "MENU"}) {
      EXPECT_TRUE(testing::contains_text(words, key)) << key;
    }
  }
}

TEST_F(ButtonLegendTest, StaysUncoveredAtTheGameEnd) {
  const testing::Drawing drawing = testing::draw(*renderer_, screens::game_end());
  const DrawnBox* strip = testing::find_box(drawing.trace, "button legend");
  const DrawnBox* card = testing::find_box(drawing.trace, "winner card");
  ASSERT_TRUE(strip && card);
  EXPECT_LE(card->container.top + card->container.height, strip->box.top) << "the scrim stops above the legend";
  EXPECT_TRUE(testing::contains_text(testing::texts_in(drawing.trace, strip->box), "new game"));
}

TEST_F(ButtonLegendTest, RunsAlongTheBottomEdge) {
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1920, 1080}}) {
    const testing::Drawing drawing = testing::draw(*renderer_, screens::board_with_choices(), size);
    const DrawnBox* strip = testing::find_box(drawing.trace, "button legend");
    ASSERT_NE(strip, nullptr);
    for (const DrawnBox& box : drawing.trace.boxes) {
      if (box.container == strip->container && &box != strip) {
        EXPECT_LE(box.box.top + box.box.height, strip->box.top) << box.name;
      }
    }
  }
}

}  // namespace
}  // namespace seneschal::display
