#pragma once
// Where frames come from. The camera sits behind the same interface as its real stand-ins
// (a folder of recorded frames, a video file), so everything after it runs on a laptop.

#include <cstdint>
#include <memory>
#include <opencv2/core/mat.hpp>
#include <optional>
#include <string>

#include "seneschal/base/result.hpp"
#include "seneschal/vision/image_limits.hpp"
#include "seneschal/vision/picture.hpp"

namespace seneschal::vision {

struct Frame {
  cv::Mat image;       // laid out as `format` says: BGR from recordings, the camera's own YUV live
  std::string name;    // file name, or "frame-000042" for a video
  std::int64_t t_ms = 0;
  PixelFormat format = PixelFormat::Bgr;
};

class FrameSource {
 public:
  virtual ~FrameSource() = default;
  // nullopt at the end; an error for a frame that cannot be read (named), after which next()
  // goes on with the following frame.
  virtual Result<std::optional<Frame>> next() = 0;
  virtual std::string describe() const = 0;
};

// A folder of .jpg/.jpeg/.png/.bmp files in name order, frame_interval_ms apart, or a video file.
// Every frame file is checked against `limits` before it is read (a frame over them is an error
// naming it, like a corrupt one); a single file that is an image is checked too. A FIFO or a
// device is refused: reading one would block for ever.
Result<std::unique_ptr<FrameSource>> open_recording(const std::string& path, std::int64_t frame_interval_ms = 200,
                                                    const ImageLimits& limits = {});

}  // namespace seneschal::vision
