// The timers in the side column: a big m:ss in a ring that empties as time runs, the warning
// colour in the last 30 s, a flashing alarm with its instruction, "paused" when paused, and
// the most urgent timer as the big one.

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "Screens.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display {
namespace {

class TimerTest : public testing::RendererTest {
 protected:
  // Pixels of this colour in the big timer's ring.
  int ring_pixels(const engine::ViewModel& view, sf::Color colour) const {
    const testing::Drawing drawing = draw(view);
    const DrawnBox* ring = testing::find_box(drawing.trace, "timer ring");
    EXPECT_NE(ring, nullptr);
    return ring ? testing::pixels_of_colour(drawing.image, ring->box, colour) : 0;
  }
};

engine::ViewModel with_timer(engine::TimerView timer) {
  engine::ViewModel view = screens::timer_running();
  view.timers = {std::move(timer)};
  return view;
}

TEST_F(TimerTest, ShowsTheTimeLeftLargeAsMinutesAndSeconds) {
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1024, 600}, ScreenSize{1920, 1080}}) {
    const Trace trace = draw(screens::timer_running(), size).trace;
    const DrawnText* digits = testing::find_text(trace, "0:25");
    ASSERT_NE(digits, nullptr);
    // At least twice the body text, to be read from across the table.
    EXPECT_GE(digits->size, 2 * layout_board(size, 3).text.body) << size.width;
    EXPECT_NE(testing::find_text(trace, "Negotiation"), nullptr);
  }
}

// The same minute left of a 1:30 and of a 3:00 timer: the digits match, the ring does not.
TEST_F(TimerTest, TheRingEmptiesAsTimeRuns) {
  const int two_thirds = ring_pixels(with_timer({"Vote", 60'000, 90'000, true, false}), palette::timer);
  const int one_third = ring_pixels(with_timer({"Vote", 60'000, 180'000, true, false}), palette::timer);
  // The digits alone, under a ring with next to nothing left of a very long timer.
  const int digits = ring_pixels(with_timer({"Vote", 60'000, 600'000'000, true, false}), palette::timer);
  EXPECT_GT(one_third - digits, 500);
  EXPECT_NEAR(static_cast<double>(two_thirds - digits) / (one_third - digits), 2.0, 0.1);
}

TEST_F(TimerTest, TheLastThirtySecondsChangeColour) {
  const engine::ViewModel calm = with_timer({"Vote", 31'000, 60'000, true, false});
  const engine::ViewModel urgent = with_timer({"Vote", 30'000, 60'000, true, false});
  EXPECT_GT(ring_pixels(calm, palette::timer), 500);
  EXPECT_EQ(ring_pixels(calm, palette::urgent), 0);
  EXPECT_GT(ring_pixels(urgent, palette::urgent), 500);
  EXPECT_EQ(ring_pixels(urgent, palette::timer), 0);
}

// Two frames half a second apart: the section's fill swaps between two strong colours, and
// the words stay: "Time!" and how to stop it.
TEST_F(TimerTest, AnAlarmFlashesAndSaysHowToStopIt) {
  const testing::Drawing first = draw(screens::alarm_ringing(1'000'000));
  const testing::Drawing second = draw(screens::alarm_ringing(1'000'500));
  const DrawnBox* box = testing::find_box(first.trace, "timers");
  ASSERT_NE(box, nullptr);
  const auto corner = [&](const sf::Image& image) {
    return image.getPixel(static_cast<unsigned>(box->box.left) + 2, static_cast<unsigned>(box->box.top) + 2);
  };
  EXPECT_EQ(corner(first.image), palette::alarm_first);
  EXPECT_EQ(corner(second.image), palette::alarm_second);
  for (const Trace* trace : {&first.trace, &second.trace}) {
    std::string words;
    for (const std::string& text : testing::texts_in(*trace, box->box)) words += text + " ";
    EXPECT_NE(words.find("Time!"), std::string::npos) << words;
    EXPECT_NE(words.find("OK to stop the"), std::string::npos) << words;
    EXPECT_NE(words.find("alarm"), std::string::npos) << words;
  }
  // The same clock always draws the same frame.
  EXPECT_EQ(testing::differing_pixels(first.image, draw(screens::alarm_ringing(1'000'000)).image, {0, 0, 800, 480}), 0);
}

TEST_F(TimerTest, APausedTimerSaysPaused) {
  engine::ViewModel view = with_timer({"Vote", 95'000, 180'000, false, false});
  const Trace trace = draw(view).trace;
  EXPECT_NE(testing::find_text(trace, "paused"), nullptr);
  EXPECT_NE(testing::find_text(trace, "1:35"), nullptr);
  EXPECT_EQ(ring_pixels(view, palette::timer), 0) << "a paused ring is dimmed";
  view.timers[0].running = true;
  EXPECT_EQ(testing::find_text(draw(view).trace, "paused"), nullptr);
}

// The big ring goes to the most urgent timer; the others are listed small with name and time.
TEST_F(TimerTest, TheMostUrgentTimerIsTheBigOne) {
  engine::ViewModel view = screens::timer_running();
  view.timers = {{"Feast", 120'000, 180'000, true, false},
                 {"Vote", 40'000, 60'000, true, false},
                 {"Council", 10'000, 60'000, false, false}};
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1920, 1080}}) {
    const Trace trace = draw(view, size).trace;
    const DrawnText* vote = testing::find_text(trace, "0:40");
    const DrawnText* feast = testing::find_text(trace, "2:00");
    const DrawnText* council = testing::find_text(trace, "0:10");
    ASSERT_TRUE(vote && feast && council);
    EXPECT_GT(vote->size, feast->size);
    EXPECT_EQ(feast->size, council->size);
    for (const char* name : {"Feast", "Council"}) EXPECT_NE(testing::find_text(trace, name), nullptr) << name;
  }
}

TEST_F(TimerTest, ARingingAlarmOutranksARunningTimer) {
  const Trace trace = draw(screens::three_timers_one_alarming()).trace;
  const DrawnText* time = testing::find_text(trace, "Time!");
  const DrawnText* running = testing::find_text(trace, "1:35");
  ASSERT_TRUE(time && running);
  EXPECT_GT(time->size, running->size);
}

// The timer takes the column; the seats keep their panels and the acting seat its frame.
TEST_F(TimerTest, ARunningTimerLeavesWhoseTurnItIsInView) {
  const engine::ViewModel view = screens::timer_running();
  const testing::Drawing drawing = draw(view);
  const BoardLayout layout = layout_for(view, {800, 480});
  ASSERT_EQ(layout.seats.size(), 3u);
  const sf::FloatRect& anna = layout.seats[0];
  EXPECT_EQ(drawing.image.getPixel(static_cast<unsigned>(anna.left) + 1, static_cast<unsigned>(anna.top + anna.height / 2)),
            palette::seat_colour(0));
  EXPECT_NE(testing::find_text(drawing.trace, "Anna to act"), nullptr);
  EXPECT_LE(layout.seats.back().left + layout.seats.back().width, layout.column.left);
}

}  // namespace
}  // namespace seneschal::display
