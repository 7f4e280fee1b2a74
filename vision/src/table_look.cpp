#include "seneschal/vision/table_look.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <opencv2/photo.hpp>

namespace seneschal::vision {
namespace {

// Known table pixels that differed from the table and held still this many frames in a row are
// taken as the table at once: something was learnt wrong (a hand in the first frames), and a
// hand resting on the table (2 s, 10 frames at 5 fps) is not still that long.
constexpr int kRelearnFrames = 15;
// How fast known table pixels follow what they show (per frame): slow enough that a hand resting
// for 2 s is not learnt, fast enough for the daylight to drift.
constexpr float kFollow = 0.02f;
// The table's own colour round a place, from the learnt table shrunk this many times: its lamp
// fall-off and shadows, not its grain.
constexpr int kColourCell = 8;
// A near-grey brightening up to this many levels is a lamp's reflection, not something over the
// place (a hand's or a sleeve's colour is not near grey against any cloth).
constexpr double kGlareGreyness = 14;
// A place whose mean colour is within this of the table's round it, and whose greys vary no more
// than this factor times the table's own (its 95th percentile) in a place of that size, looks like
// the table.
constexpr double kColourNear = 24;
constexpr double kFlatMargin = 1.5;
constexpr double kFlatFloor = 5;
// Above this part of the known table differing at once, the picture shows nothing to judge a
// place by (the camera covered, the light switched off): only time decides then.
constexpr double kBlind = 0.7;

float side_of(const Sighting& s) {
  float side = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const Point& a = s.corners[i];
    const Point& b = s.corners[(i + 1) % 4];
    side = std::max(side, std::hypot(b.x - a.x, b.y - a.y));
  }
  return side;
}

cv::Rect scaled(const cv::Rect& r, double f, const cv::Size& within) {
  const cv::Rect out(cv::Point(int(std::floor(r.x * f)), int(std::floor(r.y * f))),
                     cv::Point(int(std::ceil(r.br().x * f)), int(std::ceil(r.br().y * f))));
  return out & cv::Rect(cv::Point(0, 0), within);
}

// Per pixel, the largest difference over the channels.
void largest_difference(const cv::Mat& a, const cv::Mat& b, cv::Mat& out) {
  cv::Mat d;
  cv::absdiff(a, b, d);
  std::vector<cv::Mat> parts;
  cv::split(d, parts);
  out = cv::max(cv::max(parts[0], parts[1]), parts[2]);
}

}  // namespace

TableLook::TableLook(TableLookConfig config) : config_(config) {}

void TableLook::reset() {
  frame_size_ = {};
  table_.release();
  known_.release();
  previous_.release();
  small_.release();
  colours_.release();
  blind_ = false;
  cards_seen_.clear();
}

double TableLook::known_share() const { return known_.empty() ? 0.0 : double(cv::countNonZero(known_)) / double(known_.total()); }

cv::Rect TableLook::box(const Sighting& s, double grow) const {
  const Point c = centre_of(s);
  const float half = std::max(side_of(s), 4.0f) * float(0.5 + grow);
  const cv::Rect wanted(cv::Point(int(std::floor(c.x - half)), int(std::floor(c.y - half))),
                        cv::Point(int(std::ceil(c.x + half)), int(std::ceil(c.y + half))));
  return wanted & cv::Rect(cv::Point(0, 0), frame_size_);
}

cv::Mat TableLook::patch_of(const cv::Rect& b) const {
  if (b.width < 4 || b.height < 4) return {};
  cv::Mat small, out;
  cv::resize(grey_(b), small, cv::Size(config_.patch_side, config_.patch_side), 0, 0, cv::INTER_AREA);
  small.convertTo(out, CV_32F);
  out -= cv::mean(out)[0];
  const double norm = cv::norm(out);
  // A flat place (a washed-out code, the bare cloth) has no pattern to compare.
  if (norm < 2.0 * config_.patch_side) return {};
  out /= norm;
  return out;
}

