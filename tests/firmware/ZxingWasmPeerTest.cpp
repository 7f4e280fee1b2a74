// The zxing-wasm peer of `seneschal bench vision`: the real read.mjs on rendered codes (payload,
// corners in the code's own order, no reads on an empty frame, node's time), the bench with the
// peer beside our readers, and stand-in scripts for a node that dies or answers nonsense.
// Skipped only when node is missing or npm cannot install zxing-wasm (offline).

#include "seneschal/firmware/tools/zxing_wasm_peer.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <sstream>

#include "common/TempDir.hpp"
#include "seneschal/firmware/tools/bench_vision.hpp"
#include "seneschal/vision/qr_render.hpp"

namespace seneschal::firmware {
namespace {

bool node_on_path() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (::access((dir + "/node").c_str(), X_OK) == 0) return true;
  }
  return false;
}

constexpr const char* kNoNode = "node is not installed (the peer needs node 20 and npm)";

// The peer as the bench starts it, on the project's read.mjs and the zxing-wasm it pins. npm ci
// runs once for the suite: offline, each test would otherwise wait for npm to give up.
class ZxingWasmPeerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!node_on_path()) return;
    auto pin = zxing_wasm_pin(default_zxing_wasm_dir());
    if (!pin) {
      pin_error_ = pin.error().message;
      return;
    }
    pin_ = *pin;
    if (auto installed = install_zxing_wasm(default_zxing_wasm_dir(), *pin); !installed) {
      install_error_ = installed.error().message;
    }
  }

  void SetUp() override {
    if (!node_on_path()) GTEST_SKIP() << kNoNode;
    ASSERT_TRUE(pin_error_.empty()) << pin_error_;
    if (!install_error_.empty()) GTEST_SKIP() << install_error_;
    auto peer = ZxingWasmPeer::launch(default_zxing_wasm_dir() + "/read.mjs", pin_.install_dir);
    ASSERT_TRUE(peer.has_value()) << peer.error().message;
    peer_.emplace(std::move(*peer));
  }

  static inline ZxingWasmPin pin_;
  static inline std::string pin_error_;
  static inline std::string install_error_;
  std::optional<ZxingWasmPeer> peer_;
};

constexpr int kModule = 4;
constexpr int kQuiet = 4;

// A 640x480 grey table with one code whose image (quiet zone included) starts at ORIGIN, turned a
// quarter clockwise when asked.
cv::Mat table_with_code(const std::string& payload, cv::Point origin, bool quarter_turn, int& code_px) {
  auto code = vision::render_qr(payload, {kModule, kQuiet});
  EXPECT_TRUE(code.has_value()) << code.error().message;
  cv::Mat image = *code;
  if (quarter_turn) cv::rotate(image, image, cv::ROTATE_90_CLOCKWISE);
  cv::Mat table(480, 640, CV_8UC1, cv::Scalar(150));
  image.copyTo(table(cv::Rect(origin.x, origin.y, image.cols, image.rows)));
  code_px = image.cols;
  return table;
}

void expect_near(const vision::Point& got, float x, float y, const char* which) {
  // ZXing's corners lie on the symbol's outer edge, to within a module.
  EXPECT_NEAR(got.x, x, 1.5 * kModule) << which;
  EXPECT_NEAR(got.y, y, 1.5 * kModule) << which;
}

