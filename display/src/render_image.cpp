#include "seneschal/display/render_image.hpp"

#include "offscreen.hpp"

namespace seneschal::display {

Result<sf::Image> render_image(const BoardRenderer& renderer, const engine::ViewModel& view, ScreenSize size,
                               const DrawOptions& options) {
  return detail::draw_offscreen(size, "board",
                                [&](sf::RenderTarget& target) { renderer.draw(target, view, size, options); });
}

Result<void> render_png(const BoardRenderer& renderer, const engine::ViewModel& view, ScreenSize size,
                        const std::string& png_path, const DrawOptions& options) {
  auto image = render_image(renderer, view, size, options);
  if (!image) return fail(image.error().message);
  return detail::save_png(*image, "board", png_path);
}

}  // namespace seneschal::display
