#include <fmt/core.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <memory>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "seneschal/firmware/app/cli_commands.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/camera/frame_sources.hpp"
#include "seneschal/firmware/app/subcommand.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

std::atomic<bool> g_stop{false};
extern "C" void stop_recording(int) { g_stop = true; }

// Waits between camera tries end early on Ctrl-C, so stopping never waits out an 8 s backoff.
void interruptible_sleep(std::chrono::milliseconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  while (!g_stop && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

}  // namespace

int run_record(const RecordOptions& options) {
  if (options.every_ms < 0 || options.out.empty()) {
    log::error("record: needs --out DIR and an --every of 0 ms or more");
    return kExitUsage;
  }
  std::error_code ec;
  fs::create_directories(options.out, ec);
  if (ec) {
    log::error("{}: cannot create: {}", options.out, ec.message());
    return 1;
  }
  FrameSourceOptions source_options;
  source_options.sleep = interruptible_sleep;
  auto opened = open_frame_source(options.source, source_options);
  if (!opened) {
    log::error("{}", opened.error().message);
    return 1;
  }
  auto& source = opened->source;
  std::ofstream capture_log(fs::path(options.out) / "capture.jsonl", std::ios::app);
  if (!capture_log) {
    log::error("{}/capture.jsonl: cannot write", options.out);
    return 1;
  }
  std::signal(SIGINT, stop_recording);
  std::signal(SIGTERM, stop_recording);
  log::info("recording {} into {} every {} ms", source->describe(), options.out, options.every_ms);

  int kept = 0;
  std::optional<std::int64_t> last_kept;
  // A camera that never delivers (unplugged, held by the daemon) is retried with backoff, but not
  // for ever: a recording left running at night must end with a reason, not fill the journal.
  const auto wait = std::chrono::seconds(options.wait_s);
  auto last_frame = std::chrono::steady_clock::now();
  while (!g_stop && (options.frames <= 0 || kept < options.frames)) {
    auto next = source->next();
    if (!next) {
      log::warning("{}", next.error().message);
      if (std::chrono::steady_clock::now() - last_frame >= wait) {
        log::error("record: no frame from {} in {} s; giving up ({} frames kept in {}). Is the camera plugged in, "
                   "and not held by seneschald?",
                   source->describe(), options.wait_s, kept, options.out);
        return kExitFailed;
      }
      continue;
    }
    last_frame = std::chrono::steady_clock::now();
    if (!next->has_value()) break;
    const vision::Frame& frame = **next;
    if (last_kept && frame.t_ms - *last_kept < options.every_ms) continue;
    const std::string name = fmt::format("frame-{:05d}.jpg", kept + 1);
    if (!cv::imwrite((fs::path(options.out) / name).string(), vision::bgr_of(frame.image, frame.format), {cv::IMWRITE_JPEG_QUALITY, 92})) {
      log::error("{}/{}: cannot write the frame", options.out, name);
      return kExitFailed;
    }
    // The log line goes after the frame is on disk: a line always names a whole frame.
    capture_log << nlohmann::json{{"frame", name}, {"t_ms", frame.t_ms}, {"from", frame.name}}.dump() << "\n"
                << std::flush;
    last_kept = frame.t_ms;
    ++kept;
  }
  fmt::print("{}: {} frames\n", options.out, kept);
  return 0;
}

Subcommand add_record_command(CLI::App& app, const CliContext&) {
  auto* command = app.add_subcommand("record", "save a camera's frames and a capture log, to replay later");
  auto record = std::make_shared<RecordOptions>();
  command->add_option("--source", record->source, "camera index, /dev/videoN, GStreamer pipeline, or a video")
      ->required();
  command->add_option("--out", record->out, "folder for frame-NNNNN.jpg and capture.jsonl")->required();
  auto every = std::make_shared<std::string>("200ms");
  command->add_option("--every", *every, "keep a frame at most this often (e.g. 200ms)")->capture_default_str();
  command->add_option("--frames", record->frames, "stop after this many frames (default: until Ctrl-C)");
  command->add_option("--wait-s", record->wait_s, "give up when the camera gave no frame for this many seconds")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  return {command, [record, every] {
            std::string ms = *every;
            if (ms.size() > 2 && ms.substr(ms.size() - 2) == "ms") ms.resize(ms.size() - 2);
            try {
              std::size_t used = 0;
              record->every_ms = std::stoll(ms, &used);
              if (used != ms.size()) throw std::invalid_argument(ms);
            } catch (const std::exception&) {
              log::error("--every {}: expected milliseconds, e.g. 200ms", *every);
              return kExitUsage;
            }
            return run_record(*record);
          }};
}

}  // namespace seneschal::firmware
