#include "seneschal/vision/scanner.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "scanner_decoders.hpp"
#include "scanner_regions.hpp"

namespace seneschal::vision {
namespace {

// Half the mean diagonal: roughly the distance from the centre to a corner.
float half_diagonal(const Sighting& s) {
  const auto& c = s.corners;
  const float d1 = std::hypot(c[2].x - c[0].x, c[2].y - c[0].y);
  const float d2 = std::hypot(c[3].x - c[1].x, c[3].y - c[1].y);
  return (d1 + d2) / 4;
}

// Two sightings are one code when their centres lie within half a code of each other. Two copies
// of one card never overlap that much, so the same payload elsewhere stays a second sighting.
bool same_place(const Sighting& a, const Sighting& b) {
  const Point ca = centre_of(a);
  const Point cb = centre_of(b);
  const float reach = std::max(std::min(half_diagonal(a), half_diagonal(b)), 2.0f);
  return std::hypot(ca.x - cb.x, ca.y - cb.y) < reach;
}

// Adds the sightings of `more` that are not already in `into`. Where both decoders read one code,
// the first one's text stands: ZXing-cpp honours ECI and guesses Shift-JIS where ZBar does not.
void merge(std::vector<Sighting>& into, std::vector<Sighting> more) {
  const std::size_t known = into.size();
  for (Sighting& s : more) {
    bool seen = false;
    for (std::size_t i = 0; i < known && !seen; ++i) seen = same_place(into[i], s);
    if (!seen) into.push_back(std::move(s));
  }
}

// Corners read in a picture of a part of the frame, back in frame pixels.
void to_frame(std::vector<Sighting>& sightings, cv::Point2f offset, double scale) {
  for (Sighting& s : sightings) {
    for (Point& p : s.corners) {
      p.x = static_cast<float>(p.x / scale + offset.x);
      p.y = static_cast<float>(p.y / scale + offset.y);
    }
  }
}

bool holds_a_read(const cv::Rect& region, const std::vector<Sighting>& read) {
  return std::any_of(read.begin(), read.end(), [&](const Sighting& s) {
    const Point c = centre_of(s);
    return region.contains(cv::Point(static_cast<int>(c.x), static_cast<int>(c.y)));
  });
}

}  // namespace

std::optional<Decoder> parse_decoder(std::string_view word) {
  if (word == "zbar") return Decoder::Zbar;
  if (word == "zxing") return Decoder::Zxing;
  if (word == "both") return Decoder::Both;
  return std::nullopt;
}

std::string_view to_string(Decoder decoder) {
  switch (decoder) {
    case Decoder::Zbar: return "zbar";
    case Decoder::Zxing: return "zxing";
    case Decoder::Both: return "both";
  }
  return "?";
}

std::string_view to_string(Fallback fallback) {
  switch (fallback) {
    case Fallback::Downscale: return "downscale";
    case Fallback::Upscale: return "upscale";
    case Fallback::Invert: return "invert";
    case Fallback::Turn: return "turn";
  }
  return "?";
}

std::vector<Fallback> default_fallbacks() {
  return {Fallback::Downscale, Fallback::Upscale, Fallback::Invert, Fallback::Turn};
}

struct Scanner::Impl {
  ScannerOptions options;
  detail::ZbarReader zbar;
  detail::RegionFinder regions;       // on the base level
  detail::RegionFinder fine_regions;  // on the frame, when it is bigger than its base
  detail::RegionFinder coarse_regions;  // on halves of the base (read_coarse_levels)
  std::vector<cv::Mat> coarse;
  cv::Mat retry_half;
  detail::Levels levels;
  bool dense = false;  // the base level has code-like texture somewhere
  ScanStats stats;
  cv::Mat grey;
  cv::Mat stretched;  // grey over the full range, for a dark, flat or washed-out picture
  cv::Mat work;  // a fallback's picture, kept so repeated fallbacks do not reallocate
  cv::Mat crop;
  cv::Mat crop_up;

  bool uses(Thresholds which) const {
    return options.zxing_thresholds == which || options.zxing_thresholds == Thresholds::LocalAndFixed;
  }

  std::vector<Sighting> zxing(const cv::Mat& image) const {
    std::vector<Sighting> out;
    if (uses(Thresholds::Local)) out = detail::zxing_read(image, detail::ZxingBinarizer::LocalAverage);
    if (uses(Thresholds::Fixed)) merge(out, detail::zxing_read(image, detail::ZxingBinarizer::FixedThreshold));
    return out;
  }

  // Every chosen reader over the whole picture: the first pass of Zbar and Zxing, and what Both
  // falls back to when a frame yielded nothing.
  std::vector<Sighting> decode(const cv::Mat& image) {
    switch (options.decoder) {
      case Decoder::Zbar: return zbar.read(image);
      case Decoder::Zxing: return zxing(image);
      case Decoder::Both: {
        std::vector<Sighting> out = zxing(image);
        merge(out, zbar.read(image));
        return out;
      }
    }
    return {};
  }

