#include "seneschal/vision/scanner.hpp"

#include <cmath>
#include <opencv2/imgproc.hpp>

#include "scanner_decoders.hpp"

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
  cv::Mat grey;
  cv::Mat work;  // a fallback's picture, kept so repeated fallbacks do not reallocate

  std::vector<Sighting> zxing(const cv::Mat& image) const {
    std::vector<Sighting> out;
    if (options.zxing_thresholds != Thresholds::Fixed) {
      out = detail::zxing_read(image, detail::ZxingBinarizer::LocalAverage);
    }
    if (options.zxing_thresholds != Thresholds::Local) {
      merge(out, detail::zxing_read(image, detail::ZxingBinarizer::FixedThreshold));
    }
    return out;
  }

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

  // Fills `work` with the fallback's picture of `grey` and returns the scale from frame to work,
  // or 0 when the stage does not apply to a frame of this size.
  double prepare(Fallback fallback) {
    const int shorter = std::min(grey.cols, grey.rows);
    const int longer = std::max(grey.cols, grey.rows);
    switch (fallback) {
      case Fallback::Downscale:
        if (shorter < 240) return 0;
        cv::resize(grey, work, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
        return 0.5;
      case Fallback::Upscale:
        if (longer > 1000) return 0;
        cv::resize(grey, work, cv::Size(), 2.0, 2.0, cv::INTER_CUBIC);
        return 2.0;
      case Fallback::Invert:
        cv::bitwise_not(grey, work);
        return 1.0;
    }
    return 0;
  }
};

Scanner::Scanner() : Scanner(ScannerOptions{}) {}
Scanner::Scanner(ScannerOptions options) : impl_(std::make_unique<Impl>()) { impl_->options = std::move(options); }
Scanner::~Scanner() = default;
Scanner::Scanner(Scanner&&) noexcept = default;
Scanner& Scanner::operator=(Scanner&&) noexcept = default;

const ScannerOptions& Scanner::options() const { return impl_->options; }

std::vector<Sighting> Scanner::scan(const cv::Mat& frame, std::int64_t t_ms) {
  if (frame.empty()) return {};
  cv::Mat& grey = impl_->grey;
  if (frame.channels() == 1) {
    grey = frame.isContinuous() ? frame : frame.clone();
  } else {
    cv::cvtColor(frame, grey, frame.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  }
  std::vector<Sighting> out = impl_->decode(grey);
  // A first pass cannot know what it missed, so the fallbacks run on the whole frame, and only
  // when it read nothing: a frame that already yielded tags costs no extra work.
  for (std::size_t i = 0; out.empty() && i < impl_->options.fallbacks.size(); ++i) {
    const double scale = impl_->prepare(impl_->options.fallbacks[i]);
    if (scale <= 0) continue;
    out = impl_->decode(impl_->work);
    for (Sighting& s : out) {
      for (Point& p : s.corners) {
        p.x = static_cast<float>(p.x / scale);
        p.y = static_cast<float>(p.y / scale);
      }
    }
  }
  for (Sighting& s : out) s.t_ms = t_ms;
  return out;
}

}  // namespace seneschal::vision
