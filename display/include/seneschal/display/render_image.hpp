#pragma once
// Offscreen rendering, for tests, screenshots in bug reports and a daemon without a screen.
// Needs an OpenGL context (an X server, or xvfb-run when headless); when there is none the
// error says so instead of crashing.

#include <string>

#include <SFML/Graphics/Image.hpp>

#include "seneschal/base/result.hpp"
#include "seneschal/display/board_renderer.hpp"

namespace seneschal::display {

Result<sf::Image> render_image(const BoardRenderer& renderer, const engine::ViewModel& view, ScreenSize size,
                               const DrawOptions& options = {});

// The error names the path, or the step (texture, drawing) that failed.
Result<void> render_png(const BoardRenderer& renderer, const engine::ViewModel& view, ScreenSize size,
                        const std::string& png_path, const DrawOptions& options = {});

}  // namespace seneschal::display