TEST_F(ZxingWasmPeerTest, ReadsARenderedCodeWithItsCornersInTheCodesOwnOrder) {
  const std::string payload = "S1:R9E:HEKTOR:2";
  int size = 0;
  const cv::Mat table = table_with_code(payload, {100, 60}, false, size);
  const auto t0 = std::chrono::steady_clock::now();
  auto read = peer_->read(table);
  const double wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(read.has_value()) << read.error().message;
  ASSERT_EQ(read->sightings.size(), 1u);
  const vision::Sighting& s = read->sightings.front();
  EXPECT_EQ(s.payload, payload);
  const float lo = static_cast<float>(kModule * kQuiet);
  const float hi = static_cast<float>(size - kModule * kQuiet);
  expect_near(s.corners[0], 100 + lo, 60 + lo, "top-left");
  expect_near(s.corners[1], 100 + hi, 60 + lo, "top-right");
  expect_near(s.corners[2], 100 + hi, 60 + hi, "bottom-right");
  expect_near(s.corners[3], 100 + lo, 60 + hi, "bottom-left");
  EXPECT_TRUE(s.angle_deg < 5 || s.angle_deg > 355) << s.angle_deg;
  // node's time is inside the round trip, not the round trip.
  EXPECT_GT(read->ms, 0);
  EXPECT_LE(read->ms, wall_ms);
}

TEST_F(ZxingWasmPeerTest, TurnedCodeKeepsItsOwnTopLeftFirst) {
  int size = 0;
  const cv::Mat table = table_with_code("S1:R9E:ZAHIR:1", {200, 40}, true, size);
  // Given as BGR, as the bench's frames are.
  cv::Mat bgr;
  cv::cvtColor(table, bgr, cv::COLOR_GRAY2BGR);
  auto read = peer_->read(bgr);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  ASSERT_EQ(read->sightings.size(), 1u);
  const vision::Sighting& s = read->sightings.front();
  EXPECT_EQ(s.payload, "S1:R9E:ZAHIR:1");
  const float lo = static_cast<float>(kModule * kQuiet);
  const float hi = static_cast<float>(size - kModule * kQuiet);
  // A quarter turn clockwise puts the code's top-left at the image's top-right.
  expect_near(s.corners[0], 200 + hi, 40 + lo, "top-left");
  expect_near(s.corners[1], 200 + hi, 40 + hi, "top-right");
  expect_near(s.corners[2], 200 + lo, 40 + hi, "bottom-right");
  expect_near(s.corners[3], 200 + lo, 40 + lo, "bottom-left");
  EXPECT_NEAR(s.angle_deg, 90.0, 3.0);
}

TEST_F(ZxingWasmPeerTest, FrameWithoutACodeGivesNoReads) {
  cv::Mat table(480, 640, CV_8UC1);
  cv::randn(table, 128, 30);  // texture, not a flat frame that nothing could misread
  auto read = peer_->read(table);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_TRUE(read->sightings.empty());
  EXPECT_GE(read->ms, 0);
  // The peer goes on after a frame without reads.
  int size = 0;
  auto next = peer_->read(table_with_code("S1:R9E:ODO:3", {10, 10}, false, size));
  ASSERT_TRUE(next.has_value()) << next.error().message;
  ASSERT_EQ(next->sightings.size(), 1u);
  EXPECT_EQ(next->sightings.front().payload, "S1:R9E:ODO:3");
}

