// Result::text() returns UTF-8 rather than the deprecated std::wstring.
#define ZX_USE_UTF8 1
#include <ZXing/ReadBarcode.h>

#include <opencv2/imgproc.hpp>

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

std::vector<Sighting> zxing_read_turned(const cv::Mat& grey, ZxingBinarizer binarizer, ZxingEffort effort) {
  const cv::Point2f centre(grey.cols / 2.0f, grey.rows / 2.0f);
  const cv::Rect2f bounds = cv::RotatedRect(centre, cv::Size2f(grey.size()), 45).boundingRect2f();
  cv::Mat turn = cv::getRotationMatrix2D(centre, 45, 1.0);
  turn.at<double>(0, 2) += bounds.width / 2 - centre.x;
  turn.at<double>(1, 2) += bounds.height / 2 - centre.y;
  cv::Mat turned;
  cv::warpAffine(grey, turned, turn, cv::Size(cvCeil(bounds.width), cvCeil(bounds.height)), cv::INTER_LINEAR,
                 cv::BORDER_CONSTANT, cv::mean(grey));
  std::vector<Sighting> out = zxing_read(turned, binarizer, effort);
  cv::Mat back;
  cv::invertAffineTransform(turn, back);
  const cv::Matx23d b(back);
  for (Sighting& s : out) {
    for (Point& p : s.corners) {
      const cv::Vec3d q(p.x, p.y, 1.0);
      const cv::Vec2d r = b * q;
      p = {static_cast<float>(r[0]), static_cast<float>(r[1])};
    }
    s.angle_deg = top_edge_angle(s.corners);
  }
  return out;
}

}  // namespace seneschal::vision::detail
