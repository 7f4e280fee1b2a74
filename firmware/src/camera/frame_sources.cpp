#include "seneschal/firmware/frame_sources.hpp"

#include <filesystem>

#include "seneschal/vision/camera_source.hpp"

namespace seneschal::firmware {

bool names_a_camera(const std::string& text) {
  if (text.rfind("/dev/", 0) == 0 || text.find('!') != std::string::npos) return true;
  return !text.empty() && text.size() <= 2 && text.find_first_not_of("0123456789") == std::string::npos;
}

Result<OpenedSource> open_frame_source(const std::string& text, const FrameSourceOptions& options) {
  std::error_code ec;
  if (!names_a_camera(text)) {
    if (!std::filesystem::exists(text, ec)) {
      return fail("source \"" + text +
                  "\": no such recording (file or folder), and not a camera (/dev/videoN, an index like 0, "
                  "or a GStreamer pipeline with '!')");
    }
    auto recording = vision::open_recording(text, options.frame_interval_ms, options.image_limits);
    if (!recording) return fail(recording.error().message);
    std::string what = (*recording)->describe();
    return OpenedSource{std::move(recording).value(), false, std::move(what)};
  }
  auto spec = vision::parse_camera_spec(text);
  if (!spec) return fail(spec.error().message);
  spec->width = options.camera_width;
  spec->height = options.camera_height;
  const vision::CameraSpec camera = *spec;
  auto sleep = options.sleep ? options.sleep : vision::ReconnectingSource::default_sleep();
  auto source = std::make_unique<vision::ReconnectingSource>([camera] { return vision::open_camera(camera); },
                                                             vision::describe(camera), std::move(sleep));
  return OpenedSource{std::move(source), true, vision::describe(camera)};
}

}  // namespace seneschal::firmware
