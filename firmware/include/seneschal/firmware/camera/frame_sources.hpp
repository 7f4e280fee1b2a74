#pragma once
// Which frame source a `source` text means, for the daemon and `seneschal record`: a path that
// exists is a recording (a folder of frames or a video); "/dev/video2", an index like "0", or a
// GStreamer pipeline (anything with a '!') is a live camera, opened again with backoff whenever
// it goes away. Anything else is an error that says both readings, so a mistyped recording path
// is not taken for a camera that "will never connect".

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "seneschal/base/result.hpp"
#include "seneschal/vision/frame_source.hpp"

namespace seneschal::firmware {

struct FrameSourceOptions {
  std::int64_t frame_interval_ms = 200;  // a recording's pace
  int camera_width = 1920;               // the size a camera is asked for (README, Hardware: a whole table)
  int camera_height = 1080;
  // How a camera's waits between tries are spent; it should return early on shutdown.
  std::function<void(std::chrono::milliseconds)> sleep;
  vision::ImageLimits image_limits;  // a recording's frame files ([camera] max_image_pixels, max_image_bytes)
  bool loop = false;                 // a recording starts again at its end (--loop)
};

struct OpenedSource {
  std::unique_ptr<vision::FrameSource> source;
  bool live = false;  // a camera: frames come at its pace and may be dropped, never "end"
  std::string what;   // "camera /dev/video0", "recording state/rec"
};

// True for the words that name a camera: a /dev path that is not a folder or a plain file (so a
// recording under /dev/shm plays), an index, a pipeline.
bool names_a_camera(const std::string& text);

Result<OpenedSource> open_frame_source(const std::string& text, const FrameSourceOptions& options);

// The least time between a camera's frames read when the config does not set
// `camera.frame_interval_ms`, from the board's model (/proc/device-tree/model): 100 ms on a
// Raspberry Pi 5, 200 ms on a Pi 4 and anything else. Counted by `seneschal bench pi`, a busy 1080p
// frame (hands over the cards) costs about 70 M instructions: a fifth of a Pi 4 core at 5 a second,
// a sixth of a Pi 5 core at 10 (README, "How fast a Pi reads").
std::int64_t default_camera_interval_ms(std::string_view board_model);
// The device tree's model line ("Raspberry Pi 5 Model B Rev 1.0"), or "" where there is none.
std::string board_model(const std::string& path = "/proc/device-tree/model");

}  // namespace seneschal::firmware