TEST_F(ZxingWasmPeerTest, BenchShowsThePeerBesideOursAndKeepsTheSignature) {
  auto set = generate_hard_frames(2, 5);
  ASSERT_TRUE(set.has_value()) << set.error().message;
  auto corpus = load_corpus(SENESCHAL_SOURCE_DIR "/tests/data/zxing-qrcode/qrcode-1");
  ASSERT_TRUE(corpus.has_value()) << corpus.error().message;
  const BenchVisionReport without = bench_frames(*set, 1, *corpus);
  const BenchVisionReport with = bench_frames(*set, 1, *corpus, &*peer_);
  EXPECT_TRUE(with.peer_skipped.empty()) << with.peer_skipped;
  EXPECT_NE(with.peer.find("zxing-wasm "), std::string::npos) << with.peer;

  ASSERT_EQ(with.readers.size(), all_readers().size() + 1);
  const ReaderFigures& peer = with.readers.back();
  EXPECT_EQ(peer.reader, Reader::ZxingWasm);
  ASSERT_EQ(peer.reads.size(), 2u);
  EXPECT_EQ(peer.timing.samples, 2);
  ASSERT_TRUE(peer.truth.has_value());
  TruthEvaluator evaluator(*set->truth);
  for (std::size_t i = 0; i < 2; ++i) evaluator.add(set->names[i], peer.reads[i]);
  const TruthReport expected = evaluator.finish();
  EXPECT_EQ(peer.truth->found, expected.found);
  EXPECT_EQ(peer.truth->misreads, expected.misreads);
  EXPECT_GT(peer.truth->found, 0);

  ASSERT_EQ(with.corpus.size(), all_readers().size() + 1);
  EXPECT_EQ(with.corpus.back().reader, Reader::ZxingWasm);
  EXPECT_EQ(with.corpus.back().images, static_cast<int>(corpus->size()));
  EXPECT_GT(with.corpus.back().exact, 0);

  // The signature is what OUR pipeline read: the peer leaves it alone.
  EXPECT_EQ(with.signature_tags, without.signature_tags);
  EXPECT_EQ(with.signature_hash, without.signature_hash);

  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  ASSERT_NE(out, nullptr);
  print_bench_vision(with, out);
  std::fclose(out);
  const std::string text(buffer, size);
  std::free(buffer);
  const std::string label(to_string(Reader::ZxingWasm));
  EXPECT_NE(text.find("\n" + label + " "), std::string::npos) << text;
  EXPECT_NE(text.find("median ms, ours / " + label + ": "), std::string::npos) << text;
  EXPECT_EQ(text.find("skipped"), std::string::npos) << text;
}

// A stand-in for read.mjs: the ready line, then BEHAVIOUR on the first input.
std::string stand_in(const test::TempDir& dir, const std::string& behaviour) {
  const std::string path = dir.file("stand-in.mjs");
  std::ofstream(path) << "process.stdout.write(JSON.stringify({ready: true, zxing_wasm: 'stand-in', zxing_cpp: 'none', "
                         "node: process.version}) + '\\n');\n"
                      << "let seen = false;\n"
                      << "process.stdin.on('data', () => { if (seen) return; seen = true; " << behaviour << " });\n";
  return path;
}

TEST(ZxingWasmPeerProtocolTest, NodeThatDiesIsNamedAndStaysDead) {
  if (!node_on_path()) GTEST_SKIP() << kNoNode;
  test::TempDir dir;
  auto peer = ZxingWasmPeer::launch(stand_in(dir, "process.exit(3);"), dir.path().string());
  ASSERT_TRUE(peer.has_value()) << peer.error().message;
  EXPECT_EQ(peer->description().rfind("zxing-wasm stand-in (ZXing-cpp none), node v", 0), 0u) << peer->description();
  const cv::Mat frame(48, 64, CV_8UC1, cv::Scalar(200));
  auto read = peer->read(frame);
  ASSERT_FALSE(read.has_value());
  EXPECT_NE(read.error().message.find("node exited with status 3 while reading frame 0 (64x48)"), std::string::npos)
      << read.error().message;
  auto again = peer->read(frame);
  ASSERT_FALSE(again.has_value());
  EXPECT_EQ(again.error().message, read.error().message);
}

TEST(ZxingWasmPeerProtocolTest, AnswerThatIsNotJsonIsNamedWithTheLine) {
  if (!node_on_path()) GTEST_SKIP() << kNoNode;
  test::TempDir dir;
  auto peer = ZxingWasmPeer::launch(stand_in(dir, "process.stdout.write('hello there\\n');"), dir.path().string());
  ASSERT_TRUE(peer.has_value()) << peer.error().message;
  auto read = peer->read(cv::Mat(48, 64, CV_8UC1, cv::Scalar(200)));
  ASSERT_FALSE(read.has_value());
  EXPECT_NE(read.error().message.find("not what read.mjs writes"), std::string::npos) << read.error().message;
  EXPECT_NE(read.error().message.find("\"hello there\""), std::string::npos) << read.error().message;
}

