#include "seneschal/vision/tag_crop.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace seneschal::vision {

cv::Mat crop_around_tag(const cv::Mat& frame, const Sighting& sighting, int max_side, double reach) {
  if (frame.empty() || max_side <= 0) return {};
  const Point centre = centre_of(sighting);
  const double side = longest_side(sighting);
  const double half = std::max(8.0, side * reach);
  const cv::Rect wanted(static_cast<int>(std::floor(centre.x - half)), static_cast<int>(std::floor(centre.y - half)),
                        static_cast<int>(std::ceil(2 * half)), static_cast<int>(std::ceil(2 * half)));
  const cv::Rect inside = wanted & cv::Rect(0, 0, frame.cols, frame.rows);
  if (inside.area() == 0) return {};
  const cv::Mat region = frame(inside);
  const double scale = std::min(1.0, static_cast<double>(max_side) / std::max(inside.width, inside.height));
  cv::Mat out;
  if (scale < 1.0) {
    cv::resize(region, out, cv::Size(), scale, scale, cv::INTER_LINEAR);
  } else {
    out = region.clone();
  }
  return out;
}

}  // namespace seneschal::vision
