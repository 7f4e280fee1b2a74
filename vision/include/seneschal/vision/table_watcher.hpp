#pragma once
// The camera's side of the table in one place, for the daemon's camera thread and for every run
// that scores or times it (BoardRun, the bench): a frame through the tracking scanner, the table
// calibrated by the first frame that shows the four corner tags, what the places of unread cards
// show (TableLook), and the stabilizer's events. One chain, so that what the bench measures is
// what the daemon does.

#include <cstdint>
#include <memory>
#include <opencv2/core/mat.hpp>
#include <vector>

#include "seneschal/vision/sighting.hpp"
#include "seneschal/vision/stabilizer.hpp"
#include "seneschal/vision/table_look.hpp"
#include "seneschal/vision/table_map.hpp"
#include "seneschal/vision/tracker.hpp"

namespace seneschal::vision {

struct WatchedFrame {
  std::vector<Sighting> sightings;  // the codes this frame read
  std::vector<TagEvent> events;     // what changed on the table
  bool calibrated = false;          // this frame calibrated the table (the first with its corners)
};

class TableWatcher {
 public:
  // `table`: once a frame shows its four corner tags, cards are placed and turned on the
  // calibrated table.
  TableWatcher(TrackerOptions scanner = {}, StabilizerConfig stabilizer = {}, TableLayout table = {},
               TableLookConfig look = {});

  // `frame`: BGR or grey (by its channels), or in the camera's own layout with `format`.
  WatchedFrame watch(const cv::Mat& frame, std::int64_t t_ms);
  WatchedFrame watch(const cv::Mat& frame, PixelFormat format, std::int64_t t_ms);

  bool calibrated() const { return calibrated_; }
  const Stabilizer& stabilizer() const { return stabilizer_; }
  const TrackingScanner& scanner() const { return scanner_; }
  const TableLook& look() const { return look_; }

 private:
  TrackingScanner scanner_;
  Stabilizer stabilizer_;
  TableLook look_;
  TableLayout table_;
  bool calibrated_ = false;
};

}  // namespace seneschal::vision
