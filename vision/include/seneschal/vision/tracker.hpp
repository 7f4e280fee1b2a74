#pragma once
// A Scanner for a video of a table that mostly stands still. A full-frame scan costs the decoder's
// whole frame (and, on an empty frame, every fallback); re-reading each known tag in a small crop
// around where it was last seen costs a fraction of that. So per frame:
//
//   grey frame ─► change measure (downscaled, outside the tracked regions, against the last
//                 full-scan frame)
//     full scan due? (nothing tracked, every N frames, the picture changed, or a track was
//     just lost)
//       yes ─► full scan; tracks matched by payload and place; tracks the full scan missed are
//              still re-read in their region
//       no  ─► re-read every track in its last region, expanded by a margin; the first miss of a
//              track triggers a full scan in the same frame (the card may have moved far)
//     regions that no read covered (a track missed, a candidate the full scan could not read)
//     are stacked over the frames in which they hold still and read from the mean
//   tracks not re-read for `forget_after` frames are dropped.
//
// ROI re-reads use the decoder without whole-frame fallbacks: a miss there is answered by a full
// scan, which has them. Two codes with one payload at two places are two tracks.

#include <cstdint>
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

struct TrackerOptions {
  ScannerOptions scanner;             // for full scans; ROI re-reads use its decoder, no fallbacks
  int full_scan_every = 10;           // N: at least one full scan in every N frames
  float margin = 0.6f;                // ROI = the code's bounding box grown by this part of its size per side
  int forget_after = 3;               // frames a track may go unread before it is dropped
  ChangeDetection change = ChangeDetection::On;
  int change_width = 160;             // the change measure works on a grey frame this wide
  int change_level = 20;              // a small pixel changed when it differs by more than this (0..255)
  double change_area = 0.002;         // full scan when more than this part of the frame changed
  Stacking stacking = Stacking::On;
  int stack_frames = 16;              // frames a region is stacked before it is given up
};

// What the tracker did so far; for the benchmark and the tests.
struct TrackerStats {
  std::int64_t frames = 0;
  std::int64_t full_scans = 0;
  std::int64_t roi_scans = 0;     // one per crop decoded
  std::int64_t change_scans = 0;  // full scans caused by the change measure
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
