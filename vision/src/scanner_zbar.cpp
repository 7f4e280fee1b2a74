#include <zbar.h>

#include "scanner_decoders.hpp"

namespace seneschal::vision::detail {
namespace {

// ZBar lists a QR code's corners as top-left, bottom-left, bottom-right, top-right of the code
// itself (checked by TagCornersFollowTheCode in ScannerTest); we hand them on clockwise from the
// top-left, which is how people and the rotation maths read them.
constexpr int kZbarIndexFor[4] = {0, 3, 2, 1};

}  // namespace

struct ZbarReader::Impl {
  zbar::ImageScanner zbar;
};

ZbarReader::ZbarReader() : impl_(std::make_unique<Impl>()) {
  impl_->zbar.set_config(zbar::ZBAR_NONE, zbar::ZBAR_CFG_ENABLE, 0);
  impl_->zbar.set_config(zbar::ZBAR_QRCODE, zbar::ZBAR_CFG_ENABLE, 1);
}
ZbarReader::~ZbarReader() = default;
ZbarReader::ZbarReader(ZbarReader&&) noexcept = default;
ZbarReader& ZbarReader::operator=(ZbarReader&&) noexcept = default;

std::vector<Sighting> ZbarReader::read(const cv::Mat& grey) {
  std::vector<Sighting> out;
  zbar::Image image(grey.cols, grey.rows, "Y800", grey.data, static_cast<unsigned long>(grey.total()));
  if (impl_->zbar.scan(image) > 0) {
    for (auto symbol = image.symbol_begin(); symbol != image.symbol_end(); ++symbol) {
      if (symbol->get_type() != zbar::ZBAR_QRCODE || symbol->get_location_size() != 4) continue;
      Sighting s;
      s.payload = symbol->get_data();
      for (int i = 0; i < 4; ++i) {
        const int z = kZbarIndexFor[i];
        s.corners[i] = {static_cast<float>(symbol->get_location_x(z)), static_cast<float>(symbol->get_location_y(z))};
      }
      s.angle_deg = top_edge_angle(s.corners);
      out.push_back(std::move(s));
    }
  }
  image.set_data(nullptr, 0);  // the pixels belong to grey, not to ZBar
  return out;
}

}  // namespace seneschal::vision::detail
