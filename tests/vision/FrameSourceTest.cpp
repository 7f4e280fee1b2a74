#include "seneschal/vision/frame_source.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include "common/TempDir.hpp"
#include "seneschal/vision/qr_render.hpp"
#include "seneschal/vision/scanner.hpp"

namespace seneschal::vision {
namespace {

cv::Mat frame_with(const std::string& payload) {
  cv::Mat frame(480, 640, CV_8UC3, cv::Scalar(40, 110, 40));
  auto code = render_qr(payload, {6, 4});
  EXPECT_TRUE(code.has_value());
  cv::Mat bgr;
  cv::cvtColor(*code, bgr, cv::COLOR_GRAY2BGR);
  bgr.copyTo(frame(cv::Rect(200, 100, bgr.cols, bgr.rows)));
  return frame;
}

std::vector<std::string> payloads_of(FrameSource& source, std::vector<std::string>* errors = nullptr) {
  Scanner scanner;
  std::vector<std::string> read;
  while (true) {
    auto next = source.next();
    if (!next) {
      if (errors) errors->push_back(next.error().message);
      continue;
    }
    if (!next->has_value()) break;
    auto sightings = scanner.scan((*next)->image);
    read.push_back(sightings.empty() ? "-" : sightings[0].payload);
  }
  return read;
}

TEST(FrameSourceTest, FolderPlaysFramesInNameOrderAtTheInterval) {
  test::TempDir dir;
  cv::imwrite(dir.file("frame-0002.png"), frame_with("S1:CTL:PASS"));
  cv::imwrite(dir.file("frame-0001.jpg"), frame_with("S1:R9E:HEKTOR:1"));
  std::ofstream(dir.file("notes.txt")) << "not a frame";
  auto source = open_recording(dir.path().string(), 250);
  ASSERT_TRUE(source.has_value()) << source.error().message;
  auto first = (*source)->next();
  ASSERT_TRUE(first.has_value() && first->has_value());
  EXPECT_EQ((*first)->name, "frame-0001.jpg");
  EXPECT_EQ((*first)->t_ms, 0);
  auto second = (*source)->next();
  ASSERT_TRUE(second.has_value() && second->has_value());
  EXPECT_EQ((*second)->t_ms, 250);
  auto end = (*source)->next();
  ASSERT_TRUE(end.has_value());
  EXPECT_FALSE(end->has_value());
}

TEST(FrameSourceTest, CorruptFrameIsNamedAndTheRestStillPlays) {
  test::TempDir dir;
  cv::imwrite(dir.file("frame-0001.png"), frame_with("S1:R9E:HEKTOR:1"));
  std::ofstream(dir.file("frame-0002.jpg"), std::ios::binary) << "\xff\xd8\xff garbage, a frame cut short";
  cv::imwrite(dir.file("frame-0003.png"), frame_with("S1:R9E:ZAHIR:1"));
  auto source = open_recording(dir.path().string());
  ASSERT_TRUE(source.has_value());
  std::vector<std::string> errors;
  EXPECT_EQ(payloads_of(**source, &errors), (std::vector<std::string>{"S1:R9E:HEKTOR:1", "S1:R9E:ZAHIR:1"}));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("frame-0002.jpg"), std::string::npos) << errors[0];
}

std::vector<unsigned char> jpeg_of(const cv::Mat& frame) {
  std::vector<unsigned char> bytes;
  cv::imencode(".jpg", frame, bytes);
  return bytes;
}

void write_bytes(const std::string& path, const std::vector<unsigned char>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                               static_cast<std::streamsize>(bytes.size()));
}

// Each bad frame is one clear message naming it, and the good frames around it still play.
TEST(FrameSourceTest, TruncatedEmptyAndWrongFormatFramesAreNamed) {
  test::TempDir dir;
  const auto whole = jpeg_of(frame_with("S1:R9E:HEKTOR:1"));
  write_bytes(dir.file("frame-0001.jpg"), whole);
  write_bytes(dir.file("frame-0002.jpg"), std::vector<unsigned char>(whole.begin(), whole.begin() + whole.size() / 2));
  write_bytes(dir.file("frame-0003.jpg"), {});
  std::ofstream(dir.file("frame-0004.png")) << "just some text, named like a picture";
  write_bytes(dir.file("frame-0005.png"), jpeg_of(frame_with("S1:R9E:ZAHIR:1")));  // a JPEG named .png is fine
  auto source = open_recording(dir.path().string());
  ASSERT_TRUE(source.has_value());
  std::vector<std::string> errors;
  EXPECT_EQ(payloads_of(**source, &errors), (std::vector<std::string>{"S1:R9E:HEKTOR:1", "S1:R9E:ZAHIR:1"}));
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0], dir.file("frame-0002.jpg") + ": truncated JPEG (no end marker)");
  EXPECT_EQ(errors[1], dir.file("frame-0003.jpg") + ": empty file");
  EXPECT_EQ(errors[2], dir.file("frame-0004.png") + ": not a readable image (corrupt, or not the format its name says)");
}

TEST(FrameSourceTest, RecordingThatDisappearsMidRunEndsWithMessagesNotACrash) {
  test::TempDir dir;
  for (int i = 1; i <= 3; ++i) cv::imwrite(dir.file("frame-000" + std::to_string(i) + ".png"), frame_with("S1:CTL:PASS"));
  auto source = open_recording(dir.path().string());
  ASSERT_TRUE(source.has_value());
  auto first = (*source)->next();
  ASSERT_TRUE(first.has_value() && first->has_value());
  std::filesystem::remove_all(dir.path());  // the USB stick is pulled
  std::vector<std::string> errors;
  EXPECT_TRUE(payloads_of(**source, &errors).empty());
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0], dir.file("frame-0002.png") + ": cannot be read (removed while playing?)");
}

TEST(FrameSourceTest, VideoFilePlaysEveryFrame) {
  test::TempDir dir;
  const std::string path = dir.file("table.avi");
  {
    // Motion JPEG in AVI: OpenCV writes it without any codec library, so the test runs anywhere.
    cv::VideoWriter writer(path, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 5.0, cv::Size(640, 480));
    ASSERT_TRUE(writer.isOpened());
    for (const char* payload : {"S1:R9E:HEKTOR:1", "S1:R9E:HEKTOR:1", "S1:CTL:PASS"}) writer.write(frame_with(payload));
  }
  auto source = open_recording(path);
  ASSERT_TRUE(source.has_value()) << source.error().message;
  EXPECT_EQ(payloads_of(**source), (std::vector<std::string>{"S1:R9E:HEKTOR:1", "S1:R9E:HEKTOR:1", "S1:CTL:PASS"}));
}

TEST(FrameSourceTest, WhatCannotBePlayedIsSaidByName) {
  test::TempDir dir;
  auto missing = open_recording(dir.file("nowhere"));
  ASSERT_FALSE(missing.has_value());
  EXPECT_EQ(missing.error().message, dir.file("nowhere") + ": no such file or folder");
  auto empty = open_recording(dir.path().string());
  ASSERT_FALSE(empty.has_value());
  EXPECT_NE(empty.error().message.find("no .jpg, .png or .bmp frames"), std::string::npos);
  std::ofstream(dir.file("movie.avi")) << "not a video";
  auto garbage = open_recording(dir.file("movie.avi"));
  ASSERT_FALSE(garbage.has_value());
  EXPECT_NE(garbage.error().message.find("movie.avi"), std::string::npos);
}

}  // namespace
}  // namespace seneschal::vision
