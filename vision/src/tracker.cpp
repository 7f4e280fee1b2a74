#include "seneschal/vision/tracker.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <optional>
#include <opencv2/imgproc.hpp>

#include "scanner_decoders.hpp"
#include "scanner_regions.hpp"
#include "steady_stack.hpp"

namespace seneschal::vision {
namespace {

float distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

float half_diagonal(const Sighting& s) {
  const auto& c = s.corners;
  return (distance(c[0], c[2]) + distance(c[1], c[3])) / 4;
}

// As the Scanner's merge: one code when the centres lie within half a code of each other.
bool same_place(const Sighting& a, const Sighting& b) {
  const float reach = std::max(std::min(half_diagonal(a), half_diagonal(b)), 2.0f);
  return distance(centre_of(a), centre_of(b)) < reach;
}

// The code's bounding box grown by `margin` of its larger side on every side, clipped to `frame`.
cv::Rect region(const Sighting& s, float margin, const cv::Size& frame) {
  float x0 = std::numeric_limits<float>::max(), y0 = x0, x1 = -x0, y1 = -x0;
  for (const Point& p : s.corners) {
    x0 = std::min(x0, p.x);
    y0 = std::min(y0, p.y);
    x1 = std::max(x1, p.x);
    y1 = std::max(y1, p.y);
  }
  const float grow = margin * std::max({x1 - x0, y1 - y0, 8.0f});
  const cv::Rect wanted(cv::Point(int(std::floor(x0 - grow)), int(std::floor(y0 - grow))),
                        cv::Point(int(std::ceil(x1 + grow)), int(std::ceil(y1 + grow))));
  return wanted & cv::Rect(cv::Point(0, 0), frame);
}

// The side a tracked code is re-read at when it is bigger in the frame: 4-5 pixels a module for
// the 21-25 modules of a card's tag.
constexpr double kRoiCodePx = 100;
// A code smaller than this in the frame (under about 2.5 pixels a module) is also re-read in its
// region at twice the size, as the full scan's region pass reads it: without that, the ROI
// readers missed a few of 60 cards at 720p (38 px codes) nearly every frame, and every miss cost
// a full scan on top of the re-reads.
constexpr double kRoiTwiceBelowPx = 60;

struct Track {
  Sighting last;         // where it was last read, frame coordinates
  int missed = 0;        // frames since it was last read
  bool read = false;     // read in the current frame
  // Its region in the last frames in which it was read and lay still, oldest first, cut at
  // `steady`: what a frame that misses it is stacked with.
  cv::Rect steady;
  std::deque<cv::Mat> history;
};

// Frames of a track's history kept: with the frame that missed it, the mean of seven frames has
// a third of one frame's noise.
constexpr std::size_t kHistory = 6;

// A region stacked over the frames: a missed track's, or a candidate the full scan could not read.
struct Stacked {
  detail::SteadyStack stack;
  int age = 0;  // frames since it was made
};

// The frame counts at which a stack's mean is read: each read costs what a region re-read does,
// and the mean's noise falls by about a tenth between one and the next.
bool read_stack_at(int frames) {
  return frames == 2 || frames == 3 || frames == 4 || frames == 6 || frames == 8 || frames == 12 || frames == 16;
}
// A candidate region bigger than this is no small code (it is read in one frame or not a code).
constexpr int kMostStackSide = 240;
// At most this many candidate regions stacked at once: a table of unreadable print costs no more.
constexpr std::size_t kMostStacks = 8;
// A missed track's region differing from the last frame that read it by more than this (grey
// levels on average) has changed: nothing to stack.
constexpr double kStackChanged = 16;

}  // namespace

struct TrackingScanner::Impl {
  TrackerOptions options;
  Scanner full;
  // Region re-reads without fallbacks, as the full scan reads its candidate regions
  // (detail::read_region) with the decoders the options choose: the tracked code is one code, so
  // the first read that holds it ends its turn.
  detail::RegionSteps roi_steps;
  detail::ZbarReader zbar;
  TrackerStats stats;
  std::vector<Track> tracks;
  cv::Size frame_size;
  cv::Mat grey;
  cv::Mat crop;     // a region, resized to about kRoiCodePx a code when bigger, continuous for ZBar
  cv::Mat crop_up;  // a small code's region at twice the size
  cv::Mat stretched;
  cv::Mat stacked;  // a stack's mean
  std::vector<Stacked> stacks;
  std::vector<cv::Rect> unread;  // code-like regions no reader read this frame
  cv::Mat small;
  cv::Mat halves;     // the steps from the frame down to `small`
  cv::Mat reference;  // `small` at the last full scan
  cv::Mat diff;
  int since_full = 0;

