#pragma once
// View models the display tests draw, built by hand so the tests do not depend on any game's
// rules, and a few pixel helpers.

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <gtest/gtest.h>

#include "Seats.hpp"
#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/render_image.hpp"
#include "seneschal/engine/view_model.hpp"

namespace sf {
// So a failed colour comparison prints the colour, not its bytes.
inline void PrintTo(const Color& c, std::ostream* os) {
  *os << "rgba(" << int(c.r) << ", " << int(c.g) << ", " << int(c.b) << ", " << int(c.a) << ")";
}
}  // namespace sf

namespace seneschal::display::testing {

using namespace fixtures;

inline const std::string kAssets = SENESCHAL_SOURCE_DIR "/assets";

// Mark and Shawn in Summer of turn 3; Mark is the Ordained and acts.
inline engine::ViewModel two_seats() {
  engine::ViewModel view;
  view.game_title = "Romance of the Nine Empires";
  view.turn = 3;
  view.phase = "Summer";
  view.prompt = "Mark: bring a card into play, or pass";
  engine::SeatView mark = seat("Mark", "Jade Empire", 4, 5);
  mark.acting = true;
  ordain(mark);
  castles(mark, {castle("Hammerdoom's Roost", 3), castle("Castle Stormhold", 2)});
  engine::SeatView shawn = seat("Shawn", "Brotherhood of the Wolf", 2, 4);
  castles(shawn, {castle("Fort Valen", 4)});
  view.seats = {mark, shawn};
  view.log = {"Turn 3 - Summer: Mark acts first", "Shawn passes"};
  return view;
}

// The board of the reference screenshots: Hektor has just come into play for Mark.
inline engine::ViewModel realistic() {
  engine::ViewModel view = two_seats();
  in_play(view.seats[0], {card("Hektor"), card("Silver Mine", true)});
  quests(view.seats[0], {quest("The Lost Crown", false)});
  in_play(view.seats[1], {card("Jack Newcomer")});
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

// An image together with the renderer's account of what it drew where.
struct Drawing {
  sf::Image image;
  Trace trace;
};

// The details page unless asked: most tests here are about the seats' lists and the log; the
// glance page has tests of its own (GlanceLayoutTest).
inline Drawing draw(const BoardRenderer& renderer, const engine::ViewModel& view, ScreenSize size = {800, 480},
                    Page page = Page::Details) {
  Drawing drawing;
  DrawOptions options{Chrome::Full, &drawing.trace};
  options.page = page;
  auto image = render_image(renderer, view, size, options);
  EXPECT_TRUE(image.has_value()) << image.error().message;
  if (image.has_value()) drawing.image = image.value();
  return drawing;
}

inline const DrawnText* find_text(const Trace& trace, const std::string& text) {
  for (const DrawnText& drawn : trace.texts) {
    if (drawn.text == text) return &drawn;
  }
  return nullptr;
}

inline const DrawnBox* find_box(const Trace& trace, const std::string& name) {
  for (const DrawnBox& drawn : trace.boxes) {
    if (drawn.name == name) return &drawn;
  }
  return nullptr;
}

inline bool within(const sf::FloatRect& outer, const sf::FloatRect& inner) {
  return inner.left >= outer.left - 1 && inner.top >= outer.top - 1 && inner.left + inner.width <= outer.left + outer.width + 1 &&
         inner.top + inner.height <= outer.top + outer.height + 1;
}

// The texts drawn inside a box, top to bottom and left to right as drawn.
inline std::vector<std::string> texts_in(const Trace& trace, const sf::FloatRect& box) {
  std::vector<std::string> texts;
  for (const DrawnText& drawn : trace.texts) {
    if (within(box, drawn.ink)) texts.push_back(drawn.text);
  }
  return texts;
}

inline bool contains_text(const std::vector<std::string>& texts, const std::string& text) {
  for (const std::string& t : texts) {
    if (t == text) return true;
  }
  return false;
}

// A fixture with the board renderer made from the shipped fonts, for tests that draw.
class RendererTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = BoardRenderer::create(kAssets);
    ASSERT_TRUE(created.has_value()) << created.error().message;
    renderer_ = std::make_unique<BoardRenderer>(std::move(created).value());
  }
  Drawing draw(const engine::ViewModel& view, ScreenSize size = {800, 480}, Page page = Page::Details) const {
    return testing::draw(*renderer_, view, size, page);
  }
  std::unique_ptr<BoardRenderer> renderer_;
};

}  // namespace seneschal::display::testing
