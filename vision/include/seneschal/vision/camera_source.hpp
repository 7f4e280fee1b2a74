#pragma once
// The live camera behind the FrameSource interface: a V4L2 device by index or path, or a
// GStreamer pipeline (Camera Modules on Raspberry Pi OS bookworm go through libcamera:
// "libcamerasrc ! video/x-raw,width=1920,height=1080,format=I420 ! appsink drop=true"). A camera that ends,
// vanishes or delivers garbage is reopened with backoff, while the rest of the device goes on.

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "seneschal/vision/frame_source.hpp"

namespace seneschal::vision {

struct CameraSpec {
  enum class Kind { V4l2Index, V4l2Path, GStreamer };
  Kind kind = Kind::V4l2Index;
  int index = 0;         // /dev/video<index>
  std::string path;      // a device path, or the GStreamer pipeline
  int width = 1280;
  int height = 720;
  int fps = 30;
  // How the frames come: BGR from OpenCV's V4L2 conversion; a pipeline's appsink format
  // (picture.hpp), I420 or NV12 from libcamera without a conversion.
  PixelFormat format = PixelFormat::Bgr;
};

// "0" (index), "/dev/video2" (path), or a GStreamer pipeline (anything with a '!').
Result<CameraSpec> parse_camera_spec(std::string_view text);
std::string describe(const CameraSpec& spec);

// Opens the camera once; errors name the device.
Result<std::unique_ptr<FrameSource>> open_camera(const CameraSpec& spec);

// Keeps a live source alive: when opening fails, or the source errs or ends, it waits (0.5 s,
// doubling to 8 s) and opens it again. next() never ends; while the source is away it returns
// errors that say so and when the next try is, one per try, so the log is not flooded.
class ReconnectingSource final : public FrameSource {
 public:
  using Opener = std::function<Result<std::unique_ptr<FrameSource>>()>;
  using Sleeper = std::function<void(std::chrono::milliseconds)>;

  ReconnectingSource(Opener open, std::string what, Sleeper sleep = default_sleep());
  Result<std::optional<Frame>> next() override;
  std::string describe() const override;

  // How many times the source was (re)opened successfully, for the status line.
  int opens() const { return opens_; }

  static Sleeper default_sleep();

 private:
  Opener open_;
  std::string what_;
  Sleeper sleep_;
  std::unique_ptr<FrameSource> source_;
  std::chrono::milliseconds backoff_{0};
  int opens_ = 0;
};

}  // namespace seneschal::vision
