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

namespace {

// A recording played again from its first frame when it ends, its times running on (a frame
// interval after the last one) so that everything after it sees time go forward.
class LoopedRecording : public vision::FrameSource {
 public:
  LoopedRecording(std::string path, FrameSourceOptions options, std::unique_ptr<vision::FrameSource> first)
      : path_(std::move(path)), options_(std::move(options)), inner_(std::move(first)) {}

  Result<std::optional<vision::Frame>> next() override {
    auto frame = inner_->next();
    if (frame && !*frame) {
      // The end: open it again. A recording that went away meanwhile ends the loop, said as its error.
      auto again = vision::open_recording(path_, options_.frame_interval_ms, options_.image_limits);
      if (!again) return fail(again.error().message);
      inner_ = std::move(again).value();
      offset_ms_ = last_ms_ + options_.frame_interval_ms;
      ++rounds_;
      frame = inner_->next();
      if (frame && !*frame) return frame;  // an empty recording: no endless loop of nothing
    }
    if (!frame || !*frame) return frame;
    (*frame)->t_ms += offset_ms_;
    if (rounds_ > 0) (*frame)->name = "loop" + std::to_string(rounds_) + "-" + (*frame)->name;
    last_ms_ = (*frame)->t_ms;
    return frame;
  }
  std::string describe() const override { return inner_->describe() + ", looped"; }

 private:
  std::string path_;
  FrameSourceOptions options_;
  std::unique_ptr<vision::FrameSource> inner_;
  std::int64_t offset_ms_ = 0;
  std::int64_t last_ms_ = 0;
  int rounds_ = 0;
};

}  // namespace

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
    if (options.loop) {
      return OpenedSource{std::make_unique<LoopedRecording>(text, options, std::move(recording).value()), false,
                          what + ", looped"};
    }
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
