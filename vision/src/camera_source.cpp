#include "seneschal/vision/camera_source.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <opencv2/videoio.hpp>
#include <thread>
#include <vector>

namespace seneschal::vision {
namespace {

using namespace std::chrono_literals;

constexpr auto kFirstBackoff = 500ms;
constexpr auto kMaxBackoff = 8000ms;

class CameraSource final : public FrameSource {
 public:
  CameraSource(CameraSpec spec, cv::VideoCapture capture) : spec_(std::move(spec)), capture_(std::move(capture)) {}

  Result<std::optional<Frame>> next() override {
    cv::Mat image;
    try {
      drop_stale();
      if (!capture_.read(image)) return fail(describe() + ": no frame (unplugged?)");
    } catch (const cv::Exception& e) {
      return fail(describe() + ": " + e.what());
    }
    // A camera that answers with an empty or single-colour picture is as good as gone.
    if (image.empty() || image.cols < 16 || image.rows < 16) return fail(describe() + ": delivered an empty frame");
    // Three channels are BGR whatever the pipeline's text seemed to say.
    const PixelFormat format = image.type() == CV_8UC3 ? PixelFormat::Bgr : spec_.format;
    if (auto laid = check_layout(image, format); !laid) return fail(describe() + ": " + laid.error().message);
    const auto t_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now().time_since_epoch())
                          .count();
    return std::optional<Frame>{Frame{std::move(image), "camera-" + std::to_string(index_++), t_ms, format}};
  }

  std::string describe() const override { return vision::describe(spec_); }

 private:
  // Read every few hundred milliseconds, a V4L2 camera's queued buffers hold frames taken just
  // after the last read: the buffers filled while nobody read are let go (grab() without the
  // conversion), and the frame read is one taken now. A pipeline's appsink with drop=true keeps
  // only the newest frame itself.
  void drop_stale() {
    using Clock = std::chrono::steady_clock;
    const auto now = Clock::now();
    const auto frame_time = std::chrono::milliseconds(1000 / std::max(1, spec_.fps));
    const bool paused = last_read_ && now - *last_read_ > 2 * frame_time;
    last_read_ = now;
    if (!paused || spec_.kind == CameraSpec::Kind::GStreamer) return;
    const int queued = std::clamp(int(capture_.get(cv::CAP_PROP_BUFFERSIZE)), 1, 8);
    for (int i = 0; i < queued; ++i) capture_.grab();
  }


  CameraSpec spec_;
  cv::VideoCapture capture_;
  long index_ = 0;
  std::optional<std::chrono::steady_clock::time_point> last_read_;
};

std::string_view trimmed(std::string_view text, std::string_view also = "") {
  const auto drop = [&](char c) { return c == ' ' || c == '\t' || c == '\n' || also.find(c) != std::string_view::npos; };
  while (!text.empty() && drop(text.front())) text.remove_prefix(1);
  while (!text.empty() && drop(text.back())) text.remove_suffix(1);
  return text;
}

// The pipeline's elements, split at its '!'s.
std::vector<std::string_view> elements_of(std::string_view pipeline) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0;;) {
    const auto bang = pipeline.find('!', at);
    out.push_back(trimmed(pipeline.substr(at, bang == std::string_view::npos ? std::string_view::npos : bang - at)));
    if (bang == std::string_view::npos) return out;
    at = bang + 1;
  }
}

// The raw format the appsink is handed: the `format` field of the caps right before it
// ("video/x-raw,format=I420", with "(string)" or quotes). Anything else before the sink (a
// videoconvert, no caps at all) lets OpenCV's appsink ask for BGR.
Result<PixelFormat> pipeline_format(std::string_view pipeline) {
  const std::vector<std::string_view> elements = elements_of(pipeline);
  if (elements.size() < 2 || !elements.back().starts_with("appsink")) return PixelFormat::Bgr;
  const std::string_view caps = trimmed(elements[elements.size() - 2], "\"'");
  if (!caps.starts_with("video/x-raw")) return PixelFormat::Bgr;
  for (std::size_t at = 0; at <= caps.size();) {
    const auto comma = caps.find(',', at);
    const std::string_view field = caps.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at);
    at = comma == std::string_view::npos ? caps.size() + 1 : comma + 1;
    const auto equals = field.find('=');
    if (equals == std::string_view::npos || trimmed(field.substr(0, equals)) != "format") continue;
    std::string_view name = trimmed(field.substr(equals + 1), "\"'");
    if (name.starts_with("(string)")) name = trimmed(name.substr(8), "\"'");
    if (auto format = pixel_format_from_gstreamer(name)) return *format;
    return fail("camera pipeline: format=" + std::string(name) +
                " is not one the device reads; give the appsink I420, NV12 or YUY2 (the camera's own YUV: the "
                "reader takes its Y plane as it is), GRAY8 or BGR");
  }
  return PixelFormat::Bgr;
}

