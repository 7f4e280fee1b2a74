// `seneschal record` as a person runs it, on a real video standing in for the camera this
// machine does not have; what it writes plays back with its captured times.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/vision/frame_source.hpp"

namespace {

namespace fs = std::filesystem;
using seneschal::test::run_command;

void write_video(const std::string& path, int frames) {
  cv::VideoWriter writer(path, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 10.0, cv::Size(320, 240));
  ASSERT_TRUE(writer.isOpened());
  for (int i = 0; i < frames; ++i) {
    cv::Mat frame(240, 320, CV_8UC3, cv::Scalar(30, 90 + i, 30));
    cv::putText(frame, std::to_string(i), {20, 120}, cv::FONT_HERSHEY_SIMPLEX, 2.0, cv::Scalar(255, 255, 255), 3);
    writer.write(frame);
  }
}

TEST(RecordCliTest, KeepsAFrameEveryIntervalWithACaptureLog) {
  seneschal::test::TempDir dir;
  write_video(dir.file("table.avi"), 10);  // 10 frames at 10 fps: 100 ms apart
  const auto recorded = run_command("'" SENESCHAL_CLI_PATH "' record --source '" + dir.file("table.avi") +
                                    "' --out '" + dir.file("rec") + "' --every 200ms");
  ASSERT_EQ(recorded.exit_code, 0) << recorded.output;
  EXPECT_NE(recorded.output.find(": 5 frames"), std::string::npos) << recorded.output;

  std::ifstream log(dir.file("rec") + "/capture.jsonl");
  int lines = 0;
  for (std::string line; std::getline(log, line);) ++lines;
  EXPECT_EQ(lines, 5);

  // Played back, the frames keep the times they were captured at, 200 ms apart.
  auto source = seneschal::vision::open_recording(dir.file("rec"), 999);
  ASSERT_TRUE(source.has_value()) << source.error().message;
  std::vector<std::int64_t> times;
  while (true) {
    auto next = (*source)->next();
    ASSERT_TRUE(next.has_value()) << next.error().message;
    if (!next->has_value()) break;
    times.push_back((*next)->t_ms);
  }
  ASSERT_EQ(times.size(), 5u);
  for (std::size_t i = 1; i < times.size(); ++i) EXPECT_NEAR(times[i] - times[i - 1], 200, 1) << i;
}

TEST(RecordCliTest, MissingCameraIsRetriedAndSaidSo) {
  seneschal::test::TempDir dir;
  // No camera here: the recorder keeps trying (with backoff) and says why; stopped by `timeout`.
  const auto recorded = run_command("timeout --preserve-status -s INT 3 '" SENESCHAL_CLI_PATH
                                    "' record --source /dev/video63 --out '" + dir.file("rec") + "'");
  EXPECT_EQ(recorded.exit_code, 0) << recorded.output;
  EXPECT_NE(recorded.output.find("camera /dev/video63: cannot be opened"), std::string::npos) << recorded.output;
  EXPECT_NE(recorded.output.find("trying again in"), std::string::npos) << recorded.output;
  EXPECT_NE(recorded.output.find(": 0 frames"), std::string::npos) << recorded.output;
}

TEST(RecordCliTest, BadIntervalIsAUsageError) {
  seneschal::test::TempDir dir;
  const auto recorded = run_command("'" SENESCHAL_CLI_PATH "' record --source 0 --out '" + dir.file("rec") +
                                    "' --every soon");
  EXPECT_EQ(recorded.exit_code, 64) << recorded.output;
  EXPECT_NE(recorded.output.find("--every soon"), std::string::npos) << recorded.output;
}

}  // namespace
