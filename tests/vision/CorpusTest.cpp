// zxing-cpp's blackbox idea on real photos (tests/data/zxing-qrcode, Apache-2.0): per folder and
// per decoder a minimum number of images read with the exact expected text, and a maximum number
// of misreads (a different text read) - a misread is worse than a miss at a card table.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
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
  std::vector<double> ms;
  std::string missed;
};

// The expected text of an image: NAME.txt, or for the parts of a structured-append message
// (qrcode-7/01-01.png ... 01-04.png) the whole message in 01.txt, of which each part must be a
// piece. Empty when there is no text expectation (.bin payloads are not ours to compare as text).
std::pair<std::string, bool> expectation(const fs::path& image_path) {
  fs::path text_path = image_path;
  text_path.replace_extension(".txt");
  bool part = false;
  if (!fs::exists(text_path)) {
    const std::string stem = image_path.stem().string();
    text_path = image_path.parent_path() / (stem.substr(0, stem.find('-')) + ".txt");
    part = true;
  }
  std::ifstream in(text_path, std::ios::binary);
  if (!in) return {"", false};
  std::stringstream text;
  text << in.rdbuf();
  return {text.str(), part};
}

Tally run_folder(const std::string& name, Decoder decoder) {
  Tally tally;
  Scanner scanner(ScannerOptions{decoder});
  const fs::path dir = fs::path(SENESCHAL_TEST_DATA) / "zxing-qrcode" / name;
  std::vector<fs::path> images;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const auto ext = entry.path().extension();
    if (ext == ".png" || ext == ".jpg") images.push_back(entry.path());
  }
  std::sort(images.begin(), images.end());
  for (const fs::path& image_path : images) {
    const auto [expected, part] = expectation(image_path);
    if (expected.empty()) continue;
    ++tally.images;
    const cv::Mat frame = cv::imread(image_path.string(), cv::IMREAD_GRAYSCALE);
    const auto start = std::chrono::steady_clock::now();
    const auto sightings = scanner.scan(frame);
    tally.ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    bool exact = false;
    bool other = false;
    for (const auto& s : sightings) {
      const bool right = part ? !s.payload.empty() && expected.find(s.payload) != std::string::npos
                              : s.payload == expected;
      (right ? exact : other) = true;
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

struct Floor {
  int min_read;
  int max_misread;
};

struct Expectation {
  const char* folder;
  Decoder decoder;
  Floor floor;
};

// Totals over all folders per decoder, printed once the suite has run.
std::map<Decoder, Tally>& totals() {
  static std::map<Decoder, Tally> sums;
  return sums;
}

class CorpusTest : public ::testing::TestWithParam<Expectation> {
 public:
  static void TearDownTestSuite() {
    for (auto& [decoder, sum] : totals()) {
      std::sort(sum.ms.begin(), sum.ms.end());
      const double median = sum.ms.empty() ? 0 : sum.ms[sum.ms.size() / 2];
      std::cout << "corpus " << to_string(decoder) << ": read " << sum.read << "/" << sum.images << ", misread "
                << sum.misread << ", median " << median << " ms per image\n";
    }
  }
};

TEST_P(CorpusTest, ReadsAtLeastTheMeasuredCount) {
  const Expectation& e = GetParam();
  const Tally tally = run_folder(e.folder, e.decoder);
  ASSERT_GT(tally.images, 0) << "no images in " << e.folder;
  RecordProperty("read", tally.read);
  RecordProperty("images", tally.images);
  std::cout << e.folder << " " << to_string(e.decoder) << ": read " << tally.read << "/" << tally.images
            << ", misread " << tally.misread << ", missed:" << tally.missed << "\n";
  Tally& sum = totals()[e.decoder];
  sum.images += tally.images;
  sum.read += tally.read;
  sum.misread += tally.misread;
  sum.ms.insert(sum.ms.end(), tally.ms.begin(), tally.ms.end());
  EXPECT_GE(tally.read, e.floor.min_read);
  EXPECT_LE(tally.misread, e.floor.max_misread);
}

// Floors measured with the default fallbacks (downscale, upscale, invert) on Debian 12, ZBar
// 0.23.92 and ZXing-cpp 1.4.0: a drop below them is a regression, a rise is a reason to raise
// them. Totals /174: ZBar 139, ZXing-cpp 159, Both 162 (first pass alone: 125, 149, 154).
// ZBar's nine misreads in qrcode-2 are the right codes whose Shift-JIS or Big5 text it
// decodes to other characters (ﾃﾞｻﾞｲﾝ as 蹬靼翌); ZXing-cpp reads them right, and Both keeps its
// text where the two read one code, so our pipeline misreads none.
struct FolderFloors {
  const char* folder;
  Floor zbar;
  Floor zxing;
  Floor both;
};
constexpr FolderFloors kFloors[] = {
    // clang-format off
    {"qrcode-1", {16, 0}, {16, 0}, {16, 0}},
    {"qrcode-2", {33, 9}, {50, 0}, {50, 0}},
    {"qrcode-3", {28, 0}, {26, 0}, {28, 0}},
    {"qrcode-4", {31, 0}, {32, 0}, {33, 0}},
    {"qrcode-5", {16, 0}, {16, 0}, {16, 0}},
    {"qrcode-6", {15, 0}, {15, 0}, {15, 0}},
    {"qrcode-7", {0, 0}, {4, 0}, {4, 0}},  // structured-append parts: ZBar reads none of them
    // clang-format on
};

std::vector<Expectation> expectations() {
  std::vector<Expectation> all;
  for (const FolderFloors& f : kFloors) {
    all.push_back({f.folder, Decoder::Zbar, f.zbar});
    all.push_back({f.folder, Decoder::Zxing, f.zxing});
    all.push_back({f.folder, Decoder::Both, f.both});
  }
  return all;
}

INSTANTIATE_TEST_SUITE_P(ZxingQrcode, CorpusTest, ::testing::ValuesIn(expectations()), [](const auto& test_param) {
  std::string name = std::string(test_param.param.folder) + "_" + std::string(to_string(test_param.param.decoder));
  name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
  return name;
});

}  // namespace
}  // namespace seneschal::vision
