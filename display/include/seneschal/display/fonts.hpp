#pragma once
// The two faces the board is set in. They are loaded once, from the assets directory the
// firmware is given, and held behind pointers because every sf::Text keeps a pointer to its
// font: moving a Fonts (or the renderer holding it) must not move the sf::Font objects.

#include <memory>
#include <string>

#include <SFML/Graphics/Font.hpp>

#include "seneschal/base/result.hpp"

namespace seneschal::display {

class Fonts {
 public:
  // Reads <assets_dir>/fonts/DejaVuSans.ttf and DejaVuSans-Bold.ttf; the error names the
  // file that is missing or unreadable.
  static Result<Fonts> load(const std::string& assets_dir);

  const sf::Font& regular() const { return *regular_; }
  const sf::Font& bold() const { return *bold_; }

 private:
  Fonts(std::unique_ptr<sf::Font> regular, std::unique_ptr<sf::Font> bold);

  std::unique_ptr<sf::Font> regular_;
  std::unique_ptr<sf::Font> bold_;
};

}  // namespace seneschal::display
