#include "seneschal/vision/stabilizer.hpp"

#include "seneschal/vision/tag.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace seneschal::vision {
namespace {

// Smoothing factor of an exponential filter with this cut-off, sampled every dt seconds.
double alpha(double cutoff_hz, double dt_s) {
  const double tau = 1.0 / (2.0 * std::numbers::pi * cutoff_hz);
  return 1.0 / (1.0 + tau / dt_s);
}

double angle_diff(double a, double b) { return angle_between_deg(a, b); }

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

int Stabilizer::next_quarter(int quarter, double turn_deg, double bow_on_deg, double bow_off_deg) {
  // The bowed flag first, with the hysteresis it has always had, then the nearest quarter on the
  // axis it chose. Leaving 0 for 180 (or 90 for 270) needs a turn of more than 90 from the
  // current quarter, so it is past either threshold anyway.
  const double off = off_axis_deg(turn_deg, 0.0);
  bool bowed = quarter % 180 != 0;
  if (!bowed && off > bow_on_deg) bowed = true;
  else if (bowed && off < bow_off_deg) bowed = false;
  const int on_axis = bowed ? 90 : 0;
  return std::abs(angle_diff(turn_deg, on_axis)) <= 90.0 ? on_axis : on_axis + 180;
}

Stabilizer::Stabilizer(StabilizerConfig config, TableMap map) : config_(config), map_(std::move(map)) {
  config_.appear_n = std::max(1, config_.appear_n);
  config_.appear_k = std::clamp(config_.appear_k, 1, config_.appear_n);
  config_.bow_on_deg = std::clamp(config_.bow_on_deg, 0.0, 90.0);
  config_.bow_off_deg = std::clamp(config_.bow_off_deg, 0.0, config_.bow_on_deg);
  map_.reference_deg = config_.reference_deg;
}

void Stabilizer::set_map(TableMap map) {
  map_ = std::move(map);
  map_.reference_deg = config_.reference_deg;
}

void Stabilizer::follow(Track& track, const Sighting& s, std::int64_t t_ms) const {
  const Point raw = centre_of(s);
  if (track.has_pose) {
    // Still or moving, against the sighting before (raw centres: the filter lags a real move).
    const Point before = centre_of(track.last);
    track.moving = std::hypot(raw.x - before.x, raw.y - before.y) > config_.still_share * std::max(longest_side(s), 4.0f);
  }
  if (!track.has_pose) {
    track.x = OneEuroFilter(config_.centre_filter);
    track.y = OneEuroFilter(config_.centre_filter);
    track.angle = OneEuroFilter(config_.angle_filter);
    track.unwrapped_angle = s.angle_deg;
  } else {
    // Filter the angle on a continuous scale, so 359 -> 1 is a 2 degree step, not -358.
    track.unwrapped_angle += angle_diff(s.angle_deg, track.unwrapped_angle);
  }
  track.pose.centre = {static_cast<float>(track.x.filter(raw.x, t_ms)), static_cast<float>(track.y.filter(raw.y, t_ms))};
  const double filtered = track.angle.filter(track.unwrapped_angle, t_ms);
  track.unwrapped_angle = filtered + angle_diff(track.unwrapped_angle, filtered);  // keep the raw, near the filtered
  track.pose.angle_deg = wrap360(filtered);
  const auto turn = [&](const Place& at) { return map_.turn_deg(track.pose.centre, track.pose.angle_deg, at); };
  if (!track.has_pose) {
    // No history yet: the nearest quarter, at the place where it first lies.
    track.pose.place = map_.place(track.pose.centre);
    track.pose.quarter = nearest_quarter(turn(track.pose.place));
    track.has_pose = true;
  } else {
    bool away = false;
    if (!settle_place(track, away)) {
      const int quarter = next_quarter(track.pose.quarter, turn(track.pose.place), config_.bow_on_deg, config_.bow_off_deg);
      if (!track.present) {
        track.pose.quarter = quarter;  // not on the table yet: nothing told, nothing to hold back
      } else if (!away) {  // out of its area it is in passage: no turn in the old seat
        settle_quarter(track, quarter);
      }
    }
  }
  track.pose.bowed = track.pose.quarter % 180 != 0;
}

void Stabilizer::settle_quarter(Track& track, int quarter) const {
  if (quarter == track.pose.quarter) {
    track.quarter_count = 0;
    return;
  }
  if (track.quarter_count > 0 && quarter == track.pending_quarter) {
    ++track.quarter_count;
  } else {
    track.pending_quarter = quarter;
    track.quarter_count = 1;
  }
  // Held for appear_k sightings, and the card lies still: a card turned while it is carried or
  // slid is in passage.
  if (track.quarter_count >= config_.appear_k && !track.moving) {
    track.pose.quarter = quarter;
    track.quarter_count = 0;
  }
}

bool Stabilizer::settle_place(Track& track, bool& away) const {
  const Place now = map_.place(track.pose.centre);
  const auto resnap = [&] {
    track.pose.quarter = nearest_quarter(map_.turn_deg(track.pose.centre, track.pose.angle_deg, track.pose.place));
    track.quarter_count = 0;
  };
  if (!track.present) {
    // Not on the table yet: nothing to debounce, the place is simply where it lies now.
    const bool reseated = now.seat != track.pose.place.seat;
    track.pose.place = now;
    track.pending_count = 0;
    if (reseated) resnap();
    return reseated;
  }
  track.pose.place.at = now.at;  // the millimetres follow the card even before its area settles
  if (now.same_area(track.pose.place)) {
    track.pending_count = 0;
    return false;
  }
  away = true;
  if (track.pending_count > 0 && now.same_area(track.pending)) {
    ++track.pending_count;
  } else {
    track.pending = now;
    track.pending_count = 1;
  }
  // Held for appear_k sightings and lying still there: the slide is over, one fact.
  if (track.pending_count < config_.appear_k || track.moving) return false;
  track.pose.place = now;
  track.pending_count = 0;
  track.moved = true;
  resnap();
  return true;
}

bool Stabilizer::gone(Track& track, const LookAtPlace& look, std::int64_t t_ms) const {
  if (track.control) return t_ms - track.kept_ms >= config_.control_absent_ms;
  const PlaceLook place = look ? look(track.last) : PlaceLook::Unseen;
  if (place != PlaceLook::Another && place != PlaceLook::Overlaid) {
    track.uncovering.clear();  // the card under it must show in frames in a row
    track.uncovered = 0;
  }
  if (place != PlaceLook::Another) track.stacked = 0;
  switch (place) {
    case PlaceLook::Another:
      if (track.seen_bare) return true;  // taken away, and another card laid where it lay
      // A card newly laid squarely where it lay hides it whole: a pile, or a card put in its
      // place within a frame. Nothing of it shows any more, so it is not on the table (a card
      // laid partly over it leaves it showing: held, below).
      track.stacked = laid_square_over(track) ? track.stacked + 1 : 0;
      if (track.stacked >= config_.uncovered_frames) return true;
      if (track.stacked > 0) break;  // waiting: neither held nor timed
      [[fallthrough]];
    case PlaceLook::Overlaid: {
      // Lifted off the card it lay on: that card shows where it lay, frame after frame.
      // A streak that breaks does not start again: the card under it has been read since.
      if (track.uncovered == 0) {
        track.uncovering = uncovered_under(track);
      } else if (!read_within_reach(track.uncovering, track)) {
        track.uncovering.clear();
      }
      track.uncovered = track.uncovering.empty() ? 0 : track.uncovered + 1;
      if (track.uncovered >= config_.uncovered_frames) return true;
      if (track.uncovered > 0) break;  // waiting: neither held nor timed
      track.kept_ms = t_ms;
      track.bare = track.bare_still = 0;
      return false;
    }
    case PlaceLook::Card:
    case PlaceLook::Covered:
      track.kept_ms = t_ms;
      track.bare = track.bare_still = 0;
      return false;
    case PlaceLook::Bare:
    case PlaceLook::Vacated:
    case PlaceLook::Passing: {
      track.seen_bare = true;
      ++track.bare;
      track.bare_still = place == PlaceLook::Bare ? track.bare_still + 1 : 0;
      if (place == PlaceLook::Passing) {
        if (track.bare >= config_.passing_frames) return true;
        break;
      }
      if (track.bare >= config_.bare_frames_moving) return true;
      if (!track.moving && track.bare_still >= config_.bare_frames) return true;
      break;
    }
    case PlaceLook::Unseen:
      break;
  }
  return t_ms - track.kept_ms >= config_.absent_ms;
}

namespace {
// How far, in code sides, another card's code may lie from a card's code and still be hidden by
// that card: a code sits near a card's corner, so a card laid over another hides codes up to about
// two sides from its own (TableLookConfig::reach counts 1.5 beyond the code's edge).
constexpr float kCardReachSides = 2.0f;
// A code within this part of a side of where another lay, turned less than kSquareDeg from it
// (or a quarter more), lies squarely on it: that card is hidden whole.
constexpr float kSquareShare = 0.25f;
constexpr double kSquareDeg = 20;
}  // namespace

bool Stabilizer::read_within_reach(const std::string& payload, const Track& track) const {
  const auto it = tracks_.find(payload);
  if (it == tracks_.end() || it->second.seen.empty() || !it->second.seen.back()) return false;
  const Point was = centre_of(track.last);
  const Point now = centre_of(it->second.last);
  return std::hypot(now.x - was.x, now.y - was.y) < kCardReachSides * std::max(longest_side(track.last), 4.0f);
}

bool Stabilizer::laid_square_over(const Track& track) const {
  const float side = std::max(longest_side(track.last), 4.0f);
  const Point was = centre_of(track.last);
  return std::any_of(tracks_.begin(), tracks_.end(), [&](const auto& entry) {
    const Track& other = entry.second;
    if (&other == &track || other.control || other.seen.empty() || !other.seen.back()) return false;
    if (other.first_ms <= track.last.t_ms) return false;  // it was there already: not laid on it
    const Point now = centre_of(other.last);
    const double turn = std::fmod(std::abs(other.last.angle_deg - track.last.angle_deg), 90.0);
    return std::hypot(now.x - was.x, now.y - was.y) < kSquareShare * side && std::min(turn, 90.0 - turn) < kSquareDeg;
  });
}

std::string Stabilizer::uncovered_under(const Track& track) const {
  const float side = std::max(longest_side(track.last), 4.0f);
  for (const auto& [payload, other] : tracks_) {
    if (&other == &track || other.control || !other.before_gap || !read_within_reach(payload, track)) continue;
    // Unread from before this card came until after it was last read: it lay under it.
    if (other.before_gap->t_ms > track.first_ms || other.gap_end_ms <= track.last.t_ms) continue;
    const Point now = centre_of(other.last);
    const Point before = centre_of(*other.before_gap);
    if (std::hypot(now.x - before.x, now.y - before.y) < config_.still_share * side) return payload;
  }
  return {};
}

std::vector<TagEvent> Stabilizer::update(const std::vector<Sighting>& frame, std::int64_t t_ms, const LookAtPlace& look) {
  std::vector<TagEvent> events;
  for (auto& [payload, track] : tracks_) track.seen.push_back(false);
  for (const Sighting& s : frame) {
    Track& track = tracks_[s.payload];
    if (track.seen.empty()) {
      track.seen.push_back(false);  // new tag: its slot for this frame
      track.first_ms = t_ms;
      const auto tag = parse_tag(s.payload);
      track.control = tag && tag->kind == Tag::Kind::Control;
    }
    if (track.seen.back()) continue;  // the same payload twice in one frame: the first one counts
    track.seen.back() = true;
    const int was_quarter = track.pose.quarter;
    track.moved = false;
    follow(track, s, t_ms);
    // A frame or more unread before this read: the gap, for a card found under another.
    if (track.last.payload == s.payload && track.seen.size() >= 2 && !track.seen[track.seen.size() - 2]) {
      track.before_gap = track.last;
      track.gap_end_ms = t_ms;
    }
    track.last = s;
    track.last.t_ms = t_ms;
    track.kept_ms = t_ms;
    track.bare = track.bare_still = 0;
    track.seen_bare = false;
    track.uncovering.clear();
    track.uncovered = 0;
    track.stacked = 0;
    if (track.present && track.moved) {
      events.push_back({TagEvent::Kind::Moved, s.payload, track.last, track.pose});
    } else if (track.present && track.pose.quarter != was_quarter) {
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
    } else if (track.present && !track.seen.back() && gone(track, look, t_ms)) {
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

std::vector<Sighting> Stabilizer::on_table() const {
  std::vector<Sighting> out;
  for (const auto& [payload, track] : tracks_) {
    if (track.present) out.push_back(track.last);
  }
  return out;
}

std::optional<Pose> Stabilizer::pose(const std::string& payload) const {
  auto it = tracks_.find(payload);
  if (it == tracks_.end() || !it->second.present) return std::nullopt;
  return it->second.pose;
}

}  // namespace seneschal::vision
