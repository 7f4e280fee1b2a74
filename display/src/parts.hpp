#pragma once
// The board's parts, drawn in this order by BoardRenderer: banner, seat panels, the side
// column (timers, choices), bottom zone (toast and log), the button legend, and the game-end
// overlay over everything but the legend, and over that a device notice. Private to the library.

#include <cstddef>
#include <string>
#include <vector>

#include "painter.hpp"
#include "seneschal/display/board_renderer.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::display::detail {

// The banner's second part as it will be drawn: the acting seat's pill and the prompt wrapped
// beside and under it. Planned before the layout, which makes the banner as tall as the lines.
// On the glance page the pill and the prompt's first lines are at the key size, read from the
// chairs; a prompt too long for two such lines goes on under its first at the prompt's size.
struct BannerPlan {
  std::string pill;               // "Mark to act" (a long name cut, never "to act"); empty: nobody acts
  std::size_t seat = 0;           // whose colour the pill has
  float pill_width = 0;
  unsigned pill_size = 0;         // the pill's character size
  bool beside = true;             // the prompt's first line shares the pill's row; false: a long name's
                                  // pill has its row to itself
  unsigned key_size = 0;          // the size of the first `key_lines` lines
  std::size_t key_lines = 0;      // glance: how many of the lines are at the key size
  unsigned size = 0;              // the prompt's character size (after the key lines)
  std::vector<sf::String> lines;  // the prompt: the first line beside the pill, the others under it

  // The rows under the headline, at the key size and at the prompt's: the layout makes the
  // banner this tall.
  TextNeeds needs(std::size_t legend_rows) const;
};
BannerPlan plan_banner(const Painter& painter, const engine::ViewModel& view);
void draw_banner(const Painter& painter, const engine::ViewModel& view, const BannerPlan& plan);
void draw_seat_panel(const Painter& painter, const engine::SeatView& seat, std::size_t seat_index,
                     const sf::FloatRect& box);
// A seat's box: its fill and frame (thick in its colour while it acts, else thin under a strip of
// its colour); returns the room inside for its text.
sf::FloatRect draw_seat_frame(const Painter& painter, const engine::SeatView& seat, std::size_t seat_index,
                              const sf::FloatRect& box);
// The glance page's seats in the layout's seat area: each seat's name, score and key counters at
// the key size, in as many blocks to a row as keep them whole; the room a larger screen has left
// under them shows the seat's lists.
void draw_glance_seats(const Painter& painter, const engine::ViewModel& view);
void draw_bottom_zone(const Painter& painter, const engine::ViewModel& view);
// The legend's entries (a key and what it does now) and how they are set: at the body size on
// one row if they fit, else smaller, else on two rows, so that no key's words are cut. Planned
// before the layout, which gives the legend the rows it needs.
struct LegendPlan {
  struct Entry {
    std::string key;     // the button's name, as printed on it
    std::string action;  // what it does now
    std::size_t row = 0;
  };
  std::vector<Entry> entries;
  unsigned size = 0;
  float entry_gap = 0;  // between one entry and the next on a row
  std::size_t rows = 1;
};
// `own`: the caller's legend (DrawOptions::legend), drawn instead of the view's when given.
LegendPlan plan_legend(const Painter& painter, const engine::ViewModel& view, const std::vector<LegendKey>& own = {});
void draw_button_legend(const Painter& painter, const LegendPlan& plan);
void draw_winner_overlay(const Painter& painter, const engine::ViewModel& view);
// The end screen's standings: every seat's final score at the key size, winners first, a team's
// seats together; the height that shows them all.
float final_scores_height(const BoardLayout& layout, const engine::ViewModel& view);
void draw_final_scores(const Painter& painter, const engine::ViewModel& view, const sf::FloatRect& box);
// Over everything but the legend, the game-end card included: what is wrong with the device.
void draw_device_notice(const Painter& painter, const engine::ViewModel& view);
// The watch page's code and caption in the overlay's lower right (invitation.cpp).
void draw_invitation(const Painter& painter, const engine::ViewModel& view);

// The side column: the timers on top, the choices under them.
void draw_side_column(const Painter& painter, const engine::ViewModel& view);
// The timers' section: what it needs at the least (the ring beside the text) and at the most
// (the ring as wide as the column); it lays itself out for the height it is given.
float timers_min_height(const BoardLayout& layout, const engine::ViewModel& view);
float timers_max_height(const BoardLayout& layout, const engine::ViewModel& view, float width);
void draw_timers(const Painter& painter, const engine::ViewModel& view, const sf::FloatRect& box);
// The choices' section: the height that shows every option at this width (a long one takes two
// lines); given less, it shows a window around the highlighted one.
float choices_height(const Painter& painter, const engine::ViewModel& view, float width);
void draw_choices(const Painter& painter, const engine::ViewModel& view, const sf::FloatRect& box);
// The picture of what the prompt asks about (engine::Evidence) at the column's foot, its caption
// over it, leaving `keep` pixels above for the rest of the column; returns the room left above.
// Too little room for a picture a player can read: nothing drawn, the whole column returned.
sf::FloatRect draw_evidence(const Painter& painter, const engine::Evidence& evidence, const sf::FloatRect& column, float keep);

// One game-end chart the module described: a value per seat per turn, one line per seat in its
// colour and marker shape.
void draw_tally_chart(const Painter& painter, const engine::ViewModel& view, const engine::ChartView& chart,
                      const sf::FloatRect& box);
// Which seat has which colour and marker, for every chart.
void draw_chart_legend(const Painter& painter, const engine::ViewModel& view, const sf::FloatRect& box);

}  // namespace seneschal::display::detail