  explicit Impl(TrackerOptions o) : options(std::move(o)), full(options.scanner) {
    const ScannerOptions& scanner = options.scanner;
    const bool zxing = scanner.decoder != Decoder::Zbar;
    roi_steps.local = zxing && scanner.zxing_thresholds != Thresholds::Fixed;
    roi_steps.fixed = zxing && scanner.zxing_thresholds != Thresholds::Local;
    roi_steps.zbar = scanner.decoder != Decoder::Zxing;
  }

  void reset() {
    tracks.clear();
    stacks.clear();
    unread.clear();
    reference.release();
    since_full = 0;
  }

  void to_grey(const cv::Mat& frame) {
    if (frame.channels() == 1) {
      grey = frame;
    } else {
      cv::cvtColor(frame, grey, frame.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
    }
  }

  // Whether enough of the picture outside the tracked regions differs from the last full scan's.
  bool picture_changed() {
    const int w = std::min(options.change_width, grey.cols);
    const int h = std::max(1, int(std::lround(double(grey.rows) * w / grey.cols)));
    detail::shrink_area(grey, small, cv::Size(w, h), halves);
    if (options.change == ChangeDetection::Off || reference.empty() || reference.size() != small.size()) return false;
    cv::absdiff(small, reference, diff);
    cv::threshold(diff, diff, options.change_level, 255, cv::THRESH_BINARY);
    // Tracked regions are re-read anyway; a hand over a tracked card should not force a full scan.
    const double sx = double(w) / grey.cols, sy = double(h) / grey.rows;
    for (const Track& t : tracks) {
      const cv::Rect r = region(t.last, options.margin, frame_size);
      const cv::Rect s(cv::Point(int(r.x * sx), int(r.y * sy)),
                       cv::Point(int(std::ceil(r.br().x * sx)), int(std::ceil(r.br().y * sy))));
      diff(s & cv::Rect(cv::Point(0, 0), diff.size())).setTo(0);
    }
    return cv::countNonZero(diff) > options.change_area * double(diff.total());
  }

  // Re-reads the track in its last region; true when it was found there. A code of many pixels
  // (a 12 MP still of the table) is re-read in a copy of its region shrunk to about kRoiCodePx a
  // code: the readers need a few pixels a module, and a crop of a sixth of the pixels costs a
  // sixth of the time. Down to half size bilinearly: OpenCV's area averaging by a factor that is
  // not whole cost more than the reads (60 crops of a 12 MP table: 36 ms a frame, 23 this way),
  // and a code of kRoiCodePx or more loses nothing to it.
  bool reread(std::size_t index) {
    const cv::Rect r = region(tracks[index].last, options.margin, frame_size);
    if (r.width < 8 || r.height < 8) return false;
    ++stats.roi_scans;
    const double side = 2 * half_diagonal(tracks[index].last) / std::sqrt(2.0);
    const double f = std::min(1.0, kRoiCodePx / side);
    if (f < 1) {
      cv::resize(grey(r), crop, cv::Size(), f, f, f >= 0.5 ? cv::INTER_LINEAR : cv::INTER_AREA);
    } else {
      grey(r).copyTo(crop);
    }
    // As the full scan stretches a dim frame's greys before it reads: a code in a dim room has
    // too little contrast for ZXing-cpp's binarizers (and would cost a full scan every frame).
    if (detail::stretch_contrast(crop, stretched)) std::swap(crop, stretched);
    detail::RegionSteps steps = roi_steps;
    steps.twice = side < kRoiTwiceBelowPx;
    return detail::read_region(crop, steps, zbar, crop_up,
                               [&](std::vector<Sighting> found) { return take(index, grown(std::move(found), f), r); });
  }

  // Corners read in a crop resized by f, in the crop's own pixels.
  static std::vector<Sighting> grown(std::vector<Sighting> found, double f) {
    if (f == 1) return found;
    for (Sighting& s : found) {
      for (Point& p : s.corners) p = {float(p.x / f), float(p.y / f)};
    }
    return found;
  }

  // Takes the code in `found` (read in region `r`) that is this track's: same payload, nearest to
  // where it was, not another track's.
  bool take(std::size_t index, std::vector<Sighting> found, const cv::Rect& r) {
    Track& t = tracks[index];
    const Point was = centre_of(t.last);
    const float reach = std::max(float(r.width), float(r.height)) / 2;
    const Sighting* best = nullptr;
    float best_d = reach;
    for (Sighting& s : found) {
      if (s.payload != t.last.payload) continue;
      for (Point& p : s.corners) {
        p.x += float(r.x);
        p.y += float(r.y);
      }
      // Another track may own this code (a second copy close by); it is that one's to take.
      bool owned = false;
      for (std::size_t j = 0; j < tracks.size() && !owned; ++j)
        owned = j != index && tracks[j].read && same_place(tracks[j].last, s);
      const float d = distance(centre_of(s), was);
      if (!owned && d < best_d) {
        best = &s;
        best_d = d;
      }
    }
    if (!best) return false;
    t.last = *best;
    t.read = true;
    return true;
  }

  void full_scan(std::int64_t t_ms) {
    ++stats.full_scans;
    since_full = 0;
    reference = small.clone();
    for (Sighting& s : full.scan(grey, t_ms)) adopt(std::move(s));
  }

  // Keeps the region of each track read this frame while it lies still: a later frame that
  // misses it is read stacked with these.
  void remember_read() {
    for (Track& t : tracks) {
      if (!t.read) continue;
      const cv::Rect r = region(t.last, options.margin, frame_size);
      const bool still = !t.history.empty() && std::abs((r.x + r.width / 2) - (t.steady.x + t.steady.width / 2)) <= 2 &&
                         std::abs((r.y + r.height / 2) - (t.steady.y + t.steady.height / 2)) <= 2;
      if (!still) {
        t.history.clear();
        t.steady = r;
      }
      if (t.steady.width > kMostStackSide || t.steady.height > kMostStackSide) continue;  // big codes read anyway
      if (t.history.size() == kHistory) t.history.pop_front();
      t.history.push_back(grey(t.steady).clone());
    }
  }

  // Reads one stack's mean; what it holds goes to the tracks. True when it read a code.
  bool read_stack(const detail::SteadyStack& stack) {
    stack.mean(stacked);
    detail::RegionSteps steps = roi_steps;
    steps.twice = false;  // the mean is at twice the size already
    const cv::Rect r = stack.region();
    return detail::read_region(stacked, steps, zbar, crop_up, [&](std::vector<Sighting> found) {
      for (Sighting& f : found) {
        for (Point& p : f.corners) p = {p.x / 2 + float(r.x), p.y / 2 + float(r.y)};
        adopt(std::move(f));
      }
      ++stats.stack_reads;
      return true;
    });
  }

  // Codes no single frame read, read from the mean of the frames in which their region held still
  // (steady_stack.hpp): a track this frame missed, with the frames that read it before; a
  // candidate region the full scan could not read, over the frames from now on.
  void stack_unread(bool scanned) {
    const std::size_t known = tracks.size();
    for (std::size_t i = 0; i < known; ++i) {
      Track& t = tracks[i];
      if (t.read || t.history.empty()) continue;
      // A frame that differs from the last that read it (a hand over it, the card moved) has
      // nothing to stack with: told by a plain difference before any alignment is paid for.
      const cv::Rect r = t.steady & cv::Rect(cv::Point(0, 0), frame_size);
      if (r != t.steady) continue;
      cv::absdiff(grey(r), t.history.back(), diff);
      if (cv::mean(diff)[0] > kStackChanged) continue;
      detail::SteadyStack stack(t.steady);
      for (const cv::Mat& before : t.history) stack.add(before);
      if (stack.add(grey(r)) && stack.frames() >= 2) read_stack(stack);
    }
    const auto read_inside = [&](const cv::Rect& r) {
      return std::any_of(tracks.begin(), tracks.end(), [&](const Track& t) {
        const Point c = centre_of(t.last);
        return t.read && r.contains(cv::Point(int(c.x), int(c.y)));
      });
    };
    if (scanned) {
      for (const cv::Rect& r : full.last_scan().unread) {
        if (r.width < 8 || r.height < 8 || r.width > kMostStackSide || r.height > kMostStackSide) continue;
        if (stacks.size() >= kMostStacks || read_inside(r)) continue;
        const bool stacked_already = std::any_of(stacks.begin(), stacks.end(), [&](const Stacked& s) {
          return (s.stack.region() & r).area() * 2 > r.area();
        });
        if (!stacked_already) stacks.push_back({detail::SteadyStack(r), 0});
      }
    }
    std::erase_if(stacks, [&](Stacked& s) {
      if (read_inside(s.stack.region())) return true;  // read without it
      ++s.age;
      const cv::Rect r = s.stack.region() & cv::Rect(cv::Point(0, 0), frame_size);
      if (r != s.stack.region()) return true;
      s.stack.add(grey(r));
      if (read_stack_at(s.stack.frames()) && read_stack(s.stack)) return true;
      return s.age >= options.stack_frames;
    });
  }

  // A code read by a full scan or from a stack: the track it is (same payload, same place), else
  // a new one. A track already read this frame stays as it was read.
  void adopt(Sighting s) {
    for (Track& t : tracks) {
      if (t.last.payload == s.payload && same_place(t.last, s)) {
        if (!t.read) t.last = std::move(s);
        t.read = true;
        return;
      }
    }
    tracks.push_back(Track{std::move(s), 0, true, {}, {}});
  }

  std::vector<Sighting> scan(const cv::Mat& frame, std::int64_t t_ms) {
    if (frame.empty()) return {};
    if (frame.size() != frame_size) {
      reset();
      frame_size = frame.size();
    }
    ++stats.frames;
    to_grey(frame);
    for (Track& t : tracks) t.read = false;

    bool full_due = tracks.empty() || since_full + 1 >= options.full_scan_every;
    if (picture_changed() && !full_due) {
      full_due = true;
      ++stats.change_scans;
    }
    const std::size_t known = tracks.size();
    bool scanned = full_due;
    if (full_due) {
      full_scan(t_ms);
      for (std::size_t i = 0; i < known; ++i)
        if (!tracks[i].read) reread(i);
    } else {
      ++since_full;
      bool lost = false;
      for (std::size_t i = 0; i < known; ++i) {
        // Only the first miss calls for a full scan: a card under a hand for a while would
        // otherwise cost one every frame; the change measure and N cover the rest.
        if (!reread(i) && tracks[i].missed == 0) lost = true;
      }
      if (lost) full_scan(t_ms);
      scanned = lost;
    }
    if (options.stacking == Stacking::On) {
      stack_unread(scanned);
      remember_read();
    }
    unread.clear();
    if (scanned) unread = full.last_scan().unread;
    for (const Stacked& s : stacks) unread.push_back(s.stack.region());

    std::vector<Sighting> out;
    for (Track& t : tracks) {
      if (t.read) {
        t.missed = 0;
        t.last.t_ms = t_ms;
        out.push_back(t.last);
      } else {
        ++t.missed;
      }
    }
    std::erase_if(tracks, [&](const Track& t) { return t.missed >= options.forget_after; });
    return out;
  }
};

TrackingScanner::TrackingScanner() : TrackingScanner(TrackerOptions{}) {}
TrackingScanner::TrackingScanner(TrackerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
TrackingScanner::~TrackingScanner() = default;
TrackingScanner::TrackingScanner(TrackingScanner&&) noexcept = default;
TrackingScanner& TrackingScanner::operator=(TrackingScanner&&) noexcept = default;

const TrackerOptions& TrackingScanner::options() const { return impl_->options; }
const TrackerStats& TrackingScanner::stats() const { return impl_->stats; }
std::size_t TrackingScanner::tracked() const { return impl_->tracks.size(); }
const std::vector<cv::Rect>& TrackingScanner::unread() const { return impl_->unread; }
const cv::Mat& TrackingScanner::grey() const { return impl_->grey; }

std::vector<Sighting> TrackingScanner::scan(const cv::Mat& frame, std::int64_t t_ms) { return impl_->scan(frame, t_ms); }

void TrackingScanner::reset() { impl_->reset(); }

}  // namespace seneschal::vision
