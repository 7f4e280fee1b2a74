#include "seneschal/vision/stabilizer.hpp"

#include "seneschal/vision/table_calibration.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace seneschal::vision {
namespace {

// Smoothing factor of an exponential filter with this cut-off, sampled every dt seconds.
double alpha(double cutoff_hz, double dt_s) {
  const double tau = 1.0 / (2.0 * std::numbers::pi * cutoff_hz);
  return 1.0 / (1.0 + tau / dt_s);
}

// a - b brought into (-180, 180].
double angle_diff(double a, double b) {
  double d = std::fmod(a - b, 360.0);
  if (d > 180.0) d -= 360.0;
  if (d <= -180.0) d += 360.0;
  return d;
}

double wrap360(double a) {
  double w = std::fmod(a, 360.0);
  return w < 0 ? w + 360.0 : w;
}

}  // namespace

OneEuroFilter::OneEuroFilter(OneEuroConfig config) : config_(config) {}

void OneEuroFilter::reset() { started_ = false; }

double OneEuroFilter::filter(double value, std::int64_t t_ms) {
  if (!started_) {
    started_ = true;
    x_ = value;
    dx_ = 0;
    t_ms_ = t_ms;
    return value;
  }
  // Two samples at the same time (or a clock going back) would divide by zero: treat as 1 ms.
  const double dt = std::max<double>(static_cast<double>(t_ms - t_ms_), 1.0) / 1000.0;
  t_ms_ = t_ms;
  const double speed = (value - x_) / dt;
  dx_ += alpha(config_.d_cutoff_hz, dt) * (speed - dx_);
  const double cutoff = config_.min_cutoff_hz + config_.beta * std::abs(dx_);
  x_ += alpha(cutoff, dt) * (value - x_);
  return x_;
}

double Stabilizer::off_axis_deg(double angle_deg, double reference_deg) {
  const double d = std::abs(angle_diff(angle_deg, reference_deg));  // 0..180
  return d > 90.0 ? 180.0 - d : d;
}

Stabilizer::Stabilizer(StabilizerConfig config) : config_(config) {
  config_.appear_n = std::max(1, config_.appear_n);
  config_.appear_k = std::clamp(config_.appear_k, 1, config_.appear_n);
  config_.bow_on_deg = std::clamp(config_.bow_on_deg, 0.0, 90.0);
  config_.bow_off_deg = std::clamp(config_.bow_off_deg, 0.0, config_.bow_on_deg);
}

void Stabilizer::follow(Track& track, const Sighting& s, std::int64_t t_ms) const {
  double cx = 0;
  double cy = 0;
  for (const Point& c : s.corners) {
    cx += c.x / 4.0;
    cy += c.y / 4.0;
  }
  if (!track.has_pose) {
    track.x = OneEuroFilter(config_.centre_filter);
    track.y = OneEuroFilter(config_.centre_filter);
    track.angle = OneEuroFilter(config_.angle_filter);
    track.unwrapped_angle = s.angle_deg;
    // No history yet: the plain half-way rule decides the first state.
    track.pose.bowed = is_bowed(s.angle_deg, config_.reference_deg);  // no history yet: the plain rule
    track.has_pose = true;
  } else {
    // Filter the angle on a continuous scale, so 359 -> 1 is a 2 degree step, not -358.
    track.unwrapped_angle += angle_diff(s.angle_deg, track.unwrapped_angle);
  }
  track.pose.centre = {static_cast<float>(track.x.filter(cx, t_ms)), static_cast<float>(track.y.filter(cy, t_ms))};
  const double filtered = track.angle.filter(track.unwrapped_angle, t_ms);
  track.unwrapped_angle = filtered + angle_diff(track.unwrapped_angle, filtered);  // keep the raw, near the filtered
  track.pose.angle_deg = wrap360(filtered);
  const double off = off_axis_deg(track.pose.angle_deg, config_.reference_deg);
  if (!track.pose.bowed && off > config_.bow_on_deg) track.pose.bowed = true;
  if (track.pose.bowed && off < config_.bow_off_deg) track.pose.bowed = false;
}

std::vector<TagEvent> Stabilizer::update(const std::vector<Sighting>& frame, std::int64_t t_ms) {
  std::vector<TagEvent> events;
  for (auto& [payload, track] : tracks_) track.seen.push_back(false);
  for (const Sighting& s : frame) {
    Track& track = tracks_[s.payload];
    if (track.seen.empty()) track.seen.push_back(false);  // new tag: its slot for this frame
    if (track.seen.back()) continue;  // the same payload twice in one frame: the first one counts
    track.seen.back() = true;
    track.last = s;
    track.last.t_ms = t_ms;
    const bool was_bowed = track.pose.bowed;
    follow(track, s, t_ms);
    if (track.present && track.pose.bowed != was_bowed) {
      events.push_back({TagEvent::Kind::Rotated, s.payload, track.last, track.pose});
    }
  }
  for (auto it = tracks_.begin(); it != tracks_.end();) {
    Track& track = it->second;
    while (static_cast<int>(track.seen.size()) > config_.appear_n) track.seen.pop_front();
    const int hits = static_cast<int>(std::count(track.seen.begin(), track.seen.end(), true));
    if (!track.present && hits >= config_.appear_k) {
      track.present = true;
      events.push_back({TagEvent::Kind::Appeared, it->first, track.last, track.pose});
    } else if (track.present && t_ms - track.last.t_ms >= config_.absent_ms) {
      events.push_back({TagEvent::Kind::Left, it->first, track.last, track.pose});
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

std::optional<Pose> Stabilizer::pose(const std::string& payload) const {
  auto it = tracks_.find(payload);
  if (it == tracks_.end() || !it->second.present) return std::nullopt;
  return it->second.pose;
}

}  // namespace seneschal::vision
