#include "painter.hpp"

#include <algorithm>
#include <cmath>

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Sprite.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/Graphics/Text.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/short_name.hpp"

namespace seneschal::display::detail {
namespace {

constexpr float kPi = 3.14159265f;

std::string utf8_of(const sf::String& text) {
  const auto bytes = text.toUtf8();
  return std::string(bytes.begin(), bytes.end());
}

void add_triangle(sf::VertexArray& triangles, sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color colour) {
  triangles.append({a, colour});
  triangles.append({b, colour});
  triangles.append({c, colour});
}

// A regular polygon of `corners` around the centre, the first corner at `start` radians.
sf::ConvexShape polygon(sf::Vector2f centre, float radius, std::size_t corners, float start) {
  sf::ConvexShape shape(corners);
  for (std::size_t i = 0; i < corners; ++i) {
    const float angle = start + 2 * kPi * static_cast<float>(i) / static_cast<float>(corners);
    shape.setPoint(i, {centre.x + radius * std::cos(angle), centre.y + radius * std::sin(angle)});
  }
  return shape;
}

}  // namespace

const sf::Font& Painter::font(Weight weight) const {
  return weight == Weight::Bold ? fonts_.bold() : fonts_.regular();
}

void Painter::fill(const sf::FloatRect& box, sf::Color colour) const {
  sf::RectangleShape shape({box.width, box.height});
  shape.setPosition(box.left, box.top);
  shape.setFillColor(colour);
  target_.draw(shape);
}

sf::FloatRect Painter::picture(int width, int height, const std::vector<std::uint8_t>& rgba,
                              const sf::FloatRect& box) const {
  if (width <= 0 || height <= 0 || rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4 ||
      box.width <= 0 || box.height <= 0) {
    return {box.left, box.top, 0, 0};
  }
  sf::Image image;
  image.create(static_cast<unsigned>(width), static_cast<unsigned>(height), rgba.data());
  sf::Texture texture;
  if (!texture.loadFromImage(image)) return {box.left, box.top, 0, 0};
  texture.setSmooth(true);
  const float scale = std::min(box.width / static_cast<float>(width), box.height / static_cast<float>(height));
  const float w = std::round(static_cast<float>(width) * scale);
  const float h = std::round(static_cast<float>(height) * scale);
  const sf::FloatRect drawn{std::round(box.left + (box.width - w) / 2), std::round(box.top + (box.height - h) / 2), w, h};
  sf::Sprite sprite(texture);
  sprite.setPosition(drawn.left, drawn.top);
  sprite.setScale(scale, scale);
  target_.draw(sprite);
  return drawn;
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

void Painter::card_icon(sf::Vector2f centre, float long_side, int quarter, sf::Color colour) const {
  const float stroke = layout_.stroke(2);
  const sf::Vector2f size{std::round(long_side * 0.7f) - 2 * stroke, std::round(long_side) - 2 * stroke};
  const float angle = static_cast<float>(((quarter % 360) + 360) % 360);
  sf::RectangleShape shape(size);
  shape.setOrigin(size.x / 2, size.y / 2);
  shape.setPosition(std::round(centre.x), std::round(centre.y));
  shape.setRotation(angle);
  shape.setFillColor(sf::Color::Transparent);
  shape.setOutlineThickness(stroke);
  shape.setOutlineColor(colour);
  target_.draw(shape);
  if (angle >= 180) {
    // Upright and upside down have the same outline: a dot in the card's top corner, turned
    // with it, tells them apart (and a quarter left from a quarter right).
    const sf::Vector2f corner = shape.getTransform().transformPoint({size.x * 0.3f, size.y * 0.22f});
    disc(corner, std::max(1.5f, stroke * 1.2f), colour);
  }
}

void Painter::ring(sf::Vector2f centre, float outer_radius, float thickness, float fraction, sf::Color colour) const {
  fraction = std::clamp(fraction, 0.f, 1.f);
  if (fraction <= 0 || outer_radius <= 0) return;
  // About one segment per 4 px of the outer edge keeps the curve smooth at any size.
  const auto segments = static_cast<std::size_t>(std::max(8.f, std::ceil(2 * kPi * outer_radius * fraction / 4)));
  const float inner_radius = std::max(0.f, outer_radius - thickness);
  sf::VertexArray strip(sf::TriangleStrip);
  for (std::size_t i = 0; i <= segments; ++i) {
    const float angle = -kPi / 2 + 2 * kPi * fraction * static_cast<float>(i) / static_cast<float>(segments);
    const sf::Vector2f direction{std::cos(angle), std::sin(angle)};
    strip.append({centre + direction * outer_radius, colour});
    strip.append({centre + direction * inner_radius, colour});
  }
  target_.draw(strip);
}

void Painter::polyline(const std::vector<sf::Vector2f>& points, float thickness, sf::Color colour) const {
  sf::VertexArray triangles(sf::Triangles);
  const float half = thickness / 2;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    const sf::Vector2f a = points[i];
    const sf::Vector2f b = points[i + 1];
    const sf::Vector2f along = b - a;
    const float length = std::hypot(along.x, along.y);
    if (length <= 0) continue;
    const sf::Vector2f normal{-along.y / length * half, along.x / length * half};
    add_triangle(triangles, a + normal, b + normal, b - normal, colour);
    add_triangle(triangles, a + normal, b - normal, a - normal, colour);
  }
  // Round joints: without them a steep turn leaves a notch on its outer side.
  constexpr std::size_t kJointSides = 10;
  for (const sf::Vector2f& p : points) {
    for (std::size_t k = 0; k < kJointSides; ++k) {
      const float a0 = 2 * kPi * static_cast<float>(k) / kJointSides;
      const float a1 = 2 * kPi * static_cast<float>(k + 1) / kJointSides;
      add_triangle(triangles, p, p + sf::Vector2f(std::cos(a0), std::sin(a0)) * half,
                   p + sf::Vector2f(std::cos(a1), std::sin(a1)) * half, colour);
    }
  }
  target_.draw(triangles);
}

void Painter::marker(sf::Vector2f centre, float size, Marker shape, sf::Color colour, sf::Color rim) const {
  const float r = size / 2;
  const float edge = std::max(1.f, std::round(size / 8));
  if (shape == Marker::Plus) {
    // Not convex, so two bars; the rim is the same bars drawn larger underneath.
    const float arm = std::round(size * 0.36f);
    for (const auto& [grow, paint] : {std::pair{edge, rim}, std::pair{0.f, colour}}) {
      this->fill({centre.x - r - grow, centre.y - arm / 2 - grow, size + 2 * grow, arm + 2 * grow}, paint);
      this->fill({centre.x - arm / 2 - grow, centre.y - r - grow, arm + 2 * grow, size + 2 * grow}, paint);
    }
    return;
  }
  sf::ConvexShape outline;
  switch (shape) {
    case Marker::Circle:
      outline = polygon(centre, r, 20, 0);
      break;
    case Marker::Square:
      outline = polygon(centre, r * 1.2f, 4, kPi / 4);
      break;
    case Marker::Triangle:
      outline = polygon({centre.x, centre.y + r * 0.2f}, r * 1.3f, 3, -kPi / 2);
      break;
    case Marker::Diamond:
      outline = polygon(centre, r * 1.3f, 4, 0);
      break;
    case Marker::TriangleDown:
      outline = polygon({centre.x, centre.y - r * 0.2f}, r * 1.3f, 3, kPi / 2);
      break;
    case Marker::Plus:
      break;
  }
  outline.setFillColor(colour);
  outline.setOutlineThickness(edge);
  outline.setOutlineColor(rim);
  target_.draw(outline);
}

void Painter::region(const std::string& name, const sf::FloatRect& box, const sf::FloatRect& container) const {
  if (trace_) trace_->boxes.push_back({name, box, container, layer_});
}

void Painter::begin_overlay() const { ++layer_; }

std::vector<sf::String> Painter::wrap(const std::string& utf8, unsigned size, Weight weight, float width,
                                      std::size_t max_lines) const {
  return wrap(utf8, size, weight, width, width, max_lines);
}

std::vector<sf::String> Painter::wrap(const std::string& utf8, unsigned size, Weight weight, float first_width,
                                      float width, std::size_t max_lines) const {
  return wrap_text(font(weight), from_utf8(utf8), size, first_width, width, max_lines);
}

sf::String Painter::fit(const std::string& utf8, unsigned size, Weight weight, float width) const {
  return fit_text(font(weight), from_utf8(utf8), size, width);
}

float Painter::measure(const sf::String& text, unsigned size, Weight weight) const {
  return text_width(font(weight), text, size);
}

float Painter::text(const sf::String& text, const sf::FloatRect& box, const TextStyle& style) const {
  const sf::Font& face = font(style.weight);
  const unsigned size = style.min_size > 0 ? fit_size(face, text, style.size, style.min_size, box.width) : style.size;
  sf::String fitted = fit_text(face, text, size, box.width);
  if (fitted.isEmpty()) return 0;
  // A few glyphs ("J") reach left of their origin; the text then starts that much in, so its
  // ink stays in the box too.
  const float lead = std::ceil(std::max(0.f, -sf::Text(fitted, face, size).getLocalBounds().left));
  if (lead > 0) {
    fitted = fit_text(face, text, size, box.width - lead);
    if (fitted.isEmpty()) return 0;
  }
  const float width = text_width(face, fitted, size) + lead;
  float x = box.left + lead;
  if (style.align == Align::Right) x = box.left + box.width - width + lead;
  if (style.align == Align::Centre) x = box.left + (box.width - width) / 2 + lead;
  // SFML puts the baseline one character size below the origin; 0.62 of it centres capitals
  // and lower case together on the box's middle. Whole pixels keep the glyphs crisp.
  const float y = box.top + box.height / 2 - 0.62f * static_cast<float>(size);
  sf::Text shape(fitted, face, size);
  shape.setFillColor(style.colour);
  shape.setPosition(std::round(x), std::round(y));
  target_.draw(shape);
  if (trace_) trace_->texts.push_back({utf8_of(fitted), shape.getGlobalBounds(), box, size, layer_});
  return width;
}

float Painter::text(const std::string& utf8, const sf::FloatRect& box, const TextStyle& style) const {
  return text(from_utf8(utf8), box, style);
}

float Painter::name(const std::string& utf8, const std::string& short_form, const std::vector<sf::String>& others,
                    const sf::FloatRect& box, const TextStyle& style) const {
  const sf::String whole = from_utf8(utf8);
  // A pixel spare for a glyph that reaches left of its origin, which text() allows for.
  const sf::String shorter = short_name(font(style.weight), whole, from_utf8(short_form), others, style.size, box.width - 1);
  if (shorter.isEmpty() || shorter == whole) return text(whole, box, style);
  TextStyle at_size = style;
  at_size.min_size = 0;
  return text(shorter, box, at_size);
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
