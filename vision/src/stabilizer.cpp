#include "seneschal/vision/stabilizer.hpp"

#include <algorithm>

namespace seneschal::vision {

Stabilizer::Stabilizer(StabilizerConfig config) : config_(config) {
  config_.appear_n = std::max(1, config_.appear_n);
  config_.appear_k = std::clamp(config_.appear_k, 1, config_.appear_n);
}

std::vector<TagEvent> Stabilizer::update(const std::vector<Sighting>& frame, std::int64_t t_ms) {
  std::vector<TagEvent> events;
  for (auto& [payload, track] : tracks_) track.seen.push_back(false);
  for (const Sighting& s : frame) {
    Track& track = tracks_[s.payload];
    if (track.seen.empty()) track.seen.push_back(false);  // new tag: its slot for this frame
    track.seen.back() = true;
    track.last = s;
    track.last.t_ms = t_ms;
  }
  for (auto it = tracks_.begin(); it != tracks_.end();) {
    Track& track = it->second;
    while (static_cast<int>(track.seen.size()) > config_.appear_n) track.seen.pop_front();
    const int hits = static_cast<int>(std::count(track.seen.begin(), track.seen.end(), true));
    if (!track.present && hits >= config_.appear_k) {
      track.present = true;
      events.push_back({TagEvent::Kind::Appeared, it->first, track.last});
    } else if (track.present && t_ms - track.last.t_ms >= config_.absent_ms) {
      events.push_back({TagEvent::Kind::Left, it->first, track.last});
      it = tracks_.erase(it);
      continue;
    }
    if (!track.present && hits == 0) {
      it = tracks_.erase(it);  // a one-off misread that never made it onto the table
      continue;
    }
    ++it;
  }
  return events;
}

std::vector<std::string> Stabilizer::present() const {
  std::vector<std::string> out;
  for (const auto& [payload, track] : tracks_) {
    if (track.present) out.push_back(payload);
  }
  return out;
}

}  // namespace seneschal::vision
