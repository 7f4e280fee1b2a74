#include "seneschal/vision/scanner.hpp"

#include <zbar.h>

#include <cmath>
#include <opencv2/imgproc.hpp>

namespace seneschal::vision {
namespace {

// ZBar lists a QR code's corners as top-left, bottom-left, bottom-right, top-right of the code
// itself (checked by TagCornersFollowTheCode in ScannerTest); we hand them on clockwise from the
// top-left, which is how people and the rotation maths read them.
constexpr int kZbarIndexFor[4] = {0, 3, 2, 1};

double top_edge_angle(const std::array<Point, 4>& c) {
  const double degrees = std::atan2(c[1].y - c[0].y, c[1].x - c[0].x) * 180.0 / M_PI;
  return degrees < 0 ? degrees + 360.0 : degrees;
}

}  // namespace

struct Scanner::Impl {
  zbar::ImageScanner zbar;
  cv::Mat grey;
};

Scanner::Scanner() : impl_(std::make_unique<Impl>()) {
  impl_->zbar.set_config(zbar::ZBAR_NONE, zbar::ZBAR_CFG_ENABLE, 0);
  impl_->zbar.set_config(zbar::ZBAR_QRCODE, zbar::ZBAR_CFG_ENABLE, 1);
}
Scanner::~Scanner() = default;
Scanner::Scanner(Scanner&&) noexcept = default;
Scanner& Scanner::operator=(Scanner&&) noexcept = default;

std::vector<Sighting> Scanner::scan(const cv::Mat& frame, std::int64_t t_ms) {
  std::vector<Sighting> out;
  if (frame.empty()) return out;
  cv::Mat& grey = impl_->grey;
  if (frame.channels() == 1) {
    grey = frame.isContinuous() ? frame : frame.clone();
  } else {
    cv::cvtColor(frame, grey, frame.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  }
  zbar::Image image(grey.cols, grey.rows, "Y800", grey.data, static_cast<unsigned long>(grey.total()));
  if (impl_->zbar.scan(image) <= 0) return out;
  for (auto symbol = image.symbol_begin(); symbol != image.symbol_end(); ++symbol) {
    if (symbol->get_type() != zbar::ZBAR_QRCODE || symbol->get_location_size() != 4) continue;
    Sighting s;
    s.payload = symbol->get_data();
    for (int i = 0; i < 4; ++i) {
      const int z = kZbarIndexFor[i];
      s.corners[i] = {static_cast<float>(symbol->get_location_x(z)), static_cast<float>(symbol->get_location_y(z))};
    }
    s.angle_deg = top_edge_angle(s.corners);
    s.t_ms = t_ms;
    out.push_back(std::move(s));
  }
  image.set_data(nullptr, 0);  // the pixels belong to grey, not to ZBar
  return out;
}

}  // namespace seneschal::vision
