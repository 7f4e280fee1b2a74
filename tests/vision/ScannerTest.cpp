#include "seneschal/vision/scanner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <tuple>

#include "seneschal/vision/qr_render.hpp"

namespace seneschal::vision {
namespace {

cv::Mat on_table(const cv::Mat& code, int width, int height, cv::Point at) {
  cv::Mat table(height, width, CV_8UC1, cv::Scalar(90));
  code.copyTo(table(cv::Rect(at.x, at.y, code.cols, code.rows)));
  return table;
}

// Every decoder must read our tags and report the same corner order and angles.
class ScannerTest : public ::testing::TestWithParam<Decoder> {
 protected:
  Scanner make_scanner() const { return Scanner(ScannerOptions{GetParam()}); }
};

TEST_P(ScannerTest, DecodesATagRenderedByLibqrencode) {
  auto code = render_qr("S1:R9E:HEKTOR:1");
  ASSERT_TRUE(code.has_value()) << code.error().message;
  Scanner scanner = make_scanner();
  auto sightings = scanner.scan(on_table(*code, 640, 480, {200, 120}), 1234);
  ASSERT_EQ(sightings.size(), 1u);
  EXPECT_EQ(sightings[0].payload, "S1:R9E:HEKTOR:1");
  EXPECT_EQ(sightings[0].t_ms, 1234);
}

TEST_P(ScannerTest, ReadsSeveralTagsInOneFrame) {
  Scanner scanner = make_scanner();
  cv::Mat table(600, 900, CV_8UC1, cv::Scalar(90));
  const char* payloads[] = {"S1:R9E:HEKTOR:1", "S1:R9E:ZAHIR:1", "S1:CTL:PASS"};
  for (int i = 0; i < 3; ++i) {
    auto code = render_qr(payloads[i], {6, 4});
    ASSERT_TRUE(code.has_value());
    code->copyTo(table(cv::Rect(40 + i * 290, 150, code->cols, code->rows)));
  }
  auto sightings = scanner.scan(table);
  std::vector<std::string> read;
  for (const auto& s : sightings) read.push_back(s.payload);
  std::sort(read.begin(), read.end());
  EXPECT_EQ(read, (std::vector<std::string>{"S1:CTL:PASS", "S1:R9E:HEKTOR:1", "S1:R9E:ZAHIR:1"}));
}

// The corners must follow the printed code, so the angle says how the card lies.
TEST_P(ScannerTest, TagCornersFollowTheCode) {
  auto code = render_qr("S1:R9E:ZAHIR:1", {8, 4});
  ASSERT_TRUE(code.has_value());
  Scanner scanner = make_scanner();
  const cv::Mat upright = on_table(*code, 800, 800, {200, 200});
  for (int quarter = 0; quarter < 4; ++quarter) {
    cv::Mat frame;
    if (quarter == 0) {
      frame = upright;
    } else {
      cv::rotate(upright, frame, quarter == 1 ? cv::ROTATE_90_CLOCKWISE
                                 : quarter == 2 ? cv::ROTATE_180
                                                : cv::ROTATE_90_COUNTERCLOCKWISE);
    }
    auto sightings = scanner.scan(frame);
    ASSERT_EQ(sightings.size(), 1u) << "quarter " << quarter;
    EXPECT_NEAR(sightings[0].angle_deg, 90.0 * quarter, 3.0) << "quarter " << quarter;
  }
  // Upright: the first corner is the top-left of the code, the third its bottom-right.
  auto s = scanner.scan(upright);
  ASSERT_EQ(s.size(), 1u);
  const float quiet = 4 * 8;
  EXPECT_NEAR(s[0].corners[0].x, 200 + quiet, 3);
  EXPECT_NEAR(s[0].corners[0].y, 200 + quiet, 3);
  EXPECT_GT(s[0].corners[2].x, s[0].corners[0].x + 100);
  EXPECT_GT(s[0].corners[2].y, s[0].corners[0].y + 100);
}

TEST_P(ScannerTest, ArbitraryRotationGivesItsAngle) {
  auto code = render_qr("S1:R9E:JACK-NEWCOMER:1", {8, 4});
  ASSERT_TRUE(code.has_value());
  const cv::Mat table = on_table(*code, 900, 900, {250, 250});
  Scanner scanner = make_scanner();
  cv::Mat rotated;
  // getRotationMatrix2D turns counter-clockwise for positive angles on screen.
  cv::warpAffine(table, rotated, cv::getRotationMatrix2D({450, 450}, -30.0, 1.0), table.size(), cv::INTER_LINEAR,
                 cv::BORDER_CONSTANT, cv::Scalar(90));
  auto s = scanner.scan(rotated);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_NEAR(s[0].angle_deg, 30.0, 4.0);
}

TEST_P(ScannerTest, EmptyOrBlankFramesYieldNothing) {
  Scanner scanner = make_scanner();
  EXPECT_TRUE(scanner.scan(cv::Mat()).empty());
  EXPECT_TRUE(scanner.scan(cv::Mat(480, 640, CV_8UC3, cv::Scalar(30, 120, 30))).empty());
}

// Two copies of one card are two tags; one code read by both decoders is one sighting.
TEST_P(ScannerTest, TwoCopiesOfOneCardAreTwoSightings) {
  auto code = render_qr("S1:R9E:HEKTOR:1", {6, 4});
  ASSERT_TRUE(code.has_value());
  cv::Mat table(500, 900, CV_8UC1, cv::Scalar(90));
  code->copyTo(table(cv::Rect(60, 120, code->cols, code->rows)));
  code->copyTo(table(cv::Rect(560, 120, code->cols, code->rows)));
  Scanner scanner = make_scanner();
  auto sightings = scanner.scan(table);
  ASSERT_EQ(sightings.size(), 2u);
  EXPECT_EQ(sightings[0].payload, "S1:R9E:HEKTOR:1");
  EXPECT_EQ(sightings[1].payload, "S1:R9E:HEKTOR:1");
  EXPECT_GT(std::abs(sightings[0].corners[0].x - sightings[1].corners[0].x), 300);
}

// Light modules on a dark ground are read by the Invert fallback, and only by it.
TEST_P(ScannerTest, InvertedCodeNeedsTheInvertFallback) {
  auto code = render_qr("S1:CTL:OK", {8, 4});
  ASSERT_TRUE(code.has_value());
  cv::Mat inverted;
  cv::bitwise_not(on_table(*code, 640, 480, {150, 100}), inverted);
  EXPECT_TRUE(Scanner(ScannerOptions{GetParam(), {}}).scan(inverted).empty());
  auto s = Scanner(ScannerOptions{GetParam(), {Fallback::Invert}}).scan(inverted, 7);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].payload, "S1:CTL:OK");
  EXPECT_EQ(s[0].t_ms, 7);
  EXPECT_NEAR(s[0].angle_deg, 0.0, 3.0);
}

