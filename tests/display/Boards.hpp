#pragma once
// View models the display tests draw, built by hand so the tests do not depend on any game's
// rules, and a few pixel helpers.

#include <ostream>
#include <string>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <gtest/gtest.h>

#include "seneschal/display/board_renderer.hpp"
#include "seneschal/engine/view_model.hpp"

namespace sf {
// So a failed colour comparison prints the colour, not its bytes.
inline void PrintTo(const Color& c, std::ostream* os) {
  *os << "rgba(" << int(c.r) << ", " << int(c.g) << ", " << int(c.b) << ", " << int(c.a) << ")";
}
}  // namespace sf

namespace seneschal::display::testing {

inline const std::string kAssets = SENESCHAL_SOURCE_DIR "/assets";

// Mark and Shawn in Summer of turn 3; Mark is the Ordained and acts.
inline engine::ViewModel two_seats() {
  engine::ViewModel view;
  view.game_title = "Romance of the Nine Empires";
  view.turn = 3;
  view.phase = "Summer";
  view.prompt = "Mark: bring a card into play, or pass";
  engine::SeatView mark;
  mark.name = "Mark";
  mark.faction = "Jade Empire";
  mark.renown = 4;
  mark.food_total = 5;
  mark.acting = true;
  mark.ordained = true;
  mark.castles = {{"Hammerdoom's Roost", 3, false}, {"Castle Stormhold", 2, false}};
  engine::SeatView shawn;
  shawn.name = "Shawn";
  shawn.faction = "Brotherhood of the Wolf";
  shawn.renown = 2;
  shawn.food_total = 4;
  shawn.castles = {{"Fort Valen", 4, false}};
  view.seats = {mark, shawn};
  view.log = {"Turn 3 - Summer: Mark acts first", "Shawn passes"};
  return view;
}

// The board of the reference screenshots: Hektor has just come into play for Mark.
inline engine::ViewModel realistic() {
  engine::ViewModel view = two_seats();
  view.seats[0].in_play = {{"Hektor", "Hero", 1, false}, {"Silver Mine", "Property", 1, true}};
  view.seats[0].quests = {{"The Lost Crown", false}};
  view.seats[1].in_play = {{"Jack Newcomer", "Hero", 1, false}};
  view.log.push_back("Mark brings Hektor into play");
  view.toast = engine::ScanToast{engine::ScanToast::Verdict::Accepted, "Hektor", "Mark brings Hektor into play"};
  return view;
}

inline bool inside(const sf::Image& image, unsigned x, unsigned y) {
  return x < image.getSize().x && y < image.getSize().y;
}

// Pixels that differ between two images of the same size, within a box.
inline int differing_pixels(const sf::Image& a, const sf::Image& b, const sf::FloatRect& box) {
  int count = 0;
  for (auto y = static_cast<unsigned>(box.top); y < static_cast<unsigned>(box.top + box.height); ++y) {
    for (auto x = static_cast<unsigned>(box.left); x < static_cast<unsigned>(box.left + box.width); ++x) {
      if (inside(a, x, y) && a.getPixel(x, y) != b.getPixel(x, y)) ++count;
    }
  }
  return count;
}

inline int pixels_of_colour(const sf::Image& image, const sf::FloatRect& box, sf::Color colour) {
  int count = 0;
  for (auto y = static_cast<unsigned>(box.top); y < static_cast<unsigned>(box.top + box.height); ++y) {
    for (auto x = static_cast<unsigned>(box.left); x < static_cast<unsigned>(box.left + box.width); ++x) {
      if (inside(image, x, y) && image.getPixel(x, y) == colour) ++count;
    }
  }
  return count;
}

}  // namespace seneschal::display::testing
