#include "seneschal/firmware/camera/frame_sources.hpp"

#include <filesystem>
#include <fstream>

#include "seneschal/vision/camera_source.hpp"

namespace seneschal::firmware {

bool names_a_camera(const std::string& text) {
  if (text.find('!') != std::string::npos) return true;
  if (text.rfind("/dev/", 0) == 0) {
    // A recording may live under /dev/ too (/dev/shm is a common scratch place): a folder or a
    // plain file there is a recording. Anything else under /dev/, even one that is not there yet
    // (a camera still to be plugged in), is a camera, opened again until it answers.
    std::error_code ec;
    const auto status = std::filesystem::status(text, ec);
    return !(std::filesystem::is_directory(status) || std::filesystem::is_regular_file(status));
  }
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

std::int64_t default_camera_interval_ms(std::string_view board_model) {
  return board_model.starts_with("Raspberry Pi 5") || board_model.starts_with("Raspberry Pi Compute Module 5") ? 100 : 200;
}

std::string board_model(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string model;
  std::getline(in, model, '\0');  // the device tree's strings end in a NUL
  while (!model.empty() && (model.back() == '\n' || model.back() == ' ')) model.pop_back();
  return model;
}

}  // namespace seneschal::firmware
