#include "seneschal/vision/table_watcher.hpp"

#include <algorithm>
#include <utility>

namespace seneschal::vision {

TableWatcher::TableWatcher(TrackerOptions scanner, StabilizerConfig stabilizer, TableLayout table, TableLookConfig look)
    : scanner_(std::move(scanner)), stabilizer_(stabilizer), look_(look), table_(std::move(table)) {}

WatchedFrame TableWatcher::watch(const cv::Mat& frame, std::int64_t t_ms) {
  return watch(frame, format_of_channels(frame), t_ms);
}

WatchedFrame TableWatcher::watch(const cv::Mat& frame, PixelFormat format, std::int64_t t_ms) {
  WatchedFrame out;
  // A YUV picture's Y plane is the grey picture the scanner wants, as it lies; BGR is converted
  // by the scanner (its grey stage).
  out.sightings = scanner_.scan(reader_picture(frame, format), t_ms);
  // The first frame with the four corner tags calibrates the table, before its cards are placed.
  if (!calibrated_ && table_.corner_tags_mm) {
    if (auto map = calibrate(table_, out.sightings)) {
      stabilizer_.set_map(std::move(map).value());
      calibrated_ = out.calibrated = true;
    }
  }
  const auto& stage_done = scanner_.options().stage_done;
  const std::vector<Sighting> held = stabilizer_.on_table();
  // The stabilizer looks only at the places of held cards this frame did not read; a frame that
  // read them all needs no look, and the look (a colour picture of the table, its learning) rests:
  // on a steady crowded 720p table it was a third of a frame's instructions. Learning waits for
  // the next frame that misses a card, when a hand or a change is about (bench table: no worse).
  // A pixel never known waits 2.4 s between such looks before it is taken as table.
  const bool all_read = std::all_of(held.begin(), held.end(), [&](const Sighting& h) {
    return std::any_of(out.sightings.begin(), out.sightings.end(), [&](const Sighting& s) { return s.payload == h.payload; });
  });
  if (all_read) {
    look_.rest(out.sightings, scanner_.unread(), t_ms);
  } else {
    look_.see(frame, format, scanner_.grey(), out.sightings, held, scanner_.unread(), t_ms);
  }
  if (stage_done) stage_done(FrameStage::Look);
  out.events = stabilizer_.update(out.sightings, t_ms, [this](const Sighting& last) { return look_.look(last); });
  if (stage_done) stage_done(FrameStage::Stabilizer);
  return out;
}

}  // namespace seneschal::vision
