// The recording generator's plan and its public face: the camera's view, where each sheet and a
// hand lie in a frame and what hides what (the truth comes from this alone), then the frames and
// files made from it. Drawing is in synth_paint.cpp, the JSON formats in synth_json.cpp.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>

#include "seneschal/vision/qr_render.hpp"
#include "seneschal/vision/synth.hpp"
#include "synth_internal.hpp"

namespace seneschal::vision::synth {
namespace detail {

namespace {
std::uint64_t mix(std::uint64_t a, std::uint64_t b) {  // splitmix64
  std::uint64_t z = a * 0x9E3779B97F4A7C15ull + b + 0x632BE59BD9B4E019ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
}  // namespace

cv::RNG rng(const Scene& s, Stream stream, int index) {
  return cv::RNG(mix(mix(s.seed, static_cast<std::uint64_t>(stream)), static_cast<std::uint64_t>(index)) | 1);
}

std::string next_card_payload(cv::RNG& r, std::map<std::string, int>& copies, int max_copies, CardIds ids) {
  const auto& list = ids == CardIds::Long ? kLongCardIds : kCardIds;
  for (;;) {
    const std::string id = list[std::size_t(r.uniform(0, int(list.size())))];
    if (copies[id] < max_copies) return "S1:R9E:" + id + ":" + std::to_string(++copies[id]);
  }
}

Mat3 translate(double x, double y) { return {1, 0, x, 0, 1, y, 0, 0, 1}; }
Mat3 scale(double sx, double sy) { return {sx, 0, 0, 0, sy, 0, 0, 0, 1}; }
Mat3 rotate(double deg) {
  const double r = deg * CV_PI / 180, c = std::cos(r), s = std::sin(r);
  return {c, -s, 0, s, c, 0, 0, 0, 1};
}
cv::Point2d apply(const Mat3& h, cv::Point2d p) {
  const cv::Vec3d v = h * cv::Vec3d(p.x, p.y, 1);
  return {v[0] / v[2], v[1] / v[2]};
}
Quad through(const Mat3& h, double x0, double y0, double x1, double y1) {
  return {apply(h, {x0, y0}), apply(h, {x1, y0}), apply(h, {x1, y1}), apply(h, {x0, y1})};
}

namespace {

constexpr int kForeignStretch = 5;  // frames a flyer keeps its place

// Table millimetres -> output pixels. The camera looks from the near (bottom) edge, so the far
// edge shrinks; it is a little rolled, and shakes per frame unless steady is asked for.
Mat3 view(const Scene& s, int index, bool steady = false) {
  const Realism& r = s.realism;
  const double k = std::min(s.width / s.table_w_mm, s.height / s.table_h_mm);
  const double w = s.width, h = s.height;
  const Mat3 fit = translate(w / 2 - 0.5, h / 2 - 0.5) * scale(k, k) * translate(-s.table_w_mm / 2, -s.table_h_mm / 2);
  cv::RNG cam = rng(s, Stream::Camera);
  const double inset = r.tilt * cam.uniform(0.8, 1.2) * w / 2, skew = r.tilt * cam.uniform(-0.3, 0.3) * w;
  const double roll = r.roll_deg * cam.uniform(0.6, 1.0) * (cam.uniform(0.0, 1.0) < 0.5 ? -1 : 1);
  const cv::Point2f from[4] = {{0, 0}, {float(w), 0}, {float(w), float(h)}, {0, float(h)}};
  const cv::Point2f to[4] = {{float(inset + skew), 0}, {float(w - inset + skew), 0}, from[2], from[3]};
  const cv::Mat p = cv::getPerspectiveTransform(from, to);
  const Mat3 tilt(p.ptr<double>());
  const Mat3 rolled = translate(w / 2, h / 2) * rotate(roll) * translate(-w / 2, -h / 2);
  cv::RNG shake = rng(s, Stream::Shake, index);
  const double dx = steady ? 0 : shake.gaussian(r.shake_px), dy = steady ? 0 : shake.gaussian(r.shake_px);
  return translate(dx, dy) * rolled * tilt * fit;
}

Result<Sheet> make_sheet(std::string payload, double code_mm, cv::Point2d code_centre_mm) {
  auto qr = render_qr(payload, QrStyle{1, 4});
  if (!qr) return fail(qr.error().message);
  Sheet sh;
  sh.payload = std::move(payload);
  sh.qr = std::move(qr.value());
  const int modules = sh.qr.cols - 8;
  const int side = cvRound(code_mm * sh.qr.cols / modules * kTexPxMm);
  sh.sticker_px = cv::Rect(cvRound(code_centre_mm.x * kTexPxMm - side / 2.0),
                           cvRound(code_centre_mm.y * kTexPxMm - side / 2.0), side, side);
  return sh;
}

void locate(Sheet& sh, const Mat3& view_h) {
  const Mat3 m = view_h * sh.to_table() * scale(1 / kTexPxMm, 1 / kTexPxMm);
  const cv::Rect& r = sh.sticker_px;
  const double quiet = 4.0 * r.width / sh.qr.cols;
  sh.zone = through(m, r.x, r.y, r.x + r.width, r.y + r.height);
  sh.code = through(m, r.x + quiet, r.y + quiet, r.x + r.width - quiet, r.y + r.height - quiet);
  sh.outline = through(m, 0, 0, sh.size_mm.width * kTexPxMm, sh.size_mm.height * kTexPxMm);
}

double overlap_area(const Quad& a, const Quad& b) {
  std::vector<cv::Point2f> pa(a.begin(), a.end()), pb(b.begin(), b.end()), out;
  return cv::intersectConvexConvex(pa, pb, out);
}

// Fraction of the quad's pixels that are set in mask.
double covered(const cv::Mat& mask, const Quad& q) {
  std::vector<cv::Point> poly;
  for (const auto& p : q) poly.emplace_back(cvRound(p.x), cvRound(p.y));
  const cv::Rect box = cv::boundingRect(poly) & cv::Rect(0, 0, mask.cols, mask.rows);
  if (box.empty()) return 0;
  for (auto& p : poly) p -= box.tl();
  cv::Mat inside(box.size(), CV_8U, cv::Scalar(0));
  cv::fillConvexPoly(inside, poly, 255);
  const int total = cv::countNonZero(inside);
  cv::Mat both;
  cv::bitwise_and(inside, mask(box), both);
  return total == 0 ? 0 : double(cv::countNonZero(both)) / total;
}

// Whether every corner lies inside the frame, at least lo pixels from its top and left edges and
// hi from its bottom and right ones.
bool within(const Quad& q, const Scene& s, double lo, double hi) {
  return std::all_of(q.begin(), q.end(),
                     [&](cv::Point2d p) { return p.x > lo && p.y > lo && p.x < s.width - hi && p.y < s.height - hi; });
}

// A flyer keeps its place for a stretch of frames, away from every card lying there meanwhile.
Result<std::optional<Sheet>> place_flyer(const Scene& s, int index) {
  const int stretch = index / kForeignStretch;
  cv::RNG r = rng(s, Stream::Foreign, stretch);
  if (r.uniform(0.0, 1.0) >= s.realism.foreign_rate) return std::optional<Sheet>{};
  static const char* const kSites[] = {"https://qr.ex/", "http://win.ex/", "https://menu.ex/"};
  auto flyer = make_sheet(kSites[r.uniform(0, 3)] + std::to_string(r.uniform(1000, 9999)), 40, {37, 58});
  if (!flyer) return fail("synth: flyer: " + flyer.error().message);
  flyer->size_mm = {74, 105};
  const Mat3 steady = view(s, index, true);
  std::vector<Quad> cards;
  for (int f = stretch * kForeignStretch; f < std::min(s.frames, (stretch + 1) * kForeignStretch); ++f) {
    for (const SceneCard& c : s.cards) {
      if (c.first_frame > f || c.last_frame < f) continue;
      const CardMove where = card_at(c, f);
      Sheet sh;
      sh.centre_mm = {where.x_mm, where.y_mm};
      sh.angle_deg = where.angle_deg;
      cards.push_back(sh.footprint_mm(10));
    }
  }
  for (int attempt = 0; attempt < 40; ++attempt) {
    flyer->centre_mm = {r.uniform(0.1, 0.9) * s.table_w_mm, r.uniform(0.15, 0.85) * s.table_h_mm};
    flyer->angle_deg = r.uniform(-35.0, 35.0);
    const Quad outline = flyer->footprint_mm(0);
    locate(*flyer, steady);
    const auto overlaps = [&](const Quad& q) { return overlap_area(q, outline) > 0; };
    if (within(flyer->zone, s, 8, 8) && std::none_of(cards.begin(), cards.end(), overlaps))
      return std::optional<Sheet>(std::move(flyer.value()));
  }
  return std::optional<Sheet>{};  // a crowded table: no flyer this time
}

// Where a card slid since the frame before lay when the shutter opened (Realism::motion_blur), or
// nothing: a card laid, lying still or only turned where it lies is drawn sharp.
std::optional<std::pair<cv::Point2d, double>> smear_from(const Scene& s, const SceneCard& c, int index) {
  if (s.realism.motion_blur <= 0 || index <= c.first_frame) return std::nullopt;
  const CardMove now = card_at(c, index), before = card_at(c, index - 1);
  if (now.x_mm == before.x_mm && now.y_mm == before.y_mm) return std::nullopt;
  const double open = 1 - s.realism.motion_blur;  // the shutter opens this far along the way
  return std::pair{
      cv::Point2d(before.x_mm + (now.x_mm - before.x_mm) * open, before.y_mm + (now.y_mm - before.y_mm) * open),
      before.angle_deg + angle_between_deg(now.angle_deg, before.angle_deg) * open};
}

// Output pixels a table mm measures at this point of the table.
double px_per_mm(const Mat3& view_h, cv::Point2d at_mm) {
  return cv::norm(apply(view_h, at_mm + cv::Point2d(1, 0)) - apply(view_h, at_mm));
}

// The scene's own hand for this frame (SceneCard::hands), if it has one: reaching in over the
// table from its player's edge, its palm on the card's code or its fingertips on the card's near
// edge. Whatever it lies on is hidden, every code with any part of its quiet zone under it.
std::optional<Hand> reaching_hand(const Scene& s, Plan& plan, int index) {
  for (Sheet& target : plan.sheets) {
    if (target.card < 0) continue;
    const auto& hands = s.cards[std::size_t(target.card)].hands;
    const auto it = std::find_if(hands.begin(), hands.end(), [&](const CardHand& h) { return h.frame == index; });
    if (it == hands.end()) continue;
    // Toward the player: a card upright to them has its top away from them (seat facings).
    const cv::Point2d toward = apply(rotate(it->from_deg), {0, 1}) - apply(rotate(it->from_deg), {0, 0});
    cv::Point2d palm_mm;
    if (it->grip == Grip::Code) {
      const TablePoint code =
          code_centre({0, float(target.centre_mm.x), float(target.centre_mm.y), float(target.angle_deg)});
      palm_mm = cv::Point2d(code.x_mm, code.y_mm) + toward * 12;
    } else {
      // The fingers reach 100 mm past the palm's centre: from 85 mm beyond the card's edge they
      // rest on its last 15 mm, short of the code's quiet zone (a hand pushing the card along).
      const double a = target.angle_deg * CV_PI / 180;
      const cv::Point2d across(std::cos(a), std::sin(a)), along(-std::sin(a), std::cos(a));
      const double extent = kCardW / 2 * std::abs(toward.dot(across)) + kCardH / 2 * std::abs(toward.dot(along));
      palm_mm = target.centre_mm + toward * (extent + 85);
    }
    const cv::Point2d palm = apply(plan.view_h, palm_mm), dir = apply(plan.view_h, palm_mm + toward * 10) - palm;
    const double px_mm = px_per_mm(plan.view_h, target.centre_mm);
    const int thumb_side = rng(s, Stream::Person, 1).uniform(0.0, 1.0) < 0.5 ? -1 : 1;
    Hand hand{palm, dir / cv::norm(dir), px_mm, (s.width + s.height) / px_mm, thumb_side};
    cv::Mat mask(s.height, s.width, CV_8U, cv::Scalar(0));
    draw_hand(mask, hand, 1, {0, 0});
    for (Sheet& sh : plan.sheets) {
      if (!sh.hidden && covered(mask, sh.zone) > 0) sh.hidden = Hidden::Hand;
    }
    return hand;
  }
  return std::nullopt;
}

// Everything about a frame that is decided before drawing it: where things are, what hides what.
Result<Plan> plan_frame(const Scene& s, int index) {
  if (auto ok = validate(s, "scene"); !ok) return fail(ok.error().message);
  if (index < 0 || index >= s.frames)
    return fail("synth: frame " + std::to_string(index) + " is outside 0.." + std::to_string(s.frames - 1));
  Plan plan{view(s, index), {}, {}};
  auto flyer = place_flyer(s, index);
  if (!flyer) return fail(flyer.error().message);
  if (flyer.value()) plan.sheets.push_back(std::move(*flyer.value()));
  const int explicit_hand = [&] {
    for (std::size_t i = 0; i < s.cards.size(); ++i) {
      const auto& cf = s.cards[i].covered_frames;
      if (std::find(cf.begin(), cf.end(), index) != cf.end()) return int(i);
    }
    return -1;
  }();
  for (std::size_t i = 0; i < s.cards.size(); ++i) {
    const SceneCard& c = s.cards[i];
    if (c.first_frame > index || c.last_frame < index) continue;
    auto sh = make_sheet(c.payload, s.code_mm, {kCardW / 2, kCodeCentreY});
    if (!sh) return fail("synth: cards[" + std::to_string(i) + "]: " + sh.error().message);
    const CardMove where = card_at(c, index);
    sh->card = int(i);
    sh->centre_mm = {where.x_mm, where.y_mm};
    sh->angle_deg = where.angle_deg;
    sh->smear_from = smear_from(s, c, index);
    plan.sheets.push_back(std::move(sh.value()));
  }
  for (std::size_t i = 0; i < plan.sheets.size(); ++i) {
    Sheet& sh = plan.sheets[i];
    locate(sh, plan.view_h);
    if (!within(sh.code, s, 2, 3)) sh.hidden = Hidden::OutOfView;
  }
  for (std::size_t i = 0; i < plan.sheets.size(); ++i) {
    for (std::size_t j = i + 1; j < plan.sheets.size() && !plan.sheets[i].hidden; ++j) {
      if (overlap_area(plan.sheets[j].outline, plan.sheets[i].zone) > 0) plan.sheets[i].hidden = Hidden::Card;
    }
  }

  if (auto reaching = reaching_hand(s, plan, index)) {
    plan.hand = *reaching;
    return plan;
  }

  // A hand goes on one card, reaching in from the nearest edge that keeps it off every other
  // readable code, so that the truth never has to guess about a half-covered one.
  cv::RNG hr = rng(s, Stream::Hand, index);
  std::vector<std::pair<double, std::size_t>> targets;
  const bool random_hand = explicit_hand < 0 && hr.uniform(0.0, 1.0) < s.realism.hand_rate;
  for (std::size_t i = 0; i < plan.sheets.size(); ++i) {
    const Sheet& sh = plan.sheets[i];
    if (sh.card >= 0 && (sh.card == explicit_hand || (random_hand && !sh.hidden))) targets.emplace_back(hr.uniform(0.0, 1.0), i);
  }
  std::sort(targets.begin(), targets.end());
  const int thumb_side = rng(s, Stream::Person, 1).uniform(0.0, 1.0) < 0.5 ? -1 : 1;
  cv::Mat mask(s.height, s.width, CV_8U), grown;
  for (const auto& [order, t] : targets) {
    const Sheet& target = plan.sheets[t];
    const cv::Point2d c = (target.code[0] + target.code[2]) * 0.5;
    const double px_mm = px_per_mm(plan.view_h, target.centre_mm);
    std::vector<std::pair<double, cv::Point2d>> edges = {
        {c.x, {-1, 0}}, {s.width - c.x, {1, 0}}, {c.y, {0, -1}}, {s.height - c.y, {0, 1}}};
    std::sort(edges.begin(), edges.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& edge : edges) {
      const cv::Point2d dir = edge.second;
      Hand hand{c + dir * (12 * px_mm), dir, px_mm, (s.width + s.height) / px_mm, thumb_side};
      mask.setTo(0);
      draw_hand(mask, hand, 1, {0, 0});
      if (covered(mask, target.zone) < 1) continue;
      cv::dilate(mask, grown, cv::getStructuringElement(cv::MORPH_ELLIPSE, {7, 7}));
      bool clear = true;
      for (std::size_t j = 0; j < plan.sheets.size() && clear; ++j)
        clear = j == t || plan.sheets[j].hidden || covered(grown, plan.sheets[j].zone) == 0;
      if (!clear) continue;
      plan.hand = hand;
      plan.sheets[t].hidden = Hidden::Hand;
      break;
    }
    if (plan.hand) break;
  }
  if (explicit_hand >= 0 && !plan.hand)
    return fail("synth: cards[" + std::to_string(explicit_hand) + "].covered_frames: in frame " + std::to_string(index) +
                " no hand fits on this card without covering another code; move the cards apart");
  return plan;
}

TruthTag truth_tag(const Sheet& sh) {
  TruthTag t;
  t.payload = sh.payload;
  for (int i = 0; i < 4; ++i) t.corners[i] = {float(sh.code[i].x), float(sh.code[i].y)};
  t.angle_deg = std::atan2(sh.code[1].y - sh.code[0].y, sh.code[1].x - sh.code[0].x) * 180 / CV_PI;
  if (t.angle_deg < 0) t.angle_deg += 360;
  const double a = std::fmod(std::fmod(sh.card >= 0 ? sh.angle_deg : 0.0, 180) + 180, 180);
  t.bowed = a >= 45 && a < 135;
  return t;
}

// The card as it lies, placed by the scene's areas the way a calibrated reader places its code.
TruthCard truth_card(const Scene& s, const Sheet& sh) {
  const TablePoint code = code_centre({0, float(sh.centre_mm.x), float(sh.centre_mm.y), float(sh.angle_deg)});
  const Place place = place_on_table(code, s.seats, s.zones);
  TruthCard c;
  c.payload = sh.payload;
  c.x_mm = code.x_mm;
  c.y_mm = code.y_mm;
  c.angle_deg = std::fmod(std::fmod(sh.angle_deg, 360.0) + 360.0, 360.0);
  c.seat = place.seat;
  c.zone = place.zone;
  c.quarter = nearest_quarter(c.angle_deg - facing_of(place.seat, s.seats));
  c.hidden = sh.hidden.has_value();
  return c;
}

TruthFrame truth_of(const Scene& s, int index, const Plan& plan) {
  TruthFrame tf;
  tf.frame = frame_name(index);
  tf.index = index;
  tf.t_ms = index * s.frame_interval_ms;
  for (const Sheet& sh : plan.sheets) {
    if (sh.card < 0) {
      if (!sh.hidden) tf.foreign.push_back(truth_tag(sh));
      continue;
    }
    if (sh.hidden) {
      tf.hidden.push_back({sh.payload, *sh.hidden});
    } else {
      tf.tags.push_back(truth_tag(sh));
    }
    tf.table.push_back(truth_card(s, sh));
  }
  std::stable_sort(tf.tags.begin(), tf.tags.end(), [](const auto& a, const auto& b) { return a.payload < b.payload; });
  for (const auto& t : tf.tags) tf.payloads_visible.push_back(t.payload);
  return tf;
}

Result<void> write_file(const std::filesystem::path& path, const char* data, std::size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data, std::streamsize(size));
  out.close();
  if (!out) return fail("synth: cannot write " + path.string());
  return {};
}


// OpenCV's exceptions stop here (STYLE.md), reported with the frame they spoiled.
Result<cv::Mat> painted(const Scene& s, const Plan& plan, int index) {
  try {
    return paint(s, plan, index);
  } catch (const cv::Exception& e) {
    return fail("synth: frame " + std::to_string(index) + ": OpenCV: " + e.what());
  }
}

// The JPEG bytes of a planned frame, as write_recording writes them.
Result<std::vector<unsigned char>> encoded(const Scene& s, const Plan& plan, int index) {
  auto frame = painted(s, plan, index);
  if (!frame) return fail(frame.error().message);
  std::vector<unsigned char> jpeg;
  try {
    if (!cv::imencode(".jpg", frame.value(), jpeg, {cv::IMWRITE_JPEG_QUALITY, s.realism.jpeg_quality}))
      return fail("synth: frame " + std::to_string(index) + ": the JPEG encoder refused it");
  } catch (const cv::Exception& e) {
    return fail("synth: frame " + std::to_string(index) + ": OpenCV: " + e.what());
  }
  return jpeg;
}

}  // namespace
}  // namespace detail

using namespace detail;

CardMove card_at(const SceneCard& card, int frame) {
  CardMove where{card.first_frame, card.x_mm, card.y_mm, card.angle_deg};
  for (const CardMove& move : card.moves) {
    if (move.frame > frame) break;
    where = move;
  }
  return where;
}

TablePoint code_centre(const CardMove& where) {
  // The code sits on the card's middle line kCodeCentreY from its top (plan_frame's make_sheet)
  // and turns with the card (clockwise, y down).
  const double a = where.angle_deg * CV_PI / 180, below = kCodeCentreY - kCardH / 2;
  return {where.x_mm - below * std::sin(a), where.y_mm + below * std::cos(a)};
}

Result<std::array<TablePoint, 4>> calibration_points(const Scene& scene) {
  for (int f = 0; f < scene.frames; ++f) {
    std::array<std::optional<TablePoint>, 4> found;
    for (const SceneCard& c : scene.cards) {
      if (c.first_frame > f || c.last_frame < f) continue;
      for (int n = 0; n < 4; ++n) {
        if (c.payload == "S1:CAL:" + std::to_string(n + 1)) found[n] = code_centre(card_at(c, f));
      }
    }
    if (std::all_of(found.begin(), found.end(), [](const auto& p) { return p.has_value(); }))
      return std::array<TablePoint, 4>{*found[0], *found[1], *found[2], *found[3]};
  }
  return fail("synth: no frame has all four calibration tags S1:CAL:1-4 on the table");
}

std::string frame_name(int index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%04d.jpg", index + 1);
  return name;
}

Result<TruthFrame> frame_truth(const Scene& scene, int index) {
  auto plan = plan_frame(scene, index);
  if (!plan) return fail(plan.error().message);
  return truth_of(scene, index, plan.value());
}

Result<cv::Mat> render_frame(const Scene& scene, int index) {
  auto plan = plan_frame(scene, index);
  if (!plan) return fail(plan.error().message);
  return painted(scene, plan.value(), index);
}

Result<std::vector<unsigned char>> encode_frame(const Scene& scene, int index) {
  auto plan = plan_frame(scene, index);
  if (!plan) return fail(plan.error().message);
  return encoded(scene, plan.value(), index);
}

Result<void> write_recording(const Scene& scene, const std::string& out_dir,
                             const std::function<void(int done, int total)>& progress) {
  namespace fs = std::filesystem;
  if (auto ok = validate(scene, "scene"); !ok) return fail(ok.error().message);
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec) return fail("synth: cannot create " + out_dir + ": " + ec.message());
  RecordingTruth truth{scene.seed, scene.width, scene.height, scene.frame_interval_ms, {}};
  for (int i = 0; i < scene.frames; ++i) {
    auto plan = plan_frame(scene, i);
    if (!plan) return fail(plan.error().message);
    auto jpeg = encoded(scene, plan.value(), i);
    if (!jpeg) return fail(jpeg.error().message);
    if (auto ok = write_file(fs::path(out_dir) / frame_name(i), reinterpret_cast<const char*>(jpeg->data()), jpeg->size()); !ok)
      return ok;
    truth.frames.push_back(truth_of(scene, i, plan.value()));
    if (progress) progress(i + 1, scene.frames);
  }
  const std::string truth_text = truth_to_json(truth), scene_text = scene_to_json(scene);
  if (auto ok = write_file(fs::path(out_dir) / "truth.json", truth_text.data(), truth_text.size()); !ok) return ok;
  return write_file(fs::path(out_dir) / "scene.json", scene_text.data(), scene_text.size());
}

Result<std::vector<unsigned char>> photograph_print(const Scene& scene, const cv::Mat& page, cv::Size2d page_mm,
                                                    TablePoint centre, double angle_deg) {
  if (page.empty() || page.type() != CV_8UC1) return fail("synth: the printed page must be a grey 8-bit picture");
  if (page_mm.width <= 0 || page_mm.height <= 0) return fail("synth: the printed page needs a size in mm");
  auto plan = plan_frame(scene, 0);
  if (!plan) return fail(plan.error().message);
  // Under the cards: a page put down first, the cards around it (or on it) after.
  Sheet sh;
  sh.payload = "printed page";
  sh.size_mm = page_mm;
  sh.centre_mm = {centre.x_mm, centre.y_mm};
  sh.angle_deg = angle_deg;
  sh.print = page;
  plan->sheets.insert(plan->sheets.begin(), std::move(sh));
  return encoded(scene, plan.value(), 0);
}

}  // namespace seneschal::vision::synth
