#pragma once
// QR codes in one frame, read by ZBar, ZXing-cpp or both, with preprocessing fallbacks that run
// only when the first pass found nothing.

#include <memory>
#include <opencv2/core/mat.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision {

// Which library decodes. Config words: "zbar", "zxing", "both". ZBar reads more of the smallest
// codes in a full frame, ZXing-cpp more phone photos and is several times faster; Both runs
// ZXing-cpp then ZBar and merges their sightings.
enum class Decoder { Zbar, Zxing, Both };

std::optional<Decoder> parse_decoder(std::string_view word);
std::string_view to_string(Decoder decoder);

// A preprocessing stage tried on the whole frame when the first pass read nothing, in the order
// given, stopping at the first stage that reads something. Corners are mapped back to the frame.
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
// about twice the time of one).
enum class Thresholds { Local, Fixed, LocalAndFixed };

struct ScannerOptions {
  Decoder decoder = Decoder::Both;
  std::vector<Fallback> fallbacks = default_fallbacks();
  Thresholds zxing_thresholds = Thresholds::LocalAndFixed;
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

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace seneschal::vision
