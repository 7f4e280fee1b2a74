#include "change_map.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "scanner_regions.hpp"

namespace seneschal::vision::detail {
namespace {

// A changed part of the frame: where, and how many small pixels of it changed.
struct Part {
  cv::Rect at;
  int changed = 0;
};

// Merges parts that overlap until none do: a part scanned once, not once per neighbour; the
// pieces a card's edge and code change in add up to one part.
void merge_overlapping(std::vector<Part>& parts) {
  for (bool merged = true; merged;) {
    merged = false;
    for (std::size_t i = 0; i < parts.size() && !merged; ++i) {
      for (std::size_t j = i + 1; j < parts.size(); ++j) {
        if ((parts[i].at & parts[j].at).area() == 0) continue;
        parts[i].at |= parts[j].at;
        parts[i].changed += parts[j].changed;
        parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(j));
        merged = true;
        break;
      }
    }
  }
}

}  // namespace

void merge_overlapping(std::vector<cv::Rect>& rects) {
  std::vector<Part> parts;
  for (const cv::Rect& r : rects) parts.push_back({r, 0});
  merge_overlapping(parts);
  rects.clear();
  for (const Part& p : parts) rects.push_back(p.at);
}

void ChangeMap::see(const cv::Mat& grey, const ChangeSettings& settings) {
  settings_ = settings;
  if (grey.size() != frame_) reference_.release();
  frame_ = grey.size();
  const int w = std::min(settings.width, grey.cols);
  const int h = std::max(1, int(std::lround(double(grey.rows) * w / grey.cols)));
  shrink_area(grey, small_, cv::Size(w, h), halves_);
}

cv::Rect ChangeMap::to_small(const cv::Rect& r) const {
  const double sx = double(small_.cols) / frame_.width, sy = double(small_.rows) / frame_.height;
  const cv::Rect s(cv::Point(int(std::floor(r.x * sx)), int(std::floor(r.y * sy))),
                   cv::Point(int(std::ceil(r.br().x * sx)), int(std::ceil(r.br().y * sy))));
  return s & cv::Rect(cv::Point(0, 0), small_.size());
}

std::vector<cv::Rect> ChangeMap::changed(const std::vector<cv::Rect>& quiet, int grow) {
  if (!ready()) return {};
  // Changed: outside the band of the reference's darkest and brightest neighbour, widened by
  // `level`. A view that shakes by a pixel (a table bumped) moves a card's edge by less than one
  // small pixel and stays inside it; a card laid, turned or taken away does not.
  cv::erode(reference_, low_, cv::Mat());
  cv::dilate(reference_, high_, cv::Mat());
  cv::subtract(low_, cv::Scalar::all(settings_.level), low_);  // saturates at 0
  cv::add(high_, cv::Scalar::all(settings_.level), high_);     // and at 255
  cv::inRange(small_, low_, high_, diff_);
  cv::bitwise_not(diff_, diff_);
  for (const cv::Rect& r : quiet) diff_(to_small(r)).setTo(0);
  if (cv::countNonZero(diff_) < settings_.least_area) return {};
  const int count = cv::connectedComponentsWithStats(diff_, labels_, stats_, centroids_, 8, CV_32S);
  const double fx = double(frame_.width) / small_.cols, fy = double(frame_.height) / small_.rows;
  const cv::Rect frame(cv::Point(0, 0), frame_);
  std::vector<Part> found;
  for (int i = 1; i < count; ++i) {
    const int x = stats_.at<int>(i, cv::CC_STAT_LEFT), y = stats_.at<int>(i, cv::CC_STAT_TOP);
    const int w = stats_.at<int>(i, cv::CC_STAT_WIDTH), h = stats_.at<int>(i, cv::CC_STAT_HEIGHT);
    const cv::Rect r(cv::Point(int(std::floor(x * fx)) - grow, int(std::floor(y * fy)) - grow),
                     cv::Point(int(std::ceil((x + w) * fx)) + grow, int(std::ceil((y + h) * fy)) + grow));
    found.push_back({r & frame, stats_.at<int>(i, cv::CC_STAT_AREA)});
  }
  merge_overlapping(found);
  std::vector<cv::Rect> parts;
  for (const Part& p : found)
    if (p.changed >= settings_.least_area) parts.push_back(p.at);
  return parts;
}

void ChangeMap::settle(const cv::Rect& r) {
  if (!ready()) return;
  const cv::Rect s = to_small(r);
  small_(s).copyTo(reference_(s));
}

void ChangeMap::settle_all() { small_.copyTo(reference_); }

}  // namespace seneschal::vision::detail
