#pragma once
// Where in a frame a QR code probably is: the second pass of Decoder::Both reads only there.

#include <opencv2/core/mat.hpp>
#include <vector>

namespace seneschal::vision::detail {

// A code of 21-25 modules at 2-3 pixels each is a patch of dense, fine, strong contrast; table
// felt, wood grain and card borders are not (a border is a thin line, removed by an erosion). The
// finder looks for such patches on a coarse grid of cells, at a cost of about a tenth of one
// ZXing-cpp pass over the frame, and reports them with a margin for the quiet zone.
struct Regions {
  std::vector<cv::Rect> candidates;  // code-sized patches, frame pixels
  bool bigger = false;  // a patch too big for a region: a code near the camera, a photo of one
  bool dense = false;   // some patch of that texture at all, of any size: a frame without one holds no code
};

class RegionFinder {
 public:
  // `grey`: one channel, 8 bits.
  const Regions& find(const cv::Mat& grey);

 private:
  // Marks the cells of `picture` (frame scaled by 1/shrink) with dense fine contrast, in mask_, and
  // labels them; returns the number of labels, background included.
  int texture(const cv::Mat& grey, int shrink);

  Regions regions_;
  cv::Mat small_, dx_, dy_, energy_, cells_, mask_, labels_, stats_, centroids_;
};

}  // namespace seneschal::vision::detail
