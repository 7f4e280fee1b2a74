#pragma once
// QR codes in one frame, read by ZBar, ZXing-cpp or both, with preprocessing fallbacks that run
// only where the first pass missed: on candidate regions, and on the whole frame only when nothing
// at all was read.

#include <memory>
#include <opencv2/core/mat.hpp>
#include <opencv2/core/types.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "seneschal/vision/decoder.hpp"
#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision {

// Which library decodes: seneschal/vision/decoder.hpp (kept apart so that configuration code
// can name a decoder without OpenCV's headers).

// A preprocessing stage tried on the whole frame when the first pass read nothing, in the order
// given, stopping at the first stage that reads something. Corners are mapped back to the frame.
// With Decoder::Both they run only on frames with code-like texture (see Decoder), since the
// region pass already upscales the small codes a frame of cards holds.
enum class Fallback {
  Downscale,  // half size, area-averaged: blurry or noisy big codes
  Upscale,    // twice the size, cubic: codes of very few pixels per module
  Invert,     // light modules on dark: ZXing-cpp 1.4 and ZBar read dark on light only
  Turn,       // turned by 45 degrees (ZXing-cpp): a big code lying near 45 degrees, tightly cropped
};

std::string_view to_string(Fallback fallback);

// The chain measured to pay on the zxing photo corpus (see CorpusTest): downscale, upscale,
// invert, turn. CLAHE and an adaptive threshold were measured too and read nothing the others miss.
std::vector<Fallback> default_fallbacks();

// ZXing-cpp's thresholding: its local-average binarizer alone, or that and then a fixed
// threshold, which reads blurred and low-contrast codes the local one misses (measured on hard
// 720p frames: 114 of 227 tags with the local one, 123 with the fixed one, 159 with both, at
// about twice the time of one). With Decoder::Both each chosen threshold reads once: with both
// chosen, the fixed one reads the whole frame (it costs about half the local one there) and the
// local one the candidate regions (where it reads most).
enum class Thresholds { Local, Fixed, LocalAndFixed };

struct ScannerOptions {
  Decoder decoder = Decoder::Both;
  std::vector<Fallback> fallbacks = default_fallbacks();
  Thresholds zxing_thresholds = Thresholds::LocalAndFixed;
};

// What the last scan did beyond its first pass: the region pass and the whole-frame retry are
// where the time of a hard or an empty frame goes, so tests and the bench can see them.
struct ScanStats {
  int regions_read = 0;      // candidate regions the region pass read (Decoder::Both)
  int regions_decoded = 0;   // of those, regions that yielded a code
  // The first pass read nothing, so the fallbacks (with Both, every reader first) ran over the
  // whole frame.
  bool whole_frame_retry = false;
  // The frame was bigger than the first pass's base level (see detail::Levels), so the frame
  // itself was searched for small codes too.
  bool fine_level = false;
  // Coarser copies of the base searched for codes too big for a region of it (0: none needed).
  int coarse_levels = 0;
  // Candidate regions no region reader read, frame pixels: a code too small, blurred or noisy
  // for one frame (the tracker reads a steady one from several), or code-like print.
  std::vector<cv::Rect> unread;
};

class Scanner {
 public:
  Scanner();
  explicit Scanner(ScannerOptions options);
  ~Scanner();
  Scanner(Scanner&&) noexcept;
  Scanner& operator=(Scanner&&) noexcept;

  const ScannerOptions& options() const;

  // Accepts grey or BGR(A) frames; an empty frame yields nothing. Two codes with the same payload
  // at different places are two sightings (two copies of one card).
  std::vector<Sighting> scan(const cv::Mat& frame, std::int64_t t_ms = 0);

  const ScanStats& last_scan() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace seneschal::vision
