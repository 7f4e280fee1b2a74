// A live camera is read at most once every frame interval: the Pi's core is not spent on every
// frame a 30 fps camera sends of a table that changes a few times a minute.
#include "seneschal/firmware/camera/frame_pipeline.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <opencv2/imgcodecs.hpp>

#include "common/TempDir.hpp"
#include "seneschal/vision/frame_source.hpp"

namespace seneschal::firmware {
namespace {

TEST(FramePipelineTest, ACameraPacedByItsIntervalIsReadAtMostOnceAnInterval) {
  test::TempDir dir;
  const cv::Mat frame(48, 64, CV_8UC3, cv::Scalar(40, 120, 40));
  for (int i = 1; i <= 5; ++i) ASSERT_TRUE(cv::imwrite(dir.file("frame-000" + std::to_string(i) + ".png"), frame));
  auto source = vision::open_recording(dir.path().string(), 200);
  ASSERT_TRUE(source.has_value()) << source.error().message;
  const auto started = std::chrono::steady_clock::now();
  FramePipeline pipeline(std::move(source).value(), {}, {}, Overflow::Block, Pacing::Interval, {}, 60);
  pipeline.start();
  int reports = 0;
  while (auto report = pipeline.reports().pop()) ++reports;
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(reports, 5);
  // Four waits between five reads; a sleep never ends early, so this holds on any machine.
  EXPECT_GE(took, std::chrono::milliseconds(4 * 60));
}

}  // namespace
}  // namespace seneschal::firmware
