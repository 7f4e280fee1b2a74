#include "seneschal/vision/qr_render.hpp"

#include <qrencode.h>

#include <memory>
#include <string>

namespace seneschal::vision {

Result<cv::Mat> render_qr(std::string_view payload, QrStyle style) {
  if (payload.empty()) return fail("cannot render an empty QR payload");
  if (style.module_px < 1 || style.quiet_modules < 0) return fail("QR style needs module_px >= 1 and quiet_modules >= 0");
  const std::string text(payload);
  // Version 0 lets libqrencode pick the smallest version that fits; our payloads fit in 1-2.
  std::unique_ptr<QRcode, void (*)(QRcode*)> code(QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1),
                                                  QRcode_free);
  if (!code) return fail("libqrencode could not encode \"" + text + "\"");
  const int modules = code->width;
  const int side = (modules + 2 * style.quiet_modules) * style.module_px;
  cv::Mat image(side, side, CV_8UC1, cv::Scalar(255));
  for (int y = 0; y < modules; ++y) {
    for (int x = 0; x < modules; ++x) {
      if (!(code->data[y * modules + x] & 1)) continue;  // bit 0: dark module
      const int px = (x + style.quiet_modules) * style.module_px;
      const int py = (y + style.quiet_modules) * style.module_px;
      image(cv::Rect(px, py, style.module_px, style.module_px)).setTo(0);
    }
  }
  return image;
}

}  // namespace seneschal::vision