TEST(ZxingWasmPeerProtocolTest, AnswerWithoutCornersIsNamed) {
  if (!node_on_path()) GTEST_SKIP() << kNoNode;
  test::TempDir dir;
  auto peer = ZxingWasmPeer::launch(
      stand_in(dir, "process.stdout.write(JSON.stringify({ms: 1, reads: [{text: 'x', corners: [[0, 0]]}]}) + '\\n');"),
      dir.path().string());
  ASSERT_TRUE(peer.has_value()) << peer.error().message;
  auto read = peer->read(cv::Mat(48, 64, CV_8UC1, cv::Scalar(200)));
  ASSERT_FALSE(read.has_value());
  EXPECT_NE(read.error().message.find("4 \"corners\""), std::string::npos) << read.error().message;
}

TEST(ZxingWasmPeerProtocolTest, ScriptThatFailsAtStartIsNamed) {
  if (!node_on_path()) GTEST_SKIP() << kNoNode;
  test::TempDir dir;
  const std::string script = dir.file("broken.mjs");
  std::ofstream(script) << "process.stderr.write('broken.mjs: on purpose\\n'); process.exit(4);\n";
  auto peer = ZxingWasmPeer::launch(script, dir.path().string());
  ASSERT_FALSE(peer.has_value());
  EXPECT_NE(peer.error().message.find("node exited with status 4 before it was ready"), std::string::npos)
      << peer.error().message;
}

TEST(ZxingWasmPeerProtocolTest, FolderWithoutTheScriptIsNamed) {
  auto peer = ZxingWasmPeer::start("/nonexistent/zxing-wasm");
  ASSERT_FALSE(peer.has_value());
  EXPECT_NE(peer.error().message.find("no read.mjs in /nonexistent/zxing-wasm"), std::string::npos)
      << peer.error().message;
}

// Restores one environment variable when the test ends.
class EnvVar {
 public:
  explicit EnvVar(const char* name) : name_(name) {
    if (const char* value = std::getenv(name)) old_ = value;
  }
  ~EnvVar() { old_ ? ::setenv(name_, old_->c_str(), 1) : ::unsetenv(name_); }
  EnvVar(const EnvVar&) = delete;
  EnvVar& operator=(const EnvVar&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(ZxingWasmPinTest, OneExactVersionInstalledIntoTheUsersCache) {
  EnvVar xdg("XDG_CACHE_HOME");
  EnvVar home("HOME");
  ::setenv("XDG_CACHE_HOME", "/var/cache/someone", 1);
  auto pin = zxing_wasm_pin(default_zxing_wasm_dir());
  ASSERT_TRUE(pin.has_value()) << pin.error().message;
  EXPECT_EQ(pin->version.find_first_not_of("0123456789."), std::string::npos) << pin->version;
  EXPECT_EQ(pin->install_dir, "/var/cache/someone/seneschal/zxing-wasm-" + pin->version);
  ::unsetenv("XDG_CACHE_HOME");
  ::setenv("HOME", "/home/someone", 1);
  pin = zxing_wasm_pin(default_zxing_wasm_dir());
  ASSERT_TRUE(pin.has_value()) << pin.error().message;
  EXPECT_EQ(pin->install_dir, "/home/someone/.cache/seneschal/zxing-wasm-" + pin->version);
}

TEST(ZxingWasmPinTest, RangeInsteadOfOneVersionIsRefused) {
  test::TempDir dir;
  std::ofstream(dir.file("package.json")) << R"({"dependencies": {"zxing-wasm": "^3.1.4"}})";
  auto pin = zxing_wasm_pin(dir.path().string());
  ASSERT_FALSE(pin.has_value());
  EXPECT_NE(pin.error().message.find("must pin one exact zxing-wasm version"), std::string::npos) << pin.error().message;
  EXPECT_NE(pin.error().message.find("\"^3.1.4\""), std::string::npos) << pin.error().message;
}

}  // namespace
}  // namespace seneschal::firmware