void TableLook::see(const cv::Mat& frame, const std::vector<Sighting>& read, const std::vector<Sighting>& held,
                    std::int64_t t_ms) {
  if (frame.empty()) return;
  if (frame.size() != frame_size_) {
    reset();
    frame_size_ = frame.size();
    scale_ = double(std::min(config_.model_width, frame.cols)) / frame.cols;
  }
  if (frame.channels() == 1) {
    grey_ = frame;
  } else {
    cv::cvtColor(frame, grey_, frame.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  }
  const cv::Size model(std::max(1, int(std::lround(frame.cols * scale_))), std::max(1, int(std::lround(frame.rows * scale_))));
  cv::Mat colour;
  if (frame.channels() == 1) cv::cvtColor(frame, colour, cv::COLOR_GRAY2BGR);
  else if (frame.channels() == 4) cv::cvtColor(frame, colour, cv::COLOR_BGRA2BGR);
  else colour = frame;
  previous_ = small_.empty() ? cv::Mat() : small_.clone();
  cv::resize(colour, small_, model, 0, 0, cv::INTER_AREA);

  // Where cards lie this frame, read or held: never learnt as table.
  cards_ = cv::Mat::zeros(model, CV_8U);
  for (const auto* list : {&read, &held}) {
    for (const Sighting& s : *list) cv::rectangle(cards_, scaled(box(s, config_.reach), scale_, model), 255, cv::FILLED);
  }
  for (const Sighting& s : read) {
    code_side_ += 0.1 * (side_of(s) - code_side_);
    cv::Mat patch = patch_of(box(s, 0.1));
    if (!patch.empty()) cards_seen_[s.payload] = {std::move(patch), t_ms};
  }
  std::erase_if(cards_seen_, [&](const auto& entry) { return t_ms - entry.second.t_ms > config_.forget_ms; });

  if (table_.empty()) {
    table_ = cv::Mat::zeros(model, CV_32FC3);
    known_ = cv::Mat::zeros(model, CV_8U);
    still_busy_ = cv::Mat::zeros(model, CV_8U);
  }
  // The table as the light falls now: a camera's exposure moves all of it at once.
  cv::Mat open_table = known_ & ~cards_;
  gain_ = cv::Scalar::all(1);
  if (cv::countNonZero(open_table) > int(open_table.total() / 10)) {
    const cv::Scalar now = cv::mean(small_, open_table), learnt = cv::mean(table_, open_table);
    for (int c = 0; c < 3; ++c) gain_[c] = learnt[c] > 8 ? std::clamp(now[c] / learnt[c], 0.5, 2.0) : 1.0;
  }
  cv::Mat expected, expected8;
  cv::multiply(table_, gain_, expected);
  expected.convertTo(expected8, CV_8UC3);
  largest_difference(small_, expected8, busy_);
  busy_ = (busy_ > config_.bare_level) & known_;
  blind_ = cv::countNonZero(known_) > 0 && cv::countNonZero(busy_) > kBlind * cv::countNonZero(known_);

  // Learn where no card lies and nothing moved since the frame before (a hand on its way is not
  // table); a pixel next to one that moved is not learnt either.
  if (previous_.empty() || blind_) return;
  cv::Mat moved;
  largest_difference(small_, previous_, moved);
  moved = moved > config_.bare_level / 2;
  cv::dilate(moved, moved, cv::Mat(), cv::Point(-1, -1), 1);
  const cv::Mat learn = ~moved & ~cards_;
  cv::Mat small_f;
  small_.convertTo(small_f, CV_32FC3);
  const cv::Mat fresh = learn & ~known_;
  small_f.copyTo(table_, fresh);
  cv::accumulateWeighted(small_f, table_, kFollow, learn & known_);
  // Still and differing for kRelearnFrames frames: learnt wrong, taken as it is now.
  const cv::Mat differing = learn & busy_;
  cv::add(still_busy_, 1, still_busy_, differing);
  still_busy_.setTo(0, ~differing);
  const cv::Mat relearn = still_busy_ >= kRelearnFrames;
  small_f.copyTo(table_, relearn);
  still_busy_.setTo(0, relearn);
  known_ |= fresh;
  if (cv::countNonZero(fresh) > 0 || ++since_colours_ >= kColourCell) {
    since_colours_ = 0;
    learn_colours();
  }
}

void TableLook::learn_colours() {
  // The table's colour round any place: the known table averaged per cell, and cells with too
  // little known (under the cards lying there since the first frame) filled in from round them.
  const cv::Size cells(std::max(1, table_.cols / kColourCell), std::max(1, table_.rows / kColourCell));
  cv::Mat known_f, known3, weighted, sums, weights;
  known_.convertTo(known_f, CV_32F, 1.0 / 255);
  cv::merge(std::vector<cv::Mat>{known_f, known_f, known_f}, known3);
  cv::multiply(table_, known3, weighted);
  cv::resize(weighted, sums, cells, 0, 0, cv::INTER_AREA);
  cv::resize(known_f, weights, cells, 0, 0, cv::INTER_AREA);
  cv::Mat weights3, mean, mean8;
  cv::merge(std::vector<cv::Mat>{weights, weights, weights}, weights3);
  cv::divide(sums, cv::max(weights3, 1e-3), mean);
  mean.convertTo(mean8, CV_8UC3);
  const cv::Mat unknown = weights < 0.3f;
  if (cv::countNonZero(unknown) == int(unknown.total())) {
    colours_.release();
    return;
  }
  cv::inpaint(mean8, unknown, colours_, 3, cv::INPAINT_TELEA);
  // How much the table's greys vary within a place's size (its weave, its grain, a plank's seam):
  // the 95th percentile over the known table of the standard deviation in a code-sized window.
  cv::Mat grey, mu, mu2, var;
  cv::cvtColor(table_, grey, cv::COLOR_BGR2GRAY);
  const int window = std::max(5, int(std::lround(code_side_ * scale_ * 1.3)));
  cv::boxFilter(grey, mu, CV_32F, cv::Size(window, window));
  cv::boxFilter(grey.mul(grey), mu2, CV_32F, cv::Size(window, window));
  var = mu2 - mu.mul(mu);
  std::vector<float> spreads;
  for (int y = 0; y < var.rows; y += 2) {
    for (int x = 0; x < var.cols; x += 2) {
      if (known_.at<std::uint8_t>(y, x)) spreads.push_back(std::sqrt(std::max(0.0f, var.at<float>(y, x))));
    }
  }
  if (spreads.empty()) return;
  auto at95 = spreads.begin() + static_cast<std::ptrdiff_t>(spreads.size() * 95 / 100);
  std::nth_element(spreads.begin(), at95, spreads.end());
  table_flat_ = *at95;
}

double TableLook::ring_busy(const cv::Rect& outer, const cv::Rect& inner) const {
  // Known table round the place, not under another card.
  cv::Mat ring = known_(outer) & ~cards_(outer);
  const cv::Rect hole = (inner - outer.tl()) & cv::Rect(cv::Point(0, 0), outer.size());
  ring(hole).setTo(0);
  const int total = cv::countNonZero(ring);
  if (total < 12) return -1;  // nothing known round it to tell by
  return double(cv::countNonZero(busy_(outer) & ring)) / total;
}

bool TableLook::table_like(const cv::Rect& place) const {
  if (colours_.empty() || place.empty()) return false;
  const cv::Point cell(std::clamp(int((place.x + place.width / 2.0) / table_.cols * colours_.cols), 0, colours_.cols - 1),
                       std::clamp(int((place.y + place.height / 2.0) / table_.rows * colours_.rows), 0, colours_.rows - 1));
  const cv::Vec3b table = colours_.at<cv::Vec3b>(cell);
  cv::Scalar mean, sd;
  cv::Mat grey;
  cv::cvtColor(small_(place), grey, cv::COLOR_BGR2GRAY);
  cv::meanStdDev(grey, mean, sd);
  const cv::Scalar colour = cv::mean(small_(place));
  for (int c = 0; c < 3; ++c) {
    if (std::abs(colour[c] - table[c] * gain_[c]) > kColourNear) return false;
  }
  return sd[0] <= std::max(kFlatFloor, kFlatMargin * table_flat_);
}

PlaceLook TableLook::look(const Sighting& last) const {
  if (frame_size_.empty() || grey_.empty()) return PlaceLook::Unseen;
  const cv::Rect code = box(last, 0.1);
  if (code.width < 4 || code.height < 4) return PlaceLook::Unseen;  // out of the picture
  if (const auto remembered = cards_seen_.find(last.payload); remembered != cards_seen_.end()) {
    const cv::Mat now = patch_of(code);
    if (!now.empty() && now.dot(remembered->second.patch) >= config_.card_ncc) return PlaceLook::Card;
  }
  if (blind_) return PlaceLook::Unseen;
  const cv::Rect place = scaled(box(last, 0.15), scale_, table_.size());
  if (place.empty()) return PlaceLook::Unseen;
  const int area = place.area();
  const int known = cv::countNonZero(known_(place));
  // A hand or an arm reaching over the place shows round it too.
  const double ring = ring_busy(scaled(box(last, config_.reach + 1), scale_, table_.size()),
                                scaled(box(last, config_.reach), scale_, table_.size()));
  if (ring > config_.ring_busy) return PlaceLook::Covered;
  if (known >= 0.7 * area && bare_against_table(place)) return PlaceLook::Bare;
  if (ring >= 0 && table_like(place)) return PlaceLook::Bare;
  return PlaceLook::Covered;
}

bool TableLook::bare_against_table(const cv::Rect& place) const {
  // Signed differences from the learnt table over the known pixels of the place, less what a
  // lamp's reflection adds: a brightening as grey as the lamp, the same all over a place this small.
  cv::Mat now, expected;
  small_(place).convertTo(now, CV_32FC3);
  cv::multiply(table_(place), gain_, expected);
  const cv::Mat diff = now - expected;
  const cv::Mat known = known_(place);
  cv::Scalar shift = cv::mean(diff, known);
  const double low = std::min({shift[0], shift[1], shift[2]}), high = std::max({shift[0], shift[1], shift[2]});
  const bool glare = low > 0 && high - low <= kGlareGreyness + 0.15 * high;
  if (!glare) shift = cv::Scalar::all(0);
  cv::Mat off = cv::abs(diff - shift);
  std::vector<cv::Mat> parts;
  cv::split(off, parts);
  const cv::Mat largest = cv::max(cv::max(parts[0], parts[1]), parts[2]);
  const int table_pixels = cv::countNonZero((largest <= config_.bare_level) & known);
  return table_pixels >= config_.bare_share * cv::countNonZero(known);
}

}  // namespace seneschal::vision