// A pipeline's appsink keeps only the newest frame (OpenCV holds one): without drop=true it would
// hold the one taken just after the last read, a frame interval old. Added when not said.
std::string keeping_the_newest(const std::string& pipeline) {
  const auto sink = pipeline.rfind("appsink");
  if (sink == std::string::npos || pipeline.find("drop=", sink) != std::string::npos) return pipeline;
  const auto end = pipeline.find('!', sink);
  std::string out = pipeline;
  out.insert(end == std::string::npos ? out.size() : end, " drop=true ");
  return out;
}

}  // namespace

Result<CameraSpec> parse_camera_spec(std::string_view text) {
  CameraSpec spec;
  if (text.empty()) return fail("camera: empty source (give an index like 0, a device like /dev/video0, or a pipeline)");
  if (text.find('!') != std::string_view::npos) {
    spec.kind = CameraSpec::Kind::GStreamer;
    spec.path = std::string(text);
    auto format = pipeline_format(text);
    if (!format) return fail(format.error().message);
    spec.format = *format;
    return spec;
  }
  if (text.front() == '/') {
    spec.kind = CameraSpec::Kind::V4l2Path;
    spec.path = std::string(text);
    return spec;
  }
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), spec.index);
  if (ec != std::errc() || ptr != text.data() + text.size() || spec.index < 0 || spec.index > 63) {
    return fail("camera \"" + std::string(text) + "\": expected an index 0-63, a /dev path, or a GStreamer pipeline");
  }
  spec.kind = CameraSpec::Kind::V4l2Index;
  return spec;
}

std::string describe(const CameraSpec& spec) {
  switch (spec.kind) {
    case CameraSpec::Kind::V4l2Index:
      return "camera /dev/video" + std::to_string(spec.index);
    case CameraSpec::Kind::V4l2Path:
      return "camera " + spec.path;
    case CameraSpec::Kind::GStreamer:
      break;
  }
  return "camera pipeline \"" + spec.path + "\"";
}

Result<std::unique_ptr<FrameSource>> open_camera(const CameraSpec& spec) {
  try {
    cv::VideoCapture capture;
    bool opened = false;
    if (spec.kind == CameraSpec::Kind::GStreamer) {
      opened = capture.open(keeping_the_newest(spec.path), cv::CAP_GSTREAMER);
    } else {
      opened = spec.kind == CameraSpec::Kind::V4l2Index ? capture.open(spec.index, cv::CAP_V4L2)
                                                        : capture.open(spec.path, cv::CAP_V4L2);
      if (opened) {
        capture.set(cv::CAP_PROP_FRAME_WIDTH, spec.width);
        capture.set(cv::CAP_PROP_FRAME_HEIGHT, spec.height);
        capture.set(cv::CAP_PROP_FPS, spec.fps);
        capture.set(cv::CAP_PROP_BUFFERSIZE, 1);  // the newest frame, not a queue of old ones
      }
    }
    if (!opened) return fail(describe(spec) + ": cannot be opened (not connected, or in use?)");
    return std::unique_ptr<FrameSource>(std::make_unique<CameraSource>(spec, std::move(capture)));
  } catch (const cv::Exception& e) {
    return fail(describe(spec) + ": " + e.what());
  }
}

ReconnectingSource::ReconnectingSource(Opener open, std::string what, Sleeper sleep)
    : open_(std::move(open)), what_(std::move(what)), sleep_(std::move(sleep)) {}

ReconnectingSource::Sleeper ReconnectingSource::default_sleep() {
  return [](std::chrono::milliseconds wait) { std::this_thread::sleep_for(wait); };
}

std::string ReconnectingSource::describe() const { return source_ ? source_->describe() : what_ + " (reconnecting)"; }

Result<std::optional<Frame>> ReconnectingSource::next() {
  const auto back_off = [this] { backoff_ = backoff_ == 0ms ? kFirstBackoff : std::min(backoff_ * 2, kMaxBackoff); };
  if (!source_) {
    if (backoff_ > 0ms) sleep_(backoff_);
    auto opened = open_();
    if (!opened) {
      back_off();
      return fail(opened.error().message + "; trying again in " + std::to_string(backoff_.count()) + " ms");
    }
    source_ = std::move(opened).value();
    ++opens_;
  }
  auto frame = source_->next();
  if (frame && frame->has_value()) {
    backoff_ = 0ms;
    return frame;
  }
  // An error or an end: a live source is not over, it is away.
  std::string why = frame ? source_->describe() + ": ended" : frame.error().message;
  source_.reset();
  back_off();
  return fail(why + "; reopening in " + std::to_string(backoff_.count()) + " ms");
}

}  // namespace seneschal::vision
