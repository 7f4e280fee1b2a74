#pragma once
// The two decoder adapters behind Scanner: each reads one grey, continuous image and returns its
// sightings with corners clockwise from the code's own top-left and no time stamp yet.

#include <functional>
#include <memory>
#include <opencv2/core/mat.hpp>
#include <optional>
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

// The region readers, cheapest first; the first read a caller takes ends a region's turn.
// Measured on the hard bench frames (227 tags, every one of them inside a candidate region):
// ZXing-cpp's fixed threshold on the regions reads 115, its local one 193 with it, both at twice
// the size 220, ZBar 224. ZBar goes last because it costs several ZXing-cpp reads of the same
// region; ZBar at twice the size read nothing more. Last, a region no reader read is turned by 45
// degrees for ZXing-cpp (see zxing_read_turned).
struct RegionSteps {
  bool local = true;    // ZXing-cpp's local-average threshold
  bool fixed = true;    // ZXing-cpp's fixed threshold
  bool zbar = true;
  bool twice = true;    // also the region upscaled 2x, cubic: codes of 2 px per module and less, blurred ones
  bool turned = false;  // also turned by 45 degrees
};

// Reads `crop` (grey, continuous: ZBar wants continuous rows) through the chosen region readers,
// cheapest first, with ZXing-cpp's quick pass, until `take` takes a read (it gets every non-empty
// one, corners in crop pixels) and returns whether one was taken. `up` keeps the 2x copy's buffer.
bool read_region(const cv::Mat& crop, const RegionSteps& steps, ZbarReader& zbar, cv::Mat& up,
                 const std::function<bool(std::vector<Sighting>)>& take);

}  // namespace seneschal::vision::detail
