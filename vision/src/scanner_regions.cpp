#include "scanner_regions.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace seneschal::vision::detail {
namespace {

// One cell is 8 frame pixels: three or four modules of the small codes the region pass is for,
// so a code covers a block of at least 2x2 cells even after the erosion.
constexpr int kCell = 8;
constexpr int kFine = 2;  // the fine look is at half size, so a cell there is 4 pixels
constexpr int kCellSmall = kCell / kFine;
constexpr int kCoarse = 8;
// Mean of |dx| + |dy| over a cell of the half-size picture. Measured on the hard bench frames:
// at 16 every tag the first pass missed lies inside a candidate, with about three candidates
// per frame that hold no read; at 40 one tag in ten falls outside.
constexpr double kLevel = 16;
// Codes of the bench's size span 7-12 cells; bigger patches are codes near the camera or photos
// of one code, which a pass over the whole frame reads as well as a crop would.
constexpr int kMaxCells = 16;
// Cells added on every side: the erosion's one cell, and two for the quiet zone and a module
// the mean missed at the code's edge.
constexpr int kMarginCells = 3;
// A picture whose greys span at least this much (between its darkest and brightest half percent)
// is read as it is.
constexpr int kFullRange = 128;

}  // namespace

int RegionFinder::texture(const cv::Mat& grey, int shrink) {
  // Area averaging keeps 2-3 px modules' contrast at half size well enough and quarters the work.
  cv::resize(grey, small_, cv::Size(grey.cols / shrink, grey.rows / shrink), 0, 0, cv::INTER_AREA);
  // Whole cells only: an energy picture a whole number of cells across is averaged into cells on
  // OpenCV's fast path for whole factors; one a pixel short of it (959 across at 1080p) took the
  // general path, 12 M instructions, a third of a full 1080p scan (bench pi).
  const cv::Rect core(0, 0, (small_.cols - 1) / kCellSmall * kCellSmall, (small_.rows - 1) / kCellSmall * kCellSmall);
  cv::absdiff(small_(core + cv::Point(1, 0)), small_(core), dx_);
  cv::absdiff(small_(core + cv::Point(0, 1)), small_(core), dy_);
  cv::add(dx_, dy_, energy_);
  cv::resize(energy_, cells_, cv::Size(energy_.cols / kCellSmall, energy_.rows / kCellSmall), 0, 0, cv::INTER_AREA);
  cv::threshold(cells_, mask_, kLevel, 255, cv::THRESH_BINARY);
  cv::erode(mask_, mask_, cv::Mat());
  return cv::connectedComponentsWithStats(mask_, labels_, stats_, centroids_, 8, CV_32S);
}

void Levels::build(const cv::Mat& grey) {
  const int longer = std::max(grey.cols, grey.rows);
  if (longer <= kScaleAbove) {
    base = grey;
    scale = 1.0;
    return;
  }
  scale = static_cast<double>(kBaseSide) / longer;
  const cv::Size size(static_cast<int>(std::lround(grey.cols * scale)), static_cast<int>(std::lround(grey.rows * scale)));
  // Area averaging: every frame pixel counts, so fine modules blur into grey instead of aliasing.
  shrink_area(grey, scaled_, size, half_);
  base = scaled_;
}

void shrink_area(const cv::Mat& src, cv::Mat& dst, cv::Size size, cv::Mat& scratch, int last) {
  cv::Mat from = src;  // a header: each step's source stays alive while its buffer is written anew
  for (bool into_scratch = true; from.cols % 2 == 0 && from.rows % 2 == 0 && from.cols >= 2 * size.width &&
                                 from.rows >= 2 * size.height;
       into_scratch = !into_scratch) {
    cv::Mat& to = into_scratch ? scratch : dst;
    cv::resize(from, to, cv::Size(from.cols / 2, from.rows / 2), 0, 0, cv::INTER_AREA);
    from = to;
  }
  if (from.size() == size) {
    if (from.data != dst.data) from.copyTo(dst);
    return;
  }
  cv::resize(from, dst, size, 0, 0, last);
}

bool stretch_contrast(const cv::Mat& grey, cv::Mat& out) {
  // The darkest and brightest greys but for a few pixels (noise, a glint), from every 4th pixel
  // of every 4th row: a histogram of a sixteenth of the frame costs next to nothing.
  int histogram[256] = {};
  int counted = 0;
  for (int y = 0; y < grey.rows; y += 4) {
    const std::uint8_t* row = grey.ptr<std::uint8_t>(y);
    for (int x = 0; x < grey.cols; x += 4, ++counted) ++histogram[row[x]];
  }
  const int tail = counted / 200;
  int lo = 0, hi = 255;
  for (int seen = 0; lo < 255 && (seen += histogram[lo]) <= tail;) ++lo;
  for (int seen = 0; hi > 0 && (seen += histogram[hi]) <= tail;) --hi;
  if (hi - lo >= kFullRange || hi <= lo) return false;
  cv::Mat lut(1, 256, CV_8U);
  for (int v = 0; v < 256; ++v) lut.at<std::uint8_t>(v) = cv::saturate_cast<std::uint8_t>((v - lo) * 255.0 / (hi - lo));
  cv::LUT(grey, lut, out);
  return true;
}

cv::Rect rescale(const cv::Rect& r, double factor) {
  if (factor == 1.0) return r;
  const cv::Point tl(static_cast<int>(std::floor(r.x * factor)), static_cast<int>(std::floor(r.y * factor)));
  const cv::Point br(static_cast<int>(std::ceil(r.br().x * factor)), static_cast<int>(std::ceil(r.br().y * factor)));
  return cv::Rect(tl, br);
}

cv::Rect to_frame_rect(const cv::Rect& r, double scale) { return rescale(r, 1.0 / scale); }

const Regions& RegionFinder::find(const cv::Mat& grey) {
  regions_.candidates.clear();
  regions_.dense = false;
  regions_.bigger = false;
  if (grey.cols < kCoarse * 4 * kCellSmall || grey.rows < kCoarse * 4 * kCellSmall) {
    // Too small for cells: a thumbnail of one code, to be read whole.
    regions_.dense = regions_.bigger = true;
    return regions_;
  }
  const int fine = texture(grey, kFine);
  const cv::Rect frame(0, 0, grey.cols, grey.rows);
  for (int i = 1; i < fine; ++i) {
    regions_.dense = true;
    const int w = stats_.at<int>(i, cv::CC_STAT_WIDTH);
    const int h = stats_.at<int>(i, cv::CC_STAT_HEIGHT);
    if (w > kMaxCells || h > kMaxCells) regions_.bigger = true;
    if (w < 2 || h < 2 || w > kMaxCells || h > kMaxCells || w > 3 * h || h > 3 * w) continue;
    const int x = stats_.at<int>(i, cv::CC_STAT_LEFT);
    const int y = stats_.at<int>(i, cv::CC_STAT_TOP);
    const cv::Rect r((x - kMarginCells) * kCell, (y - kMarginCells) * kCell, (w + 2 * kMarginCells) * kCell,
                     (h + 2 * kMarginCells) * kCell);
    regions_.candidates.push_back(r & frame);
  }
  // Modules of ten and more pixels have flat insides the fine cells do not see as dense; at an
  // eighth of the size they look as the small codes do at half size. Only the whole-frame retry
  // needs to know (a card's print looks dense there too, so it cannot ask for a whole pass).
  if (!regions_.dense) regions_.dense = texture(grey, kCoarse) > 1;
  return regions_;
}

}  // namespace seneschal::vision::detail
