#pragma once
// A recording made for one code: a folder of PNG frames, each showing the same QR code on a grey
// table, for seneschald --source and seneschal replay. Any bytes can be the payload (a forged
// newline, an escape, hundreds of characters): what a printed code can hold, read by the real
// scanner.

#include <gtest/gtest.h>

#include <filesystem>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <string>

#include "seneschal/vision/qr_render.hpp"

namespace seneschal::test {

inline void write_qr_frames(const std::filesystem::path& dir, const std::string& payload, int frames = 4) {
  std::filesystem::create_directories(dir);
  auto code = vision::render_qr(payload, {4, 4});
  ASSERT_TRUE(code.has_value()) << code.error().message;
  ASSERT_LE(code->cols, 600);
  cv::Mat table(640, 800, CV_8UC1, cv::Scalar(90));
  code->copyTo(table(cv::Rect(40, 20, code->cols, code->rows)));
  for (int i = 1; i <= frames; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "frame-%04d.png", i);
    ASSERT_TRUE(cv::imwrite((dir / name).string(), table));
  }
}

}  // namespace seneschal::test
