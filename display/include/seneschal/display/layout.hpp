#pragma once
// Where everything goes, worked out per screen size from the 800x480 reference: boxes and
// character sizes scale with the screen, and the seat panels share the width that is there.
// Pure arithmetic, so tests can check every size without drawing.
//
//   +--------------------------------------------------+
//   | banner: Turn N - Phase · game / who · prompt      |
//   +------------+------------+-----+------------------+
//   | seat panel | seat panel | ... | column: timers,  |
//   |            |            |     | choices (if any) |
//   +------------+------------+-----+------------------+
//   | bottom: scan toast band and/or log lines          |
//   +--------------------------------------------------+
//   | legend: [OK] pay with food  [PASS] pass  [MENU]  |
//   +--------------------------------------------------+

#include <cstddef>
#include <vector>

#include <SFML/Graphics/Rect.hpp>

#include "seneschal/display/screen_size.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::display {

// Full: the board with the side column (timers, choices) and the button legend. BoardOnly: the
// board alone, as it was before those existed; the display bench's peer for its timings.
enum class Chrome { Full, BoardOnly };
// Whether the seat panels give up the right of the screen to the column of timers and choices.
enum class Column { None, Shown };
// Which page of the board is drawn. Glance: what the table reads from its chairs (whose move,
// what to do, each seat's name, score and key counters, the timers) at the key size, and
// nothing else; Details: the seats' lists, the other counters and the log, a press away
// (display/README.md). The firmware chooses the page; the display only draws it.
enum class Page { Glance, Details };

// Character sizes in pixels, already scaled. At 800x480 the smallest is 16 px, the least that
// reads across a table; the key facts of the glance page are 36 px, whose capitals (0.73 of the
// character size in DejaVu Sans) are 26 px, about 5 mm on the 7" screen: read at a metre.
struct TextSizes {
  unsigned heading = 24;  // "Turn 3 – Summer", the winner
  unsigned name = 22;     // seat names
  unsigned prompt = 20;   // the prompt, the toast
  unsigned body = 18;     // a seat's counters and the lines of its lists
  unsigned small = 16;    // subtitles, section labels, compact lists, the log
  unsigned key = 36;      // the glance page: whose move, the prompt's first line, names, scores, timers
};

// What only the fonts can tell the layout: how many lines the prompt wraps to in the banner and
// how many rows the button legend needs. The renderer measures them (a long rules check, a
// long button hint) and the layout makes the room, taking it from the seat panels, so that
// nothing the table must read is cut.
struct TextNeeds {
  std::size_t prompt_lines = 1;  // at the prompt's size
  std::size_t legend_rows = 1;
  std::size_t key_lines = 0;     // the glance page's banner lines at the key size (the pill's and the prompt's first)
  bool no_bottom = false;        // the glance page without a toast: no band, no log (layout_for sets it)
};

struct BoardLayout {
  ScreenSize screen;
  Page page = Page::Details;
  float scale = 1;    // 1 at 800x480 (times the table's [display] scale)
  float margin = 8;   // the gap between boxes and around the screen's edge
  float padding = 8;  // inside a box, between its edge and its text
  TextSizes text;
  sf::FloatRect banner;
  std::vector<sf::FloatRect> seats;  // in seat order, left to right; in two rows when one would be too narrow
  sf::FloatRect seat_area;           // the room all seats share; the glance page sets its own grid in it
  sf::FloatRect bottom;           // log lines, when there is no toast
  sf::FloatRect toast;            // the toast band, across the top of the bottom zone
  sf::FloatRect log_under_toast;  // what is left of the bottom zone for the log beside a toast
  sf::FloatRect column;   // timers and choices, right of the seat panels; empty without a column
  sf::FloatRect legend;   // what each button does, along the bottom edge; empty with Chrome::BoardOnly
  sf::FloatRect overlay;  // the game-end card's room: the screen above the legend, which stays readable

  // The height of one line of text at this character size, with room for descenders.
  float row(unsigned char_size) const;
  // A border or stroke this many pixels thick at 800x480, scaled and at least one pixel.
  float stroke(float reference_px) const;
};

// zoom: the table's [display] scale (1-2), every size times it, for a screen read from further
// away than its size suggests.
BoardLayout layout_board(ScreenSize screen, std::size_t seat_count, Column column = Column::None,
                         Chrome chrome = Chrome::Full, TextNeeds needs = {}, Page page = Page::Details,
                         float zoom = 1);

// The layout this view model is drawn with: a column while there are timers or choices.
BoardLayout layout_for(const engine::ViewModel& view, ScreenSize screen, Chrome chrome = Chrome::Full,
                       TextNeeds needs = {}, Page page = Page::Details, float zoom = 1);

}  // namespace seneschal::display
