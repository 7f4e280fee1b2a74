#include <algorithm>
#include <cmath>

#include "parts.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {

// The watch page's code: a white card in the lower right of the board (the legend stays clear),
// dark modules on white with the four-module quiet zone a phone's reader needs, and the caption
// under it. A run of dark modules in a row is one rectangle: a 41-module code is a few hundred
// fills, not 1,700.
void draw_invitation(const Painter& painter, const engine::ViewModel& view) {
  if (!view.invitation || view.invitation->size <= 0) return;
  const engine::Invitation& code = *view.invitation;
  if (code.dark.size() != static_cast<std::size_t>(code.size) * static_cast<std::size_t>(code.size)) return;
  const BoardLayout& layout = painter.layout();
  const sf::FloatRect& area = layout.overlay;
  const float caption_row = layout.row(layout.text.small);
  const int quiet = 4;
  const int modules = code.size + 2 * quiet;
  // As big as a phone needs from a chair's reach, within the board: at most two thirds of its
  // height and a third of its width, whole pixels per module so every module is sharp.
  const float room = std::min(area.height * 2 / 3 - 3 * caption_row, area.width / 3);
  const float module = std::max(1.f, std::floor(room / static_cast<float>(modules)));
  const float side = module * static_cast<float>(modules);
  const float pad = layout.padding;
  // The caption wraps under the code (an address is longer than the code is wide), three rows at most.
  const std::vector<sf::String> rows = painter.wrap(code.caption, layout.text.small, Weight::Regular, side, 3);
  const float caption = caption_row * static_cast<float>(rows.size());
  const sf::FloatRect card{area.left + area.width - side - 2 * pad - layout.margin,
                           area.top + area.height - side - caption - 3 * pad - layout.margin, side + 2 * pad,
                           side + caption + 3 * pad};
  painter.begin_overlay();
  painter.region("watch code", card, area);
  painter.fill(card, palette::panel);
  painter.frame(card, layout.stroke(2), palette::panel_border);
  const float left = card.left + pad;
  const float top = card.top + pad;
  painter.fill({left, top, side, side}, sf::Color::White);
  for (int y = 0; y < code.size; ++y) {
    for (int x = 0; x < code.size;) {
      if (!code.dark[static_cast<std::size_t>(y * code.size + x)]) {
        ++x;
        continue;
      }
      int end = x;
      while (end < code.size && code.dark[static_cast<std::size_t>(y * code.size + end)]) ++end;
      painter.fill({left + static_cast<float>(x + quiet) * module, top + static_cast<float>(y + quiet) * module,
                    static_cast<float>(end - x) * module, module},
                   sf::Color::Black);
      x = end;
    }
  }
  float row_top = top + side + pad;
  for (const sf::String& row : rows) {
    painter.text(row, {left, row_top, side, caption_row}, {layout.text.small, palette::text, Weight::Regular, Align::Centre});
    row_top += caption_row;
  }
}

}  // namespace seneschal::display::detail
