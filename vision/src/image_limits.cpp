#include "seneschal/vision/image_limits.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <opencv2/imgcodecs.hpp>
#include <utility>

namespace seneschal::vision {
namespace {

// The file stays open from the check to the read, so what is read is what was checked.
class OpenFile {
 public:
  explicit OpenFile(int fd) : fd_(fd) {}
  OpenFile(OpenFile&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  OpenFile& operator=(OpenFile&&) = delete;
  ~OpenFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  int fd() const { return fd_; }

  // Up to n bytes at `offset`; fewer only at the end of the file (or on an error).
  std::size_t read_at(std::uint64_t offset, unsigned char* out, std::size_t n) const {
    std::size_t got = 0;
    while (got < n) {
      const ssize_t r = ::pread(fd_, out + got, n - got, static_cast<off_t>(offset + got));
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) break;
      got += static_cast<std::size_t>(r);
    }
    return got;
  }

 private:
  int fd_;
};

std::string not_regular(const std::string& path) {
  return path + ": not a regular file (a FIFO/device/directory); give an image file or a camera";
}

std::string megabytes(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

std::string megapixels(std::uint64_t pixels) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MP", static_cast<double>(pixels) / 1e6);
  return text;
}

// stat() before open(): opening a FIFO blocks until a writer comes, and opening some devices
// does something (a watchdog starts). O_NONBLOCK and the fstat() cover a swap in between.
Result<std::pair<OpenFile, std::uint64_t>> open_regular(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return fail(path + ": cannot be read: " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) return fail(not_regular(path));
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return fail(path + ": cannot be read: " + std::strerror(errno));
  OpenFile file(fd);
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return fail(not_regular(path));
  return std::pair<OpenFile, std::uint64_t>(std::move(file), static_cast<std::uint64_t>(st.st_size));
}

std::uint64_t be16(const unsigned char* p) { return (std::uint64_t{p[0]} << 8) | p[1]; }
std::uint64_t be32(const unsigned char* p) { return (be16(p) << 16) | be16(p + 2); }
std::uint64_t le16(const unsigned char* p) { return (std::uint64_t{p[1]} << 8) | p[0]; }
std::uint64_t le32(const unsigned char* p) { return (le16(p + 2) << 16) | le16(p); }
std::uint64_t abs_le32(const unsigned char* p) {  // BMP heights are negative for top-down rows
  const auto v = static_cast<std::int32_t>(static_cast<std::uint32_t>(le32(p)));
  return v < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(static_cast<std::int64_t>(v))
               : static_cast<std::uint64_t>(v);
}

Result<void> png_size(const OpenFile& file, const std::string& path, ImageHeader& h) {
  unsigned char b[24];
  if (file.read_at(0, b, sizeof b) < sizeof b || std::memcmp(b + 12, "IHDR", 4) != 0) {
    return fail(path + ": a PNG without its IHDR header (corrupt or cut short)");
  }
  h.width = be32(b + 16);
  h.height = be32(b + 20);
  return {};
}

// Markers in order until a frame header (SOF0-SOF15 but C4 DHT, C8 JPG, CC DAC); EXIF and ICC
// segments before it are skipped by their lengths, never read.
Result<void> jpeg_size(const OpenFile& file, const std::string& path, ImageHeader& h) {
  constexpr int kMaxMarkers = 1000;  // real files have a dozen; a file of empty segments is not read to its end
  std::uint64_t pos = 2;
  for (int i = 0; i < kMaxMarkers && pos < h.file_bytes; ++i) {
    unsigned char m[9];
    std::size_t got = file.read_at(pos, m, sizeof m);
    if (got >= 1 && m[0] != 0xFF) {
      // Stray bytes before a marker: libjpeg warns and looks for the next 0xFF, and so do we.
      unsigned char stray[4096];
      const std::size_t n = file.read_at(pos, stray, sizeof stray);
      const auto* next = static_cast<const unsigned char*>(std::memchr(stray, 0xFF, n));
      if (!next) break;
      pos += static_cast<std::uint64_t>(next - stray);
      got = file.read_at(pos, m, sizeof m);
    }
    if (got < 2) break;
    const unsigned char marker = m[1];
    if (marker == 0xFF) {  // fill byte before a marker
      pos += 1;
      continue;
    }
    if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {  // no length
      pos += 2;
      continue;
    }
    if (marker == 0xD9 || marker == 0xDA || got < 4) break;  // EOI or scan data before any frame header
    const bool sof = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (sof) {
      if (got < 9) break;
      h.height = be16(m + 5);
      h.width = be16(m + 7);
      return {};
    }
    const std::uint64_t length = be16(m + 2);
    if (length < 2) break;
    pos += 2 + length;
  }
  return fail(path + ": a JPEG without a frame header (SOF) before its data (corrupt or cut short)");
}

Result<void> bmp_size(const OpenFile& file, const std::string& path, ImageHeader& h) {
  unsigned char b[26];
  const std::size_t got = file.read_at(0, b, sizeof b);
  if (got >= 22 && le32(b + 14) == 12) {  // OS/2 BITMAPCOREHEADER: 16-bit sizes
    h.width = le16(b + 18);
    h.height = le16(b + 20);
    return {};
  }
  if (got < sizeof b) return fail(path + ": a BMP without its header (corrupt or cut short)");
  h.width = abs_le32(b + 18);
  h.height = abs_le32(b + 22);
  return {};
}

// "P6 # a comment\n 640 480 255": the two numbers after the magic, comments and white space.
Result<void> pnm_size(const OpenFile& file, const std::string& path, ImageHeader& h) {
  constexpr std::size_t kMaxHeader = 4096;
  unsigned char b[kMaxHeader];
  const std::size_t got = file.read_at(0, b, sizeof b);
  std::uint64_t numbers[2] = {0, 0};
  int found = 0;
  std::size_t i = 2;
  while (found < 2 && i < got) {
    if (b[i] == '#') {
      while (i < got && b[i] != '\n' && b[i] != '\r') ++i;
    } else if (b[i] >= '0' && b[i] <= '9') {
      std::uint64_t value = 0;
      for (; i < got && b[i] >= '0' && b[i] <= '9'; ++i) {
        value = std::min<std::uint64_t>(value * 10 + (b[i] - '0'), 0xFFFFFFFFu);  // 2^32 is already refused
      }
      if (i == got) break;  // a number that may go on past what was read
      numbers[found++] = value;
    } else if (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' || b[i] == '\v' || b[i] == '\f') {
      ++i;
    } else {
      break;
    }
  }
  if (found < 2) return fail(path + ": a PGM/PPM/PBM without width and height in its first 4 KB (corrupt)");
  h.width = numbers[0];
  h.height = numbers[1];
  return {};
}

// The format from the first bytes, never the name: a JPEG called .png is decoded as a JPEG.
Result<ImageHeader> header_of(const OpenFile& file, const std::string& path, std::uint64_t file_bytes) {
  ImageHeader h;
  h.file_bytes = file_bytes;
  unsigned char magic[8] = {};
  const std::size_t got = file.read_at(0, magic, sizeof magic);
  static constexpr unsigned char kPng[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  Result<void> read;
  if (got == 8 && std::memcmp(magic, kPng, 8) == 0) {
    h.format = "PNG";
    read = png_size(file, path, h);
  } else if (got >= 3 && magic[0] == 0xFF && magic[1] == 0xD8 && magic[2] == 0xFF) {
    h.format = "JPEG";
    read = jpeg_size(file, path, h);
  } else if (got >= 2 && magic[0] == 'B' && magic[1] == 'M') {
    h.format = "BMP";
    read = bmp_size(file, path, h);
  } else if (got >= 3 && magic[0] == 'P' && magic[1] >= '1' && magic[1] <= '6') {
    h.format = "PNM";
    read = pnm_size(file, path, h);
  }
  if (!read) return fail(read.error().message);
  return h;
}

Result<void> check_bytes(std::uint64_t file_bytes, const std::string& path, const ImageLimits& limits) {
  if (file_bytes <= limits.max_bytes) return {};
  return fail(path + ": " + megabytes(file_bytes) + " is over the limit of " + megabytes(limits.max_bytes) +
              " for an image file; it was not read");
}

Result<void> check_pixels(const ImageHeader& h, const std::string& path, const ImageLimits& limits) {
  // Both are below 2^32, so the product fits.
  const std::uint64_t pixels = h.width * h.height;
  if (pixels <= limits.max_pixels) return {};
  return fail(path + ": a " + h.format + " of " + std::to_string(h.width) + "x" + std::to_string(h.height) +
              " pixels (" + megapixels(pixels) + ") is over the limit of " + megapixels(limits.max_pixels) +
              " per image; it was not decoded");
}

// Open, stat, bytes, header, pixels: the order in which each check costs the least.
Result<std::pair<OpenFile, ImageHeader>> open_checked(const std::string& path, const ImageLimits& limits) {
  auto opened = open_regular(path);
  if (!opened) return fail(opened.error().message);
  auto& [file, bytes] = *opened;
  if (auto ok = check_bytes(bytes, path, limits); !ok) return fail(ok.error().message);
  auto header = header_of(file, path, bytes);
  if (!header) return fail(header.error().message);
  if (auto ok = check_pixels(*header, path, limits); !ok) return fail(ok.error().message);
  return std::pair<OpenFile, ImageHeader>(std::move(file), std::move(*header));
}

}  // namespace

Result<ImageHeader> read_image_header(const std::string& path) {
  auto opened = open_regular(path);
  if (!opened) return fail(opened.error().message);
  return header_of(opened->first, path, opened->second);
}

Result<void> check_image_limits(const ImageHeader& header, const std::string& path, const ImageLimits& limits) {
  if (auto ok = check_bytes(header.file_bytes, path, limits); !ok) return ok;
  return check_pixels(header, path, limits);
}

Result<ImageHeader> check_image_file(const std::string& path, const ImageLimits& limits) {
  auto checked = open_checked(path, limits);
  if (!checked) return fail(checked.error().message);
  return std::move(checked->second);
}

Result<std::vector<unsigned char>> read_image_file(const std::string& path, const ImageLimits& limits) {
  auto checked = open_checked(path, limits);
  if (!checked) return fail(checked.error().message);
  const OpenFile& file = checked->first;
  // As many bytes as fstat said, which were checked: a file that grows meanwhile is not read on.
  std::vector<unsigned char> bytes(static_cast<std::size_t>(checked->second.file_bytes));
  bytes.resize(file.read_at(0, bytes.data(), bytes.size()));
  return bytes;
}

Result<cv::Mat> load_image(const std::string& path, int flags, const ImageLimits& limits) {
  auto bytes = read_image_file(path, limits);
  if (!bytes) return fail(bytes.error().message);
  if (bytes->empty()) return fail(path + ": empty file");
  cv::Mat image;
  try {
    image = cv::imdecode(*bytes, flags);
  } catch (const cv::Exception& e) {
    return fail(path + ": " + e.what());
  }
  if (image.empty()) return fail(path + ": not a readable image (corrupt, or not a format OpenCV reads)");
  return image;
}

}  // namespace seneschal::vision
