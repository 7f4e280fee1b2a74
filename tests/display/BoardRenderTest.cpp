#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "Screens.hpp"
#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/layout.hpp"
#include "seneschal/display/palette.hpp"
#include "seneschal/display/render_image.hpp"
#include "seneschal/display/short_name.hpp"

namespace seneschal::display {
namespace {

using namespace fixtures;

constexpr ScreenSize k800x480{800, 480};

class BoardRenderTest : public testing::RendererTest {
 protected:
  // The details page, whose panels layout_board places.
  sf::Image render(const engine::ViewModel& view, ScreenSize size = k800x480) const {
    DrawOptions details;
    details.page = Page::Details;
    auto image = render_image(*renderer_, view, size, details);
    EXPECT_TRUE(image.has_value()) << image.error().message;
    return image.has_value() ? image.value() : sf::Image();
  }

  // A pixel on the panel's border: one in from its left edge, halfway down.
  static sf::Color border_pixel(const sf::Image& image, const sf::FloatRect& panel) {
    return image.getPixel(static_cast<unsigned>(panel.left) + 1, static_cast<unsigned>(panel.top + panel.height / 2));
  }

};

TEST_F(BoardRenderTest, ActingSeatPanelIsHighlighted) {
  const engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  const sf::Image image = render(view);
  EXPECT_EQ(border_pixel(image, layout.seats[0]), palette::seat_colour(0));
  EXPECT_NE(border_pixel(image, layout.seats[1]), palette::seat_colour(1));
  EXPECT_EQ(border_pixel(image, layout.seats[1]), palette::panel_border);
  // The frame is thick: four pixels in it is still the seat's colour.
  EXPECT_EQ(image.getPixel(static_cast<unsigned>(layout.seats[0].left) + 4, 300), palette::seat_colour(0));
}

TEST_F(BoardRenderTest, HighlightFollowsTheActingSeat) {
  engine::ViewModel view = testing::two_seats();
  view.seats[0].acting = false;
  view.seats[1].acting = true;
  const BoardLayout layout = layout_board(k800x480, 2);
  const sf::Image image = render(view);
  EXPECT_EQ(border_pixel(image, layout.seats[0]), palette::panel_border);
  EXPECT_EQ(border_pixel(image, layout.seats[1]), palette::seat_colour(1));
}

TEST_F(BoardRenderTest, BannerNamesWhoActsInTheirColour) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  const sf::Image marks_turn = render(view);
  view.seats[0].acting = false;
  view.seats[1].acting = true;
  const sf::Image shawns_turn = render(view);
  EXPECT_GT(testing::pixels_of_colour(marks_turn, layout.banner, palette::seat_colour(0)), 300);
  EXPECT_EQ(testing::pixels_of_colour(marks_turn, layout.banner, palette::seat_colour(1)), 0);
  EXPECT_GT(testing::pixels_of_colour(shawns_turn, layout.banner, palette::seat_colour(1)), 300);
}

TEST_F(BoardRenderTest, ToastBandColourFollowsTheVerdict) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  // The band's far right end: past any text, which stops a padding short of it.
  const unsigned x = static_cast<unsigned>(layout.toast.left + layout.toast.width) - 2;
  const unsigned y = static_cast<unsigned>(layout.toast.top) + 2;

  EXPECT_EQ(render(view).getPixel(x, y), palette::background);
  view.toast = engine::ScanToast{engine::ScanToast::Verdict::Accepted, "Hektor", "Mark brings Hektor into play"};
  const sf::Color accepted = render(view).getPixel(x, y);
  view.toast = engine::ScanToast{engine::ScanToast::Verdict::Refused, "Hektor", "Hektor comes into play in Summer"};
  const sf::Color refused = render(view).getPixel(x, y);
  EXPECT_EQ(accepted, palette::accepted);
  EXPECT_EQ(refused, palette::refused);
  EXPECT_NE(accepted, refused);
}

TEST_F(BoardRenderTest, ToastShowsItsText) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  const sf::FloatRect& band = layout.toast;
  view.toast = engine::ScanToast{engine::ScanToast::Verdict::Accepted, "Hektor", ""};
  const sf::Image short_toast = render(view);
  view.toast->detail = "Mark brings Hektor into play";
  const sf::Image long_toast = render(view);
  // Dark text on the band: more of it when there is more to say.
  const sf::Color ink = palette::ink_on(palette::accepted);
  EXPECT_GT(testing::pixels_of_colour(long_toast, band, ink), testing::pixels_of_colour(short_toast, band, ink) + 100);
}

