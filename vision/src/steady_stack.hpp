#pragma once
// Small codes read from several frames. A card lying still under a still camera shows the same
// code in frame after frame, each with its own sensor noise, JPEG blocks and a fraction of a
// pixel of shake. A code one frame cannot read (1.6-2.2 pixels a module: a whole table seen at
// 720p) is read from the mean of the frames in which its region did not change: each frame's
// region is taken at twice the size and aligned to the first by phase correlation (the shake
// lands on sub-pixel offsets, so the mean at twice the size holds detail no single frame has), and
// the noise falls with the square root of the frames. A region that changes (a hand, the card
// moved) starts again from the frame that changed it.

#include <opencv2/core/mat.hpp>
#include <opencv2/core/types.hpp>

namespace seneschal::vision::detail {

class SteadyStack {
 public:
  explicit SteadyStack(cv::Rect region) : region_(region) {}

  // The region in frame pixels.
  const cv::Rect& region() const { return region_; }
  // Adds the region's pixels in one more frame (grey, 8-bit); false when they differed from the
  // mean so far (or were of another size), and the stack then holds only this frame.
  bool add(const cv::Mat& pixels);
  int frames() const { return frames_; }
  // The mean of the frames so far at twice the region's size, 8-bit, continuous.
  void mean(cv::Mat& out) const;

 private:
  // From these pixels alone; true for the stack's first frame, false after a change.
  bool start(const cv::Mat& pixels);

  cv::Rect region_;
  cv::Mat first_;   // the first frame's region, CV_32F: what the others align to
  cv::Mat window_;  // a Hann window for the phase correlation
  cv::Mat sum_;     // at twice the size, CV_32F
  cv::Mat one_, up_, aligned_, difference_;
  int frames_ = 0;
};

}  // namespace seneschal::vision::detail
