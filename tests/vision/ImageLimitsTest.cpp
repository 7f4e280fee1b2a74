// Image files are held to bounds before they are decoded or even read: a small file claiming a
// huge picture, a file larger than any camera's, a FIFO or a device. Each is refused by name,
// fast, and the process's peak memory stays small (a 2 GB Pi must survive all of them).

#include "seneschal/vision/image_limits.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <opencv2/imgcodecs.hpp>
#include <string>

#include "common/ImageHeaders.hpp"
#include "common/TempDir.hpp"
#include "seneschal/vision/frame_source.hpp"

namespace {

using namespace seneschal::vision;
using seneschal::test::jpeg_claiming;
using seneschal::test::png_claiming;
using seneschal::test::TempDir;
using seneschal::test::write_file;
namespace fs = std::filesystem;

// The process's peak resident memory since the last reset_peak(), in MB (VmHWM).
double peak_mb() {
  std::ifstream status("/proc/self/status");
  std::string word;
  while (status >> word) {
    if (word == "VmHWM:") {
      double kb = 0;
      status >> kb;
      return kb / 1024.0;
    }
  }
  return -1;
}

// ctest runs each case in its own process; this also makes a run of the whole binary fair.
void reset_peak() { std::ofstream("/proc/self/clear_refs") << "5"; }

void put_chunk(std::ofstream& out, const char* type, const unsigned char* data, std::size_t n) {
  unsigned char head[8];
  seneschal::test::put_be32(head, static_cast<std::uint32_t>(n));
  std::memcpy(head + 4, type, 4);
  out.write(reinterpret_cast<const char*>(head), 8);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(n));
  uLong crc = crc32(0, head + 4, 4);
  crc = crc32(crc, data, static_cast<uInt>(n));
  unsigned char tail[4];
  seneschal::test::put_be32(tail, static_cast<std::uint32_t>(crc));
  out.write(reinterpret_cast<const char*>(tail), 4);
}

// A whole, valid, all-black greyscale PNG of width x height, written a megabyte at a time: at
// 20000x20000 it is about 400 KB on disk and 1.2 GB once decoded to BGR.
void write_black_png(const std::string& path, std::uint32_t width, std::uint32_t height) {
  std::ofstream out(path, std::ios::binary);
  out.write("\x89PNG\r\n\x1a\n", 8);
  unsigned char ihdr[13] = {0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0};  // 8-bit greyscale
  seneschal::test::put_be32(ihdr, width);
  seneschal::test::put_be32(ihdr + 4, height);
  put_chunk(out, "IHDR", ihdr, sizeof ihdr);
  z_stream z{};
  ASSERT_EQ(deflateInit2(&z, 6, Z_DEFLATED, 15, 9, Z_RLE), Z_OK);
  // Each row is a filter byte (0) and its pixels (0): the raw stream is all zeros.
  std::uint64_t left = std::uint64_t{height} * (width + 1);
  std::vector<unsigned char> zeros(1 << 20, 0), packed(1 << 20);
  int flush = Z_NO_FLUSH;
  while (flush != Z_FINISH) {
    const auto n = static_cast<uInt>(std::min<std::uint64_t>(left, zeros.size()));
    left -= n;
    flush = left == 0 ? Z_FINISH : Z_NO_FLUSH;
    z.next_in = zeros.data();
    z.avail_in = n;
    do {
      z.next_out = packed.data();
      z.avail_out = static_cast<uInt>(packed.size());
      deflate(&z, flush);
      const std::size_t made = packed.size() - z.avail_out;
      if (made > 0) put_chunk(out, "IDAT", packed.data(), made);
    } while (z.avail_out == 0);
  }
  deflateEnd(&z);
  static const unsigned char kNothing = 0;  // crc32() takes a null buffer as "give the initial value"
  put_chunk(out, "IEND", &kNothing, 0);
}

