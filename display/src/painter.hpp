#pragma once
// The drawing vocabulary the board's parts share: boxes, frames, pips, badges, and text that
// is always fitted to its box, so no part can forget to truncate. Private to the library.

#include <string>
#include <vector>

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include "seneschal/display/fonts.hpp"
#include "seneschal/display/layout.hpp"
#include "seneschal/display/palette.hpp"
#include "seneschal/display/trace.hpp"

namespace seneschal::display::detail {

enum class Weight { Regular, Bold };
enum class Align { Left, Right, Centre };
using palette::Marker;

struct TextStyle {
  unsigned size = 16;
  sf::Color colour;
  Weight weight = Weight::Regular;
  Align align = Align::Left;
  unsigned min_size = 0;  // when set, the text shrinks down to this size before it is cut
};

class Painter {
 public:
  Painter(sf::RenderTarget& target, const Fonts& fonts, const BoardLayout& layout, Trace* trace = nullptr)
      : target_(target), fonts_(fonts), layout_(layout), trace_(trace) {}

  const BoardLayout& layout() const { return layout_; }

  void fill(const sf::FloatRect& box, sf::Color colour) const;
  // An RGBA picture scaled to fit the box (its shape kept), centred in it; the box it took.
  sf::FloatRect picture(int width, int height, const std::vector<std::uint8_t>& rgba, const sf::FloatRect& box) const;
  // A border drawn inside the box, so a thick frame never spills onto a neighbour.
  void frame(const sf::FloatRect& box, float thickness, sf::Color colour) const;
  void disc(sf::Vector2f centre, float radius, sf::Color colour) const;
  // A box with fully rounded ends, for badges.
  void fill_pill(const sf::FloatRect& box, sf::Color colour) const;
  // A card's outline turned as the card lies on the table: 0, 90 (a quarter to the right, like
  // a bowed card), 180 or 270 degrees.
  void card_icon(sf::Vector2f centre, float long_side, int quarter, sf::Color colour) const;
  // A band of a circle from 12 o'clock clockwise over `fraction` of the turn (1: the whole
  // ring), `thickness` wide inside `outer_radius`.
  void ring(sf::Vector2f centre, float outer_radius, float thickness, float fraction, sf::Color colour) const;
  // A line through the points, `thickness` wide, with rounded joints.
  void polyline(const std::vector<sf::Vector2f>& points, float thickness, sf::Color colour) const;
  // A marker about `size` across, with a thin rim of `rim` so markers that meet stay apart.
  void marker(sf::Vector2f centre, float size, Marker shape, sf::Color colour, sf::Color rim) const;

  // Adds a main box to the trace (tests check it stays inside its container).
  void region(const std::string& name, const sf::FloatRect& box, const sf::FloatRect& container) const;
  // What is drawn from now on covers what was drawn before; the trace starts a new layer.
  void begin_overlay() const;

  // Draws the text fitted into the box's width and centred on its height; returns the width
  // actually drawn (0 when nothing fitted).
  float text(const sf::String& text, const sf::FloatRect& box, const TextStyle& style) const;
  float text(const std::string& utf8, const sf::FloatRect& box, const TextStyle& style) const;
  // A name (a card's, a territory's) in the box: whole, else a short form that keeps it apart from
  // `others`, the other names of its panel (short_name.hpp), else shrunk to style.min_size, and
  // only past that cut.
  float name(const std::string& utf8, const std::string& short_form, const std::vector<sf::String>& others,
             const sf::FloatRect& box, const TextStyle& style) const;
  float measure(const sf::String& text, unsigned size, Weight weight) const;
  // The text cut to the width, as text() would draw it.
  sf::String fit(const std::string& utf8, unsigned size, Weight weight, float width) const;
  // The text's words on lines no wider than `width`, at most `max_lines`; the last line is cut
  // with "…" when the words run on.
  std::vector<sf::String> wrap(const std::string& utf8, unsigned size, Weight weight, float width,
                               std::size_t max_lines) const;
  // The same with a first line of its own width (it shares its line with something before it).
  std::vector<sf::String> wrap(const std::string& utf8, unsigned size, Weight weight, float first_width, float width,
                               std::size_t max_lines) const;

  // A filled pill around a short label, left-aligned in the box; returns its width, or 0 when
  // even a cut label does not fit.
  float badge(const std::string& utf8, const sf::FloatRect& box, unsigned size, sf::Color fill,
              sf::Color ink) const;

 private:
  const sf::Font& font(Weight weight) const;

  sf::RenderTarget& target_;
  const Fonts& fonts_;
  const BoardLayout& layout_;
  Trace* trace_;
  mutable int layer_ = 0;
};

}  // namespace seneschal::display::detail
