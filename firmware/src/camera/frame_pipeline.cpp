#include "seneschal/firmware/camera/frame_pipeline.hpp"

#include <algorithm>
#include <chrono>
#include <map>

#include "seneschal/vision/tag_crop.hpp"
#include "seneschal/vision/table_watcher.hpp"

namespace seneschal::firmware {
namespace {

constexpr std::int64_t kCropEveryMs = 1000;

}  // namespace

FramePipeline::FramePipeline(std::unique_ptr<vision::FrameSource> source, vision::TrackerOptions scanner,
                             vision::StabilizerConfig stabilizer, Overflow overflow, Pacing pacing,
                             vision::TableLayout table, std::int64_t interval_ms)
    : source_(std::move(source)),
      scanner_options_(std::move(scanner)),
      stabilizer_config_(stabilizer),
      table_(std::move(table)),
      pacing_(pacing),
      interval_ms_(interval_ms),
      queue_(8, overflow) {}

FramePipeline::~FramePipeline() { stop(); }

void FramePipeline::start() {
  thread_ = std::thread([this] { run(); });
}

void FramePipeline::stop() {
  stopping_ = true;
  queue_.close();
  if (thread_.joinable()) thread_.join();
}

void FramePipeline::run() {
  using Clock = std::chrono::steady_clock;
  // A steady table is re-read in the regions of known tags, with a full scan every few frames or
  // when the picture changes: most frames cost a fraction of a full scan (see tracker.hpp). Cards
  // whose codes a frame does not read are looked at where they lay (table_look.hpp).
  vision::TableWatcher watcher(scanner_options_, stabilizer_config_, table_);
  const auto started = Clock::now();
  std::optional<std::int64_t> first_t;
  std::map<std::string, std::int64_t> cropped_at;  // by payload: the frame time of its last crop
  std::optional<Clock::time_point> last_read;
  while (!stopping_) {
    if (pacing_ == Pacing::Interval) {
      // In short steps, so that stopping (Q, a reload) does not wait out a long interval.
      const auto next_read = last_read ? *last_read + std::chrono::milliseconds(interval_ms_) : Clock::now();
      while (!stopping_ && Clock::now() < next_read) {
        std::this_thread::sleep_for(std::min<Clock::duration>(next_read - Clock::now(), std::chrono::milliseconds(20)));
      }
      if (stopping_) break;
      last_read = Clock::now();
    }
    auto next = source_->next();
    if (!next) {
      FrameReport report;
      report.error = next.error().message;
      if (!queue_.push(std::move(report))) break;
      continue;
    }
    if (!next->has_value()) break;
    vision::Frame frame = std::move(next->value());
    if (pacing_ == Pacing::Recorded) {
      if (!first_t) first_t = frame.t_ms;
      std::this_thread::sleep_until(started + std::chrono::milliseconds(frame.t_ms - *first_t));
    }
    FrameReport report;
    report.frame = frame.name;
    report.t_ms = frame.t_ms;
    const auto t0 = Clock::now();
    vision::WatchedFrame watched = watcher.watch(frame.image, frame.format, frame.t_ms);
    report.decode_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    report.sightings = std::move(watched.sightings);
    report.events = std::move(watched.events);
    report.calibrated = watched.calibrated;
    // Cut now: by the time the players are asked about a card, its frame is long gone. Once a
    // second per tag is enough for "how it lay when last seen" and costs a fifth of every frame's
    // crops at 5 fps (BM_CropEveryTag).
    for (const vision::Sighting& sighting : report.sightings) {
      auto [last, first] = cropped_at.try_emplace(sighting.payload, frame.t_ms);
      if (!first && frame.t_ms - last->second < kCropEveryMs) continue;
      last->second = frame.t_ms;
      report.crops.push_back({sighting.payload, vision::crop_around_tag(frame.image, frame.format, sighting)});
    }
    if (!queue_.push(std::move(report))) break;
  }
  queue_.close();
}

}  // namespace seneschal::firmware
