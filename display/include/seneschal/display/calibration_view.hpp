#pragma once
// The calibration screen: the camera's picture with outlines drawn over it (the table, areas,
// what was found), a heading band and lines of words beside it, and a footer for the keys. It
// draws what it is given and knows nothing of tags, seats or games: the firmware decides which
// outlines there are and what the words say. Colours come from the board's palette, text from
// its fonts, fitted so that nothing runs off the screen.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/System/Vector2.hpp>

#include "seneschal/base/result.hpp"
#include "seneschal/display/fonts.hpp"
#include "seneschal/display/screen_size.hpp"

namespace seneschal::display {

// A picture as a camera gives it: BGR, 8 bits a channel, rows one after another without padding.
struct CameraPicture {
  unsigned width = 0;
  unsigned height = 0;
  std::vector<std::uint8_t> bgr;  // width * height * 3 bytes; anything else is drawn as no picture
};

// How an outline is drawn: the table's edge in the text colour, an area filled lightly in its
// seat's colour (or the zones' colour), a mark (something found, e.g. a code) thin in yellow.
enum class OutlineKind { Table, Seat, Zone, Mark };

struct Outline {
  std::vector<sf::Vector2f> points;  // in the picture's pixels, in order round the shape
  std::string label;                 // drawn at the shape's middle; "" for none
  OutlineKind kind = OutlineKind::Table;
  std::size_t colour_index = 0;  // Seat: palette::seat_colour(colour_index)
};

// The heading band's colour: neutral while nothing is decided, good (green) when all is well,
// bad (vermillion) while something is wrong.
enum class Tone { Neutral, Good, Bad };

struct CalibrationScreen {
  CameraPicture picture;
  std::vector<Outline> outlines;
  std::string heading;
  Tone tone = Tone::Neutral;
  std::vector<std::string> lines;  // each wrapped to the column; what does not fit ends in "…"
  std::string footer;              // one line at the bottom, e.g. the keys
};

class CalibrationView {
 public:
  // assets_dir holds fonts/; the error names the font file that could not be read.
  static Result<CalibrationView> create(const std::string& assets_dir);

  // Clears the target and draws the screen laid out for `size`: the picture on the left (on top
  // of a screen taller than wide), the heading across the top, the words beside the picture.
  // Needs the target's GL context; render_calibration_image and Window::show are the adapters.
  void draw(sf::RenderTarget& target, const CalibrationScreen& screen, ScreenSize size) const;

  const Fonts& fonts() const { return fonts_; }

 private:
  explicit CalibrationView(Fonts fonts) : fonts_(std::move(fonts)) {}

  Fonts fonts_;
};

// Offscreen, as render_image draws the board: an error naming the step, never a crash, without
// an X display. (The firmware writes it as a PNG with OpenCV's libpng, which packs a camera
// picture a third smaller than SFML's writer.)
Result<sf::Image> render_calibration_image(const CalibrationView& view, const CalibrationScreen& screen,
                                           ScreenSize size);

}  // namespace seneschal::display
