#pragma once
// Turns per-frame sightings into table events: a tag counts as there once it is seen in k of the
// last n frames, and as gone after absent_ms without a sighting, so one missed frame or one
// misread frame does not flicker a card on and off the table.
//
// "Presented": a card held under the camera, or laid down, fires ONE Appeared event, not one per
// frame. Taken away and brought back within absent_ms it is still the same presentation (no new
// event); brought back later it is a new one (Left, then Appeared again). Two copies of one card
// carry different payloads (the copy number), so they are two tags with their own events.
//
// Bowed (the card turned about 90 degrees) changes with hysteresis: a straight card becomes bowed
// only once it is more than bow_on_deg from the reference direction, and a bowed one straight
// again only once it is less than bow_off_deg from it, so a card lying near 45 degrees, with
// the decoder's corner jitter, never flickers. Each change is a Rotated event. The reference is
// the image's up until seats are calibrated (then it becomes the seat's direction).
//
// Centre and angle pass through a 1-euro filter, so the pose handed on does not jitter with the
// decoder's corners while a card that really moves is followed without lag.

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision {

// Parameters of a 1-euro filter (Casiez, Roussel and Vogel, "1 Euro Filter: A Simple Speed-based
// Low-pass Filter for Noisy Input in Interactive Systems", CHI 2012). The paper's tuning
// procedure: set beta to 0 and lower min_cutoff until the jitter of a still input is acceptable,
// then raise beta until a fast move has no noticeable lag; d_cutoff (the cut-off for the speed
// estimate) is left at the paper's 1 Hz. The paper's examples start from min_cutoff = 1 Hz and
// beta = 0. Our betas are in per-unit terms (pixels per second for the centre, degrees per
// second for the angle) and were chosen so that a card dragged across the table or turned by 90
// degrees between two frames at 5 fps is followed within about two frames.
struct OneEuroConfig {
  double min_cutoff_hz = 1.0;
  double beta = 0.0;
  double d_cutoff_hz = 1.0;
};

// One scalar through a 1-euro filter: a low-pass filter whose cut-off rises with the speed of the
// signal (min_cutoff + beta * |speed|), so slow jitter is smoothed hard and fast moves pass.
class OneEuroFilter {
 public:
  explicit OneEuroFilter(OneEuroConfig config = {});
  // The filtered value of `value` sampled at t_ms. The first sample passes unchanged.
  double filter(double value, std::int64_t t_ms);
  void reset();

 private:
  OneEuroConfig config_;
  bool started_ = false;
  double x_ = 0;   // last filtered value
  double dx_ = 0;  // last filtered speed (units per second)
  std::int64_t t_ms_ = 0;
};

struct StabilizerConfig {
  int appear_k = 2;
  int appear_n = 3;
  std::int64_t absent_ms = 1000;
  // Bowed hysteresis, in degrees from the reference direction (0..90).
  double bow_on_deg = 60;
  double bow_off_deg = 30;
  // The direction that counts as upright, as Sighting::angle_deg (0: the image's up).
  double reference_deg = 0;
  OneEuroConfig centre_filter{1.0, 0.05, 1.0};
  OneEuroConfig angle_filter{1.0, 0.05, 1.0};
};

// Where a tag lies, after filtering.
struct Pose {
  Point centre;           // mean of the four corners, in pixels
  double angle_deg = 0;   // as Sighting::angle_deg, 0 to 360
  bool bowed = false;     // with hysteresis, against StabilizerConfig::reference_deg
};

struct TagEvent {
  // Appeared: presented (once per presentation); Left: absent for absent_ms;
  // Rotated: the bowed state changed while present (pose.bowed is the new state).
  enum class Kind { Appeared, Left, Rotated };
  Kind kind = Kind::Appeared;
  std::string payload;
  Sighting last;  // the sighting that decided it (for Left: the last one seen)
  Pose pose;      // the filtered pose at that moment
};

class Stabilizer {
 public:
  explicit Stabilizer(StabilizerConfig config = {});
  // One call per frame, with everything seen in it (possibly nothing).
  std::vector<TagEvent> update(const std::vector<Sighting>& frame, std::int64_t t_ms);
  // Tags currently on the table.
  std::vector<std::string> present() const;
  // The filtered pose of a tag on the table, or nothing if it is not there.
  std::optional<Pose> pose(const std::string& payload) const;

  // How far an angle is from the reference direction's axis, folded to 0..90 degrees
  // (0 and 180 from it are both straight, 90 and 270 both fully bowed).
  static double off_axis_deg(double angle_deg, double reference_deg);

 private:
  struct Track {
    std::deque<bool> seen;  // last n frames, newest at the back
    Sighting last;
    bool present = false;
    Pose pose;
    OneEuroFilter x, y, angle;  // angle is filtered unwrapped, then folded back to 0..360
    double unwrapped_angle = 0;
    bool has_pose = false;
  };
  void follow(Track& track, const Sighting& s, std::int64_t t_ms) const;

  StabilizerConfig config_;
  std::map<std::string, Track> tracks_;
};

}  // namespace seneschal::vision
