#pragma once
// A tag rendered with libqrencode into an image: for tests, the recording generator and, later,
// the printable sheets.

#include <opencv2/core/mat.hpp>
#include <string_view>

#include "seneschal/base/result.hpp"

namespace seneschal::vision {

struct QrStyle {
  int module_px = 8;     // pixels per module
  int quiet_modules = 4; // the white border the QR standard asks for
};

// An 8-bit grey image, black modules on white; error correction M.
Result<cv::Mat> render_qr(std::string_view payload, QrStyle style = {});

}  // namespace seneschal::vision
