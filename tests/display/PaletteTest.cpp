#include "seneschal/display/palette.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include <gtest/gtest.h>

#include "Boards.hpp"

namespace seneschal::display {
namespace {

// WCAG contrast, written out again here so the test does not trust the library's own.
double contrast(sf::Color a, sf::Color b) {
  const auto luminance = [](sf::Color c) {
    const auto linear = [](sf::Uint8 v) {
      const double x = v / 255.0;
      return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
  };
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

TEST(PaletteTest, SixDistinctOkabeItoSeatColoursThenTheyRepeat) {
  std::set<std::tuple<int, int, int>> seen;
  for (std::size_t i = 0; i < 6; ++i) {
    const sf::Color c = palette::seat_colour(i);
    seen.insert({c.r, c.g, c.b});
    EXPECT_EQ(palette::seat_colour(i + 6), c);
  }
  EXPECT_EQ(seen.size(), 6u);
  EXPECT_EQ(palette::seat_colour(0), sf::Color(230, 159, 0));    // orange
  EXPECT_EQ(palette::seat_colour(1), sf::Color(86, 180, 233));   // sky blue
}

TEST(PaletteTest, VerdictAndFoodColoursAreNoSeatsColour) {
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_NE(palette::seat_colour(i), palette::refused);
    EXPECT_NE(palette::seat_colour(i), palette::warned);
    EXPECT_NE(palette::seat_colour(i), palette::pip);
  }
  EXPECT_NE(palette::accepted, palette::refused);
  EXPECT_NE(palette::warned, palette::accepted);
  EXPECT_NE(palette::warned, palette::refused);
}

TEST(PaletteTest, TextOnEveryFillReadsAtLeastFourAndAHalfToOne) {
  for (std::size_t i = 0; i < 6; ++i) {
    const sf::Color fill = palette::seat_colour(i);
    EXPECT_GE(contrast(palette::ink_on(fill), fill), 4.5) << "seat " << i;
  }
  for (const sf::Color fill : {palette::accepted, palette::refused, palette::warned, palette::badge, palette::text_muted}) {
    EXPECT_GE(contrast(palette::ink_on(fill), fill), 4.5);
  }
  EXPECT_EQ(palette::ink_on(sf::Color(0, 114, 178)), palette::text);           // light on blue
  EXPECT_EQ(palette::ink_on(sf::Color(240, 228, 66)), palette::text_on_colour);  // dark on yellow
}

TEST(PaletteTest, BoardTextIsHighContrastOnTheDarkBoard) {
  for (const sf::Color fill : {palette::background, palette::panel, palette::banner, palette::card_chip}) {
    EXPECT_GE(contrast(palette::text, fill), 12.0);
    EXPECT_GE(contrast(palette::text_secondary, fill), 7.0);
    EXPECT_GE(contrast(palette::text_muted, fill), 4.5);
  }
}

}  // namespace
}  // namespace seneschal::display
