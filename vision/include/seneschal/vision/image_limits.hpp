#pragma once
// Bounds on an image file before anything decodes it. A decoder allocates what the header
// claims: a 435 KB PNG that says 20000x20000 takes 2.2 GB, a 1-bit PNG bomb more, and a file
// read whole takes its own size again; a 2 GB Pi is killed long before any of them shows. So
// a file is stat'ed first (a FIFO or device would block the reader for ever), its size checked,
// and only its first bytes read for the width and height (PNG, JPEG, BMP, PGM/PPM/PBM). Other
// formats are left to the decoder, still under the byte limit.

#include <cstdint>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"

// Declared, not included: DaemonOptions holds ImageLimits, and the config fuzzer compiles the
// config parser (and so this header) without OpenCV. load_image's callers include it.
namespace cv {
class Mat;
}

namespace seneschal::vision {

struct ImageLimits {
  std::uint64_t max_pixels = 50'000'000;         // a 48 MP camera still (8000x6000) fits
  std::uint64_t max_bytes = 64ull * 1024 * 1024;  // far above any camera JPEG or PNG of that size
};

struct ImageHeader {
  std::string format;  // "PNG", "JPEG", "BMP", "PNM"; empty when the size is not read (left to the decoder)
  std::uint64_t width = 0;
  std::uint64_t height = 0;
  std::uint64_t file_bytes = 0;
};

// The header of `path`: anything but a regular file is refused without being opened, and a
// recognised format whose header holds no size is refused. No limits are applied.
Result<ImageHeader> read_image_header(const std::string& path);

// `header` (of `path`) against the limits: the file's bytes, then its pixels.
Result<void> check_image_limits(const ImageHeader& header, const std::string& path, const ImageLimits& limits);

// read_image_header, then check_image_limits: every refusal names the path, the size and the limit.
Result<ImageHeader> check_image_file(const std::string& path, const ImageLimits& limits = {});

// The bytes of a checked file, read from the file that was checked (a swap in between is not
// read unchecked) and never more than max_bytes.
Result<std::vector<unsigned char>> read_image_file(const std::string& path, const ImageLimits& limits = {});

// Checked, read and decoded with cv::imdecode (`flags` as cv::imread's); never an empty Mat:
// a file that does not decode is an error naming it.
Result<cv::Mat> load_image(const std::string& path, int flags, const ImageLimits& limits = {});

}  // namespace seneschal::vision
