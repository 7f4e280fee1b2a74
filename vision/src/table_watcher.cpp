#include "seneschal/vision/table_watcher.hpp"

#include <utility>

namespace seneschal::vision {

TableWatcher::TableWatcher(TrackerOptions scanner, StabilizerConfig stabilizer, TableLayout table, TableLookConfig look)
    : scanner_(std::move(scanner)), stabilizer_(stabilizer), look_(look), table_(std::move(table)) {}

WatchedFrame TableWatcher::watch(const cv::Mat& frame, std::int64_t t_ms) {
  WatchedFrame out;
  out.sightings = scanner_.scan(frame, t_ms);
  // The first frame with the four corner tags calibrates the table, before its cards are placed.
  if (!calibrated_ && table_.corner_tags_mm) {
    if (auto map = calibrate(table_, out.sightings)) {
      stabilizer_.set_map(std::move(map).value());
      calibrated_ = out.calibrated = true;
    }
  }
  look_.see(frame, scanner_.grey(), out.sightings, stabilizer_.on_table(), scanner_.unread(), t_ms);
  out.events = stabilizer_.update(out.sightings, t_ms, [this](const Sighting& last) { return look_.look(last); });
  return out;
}

}  // namespace seneschal::vision
