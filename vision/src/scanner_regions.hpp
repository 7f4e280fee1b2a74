#pragma once
// Where in a frame a QR code probably is: the second pass of Decoder::Both reads only there.

#include <opencv2/core/mat.hpp>
#include <opencv2/imgproc.hpp>
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

// The picture the first pass reads. A frame much bigger than a 1080p one (a 12 MP still of the
// whole table) is read first at about 1920 pixels across: there a card's code has the few pixels
// per module the region finder and the readers are made for, and the pass costs what a 1080p
// frame costs. The frame itself is then searched only for what the base cannot hold (codes too
// small for it) and re-read only where the base found a code it could not read. A frame up to
// kScaleAbove is its own base, as before: halving a 2048-pixel frame would lose more small codes
// than the time it saves is worth.
inline constexpr int kBaseSide = 1920;
inline constexpr int kScaleAbove = 2400;
// A base region read again in the frame: up to this many frame pixels a side (a code of 60
// modules at 8 px each with its margin); bigger ones are big enough in the base.
inline constexpr int kMaxRereadSide = 640;
// Coarse levels (halves of the base, for codes too big for its regions) down to this many pixels
// on the longer side: a code that fills a 320-pixel picture is read over the whole picture.
inline constexpr int kMinCoarseSide = 320;
// The whole-frame retry reads a base of up to this many pixels as it is, a bigger one at half size
// (the corpus's biggest photo, 1280 x 960, is read as it is).
inline constexpr double kMaxRetryPixels = 1.3e6;

struct Levels {
  cv::Mat base;        // the frame itself, or the frame scaled by `scale`
  double scale = 1.0;  // base pixels per frame pixel, at most 1
  void build(const cv::Mat& grey);

 private:
  cv::Mat scaled_;
  cv::Mat half_;
};

// cv::resize with INTER_AREA to `size`, a fraction of `src`'s: halved first while it stays at
// least twice `size`, each halving of an even-sided picture on OpenCV's fast path for whole
// factors, then area-averaged to `size`. From a 4056x3040 frame OpenCV's path for other factors
// took 19 ms to 1920 px across and 32 ms to 160, against 9 and 2 ms this way (best of 15 here).
// `scratch` holds the halves. `last`: the step from the last half to `size`; INTER_LINEAR costs
// a tenth of INTER_AREA's path for other factors, and after the halvings has little to smooth.
void shrink_area(const cv::Mat& src, cv::Mat& dst, cv::Size size, cv::Mat& scratch, int last = cv::INTER_AREA);

// A dark, flat or washed-out picture (a dim room, an overexposed or foggy photo) has its greys
// stretched over the full range into `out`, so that the region finder's texture level and the
// binarizers' minimum contrast (ZXing-cpp skips blocks of less than 24 grey levels) see its codes
// as they would in good light. False, and `out` untouched, for a picture that already spans most
// of the range: a frame of a lit table is read as it is.
bool stretch_contrast(const cv::Mat& grey, cv::Mat& out);

// A rectangle of a picture that is the frame scaled by `scale`, in frame pixels (grown to whole ones).
cv::Rect to_frame_rect(const cv::Rect& r, double scale);
// A rectangle scaled by `factor` (grown to whole pixels).
cv::Rect rescale(const cv::Rect& r, double factor);

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