// A code of 1.2 pixels per module is read at twice the size, and its corners come back in
// frame pixels.
TEST_P(ScannerTest, UpscaleFallbackMapsCornersBack) {
  auto code = render_qr("S1:R9E:ZAHIR:1", {2, 4});
  ASSERT_TRUE(code.has_value());
  cv::Mat small;
  cv::resize(on_table(*code, 320, 240, {80, 40}), small, cv::Size(), 0.6, 0.6, cv::INTER_AREA);
  // ZBar needs the fallback here; ZXing-cpp reads 1.2 pixels per module unaided.
  if (GetParam() == Decoder::Zbar) {
    EXPECT_TRUE(Scanner(ScannerOptions{GetParam(), {}}).scan(small).empty());
  }
  auto s = Scanner(ScannerOptions{GetParam(), {Fallback::Upscale}}).scan(small);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].payload, "S1:R9E:ZAHIR:1");
  EXPECT_NEAR(s[0].corners[0].x, (80 + 8) * 0.6, 2.5);
  EXPECT_NEAR(s[0].corners[0].y, (40 + 8) * 0.6, 2.5);
}

INSTANTIATE_TEST_SUITE_P(Decoders, ScannerTest,
                         ::testing::Values(Decoder::Zbar, Decoder::Zxing, Decoder::Both),
                         [](const auto& param_info) { return std::string(to_string(param_info.param)); });

