#pragma once
// QR codes in one frame, read by ZBar, ZXing-cpp or both, with preprocessing fallbacks that run
// only where the first pass missed: on candidate regions, and on the whole frame only when nothing
// at all was read.

#include <memory>
#include <opencv2/core/mat.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision {

// Which library decodes. Config words: "zbar", "zxing", "both". ZBar reads more of the smallest
// codes in a full frame, ZXing-cpp more phone photos and is several times faster.
//
// Both is not "each over the whole frame": ZBar over a 720p frame costs six ZXing-cpp passes, and
// most of what it would add lies where ZXing-cpp saw a code and read nothing. So ZXing-cpp reads
// the whole frame once; then each candidate region - a code-sized patch of the dense fine
// contrast of QR modules that holds no read yet - is read by ZXing-cpp, at its size and at twice
// it, then by ZBar, cheapest first, until one reads it. Measured on 40 hard 720p frames (227 tags):
// recall 0.987 against 0.674 for the union of the two libraries over the whole frame, in less
// time than one ZXing-cpp pass (the fixed threshold is the cheaper one, and a region is a few
// percent of a frame). Where both read one code, ZXing-cpp's text stands (it honours ECI and
// Shift-JIS). A frame where nothing was read but that has such texture somewhere - a photo of
// one big code, say - gets every reader over the whole frame and then the fallbacks; a frame of
// bare table gets neither.
enum class Decoder { Zbar, Zxing, Both };

std::optional<Decoder> parse_decoder(std::string_view word);
std::string_view to_string(Decoder decoder);

// A preprocessing stage tried on the whole frame when the first pass read nothing, in the order
// given, stopping at the first stage that reads something. Corners are mapped back to the frame.
// With Decoder::Both they run only on frames with code-like texture (see Decoder), since the
// region pass already upscales the small codes a frame of cards holds.
enum class Fallback {
  Downscale,  // half size, area-averaged: blurry or noisy big codes
  Upscale,    // twice the size, cubic: codes of very few pixels per module
  Invert,     // light modules on dark: ZXing-cpp 1.4 and ZBar read dark on light only
};

std::string_view to_string(Fallback fallback);

// The chain measured to pay on the zxing photo corpus (see CorpusTest): downscale, upscale,
// invert. CLAHE and an adaptive threshold were measured too and read nothing the others miss.
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
