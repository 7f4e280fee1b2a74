#include <cmath>
#include <string>

#include "parts.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {

// The device cannot do its job (no picture, the calibration card unread): a framed card in the
// middle says what is wrong and what to do, over a scrim, so nobody mistakes a dead camera for a
// quiet table. The legend stays uncovered: the buttons still work. A check still under way gets
// the same card in the quieter panel colours.
void draw_device_notice(const Painter& painter, const engine::ViewModel& view) {
  if (!view.device_notice) return;
  const engine::DeviceNotice& notice = *view.device_notice;
  const BoardLayout& layout = painter.layout();
  const sf::FloatRect& area = layout.overlay;
  painter.begin_overlay();
  painter.fill(area, palette::scrim);

  const sf::Color edge = notice.failure ? palette::refused : palette::timer;
  const float border = layout.stroke(4);
  const float pad = layout.padding * 2;
  const float inset = 2 * layout.margin;
  const float card_width = std::round(area.width - 2 * inset);
  const float inner = card_width - 2 * (border + pad);
  const float title_row = layout.row(layout.text.heading);
  const float body_row = layout.row(layout.text.prompt);

  // Each line of the notice wraps on its own; the card grows to hold them, up to the room there is.
  const float room = area.height - 2 * inset - 2 * (border + pad) - title_row - layout.margin;
  const std::size_t max_rows = room > 0 ? static_cast<std::size_t>(room / body_row) : 0;
  std::vector<sf::String> rows;
  for (const std::string& line : notice.lines) {
    if (rows.size() >= max_rows) break;
    for (sf::String& row : painter.wrap(line, layout.text.prompt, Weight::Regular, inner, max_rows - rows.size())) {
      rows.push_back(std::move(row));
    }
  }
  const float height = std::ceil(title_row + layout.margin + static_cast<float>(rows.size()) * body_row +
                                 2 * (border + pad));
  const sf::FloatRect card{area.left + inset, std::round(area.top + (area.height - height) / 2), card_width, height};
  painter.region("device notice", card, area);
  painter.fill(card, palette::panel);
  painter.frame(card, border, edge);

  const float left = card.left + border + pad;
  float top = card.top + border + pad;
  painter.text(notice.title, {left, top, inner, title_row},
               {layout.text.heading, edge, Weight::Bold, Align::Centre, layout.text.prompt});
  top += title_row + layout.margin;
  for (const sf::String& row : rows) {
    painter.text(row, {left, top, inner, body_row}, {layout.text.prompt, palette::text, Weight::Regular, Align::Centre});
    top += body_row;
  }
}

}  // namespace seneschal::display::detail
