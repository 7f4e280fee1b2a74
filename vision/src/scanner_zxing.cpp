// Result::text() returns UTF-8 rather than the deprecated std::wstring.
#define ZX_USE_UTF8 1
#include <ZXing/ReadBarcode.h>

#include "scanner_decoders.hpp"

namespace seneschal::vision::detail {

std::vector<Sighting> zxing_read(const cv::Mat& grey, ZxingBinarizer binarizer, ZxingEffort effort) {
  std::vector<Sighting> out;
  const ZXing::ImageView view(grey.data, grey.cols, grey.rows, ZXing::ImageFormat::Lum,
                              static_cast<int>(grey.step[0]));
  const auto hints = ZXing::DecodeHints()
                         .setFormats(ZXing::BarcodeFormat::QRCode)
                         .setTryHarder(effort == ZxingEffort::Thorough)
                         .setTryDownscale(effort == ZxingEffort::Thorough)
                         .setBinarizer(binarizer == ZxingBinarizer::FixedThreshold ? ZXing::Binarizer::FixedThreshold
                                                                                   : ZXing::Binarizer::LocalAverage);
  for (const ZXing::Result& result : ZXing::ReadBarcodes(view, hints)) {
    if (!result.isValid()) continue;
    Sighting s;
    s.payload = result.text();
    // ZXing's position is already the code's own top-left, top-right, bottom-right, bottom-left
    // (checked for every quarter turn by ScannerTest).
    const auto& position = result.position();
    for (int i = 0; i < 4; ++i) {
      s.corners[i] = {static_cast<float>(position[i].x), static_cast<float>(position[i].y)};
    }
    s.angle_deg = top_edge_angle(s.corners);
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace seneschal::vision::detail
