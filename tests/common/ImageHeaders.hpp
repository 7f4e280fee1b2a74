#pragma once
// Small image files whose headers claim a size their data does not have: a PNG bomb is a few
// bytes of header in front of a small picture. Made in the test, so no big file is committed.

#include <array>
#include <cstdint>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <vector>

namespace seneschal::test {

// PNG's CRC-32 (ISO 3309), over a chunk's type and data.
inline std::uint32_t png_crc(const unsigned char* data, std::size_t n) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) c = table[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

inline void put_be32(unsigned char* p, std::uint32_t v) {
  p[0] = static_cast<unsigned char>(v >> 24);
  p[1] = static_cast<unsigned char>(v >> 16);
  p[2] = static_cast<unsigned char>(v >> 8);
  p[3] = static_cast<unsigned char>(v);
}

// A real 8x8 PNG whose IHDR (with a correct CRC) now says width x height at `bit_depth`
// (1 for a bilevel bomb; the colour type becomes greyscale).
inline std::vector<unsigned char> png_claiming(std::uint32_t width, std::uint32_t height, int bit_depth = 8) {
  std::vector<unsigned char> png;
  cv::imencode(".png", cv::Mat(8, 8, CV_8UC1, cv::Scalar(0)), png);
  // Signature (8), IHDR length (4), "IHDR" at 12, width 16, height 20, depth 24, colour type 25, CRC 29.
  put_be32(&png[16], width);
  put_be32(&png[20], height);
  png[24] = static_cast<unsigned char>(bit_depth);
  png[25] = 0;
  put_be32(&png[29], png_crc(&png[12], 17));
  return png;
}

// A real 16x16 JPEG whose baseline frame header (SOF0) now says width x height.
inline std::vector<unsigned char> jpeg_claiming(std::uint16_t width, std::uint16_t height) {
  std::vector<unsigned char> jpeg;
  cv::imencode(".jpg", cv::Mat(16, 16, CV_8UC3, cv::Scalar(90, 120, 150)), jpeg);
  for (std::size_t i = 2; i + 8 < jpeg.size(); ++i) {
    if (jpeg[i] == 0xFF && jpeg[i + 1] == 0xC0) {
      jpeg[i + 5] = static_cast<unsigned char>(height >> 8);
      jpeg[i + 6] = static_cast<unsigned char>(height);
      jpeg[i + 7] = static_cast<unsigned char>(width >> 8);
      jpeg[i + 8] = static_cast<unsigned char>(width);
      break;
    }
  }
  return jpeg;
}

inline void write_file(const std::string& path, const std::vector<unsigned char>& bytes) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace seneschal::test