// A code of 2 px per module, blurred as a cheap camera blurs it, beside a big one: neither library
// reads it over the whole frame, the region pass of Decoder::Both does, where it lies.
TEST(RegionPassTest, ReadsASmallBlurredCodeNeitherLibraryReadsOverTheFrame) {
  auto big = render_qr("S1:R9E:HEKTOR:1", {6, 4});
  auto code = render_qr("S1:R9E:ZAHIR:1", {4, 4});
  ASSERT_TRUE(big.has_value() && code.has_value());
  cv::Mat table(720, 1280, CV_8UC1, cv::Scalar(90));
  big->copyTo(table(cv::Rect(60, 60, big->cols, big->rows)));
  cv::Mat small;
  cv::resize(*code, small, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
  small.copyTo(table(cv::Rect(700, 400, small.cols, small.rows)));
  cv::GaussianBlur(table, table, cv::Size(), 0.9);
  auto payloads = [](const std::vector<Sighting>& sightings) {
    std::vector<std::string> out;
    for (const auto& s : sightings) out.push_back(s.payload);
    std::sort(out.begin(), out.end());
    return out;
  };
  const std::vector<std::string> big_only{"S1:R9E:HEKTOR:1"};
  EXPECT_EQ(payloads(Scanner(ScannerOptions{Decoder::Zxing, {}}).scan(table)), big_only);
  EXPECT_EQ(payloads(Scanner(ScannerOptions{Decoder::Zbar, {}}).scan(table)), big_only);

  Scanner both(ScannerOptions{Decoder::Both, {}});
  const auto sightings = both.scan(table, 42);
  EXPECT_EQ(payloads(sightings), (std::vector<std::string>{"S1:R9E:HEKTOR:1", "S1:R9E:ZAHIR:1"}));
  EXPECT_GE(both.last_scan().regions_decoded, 1);
  EXPECT_FALSE(both.last_scan().whole_frame_retry);
  for (const auto& s : sightings) {
    EXPECT_EQ(s.t_ms, 42);
    if (s.payload != "S1:R9E:ZAHIR:1") continue;
    // Quiet zone of 4 modules at 2 px: the code's top-left at (708, 408), in frame pixels.
    EXPECT_NEAR(s.corners[0].x, 708, 3);
    EXPECT_NEAR(s.corners[0].y, 408, 3);
    EXPECT_NEAR(s.angle_deg, 0.0, 4.0);
  }
}

// A frame of bare table (felt, lamp light, sensor noise) yields nothing, and with Decoder::Both
// costs no pass over the whole frame beyond the first: the fallbacks are for frames with
// something code-like in them. ZXing-cpp alone retries the whole frame.
TEST(RegionPassTest, BareTableGetsNoWholeFrameRetry) {
  cv::Mat table(720, 1280, CV_8UC3, cv::Scalar(40, 110, 35));
  cv::Mat noise(table.size(), table.type());
  cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(4));
  table += noise;
  cv::circle(table, {400, 150}, 200, cv::Scalar(60, 140, 60), cv::FILLED);
  cv::GaussianBlur(table, table, cv::Size(), 1.5);
  Scanner both;
  EXPECT_TRUE(both.scan(table).empty());
  EXPECT_FALSE(both.last_scan().whole_frame_retry);
  EXPECT_EQ(both.last_scan().regions_read, 0);
  Scanner zxing(ScannerOptions{Decoder::Zxing});
  EXPECT_TRUE(zxing.scan(table).empty());
  EXPECT_TRUE(zxing.last_scan().whole_frame_retry);
}

