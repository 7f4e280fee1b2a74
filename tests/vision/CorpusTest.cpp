// zxing-cpp's blackbox idea on real photos (tests/data/zxing-qrcode, Apache-2.0): per folder a
// minimum number of images read with the exact expected text, and a maximum number of misreads
// (a different text read) - a misread is worse than a miss at a card table.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <sstream>

#include "seneschal/vision/scanner.hpp"

namespace seneschal::vision {
namespace {

namespace fs = std::filesystem;

struct Tally {
  int images = 0;
  int read = 0;
  int misread = 0;
  std::string missed;
};

Tally run_folder(const std::string& name) {
  Tally tally;
  Scanner scanner;
  const fs::path dir = fs::path(SENESCHAL_TEST_DATA) / "zxing-qrcode" / name;
  std::vector<fs::path> images;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const auto ext = entry.path().extension();
    if (ext == ".png" || ext == ".jpg") images.push_back(entry.path());
  }
  std::sort(images.begin(), images.end());
  for (const fs::path& image_path : images) {
    fs::path expected_path = image_path;
    expected_path.replace_extension(".txt");
    std::ifstream in(expected_path, std::ios::binary);
    if (!in) continue;  // .bin expectations are binary payloads, not ours to compare as text
    std::stringstream expected;
    expected << in.rdbuf();
    ++tally.images;
    const cv::Mat frame = cv::imread(image_path.string(), cv::IMREAD_GRAYSCALE);
    bool exact = false;
    bool other = false;
    for (const auto& s : scanner.scan(frame)) {
      (s.payload == expected.str() ? exact : other) = true;
    }
    if (exact) {
      ++tally.read;
    } else {
      tally.missed += " " + image_path.filename().string();
      if (other) ++tally.misread;
    }
  }
  return tally;
}

struct Expectation {
  const char* folder;
  int min_read;
  int max_misread;
};

class CorpusTest : public ::testing::TestWithParam<Expectation> {};

TEST_P(CorpusTest, ReadsAtLeastTheMeasuredCount) {
  const Expectation& e = GetParam();
  const Tally tally = run_folder(e.folder);
  ASSERT_GT(tally.images, 0) << "no images in " << e.folder;
  RecordProperty("read", tally.read);
  RecordProperty("images", tally.images);
  std::cout << e.folder << ": read " << tally.read << "/" << tally.images << ", misread " << tally.misread
            << ", missed:" << tally.missed << "\n";
  EXPECT_GE(tally.read, e.min_read);
  EXPECT_LE(tally.misread, e.max_misread);
}

// Floors measured with ZBar 0.23.92 on Debian 12: a drop below them is a regression, a rise is a
// reason to raise them. qrcode-2's nine "misreads" are the right codes whose Shift-JIS or Big5
// text ZBar decodes to other characters (ﾃﾞｻﾞｲﾝ as 蹬靼翌); our payloads are ASCII.
INSTANTIATE_TEST_SUITE_P(ZxingQrcode, CorpusTest,
                         ::testing::Values(Expectation{"qrcode-2", 27, 9}, Expectation{"qrcode-3", 28, 0},
                                           Expectation{"qrcode-5", 12, 0}, Expectation{"qrcode-6", 15, 0}),
                         [](const auto& test_param) {
                           std::string name = test_param.param.folder;
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });

}  // namespace
}  // namespace seneschal::vision