std::vector<std::string> errors_of(FrameSource& source, std::vector<std::string>* names = nullptr) {
  std::vector<std::string> errors;
  while (true) {
    auto next = source.next();
    if (!next) {
      errors.push_back(next.error().message);
      continue;
    }
    if (!next->has_value()) break;
    if (names) names->push_back((*next)->name);
  }
  return errors;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ImageLimitsTest, A20000x20000PngIsRefusedByNameWithoutDecodingAndTheRestPlays) {
  TempDir dir;
  fs::create_directories(dir.file("frames"));
  const std::string bomb = dir.file("frames/frame-0001.png");
  write_black_png(bomb, 20000, 20000);
  ASSERT_LT(fs::file_size(bomb), 1024u * 1024u) << "a small file";
  cv::imwrite(dir.file("frames/frame-0002.png"), cv::Mat(120, 160, CV_8UC3, cv::Scalar(200, 200, 200)));
  reset_peak();
  auto source = open_recording(dir.file("frames"));
  ASSERT_TRUE(source.has_value()) << source.error().message;
  std::vector<std::string> played;
  const auto errors = errors_of(**source, &played);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], bomb + ": a PNG of 20000x20000 pixels (400.0 MP) is over the limit of 50.0 MP per image; "
                              "it was not decoded");
  EXPECT_EQ(played, std::vector<std::string>{"frame-0002.png"});
  EXPECT_LT(peak_mb(), 400.0) << "decoding it takes 1.2 GB";
}

TEST(ImageLimitsTest, OneBitPngBombIsRefused) {
  TempDir dir;
  fs::create_directories(dir.file("frames"));
  const std::string bomb = dir.file("frames/frame-0001.png");
  write_file(bomb, png_claiming(100000, 100000, 1));
  auto header = check_image_file(bomb);
  ASSERT_FALSE(header.has_value());
  EXPECT_TRUE(contains(header.error().message, bomb + ": a PNG of 100000x100000 pixels (10000.0 MP)"))
      << header.error().message;
  auto source = open_recording(dir.file("frames"));
  ASSERT_TRUE(source.has_value()) << source.error().message;
  const auto errors = errors_of(**source);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_TRUE(contains(errors[0], "100000x100000 pixels")) << errors[0];
}

TEST(ImageLimitsTest, JpegWhoseFrameHeaderClaims30000x30000IsRefused) {
  TempDir dir;
  const std::string path = dir.file("claims.jpg");
  write_file(path, jpeg_claiming(30000, 30000));
  reset_peak();
  auto image = load_image(path, cv::IMREAD_COLOR);
  ASSERT_FALSE(image.has_value());
  EXPECT_EQ(image.error().message,
            path + ": a JPEG of 30000x30000 pixels (900.0 MP) is over the limit of 50.0 MP per image; it was not decoded");
  EXPECT_LT(peak_mb(), 400.0);
}

// DHT (C4) lies in the SOF marker range but is no frame header: a copy of the file's first
// Huffman table put before its frame header would read as 1281x1 if it were taken for one.
TEST(ImageLimitsTest, JpegSizeComesFromTheFrameHeaderNotFromATableBeforeIt) {
  TempDir dir;
  std::vector<unsigned char> jpeg = jpeg_claiming(16, 16);
  std::size_t dht = 2;
  while (dht + 3 < jpeg.size() && !(jpeg[dht] == 0xFF && jpeg[dht + 1] == 0xC4)) ++dht;
  ASSERT_LT(dht + 3, jpeg.size());
  const std::size_t length = 2 + (std::size_t{jpeg[dht + 2]} << 8 | jpeg[dht + 3]);
  const std::vector<unsigned char> table(jpeg.begin() + static_cast<std::ptrdiff_t>(dht),
                                         jpeg.begin() + static_cast<std::ptrdiff_t>(dht + length));
  jpeg.insert(jpeg.begin() + 2, table.begin(), table.end());
  write_file(dir.file("table-first.jpg"), jpeg);
  auto header = check_image_file(dir.file("table-first.jpg"));
  ASSERT_TRUE(header.has_value()) << header.error().message;
  EXPECT_EQ(header->format, "JPEG");
  EXPECT_EQ(header->width, 16u);
  EXPECT_EQ(header->height, 16u);
  auto image = load_image(dir.file("table-first.jpg"), cv::IMREAD_COLOR);
  ASSERT_TRUE(image.has_value()) << image.error().message;
  EXPECT_EQ(image->cols, 16);
}