TEST_F(BoardRenderTest, ACardInPlayChangesOnlyItsPanel) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  const sf::Image empty = render(view);
  in_play(view.seats[1], {card("Jack Newcomer")});
  const sf::Image with_card = render(view);
  EXPECT_GT(testing::differing_pixels(empty, with_card, layout.seats[1]), 500);
  EXPECT_EQ(testing::differing_pixels(empty, with_card, layout.seats[0]), 0);
  EXPECT_GT(testing::pixels_of_colour(with_card, layout.seats[1], palette::card_chip), 1000);
}

TEST_F(BoardRenderTest, ABowedCardIsDrawnDifferently) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  in_play(view.seats[0], {card("Silver Mine")});
  const sf::Image ready = render(view);
  view.seats[0].lists.back().items[0] = card("Silver Mine", true);
  const sf::Image bowed = render(view);
  EXPECT_GT(testing::differing_pixels(ready, bowed, layout.seats[0]), 200);
}

// The card outline at the left end of the first card chip in a panel: its ink's width and
// height, found from the chip's own pixels so the test does not depend on row positions.
sf::Vector2u card_icon_extent(const sf::Image& image, const sf::FloatRect& panel) {
  for (auto y = static_cast<unsigned>(panel.top); y < static_cast<unsigned>(panel.top + panel.height); ++y) {
    for (auto x = static_cast<unsigned>(panel.left); x < static_cast<unsigned>(panel.left + panel.width); ++x) {
      if (image.getPixel(x, y) != palette::card_chip) continue;
      unsigned bottom = y;
      while (image.getPixel(x, bottom + 1) == palette::card_chip) ++bottom;
      // The outline sits within a chip's height of the chip's left end; the title starts after.
      const unsigned span = bottom - y + 1;
      unsigned left = x + span, right = x, top = bottom, low = y;
      for (unsigned j = y; j <= bottom; ++j) {
        for (unsigned i = x; i < x + span; ++i) {
          if (image.getPixel(i, j) == palette::card_chip) continue;
          left = std::min(left, i);
          right = std::max(right, i);
          top = std::min(top, j);
          low = std::max(low, j);
        }
      }
      return right >= left && low >= top ? sf::Vector2u(right - left + 1, low - top + 1) : sf::Vector2u(0, 0);
    }
  }
  return {0, 0};
}

TEST_F(BoardRenderTest, ABowedCardIsTurnedSideways) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  in_play(view.seats[1], {card("Silver Mine")});
  const sf::Vector2u ready = card_icon_extent(render(view), layout.seats[1]);
  view.seats[1].lists.back().items[0] = card("Silver Mine", true);
  const sf::Vector2u bowed = card_icon_extent(render(view), layout.seats[1]);
  EXPECT_GT(ready.y, ready.x) << "an unbowed card stands upright";
  EXPECT_GT(bowed.x, bowed.y) << "a bowed card lies on its side";
  EXPECT_GT(ready.y, 8u);
}

TEST_F(BoardRenderTest, AHighlightedBadgeMarksOnlyItsSeat) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  const sf::Image image = render(view);
  EXPECT_GT(testing::pixels_of_colour(image, layout.seats[0], palette::badge), 200);
  EXPECT_EQ(testing::pixels_of_colour(image, layout.seats[1], palette::badge), 0);
}

// A card turned upside down (180) or a quarter left (270) is told from one upright or a quarter
// right by a dot in its corner.
TEST_F(BoardRenderTest, EveryQuarterACardLiesInIsDrawnDifferently) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  in_play(view.seats[1], {card("Silver Mine")});
  std::vector<sf::Image> images;
  for (const int quarter : {0, 90, 180, 270}) {
    view.seats[1].lists.back().items[0].quarter = quarter;
    images.push_back(render(view));
  }
  for (std::size_t a = 0; a < images.size(); ++a) {
    for (std::size_t b = a + 1; b < images.size(); ++b) {
      EXPECT_GT(testing::differing_pixels(images[a], images[b], layout.seats[1]), 3) << a * 90 << " vs " << b * 90;
    }
  }
}

