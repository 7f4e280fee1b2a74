#include "seneschal/vision/camera_source.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <opencv2/imgcodecs.hpp>

#include "common/TempDir.hpp"

namespace seneschal::vision {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

TEST(CameraSourceTest, SpecsForIndexDeviceAndPipeline) {
  auto index = parse_camera_spec("2");
  ASSERT_TRUE(index.has_value());
  EXPECT_EQ(index->kind, CameraSpec::Kind::V4l2Index);
  EXPECT_EQ(describe(*index), "camera /dev/video2");
  auto path = parse_camera_spec("/dev/video0");
  ASSERT_TRUE(path.has_value());
  EXPECT_EQ(path->kind, CameraSpec::Kind::V4l2Path);
  auto pipeline = parse_camera_spec("libcamerasrc ! video/x-raw,width=1280,height=720,format=BGR ! appsink");
  ASSERT_TRUE(pipeline.has_value());
  EXPECT_EQ(pipeline->kind, CameraSpec::Kind::GStreamer);
  for (const char* bad : {"", "cam", "-1", "64", "1x"}) EXPECT_FALSE(parse_camera_spec(bad).has_value()) << bad;
}

// This machine has no camera: opening one must say so by name, not crash or hang.
TEST(CameraSourceTest, MissingCameraIsNamed) {
  auto spec = parse_camera_spec("/dev/video63");
  ASSERT_TRUE(spec.has_value());
  auto camera = open_camera(*spec);
  ASSERT_FALSE(camera.has_value());
  EXPECT_EQ(camera.error().message, "camera /dev/video63: cannot be opened (not connected, or in use?)");
}

// The reconnect logic over a real source that comes and goes: a folder of frames.
class ReconnectTest : public ::testing::Test {
 protected:
  void put_frames(int count) {
    fs::create_directories(frames_);
    for (int i = 1; i <= count; ++i) {
      cv::imwrite((frames_ / ("frame-" + std::to_string(i) + ".png")).string(),
                  cv::Mat(32, 32, CV_8UC3, cv::Scalar(0, 100, 0)));
    }
  }
  ReconnectingSource source() {
    return ReconnectingSource([this] { return open_recording(frames_.string()); }, "table camera",
                              [this](std::chrono::milliseconds wait) { waits_.push_back(wait); });
  }

  test::TempDir dir_;
  fs::path frames_ = dir_.path() / "frames";
  std::vector<std::chrono::milliseconds> waits_;
};

TEST_F(ReconnectTest, AbsentSourceIsRetriedWithGrowingBackoff) {
  auto live = source();
  for (int i = 0; i < 6; ++i) {
    auto frame = live.next();
    ASSERT_FALSE(frame.has_value());
    EXPECT_NE(frame.error().message.find("trying again in"), std::string::npos) << frame.error().message;
  }
  EXPECT_EQ(waits_, (std::vector<std::chrono::milliseconds>{500ms, 1000ms, 2000ms, 4000ms, 8000ms}));
  EXPECT_EQ(live.describe(), "table camera (reconnecting)");
  put_frames(2);
  auto frame = live.next();
  ASSERT_TRUE(frame.has_value()) << frame.error().message;
  EXPECT_TRUE(frame->has_value());
  EXPECT_EQ(live.opens(), 1);
}

TEST_F(ReconnectTest, SourceThatVanishesMidRunComesBack) {
  put_frames(3);
  auto live = source();
  ASSERT_TRUE(live.next().has_value());
  fs::remove_all(frames_);  // the cable wiggles loose
  auto lost = live.next();
  ASSERT_FALSE(lost.has_value());
  EXPECT_NE(lost.error().message.find("reopening in 500 ms"), std::string::npos) << lost.error().message;
  put_frames(3);  // and is pushed back in
  auto again = live.next();
  ASSERT_TRUE(again.has_value()) << again.error().message;
  ASSERT_TRUE(again->has_value());
  EXPECT_EQ(live.opens(), 2);
  EXPECT_EQ(waits_, (std::vector<std::chrono::milliseconds>{500ms}));
}

TEST_F(ReconnectTest, LiveSourceNeverEnds) {
  put_frames(1);
  auto live = source();
  ASSERT_TRUE(live.next().has_value());
  auto ended = live.next();  // a live source that ends is away, not over
  ASSERT_FALSE(ended.has_value());
  EXPECT_NE(ended.error().message.find("ended; reopening"), std::string::npos) << ended.error().message;
  auto back = live.next();
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(back->has_value());
}

}  // namespace
}  // namespace seneschal::vision
