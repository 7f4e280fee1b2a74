#pragma once
// The camera side of the device on its own thread: frames -> the table watcher (tracking scanner,
// what unread cards' places show, stabilizer) -> reports in a bounded queue, so a slow screen
// never stalls capture and a slow decoder never stalls the screen.

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "seneschal/firmware/base/bounded_queue.hpp"
#include "seneschal/vision/frame_source.hpp"
#include "seneschal/vision/stabilizer.hpp"
#include "seneschal/vision/table_map.hpp"
#include "seneschal/vision/tracker.hpp"

namespace seneschal::firmware {

// A tag's surroundings in a frame it was seen in (vision::crop_around_tag): the evidence kept
// for when the table and the books disagree about its card (TableEvidence).
struct TagCrop {
  std::string payload;
  cv::Mat image;  // BGR, at most 160 pixels a side
};

struct FrameReport {
  std::string frame;
  std::int64_t t_ms = 0;
  double decode_ms = 0;  // the whole watch: reading, looking, stabilizing
  std::vector<vision::Sighting> sightings;
  std::vector<vision::TagEvent> events;
  std::optional<std::string> error;  // a frame that could not be read, named
  bool calibrated = false;           // this frame calibrated the table (the first with its corners)
  std::vector<TagCrop> crops;        // of the sightings whose tag was last cut a second ago or more
};

// Recorded: frames are handed on at the pace they were recorded (for people watching a window);
// AsFastAsPossible: for headless runs and tests; Interval: a live camera, read at most once every
// `interval_ms` (its other frames are dropped: a Pi's core is not spent on 30 frames a second of
// a table that changes a few times a minute; README, "How fast a Pi reads").
enum class Pacing { Recorded, AsFastAsPossible, Interval };

class FramePipeline {
 public:
  // `table`: once a frame shows its four corner tags, the stabilizer places and turns cards on
  // the calibrated table (a report says so in `calibrated`).
  FramePipeline(std::unique_ptr<vision::FrameSource> source, vision::TrackerOptions scanner,
                vision::StabilizerConfig stabilizer, Overflow overflow, Pacing pacing,
                vision::TableLayout table = {}, std::int64_t interval_ms = 0);
  ~FramePipeline();
  FramePipeline(const FramePipeline&) = delete;
  FramePipeline& operator=(const FramePipeline&) = delete;

  void start();
  void stop();
  BoundedQueue<FrameReport>& reports() { return queue_; }
  // True once the source has ended and every report has been taken.
  bool finished() const { return queue_.closed_and_empty(); }

 private:
  void run();

  std::unique_ptr<vision::FrameSource> source_;
  vision::TrackerOptions scanner_options_;
  vision::StabilizerConfig stabilizer_config_;
  vision::TableLayout table_;
  Pacing pacing_;
  std::int64_t interval_ms_;
  BoundedQueue<FrameReport> queue_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace seneschal::firmware