TEST_F(BoardRenderTest, ACountWithPipsIsShownAsPips) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  view.seats[1].lists = {{"Castles", {castle("Fort Valen", 1)}}};
  const int one = testing::pixels_of_colour(render(view), layout.seats[1], palette::pip);
  view.seats[1].lists = {{"Castles", {castle("Fort Valen", 4)}}};
  const int four = testing::pixels_of_colour(render(view), layout.seats[1], palette::pip);
  EXPECT_GT(one, 20);
  EXPECT_NEAR(four, 4 * one, one);
}

TEST_F(BoardRenderTest, WinnerOverlayCoversTheBoard) {
  engine::ViewModel view = testing::two_seats();
  const BoardLayout layout = layout_board(k800x480, 2);
  const sf::Image playing = render(view);
  view.winner = "Mark wins: dominance victory";
  const sf::Image won = render(view);
  // The banner is dimmed by the scrim, and the winner's frame appears in the middle.
  const sf::Color before = playing.getPixel(2, 2);
  const sf::Color after = won.getPixel(2, 2);
  EXPECT_EQ(before, palette::banner);
  EXPECT_LT(after.r + after.g + after.b, before.r + before.g + before.b);
  EXPECT_GT(testing::pixels_of_colour(won, {0, 0, 800, 480}, palette::winner), 1000);
  EXPECT_EQ(testing::pixels_of_colour(playing, {0, 0, 800, 480}, palette::winner), 0);
}

// At 800x480 a seat panel shows every item a seat has (castles, cards in play, quests): rows go
// compact and then into columns rather than leave cards out behind "+N more". Each title shows
// whole or by a short name that keeps it apart (short_name.hpp); only in the densest setting
// (columns of 70 px) may a title still be cut, and then its start shows.
std::vector<sf::String> titles_of(const engine::SeatView& seat) {
  std::vector<sf::String> titles;
  for (const engine::ListView& list : seat.lists) {
    for (const engine::ItemView& item : list.items) titles.push_back(from_utf8(item.title));
  }
  return titles;
}

TEST_F(BoardRenderTest, EveryCardOfAFullTableIsShownAt800x480) {
  for (const auto& [seats, cards] : std::vector<std::pair<std::size_t, int>>{{2, 16}, {3, 10}, {4, 10}, {6, 3}}) {
    SCOPED_TRACE(::testing::Message() << seats << " seats, " << cards << " cards each");
    const engine::ViewModel view = screens::full_table(seats, cards);
    const testing::Drawing drawing = draw(view);
    const BoardLayout layout = layout_for(view, k800x480);
    for (std::size_t s = 0; s < seats; ++s) {
      const std::vector<std::string> texts = testing::texts_in(drawing.trace, layout.seats[s]);
      for (const std::string& text : texts) EXPECT_EQ(text.find(" more"), std::string::npos) << text;
      for (const engine::ListView& list : view.seats[s].lists) {
        for (const engine::ItemView& item : list.items) {
          std::vector<std::string> forms = {item.title};
          for (const sf::String& form : short_forms(from_utf8(item.title), "", titles_of(view.seats[s]))) {
            const auto bytes = form.toUtf8();
            forms.emplace_back(bytes.begin(), bytes.end());
          }
          const std::string start = item.title.substr(0, 2);
          EXPECT_TRUE(std::any_of(texts.begin(), texts.end(), [&](const std::string& t) {
            return std::find(forms.begin(), forms.end(), t) != forms.end() ||
                   (t.rfind(start, 0) == 0 && t.find("\u2026") != std::string::npos);
          })) << item.title << " is not shown in seat " << s;
        }
      }
    }
  }
}

