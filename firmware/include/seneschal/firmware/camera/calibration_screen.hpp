#pragma once
// What the calibration screen shows for one frame read, as the display's plain description:
// the camera's picture with the table's outline, the seats' and zones' areas found and the tags
// read drawn over it, a heading that says how far it got, and the words to act on. The display
// draws it without knowing what a tag or a seat is.

#include <opencv2/core/mat.hpp>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/display/calibration_view.hpp"
#include "seneschal/vision/seat_layout.hpp"

namespace seneschal::firmware {

// `notes` follow the layout's words (what saving did, what to press), then `warnings` (said, not
// in the way of saving: tag health, seats drawn along the edges); `footer` is the keys.
display::CalibrationScreen calibration_screen(const cv::Mat& frame, const vision::SeatLayout& found,
                                              const std::vector<std::string>& warnings, std::vector<std::string> notes,
                                              std::string footer);

// The screen drawn offscreen and written as a PNG at zlib's strongest level: a camera picture
// packs a third smaller than with SFML's writer, small enough for a bug report or the README.
// The error names the path.
Result<void> write_calibration_png(const display::CalibrationView& view, const display::CalibrationScreen& screen,
                                   display::ScreenSize size, const std::string& png_path);

}  // namespace seneschal::firmware
