#include "seneschal/vision/scanner.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "scanner_decoders.hpp"
#include "scanner_regions.hpp"

namespace seneschal::vision {
namespace detail {

double top_edge_angle(const std::array<Point, 4>& c) {
  const double degrees = std::atan2(c[1].y - c[0].y, c[1].x - c[0].x) * 180.0 / M_PI;
  return degrees < 0 ? degrees + 360.0 : degrees;
}

}  // namespace detail

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
  }
  return "?";
}

std::vector<Fallback> default_fallbacks() {
  return {Fallback::Downscale, Fallback::Upscale, Fallback::Invert};
}

struct Scanner::Impl {
  ScannerOptions options;
  detail::ZbarReader zbar;
  detail::RegionFinder regions;       // on the base level
  detail::RegionFinder fine_regions;  // on the frame, when it is bigger than its base
  detail::Levels levels;
  bool dense = false;  // the base level has code-like texture somewhere
  ScanStats stats;
  cv::Mat grey;
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

  // The region readers, cheapest first; the first that reads a region ends its turn, and a
  // ZXing-cpp threshold the options do not choose is skipped. Measured on the hard bench frames
  // (227 tags, every one of them inside a candidate region): ZXing-cpp's fixed threshold on the
  // regions reads 115, its local one 193 with it, both at twice the size 220, ZBar 224. ZBar goes
  // last because it costs several ZXing-cpp reads of the same region; ZBar at twice the size read
  // nothing more.
  struct RegionRead {
    std::optional<detail::ZxingBinarizer> zxing;  // none: ZBar
    bool twice;  // the region upscaled 2x, cubic: codes of 2 px per module and less, blurred ones
  };
  static constexpr RegionRead kRegionReads[] = {{detail::ZxingBinarizer::FixedThreshold, false},
                                                {detail::ZxingBinarizer::LocalAverage, false},
                                                {detail::ZxingBinarizer::LocalAverage, true},
                                                {detail::ZxingBinarizer::FixedThreshold, true},
                                                {std::nullopt, false}};

  bool uses(detail::ZxingBinarizer binarizer) const {
    return uses(binarizer == detail::ZxingBinarizer::FixedThreshold ? Thresholds::Fixed : Thresholds::Local);
  }

  // Reads each region of `level` (the frame scaled by `scale`) that holds no read yet through the
  // region readers; corners come back in frame pixels. Returns the regions no reader read.
  std::vector<cv::Rect> read_regions(const cv::Mat& level, double scale, const std::vector<cv::Rect>& candidates,
                                     std::vector<Sighting>& out) {
    constexpr auto quick = detail::ZxingEffort::Quick;
    std::vector<cv::Rect> unread;
    for (const cv::Rect& r : candidates) {
      if (holds_a_read(detail::to_frame_rect(r, scale), out)) continue;
      ++stats.regions_read;
      level(r).copyTo(crop);  // ZBar wants continuous rows
      crop_up.release();
      bool decoded = false;
      for (const RegionRead& step : kRegionReads) {
        if (step.zxing && !uses(*step.zxing)) continue;
        if (step.twice && crop_up.empty()) cv::resize(crop, crop_up, cv::Size(), 2.0, 2.0, cv::INTER_CUBIC);
        const cv::Mat& image = step.twice ? crop_up : crop;
        std::vector<Sighting> read = step.zxing ? detail::zxing_read(image, *step.zxing, quick) : zbar.read(image);
        if (read.empty()) continue;
        ++stats.regions_decoded;
        to_frame(read, cv::Point2f(static_cast<float>(r.x), static_cast<float>(r.y)), step.twice ? 2.0 : 1.0);
        to_frame(read, cv::Point2f(0, 0), scale);
        merge(out, std::move(read));
        decoded = true;
        break;
      }
      if (!decoded) unread.push_back(r);
    }
    return unread;
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
    if (levels.scale >= 1) return out;
    stats.fine_level = true;
    read_regions(grey, 1.0, fine_regions.find(grey).candidates, out);
    std::vector<cv::Rect> again;
    for (const cv::Rect& r : unread) {
      const cv::Rect in_frame = detail::to_frame_rect(r, levels.scale) & cv::Rect(0, 0, grey.cols, grey.rows);
      if (in_frame.width <= detail::kMaxRereadSide && in_frame.height <= detail::kMaxRereadSide) again.push_back(in_frame);
    }
    read_regions(grey, 1.0, again, out);
    return out;
  }

  // Fills `work` with the fallback's picture of `image` and returns the scale from image to work,
  // or 0 when the stage does not apply to a picture of this size.
  double prepare(Fallback fallback, const cv::Mat& image) {
    const int shorter = std::min(image.cols, image.rows);
    const int longer = std::max(image.cols, image.rows);
    switch (fallback) {
      case Fallback::Downscale:
        if (shorter < 240) return 0;
        cv::resize(image, work, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
        return 0.5;
      case Fallback::Upscale:
        if (longer > 1000) return 0;
        cv::resize(image, work, cv::Size(), 2.0, 2.0, cv::INTER_CUBIC);
        return 2.0;
      case Fallback::Invert:
        cv::bitwise_not(image, work);
        return 1.0;
    }
    return 0;
  }

  std::vector<Sighting> scan() {
    if (options.decoder != Decoder::Both) {
      std::vector<Sighting> out = decode(grey);
      return out.empty() ? fallbacks(grey, 1.0) : out;
    }
    levels.build(grey);
    std::vector<Sighting> out = regions_first();
    // Nothing read, but dense fine texture somewhere: a code too big, blurred or inverted for the
    // passes above (phone photos, mostly). A frame of bare table has none and stops here. The
    // retry reads the base level: a code too big for a region is big enough there.
    if (!out.empty() || !dense) return out;
    stats.whole_frame_retry = true;
    out = decode(levels.base);
    to_frame(out, cv::Point2f(0, 0), levels.scale);
    return out.empty() ? fallbacks(levels.base, levels.scale) : out;
  }

  // A whole-frame pass cannot know what it missed, so these run on the whole frame, and only when
  // nothing was read: a frame that already yielded tags costs no extra work.
  // `image` is the frame scaled by `scale`.
  std::vector<Sighting> fallbacks(const cv::Mat& image, double scale) {
    std::vector<Sighting> out;
    if (!options.fallbacks.empty()) stats.whole_frame_retry = true;
    for (std::size_t i = 0; out.empty() && i < options.fallbacks.size(); ++i) {
      const double step = prepare(options.fallbacks[i], image);
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
