#pragma once
// ZBar, configured for QR codes only, over one frame.

#include <memory>
#include <opencv2/core/mat.hpp>
#include <vector>

#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision {

class Scanner {
 public:
  Scanner();
  ~Scanner();
  Scanner(Scanner&&) noexcept;
  Scanner& operator=(Scanner&&) noexcept;

  // Accepts grey or BGR frames; an empty frame yields nothing.
  std::vector<Sighting> scan(const cv::Mat& frame, std::int64_t t_ms = 0);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace seneschal::vision
