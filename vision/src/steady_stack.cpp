#include "steady_stack.hpp"

#include <cmath>
#include <opencv2/imgproc.hpp>

namespace seneschal::vision::detail {
namespace {

// A region whose aligned pixels differ from the mean by more than this (grey levels, on average)
// changed: a hand, a card put down on it, the card itself moved.
constexpr double kChanged = 12;
// The shake of a camera on its arm is a pixel or two; a larger offset is a card that moved.
constexpr double kMostShift = 2;

}  // namespace

bool SteadyStack::add(const cv::Mat& pixels) {
  if (frames_ == 0 || pixels.size() != region_.size()) return start(pixels);
  // The offset is measured at the frame's own size (a quarter of the work), applied at twice it.
  pixels.convertTo(one_, CV_32F);
  const cv::Point2d shift = cv::phaseCorrelate(first_, one_, window_);
  if (std::hypot(shift.x, shift.y) > kMostShift) return start(pixels);
  cv::resize(pixels, up_, cv::Size(), 2.0, 2.0, cv::INTER_CUBIC);
  up_.convertTo(up_, CV_32F);
  const cv::Mat back = (cv::Mat_<double>(2, 3) << 1, 0, -2 * shift.x, 0, 1, -2 * shift.y);
  cv::warpAffine(up_, aligned_, back, up_.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  cv::absdiff(aligned_, sum_ / frames_, difference_);
  if (cv::mean(difference_)[0] > kChanged) return start(pixels);
  sum_ += aligned_;
  ++frames_;
  return true;
}

bool SteadyStack::start(const cv::Mat& pixels) {
  const bool first = frames_ == 0;
  region_ = cv::Rect(region_.tl(), pixels.size());
  if (window_.size() != pixels.size()) cv::createHanningWindow(window_, pixels.size(), CV_32F);
  pixels.convertTo(first_, CV_32F);
  cv::resize(pixels, up_, cv::Size(), 2.0, 2.0, cv::INTER_CUBIC);
  up_.convertTo(sum_, CV_32F);
  frames_ = 1;
  return first;
}

void SteadyStack::mean(cv::Mat& out) const {
  if (frames_ == 0) {
    out.release();
    return;
  }
  sum_.convertTo(out, CV_8U, 1.0 / frames_);
}

}  // namespace seneschal::vision::detail
