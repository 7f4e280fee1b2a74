#pragma once
// Drawing into a texture instead of a window, and saving the result: the adapter every
// offscreen picture (the board, the calibration screen) goes through, so that a missing X
// display, a failed texture or an unwritable path is an error naming `what`, never a crash.
// Private to the library.

#include <functional>
#include <string>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include "seneschal/base/result.hpp"
#include "seneschal/display/screen_size.hpp"

namespace seneschal::display::detail {

// `draw` paints a target of `size` pixels; its picture is read back from the GPU.
Result<sf::Image> draw_offscreen(ScreenSize size, const std::string& what,
                                 const std::function<void(sf::RenderTarget&)>& draw);

Result<void> save_png(const sf::Image& image, const std::string& what, const std::string& png_path);

}  // namespace seneschal::display::detail
