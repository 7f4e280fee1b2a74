#include "seneschal/vision/frame_source.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>
#include <vector>

namespace seneschal::vision {
namespace {

namespace fs = std::filesystem;

bool is_image(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".jpg" || ext == ".jpeg" || ext == ".png" || ext == ".bmp";
}

bool is_jpeg(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".jpg" || ext == ".jpeg";
}

// A whole JPEG ends with the EOI marker FF D9; some writers pad a few bytes after it.
bool ends_with_jpeg_eoi(const std::vector<unsigned char>& bytes) {
  const std::size_t from = bytes.size() > 16 ? bytes.size() - 16 : 0;
  for (std::size_t i = bytes.size(); i-- > from + 1;) {
    if (bytes[i - 1] == 0xFF && bytes[i] == 0xD9) return true;
  }
  return false;
}

// `seneschal record` writes capture.jsonl beside its frames: {"frame": "frame-00001.jpg",
// "t_ms": 1234, ...} per line. Its times replace the fixed interval; a line that does not parse
// is skipped (the frames still play at the interval).
std::map<std::string, std::int64_t> capture_times(const std::string& dir) {
  std::map<std::string, std::int64_t> times;
  // A FIFO by that name would block the open for ever.
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(dir) / "capture.jsonl", ec)) return times;
  std::ifstream log(fs::path(dir) / "capture.jsonl");
  std::string line;
  while (std::getline(log, line)) {
    const auto entry = nlohmann::json::parse(line, nullptr, false);
    if (entry.is_object() && entry.contains("frame") && entry["frame"].is_string() && entry.contains("t_ms") &&
        entry["t_ms"].is_number_integer()) {
      times[entry["frame"].get<std::string>()] = entry["t_ms"].get<std::int64_t>();
    }
  }
  return times;
}

class FolderSource final : public FrameSource {
 public:
  FolderSource(std::string dir, std::vector<fs::path> files, std::int64_t interval_ms, ImageLimits limits)
      : dir_(std::move(dir)),
        files_(std::move(files)),
        interval_ms_(interval_ms),
        limits_(limits),
        captured_at_(capture_times(dir_)) {}

  Result<std::optional<Frame>> next() override {
    if (index_ >= files_.size()) return std::optional<Frame>{};
    const fs::path& path = files_[index_];
    const auto captured = captured_at_.find(path.filename().string());
    const std::int64_t t_ms =
        captured != captured_at_.end() ? captured->second : static_cast<std::int64_t>(index_) * interval_ms_;
    ++index_;
    // Read the bytes ourselves: an empty, vanished or cut-short file gets its own message,
    // where cv::imread would say nothing or decode half a picture without complaint. A file
    // over the limits (a 20000x20000 PNG, a FIFO put in its place) is refused before reading.
    std::error_code ec;
    if (!fs::exists(path, ec)) return fail(path.string() + ": cannot be read (removed while playing?)");
    auto read = read_image_file(path.string(), limits_);
    if (!read) return fail(read.error().message);
    std::vector<unsigned char>& bytes = *read;
    if (bytes.empty()) return fail(path.string() + ": empty file");
    if (is_jpeg(path) && !ends_with_jpeg_eoi(bytes)) return fail(path.string() + ": truncated JPEG (no end marker)");
    cv::Mat image;
    try {
      image = cv::imdecode(bytes, cv::IMREAD_COLOR);
    } catch (const cv::Exception& e) {
      return fail(path.string() + ": " + e.what());
    }
    if (image.empty()) return fail(path.string() + ": not a readable image (corrupt, or not the format its name says)");
    return std::optional<Frame>{Frame{std::move(image), path.filename().string(), t_ms}};
  }

  std::string describe() const override {
    return "recorded frames in " + dir_ + " (" + std::to_string(files_.size()) + " frames)";
  }

 private:
  std::string dir_;
  std::vector<fs::path> files_;
  std::int64_t interval_ms_;
  ImageLimits limits_;
  std::map<std::string, std::int64_t> captured_at_;  // from `seneschal record`'s capture log
  std::size_t index_ = 0;
};

class VideoSource final : public FrameSource {
 public:
  VideoSource(std::string path, cv::VideoCapture capture) : path_(std::move(path)), capture_(std::move(capture)) {}

  Result<std::optional<Frame>> next() override {
    cv::Mat image;
    try {
      if (!capture_.read(image) || image.empty()) return std::optional<Frame>{};
      const auto t_ms = static_cast<std::int64_t>(capture_.get(cv::CAP_PROP_POS_MSEC));
      char name[32];
      std::snprintf(name, sizeof name, "frame-%06d", index_++);
      return std::optional<Frame>{Frame{std::move(image), name, t_ms}};
    } catch (const cv::Exception& e) {
      return fail(path_ + ": " + e.what());
    }
  }

  std::string describe() const override { return "video " + path_; }

 private:
  std::string path_;
  cv::VideoCapture capture_;
  int index_ = 0;
};

}  // namespace

Result<std::unique_ptr<FrameSource>> open_recording(const std::string& path, std::int64_t frame_interval_ms,
                                                    const ImageLimits& limits) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return fail(path + ": no such file or folder");
  if (fs::is_directory(path, ec)) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
      if (entry.is_regular_file() && is_image(entry.path())) files.push_back(entry.path());
    }
    if (ec) return fail(path + ": " + ec.message());
    if (files.empty()) return fail(path + ": no .jpg, .png or .bmp frames in this folder");
    std::sort(files.begin(), files.end());
    return std::unique_ptr<FrameSource>(std::make_unique<FolderSource>(path, std::move(files), frame_interval_ms, limits));
  }
  // A FIFO or device would block VideoCapture's open for ever. A single picture is held to the
  // image limits; a video is not (it is read a frame at a time, and may be long).
  auto header = read_image_header(path);
  if (!header) return fail(header.error().message);
  if (!header->format.empty()) {
    if (auto ok = check_image_limits(*header, path, limits); !ok) return fail(ok.error().message);
  }
  try {
    cv::VideoCapture capture(path);
    if (!capture.isOpened()) return fail(path + ": not a video OpenCV can open");
    return std::unique_ptr<FrameSource>(std::make_unique<VideoSource>(path, std::move(capture)));
  } catch (const cv::Exception& e) {
    return fail(path + ": " + e.what());
  }
}

}  // namespace seneschal::vision