// Names, titles and log lines far too long for their boxes, at every size and with six
// seats: whatever was drawn must stay inside its box, so the gaps between boxes stay empty.
engine::ViewModel overlong_board() {
  const std::string endless(240, 'W');
  engine::ViewModel view;
  view.game_title = "The Longest Game Title " + endless;
  view.turn = 12;
  view.phase = "Autumn of the Very Long Phase Name " + endless;
  view.prompt = "Someone: " + endless;
  for (int i = 0; i < 6; ++i) {
    engine::SeatView s = seat("Seat " + std::to_string(i) + " " + endless, endless, 123456789, 987654321);
    s.acting = i == 2;
    if (i == 0) ordain(s);
    if (i == 5) eliminate(s);
    for (int c = 0; c < 8; ++c) castles(s, {castle("Castle " + endless, 40 + c, c == 3)});
    for (int c = 0; c < 12; ++c) in_play(s, {card("Card " + endless, c % 2 == 1, c + 1)});
    for (int c = 0; c < 4; ++c) quests(s, {quest("Quest " + endless, c == 0)});
    view.seats.push_back(s);
  }
  for (int i = 0; i < 10; ++i) view.log.push_back("Log line " + std::to_string(i) + " " + endless);
  view.toast = engine::ScanToast{engine::ScanToast::Verdict::Refused, "Title " + endless, "Because " + endless};
  return view;
}

bool column_is(const sf::Image& image, unsigned x, unsigned top, unsigned bottom, sf::Color colour) {
  for (unsigned y = top; y < bottom; ++y) {
    if (image.getPixel(x, y) != colour) return false;
  }
  return true;
}

TEST_F(BoardRenderTest, LongTextNeverLeavesItsBoxAtAnySize) {
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1024, 600}, ScreenSize{1920, 1080}}) {
    SCOPED_TRACE(::testing::Message() << size.width << "x" << size.height);
    const engine::ViewModel view = overlong_board();
    // The acting seat's endless name fills its pill's row, and the prompt wraps onto two more
    // ("Someone:", then the endless word, cut): the banner grows by two rows.
    const BoardLayout layout = layout_board(size, view.seats.size(), Column::None, Chrome::Full, {3, 1});
    const sf::Image image = render(view, size);
    ASSERT_EQ(image.getSize(), sf::Vector2u(size.width, size.height));

    const auto panels_top = static_cast<unsigned>(layout.seats[0].top);
    const auto panels_bottom = static_cast<unsigned>(layout.seats[0].top + layout.seats[0].height);
    // The gaps left of, between and right of the panels.
    std::vector<unsigned> gaps{0, size.width - 1};
    for (std::size_t i = 0; i + 1 < layout.seats.size(); ++i) {
      const float right = layout.seats[i].left + layout.seats[i].width;
      gaps.push_back(static_cast<unsigned>((right + layout.seats[i + 1].left) / 2));
    }
    for (unsigned x : gaps) EXPECT_TRUE(column_is(image, x, panels_top, panels_bottom, palette::background)) << "x=" << x;

    // Below the panels, above the bottom zone: nothing spilled down.
    for (unsigned y = panels_bottom; y < static_cast<unsigned>(layout.bottom.top); ++y) {
      for (unsigned x = 0; x < size.width; ++x) ASSERT_EQ(image.getPixel(x, y), palette::background) << x << "," << y;
    }
    // The banner's right edge, past its padding, is bare banner.
    const auto banner_bottom = static_cast<unsigned>(layout.banner.top + layout.banner.height);
    for (unsigned x = size.width - static_cast<unsigned>(layout.margin); x < size.width; ++x) {
      EXPECT_TRUE(column_is(image, x, 0, banner_bottom, palette::banner)) << "x=" << x;
    }
    // Right of the log lines, in the bottom zone below the toast band.
    const auto log_top = static_cast<unsigned>(layout.log_under_toast.top);
    EXPECT_TRUE(column_is(image, size.width - 2, log_top, size.height, palette::background));
    EXPECT_TRUE(column_is(image, static_cast<unsigned>(layout.bottom.left + layout.bottom.width - 2), log_top,
                          size.height, palette::background));
  }
}

TEST_F(BoardRenderTest, RendersAnEmptyTable) {
  engine::ViewModel view;
  view.game_title = "Seneschal";
  view.prompt = "No game yet: start one";
  const sf::Image image = render(view);
  ASSERT_EQ(image.getSize(), sf::Vector2u(800, 480));
  const BoardLayout layout = layout_board(k800x480, 0);
  EXPECT_GT(testing::pixels_of_colour(image, layout.banner, palette::text), 100);
}

}  // namespace
}  // namespace seneschal::display
