#include "painter.hpp"

#include <algorithm>
#include <cmath>

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

#include "seneschal/display/fit_text.hpp"

namespace seneschal::display::detail {

const sf::Font& Painter::font(Weight weight) const {
  return weight == Weight::Bold ? fonts_.bold() : fonts_.regular();
}

void Painter::fill(const sf::FloatRect& box, sf::Color colour) const {
  sf::RectangleShape shape({box.width, box.height});
  shape.setPosition(box.left, box.top);
  shape.setFillColor(colour);
  target_.draw(shape);
}

void Painter::frame(const sf::FloatRect& box, float thickness, sf::Color colour) const {
  sf::RectangleShape shape({box.width - 2 * thickness, box.height - 2 * thickness});
  shape.setPosition(box.left + thickness, box.top + thickness);
  shape.setFillColor(sf::Color::Transparent);
  shape.setOutlineThickness(thickness);
  shape.setOutlineColor(colour);
  target_.draw(shape);
}

void Painter::disc(sf::Vector2f centre, float radius, sf::Color colour) const {
  sf::CircleShape shape(radius, 24);
  shape.setOrigin(radius, radius);
  shape.setPosition(centre);
  shape.setFillColor(colour);
  target_.draw(shape);
}

void Painter::fill_pill(const sf::FloatRect& box, sf::Color colour) const {
  const float radius = std::min(box.height, box.width) / 2;
  fill({box.left + radius, box.top, box.width - 2 * radius, box.height}, colour);
  disc({box.left + radius, box.top + box.height / 2}, radius, colour);
  disc({box.left + box.width - radius, box.top + box.height / 2}, radius, colour);
}

void Painter::card_icon(sf::Vector2f centre, float long_side, bool bowed, sf::Color colour) const {
  const float stroke = layout_.stroke(2);
  const sf::Vector2f size{std::round(long_side * 0.7f) - 2 * stroke, std::round(long_side) - 2 * stroke};
  sf::RectangleShape shape(size);
  shape.setOrigin(size.x / 2, size.y / 2);
  shape.setPosition(std::round(centre.x), std::round(centre.y));
  shape.setRotation(bowed ? 90.f : 0.f);
  shape.setFillColor(sf::Color::Transparent);
  shape.setOutlineThickness(stroke);
  shape.setOutlineColor(colour);
  target_.draw(shape);
}

float Painter::measure(const sf::String& text, unsigned size, Weight weight) const {
  return text_width(font(weight), text, size);
}

float Painter::text(const sf::String& text, const sf::FloatRect& box, const TextStyle& style) const {
  const sf::Font& face = font(style.weight);
  const unsigned size = style.min_size > 0 ? fit_size(face, text, style.size, style.min_size, box.width) : style.size;
  const sf::String fitted = fit_text(face, text, size, box.width);
  if (fitted.isEmpty()) return 0;
  const float width = text_width(face, fitted, size);
  float x = box.left;
  if (style.align == Align::Right) x = box.left + box.width - width;
  if (style.align == Align::Centre) x = box.left + (box.width - width) / 2;
  // SFML puts the baseline one character size below the origin; 0.62 of it centres capitals
  // and lower case together on the box's middle. Whole pixels keep the glyphs crisp.
  const float y = box.top + box.height / 2 - 0.62f * static_cast<float>(size);
  sf::Text shape(fitted, face, size);
  shape.setFillColor(style.colour);
  shape.setPosition(std::round(x), std::round(y));
  target_.draw(shape);
  return width;
}

float Painter::text(const std::string& utf8, const sf::FloatRect& box, const TextStyle& style) const {
  return text(from_utf8(utf8), box, style);
}

float Painter::badge(const std::string& utf8, const sf::FloatRect& box, unsigned size, sf::Color fill,
                     sf::Color ink) const {
  const float pad = std::round(static_cast<float>(size) * 0.45f);
  if (box.width <= 2 * pad) return 0;
  const sf::String label = fit_text(fonts_.bold(), from_utf8(utf8), size, box.width - 2 * pad);
  if (label.isEmpty()) return 0;
  const float width = measure(label, size, Weight::Bold) + 2 * pad;
  const float height = std::min(box.height, std::round(static_cast<float>(size) * 1.35f));
  const sf::FloatRect pill{box.left, std::round(box.top + (box.height - height) / 2), std::ceil(width), height};
  fill_pill(pill, fill);
  text(label, {pill.left + pad, pill.top, pill.width - 2 * pad + 1, pill.height}, {size, ink, Weight::Bold});
  return pill.width;
}

}  // namespace seneschal::display::detail
