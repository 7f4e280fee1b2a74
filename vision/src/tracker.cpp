#include "seneschal/vision/tracker.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <optional>
#include <opencv2/imgproc.hpp>

#include "change_map.hpp"
#include "scanner_decoders.hpp"
#include "scanner_regions.hpp"
#include "steady_stack.hpp"

namespace seneschal::vision {
namespace {

float distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

// Corners read in a crop whose top left lies at `origin` of the frame, in frame pixels.
void moved_to(Sighting& s, cv::Point origin) {
  for (Point& p : s.corners) p = {p.x + float(origin.x), p.y + float(origin.y)};
}

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
  Sighting last;           // where it was last read, frame coordinates
  int missed = 0;          // frames since it was last read
  bool read = false;       // read in the current frame
  bool confirmed = false;  // read in the current frame by its patch alone
  // The band the code's patch lay in at its last decode (prove()): a frame whose pixels there lie
  // in it shows the same code in the same place.
  cv::Rect proof_at;
  cv::Mat proof_lo, proof_hi;
  // Its region in the last frames in which it was read and lay still, oldest first, cut at
  // `steady`: what a frame that misses it is stacked with.
  cv::Rect steady;
  std::deque<cv::Mat> history;
  // While it is missed and its region holds still: the history and the frames since, stacked.
  std::optional<detail::SteadyStack> missed_stack;
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
// A track lost this frame has the place round it scanned (its code's box grown by this many code
// sides a side) besides what the change measure finds: a card laid over it, a card nudged off it
// while a hand still covers the change. Measured on the hard table games: without it, laid cards
// reached the engine within 3 frames 92.5 % of the time instead of 100 % (1080p, 40 cards).
constexpr float kLostReach = 2.0f;
// Parts covering more of the frame than this are scanned as the whole frame: one scan costs less.
constexpr double kWholeShare = 0.25;

// A candidate region whose centre lies within this many code sides of a code read this frame
// lies on that code's card (a 63 x 88 mm card reaches about 1.2 sides of a 36 mm code from it;
// two cards side by side put their codes 1.75 sides apart or more).
constexpr float kSameCard = 1.4f;
// At most this many candidate regions stacked at once: a table of unreadable print costs no more.
constexpr std::size_t kMostStacks = 8;
// A missed track's region differing from the last frame that read it by more than this (grey
// levels on average) has changed: nothing to stack.
constexpr double kStackChanged = 16;

}  // namespace

const char* to_string(FrameStage stage) {
  switch (stage) {
    case FrameStage::Grey: return "grey";
    case FrameStage::Tracks: return "tracks";
    case FrameStage::Change: return "change";
    case FrameStage::Scan: return "scan";
    case FrameStage::Stacking: return "stacking";
    case FrameStage::Look: return "look";
    case FrameStage::Stabilizer: return "stabilizer";
  }
  return "?";
}

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
  cv::Mat diff;
  int since_full = 0;
  // Changed parts are scanned by a scanner without whole-frame fallbacks: they are for a frame in
  // which nothing at all was read, and a part that changed because a card left holds nothing.
  Scanner part;
  cv::Mat part_crop;
  detail::ChangeMap changes;
  std::vector<cv::Rect> scan_unread;  // candidates this frame's scans could not read, frame pixels
  std::vector<cv::Rect> scanned_parts;  // what this frame's scans covered, frame pixels

  static ScannerOptions without_fallbacks(ScannerOptions o) {
    o.fallbacks.clear();
    return o;
  }

  explicit Impl(TrackerOptions o)
      : options(std::move(o)), full(options.scanner), part(without_fallbacks(options.scanner)) {
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
    changes = detail::ChangeMap();
    since_full = 0;
  }

  void stage_done(FrameStage stage) const {
    if (options.stage_done) options.stage_done(stage);
  }

