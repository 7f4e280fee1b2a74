// What `--source` names: a camera (a /dev node, an index, a GStreamer pipeline) or a recording.
// A recording kept under /dev/shm (a common RAM scratch place) once counted as a camera and the
// daemon waited for frames for ever; a folder or a plain file under /dev/ is a recording now.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "seneschal/firmware/camera/frame_sources.hpp"

namespace {

namespace fs = std::filesystem;
using seneschal::firmware::names_a_camera;

TEST(FrameSourceNameTest, DeviceNodesIndexesAndPipelinesAreCameras) {
  EXPECT_TRUE(names_a_camera("/dev/video0"));
  EXPECT_TRUE(names_a_camera("/dev/null"));  // a character device, whatever it is
  EXPECT_TRUE(names_a_camera("/dev/video-not-plugged-in-yet-7"));  // opened again until it answers
  EXPECT_TRUE(names_a_camera("0"));
  EXPECT_TRUE(names_a_camera("12"));
  EXPECT_TRUE(names_a_camera("libcamerasrc ! videoconvert ! appsink"));
}

TEST(FrameSourceNameTest, FoldersAndFilesAreRecordingsEvenUnderDev) {
  EXPECT_FALSE(names_a_camera("state/rec"));
  EXPECT_FALSE(names_a_camera("123"));  // three digits: a folder name, not a camera index
  if (!fs::is_directory("/dev/shm")) GTEST_SKIP() << "no /dev/shm on this machine";
  const fs::path folder = fs::path("/dev/shm") / ("seneschal-frame-source-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  std::ofstream(folder / "frame.png") << "not read here";
  const bool folder_is_camera = names_a_camera(folder.string());
  const bool file_is_camera = names_a_camera((folder / "frame.png").string());
  fs::remove_all(folder);
  EXPECT_FALSE(folder_is_camera);
  EXPECT_FALSE(file_is_camera);
}

}  // namespace

namespace pacing {

using seneschal::firmware::board_model;
using seneschal::firmware::default_camera_interval_ms;

// bench pi: a busy 1080p frame is about 70 M instructions, a fifth of a Pi 4 core at 5 frames a
// second and a sixth of a Pi 5 core at 10.
TEST(CameraPacingTest, APi5ReadsTenFramesASecondAndAnythingElseFive) {
  EXPECT_EQ(default_camera_interval_ms("Raspberry Pi 5 Model B Rev 1.0"), 100);
  EXPECT_EQ(default_camera_interval_ms("Raspberry Pi 4 Model B Rev 1.4"), 200);
  EXPECT_EQ(default_camera_interval_ms("Raspberry Pi Compute Module 4 Rev 1.1"), 200);
  EXPECT_EQ(default_camera_interval_ms(""), 200);  // a laptop, a container
}

TEST(CameraPacingTest, TheBoardModelIsReadWithoutItsTrailingNul) {
  const fs::path dir = fs::temp_directory_path() / ("seneschal-model-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream out(dir / "model", std::ios::binary);
    out << "Raspberry Pi 5 Model B Rev 1.0" << '\0';
  }
  EXPECT_EQ(board_model((dir / "model").string()), "Raspberry Pi 5 Model B Rev 1.0");
  EXPECT_EQ(board_model((dir / "absent").string()), "");
  fs::remove_all(dir);
}

}  // namespace pacing