// A photo of one inverted code has nothing the first pass reads, but code-like texture: Both
// retries the whole frame and its Invert fallback reads it.
TEST(RegionPassTest, NothingReadButCodeLikeTextureRetriesTheWholeFrame) {
  auto code = render_qr("S1:CTL:OK", {8, 4});
  ASSERT_TRUE(code.has_value());
  cv::Mat inverted;
  cv::bitwise_not(on_table(*code, 640, 480, {150, 100}), inverted);
  Scanner both;
  const auto s = both.scan(inverted);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].payload, "S1:CTL:OK");
  EXPECT_TRUE(both.last_scan().whole_frame_retry);
}

TEST(ScannerOptionsTest, ConfigWordsNameTheDecoders) {
  for (Decoder d : {Decoder::Zbar, Decoder::Zxing, Decoder::Both}) EXPECT_EQ(parse_decoder(to_string(d)), d);
  EXPECT_FALSE(parse_decoder("quirc").has_value());
  EXPECT_EQ(Scanner().options().decoder, Decoder::Both);
  EXPECT_EQ(Scanner().options().fallbacks, default_fallbacks());
}

TEST(QrRenderTest, RefusesEmptyPayload) {
  auto code = render_qr("");
  ASSERT_FALSE(code.has_value());
  EXPECT_EQ(code.error().message, "cannot render an empty QR payload");
}

// Three codes in a picture whose greys span 10 levels (a dim room, a photo under- or overexposed).
// Without a stretch the region finder sees no code-like texture in it at all, so Decoder::Both
// gave up at once (in a fifth of a millisecond) on what ZXing-cpp alone reads over the frame;
// it stretches the picture's greys first.
TEST(ContrastTest, DarkAndWashedOutPicturesAreReadAfterTheirGreysAreStretched) {
  cv::Mat table(600, 900, CV_8UC1, cv::Scalar(90));
  const char* payloads[] = {"S1:R9E:HEKTOR:1", "S1:R9E:ZAHIR:1", "S1:CTL:PASS"};
  for (int i = 0; i < 3; ++i) {
    auto code = render_qr(payloads[i], {5, 4});
    ASSERT_TRUE(code.has_value());
    code->copyTo(table(cv::Rect(40 + i * 290, 150, code->cols, code->rows)));
  }
  for (const auto& [name, gain, offset] : {std::tuple{"dark", 0.04, 0.0}, std::tuple{"washed out", 0.04, 240.0}}) {
    cv::Mat dim;
    table.convertTo(dim, CV_8U, gain, offset);
    std::vector<std::string> read;
    for (const auto& s : Scanner().scan(dim)) read.push_back(s.payload);
    std::sort(read.begin(), read.end());
    EXPECT_EQ(read, (std::vector<std::string>{"S1:CTL:PASS", "S1:R9E:HEKTOR:1", "S1:R9E:ZAHIR:1"})) << name;
  }
}

// A 12 MP still holding a big code and a small one: the big one is read on the base level (about
// 1920 pixels across), the small one, too small there, in the frame itself, and both corners come
// back in frame pixels.
TEST(ScaleTest, BigFrameReadsBigCodesOnItsBaseAndSmallOnesInTheFrame) {
  auto big = render_qr("S1:R9E:HEKTOR:1", {20, 4});    // 580 px: a photo of one card close up
  auto small = render_qr("S1:R9E:ZAHIR:1", {3, 4});    // 87 px: 1.4 px a module at 1920 across
  ASSERT_TRUE(big.has_value() && small.has_value());
  cv::Mat frame(3040, 4056, CV_8UC1, cv::Scalar(90));
  big->copyTo(frame(cv::Rect(400, 500, big->cols, big->rows)));
  small->copyTo(frame(cv::Rect(3000, 2400, small->cols, small->rows)));
  Scanner scanner;
  const auto read = scanner.scan(frame);
  EXPECT_TRUE(scanner.last_scan().fine_level);
  ASSERT_EQ(read.size(), 2u);
  for (const Sighting& s : read) {
    const bool is_big = s.payload == "S1:R9E:HEKTOR:1";
    const cv::Point2f top_left = is_big ? cv::Point2f(400 + 80, 500 + 80) : cv::Point2f(3000 + 12, 2400 + 12);
    EXPECT_NEAR(s.corners[0].x, top_left.x, is_big ? 6 : 2) << s.payload;
    EXPECT_NEAR(s.corners[0].y, top_left.y, is_big ? 6 : 2) << s.payload;
  }
}

