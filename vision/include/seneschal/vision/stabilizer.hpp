#pragma once
// Turns per-frame sightings into table events: a tag counts as there once it is seen in k of the
// last n frames, and as gone after absent_ms without a sighting, so one missed frame or one
// misread frame does not flicker a card on and off the table.

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision {

struct StabilizerConfig {
  int appear_k = 2;
  int appear_n = 3;
  std::int64_t absent_ms = 1000;
};

struct TagEvent {
  enum class Kind { Appeared, Left };
  Kind kind = Kind::Appeared;
  std::string payload;
  Sighting last;  // the sighting that decided it (for Left: the last one seen)
};

class Stabilizer {
 public:
  explicit Stabilizer(StabilizerConfig config = {});
  // One call per frame, with everything seen in it (possibly nothing).
  std::vector<TagEvent> update(const std::vector<Sighting>& frame, std::int64_t t_ms);
  // Tags currently on the table.
  std::vector<std::string> present() const;

 private:
  struct Track {
    std::deque<bool> seen;  // last n frames, newest at the back
    Sighting last;
    bool present = false;
  };
  StabilizerConfig config_;
  std::map<std::string, Track> tracks_;
};

}  // namespace seneschal::vision
