#pragma once
// A seat panel is a column of rows, built first and drawn after: only once every row's height
// is known can the panel tell what fits, and count the rest in a "+N more" line instead of
// drawing past its edge. Private to the library.

#include <functional>
#include <vector>

#include "painter.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::display::detail {

struct Row {
  float height = 0;
  bool counts = false;   // a castle, card or quest: what "+N more" counts
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

// Name with its badges, faction, renown and food.
void add_header_rows(const SeatContext& context, std::vector<Row>& rows);
// Castles with their food, the cards in play, quests.
void add_holding_rows(const SeatContext& context, std::vector<Row>& rows);

}  // namespace seneschal::display::detail
