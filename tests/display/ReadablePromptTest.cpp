// What the table must read is never cut at 800x480 (issue 21): a rules check's whole reason,
// however long, wraps in the banner; the legend's words stay whole with the longest hints the
// rules give; the toast of a move a check stopped is amber with a warning sign, not a green
// tick; and the game-over screen offers no timer key.

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "Screens.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display {
namespace {

using testing::Drawing;

const std::vector<ScreenSize> kSizes = {{800, 480}, {1024, 600}, {1920, 1080}};
const std::string kEllipsis = "\u2026";

class ReadablePromptTest : public testing::RendererTest {
 protected:
  // The texts drawn on the board (not an overlay) inside the named box, in the order drawn.
  static std::vector<DrawnText> texts_in(const Drawing& drawing, const std::string& box_name) {
    std::vector<DrawnText> texts;
    const DrawnBox* box = testing::find_box(drawing.trace, box_name);
    EXPECT_NE(box, nullptr) << box_name;
    if (!box) return texts;
    for (const DrawnText& text : drawing.trace.texts) {
      if (text.layer == 0 && testing::within(box->box, text.container)) texts.push_back(text);
    }
    return texts;
  }

  static std::string joined(const std::vector<DrawnText>& texts) {
    std::string all;
    for (const DrawnText& text : texts) all += (all.empty() ? "" : " ") + text.text;
    return all;
  }
};

TEST_F(ReadablePromptTest, EveryLongCheckIsReadWholeInTheBanner) {
  for (const ScreenSize size : kSizes) {
    for (const std::string& reason : screens::longest_check_reasons()) {
      engine::ViewModel crowded = screens::long_check_at_a_crowded_table();
      crowded.prompt = screens::check_waiting(reason).prompt;
      for (const engine::ViewModel& view : {screens::check_waiting(reason), crowded}) {
        SCOPED_TRACE(::testing::Message() << size.width << "x" << size.height << ": " << view.seats[0].name << ", "
                                          << reason);
        const Drawing drawing = draw(view, size);
        const std::vector<DrawnText> banner = texts_in(drawing, "banner");
        const DrawnBox* box = testing::find_box(drawing.trace, "banner");
        ASSERT_NE(box, nullptr);
        EXPECT_NE(joined(banner).find(view.prompt), std::string::npos) << "drawn: " << joined(banner);
        for (const DrawnText& text : banner) {
          EXPECT_EQ(text.text.find(kEllipsis), std::string::npos) << "cut: " << text.text;
          EXPECT_TRUE(testing::within(text.container, text.ink)) << text.text;
          EXPECT_TRUE(testing::within(box->box, text.ink)) << text.text;
          if (size == ScreenSize{800, 480}) {
            EXPECT_GE(text.size, 16u) << text.text;
          }
        }
        // The acting seat is still named beside the check.
        EXPECT_NE(joined(banner).find(" to act"), std::string::npos);
      }
    }
  }
}

TEST_F(ReadablePromptTest, AShortPromptKeepsTheBannerToOneLine) {
  const Drawing drawing = draw(screens::board_with_choices());
  const DrawnBox* box = testing::find_box(drawing.trace, "banner");
  ASSERT_NE(box, nullptr);
  EXPECT_EQ(box->box, layout_board({800, 480}, 2, Column::Shown).banner) << "the reference screen is unchanged";
}

TEST_F(ReadablePromptTest, TheLongestButtonHintsAreNeverCut) {
  for (const ScreenSize size : kSizes) {
    for (const engine::ViewModel& view :
         {screens::long_check_at_a_crowded_table(), screens::crowded_table(), screens::menu_and_timers()}) {
      SCOPED_TRACE(::testing::Message() << size.width << "x" << size.height << ": OK " << view.ok_hint);
      const std::vector<DrawnText> legend = texts_in(draw(view, size), "button legend");
      std::vector<std::string> words;
      for (const DrawnText& text : legend) {
        words.push_back(text.text);
        EXPECT_EQ(text.text.find(kEllipsis), std::string::npos) << "cut: " << text.text;
        if (size == ScreenSize{800, 480}) {
          EXPECT_GE(text.size, 16u) << text.text;
        }
      }
      // A ringing alarm takes OK before the prompt does.
      const bool ringing = std::any_of(view.timers.begin(), view.timers.end(), [](const auto& t) { return t.alarm; });
      const std::string ok = ringing ? "stop the alarm" : view.ok_hint;
      for (const std::string& hint : {ok, view.pass_hint, std::string("MENU")}) {
        if (hint.empty()) continue;
        EXPECT_TRUE(testing::contains_text(words, hint)) << hint << " in " << joined(legend);
      }
    }
  }
}

TEST_F(ReadablePromptTest, TheGameOverScreenOffersNoTimerKey) {
  engine::ViewModel view = screens::game_end();
  view.timers = screens::timer_running().timers;
  const std::string over = joined(texts_in(draw(view), "button legend"));
  EXPECT_EQ(over.find("TIMER"), std::string::npos) << over;
  EXPECT_NE(over.find("MENU"), std::string::npos) << over;
  view.winner.reset();  // the same timer while the game goes on: TIMER is offered
  const std::string playing = joined(texts_in(draw(view), "button legend"));
  EXPECT_NE(playing.find("TIMER"), std::string::npos) << playing;
}

TEST_F(ReadablePromptTest, AMoveAChecksStoppedGetsAnAmberToastNotAGreenTick) {
  const engine::ViewModel view = screens::check_waiting(screens::longest_check_reasons().back());
  const Drawing drawing = draw(view);
  const DrawnText* title = testing::find_text(drawing.trace, "\u26A0 key OK");
  ASSERT_NE(title, nullptr) << "the toast leads with a warning sign, not a tick";
  const sf::FloatRect band{0, title->container.top, 800, title->container.height};
  EXPECT_GT(testing::pixels_of_colour(drawing.image, band, palette::warned), 5000);
  EXPECT_EQ(testing::pixels_of_colour(drawing.image, band, palette::accepted), 0);
  EXPECT_NE(testing::find_text(drawing.trace, "\u2014 a rules check waits: see the prompt"), nullptr);
}

}  // namespace
}  // namespace seneschal::display