// A phone photo cropped to its code (the corpus's qrcode-5/01.png, a 240-pixel MECARD), turned by
// 45 degrees: ZXing-cpp 1.4 and ZBar find no code in it; turned back it lies square and is read,
// its corners in the turned photo's pixels.
TEST(TurnTest, APhotoOfACodeTurnedFortyFiveDegreesIsReadTurnedBack) {
  const cv::Mat original =
      cv::imread(std::string(SENESCHAL_TEST_DATA) + "/zxing-qrcode/qrcode-5/01.png", cv::IMREAD_GRAYSCALE);
  ASSERT_FALSE(original.empty());
  const int d = static_cast<int>(std::hypot(original.cols, original.rows)) + 2;
  cv::Mat canvas(d, d, CV_8UC1, cv::Scalar(255)), photo;
  original.copyTo(canvas(cv::Rect((d - original.cols) / 2, (d - original.rows) / 2, original.cols, original.rows)));
  const cv::Point2f centre(d / 2.0f, d / 2.0f);
  cv::warpAffine(canvas, photo, cv::getRotationMatrix2D(centre, 45, 1.0), canvas.size(), cv::INTER_LINEAR,
                 cv::BORDER_REPLICATE);
  const std::vector<Fallback> no_turn = {Fallback::Downscale, Fallback::Upscale, Fallback::Invert};
  EXPECT_TRUE(Scanner(ScannerOptions{Decoder::Zxing, no_turn}).scan(photo).empty());
  EXPECT_TRUE(Scanner(ScannerOptions{Decoder::Zbar, no_turn}).scan(photo).empty());
  EXPECT_TRUE(Scanner(ScannerOptions{Decoder::Both, no_turn}).scan(photo).empty());
  const auto read = Scanner().scan(photo);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].payload, "MECARD:N:Sean Owen;TEL:+12125658770;EMAIL:srowen@google.com;;");
  // Upright in the original, so its top edge now runs up and to the right: 315 clockwise.
  EXPECT_NEAR(read[0].angle_deg, 315.0, 8.0);
  EXPECT_NEAR(centre_of(read[0]).x, centre.x, 12.0);
  EXPECT_NEAR(centre_of(read[0]).y, centre.y, 12.0);
}

// One scanner over frames of many sizes, with codes for every level (a 12 MP frame, a big code
// needing coarse levels, a small frame): it reads each as a fresh scanner does. (Its buffers are
// kept from frame to frame; a level kept by pointer into a growing list once read freed memory.)
TEST(ScaleTest, OneScannerReadsFramesOfEverySizeAsFreshOnesDo) {
  std::vector<cv::Mat> frames;
  for (const auto& [w, h, module, at] : {std::tuple{4056, 3040, 24, 300}, std::tuple{1920, 1080, 30, 100},
                                         std::tuple{640, 480, 12, 40}, std::tuple{4056, 3040, 3, 2000},
                                         std::tuple{1280, 720, 22, 60}}) {
    auto code = render_qr("S1:R9E:HEKTOR:" + std::to_string(frames.size() + 1), {module, 4});
    ASSERT_TRUE(code.has_value());
    cv::Mat frame(h, w, CV_8UC1, cv::Scalar(90));
    code->copyTo(frame(cv::Rect(at, at / 2, code->cols, code->rows)));
    cv::GaussianBlur(frame, frame, {0, 0}, module / 6.0);  // soft enough that coarse levels are tried
    frames.push_back(frame);
  }
  Scanner kept;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const auto fresh = Scanner().scan(frames[i]);
    const auto again = kept.scan(frames[i]);
    ASSERT_EQ(again.size(), fresh.size()) << "frame " << i;
    ASSERT_EQ(fresh.size(), 1u) << "frame " << i;
    EXPECT_EQ(again[0].payload, fresh[0].payload);
  }
}

}  // namespace
}  // namespace seneschal::vision
