#include "seneschal/display/calibration_view.hpp"

#include <algorithm>
#include <cmath>

#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/Sprite.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/Graphics/View.hpp>

#include "offscreen.hpp"
#include "painter.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/layout.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display {
namespace {

using detail::Align;
using detail::Painter;
using detail::Weight;

// The share of a landscape screen's width the picture takes; the words get the rest, enough
// for a sentence in four or five lines at 800x480.
constexpr float kPictureShare = 0.6f;
// How strongly an area's fill tints the picture under it: enough to see the area, not so much
// that the codes under it cannot be made out.
constexpr sf::Uint8 kAreaAlpha = 70;

bool has_picture(const CameraPicture& picture) {
  return picture.width > 0 && picture.height > 0 &&
         picture.bgr.size() == std::size_t{picture.width} * picture.height * 3;
}

sf::Image to_image(const CameraPicture& picture) {
  std::vector<sf::Uint8> rgba(std::size_t{picture.width} * picture.height * 4);
  for (std::size_t i = 0, o = 0; i < picture.bgr.size(); i += 3, o += 4) {
    rgba[o] = picture.bgr[i + 2];
    rgba[o + 1] = picture.bgr[i + 1];
    rgba[o + 2] = picture.bgr[i];
    rgba[o + 3] = 255;
  }
  sf::Image image;
  image.create(picture.width, picture.height, rgba.data());
  return image;
}

sf::Color colour_of(const Outline& outline) {
  switch (outline.kind) {
    case OutlineKind::Seat:
      return palette::seat_colour(outline.colour_index);
    case OutlineKind::Zone:
      return palette::pip;
    case OutlineKind::Mark:
      return palette::winner;
    case OutlineKind::Table:
      break;
  }
  return palette::text;
}

sf::Color band_of(Tone tone) {
  switch (tone) {
    case Tone::Good:
      return palette::accepted;
    case Tone::Bad:
      return palette::refused;
    case Tone::Neutral:
      break;
  }
  return palette::banner;
}

// Where the picture lands on the screen: its box, fitted without distortion and centred.
struct Placement {
  sf::FloatRect box;    // the room given to the picture
  sf::FloatRect shown;  // the picture itself inside it
  float scale = 1;
  sf::Vector2f to_screen(sf::Vector2f p) const { return {shown.left + p.x * scale, shown.top + p.y * scale}; }
};

Placement place_picture(const sf::FloatRect& box, const CameraPicture& picture) {
  Placement out;
  out.box = box;
  out.shown = box;
  if (!has_picture(picture)) return out;
  const float w = static_cast<float>(picture.width), h = static_cast<float>(picture.height);
  out.scale = std::min(box.width / w, box.height / h);
  out.shown = {std::round(box.left + (box.width - w * out.scale) / 2),
               std::round(box.top + (box.height - h * out.scale) / 2), w * out.scale, h * out.scale};
  return out;
}

void draw_picture(sf::RenderTarget& target, const Painter& painter, const Placement& at, const CameraPicture& picture) {
  painter.fill(at.box, palette::panel);
  if (!has_picture(picture)) return;
  sf::Texture texture;
  if (!texture.loadFromImage(to_image(picture))) return;  // too large for the GPU: the panel stays empty
  texture.setSmooth(true);
  sf::Sprite sprite(texture);
  sprite.setPosition(at.shown.left, at.shown.top);
  sprite.setScale(at.scale, at.scale);
  target.draw(sprite);
}

// The outlines in the picture's pixels, clipped to the picture by a view over its box so an
// area reaching past the camera's field never spills onto the words.
void draw_outlines(sf::RenderTarget& target, const Painter& painter, const Placement& at,
                   const std::vector<Outline>& outlines, ScreenSize size) {
  const float w = static_cast<float>(size.width), h = static_cast<float>(size.height);
  const sf::View screen(sf::FloatRect(0, 0, w, h));
  sf::View picture(at.shown);
  picture.setViewport({at.shown.left / w, at.shown.top / h, at.shown.width / w, at.shown.height / h});
  target.setView(picture);
  for (const Outline& outline : outlines) {
    if (outline.points.size() < 2) continue;
    std::vector<sf::Vector2f> points;
    for (const sf::Vector2f& p : outline.points) points.push_back(at.to_screen(p));
    const sf::Color colour = colour_of(outline);
    if (points.size() >= 3 && (outline.kind == OutlineKind::Seat || outline.kind == OutlineKind::Zone)) {
      sf::ConvexShape area(points.size());
      for (std::size_t i = 0; i < points.size(); ++i) area.setPoint(i, points[i]);
      area.setFillColor({colour.r, colour.g, colour.b, kAreaAlpha});
      target.draw(area);
    }
    points.push_back(points.front());
    const float thickness = painter.layout().stroke(outline.kind == OutlineKind::Table  ? 3.f
                                                    : outline.kind == OutlineKind::Mark ? 1.5f
                                                                                        : 2.f);
    painter.polyline(points, thickness, colour);
  }
  target.setView(screen);
  // Labels last, in screen pixels and kept inside the picture, so none hides under another area.
  const BoardLayout& layout = painter.layout();
  for (const Outline& outline : outlines) {
    if (outline.label.empty() || outline.points.empty()) continue;
    sf::Vector2f middle;
    for (const sf::Vector2f& p : outline.points) middle += at.to_screen(p) / static_cast<float>(outline.points.size());
    // Painter::badge draws a pill as wide as its label and padding from its box's left edge:
    // measure it the same way to centre it on the middle, then keep it inside the picture.
    const unsigned text_size = layout.text.small;
    const float height = layout.row(text_size);
    const float pill =
        std::min(at.shown.width, std::ceil(painter.measure(from_utf8(outline.label), text_size, Weight::Bold) +
                                           2 * std::round(static_cast<float>(text_size) * 0.45f)));
    const float left = std::clamp(middle.x - pill / 2, at.shown.left, at.shown.left + at.shown.width - pill);
    const float top = std::clamp(middle.y - height / 2, at.shown.top, at.shown.top + at.shown.height - height);
    const sf::Color colour = colour_of(outline);
    painter.badge(outline.label, {left, top, pill + 1, height}, text_size, colour, palette::ink_on(colour));
  }
}

void draw_words(const Painter& painter, const sf::FloatRect& box, const CalibrationScreen& screen) {
  const BoardLayout& layout = painter.layout();
  const unsigned size = layout.text.prompt;
  const float row = layout.row(size);
  const float footer_row = screen.footer.empty() ? 0 : layout.row(layout.text.small) + layout.margin;
  const float bottom = box.top + box.height - footer_row;
  float top = box.top;
  for (const std::string& line : screen.lines) {
    const auto room = static_cast<std::size_t>(std::max(0.f, (bottom - top) / row));
    if (room == 0) break;
    for (const sf::String& wrapped : painter.wrap(line, size, Weight::Regular, box.width, room)) {
      painter.text(wrapped, {box.left, top, box.width, row}, {size, palette::text, Weight::Regular, Align::Left});
      top += row;
    }
    top += std::round(row / 2);  // a gap between sentences
  }
  if (!screen.footer.empty()) {
    painter.text(
        screen.footer,
        {box.left, box.top + box.height - layout.row(layout.text.small), box.width, layout.row(layout.text.small)},
        {layout.text.small, palette::text_secondary, Weight::Regular, Align::Left});
  }
}

}  // namespace

