#include <algorithm>
#include <cmath>
#include <string>

#include "parts.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// The game's own headline when it gives one, else "Turn N – Phase".
std::string headline(const engine::ViewModel& view) {
  if (!view.headline.empty()) return view.headline;
  if (view.turn <= 0) return view.phase.empty() ? view.game_title : view.phase;
  std::string line = "Turn " + std::to_string(view.turn);
  if (!view.phase.empty()) line += " \u2013 " + view.phase;
  return line;
}

}  // namespace

void draw_banner(const Painter& painter, const engine::ViewModel& view) {
  const BoardLayout& layout = painter.layout();
  const sf::FloatRect& banner = layout.banner;
  painter.fill(banner, palette::banner);

  const float pad = layout.padding;
  const float left = banner.left + layout.margin + pad;
  const float width = banner.width - 2 * (layout.margin + pad);
  const float gap = std::round(12 * layout.scale);
  const float first_row = layout.row(layout.text.heading);
  const sf::FloatRect top{left, banner.top + pad, width, first_row};
  const sf::FloatRect second{left, top.top + first_row, width, layout.row(layout.text.prompt)};

  // The turn and phase come first; the game's name only gets the room they leave.
  const float used = painter.text(headline(view), top, {layout.text.heading, palette::text, Weight::Bold});
  if ((view.turn > 0 || !view.headline.empty()) && used + gap < width) {
    painter.text(view.game_title, {left + used + gap, top.top, width - used - gap, top.height},
                 {layout.text.small, palette::text_secondary, Weight::Regular, Align::Right});
  }

  // Whose action it is, in the acting seat's colour, then what they are asked to do.
  float prompt_left = left;
  const auto acting = std::find_if(view.seats.begin(), view.seats.end(), [](const auto& s) { return s.acting; });
  if (acting != view.seats.end()) {
    const auto index = static_cast<std::size_t>(acting - view.seats.begin());
    // A long name is cut, never "to act": the pill must still say that it is their turn.
    const unsigned size = layout.text.prompt;
    const std::string suffix = " to act";
    const float pill_pad = std::round(static_cast<float>(size) * 0.45f);  // as Painter::badge pads
    const float room = width / 2 - 2 * pill_pad - painter.measure(from_utf8(suffix), size, Weight::Bold) - 1;
    const sf::String name = painter.fit(acting->name, size, Weight::Bold, room);
    const auto name_utf8 = name.toUtf8();
    const float badge = name.isEmpty() ? 0
                                       : painter.badge(std::string(name_utf8.begin(), name_utf8.end()) + suffix,
                                                       {left, second.top, width / 2, second.height}, size,
                                                       palette::seat_colour(index), palette::ink_on(palette::seat_colour(index)));
    if (badge > 0) prompt_left += badge + gap;
  }
  painter.text(view.prompt, {prompt_left, second.top, left + width - prompt_left, second.height},
               {layout.text.prompt, palette::text, Weight::Regular});
}

}  // namespace seneschal::display::detail
