#pragma once
// The two decoder adapters behind Scanner: each reads one grey, continuous image and returns its
// sightings with corners clockwise from the code's own top-left and no time stamp yet.

#include <memory>
#include <opencv2/core/mat.hpp>
#include <vector>

#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision::detail {

class ZbarReader {
 public:
  ZbarReader();
  ~ZbarReader();
  ZbarReader(ZbarReader&&) noexcept;
  ZbarReader& operator=(ZbarReader&&) noexcept;
  std::vector<Sighting> read(const cv::Mat& grey);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// ZXing-cpp keeps no state between calls.
enum class ZxingBinarizer { LocalAverage, FixedThreshold };
// Thorough is ZXing-cpp's own default: finder patterns sought on every row, and a pass over a
// third-size copy of pictures over 500 px. Quick skips both: on the hard bench frames it reads
// the same tags in about four fifths of the time, and the region pass is there for what it misses.
enum class ZxingEffort { Thorough, Quick };
std::vector<Sighting> zxing_read(const cv::Mat& grey, ZxingBinarizer binarizer, ZxingEffort effort = ZxingEffort::Thorough);

// zxing_read of the picture turned by 45 degrees (on a canvas grown to hold it, the corners filled
// with the picture's mean grey), corners mapped back into the picture. ZXing-cpp 1.4 misses big
// codes lying near 45 degrees, above all with little quiet zone (a photo cropped to the code);
// turned, they lie square.
std::vector<Sighting> zxing_read_turned(const cv::Mat& grey, ZxingBinarizer binarizer, ZxingEffort effort);

// Degrees of the code's top edge from the image x axis, clockwise on screen, in [0, 360).
double top_edge_angle(const std::array<Point, 4>& corners);

}  // namespace seneschal::vision::detail
