#include "seneschal/display/render_image.hpp"

#include <exception>

#include <SFML/Graphics/RenderTexture.hpp>

#include "x_connection.hpp"

namespace seneschal::display {

Result<sf::Image> render_image(const BoardRenderer& renderer, const engine::ViewModel& view, ScreenSize size,
                               const DrawOptions& options) {
  if (size.width == 0 || size.height == 0) {
    return fail("cannot render a board of " + std::to_string(size.width) + "x" + std::to_string(size.height) + " pixels");
  }
  auto x = detail::XConnection::open("offscreen rendering");
  if (!x) return fail(x.error().message);
  try {
    sf::RenderTexture texture;
    if (!texture.create(size.width, size.height)) {
      return fail("cannot create a " + std::to_string(size.width) + "x" + std::to_string(size.height) +
                  " offscreen texture (no OpenGL context, or larger than the GPU allows)");
    }
    renderer.draw(texture, view, size, options);
    texture.display();
    sf::Image image = texture.getTexture().copyToImage();
    if (image.getSize() != sf::Vector2u(size.width, size.height)) {
      return fail("reading the rendered board back from the GPU failed");
    }
    return image;
  } catch (const std::exception& e) {
    return fail(std::string("rendering the board failed: ") + e.what());
  }
}

Result<void> render_png(const BoardRenderer& renderer, const engine::ViewModel& view, ScreenSize size,
                        const std::string& png_path) {
  auto image = render_image(renderer, view, size);
  if (!image) return fail(image.error().message);
  try {
    if (!image->saveToFile(png_path)) return fail("cannot write the board PNG to " + png_path);
  } catch (const std::exception& e) {
    return fail("cannot write the board PNG to " + png_path + ": " + e.what());
  }
  return {};
}

}  // namespace seneschal::display
