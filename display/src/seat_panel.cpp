#include <string>
#include <vector>

#include "parts.hpp"
#include "seneschal/base/words.hpp"
#include "seat_rows.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

int items_from(const std::vector<Row>& rows, std::size_t first) {
  int count = 0;
  for (std::size_t i = first; i < rows.size(); ++i) count += rows[i].items;
  return count;
}

float height_of(const std::vector<Row>& rows) {
  float height = 0;
  for (const Row& row : rows) height += row.height;
  return height;
}

// The narrowest a column of items may get before a title says too little to name its card.
float narrowest_column(const BoardLayout& layout) { return std::round(70 * layout.scale); }

// The seat's rows at the first density that shows every item: the body size; the same without
// the air around headings and chips; compact (the
// small size, no subtitle, no pips); compact without the lists' headings, the items' marks
// (a card's outline, a tick) then telling the lists apart; and that in two, three... columns
// while a column stays wide enough to name a card.
std::vector<Row> fitted_rows(const SeatContext& context, float height) {
  const BoardLayout& layout = context.painter.layout();
  std::vector<Row> rows;
  const auto build = [&](bool compact, std::size_t columns, bool headings) {
    rows.clear();
    add_header_rows(context, rows, compact);
    add_holding_rows(context, rows, list_style(layout, compact, columns, headings));
    return height_of(rows) <= height;
  };
  if (build(false, 1, true)) return rows;
  rows.clear();
  add_header_rows(context, rows, false);
  ListStyle tight = list_style(layout, false, 1);
  tight.tight = true;
  add_holding_rows(context, rows, tight);
  if (height_of(rows) <= height || build(true, 1, true)) return rows;
  for (std::size_t columns = 1;; ++columns) {
    const auto n = static_cast<float>(columns + 1);
    const bool last = (context.width - std::round(4 * layout.scale) * (n - 1)) / n < narrowest_column(layout);
    if (build(true, columns, false) || last) return rows;
  }
}

}  // namespace

// Rows top to bottom while they fit; when even the densest setting cannot show them all, the
// last line says how many items are left out.
void lay_rows(const Painter& painter, const std::vector<Row>& rows, const sf::FloatRect& inner) {
  const BoardLayout& layout = painter.layout();
  std::vector<float> below(rows.size() + 1, 0);  // the height of row i and every row after it
  for (std::size_t i = rows.size(); i-- > 0;) below[i] = below[i + 1] + rows[i].height;

  const float more_height = layout.row(layout.text.small);
  const float bottom = inner.top + inner.height;
  float y = inner.top;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (y + below[i] > bottom) {
      // This row only goes in if "+N more" still fits under it, and a section label only
      // together with its first line.
      const bool with_next = rows[i].heading && i + 1 < rows.size();
      const float need = rows[i].height + (with_next ? rows[i + 1].height : 0);
      if (y + need + more_height > bottom) {
        const int more = items_from(rows, i);
        if (more > 0 && y + more_height <= bottom) {
          // TRANSLATORS: the last line of a seat's panel: the items that did not fit ("+3 more").
          painter.text(trn("+{0} more", "+{0} more", more, more), {inner.left, y, inner.width, more_height},
                       {layout.text.small, palette::text_secondary, Weight::Bold});
        }
        return;
      }
    }
    rows[i].draw({inner.left, y, inner.width, rows[i].height});
    y += rows[i].height;
  }
}

sf::FloatRect draw_seat_frame(const Painter& painter, const engine::SeatView& seat, std::size_t seat_index,
                              const sf::FloatRect& box) {
  const BoardLayout& layout = painter.layout();
  const sf::Color colour = palette::seat_colour(seat_index);
  painter.fill(box, palette::panel);
  // The acting seat is found by its thick frame in its own colour; the others get a thin
  // neutral frame under a strip of their colour, so the highlight never competes with them.
  const float thick = layout.stroke(5);
  if (seat.acting) {
    painter.frame(box, thick, colour);
  } else {
    const float thin = layout.stroke(2);
    painter.frame(box, thin, palette::panel_border);
    painter.fill({box.left + thin, box.top + thin, box.width - 2 * thin, thick}, colour);
  }

  // Every panel's text starts at the same inset, acting or not, so the rows line up.
  const float inset = thick + layout.padding;
  return {box.left + inset, box.top + inset, box.width - 2 * inset, box.height - 2 * inset};
}

void draw_seat_panel(const Painter& painter, const engine::SeatView& seat, std::size_t seat_index,
                     const sf::FloatRect& box) {
  const sf::FloatRect inner = draw_seat_frame(painter, seat, seat_index, box);
  if (inner.width <= 0 || inner.height <= 0) return;

  const SeatContext context{painter, seat, seat.eliminated ? palette::text_muted : palette::text, inner.width};
  lay_rows(painter, fitted_rows(context, inner.height), inner);
}

}  // namespace seneschal::display::detail
