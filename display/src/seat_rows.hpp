#pragma once
// A seat panel is a column of rows, built first and drawn after: only once every row's height
// is known can the panel tell what fits, and count the rest in a "+N more" line instead of
// drawing past its edge. Private to the library.

#include <functional>
#include <vector>

#include "painter.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::display::detail {

struct Row {
  float height = 0;
  int items = 0;         // how many of the seat's list items the row shows: what "+N more" counts
  bool heading = false;  // a section label: not worth drawing without a line under it
  std::function<void(const sf::FloatRect&)> draw;
};

// What one seat's rows draw with. Rows hold a reference to it, so it must outlive them:
// draw_seat_panel keeps both in its own scope.
struct SeatContext {
  const Painter& painter;
  const engine::SeatView& seat;
  sf::Color ink;  // the seat's primary text: muted once the seat is eliminated
  float width;    // the panel's inner width, for choosing between one line and two
};

// How a seat's lists are set: at the body size with air, or compact (the small size, no air),
// in one column or several side by side.
struct ListStyle {
  bool tight = false;    // the body size without the air around headings and card chips
  bool compact = false;  // the small size: no air, no pips
  bool headings = true;  // the lists' headings; the densest setting leaves them to the items' marks
  std::size_t columns = 1;
  unsigned size = 18;
  float line = 0;
};
ListStyle list_style(const BoardLayout& layout, bool compact, std::size_t columns, bool headings = true);

// Name with its badges, the subtitle, the counters; compact: no subtitle, counters at the small
// size.
void add_header_rows(const SeatContext& context, std::vector<Row>& rows, bool compact = false);
// The seat's lists (cards in play and whatever else the game keeps per seat), every item shown:
// compact rows and then columns when the panel runs short.
void add_holding_rows(const SeatContext& context, std::vector<Row>& rows, const ListStyle& style);
// Whether every title in the seat's lists is drawn whole or by a short form in this style, on one
// line or (one column, not compact) two: nothing cut.
bool titles_fit(const SeatContext& context, const ListStyle& style);
// Rows top to bottom while they fit; when not all do, the last line says how many items are left.
void lay_rows(const Painter& painter, const std::vector<Row>& rows, const sf::FloatRect& inner);

}  // namespace seneschal::display::detail
