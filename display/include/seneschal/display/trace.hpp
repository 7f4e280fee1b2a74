#pragma once
// What the renderer drew where, so tests can check that the layout held on every screen size
// without reading pixels: every text with the box it was fitted into, and the main boxes
// (panels, the timer's ring, a chart) with the box they belong in. Overlays drawn over the
// board (the game-end card) start a new layer: what they cover is meant to be covered.

#include <string>
#include <vector>

#include <SFML/Graphics/Rect.hpp>

namespace seneschal::display {

struct DrawnText {
  std::string text;         // as drawn, after fitting (UTF-8)
  sf::FloatRect ink;        // where its glyphs landed
  sf::FloatRect container;  // the box it was fitted into
  unsigned size = 0;        // character size in pixels, after any shrinking to fit
  int layer = 0;            // 0: the board; one more per overlay over it
};

struct DrawnBox {
  std::string name;  // what it is: "seat panel", "timer ring", "<title> chart", ...
  sf::FloatRect box;
  sf::FloatRect container;
  int layer = 0;
};

struct Trace {
  std::vector<DrawnText> texts;
  std::vector<DrawnBox> boxes;
};

}  // namespace seneschal::display
