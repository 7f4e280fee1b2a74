#include "seneschal/display/fonts.hpp"

#include <filesystem>
#include <system_error>

namespace seneschal::display {
namespace {

Result<std::unique_ptr<sf::Font>> load_face(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return fail("font file not found: " + path.string());
  auto font = std::make_unique<sf::Font>();
  if (!font->loadFromFile(path.string())) return fail("font file is not a font SFML can read: " + path.string());
  return font;
}

}  // namespace

Fonts::Fonts(std::unique_ptr<sf::Font> regular, std::unique_ptr<sf::Font> bold)
    : regular_(std::move(regular)), bold_(std::move(bold)) {}

Result<Fonts> Fonts::load(const std::string& assets_dir) {
  const std::filesystem::path fonts = std::filesystem::path(assets_dir) / "fonts";
  auto regular = load_face(fonts / "DejaVuSans.ttf");
  if (!regular) return fail(regular.error().message);
  auto bold = load_face(fonts / "DejaVuSans-Bold.ttf");
  if (!bold) return fail(bold.error().message);
  return Fonts(std::move(regular).value(), std::move(bold).value());
}

}  // namespace seneschal::display
