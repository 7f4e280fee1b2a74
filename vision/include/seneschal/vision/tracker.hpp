#pragma once
// A Scanner for a video of a table that mostly stands still. A full-frame scan costs the decoders
// the whole frame (and, on an empty frame, every fallback); a card that lies still has the same
// pixels it had when it was read, and comparing a few thousand pixels costs a small part of one
// decode. So per frame (each stage's instructions counted by `seneschal bench pi`):
//
//   grey frame
//   tracks    ─► each track whose code's patch looks as it did at its last decode is confirmed
//                without a decode; the others are re-read in their last region, grown by a margin
//   change    ─► the frame, shrunk, against a reference that takes the picture's look wherever it
//                was scanned; the codes held in place this frame do not count (change_map.hpp)
//   scan      ─► the parts that changed are scanned (a scanner without whole-frame fallbacks);
//                the whole frame only when nothing is tracked yet, when the parts would cover
//                more than a quarter of it, or every `full_scan_every` frames as a last resort
//   stacking  ─► regions no read covered (a track missed, a candidate no reader could read) are
//                stacked over the frames in which they hold still and read from the mean
//   tracks not read for `forget_after` frames are dropped.
//
// A card moved away is not looked for: its old region no longer counts as quiet, so the change
// there is scanned, and so is the change where it now lies. Two codes with one payload at two
// places are two tracks.

#include <cstdint>
#include <functional>
#include <memory>
#include <opencv2/core/mat.hpp>
#include <opencv2/core/types.hpp>
#include <vector>

#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision {

enum class ChangeDetection { Off, On };
// Codes no single frame reads (a whole table at 720p: under 2.2 pixels a module) read from the
// mean of the frames in which their region held still (vision/src/steady_stack.hpp).
enum class Stacking { Off, On };

// The stages of a frame, in their order; TableWatcher adds its own two.
enum class FrameStage { Grey, Tracks, Change, Scan, Stacking, Look, Stabilizer };
const char* to_string(FrameStage stage);

struct TrackerOptions {
  ScannerOptions scanner;             // for full scans; ROI re-reads and changed parts use its decoder, no fallbacks
  // N: a full scan at least every N frames (0: never on a timer). The last resort for a code that
  // the change measure saw once but no reader could read then: 50 frames are 10 s at 5 fps.
  int full_scan_every = 50;
  float margin = 0.6f;                // ROI = the code's bounding box grown by this part of its size per side
  int forget_after = 3;               // frames a track may go unread before it is dropped
  ChangeDetection change = ChangeDetection::On;
  int change_width = 160;             // the change measure works on a grey frame this wide
  int change_level = 20;              // a small pixel changed when it differs by more than this (0..255)
  int change_least = 8;               // small pixels a changed part needs to be scanned
  // A tracked code's patch confirms it without a decode when no more than this share of its pixels
  // lies outside its band: the darkest and brightest of each pixel's neighbours at the last decode,
  // widened by `steady_level` grey levels (0: every track is decoded every frame).
  double steady_share = 0.03;
  int steady_level = 20;
  Stacking stacking = Stacking::On;
  int stack_frames = 16;              // frames a region is stacked before it is given up
  // Called as each stage of a frame ends (the benchmark counts each stage's instructions there).
  std::function<void(FrameStage)> stage_done;
};

// What the tracker did so far; for the benchmark and the tests.
struct TrackerStats {
  std::int64_t frames = 0;
  std::int64_t full_scans = 0;
  std::int64_t roi_scans = 0;     // one per crop decoded
  std::int64_t confirmed = 0;     // tracks confirmed by their patch, without a decode
  std::int64_t change_scans = 0;  // scans caused by the change measure: of changed parts, or whole
  std::int64_t part_scans = 0;    // changed parts scanned (each one scan of a part of the frame)
  std::int64_t stack_reads = 0;   // regions read from the mean of several frames
};

class TrackingScanner {
 public:
  TrackingScanner();
  explicit TrackingScanner(TrackerOptions options);
  ~TrackingScanner();
  TrackingScanner(TrackingScanner&&) noexcept;
  TrackingScanner& operator=(TrackingScanner&&) noexcept;

  const TrackerOptions& options() const;
  const TrackerStats& stats() const;
  std::size_t tracked() const;  // tracks currently held
  // Code-like regions the last frame held that no reader read (a card sliding, blurred, under
  // glare), frame pixels: the full scan's, and those being stacked.
  const std::vector<cv::Rect>& unread() const;
  // The last frame scanned, in grey (the frame itself when it was grey): what the table's look
  // compares the codes it remembers with, so that a frame is turned grey once.
  const cv::Mat& grey() const;

  // Same contract as Scanner::scan: grey or BGR(A) frames, corners in frame coordinates.
  // A frame of another size than the last one resets the tracks.
  std::vector<Sighting> scan(const cv::Mat& frame, std::int64_t t_ms = 0);

  // Forgets every track and the change reference (e.g. after the camera was reopened).
  void reset();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace seneschal::vision
