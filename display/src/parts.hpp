#pragma once
// The board's parts, drawn in this order by BoardRenderer: banner, seat panels, bottom zone
// (toast and log), and the winner overlay over everything. Private to the library.

#include <cstddef>

#include "painter.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::display::detail {

void draw_banner(const Painter& painter, const engine::ViewModel& view);
void draw_seat_panel(const Painter& painter, const engine::SeatView& seat, std::size_t seat_index,
                     const sf::FloatRect& box);
void draw_bottom_zone(const Painter& painter, const engine::ViewModel& view);
void draw_winner_overlay(const Painter& painter, const std::string& winner);

}  // namespace seneschal::display::detail
