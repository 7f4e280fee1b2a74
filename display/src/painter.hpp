#pragma once
// The drawing vocabulary the board's parts share: boxes, frames, pips, badges, and text that
// is always fitted to its box, so no part can forget to truncate. Private to the library.

#include <string>

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include "seneschal/display/fonts.hpp"
#include "seneschal/display/layout.hpp"

namespace seneschal::display::detail {

enum class Weight { Regular, Bold };
enum class Align { Left, Right, Centre };

struct TextStyle {
  unsigned size = 16;
  sf::Color colour;
  Weight weight = Weight::Regular;
  Align align = Align::Left;
  unsigned min_size = 0;  // when set, the text shrinks down to this size before it is cut
};

class Painter {
 public:
  Painter(sf::RenderTarget& target, const Fonts& fonts, const BoardLayout& layout)
      : target_(target), fonts_(fonts), layout_(layout) {}

  const BoardLayout& layout() const { return layout_; }

  void fill(const sf::FloatRect& box, sf::Color colour) const;
  // A border drawn inside the box, so a thick frame never spills onto a neighbour.
  void frame(const sf::FloatRect& box, float thickness, sf::Color colour) const;
  void disc(sf::Vector2f centre, float radius, sf::Color colour) const;
  // A box with fully rounded ends, for badges.
  void fill_pill(const sf::FloatRect& box, sf::Color colour) const;
  // A card's outline, upright or turned a quarter to the right like a bowed card on the table.
  void card_icon(sf::Vector2f centre, float long_side, bool bowed, sf::Color colour) const;

  // Draws the text fitted into the box's width and centred on its height; returns the width
  // actually drawn (0 when nothing fitted).
  float text(const sf::String& text, const sf::FloatRect& box, const TextStyle& style) const;
  float text(const std::string& utf8, const sf::FloatRect& box, const TextStyle& style) const;
  float measure(const sf::String& text, unsigned size, Weight weight) const;

  // A filled pill around a short label, left-aligned in the box; returns its width, or 0 when
  // even a cut label does not fit.
  float badge(const std::string& utf8, const sf::FloatRect& box, unsigned size, sf::Color fill,
              sf::Color ink) const;

 private:
  const sf::Font& font(Weight weight) const;

  sf::RenderTarget& target_;
  const Fonts& fonts_;
  const BoardLayout& layout_;
};

}  // namespace seneschal::display::detail