  void to_grey(const cv::Mat& frame) {
    if (frame.channels() == 1) {
      grey = frame;
    } else {
      cv::cvtColor(frame, grey, frame.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
    }
  }

  // The code's bounding box grown by a tenth a side: a finger at its edge shows there first.
  cv::Rect proof_region(const Sighting& s) const { return region(s, 0.1f, frame_size); }

  // The band a later frame's patch must lie in: the darkest and brightest of each pixel's 3 x 3
  // neighbourhood at the last decode, widened by steady_level. A whole view that shakes by less
  // than a pixel (a table bumped, a camera's rolling shutter) stays inside it; a code moved by a
  // module, turned, covered or taken away does not.
  void prove(Track& t) {
    t.proof_at = proof_region(t.last);
    const cv::Mat patch = grey(t.proof_at);
    cv::erode(patch, t.proof_lo, cv::Mat());
    cv::dilate(patch, t.proof_hi, cv::Mat());
    cv::subtract(t.proof_lo, cv::Scalar::all(options.steady_level), t.proof_lo);  // saturates at 0
    cv::add(t.proof_hi, cv::Scalar::all(options.steady_level), t.proof_hi);       // and at 255
  }

  // True when the track's patch lies in the band of its last decode: the card lies where it was,
  // uncovered, and a decode would read what it read then. Camera noise stays inside the band; a
  // slow drift of the light adds up until it leaves it, and the code is decoded again.
  bool confirm(Track& t) {
    if (options.steady_share <= 0 || t.proof_lo.empty()) return false;
    if (t.proof_at.area() == 0 || (t.proof_at & cv::Rect(cv::Point(0, 0), frame_size)) != t.proof_at) return false;
    cv::inRange(grey(t.proof_at), t.proof_lo, t.proof_hi, diff);
    if (t.proof_at.area() - cv::countNonZero(diff) > options.steady_share * double(t.proof_at.area())) return false;
    ++stats.confirmed;
    t.read = t.confirmed = true;
    return true;
  }

  // The margin a changed part is grown by: a code of a card that changed at its edge lies whole
  // in the part (a code is about a twenty-fifth of a table seen whole).
  int part_margin() const { return std::max(24, frame_size.width / 20); }

  // Scans the parts of the frame that changed, or the whole frame when they are too many; the
  // codes found go to the tracks. `lost`: the places round tracks this frame lost, scanned too
  // (see kLostReach).
  void scan_changes(std::int64_t t_ms, const std::vector<cv::Rect>& lost) {
    std::vector<cv::Rect> quiet;
    for (const Track& t : tracks)
      if (t.read) quiet.push_back(region(t.last, options.margin, frame_size));
    std::vector<cv::Rect> parts = changes.changed(quiet, part_margin());
    if (parts.empty() && lost.empty()) return;
    ++stats.change_scans;
    parts.insert(parts.end(), lost.begin(), lost.end());
    detail::merge_overlapping(parts);
    double area = 0;
    for (const cv::Rect& r : parts) area += r.area();
    if (area > kWholeShare * double(frame_size.area())) {
      full_scan(t_ms);
      return;
    }
    for (const cv::Rect& r : parts) scan_part(r, t_ms);
    scanned_parts = std::move(parts);
  }

  void scan_part(const cv::Rect& r, std::int64_t t_ms) {
    ++stats.part_scans;
    grey(r).copyTo(part_crop);
    for (Sighting& s : part.scan(part_crop, t_ms)) {
      moved_to(s, r.tl());
      adopt(std::move(s));
    }
    for (const cv::Rect& u : part.last_scan().unread) scan_unread.push_back(u + r.tl());
    changes.settle(r);
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
      moved_to(s, r.tl());
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
    t.confirmed = false;
    return true;
  }

  void full_scan(std::int64_t t_ms) {
    ++stats.full_scans;
    scanned_parts = {cv::Rect(cv::Point(0, 0), frame_size)};
    since_full = 0;
    changes.settle_all();
    for (Sighting& s : full.scan(grey, t_ms)) adopt(std::move(s));
    const auto& missed = full.last_scan().unread;
    scan_unread.insert(scan_unread.end(), missed.begin(), missed.end());
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

  // Reads a region of this frame as it is, grown by a quarter a side (what changed may have come
  // to rest a little beside it); what it holds goes to the tracks. True when it read a code.
  bool read_plain(const cv::Rect& region) {
    const cv::Rect r = (region + cv::Size(region.width / 2, region.height / 2) -
                        cv::Point(region.width / 4, region.height / 4)) &
                       cv::Rect(cv::Point(0, 0), frame_size);
    if (r.width < 8 || r.height < 8) return false;
    ++stats.roi_scans;
    grey(r).copyTo(crop);
    if (detail::stretch_contrast(crop, stretched)) std::swap(crop, stretched);
    detail::RegionSteps steps = roi_steps;
    steps.twice = std::min(r.width, r.height) < 2 * kRoiTwiceBelowPx;
    return detail::read_region(crop, steps, zbar, crop_up, [&](std::vector<Sighting> found) {
      for (Sighting& f : found) {
        moved_to(f, r.tl());
        adopt(std::move(f));
      }
      return true;
    });
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
  void stack_unread() {
    const std::size_t known = tracks.size();
    for (std::size_t i = 0; i < known; ++i) {
      Track& t = tracks[i];
      if (t.read || t.history.empty()) {
        t.missed_stack.reset();
        continue;
      }
      // A frame that differs from the last that read it (a hand over it, the card moved) has
      // nothing to stack with: told by a plain difference before any alignment is paid for.
      const cv::Rect r = t.steady & cv::Rect(cv::Point(0, 0), frame_size);
      if (r != t.steady) continue;
      cv::absdiff(grey(r), t.history.back(), diff);
      if (cv::mean(diff)[0] > kStackChanged) {
        t.missed_stack.reset();
        continue;
      }
      // The first frame of a miss stacks the frames that read it before with this one; each later
      // frame of the same miss adds itself to that stack (aligning one frame, not all of them
      // again) and is read at the stacks' counts.
      const bool fresh = !t.missed_stack;
      if (fresh) {
        t.missed_stack.emplace(t.steady);
        for (const cv::Mat& before : t.history) t.missed_stack->add(before);
      }
      if (!t.missed_stack->add(grey(r))) {
        t.missed_stack.reset();
        continue;
      }
      const int frames = t.missed_stack->frames();
      if (frames >= 2 && (fresh || read_stack_at(frames))) read_stack(*t.missed_stack);
      if (frames >= options.stack_frames) t.missed_stack.reset();
    }
    const auto read_inside = [&](const cv::Rect& r) {
      return std::any_of(tracks.begin(), tracks.end(), [&](const Track& t) {
        const Point c = centre_of(t.last);
        return t.read && r.contains(cv::Point(int(c.x), int(c.y)));
      });
    };
    // A card holds one code: code-like print beside a code read this frame (its title, its art)
    // is that card's, not a small code, and stacking it would cost a region read every few
    // frames for nothing (on a crowded table, most of a steady frame's cost).
    const auto on_read_card = [&](const cv::Rect& r) {
      const Point c{float(r.x + r.width / 2.0), float(r.y + r.height / 2.0)};
      return std::any_of(tracks.begin(), tracks.end(), [&](const Track& t) {
        return t.read && distance(centre_of(t.last), c) < kSameCard * 2 * half_diagonal(t.last) / std::sqrt(2.0f);
      });
    };
    {
      for (const cv::Rect& r : scan_unread) {
        if (r.width < 8 || r.height < 8 || r.width > kMostStackSide || r.height > kMostStackSide) continue;
        if (read_inside(r) || on_read_card(r)) continue;
        const bool stacked_already = std::any_of(stacks.begin(), stacks.end(), [&](const Stacked& s) {
          return (s.stack.region() & r).area() * 2 > r.area();
        });
        if (stacked_already) continue;
        // With every place taken, the new candidate takes the oldest's: something that changed
        // this frame (a card come to rest, its code still blurred) is likelier a code than print
        // stacked for many frames without a read.
        if (stacks.size() >= kMostStacks) {
          const auto oldest = std::max_element(stacks.begin(), stacks.end(),
                                               [](const Stacked& a, const Stacked& b) { return a.age < b.age; });
          if (oldest->age == 0) continue;
          stacks.erase(oldest);
        }
        stacks.push_back({detail::SteadyStack(r), 0});
      }
    }
    std::erase_if(stacks, [&](Stacked& s) {
      if (read_inside(s.stack.region())) return true;  // read without it
      ++s.age;
      const cv::Rect r = s.stack.region() & cv::Rect(cv::Point(0, 0), frame_size);
      if (r != s.stack.region()) return true;
      // A region that changed since the frames stacked (a card slid there has come to rest, its
      // blur gone) starts its stack again: read the new picture as it is at once rather than two
      // frames later, when the new stack could first be read; unless this frame's scans read
      // there already (a hand moving over it changes it every frame).
      if (!s.stack.add(grey(r))) {
        const bool scanned_here = std::any_of(scanned_parts.begin(), scanned_parts.end(),
                                              [&](const cv::Rect& p) { return (p & r) == r; });
        return (!scanned_here && read_plain(r)) || s.age >= options.stack_frames;
      }
      if (read_stack_at(s.stack.frames()) && read_stack(s.stack)) return true;
      return s.age >= options.stack_frames;
    });
  }

  // A code read by a full scan or from a stack: the track it is (same payload, same place), else
  // a new one. A track already read this frame stays as it was read.
  void adopt(Sighting s) {
    for (Track& t : tracks) {
      if (t.last.payload == s.payload && same_place(t.last, s)) {
        if (!t.read) {
          t.last = std::move(s);
          t.confirmed = false;
        }
        t.read = true;
        return;
      }
    }
    Track t;
    t.last = std::move(s);
    t.read = true;
    tracks.push_back(std::move(t));
  }

  std::vector<Sighting> scan(const cv::Mat& frame, std::int64_t t_ms) {
    if (frame.empty()) return {};
    if (frame.size() != frame_size) {
      reset();
      frame_size = frame.size();
    }
    ++stats.frames;
    to_grey(frame);
    scan_unread.clear();
    scanned_parts.clear();
    for (Track& t : tracks) t.read = t.confirmed = false;
    stage_done(FrameStage::Grey);

    const std::size_t known = tracks.size();
    bool lost = false;
    std::vector<cv::Rect> lost_places;
    for (std::size_t i = 0; i < known; ++i) {
      if (confirm(tracks[i]) || reread(i)) continue;
      // Only the first miss counts: a card under a hand for a while would otherwise cost a
      // scan every frame.
      if (tracks[i].missed == 0) {
        lost = true;
        lost_places.push_back(region(tracks[i].last, kLostReach, frame_size));
      }
    }
    stage_done(FrameStage::Tracks);

    detail::ChangeSettings settings;
    settings.width = options.change_width;
    settings.level = options.change_level;
    settings.least_area = options.change_least;
    changes.see(grey, settings);
    const bool timer = options.full_scan_every > 0 && since_full + 1 >= options.full_scan_every;
    // Without the change measure a track lost is looked for in the whole frame (the card may have
    // moved far); with it, the change where it lay and where it now lies is scanned.
    const bool watching = options.change == ChangeDetection::On && changes.ready();
    const bool full_due = !watching ? (known == 0 || timer || lost) : timer;
    stage_done(FrameStage::Change);

    ++since_full;
    if (full_due) {
      full_scan(t_ms);
    } else if (watching) {
      scan_changes(t_ms, lost_places);
    }
    stage_done(FrameStage::Scan);

    if (options.stacking == Stacking::On) {
      stack_unread();
      remember_read();
    }
    unread = scan_unread;
    for (const Stacked& s : stacks) unread.push_back(s.stack.region());

    std::vector<Sighting> out;
    for (Track& t : tracks) {
      if (t.read) {
        if (!t.confirmed) prove(t);
        t.missed = 0;
        t.last.t_ms = t_ms;
        out.push_back(t.last);
      } else {
        ++t.missed;
      }
    }
    std::erase_if(tracks, [&](const Track& t) { return t.missed >= options.forget_after; });
    stage_done(FrameStage::Stacking);
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