Result<CalibrationView> CalibrationView::create(const std::string& assets_dir) {
  auto fonts = Fonts::load(assets_dir);
  if (!fonts) return fail(fonts.error().message);
  return CalibrationView(std::move(fonts).value());
}

void CalibrationView::draw(sf::RenderTarget& target, const CalibrationScreen& screen, ScreenSize size) const {
  const float width = static_cast<float>(size.width);
  const float height = static_cast<float>(size.height);
  target.setView(sf::View(sf::FloatRect(0, 0, width, height)));
  target.clear(palette::background);
  // The board's measures (margins, text sizes, strokes) for this screen, so both screens read alike.
  const BoardLayout layout = layout_board(size, 0, Column::None, Chrome::BoardOnly);
  const Painter painter(target, fonts_, layout);
  const float m = layout.margin;

  const sf::FloatRect band{0, 0, width, std::ceil(layout.row(layout.text.heading) + 2 * layout.padding)};
  const sf::Color band_colour = band_of(screen.tone);
  painter.fill(band, band_colour);
  painter.text(screen.heading, {m, band.top, width - 2 * m, band.height},
               {layout.text.heading, screen.tone == Tone::Neutral ? palette::text : palette::ink_on(band_colour),
                Weight::Bold, Align::Left, layout.text.small});

  const float top = band.height + m;
  const float room = std::max(0.f, height - m - top);
  sf::FloatRect picture_box, words_box;
  if (width >= height) {
    const float picture_width = std::round(width * kPictureShare) - m;
    picture_box = {m, top, picture_width, room};
    words_box = {picture_box.left + picture_width + 2 * m, top, std::max(0.f, width - picture_width - 4 * m), room};
  } else {
    const float picture_height = std::round(room * 0.55f);
    picture_box = {m, top, width - 2 * m, picture_height};
    words_box = {m, top + picture_height + m, width - 2 * m, std::max(0.f, room - picture_height - m)};
  }
  const Placement at = place_picture(picture_box, screen.picture);
  draw_picture(target, painter, at, screen.picture);
  draw_outlines(target, painter, at, screen.outlines, size);
  draw_words(painter, words_box, screen);
}

Result<sf::Image> render_calibration_image(const CalibrationView& view, const CalibrationScreen& screen,
                                           ScreenSize size) {
  return detail::draw_offscreen(size, "calibration screen",
                                [&](sf::RenderTarget& target) { view.draw(target, screen, size); });
}

}  // namespace seneschal::display
