#include "seneschal/display/layout.hpp"

#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "seneschal/display/fonts.hpp"

namespace seneschal::display {
namespace {

const std::vector<ScreenSize> kScreens = {{800, 480}, {1024, 600}, {1920, 1080}};

bool on_screen(const sf::FloatRect& box, ScreenSize screen) {
  return box.left >= 0 && box.top >= 0 && box.width > 0 && box.height > 0 &&
         box.left + box.width <= static_cast<float>(screen.width) &&
         box.top + box.height <= static_cast<float>(screen.height);
}

TEST(LayoutTest, EveryBoxIsOnScreenForEverySizeAndSeatCount) {
  for (const ScreenSize screen : kScreens) {
    for (std::size_t seats = 1; seats <= 6; ++seats) {
      SCOPED_TRACE(::testing::Message() << screen.width << "x" << screen.height << ", " << seats << " seats");
      const BoardLayout layout = layout_board(screen, seats);
      EXPECT_TRUE(on_screen(layout.banner, screen));
      EXPECT_TRUE(on_screen(layout.bottom, screen));
      ASSERT_EQ(layout.seats.size(), seats);
      for (const sf::FloatRect& panel : layout.seats) {
        EXPECT_TRUE(on_screen(panel, screen));
        EXPECT_GE(panel.top, layout.banner.top + layout.banner.height);
        EXPECT_LE(panel.top + panel.height, layout.bottom.top);
      }
    }
  }
}

TEST(LayoutTest, PanelsSitSideBySideInSeatOrderWithAGap) {
  for (const ScreenSize screen : kScreens) {
    const BoardLayout layout = layout_board(screen, 5);
    for (std::size_t i = 1; i < layout.seats.size(); ++i) {
      EXPECT_GE(layout.seats[i].left, layout.seats[i - 1].left + layout.seats[i - 1].width + layout.margin);
      EXPECT_EQ(layout.seats[i].top, layout.seats[0].top);
      EXPECT_EQ(layout.seats[i].width, layout.seats[0].width);
    }
    // The panels share out the width rather than leaving a strip unused.
    const sf::FloatRect& last = layout.seats.back();
    EXPECT_GE(last.left + last.width, static_cast<float>(screen.width) - layout.margin - 6);
  }
}

TEST(LayoutTest, NoTextBelowSixteenPixelsAt800x480) {
  const BoardLayout layout = layout_board({800, 480}, 6);
  EXPECT_FLOAT_EQ(layout.scale, 1.f);
  for (unsigned size : {layout.text.heading, layout.text.name, layout.text.prompt, layout.text.body, layout.text.small}) {
    EXPECT_GE(size, 16u);
  }
}

TEST(LayoutTest, TextAndBoxesGrowWithTheScreen) {
  const BoardLayout small = layout_board({800, 480}, 2);
  const BoardLayout medium = layout_board({1024, 600}, 2);
  const BoardLayout large = layout_board({1920, 1080}, 2);
  EXPECT_LT(small.text.small, medium.text.small);
  EXPECT_LT(medium.text.small, large.text.small);
  EXPECT_LT(small.banner.height, large.banner.height);
  EXPECT_LT(small.bottom.height, large.bottom.height);
  EXPECT_NEAR(large.text.heading, 24 * 2.25, 1);
}

// A row must hold a line of its font, or descenders would run into the next row.
TEST(LayoutTest, RowsAreTallerThanTheFontsLineSpacing) {
  auto fonts = Fonts::load(testing::kAssets);
  ASSERT_TRUE(fonts.has_value()) << fonts.error().message;
  for (const ScreenSize screen : kScreens) {
    const BoardLayout layout = layout_board(screen, 3);
    for (unsigned size : {layout.text.heading, layout.text.name, layout.text.prompt, layout.text.body, layout.text.small}) {
      EXPECT_GE(layout.row(size), fonts->regular().getLineSpacing(size)) << size << " px";
      EXPECT_GE(layout.row(size), fonts->bold().getLineSpacing(size)) << size << " px";
    }
  }
}

bool contains(const sf::FloatRect& outer, const sf::FloatRect& inner) {
  return inner.left >= outer.left && inner.top >= outer.top && inner.left + inner.width <= outer.left + outer.width &&
         inner.top + inner.height <= outer.top + outer.height;
}

// The bottom zone holds the toast band with the newest log line under it, or two log lines.
TEST(LayoutTest, BottomZoneHoldsTheToastAndALogLine) {
  for (const ScreenSize screen : kScreens) {
    const BoardLayout layout = layout_board(screen, 2);
    EXPECT_TRUE(contains(layout.bottom, layout.toast));
    EXPECT_TRUE(contains(layout.bottom, layout.log_under_toast));
    EXPECT_GE(layout.toast.height, layout.row(layout.text.prompt));
    EXPECT_GE(layout.log_under_toast.top, layout.toast.top + layout.toast.height);
    EXPECT_GE(layout.log_under_toast.height, layout.row(layout.text.small));
    EXPECT_GE(layout.bottom.height, 2 * layout.row(layout.text.small));
  }
}

bool apart(const sf::FloatRect& a, const sf::FloatRect& b) {
  return a.left + a.width <= b.left || b.left + b.width <= a.left || a.top + a.height <= b.top || b.top + b.height <= a.top;
}

// The column of timers and choices takes the right of the panels' band; the seats share the rest.
TEST(LayoutTest, ColumnStandsRightOfTheSeatPanels) {
  for (const ScreenSize screen : kScreens) {
    for (std::size_t seats = 1; seats <= 6; ++seats) {
      SCOPED_TRACE(::testing::Message() << screen.width << "x" << screen.height << ", " << seats << " seats");
      const BoardLayout layout = layout_board(screen, seats, Column::Shown);
      EXPECT_TRUE(on_screen(layout.column, screen));
      // The column runs the height of the panels' band, one row of panels or two.
      const sf::FloatRect& last = layout.seats.back();
      EXPECT_EQ(layout.column.top, layout.seats[0].top);
      EXPECT_NEAR(layout.column.top + layout.column.height, last.top + last.height, 1);
      for (const sf::FloatRect& panel : layout.seats) {
        EXPECT_GE(layout.column.left, panel.left + panel.width + layout.margin);
      }
      EXPECT_GE(layout.column.width, 248 * layout.scale - 1);
    }
    EXPECT_EQ(layout_board(screen, 3).column.width, 0) << "no column unless asked";
  }
}

// Five or six seats beside the column would be panels too narrow for a name (80-100 px at
// 800x480): they go in two rows, in reading order, no panel narrower than 100 px (scaled).
TEST(LayoutTest, ManySeatsBesideTheColumnGoInTwoRows) {
  for (const ScreenSize screen : kScreens) {
    for (std::size_t seats = 4; seats <= 6; ++seats) {
      SCOPED_TRACE(::testing::Message() << screen.width << "x" << screen.height << ", " << seats << " seats");
      const BoardLayout layout = layout_board(screen, seats, Column::Shown);
      for (const sf::FloatRect& panel : layout.seats) {
        EXPECT_GE(panel.width, std::round(100 * layout.scale));
        EXPECT_TRUE(on_screen(panel, screen));
      }
      for (std::size_t i = 1; i < seats; ++i) {
        const sf::FloatRect& a = layout.seats[i - 1];
        const sf::FloatRect& b = layout.seats[i];
        EXPECT_TRUE(b.top > a.top || b.left >= a.left + a.width + layout.margin) << "seat " << i << " follows in reading order";
      }
    }
  }
  const BoardLayout six = layout_board({800, 480}, 6, Column::Shown);
  EXPECT_EQ(six.seats[0].top, six.seats[2].top);
  EXPECT_GT(six.seats[3].top, six.seats[2].top + six.seats[2].height);
  EXPECT_EQ(layout_board({800, 480}, 6).seats[5].top, layout_board({800, 480}, 6).seats[0].top)
      << "without the column six seats keep one row (110 px each)";
}

// The legend sits on the bottom edge, under the bottom zone, clear of every other box.
TEST(LayoutTest, LegendRunsAlongTheBottomEdge) {
  for (const ScreenSize screen : kScreens) {
    const BoardLayout layout = layout_board(screen, 4, Column::Shown);
    EXPECT_TRUE(on_screen(layout.legend, screen));
    EXPECT_NEAR(layout.legend.top + layout.legend.height, static_cast<float>(screen.height) - layout.margin, 1);
    EXPECT_GE(layout.legend.height, layout.row(layout.text.body));
    for (const sf::FloatRect& box : {layout.banner, layout.bottom, layout.column, layout.seats[0]}) {
      EXPECT_TRUE(apart(box, layout.legend));
    }
    // The game-end card's room stops above it.
    EXPECT_LE(layout.overlay.top + layout.overlay.height, layout.legend.top);
  }
}

TEST(LayoutTest, BoardOnlyHasNeitherColumnNorLegend) {
  const BoardLayout layout = layout_board({800, 480}, 2, Column::Shown, Chrome::BoardOnly);
  EXPECT_EQ(layout.column.width, 0);
  EXPECT_EQ(layout.legend.height, 0);
  EXPECT_EQ(layout.bottom.top + layout.bottom.height, 480 - layout.margin);
}

TEST(LayoutTest, TheViewDecidesWhetherThereIsAColumn) {
  engine::ViewModel view = testing::two_seats();
  EXPECT_EQ(layout_for(view, {800, 480}).column.width, 0);
  view.timers = {{"Vote", 1'000, 60'000, true, false}};
  EXPECT_GT(layout_for(view, {800, 480}).column.width, 0);
  view.timers.clear();
  view.prompt_options = {"Yes", "No"};
  EXPECT_GT(layout_for(view, {800, 480}).column.width, 0);
}

TEST(LayoutTest, NoSeatsMeansNoPanels) {
  const BoardLayout layout = layout_board({800, 480}, 0);
  EXPECT_TRUE(layout.seats.empty());
  EXPECT_TRUE(on_screen(layout.banner, {800, 480}));
}

}  // namespace
}  // namespace seneschal::display
