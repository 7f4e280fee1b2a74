#pragma once
// A generated scene's frame as a recording gives it (through JPEG), for the vision tests that
// read generated tables frame by frame.

#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>

#include "seneschal/vision/synth.hpp"

namespace seneschal::vision::scenes {

inline cv::Mat frame_of(const synth::Scene& scene, int index) {
  const auto jpeg = synth::encode_frame(scene, index);
  if (!jpeg) {
    ADD_FAILURE() << jpeg.error().message;
    return {};
  }
  return cv::imdecode(jpeg.value(), cv::IMREAD_COLOR);
}

}  // namespace seneschal::vision::scenes
