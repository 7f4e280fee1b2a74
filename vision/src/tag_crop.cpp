#include "seneschal/vision/tag_crop.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace seneschal::vision {
namespace {

cv::Rect square_around(const Sighting& sighting, double reach, cv::Size picture) {
  const Point centre = centre_of(sighting);
  const double side = longest_side(sighting);
  const double half = std::max(8.0, side * reach);
  const cv::Rect wanted(static_cast<int>(std::floor(centre.x - half)), static_cast<int>(std::floor(centre.y - half)),
                        static_cast<int>(std::ceil(2 * half)), static_cast<int>(std::ceil(2 * half)));
  return wanted & cv::Rect(cv::Point(0, 0), picture);
}

// `region` is already a copy or a view the caller keeps alive for the call.
cv::Mat thumbnail(const cv::Mat& region, int max_side, bool owned) {
  const double scale = std::min(1.0, static_cast<double>(max_side) / std::max(region.cols, region.rows));
  cv::Mat out;
  if (scale < 1.0) {
    cv::resize(region, out, cv::Size(), scale, scale, cv::INTER_LINEAR);
  } else {
    out = owned ? region : region.clone();
  }
  return out;
}

}  // namespace

cv::Mat crop_around_tag(const cv::Mat& frame, const Sighting& sighting, int max_side, double reach) {
  if (frame.empty() || max_side <= 0) return {};
  const cv::Rect inside = square_around(sighting, reach, frame.size());
  if (inside.area() == 0) return {};
  return thumbnail(frame(inside), max_side, false);
}

cv::Mat crop_around_tag(const cv::Mat& frame, PixelFormat format, const Sighting& sighting, int max_side,
                        double reach) {
  if (format == PixelFormat::Bgr) return crop_around_tag(frame, sighting, max_side, reach);
  if (frame.empty() || max_side <= 0) return {};
  const cv::Rect inside = square_around(sighting, reach, picture_size(frame, format));
  if (inside.area() == 0) return {};
  return thumbnail(bgr_area(frame, format, inside), max_side, true);
}

}  // namespace seneschal::vision
