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
#include "seneschal/engine/view_model.hpp"

namespace seneschal::display {

// Full: the board with the side column (timers, choices) and the button legend. BoardOnly: the
// board alone, as it was before those existed; the display bench's peer for its timings.
enum class Chrome { Full, BoardOnly };
// Whether the seat panels give up the right of the screen to the column of timers and choices.
enum class Column { None, Shown };

// Character sizes in pixels, already scaled. At 800x480 the smallest is 16 px, the least that
// reads across a table.
struct TextSizes {
  unsigned heading = 24;  // "Turn 3 – Summer", the winner
  unsigned name = 22;     // seat names
  unsigned prompt = 20;   // the prompt, the toast
  unsigned body = 18;     // a seat's counters and the lines of its lists
  unsigned small = 16;    // subtitles, section labels, compact lists, the log
};

// What only the fonts can tell the layout: how many lines the prompt wraps to in the banner and
// how many rows the button legend needs. The renderer measures them (a long rules check, a
// long button hint) and the layout makes the room, taking it from the seat panels, so that
// nothing the table must read is cut.
struct TextNeeds {
  std::size_t prompt_lines = 1;
  std::size_t legend_rows = 1;
};

struct BoardLayout {
  ScreenSize screen;
  float scale = 1;    // 1 at 800x480
  float margin = 8;   // the gap between boxes and around the screen's edge
  float padding = 8;  // inside a box, between its edge and its text
  TextSizes text;
  sf::FloatRect banner;
  std::vector<sf::FloatRect> seats;  // in seat order, left to right; in two rows when one would be too narrow
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

BoardLayout layout_board(ScreenSize screen, std::size_t seat_count, Column column = Column::None,
                         Chrome chrome = Chrome::Full, TextNeeds needs = {});

// The layout this view model is drawn with: a column while there are timers or choices.
BoardLayout layout_for(const engine::ViewModel& view, ScreenSize screen, Chrome chrome = Chrome::Full,
                       TextNeeds needs = {});

}  // namespace seneschal::display
