// At the game's end: the winner, the kind of victory, and renown and food per turn as line
// charts, one line per seat in its colour with its own marker shape, labelled axes and a legend.

#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "Screens.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display {
namespace {

class GameEndChartTest : public testing::RendererTest {};

TEST_F(GameEndChartTest, SaysWhoWonAndHow) {
  const Trace trace = draw(screens::game_end()).trace;
  EXPECT_NE(testing::find_text(trace, "Mark wins"), nullptr);
  EXPECT_NE(testing::find_text(trace, "Game over \u00B7 dominance victory"), nullptr);
}

TEST_F(GameEndChartTest, EachSeatHasALineInItsColourInBothCharts) {
  const testing::Drawing drawing = draw(screens::game_end());
  for (const char* chart : {"renown chart", "food chart"}) {
    const DrawnBox* box = testing::find_box(drawing.trace, chart);
    ASSERT_NE(box, nullptr) << chart;
    for (std::size_t seat = 0; seat < 4; ++seat) {
      EXPECT_GT(testing::pixels_of_colour(drawing.image, box->box, palette::seat_colour(seat)), 150) << chart << " " << seat;
    }
  }
}

TEST_F(GameEndChartTest, AxesAndLegendAreLabelled) {
  const engine::ViewModel view = screens::game_end();
  const Trace trace = draw(view).trace;
  for (const char* title : {"Renown", "Food"}) EXPECT_NE(testing::find_text(trace, title), nullptr) << title;
  int turn_labels = 0;
  for (const DrawnText& text : trace.texts) turn_labels += text.text == "Turn" ? 1 : 0;
  EXPECT_EQ(turn_labels, 2);
  for (const char* turn : {"2", "12"}) EXPECT_NE(testing::find_text(trace, turn), nullptr) << turn;
  const DrawnBox* legend = testing::find_box(trace, "chart legend");
  ASSERT_NE(legend, nullptr);
  const std::vector<std::string> names = testing::texts_in(trace, legend->box);
  for (const engine::SeatView& seat : view.seats) EXPECT_TRUE(testing::contains_text(names, seat.name)) << seat.name;
}

// Colour is not the only cue: six seats, six marker shapes.
TEST_F(GameEndChartTest, EverySeatHasItsOwnMarkerShape) {
  std::set<palette::Marker> shapes;
  for (std::size_t seat = 0; seat < 6; ++seat) shapes.insert(palette::seat_marker(seat));
  EXPECT_EQ(shapes.size(), 6u);
}

TEST_F(GameEndChartTest, WithoutHistoryTheWinnerCardStandsAlone) {
  const Trace trace = draw(screens::winner_after(0)).trace;
  EXPECT_NE(testing::find_box(trace, "winner card"), nullptr);
  EXPECT_EQ(testing::find_box(trace, "renown chart"), nullptr);
  EXPECT_EQ(testing::find_text(trace, "Renown"), nullptr);
}

TEST_F(GameEndChartTest, ASingleTurnIsOnePointLabelledOne) {
  const testing::Drawing drawing = draw(screens::winner_after(1));
  const DrawnBox* chart = testing::find_box(drawing.trace, "renown chart");
  ASSERT_NE(chart, nullptr);
  const std::vector<std::string> texts = testing::texts_in(drawing.trace, chart->box);
  EXPECT_TRUE(testing::contains_text(texts, "1"));
  EXPECT_GT(testing::pixels_of_colour(drawing.image, chart->box, palette::seat_colour(0)), 30) << "its marker";
}

// Forty turns: the turn axis is labelled in round steps that do not crowd each other (the
// layout checks also run over this board at every size).
TEST_F(GameEndChartTest, FortyTurnsAreLabelledInRoundSteps) {
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1920, 1080}}) {
    const Trace trace = draw(screens::winner_after(40), size).trace;
    const DrawnBox* chart = testing::find_box(trace, "food chart");
    ASSERT_NE(chart, nullptr);
    const std::vector<std::string> texts = testing::texts_in(trace, chart->box);
    EXPECT_TRUE(testing::contains_text(texts, "40")) << size.width;
    EXPECT_FALSE(testing::contains_text(texts, "39")) << size.width;
  }
}

}  // namespace
}  // namespace seneschal::display
