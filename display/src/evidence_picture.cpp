#include <algorithm>
#include <cmath>

#include "parts.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {

sf::FloatRect draw_evidence(const Painter& painter, const engine::Evidence& evidence, const sf::FloatRect& column,
                            float keep) {
  const BoardLayout& layout = painter.layout();
  if (evidence.width <= 0 || evidence.height <= 0) return column;
  const float gap = layout.margin;
  const float caption_row = layout.row(layout.text.small);
  const float frame = layout.stroke(2);
  // As wide as the column, no taller than the room under what must stay readable above it.
  const float room = column.height - keep - gap - caption_row - 2 * frame;
  const float height = std::floor(std::min(room, (column.width - 2 * frame) * static_cast<float>(evidence.height) /
                                                     static_cast<float>(evidence.width)));
  if (height < std::round(48 * layout.scale)) return column;
  const float bottom = column.top + column.height;
  const sf::FloatRect box{column.left + frame, bottom - frame - height, column.width - 2 * frame, height};
  const sf::FloatRect drawn = painter.picture(evidence.width, evidence.height, evidence.rgba, box);
  if (drawn.width <= 0) return column;
  painter.region("evidence", drawn, column);
  painter.frame({drawn.left - frame, drawn.top - frame, drawn.width + 2 * frame, drawn.height + 2 * frame}, frame,
                palette::timer);
  const float caption_top = drawn.top - frame - caption_row;
  painter.text(evidence.caption, {column.left, caption_top, column.width, caption_row},
               {layout.text.small, palette::text_secondary, Weight::Regular, Align::Centre});
  return {column.left, column.top, column.width, std::max(0.f, caption_top - gap - column.top)};
}

}  // namespace seneschal::display::detail
