#include "seneschal/vision/table_look.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "scanner_regions.hpp"

namespace seneschal::vision {
namespace {

// Known table pixels that differed from the table and held still this many frames in a row are
// taken as the table at once: something was learnt wrong (a card lying unread in the first
// frames, a hand), and a hand resting on the table (2 s, 10 frames at 5 fps) is not still that long.
constexpr int kRelearnFrames = 15;
// A pixel never known shows the same this long before it is taken as table (TableLook::see).
constexpr std::int64_t kFreshMs = 2400;
// How fast known table pixels follow what they show (per frame): slow enough that a hand resting
// for 2 s is not learnt, fast enough for the daylight to drift.
constexpr float kFollow = 0.02f;
// A near-grey brightening up to this many levels is a lamp's reflection, not something over the
// place (a hand's or a sleeve's colour is not near grey against any cloth).
constexpr double kGlareGreyness = 16;
// A place whose mean colour is within this of the table round it, and whose greys vary no more
// than this factor times the table's round it, looks like the table.
constexpr double kColourNear = 24;
constexpr double kFlatMargin = 1.5;
constexpr double kFlatFloor = 3;
// A place whose every channel averages this bright is washed out (TableLook::look).
constexpr double kWashedOut = 200;
// A table whose fine texture varies more than this (grey levels) has a grain; a place over it
// keeps at least this part of it, or something smooth lies there.
constexpr double kGrained = 2.5;
constexpr double kGrainKept = 0.35;
// More than this part of the picture round a place changing since the frame before is something
// moving next to it: a card slid out of it (in passage), or the hand that took it.
constexpr double kStirring = 0.1;
// Above this part of the known table differing at once, the picture shows nothing to judge a
// place by (the camera covered, the light switched off): only time decides then.
constexpr double kBlind = 0.7;
// A code read this frame whose centre lies within this part of a code's side from where another
// card's code lay has taken that place.
constexpr float kSamePlace = 0.5f;
// An unread region whose centre moved less than this part of a code's side since the frame
// before lies still (TableLook::passing_near).
constexpr float kStillShare = 0.25f;
// An unread region not seen for longer than this is forgotten (TableLook::follow_unread).
constexpr std::int64_t kUnreadGapMs = 600;
// A slide carries a card this many code sides at most (across a seat's area into the next).
constexpr float kSlideReach = 10;
// A card's look is its code as last read, sampled on the code's own grid (kGrid x kGrid, about
// one sample a module), without the three finder patterns every code has at the same corners:
// they would make any two codes lying the same way look alike.
constexpr int kGrid = 24;
constexpr int kFinder = 8;
// A read code's pixels kept this far round it (in code sides beyond half a side): a code turned
// 45 degrees reaches 0.21 sides further, and the sampling a pixel or two more.
constexpr double kCropGrow = 0.3;

// The fine texture of a picture (grey): what is left after its smooth part (a lamp's fall-off or
// reflection) is taken away.
cv::Mat fine_of(const cv::Mat& bgr) {
  cv::Mat grey, smooth, fine;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  grey.convertTo(grey, CV_32F);
  cv::GaussianBlur(grey, smooth, {0, 0}, 2.0);
  cv::subtract(grey, smooth, fine);
  return fine;
}

// A colour shift that a lamp's reflection could add: brighter, and near grey (JPEG's colour
// blocks and the lamp's warmth leave it a little off grey, more so the brighter it is).
bool glare_like(const cv::Scalar& shift) {
  const double low = std::min({shift[0], shift[1], shift[2]}), high = std::max({shift[0], shift[1], shift[2]});
  return low > 0 && high - low <= kGlareGreyness + 0.25 * high;
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

const cv::Mat& data_modules() {
  static const cv::Mat mask = [] {
    cv::Mat m(kGrid, kGrid, CV_8U, cv::Scalar(255));
    m(cv::Rect(0, 0, kFinder, kFinder)).setTo(0);
    m(cv::Rect(kGrid - kFinder, 0, kFinder, kFinder)).setTo(0);
    m(cv::Rect(0, kGrid - kFinder, kFinder, kFinder)).setTo(0);
    return m;
  }();
  return mask;
}

}  // namespace

TableLook::TableLook(TableLookConfig config) : config_(config) {}

void TableLook::reset() {
  frame_size_ = {};
  table_.release();
  known_.release();
  candidate_.release();
  candidate_s_.release();
  previous_grey_.release();
  small_grey_.release();
  small_.release();
  blind_ = false;
  moved_.release();
  read_.clear();
  regions_.clear();
  card_places_.clear();
  cards_seen_.clear();
}

double TableLook::known_share() const { return known_.empty() ? 0.0 : double(cv::countNonZero(known_)) / double(known_.total()); }

cv::Rect TableLook::box(const Sighting& s, double grow) const {
  const Point c = centre_of(s);
  const float half = std::max(longest_side(s), 4.0f) * float(0.5 + grow);
  const cv::Rect wanted(cv::Point(int(std::floor(c.x - half)), int(std::floor(c.y - half))),
                        cv::Point(int(std::ceil(c.x + half)), int(std::ceil(c.y + half))));
  return wanted & cv::Rect(cv::Point(0, 0), frame_size_);
}

cv::Mat TableLook::patch_of(const Sighting& s, const cv::Mat& grey, cv::Point origin) const {
  if (box(s, 0).area() < 16) return {};
  std::vector<cv::Point2f> from, to = {{0, 0}, {kGrid, 0}, {kGrid, kGrid}, {0, kGrid}};
  for (const Point& p : s.corners) from.emplace_back(p.x - float(origin.x), p.y - float(origin.y));
  cv::Mat grid, out;
  cv::warpPerspective(grey, grid, cv::getPerspectiveTransform(from, to), cv::Size(kGrid, kGrid), cv::INTER_AREA,
                      cv::BORDER_REPLICATE);
  grid.convertTo(out, CV_32F);
  out -= cv::mean(out, data_modules())[0];
  out.setTo(0, ~data_modules());
  const double norm = cv::norm(out);
  // A flat place (a washed-out code, the bare cloth) has no pattern to compare.
  if (norm < 2.0 * kGrid) return {};
  out /= norm;
  return out;
}

std::optional<double> TableLook::card_likeness(const Sighting& last) const {
  const auto remembered = cards_seen_.find(last.payload);
  if (remembered == cards_seen_.end()) return std::nullopt;
  const cv::Mat then = patch_of(remembered->second.then, remembered->second.crop, remembered->second.origin);
  const cv::Mat now = patch_of(last, grey_);
  if (then.empty() || now.empty()) return std::nullopt;
  return now.dot(then);
}

void TableLook::see(const cv::Mat& frame, const cv::Mat& grey, const std::vector<Sighting>& read,
                    const std::vector<Sighting>& held, const std::vector<cv::Rect>& unread, std::int64_t t_ms) {
  see(frame, format_of_channels(frame), grey, read, held, unread, t_ms);
}

void TableLook::see(const cv::Mat& frame, PixelFormat format, const cv::Mat& grey, const std::vector<Sighting>& read,
                    const std::vector<Sighting>& held, const std::vector<cv::Rect>& unread, std::int64_t t_ms) {
  if (frame.empty()) return;
  const cv::Size size = picture_size(frame, format);
  if (size != frame_size_) {
    reset();
    frame_size_ = size;
    scale_ = double(std::min(config_.model_width, size.width)) / size.width;
  }
  grey_ = grey.size() == size && grey.type() == CV_8UC1 ? grey : grey_of(frame, format);
  const cv::Size model(std::max(1, int(std::lround(size.width * scale_))), std::max(1, int(std::lround(size.height * scale_))));
  // Halved on OpenCV's fast path for whole factors, then the rest of the way bilinearly: a
  // quarter of what one area resize to the model cost (16 M instructions a 720p frame). A YUV
  // picture is shrunk plane by plane and only the small one is converted.
  std::swap(previous_grey_, small_grey_);
  shrink_to_bgr(frame, format, model, small_, halves_);
  cv::cvtColor(small_, small_grey_, cv::COLOR_BGR2GRAY);
  if (previous_grey_.size() != small_grey_.size()) previous_grey_.release();

  // Where cards lie this frame, read or held: never learnt as table.
  cards_ = cv::Mat::zeros(model, CV_8U);
  for (const auto* list : {&read, &held}) {
    for (const Sighting& s : *list) cv::rectangle(cards_, scaled(box(s, config_.reach), scale_, model), 255, cv::FILLED);
  }
  read_ = read;
  // Where cards lie, read now or held where last read, for passing_near.
  card_places_.clear();
  for (const auto* list : {&read, &held}) {
    for (const Sighting& s : *list) card_places_.push_back({centre_of(s), std::max(longest_side(s), 4.0f)});
  }
  follow_unread(unread, t_ms);
  for (const Sighting& s : read) {
    // With a margin for the sampling round the code, however it is turned.
    const cv::Rect around = box(s, kCropGrow);
    if (around.area() < 16) continue;
    Remembered& card = cards_seen_[s.payload];
    // The same payload twice in a frame: the first counts, as in the stabilizer.
    if (card.t_ms == t_ms && !card.crop.empty()) continue;
    grey_(around).copyTo(card.crop);
    card.origin = around.tl();
    card.then.corners = s.corners;
    card.t_ms = t_ms;
  }
  std::erase_if(cards_seen_, [&](const auto& entry) { return t_ms - entry.second.t_ms > config_.forget_ms; });

  if (table_.empty()) {
    table_ = cv::Mat::zeros(model, CV_32FC3);
    known_ = cv::Mat::zeros(model, CV_8U);
    still_busy_ = cv::Mat::zeros(model, CV_8U);
    candidate_ = cv::Mat::zeros(model, CV_8UC3);
    candidate_s_ = cv::Mat(model, CV_32F, cv::Scalar(-1));
    first_ms_ = t_ms;
  }
  // The table as the light falls now: a camera's exposure moves all of it at once.
  const cv::Mat open_table = known_ & ~cards_;
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
  if (previous_grey_.empty()) {
    moved_ = cv::Mat::zeros(model, CV_8U);
    return;
  }
  // What changed since the frame before, less what changed smoothly (a lamp's reflection drifting,
  // the exposure): the edges of a card or a hand that moved.
  cv::Mat change, smooth;
  cv::subtract(small_grey_, previous_grey_, change, cv::noArray(), CV_16S);
  cv::blur(change, smooth, cv::Size(9, 9));
  cv::absdiff(change, smooth, change);
  moved_ = change > config_.bare_level / 2;
  cv::dilate(moved_, moved_, cv::Mat(), cv::Point(-1, -1), 2);
  if (blind_) return;
  const cv::Mat learn = ~moved_ & ~cards_;
  cv::Mat small_f;
  small_.convertTo(small_f, CV_32FC3);
  // A pixel never known is taken as table once it has shown the same for kFreshMs: a sleeve or a
  // hand resting there when the table is first looked at (often: the first look comes when a card
  // goes unread, under an arm) is not learnt as the cloth.
  const float now_s = float(double(t_ms - first_ms_) / 1000.0);
  const cv::Mat unknown = learn & ~known_;
  cv::Mat off;
  largest_difference(small_, candidate_, off);
  const cv::Mat restart = unknown & ((off > config_.bare_level) | (candidate_s_ < 0));
  small_.copyTo(candidate_, restart);
  candidate_s_.setTo(now_s, restart);
  candidate_s_.setTo(-1, ~learn & ~known_);  // covered or moving: not the table now
  const cv::Mat fresh = unknown & ~restart & (candidate_s_ <= now_s - float(kFreshMs) / 1000.0f);
  small_f.copyTo(table_, fresh);
  candidate_s_.setTo(-1, fresh);
  cv::accumulateWeighted(small_f, table_, kFollow, learn & known_);
  // Still and differing for kRelearnFrames frames: learnt wrong, taken as it is now.
  const cv::Mat differing = learn & busy_;
  cv::add(still_busy_, 1, still_busy_, differing);
  still_busy_.setTo(0, ~differing);
  const cv::Mat relearn = still_busy_ >= kRelearnFrames;
  small_f.copyTo(table_, relearn);
  still_busy_.setTo(0, relearn);
  known_ |= fresh;
}

void TableLook::follow_unread(const std::vector<cv::Rect>& unread, std::int64_t t_ms) {
  now_ms_ = t_ms;
  const auto centre = [](const cv::Rect& r) { return Point{float(r.x + r.width / 2.0), float(r.y + r.height / 2.0)}; };
  next_regions_.clear();
  for (UnreadRegion& was : regions_) was.matched = false;
  for (const cv::Rect& r : unread) {
    const Point c = centre(r);
    UnreadRegion region{r, t_ms, t_ms};
    for (UnreadRegion& was : regions_) {
      const float near = kStillShare * float(std::max({r.width, r.height, was.rect.width, was.rect.height}));
      const Point w = centre(was.rect);
      if (std::hypot(c.x - w.x, c.y - w.y) > near) continue;
      region.first_ms = std::min(region.first_ms, was.first_ms);
      was.matched = true;
    }
    next_regions_.push_back(region);
  }
  // A region the reader missed for a frame or two is still the same one when it shows again.
  for (const UnreadRegion& was : regions_) {
    if (!was.matched && t_ms - was.seen_ms <= kUnreadGapMs) next_regions_.push_back(was);
  }
  std::swap(regions_, next_regions_);
}

void TableLook::rest(const std::vector<Sighting>& read, const std::vector<cv::Rect>& unread, std::int64_t t_ms) {
  follow_unread(unread, t_ms);
  for (const Sighting& s : read) {
    auto card = cards_seen_.find(s.payload);
    if (card != cards_seen_.end()) card->second.t_ms = t_ms;
  }
  read_ = read;
}

TableLook::Ring TableLook::ring_round(const Sighting& last) const {
  // Known table round the place (between reach and reach + 1 code sides from the code's edge),
  // not under another card.
  const cv::Rect outer = scaled(box(last, config_.reach + 1), scale_, table_.size());
  const cv::Rect inner = scaled(box(last, config_.reach), scale_, table_.size());
  Ring out;
  if (outer.empty()) return out;
  cv::Mat ring = known_(outer) & ~cards_(outer);
  ring((inner - outer.tl()) & cv::Rect(cv::Point(0, 0), outer.size())).setTo(0);
  const int total = cv::countNonZero(ring);
  if (total < 12) return out;  // nothing known round it to tell by
  const cv::Mat busy = busy_(outer) & ring;
  out.busy = double(cv::countNonZero(busy)) / total;
  if (out.busy > config_.ring_busy) out.busy = differing(outer, ring);  // unless a reflection explains it
  // What the table round it looks like now, where it still looks like the table.
  const cv::Mat table = ring & ~busy;
  if (cv::countNonZero(table) >= 12) {
    cv::Scalar mean, sd;
    cv::meanStdDev(fine_of(small_(outer)), mean, sd, table);
    out.colour = cv::mean(small_(outer), table);
    out.spread = sd[0];
    out.has_table = true;
  }
  return out;
}

TableLook::Ring TableLook::whole_table() const {
  // A crowded table leaves no known table round a place: the table as a whole stands in.
  Ring out;
  const cv::Mat table = known_ & ~busy_ & ~cards_;
  if (cv::countNonZero(table) < 64) return out;
  cv::Scalar mean, sd;
  cv::meanStdDev(fine_of(small_), mean, sd, table);
  out.colour = cv::mean(small_, table);
  out.spread = sd[0];
  out.has_table = true;
  out.busy = 0;
  return out;
}

bool TableLook::stirring_round(const Sighting& last) const {
  if (moved_.empty()) return false;
  const cv::Rect outer = scaled(box(last, config_.reach + 2), scale_, moved_.size());
  const cv::Rect inner = scaled(box(last, config_.reach), scale_, moved_.size());
  if (outer.empty()) return false;
  // Not where other cards lie: a neighbour bowed or slid is no hand at this place.
  cv::Mat ring = ~cards_(outer);
  ring((inner - outer.tl()) & cv::Rect(cv::Point(0, 0), outer.size())).setTo(0);
  const int total = cv::countNonZero(ring);
  return total > 0 && cv::countNonZero(moved_(outer) & ring) > kStirring * total;
}

bool TableLook::passing_near(const Sighting& last, bool on_its_way) const {
  const Point was = centre_of(last);
  const float side = std::max(longest_side(last), 4.0f);
  // Never an unread code where another card lies (that card's missed read: on a crowded
  // table those are everywhere, and would hold every removal for long). Counting the places of
  // cards read this frame too measured better (bench table: removals in time 44 -> 70 % on the
  // 40-card 720p game). This card's own place never matches: a region there is no passage.
  const auto where_a_card_lies = [&](const Point& c) {
    return std::any_of(card_places_.begin(), card_places_.end(), [&](const std::pair<Point, float>& card) {
      return std::hypot(c.x - card.first.x, c.y - card.first.y) < kSamePlace * card.second;
    });
  };
  return std::any_of(regions_.begin(), regions_.end(), [&](const UnreadRegion& region) {
    // Seen this frame, and first seen since this card was last read: one that lay there while it
    // was read elsewhere is something else.
    if (region.seen_ms != now_ms_ || region.first_ms <= last.t_ms) return false;
    const cv::Rect& r = region.rect;
    const Point c{float(r.x + r.width / 2.0), float(r.y + r.height / 2.0)};
    const float d = std::hypot(c.x - was.x, c.y - was.y);
    if (d <= kSamePlace * side || d >= kSlideReach * side || where_a_card_lies(c)) return false;
    // On its way: not one that lay there in a frame before (a card on its way moves from frame to
    // frame; a printed pattern, a foreign code, a card whose code never reads stay put).
    return !on_its_way || region.first_ms == now_ms_;
  });
}

bool TableLook::table_like(const cv::Rect& place, const Ring& ring) const {
  if (!ring.has_table || place.empty()) return false;
  const cv::Scalar shift = cv::mean(small_(place)) - ring.colour;
  const bool near = std::abs(shift[0]) <= kColourNear && std::abs(shift[1]) <= kColourNear && std::abs(shift[2]) <= kColourNear;
  if (!near && !glare_like(shift)) return false;
  cv::Scalar mean, sd;
  cv::meanStdDev(fine_of(small_(place)), mean, sd);
  if (sd[0] > std::max(kFlatFloor, kFlatMargin * ring.spread)) return false;
  // A table with a grain of its own (wood) shows it through a reflection; a hand over it is
  // smoother than the table, whatever its colour.
  return ring.spread < kGrained || sd[0] >= kGrainKept * ring.spread;
}

double TableLook::differing(const cv::Rect& r, const cv::Mat& mask) const {
  // Signed differences from the learnt table over the masked pixels, less what a lamp's
  // reflection adds: a brightening as grey as the lamp, about the same all over a region this small.
  const int total = cv::countNonZero(mask);
  if (total == 0) return 1;
  cv::Mat now, expected;
  small_(r).convertTo(now, CV_32FC3);
  cv::multiply(table_(r), gain_, expected);
  const cv::Mat diff = now - expected;
  cv::Scalar shift = cv::mean(diff, mask);
  if (!glare_like(shift)) shift = cv::Scalar::all(0);
  const cv::Mat off = cv::abs(diff - shift);
  std::vector<cv::Mat> parts;
  cv::split(off, parts);
  const cv::Mat largest = cv::max(cv::max(parts[0], parts[1]), parts[2]);
  return double(cv::countNonZero((largest > config_.bare_level) & mask)) / total;
}

bool TableLook::bare_against_table(const cv::Rect& place) const {
  return differing(place, known_(place)) <= 1.0 - config_.bare_share;
}

std::string TableLook::explain(const Sighting& last) const {
  if (frame_size_.empty() || table_.empty()) return "nothing seen yet";
  const cv::Rect place = scaled(box(last, 0.15), scale_, table_.size());
  const Ring ring = ring_round(last);
  std::string out = "ring busy " + std::to_string(ring.busy) + ", known " + std::to_string(cv::countNonZero(known_(place))) +
                    "/" + std::to_string(place.area());
  if (!place.empty()) {
    out += ", matches the table " + std::to_string(bare_against_table(place)) + ", table-like " +
           std::to_string(table_like(place, ring)) + ", stirring " + std::to_string(stirring_round(last));
    cv::Scalar mean, sd;
    cv::meanStdDev(fine_of(small_(place)), mean, sd);
    out += ", fine " + std::to_string(sd[0]);
    const cv::Scalar colour = cv::mean(small_(place));
    out += ", colour " + std::to_string(int(colour[0])) + "/" + std::to_string(int(colour[1])) + "/" + std::to_string(int(colour[2]));
    if (ring.has_table)
      out += " against " + std::to_string(int(ring.colour[0])) + "/" + std::to_string(int(ring.colour[1])) + "/" +
             std::to_string(int(ring.colour[2])) + " spread " + std::to_string(ring.spread);
  }
  if (cards_seen_.count(last.payload)) {
    const auto likeness = card_likeness(last);
    out += ", ncc " + (likeness ? std::to_string(*likeness) : std::string("flat"));
  }
  return out;
}

PlaceLook TableLook::look(const Sighting& last) const {
  if (frame_size_.empty() || grey_.empty()) return PlaceLook::Unseen;
  if (box(last, 0.1).area() < 16) return PlaceLook::Unseen;  // out of the picture
  // Another card's code read where this one's lay.
  const Point was = centre_of(last);
  const float near = kSamePlace * std::max(longest_side(last), 4.0f);
  for (const Sighting& s : read_) {
    const Point c = centre_of(s);
    if (s.payload != last.payload && std::hypot(c.x - was.x, c.y - was.y) < near) return PlaceLook::Another;
  }
  if (const auto likeness = card_likeness(last); likeness && *likeness >= config_.card_ncc) return PlaceLook::Card;
  if (blind_) return PlaceLook::Unseen;
  const cv::Rect place = scaled(box(last, 0.15), scale_, table_.size());
  if (place.empty()) return PlaceLook::Unseen;
  // A hand or an arm reaching over the place shows round it too.
  Ring ring = ring_round(last);
  if (ring.busy > config_.ring_busy) return PlaceLook::Covered;
  if (!ring.has_table) ring = whole_table();
  // A place washed out white (a lamp's reflection at its core, or a card's blank face over it)
  // shows neither the card's code nor the table's weave: never bare, whatever its shift.
  const cv::Scalar colour = cv::mean(small_(place));
  const bool washed_out = std::min({colour[0], colour[1], colour[2]}) >= kWashedOut;
  const bool bare = !washed_out && ((cv::countNonZero(known_(place)) >= 0.7 * place.area() && bare_against_table(place)) ||
                                    table_like(place, ring));
  // Something on the place with the table round it clear: another card (overlaid), or the card
  // itself sliding or carried off, blurred, when an unread code passes near (covered: wait).
  if (!bare) return passing_near(last, true) ? PlaceLook::Covered : PlaceLook::Overlaid;
  if (passing_near(last, true)) return PlaceLook::Passing;
  return stirring_round(last) || passing_near(last, false) ? PlaceLook::Vacated : PlaceLook::Bare;
}

}  // namespace seneschal::vision