TEST(ImageLimitsTest, CameraStillsOf48And12MegapixelsPassTheCheck) {
  TempDir dir;
  const struct {
    std::string name;
    std::vector<unsigned char> bytes;
    std::uint64_t width, height;
  } stills[] = {
      {"48mp.png", png_claiming(8000, 6000), 8000, 6000},
      {"48mp.jpg", jpeg_claiming(8000, 6000), 8000, 6000},
      {"12mp.jpg", jpeg_claiming(4000, 3000), 4000, 3000},
  };
  for (const auto& still : stills) {
    write_file(dir.file(still.name), still.bytes);
    auto header = check_image_file(dir.file(still.name));
    ASSERT_TRUE(header.has_value()) << header.error().message;
    EXPECT_EQ(header->width, still.width) << still.name;
    EXPECT_EQ(header->height, still.height) << still.name;
  }
  // The limit is the configured one: a 320x240 ceiling turns the 12 MP still away.
  auto small = check_image_file(dir.file("12mp.jpg"), ImageLimits{76'800, 64u << 20});
  ASSERT_FALSE(small.has_value());
  EXPECT_TRUE(contains(small.error().message, "4000x3000 pixels (12.0 MP) is over the limit of 0.1 MP"));
}

TEST(ImageLimitsTest, BmpAndPnmHeadersAreReadToo) {
  TempDir dir;
  std::vector<unsigned char> bmp;
  cv::imencode(".bmp", cv::Mat(8, 8, CV_8UC3, cv::Scalar(0)), bmp);
  const auto put_le32 = [&](std::size_t at, std::int32_t v) {
    for (int i = 0; i < 4; ++i) bmp[at + i] = static_cast<unsigned char>(static_cast<std::uint32_t>(v) >> (8 * i));
  };
  put_le32(18, 20000);
  put_le32(22, -20000);  // rows top-down
  write_file(dir.file("big.bmp"), bmp);
  auto big_bmp = check_image_file(dir.file("big.bmp"));
  ASSERT_FALSE(big_bmp.has_value());
  EXPECT_TRUE(contains(big_bmp.error().message, "a BMP of 20000x20000 pixels")) << big_bmp.error().message;

  std::ofstream(dir.file("big.ppm")) << "P6\n# made by a test\n20000 20000\n255\n" << std::string(64, '\0');
  auto big_ppm = check_image_file(dir.file("big.ppm"));
  ASSERT_FALSE(big_ppm.has_value());
  EXPECT_TRUE(contains(big_ppm.error().message, "a PNM of 20000x20000 pixels")) << big_ppm.error().message;
  std::ofstream(dir.file("still.pgm")) << "P5 8000 6000 255\n" << std::string(64, '\0');
  auto still = check_image_file(dir.file("still.pgm"));
  ASSERT_TRUE(still.has_value()) << still.error().message;
  EXPECT_EQ(still->width * still->height, 48'000'000u);
}

// A FIFO would block the reader for ever; the call returns at once with the path. If it did
// block, a writer is opened and closed to free it, so the test fails instead of hanging.
TEST(ImageLimitsTest, FifoIsRefusedAtOnce) {
  using namespace std::chrono_literals;
  TempDir dir;
  const std::string fifo = dir.file("frame.png");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string said = fifo + ": not a regular file (a FIFO/device/directory); give an image file or a camera";
  const auto guarded = [&](auto call) {
    auto future = std::async(std::launch::async, call);
    const bool returned = future.wait_for(3s) == std::future_status::ready;
    if (!returned) {
      const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
      if (fd >= 0) ::close(fd);
    }
    EXPECT_TRUE(returned) << "blocked on the FIFO";
    return future.get();
  };
  const std::string loaded = guarded([&] {
    auto image = load_image(fifo, cv::IMREAD_COLOR);
    return image ? std::string("decoded") : image.error().message;
  });
  EXPECT_EQ(loaded, said);
  const std::string opened = guarded([&] {
    auto source = open_recording(fifo);
    return source ? std::string("opened") : source.error().message;
  });
  EXPECT_EQ(opened, said);
  auto device = check_image_file("/dev/null");
  ASSERT_FALSE(device.has_value());
  EXPECT_EQ(device.error().message, "/dev/null: not a regular file (a FIFO/device/directory); give an image file or a camera");
}

// A sparse 1 GB file with a PNG's first bytes: refused from its size alone, never read.
TEST(ImageLimitsTest, FileOverMaxBytesIsRefusedUnread) {
  TempDir dir;
  fs::create_directories(dir.file("frames"));
  const std::string huge = dir.file("frames/frame-0001.png");
  write_file(huge, png_claiming(16, 16));
  fs::resize_file(huge, 1ull << 30);
  reset_peak();
  auto source = open_recording(dir.file("frames"));
  ASSERT_TRUE(source.has_value()) << source.error().message;
  const auto errors = errors_of(**source);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], huge + ": 1024.0 MB is over the limit of 64.0 MB for an image file; it was not read");
  EXPECT_LT(peak_mb(), 400.0) << "reading it takes 1 GB";
  auto tight = read_image_file(dir.file("frames/frame-0001.png"), ImageLimits{50'000'000, 65'536});
  ASSERT_FALSE(tight.has_value());
  EXPECT_TRUE(contains(tight.error().message, "over the limit of 0.1 MB")) << tight.error().message;
}

}  // namespace