  // Which of the region readers (detail::read_region) a pass over regions uses: the ZXing-cpp
  // thresholds the options choose, and ZBar. Only a coarse level's regions are turned: a code big
  // in the frame is the one ZXing-cpp 1.4 misses near 45 degrees, while a small one it reads at
  // any angle (the hard bench frames turn theirs). A region read again at a finer level than the
  // one it was found on is not upscaled: it already has twice the pixels or more.
  enum class Pass { Found, Coarse, Again };
  detail::RegionSteps steps(Pass pass) const {
    detail::RegionSteps steps;
    steps.local = uses(Thresholds::Local);
    steps.fixed = uses(Thresholds::Fixed);
    steps.turned = pass == Pass::Coarse;
    steps.twice = pass != Pass::Again;
    return steps;
  }

  // Reads each region of `level` (the frame scaled by `scale`) that holds no read yet through the
  // region readers; corners come back in frame pixels. Returns the regions no reader read.
  std::vector<cv::Rect> read_regions(const cv::Mat& level, double scale, const std::vector<cv::Rect>& candidates,
                                     std::vector<Sighting>& out, Pass pass = Pass::Found) {
    const detail::RegionSteps chosen = steps(pass);
    std::vector<cv::Rect> unread;
    for (const cv::Rect& r : candidates) {
      if (holds_a_read(detail::to_frame_rect(r, scale), out)) continue;
      ++stats.regions_read;
      level(r).copyTo(crop);  // ZBar wants continuous rows
      const bool decoded = detail::read_region(crop, chosen, zbar, crop_up, [&](std::vector<Sighting> read) {
        ++stats.regions_decoded;
        to_frame(read, cv::Point2f(static_cast<float>(r.x), static_cast<float>(r.y)), 1.0);
        to_frame(read, cv::Point2f(0, 0), scale);
        merge(out, std::move(read));
        return true;
      });
      if (!decoded) {
        unread.push_back(r);
        if (pass != Pass::Coarse) stats.unread.push_back(detail::to_frame_rect(r, scale));
      }
    }
    return unread;
  }

  // Codes too big for a region of the base that the pass over the whole base missed (blurred,
  // turned, in shadow): found where they are region-sized, on ever coarser halves of the base,
  // and read there; what a coarse level cannot read is read again at the base's resolution.
  void read_coarse_levels(std::vector<Sighting>& out) {
    cv::Mat finer = levels.base;  // a header: coarse grows, so no pointer into it
    double scale = levels.scale;
    for (std::size_t k = 0; std::max(finer.cols, finer.rows) / 2 >= detail::kMinCoarseSide; ++k) {
      if (coarse.size() <= k) coarse.emplace_back();
      cv::resize(finer, coarse[k], cv::Size(finer.cols / 2, finer.rows / 2), 0, 0, cv::INTER_AREA);
      scale /= 2;
      ++stats.coarse_levels;
      const detail::Regions& found = coarse_regions.find(coarse[k]);
      const double to_base = levels.scale / scale;
      std::vector<cv::Rect> again;
      for (const cv::Rect& r : read_regions(coarse[k], scale, found.candidates, out, Pass::Coarse)) {
        const cv::Rect in_base = detail::rescale(r, to_base) & cv::Rect(0, 0, levels.base.cols, levels.base.rows);
        if (in_base.width <= detail::kMaxRereadSide && in_base.height <= detail::kMaxRereadSide) again.push_back(in_base);
      }
      read_regions(levels.base, levels.scale, again, out, Pass::Again);
      if (!found.bigger) break;
      finer = coarse[k];
    }
  }

  // Both's first pass, on the base level. Codes bigger than a region are read over the whole
  // level, with one threshold (the fixed one when chosen: about half the local one's cost there);
  // then each candidate region that holds no read yet goes through the region readers. On a frame
  // bigger than its base, the frame itself is then searched for codes too small for the base,
  // and the base's regions no reader read are read again at the frame's own resolution.
  std::vector<Sighting> regions_first() {
    using detail::ZxingBinarizer;
    const detail::Regions& found = regions.find(levels.base);
    std::vector<Sighting> out;
    if (found.bigger) {
      out = detail::zxing_read(levels.base,
                               uses(Thresholds::Fixed) ? ZxingBinarizer::FixedThreshold : ZxingBinarizer::LocalAverage,
                               detail::ZxingEffort::Quick);
      to_frame(out, cv::Point2f(0, 0), levels.scale);
    }
    std::vector<cv::Rect> unread = read_regions(levels.base, levels.scale, found.candidates, out);
    dense = found.dense;
    if (found.bigger) read_coarse_levels(out);
    if (levels.scale >= 1) return out;
    stats.fine_level = true;
    read_regions(grey, 1.0, fine_regions.find(grey).candidates, out);
    std::vector<cv::Rect> again;
    for (const cv::Rect& r : unread) {
      const cv::Rect in_frame = detail::to_frame_rect(r, levels.scale) & cv::Rect(0, 0, grey.cols, grey.rows);
      if (in_frame.width <= detail::kMaxRereadSide && in_frame.height <= detail::kMaxRereadSide) again.push_back(in_frame);
    }
    read_regions(grey, 1.0, again, out, Pass::Again);
    return out;
  }

