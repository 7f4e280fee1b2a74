#include "offscreen.hpp"

#include <exception>

#include <SFML/Graphics/RenderTexture.hpp>

#include "x_connection.hpp"

namespace seneschal::display::detail {

Result<sf::Image> draw_offscreen(ScreenSize size, const std::string& what,
                                 const std::function<void(sf::RenderTarget&)>& draw) {
  if (size.width == 0 || size.height == 0) {
    return fail("cannot render a " + what + " of " + std::to_string(size.width) + "x" + std::to_string(size.height) +
                " pixels");
  }
  auto x = XConnection::open("offscreen rendering");
  if (!x) return fail(x.error().message);
  try {
    sf::RenderTexture texture;
    if (!texture.create(size.width, size.height)) {
      return fail("cannot create a " + std::to_string(size.width) + "x" + std::to_string(size.height) +
                  " offscreen texture (no OpenGL context, or larger than the GPU allows)");
    }
    draw(texture);
    texture.display();
    sf::Image image = texture.getTexture().copyToImage();
    if (image.getSize() != sf::Vector2u(size.width, size.height)) {
      return fail("reading the rendered " + what + " back from the GPU failed");
    }
    return image;
  } catch (const std::exception& e) {
    return fail("rendering the " + what + " failed: " + e.what());
  }
}

Result<void> save_png(const sf::Image& image, const std::string& what, const std::string& png_path) {
  try {
    if (!image.saveToFile(png_path)) return fail("cannot write the " + what + " PNG to " + png_path);
  } catch (const std::exception& e) {
    return fail("cannot write the " + what + " PNG to " + png_path + ": " + e.what());
  }
  return {};
}

}  // namespace seneschal::display::detail
