#pragma once
// Draws one engine::ViewModel onto any sf::RenderTarget: a window on the device, a texture in
// tests and for PNGs. It only reads the view model; what to show is decided by the engine.

#include <string>
#include <utility>
#include <vector>

#include <SFML/Graphics/RenderTarget.hpp>

#include "seneschal/base/result.hpp"
#include "seneschal/display/fonts.hpp"
#include "seneschal/display/layout.hpp"
#include "seneschal/display/screen_size.hpp"
#include "seneschal/display/trace.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::display {

// A button and what it does now, in a legend its caller words (DrawOptions::legend).
struct LegendKey {
  std::string key;     // as printed on the button: "OK", "PASS", "▲▼", "MENU"
  std::string action;  // what it does now: "next turn"
};

struct DrawOptions {
  Chrome chrome = Chrome::Full;
  Trace* trace = nullptr;  // when set, every text and main box drawn is added to it
  // The whole picture turned 180 degrees: a screen lying flat between two players faces the one
  // across the table (the firmware decides whom; the display only turns).
  bool turned = false;
  // The glance read from the chairs, or the details a press away (layout.hpp's Page); the
  // firmware turns the pages.
  Page page = Page::Glance;
  // The table's [display] scale, 1-2: every size times it, for a screen read from further away.
  float scale = 1;
  // The legend's buttons in the caller's words, when the buttons do something other than answer
  // the prompt (`seneschal review`: they step through a finished game); empty: the legend follows
  // the view (the prompt's OK and PASS, UP/DOWN when there are rows, MENU, TIMER).
  std::vector<LegendKey> legend = {};
};

class BoardRenderer {
 public:
  // assets_dir holds fonts/; the error names the font file that could not be read.
  static Result<BoardRenderer> create(const std::string& assets_dir);

  // Clears the target and draws the whole board laid out for `size` from (0, 0). The target's
  // view is set to match `size`, so one pixel of layout is one pixel of target. Needs the
  // target's GL context (an X display); render_image and Window::show are the adapters that
  // check for one and turn any exception into an error.
  void draw(sf::RenderTarget& target, const engine::ViewModel& view, ScreenSize size,
            const DrawOptions& options = {}) const;

  const Fonts& fonts() const { return fonts_; }

 private:
  explicit BoardRenderer(Fonts fonts) : fonts_(std::move(fonts)) {}

  Fonts fonts_;
};

}  // namespace seneschal::display