  // Fills `work` with the fallback's picture of `image` (the frame scaled by `scale`) and returns
  // the scale from image to work, or 0 when the stage does not apply to this picture.
  double prepare(Fallback fallback, const cv::Mat& image, double scale) {
    const int shorter = std::min(image.cols, image.rows);
    const int longer = std::max(image.cols, image.rows);
    switch (fallback) {
      case Fallback::Downscale:
        if (shorter < 240) return 0;
        cv::resize(image, work, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
        return 0.5;
      case Fallback::Upscale:
        // Not a reduced copy of the frame: twice its size is the frame's own resolution, read before.
        if (longer > 1000 || scale < 1) return 0;
        cv::resize(image, work, cv::Size(), 2.0, 2.0, cv::INTER_CUBIC);
        return 2.0;
      case Fallback::Invert:
        cv::bitwise_not(image, work);
        return 1.0;
      case Fallback::Turn:
        return 0;  // not a picture to decode: see fallbacks()
    }
    return 0;
  }

  std::vector<Sighting> scan() {
    if (options.decoder != Decoder::Both) {
      std::vector<Sighting> out = decode(grey);
      return out.empty() ? fallbacks(grey, 1.0) : out;
    }
    if (detail::stretch_contrast(grey, stretched)) grey = stretched;
    levels.build(grey);
    std::vector<Sighting> out = regions_first();
    // Nothing read, but dense fine texture somewhere: a code too big, blurred or inverted for the
    // passes above (phone photos, mostly). A frame of bare table has none and stops here. The
    // retry reads the base level: a code too big for a region is big enough there.
    if (!out.empty() || !dense) return out;
    stats.whole_frame_retry = true;
    const cv::Mat& retry = retry_picture();
    const double scale = levels.scale * retry.cols / levels.base.cols;
    out = decode(retry);
    to_frame(out, cv::Point2f(0, 0), scale);
    return out.empty() ? fallbacks(retry, scale) : out;
  }

  // The whole-frame retry reads every reader over the whole picture, ZBar slowest of all (half a
  // second over a 1080p frame of blurred cards, on one core here). Over a base bigger than the
  // biggest photo of the corpus it reads a half-size copy: what it is for there (a code too big,
  // too blurred or turned for the regions) reads as well at half size, and the codes of region
  // size were tried in their regions at full size already.
  const cv::Mat& retry_picture() {
    if (static_cast<double>(levels.base.total()) <= detail::kMaxRetryPixels) return levels.base;
    cv::resize(levels.base, retry_half, cv::Size(levels.base.cols / 2, levels.base.rows / 2), 0, 0, cv::INTER_AREA);
    return retry_half;
  }

  // A whole-frame pass cannot know what it missed, so these run on the whole frame, and only when
  // nothing was read: a frame that already yielded tags costs no extra work.
  // `image` is the frame scaled by `scale`.
  std::vector<Sighting> fallbacks(const cv::Mat& image, double scale) {
    std::vector<Sighting> out;
    if (!options.fallbacks.empty()) stats.whole_frame_retry = true;
    for (std::size_t i = 0; out.empty() && i < options.fallbacks.size(); ++i) {
      if (options.fallbacks[i] == Fallback::Turn) {
        // ZXing-cpp's own, so not with ZBar alone (which reads any angle as well as it reads any).
        if (options.decoder == Decoder::Zbar) continue;
        out = detail::zxing_read_turned(image, uses(Thresholds::Local) ? detail::ZxingBinarizer::LocalAverage
                                                                      : detail::ZxingBinarizer::FixedThreshold,
                                        detail::ZxingEffort::Thorough);
        to_frame(out, cv::Point2f(0, 0), scale);
        continue;
      }
      const double step = prepare(options.fallbacks[i], image, scale);
      if (step <= 0) continue;
      out = decode(work);
      to_frame(out, cv::Point2f(0, 0), step * scale);
    }
    return out;
  }
};

Scanner::Scanner() : Scanner(ScannerOptions{}) {}
Scanner::Scanner(ScannerOptions options) : impl_(std::make_unique<Impl>()) { impl_->options = std::move(options); }
Scanner::~Scanner() = default;
Scanner::Scanner(Scanner&&) noexcept = default;
Scanner& Scanner::operator=(Scanner&&) noexcept = default;

const ScannerOptions& Scanner::options() const { return impl_->options; }
const ScanStats& Scanner::last_scan() const { return impl_->stats; }

std::vector<Sighting> Scanner::scan(const cv::Mat& frame, std::int64_t t_ms) {
  impl_->stats = {};
  if (frame.empty()) return {};
  cv::Mat& grey = impl_->grey;
  if (frame.channels() == 1) {
    grey = frame.isContinuous() ? frame : frame.clone();
  } else {
    cv::cvtColor(frame, grey, frame.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  }
  std::vector<Sighting> out = impl_->scan();
  for (Sighting& s : out) s.t_ms = t_ms;
  return out;
}

}  // namespace seneschal::vision
