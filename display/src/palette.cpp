#include "seneschal/display/palette.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace seneschal::display::palette {

// A dark board: the device sits in a room lit for playing cards, and light text on dark
// reads best there and does not glare.
const sf::Color background{14, 17, 22};
const sf::Color banner{30, 36, 46};
const sf::Color panel{26, 31, 39};
const sf::Color panel_border{72, 80, 92};
const sf::Color card_chip{40, 47, 58};
const sf::Color text{242, 244, 247};
const sf::Color text_secondary{184, 192, 204};
const sf::Color text_muted{146, 155, 169};
const sf::Color text_on_colour{10, 12, 16};
const sf::Color pip{224, 199, 145};  // grain, unlike any seat colour
const sf::Color accepted{0, 158, 115};
const sf::Color refused{213, 94, 0};
// Amber, the usual "caution", between the tick's green and the cross's vermillion: lighter than
// the orange seat colour, and never a seat's colour itself.
const sf::Color warned{255, 191, 0};
const sf::Color badge{236, 236, 236};
const sf::Color winner{240, 228, 66};
const sf::Color scrim{0, 0, 0, 190};
// The legend's keys and the highlighted choice are the lightest things on the board: near
// white under dark text, the way a lit key reads.
const sf::Color keycap = text;
const sf::Color highlight = text;
const sf::Color timer = text;
const sf::Color urgent = refused;  // vermillion means trouble: a refused card, time running out
const sf::Color ring_track = card_chip;
const sf::Color alarm_first = refused;
const sf::Color alarm_second = winner;
const sf::Color grid{52, 60, 72};

sf::Color seat_colour(std::size_t seat_index) {
  // Okabe-Ito: orange, sky blue, bluish green, reddish purple, yellow, blue. The first two,
  // the most common table, differ in both hue and lightness.
  static const std::array<sf::Color, 6> seats{{
      {230, 159, 0},
      {86, 180, 233},
      {0, 158, 115},
      {204, 121, 167},
      {240, 228, 66},
      {0, 114, 178},
  }};
  return seats[seat_index % seats.size()];
}

Marker seat_marker(std::size_t seat_index) {
  static constexpr std::array kMarkers{Marker::Circle, Marker::Square, Marker::Triangle,
                                       Marker::Diamond, Marker::TriangleDown, Marker::Plus};
  return kMarkers[seat_index % kMarkers.size()];
}

}  // namespace seneschal::display::palette

namespace seneschal::display::palette {
namespace {

// WCAG relative luminance, so "contrasts more" means what the contrast guidelines mean.
double luminance(sf::Color colour) {
  const auto linear = [](sf::Uint8 channel) {
    const double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b);
}

double contrast(sf::Color a, sf::Color b) {
  const double la = luminance(a);
  const double lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

sf::Color ink_on(sf::Color fill) { return contrast(text_on_colour, fill) >= contrast(text, fill) ? text_on_colour : text; }

}  // namespace seneschal::display::palette
