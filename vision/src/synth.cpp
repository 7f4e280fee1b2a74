#include "seneschal/vision/synth.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <sstream>

#include "seneschal/vision/qr_render.hpp"

namespace seneschal::vision::synth {
namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;  // files people read keep the fields in a sensible order
using Mat3 = cv::Matx33d;

constexpr double kCardW = 63, kCardH = 88;
constexpr double kTexPxMm = 8;   // sheets are drawn this fine, then shrunk to the frame's scale
constexpr int kSuper = 2;        // frames are drawn at twice the size and shrunk: anti-aliasing
constexpr int kForeignStretch = 5;

// Separate streams of randomness, so that turning one knob does not reshuffle the others.
enum class Stream : std::uint64_t { Table = 1, Camera, Light, Shake, Hand, Person, Foreign, Noise };

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {  // splitmix64
  std::uint64_t z = a * 0x9E3779B97F4A7C15ull + b + 0x632BE59BD9B4E019ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
cv::RNG rng(const Scene& s, Stream stream, int index = 0) {
  return cv::RNG(mix(mix(s.seed, static_cast<std::uint64_t>(stream)), static_cast<std::uint64_t>(index)) | 1);
}

std::string num(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
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
cv::Point2d turn(cv::Point2d d, double deg) { return apply(rotate(deg), d); }
// Output pixels (pixel centres at integers) -> the supersampled canvas.
const Mat3 kToBig = translate((kSuper - 1) / 2.0, (kSuper - 1) / 2.0) * scale(kSuper, kSuper);

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

using Quad = std::array<cv::Point2d, 4>;

// A printed sheet lying on the table: a card, or a flyer carrying somebody else's QR.
struct Sheet {
  std::string payload;
  int card = -1;  // index in Scene::cards; -1 for a flyer
  cv::Size2d size_mm{kCardW, kCardH};
  cv::Point2d centre_mm;  // on the table
  double angle_deg = 0;
  cv::Mat qr;  // one pixel per module, with a 4-module quiet zone
  cv::Rect sticker_px;  // where the QR goes on the sheet, in texture pixels
  Quad code, zone, outline;  // code, code with quiet zone, sheet: output pixels
  std::optional<Hidden> hidden;
  Mat3 to_table() const {
    return translate(centre_mm.x, centre_mm.y) * rotate(angle_deg) * translate(-size_mm.width / 2, -size_mm.height / 2);
  }
  Quad footprint_mm(double margin) const {  // on the table
    const Mat3 m = to_table();
    const double x0 = -margin, y0 = -margin, x1 = size_mm.width + margin, y1 = size_mm.height + margin;
    return {apply(m, {x0, y0}), apply(m, {x1, y0}), apply(m, {x1, y1}), apply(m, {x0, y1})};
  }
};

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
  auto quad = [&](double x0, double y0, double x1, double y1) {
    return Quad{apply(m, {x0, y0}), apply(m, {x1, y0}), apply(m, {x1, y1}), apply(m, {x0, y1})};
  };
  sh.zone = quad(r.x, r.y, r.x + r.width, r.y + r.height);
  sh.code = quad(r.x + quiet, r.y + quiet, r.x + r.width - quiet, r.y + r.height - quiet);
  sh.outline = quad(0, 0, sh.size_mm.width * kTexPxMm, sh.size_mm.height * kTexPxMm);
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

// A hand resting on a card, reaching in from the edge at arm_dir. Output pixels.
struct Hand {
  cv::Point2d palm;
  cv::Point2d arm_dir;
  double px_mm = 1;
  double reach_mm = 2000;
  int thumb_side = 1;
};

// The hand's parts, drawn one by one so that each gets its own rounded shading.
enum HandPart { kSleeve, kArm, kPalm, kFinger1, kFinger2, kFinger3, kFinger4, kThumb, kHandParts };

void draw_hand(cv::Mat& mask, const Hand& hd, double to_target, cv::Point2d offset, int only = -1) {
  constexpr int shift = 2;
  constexpr double f = 1 << shift;
  const cv::Point2d u = hd.arm_dir, v = cv::Point2d(-u.y, u.x) * hd.thumb_side;
  auto at = [&](double along_mm, double across_mm) { return hd.palm + (u * along_mm + v * across_mm) * hd.px_mm; };
  auto pt = [&](cv::Point2d p) {
    const cv::Point2d q = (p + cv::Point2d(0.5, 0.5)) * to_target - cv::Point2d(0.5, 0.5) - offset;
    return cv::Point(cvRound(q.x * f), cvRound(q.y * f));
  };
  auto len = [&](double mm) { return cvRound(mm * hd.px_mm * to_target * f); };
  auto blob = [&](cv::Point2d centre, cv::Point2d dir, double half_len_mm, double half_w_mm) {
    cv::ellipse(mask, pt(centre), cv::Size(len(half_len_mm), len(half_w_mm)), std::atan2(dir.y, dir.x) * 180 / CV_PI, 0,
                360, 255, cv::FILLED, cv::LINE_AA, shift);
  };
  auto quad = [&](double from_mm, double from_w, double to_mm, double to_w) {
    const std::vector<cv::Point> poly = {pt(at(from_mm, -from_w)), pt(at(from_mm, from_w)), pt(at(to_mm, to_w)), pt(at(to_mm, -to_w))};
    cv::fillConvexPoly(mask, poly, 255, cv::LINE_AA, shift);
  };
  auto want = [&](int part) { return only < 0 || only == part; };
  if (want(kSleeve)) quad(190, 46, hd.reach_mm, 56);
  if (want(kArm)) {
    quad(30, 30, 200, 38);
    blob(at(200, 0), v, 38, 8);  // the cuff's round edge
  }
  if (want(kPalm)) blob(hd.palm, u, 52, 41);
  const double across[4] = {-26, -9, 8, 25}, length[4] = {54, 64, 61, 47}, spread[4] = {-8, -2, 3, 9};
  for (int i = 0; i < 4; ++i) {
    if (!want(kFinger1 + i)) continue;
    const cv::Point2d dir = turn(-u, spread[i] * hd.thumb_side);
    blob(at(-36, across[i]) + dir * (length[i] / 2 * hd.px_mm), dir, length[i] / 2, 7.5);
  }
  const cv::Point2d thumb = -u * 0.7 + v * 0.71;
  if (want(kThumb)) blob(at(8, 30) + thumb * (22 * hd.px_mm), thumb, 28, 10);
}

struct Plan {
  Mat3 view_h;
  std::vector<Sheet> sheets;  // in drawing order: a flyer first, then the cards as listed
  std::optional<Hand> hand;
};

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
      Sheet sh;
      sh.centre_mm = {c.x_mm, c.y_mm};
      sh.angle_deg = c.angle_deg;
      cards.push_back(sh.footprint_mm(10));
    }
  }
  for (int attempt = 0; attempt < 40; ++attempt) {
    flyer->centre_mm = {r.uniform(0.1, 0.9) * s.table_w_mm, r.uniform(0.15, 0.85) * s.table_h_mm};
    flyer->angle_deg = r.uniform(-35.0, 35.0);
    const Quad outline = flyer->footprint_mm(0);
    locate(*flyer, steady);
    const bool in_view = std::all_of(flyer->zone.begin(), flyer->zone.end(), [&](cv::Point2d p) {
      return p.x > 8 && p.y > 8 && p.x < s.width - 8 && p.y < s.height - 8;
    });
    if (in_view && std::none_of(cards.begin(), cards.end(), [&](const Quad& q) { return overlap_area(q, outline) > 0; }))
      return std::optional<Sheet>(std::move(flyer.value()));
  }
  return std::optional<Sheet>{};  // a crowded table: no flyer this time
}

Result<void> validate(const Scene& s, std::string_view origin);

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
    auto sh = make_sheet(c.payload, s.code_mm, {kCardW / 2, 46});
    if (!sh) return fail("synth: cards[" + std::to_string(i) + "]: " + sh.error().message);
    sh->card = int(i);
    sh->centre_mm = {c.x_mm, c.y_mm};
    sh->angle_deg = c.angle_deg;
    plan.sheets.push_back(std::move(sh.value()));
  }
  for (std::size_t i = 0; i < plan.sheets.size(); ++i) {
    Sheet& sh = plan.sheets[i];
    locate(sh, plan.view_h);
    const bool in_view = std::all_of(sh.code.begin(), sh.code.end(), [&](cv::Point2d p) {
      return p.x > 2 && p.y > 2 && p.x < s.width - 3 && p.y < s.height - 3;
    });
    if (!in_view) sh.hidden = Hidden::OutOfView;
  }
  for (std::size_t i = 0; i < plan.sheets.size(); ++i) {
    for (std::size_t j = i + 1; j < plan.sheets.size() && !plan.sheets[i].hidden; ++j) {
      if (overlap_area(plan.sheets[j].outline, plan.sheets[i].zone) > 0) plan.sheets[i].hidden = Hidden::Card;
    }
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
    const double px_mm = cv::norm(apply(plan.view_h, target.centre_mm + cv::Point2d(1, 0)) - apply(plan.view_h, target.centre_mm));
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

TruthTag truth_tag(const Scene& s, const Sheet& sh) {
  TruthTag t;
  t.payload = sh.payload;
  for (int i = 0; i < 4; ++i) t.corners[i] = {float(sh.code[i].x), float(sh.code[i].y)};
  t.angle_deg = std::atan2(sh.code[1].y - sh.code[0].y, sh.code[1].x - sh.code[0].x) * 180 / CV_PI;
  if (t.angle_deg < 0) t.angle_deg += 360;
  const double a = std::fmod(std::fmod(sh.card >= 0 ? s.cards[sh.card].angle_deg : 0.0, 180) + 180, 180);
  t.bowed = a >= 45 && a < 135;
  return t;
}

TruthFrame truth_of(const Scene& s, int index, const Plan& plan) {
  TruthFrame tf;
  tf.frame = frame_name(index);
  tf.index = index;
  tf.t_ms = index * s.frame_interval_ms;
  for (const Sheet& sh : plan.sheets) {
    if (sh.card < 0) {
      if (!sh.hidden) tf.foreign.push_back(truth_tag(s, sh));
    } else if (sh.hidden) {
      tf.hidden.push_back({sh.payload, *sh.hidden});
    } else {
      tf.tags.push_back(truth_tag(s, sh));
    }
  }
  std::stable_sort(tf.tags.begin(), tf.tags.end(), [](const auto& a, const auto& b) { return a.payload < b.payload; });
  for (const auto& t : tf.tags) tf.payloads_visible.push_back(t.payload);
  return tf;
}

// ---- drawing ----

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> parts(1);
  for (char ch : text) {
    if (ch == sep) parts.emplace_back();
    else parts.back().push_back(ch);
  }
  return parts;
}

std::uint64_t fnv(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char ch : text) h = (h ^ ch) * 1099511628211ull;
  return h;
}

// "HAMMERDOOMS_ROOST" -> "Hammerdooms Roost"
std::string title_case(std::string_view id) {
  std::string out;
  bool start = true;
  for (char ch : id) {
    if (ch == '_' || ch == '-') ch = ' ';
    out.push_back(start ? char(std::toupper(static_cast<unsigned char>(ch))) : char(std::tolower(static_cast<unsigned char>(ch))));
    start = ch == ' ';
  }
  return out;
}

void rounded(cv::Mat& img, cv::Rect2d mm, double radius_mm, const cv::Scalar& colour) {
  constexpr int shift = 3;
  constexpr double f = kTexPxMm * (1 << shift);
  const double r = radius_mm;
  const cv::Point2d centres[4] = {{mm.x + mm.width - r, mm.y + r}, {mm.x + mm.width - r, mm.y + mm.height - r},
                                  {mm.x + r, mm.y + mm.height - r}, {mm.x + r, mm.y + r}};
  std::vector<cv::Point> poly;
  for (int c = 0; c < 4; ++c) {
    for (int k = 0; k <= 8; ++k) {
      const double a = (-90 + 90 * c + 90.0 * k / 8) * CV_PI / 180;
      poly.emplace_back(cvRound((centres[c].x + r * std::cos(a)) * f), cvRound((centres[c].y + r * std::sin(a)) * f));
    }
  }
  cv::fillPoly(img, std::vector<std::vector<cv::Point>>{poly}, colour, cv::LINE_AA, shift);
}

void label(cv::Mat& img, const std::string& text, cv::Point2d centre_mm, double max_w_mm, double cap_mm,
           const cv::Scalar& colour, int font = cv::FONT_HERSHEY_TRIPLEX) {
  int base = 0;
  const cv::Size unit = cv::getTextSize(text, font, 1.0, 1, &base);
  const double size = std::min(cap_mm * kTexPxMm / unit.height, max_w_mm * kTexPxMm / unit.width);
  const int thick = std::max(1, cvRound(size * 1.3));
  const cv::Size box = cv::getTextSize(text, font, size, thick, &base);
  const cv::Point origin(cvRound(centre_mm.x * kTexPxMm - box.width / 2.0), cvRound(centre_mm.y * kTexPxMm + box.height / 2.0));
  cv::putText(img, text, origin, font, size, colour, thick, cv::LINE_AA);
}

void sticker(cv::Mat& bgr, const Sheet& sh) {
  constexpr double ink = 30, paper = 248;  // printer black is never 0, paper never 255
  cv::Mat modules, grey;
  cv::resize(sh.qr, modules, sh.sticker_px.size(), 0, 0, cv::INTER_NEAREST);
  modules.convertTo(grey, CV_8U, (paper - ink) / 255, ink);
  cv::cvtColor(grey, bgr(sh.sticker_px), cv::COLOR_GRAY2BGR);
}

// A card as printed: coloured rim, cream face, title from the payload, the tag in the middle.
void paint_card(const Sheet& sh, cv::Mat& bgr, cv::Mat& alpha) {
  static const cv::Scalar kRims[] = {{45, 35, 150}, {110, 55, 30}, {45, 100, 40}, {35, 125, 180}, {105, 45, 95}, {110, 100, 30}};
  const auto parts = split(sh.payload, ':');
  const bool ours = parts.size() >= 3 && parts[0] == "S1", control = ours && parts[1] == "CTL";
  const std::uint64_t h = fnv(ours ? parts[1] + ":" + parts[2] : sh.payload);
  const cv::Scalar rim = control ? cv::Scalar(55, 55, 55) : kRims[h % 6];
  const double tint = double((h >> 8) % 9) - 4;
  const cv::Scalar cream(212 + tint, 232 + tint, 240), ink(35, 40, 50);
  bgr.create(cvRound(kCardH * kTexPxMm), cvRound(kCardW * kTexPxMm), CV_8UC3);
  alpha.create(bgr.size(), CV_8U);
  bgr.setTo(rim);
  alpha.setTo(0);
  rounded(alpha, {0, 0, kCardW, kCardH}, 3, 255);
  rounded(bgr, {2.5, 2.5, kCardW - 5, kCardH - 5}, 1.5, cream);
  rounded(bgr, {5, 5, kCardW - 10, 10}, 1, cream * 0.9);
  const std::string title = !ours ? sh.payload.substr(0, 20)
                            : control && parts.size() >= 4 ? title_case(parts[2]) + " " + parts[3]
                                                           : title_case(parts[2]);
  label(bgr, title, {kCardW / 2, 10}, kCardW - 16, 4.2, ink);
  const std::string kind = control ? "CONTROL" : ours ? parts[1] : "";
  label(bgr, kind, {kCardW / 2, 19.5}, 30, 2.2, rim, cv::FONT_HERSHEY_SIMPLEX);
  cv::line(bgr, cv::Point2d(8, 70) * kTexPxMm, cv::Point2d(kCardW - 8, 70) * kTexPxMm, rim, 3, cv::LINE_AA);
  if (ours && !control && parts.size() >= 4) label(bgr, "copy " + parts[3], {kCardW / 2, 77}, 30, 2.6, ink, cv::FONT_HERSHEY_SIMPLEX);
  sticker(bgr, sh);
}

// An A7 flyer someone left on the table: a header, lines of print, and a QR that is not ours.
void paint_flyer(const Sheet& sh, cv::Mat& bgr, cv::Mat& alpha) {
  static const cv::Scalar kHeads[] = {{30, 80, 215}, {160, 90, 20}, {40, 150, 60}};
  bgr.create(cvRound(sh.size_mm.height * kTexPxMm), cvRound(sh.size_mm.width * kTexPxMm), CV_8UC3);
  alpha.create(bgr.size(), CV_8U);
  bgr.setTo(cv::Scalar(240, 243, 245));
  alpha.setTo(0);
  rounded(alpha, {0, 0, sh.size_mm.width, sh.size_mm.height}, 0.8, 255);
  const cv::Scalar head = kHeads[fnv(sh.payload) % 3];
  cv::rectangle(bgr, cv::Rect(0, 0, bgr.cols, cvRound(22 * kTexPxMm)), head, cv::FILLED);
  label(bgr, "WIN A PRIZE!", {sh.size_mm.width / 2, 11}, 60, 6, {250, 250, 250});
  for (double y : {27.0, 31.0, 90.0, 94.0, 98.0})
    cv::rectangle(bgr, cv::Point2d(8, y) * kTexPxMm, cv::Point2d(sh.size_mm.width - 8 - (int(y) % 3) * 7, y + 1.6) * kTexPxMm,
                  cv::Scalar(120, 120, 125), cv::FILLED);
  sticker(bgr, sh);
}

// Blends a sheet's texture onto the canvas through to_canvas (texture pixel -> canvas pixel), with
// the soft shadow of a thin card lying on cloth.
void paste(cv::Mat& canvas, const cv::Mat& bgr, const cv::Mat& alpha, const Mat3& to_canvas, double shadow_px) {
  std::vector<cv::Point2f> ends;
  for (cv::Point2d p : {cv::Point2d(-1, -1), cv::Point2d(bgr.cols, -1), cv::Point2d(bgr.cols, bgr.rows), cv::Point2d(-1, bgr.rows)})
    ends.push_back(apply(to_canvas, p));
  const int grow = cvCeil(4 * shadow_px) + 2;
  const cv::Rect roi = (cv::boundingRect(ends) + cv::Size(2 * grow, 2 * grow) - cv::Point(grow, grow)) &
                       cv::Rect(0, 0, canvas.cols, canvas.rows);
  if (roi.empty()) return;
  const Mat3 m = translate(-roi.x, -roi.y) * to_canvas;
  cv::Mat a, shadow, colour, black(roi.size(), CV_8UC3, cv::Scalar::all(0)), dst = canvas(roi);
  cv::warpPerspective(alpha, shadow, cv::Mat(translate(0.6 * shadow_px, shadow_px) * m), roi.size(), cv::INTER_LINEAR);
  cv::GaussianBlur(shadow, shadow, {0, 0}, shadow_px);
  shadow.convertTo(shadow, CV_32F, 0.35 / 255);
  cv::blendLinear(dst, black, 1 - shadow, shadow, dst);
  cv::warpPerspective(alpha, a, cv::Mat(m), roi.size(), cv::INTER_LINEAR);
  cv::warpPerspective(bgr, colour, cv::Mat(m), roi.size(), cv::INTER_LINEAR);
  a.convertTo(a, CV_32F, 1.0 / 255);
  cv::blendLinear(dst, colour, 1 - a, a, dst);
}

void paint_hand(const Scene& s, const Hand& hand, cv::Mat& canvas) {
  static const cv::Scalar kSkins[] = {{150, 178, 226}, {118, 150, 205}, {88, 120, 172}, {62, 86, 122}};
  static const cv::Scalar kSleeves[] = {{90, 50, 30}, {110, 110, 115}, {40, 30, 120}, {50, 90, 60}};
  cv::RNG person = rng(s, Stream::Person);
  const cv::Scalar skin = kSkins[person.uniform(0, 4)], sleeve = kSleeves[person.uniform(0, 4)];
  const double px = hand.px_mm * kSuper;
  cv::Mat whole(canvas.size(), CV_8U, cv::Scalar(0));
  draw_hand(whole, hand, kSuper, {0, 0});
  const int grow = cvCeil(25 * px);
  const cv::Rect roi = (cv::boundingRect(whole) + cv::Size(2 * grow, 2 * grow) - cv::Point(grow, grow)) &
                       cv::Rect(0, 0, canvas.cols, canvas.rows);
  cv::Mat dst = canvas(roi), black(roi.size(), CV_8UC3, cv::Scalar::all(0)), small, shadow;
  // The hand hovers above the cloth: a wide, offset, soft shadow (blurred small: it is soft anyway).
  const cv::Mat shift = (cv::Mat_<double>(2, 3) << 0.25, 0, 5 * px / 4, 0, 0.25, 8 * px / 4);
  cv::warpAffine(whole(roi), small, shift, cv::Size(roi.width / 4 + 1, roi.height / 4 + 1), cv::INTER_AREA);
  cv::GaussianBlur(small, small, {0, 0}, 5 * px / 4);
  cv::resize(small(cv::Rect(0, 0, roi.width / 4, roi.height / 4)), shadow, roi.size(), 0, 0, cv::INTER_LINEAR);
  shadow.convertTo(shadow, CV_32F, 0.4 / 255);
  cv::blendLinear(dst, black, 1 - shadow, shadow, dst);
  // Each part darker towards its own outline, so fingers and arm look round, not cut from paper.
  cv::Mat part(roi.size(), CV_8U), dist, shade, a;
  for (int p = 0; p < kHandParts; ++p) {
    part.setTo(0);
    draw_hand(part, hand, kSuper, roi.tl(), p);
    cv::distanceTransform(part > 127, dist, cv::DIST_L2, 3);
    cv::sqrt(cv::min(dist * (1 / ((p == kSleeve ? 16 : 8) * px)), 1.0), shade);
    shade = 0.55 + 0.45 * shade;
    cv::Mat colour(roi.size(), CV_32FC3, p == kSleeve ? sleeve : skin);
    cv::merge(std::vector<cv::Mat>{shade, shade, shade}, shade);
    colour = colour.mul(shade);
    colour.convertTo(colour, CV_8UC3);
    cv::GaussianBlur(part, a, {0, 0}, 0.7);
    a.convertTo(a, CV_32F, 1.0 / 255);
    cv::blendLinear(dst, colour, 1 - a, a, dst);
  }
}

// The cloth (or wood) under everything, drawn in table millimetres so that it tilts with the view;
// it depends on the seed only, so it stays put from frame to frame.
void paint_table(const Scene& s, const Mat3& to_canvas, cv::Mat& canvas) {
  const Mat3 back = to_canvas.inv();
  double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  for (cv::Point2d p : {cv::Point2d(0, 0), cv::Point2d(canvas.cols, 0), cv::Point2d(canvas.cols, canvas.rows), cv::Point2d(0, canvas.rows)}) {
    const cv::Point2d q = apply(back, p);
    x0 = std::min(x0, q.x - 5), y0 = std::min(y0, q.y - 5), x1 = std::max(x1, q.x + 5), y1 = std::max(y1, q.y + 5);
  }
  const double r = std::min(s.width / s.table_w_mm, s.height / s.table_h_mm);  // texture px per mm
  const cv::Size size(cvCeil((x1 - x0) * r), cvCeil((y1 - y0) * r));
  cv::RNG tr = rng(s, Stream::Table);
  cv::Mat low(9, 16, CV_32F), fine(size, CV_32F), lum(size, CV_32F);
  tr.fill(low, cv::RNG::UNIFORM, -1, 1);
  cv::resize(low, low, size, 0, 0, cv::INTER_CUBIC);
  tr.fill(fine, cv::RNG::NORMAL, 0, 1);
  cv::GaussianBlur(fine, fine, {0, 0}, 0.7);
  cv::Scalar base;
  if (s.surface == Surface::Felt) {
    base = cv::Scalar(38 + tr.uniform(-6, 6), 92 + tr.uniform(-8, 8), 34 + tr.uniform(-6, 6));
    lum = 1 + 0.07 * low + 0.07 * fine;
  } else {
    // Planks along x; the grain follows slow, wavy lines; each plank a slightly different tone.
    base = cv::Scalar(62, 108, 158);
    // Long thin fibres along the planks: noise smeared along x, made at 1/16 of the width
    // (they vary slowly along x anyway) so the long blur stays cheap.
    cv::Mat streaks(size.height, size.width / 16 + 2, CV_32F);
    tr.fill(streaks, cv::RNG::NORMAL, 0, 1);
    cv::GaussianBlur(streaks, streaks, {0, 0}, 20 * r / 16, 0.5);
    cv::Scalar mean, sd;
    cv::meanStdDev(streaks, mean, sd);
    cv::resize(streaks * (1 / std::max(sd[0], 1e-6)), streaks, size, 0, 0, cv::INTER_LINEAR);
    const double plank = tr.uniform(95.0, 125.0), phase = tr.uniform(0.0, 6.3);
    for (int y = 0; y < size.height; ++y) {
      const double ymm = y0 + (y + 0.5) / r, pos = (ymm - phase) / plank;
      const double tone = 0.09 * std::sin(7.3 * std::floor(pos) + phase), seam = (pos - std::floor(pos)) * plank < 0.8 ? 0.55 : 1;
      for (int x = 0; x < size.width; ++x) {
        const float grain = float(std::sin(ymm * 2.4 + 9 * low.at<float>(y, x) + 3 * std::sin(x / r / 180 + ymm / 40)));
        lum.at<float>(y, x) =
            float(seam * (1 + tone + 0.045 * grain + 0.05 * streaks.at<float>(y, x) + 0.03 * fine.at<float>(y, x)));
      }
    }
  }
  cv::Mat tex;
  cv::merge(std::vector<cv::Mat>{lum * base[0], lum * base[1], lum * base[2]}, tex);
  tex.convertTo(tex, CV_8UC3);
  const Mat3 from_tex = translate(x0 + 0.5 / r, y0 + 0.5 / r) * scale(1 / r, 1 / r);
  cv::warpPerspective(tex, canvas, cv::Mat(to_canvas * from_tex), canvas.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
}

// Lamp fall-off, the lamp's reflection, exposure flicker, optics blur, sensor noise.
cv::Mat expose(const Scene& s, int index, const cv::Mat& scene_bgr) {
  const Realism& re = s.realism;
  cv::Mat f;
  scene_bgr.convertTo(f, CV_32FC3);
  cv::RNG lr = rng(s, Stream::Light);
  const cv::Point2d lamp(lr.uniform(0.3, 0.7) * s.width, lr.uniform(0.25, 0.6) * s.height);
  const cv::Point2d spot(lr.uniform(0.15, 0.85) * s.width, lr.uniform(0.15, 0.85) * s.height);
  const double gx = lr.uniform(0.06, 0.12) * s.width, gy = gx * lr.uniform(0.5, 0.9);
  const double gain = 1 + rng(s, Stream::Light, index + 1).gaussian(0.05 * re.lamp);
  double far2 = 0;
  for (cv::Point2d c : {cv::Point2d(0, 0), cv::Point2d(s.width, 0), cv::Point2d(0, s.height), cv::Point2d(s.width, s.height)})
    far2 = std::max(far2, (c - lamp).dot(c - lamp));
  for (int y = 0; y < f.rows; ++y) {
    auto* row = f.ptr<cv::Vec3f>(y);
    for (int x = 0; x < f.cols; ++x) {
      const cv::Point2d d = cv::Point2d(x, y) - lamp, g((x - spot.x) / gx, (y - spot.y) / gy);
      const float light = float(gain * (1 - re.lamp * d.dot(d) / far2));
      const float glare = float(255 * re.glare * std::exp(-0.5 * g.dot(g)));
      row[x] = row[x] * light + cv::Vec3f(glare * 0.93f, glare * 0.97f, glare);  // a warm lamp
    }
  }
  if (re.blur_px > 0) cv::GaussianBlur(f, f, {0, 0}, re.blur_px);
  if (re.noise > 0) {
    cv::Mat noise(f.size(), CV_32FC3);
    rng(s, Stream::Noise, index).fill(noise, cv::RNG::NORMAL, 0, re.noise);
    f += noise;
  }
  cv::Mat out;
  f.convertTo(out, CV_8UC3);
  return out;
}

cv::Mat paint(const Scene& s, const Plan& plan, int index) {
  const cv::Size big(s.width * kSuper, s.height * kSuper);
  const Mat3 to_big = kToBig * plan.view_h;
  cv::Mat canvas(big, CV_8UC3);
  paint_table(s, to_big, canvas);
  cv::Mat bgr, alpha, small_bgr, small_alpha;
  for (const Sheet& sh : plan.sheets) {
    (sh.card >= 0 ? paint_card : paint_flyer)(sh, bgr, alpha);
    // Shrink to about the canvas scale first, so the warp does not alias the QR's modules.
    const cv::Point2d c = apply(to_big, sh.centre_mm);
    const double px_mm = cv::norm(apply(to_big, sh.centre_mm + cv::Point2d(1, 0)) - c);
    const cv::Size fit(cvRound(sh.size_mm.width * px_mm), cvRound(sh.size_mm.height * px_mm));
    cv::resize(bgr, small_bgr, fit, 0, 0, cv::INTER_AREA);
    cv::resize(alpha, small_alpha, fit, 0, 0, cv::INTER_AREA);
    const double sx = sh.size_mm.width / fit.width, sy = sh.size_mm.height / fit.height;
    const Mat3 tex_to_sheet = translate(0.5 * sx, 0.5 * sy) * scale(sx, sy);
    paste(canvas, small_bgr, small_alpha, to_big * sh.to_table() * tex_to_sheet, 1.0 * px_mm);
  }
  if (plan.hand) paint_hand(s, *plan.hand, canvas);
  cv::Mat frame;
  cv::resize(canvas, frame, {s.width, s.height}, 0, 0, cv::INTER_AREA);
  return expose(s, index, frame);
}

// ---- scene files ----

Result<void> validate(const Scene& s, std::string_view origin) {
  std::string error;
  auto check = [&](bool ok, const std::string& field, const std::string& what) {
    if (!ok && error.empty()) error = std::string(origin) + ": " + field + ": " + what;
  };
  auto range = [&](double v, double lo, double hi, const std::string& field) {
    check(v >= lo && v <= hi, field, num(v) + " is outside " + num(lo) + ".." + num(hi));
  };
  range(s.frames, 1, 100000, "frames");
  range(s.width, 64, 8192, "width");
  range(s.height, 64, 8192, "height");
  range(double(s.frame_interval_ms), 1, 3600000, "frame_interval_ms");
  range(s.table_w_mm, 50, 10000, "table_w_mm");
  range(s.table_h_mm, 50, 10000, "table_h_mm");
  range(s.code_mm, 10, 40, "code_mm");  // 40 mm and its quiet zone still fit a 63 mm card
  const Realism& r = s.realism;
  range(r.tilt, 0, 0.4, "realism.tilt");
  range(r.roll_deg, -45, 45, "realism.roll_deg");
  range(r.shake_px, 0, 20, "realism.shake_px");
  range(r.blur_px, 0, 10, "realism.blur_px");
  range(r.noise, 0, 60, "realism.noise");
  range(r.jpeg_quality, 1, 100, "realism.jpeg_quality");
  range(r.lamp, 0, 1, "realism.lamp");
  range(r.glare, 0, 1, "realism.glare");
  range(r.hand_rate, 0, 1, "realism.hand_rate");
  range(r.foreign_rate, 0, 1, "realism.foreign_rate");
  std::vector<int> hand_on(s.frames, -1);
  for (std::size_t i = 0; i < s.cards.size(); ++i) {
    const SceneCard& c = s.cards[i];
    const std::string at = "cards[" + std::to_string(i) + "]";
    check(!c.payload.empty() && c.payload.size() <= 100, at + ".payload", "needs 1..100 characters");
    range(c.x_mm, -10000, 10000, at + ".x_mm");
    range(c.y_mm, -10000, 10000, at + ".y_mm");
    range(c.angle_deg, -3600, 3600, at + ".angle_deg");
    range(c.first_frame, 0, s.frames - 1, at + ".first_frame");
    check(c.last_frame >= c.first_frame, at + ".last_frame", std::to_string(c.last_frame) + " is before first_frame");
    for (int f : c.covered_frames) {
      check(f >= c.first_frame && f <= c.last_frame && f < s.frames, at + ".covered_frames",
            "frame " + std::to_string(f) + " is not one in which the card lies on the table");
      if (f < 0 || f >= s.frames) continue;
      check(hand_on[f] < 0, at + ".covered_frames",
            "frame " + std::to_string(f) + " already has a hand on cards[" + std::to_string(hand_on[f]) + "]");
      hand_on[f] = int(i);
    }
  }
  if (!error.empty()) return fail(error);
  return {};
}

// Reads one JSON document field by field, keeping the first complaint with its origin and path.
class Reader {
 public:
  explicit Reader(std::string_view origin) : origin_(origin) {}
  const std::string& error() const { return error_; }
  void complain(const std::string& field, const std::string& what) {
    if (error_.empty()) error_ = origin_ + ": " + field + ": " + what;
  }
  static std::string path(const std::string& at, const std::string& key) { return at.empty() ? key : at + "." + key; }
  // Unknown fields are refused: a misspelt knob would otherwise fall back to its default unseen.
  bool object(const json& j, const std::string& at, std::initializer_list<std::string_view> keys) {
    if (!j.is_object()) {
      complain(at.empty() ? "(top level)" : at, std::string("expected an object, got ") + j.type_name());
      return false;
    }
    for (auto it = j.begin(); it != j.end(); ++it)
      if (std::find(keys.begin(), keys.end(), it.key()) == keys.end()) complain(path(at, it.key()), "unknown field");
    return true;
  }
  template <class T>
  void number(const json& j, const std::string& at, const char* key, T& out, bool required = false) {
    const auto it = j.find(key);
    if (it == j.end()) {
      if (required) complain(path(at, key), "missing");
      return;
    }
    if constexpr (std::is_integral_v<T>) {
      if (!it->is_number_integer()) return complain(path(at, key), std::string("expected a whole number, got ") + it->type_name());
      const double v = it->template get<double>();
      if (v < double(std::numeric_limits<T>::lowest()) || v > double(std::numeric_limits<T>::max()))
        return complain(path(at, key), num(v) + " is too large");
    } else if (!it->is_number()) {
      return complain(path(at, key), std::string("expected a number, got ") + it->type_name());
    }
    out = it->template get<T>();
  }
  void text(const json& j, const std::string& at, const char* key, std::string& out, bool required = false) {
    const auto it = j.find(key);
    if (it == j.end()) {
      if (required) complain(path(at, key), "missing");
    } else if (!it->is_string()) {
      complain(path(at, key), std::string("expected a string, got ") + it->type_name());
    } else {
      out = it->get<std::string>();
    }
  }

 private:
  std::string origin_;
  std::string error_;
};

}  // namespace

Result<Realism> realism_preset(std::string_view name) {
  if (name == "moderate") return Realism{};
  if (name == "clean") return Realism{0, 0, 0, 0, 0, 95, 0, 0, 0, 0};
  if (name == "hard") return Realism{0.12f, 4, 1.0f, 1.0f, 7, 60, 0.45f, 0.35f, 0.25f, 0.35f};
  return fail("unknown realism preset \"" + std::string(name) + "\" (clean, moderate, hard)");
}

Result<Scene> parse_scene(std::string_view json_text, std::string_view origin) {
  json j;
  try {
    j = json::parse(json_text);
  } catch (const json::exception& e) {
    return fail(std::string(origin) + ": not a JSON scene: " + e.what());
  }
  Reader in(origin);
  Scene s;
  if (!in.object(j, "", {"comment", "seed", "frames", "width", "height", "frame_interval_ms", "table_w_mm", "table_h_mm",
                         "surface", "code_mm", "realism", "cards"}))
    return fail(in.error());
  in.number(j, "", "seed", s.seed);
  in.number(j, "", "frames", s.frames);
  in.number(j, "", "width", s.width);
  in.number(j, "", "height", s.height);
  in.number(j, "", "frame_interval_ms", s.frame_interval_ms);
  in.number(j, "", "table_w_mm", s.table_w_mm);
  in.number(j, "", "table_h_mm", s.table_h_mm);
  in.number(j, "", "code_mm", s.code_mm);
  std::string surface = "felt";
  in.text(j, "", "surface", surface);
  if (surface != "felt" && surface != "wood") in.complain("surface", "\"" + surface + "\" is neither \"felt\" nor \"wood\"");
  s.surface = surface == "wood" ? Surface::Wood : Surface::Felt;
  if (const auto r = j.find("realism"); r != j.end() &&
      in.object(*r, "realism", {"preset", "tilt", "roll_deg", "shake_px", "blur_px", "noise", "jpeg_quality", "lamp", "glare",
                                "hand_rate", "foreign_rate"})) {
    std::string preset = "moderate";
    in.text(*r, "realism", "preset", preset);
    auto base = realism_preset(preset);
    if (!base) in.complain("realism.preset", base.error().message);
    Realism& re = s.realism;
    if (base) re = base.value();
    in.number(*r, "realism", "tilt", re.tilt);
    in.number(*r, "realism", "roll_deg", re.roll_deg);
    in.number(*r, "realism", "shake_px", re.shake_px);
    in.number(*r, "realism", "blur_px", re.blur_px);
    in.number(*r, "realism", "noise", re.noise);
    in.number(*r, "realism", "jpeg_quality", re.jpeg_quality);
    in.number(*r, "realism", "lamp", re.lamp);
    in.number(*r, "realism", "glare", re.glare);
    in.number(*r, "realism", "hand_rate", re.hand_rate);
    in.number(*r, "realism", "foreign_rate", re.foreign_rate);
  }
  if (const auto cards = j.find("cards"); cards != j.end()) {
    if (!cards->is_array()) in.complain("cards", std::string("expected an array, got ") + cards->type_name());
    for (std::size_t i = 0; cards->is_array() && i < cards->size(); ++i) {
      const json& c = (*cards)[i];
      const std::string at = "cards[" + std::to_string(i) + "]";
      SceneCard card;
      card.last_frame = s.frames - 1;
      if (!in.object(c, at, {"payload", "x_mm", "y_mm", "angle_deg", "first_frame", "last_frame", "covered_frames"})) break;
      in.text(c, at, "payload", card.payload, true);
      in.number(c, at, "x_mm", card.x_mm, true);
      in.number(c, at, "y_mm", card.y_mm, true);
      in.number(c, at, "angle_deg", card.angle_deg);
      in.number(c, at, "first_frame", card.first_frame);
      in.number(c, at, "last_frame", card.last_frame);
      if (const auto cf = c.find("covered_frames"); cf != c.end()) {
        if (!cf->is_array()) in.complain(at + ".covered_frames", std::string("expected an array, got ") + cf->type_name());
        for (std::size_t k = 0; cf->is_array() && k < cf->size(); ++k) {
          if (!(*cf)[k].is_number_integer()) in.complain(at + ".covered_frames[" + std::to_string(k) + "]", "expected a frame number");
          else card.covered_frames.push_back((*cf)[k].get<int>());
        }
      }
      s.cards.push_back(std::move(card));
    }
  }
  if (!in.error().empty()) return fail(in.error());
  if (auto ok = validate(s, origin); !ok) return fail(ok.error().message);
  return s;
}

namespace {
// The shortest decimal that reads back as the same float: 0.05, not 0.05000000074505806, and
// still exact, so that scene.json makes the very same frames again.
double tidy(float v) {
  for (int digits = 6; digits < 9; ++digits) {
    std::ostringstream o;
    o.precision(digits);
    o << v;
    if (const double d = std::stod(o.str()); float(d) == v) return d;
  }
  return v;
}
}  // namespace

std::string scene_to_json(const Scene& s) {
  const Realism& r = s.realism;
  ordered_json j = {{"seed", s.seed}, {"frames", s.frames}, {"width", s.width}, {"height", s.height},
            {"frame_interval_ms", s.frame_interval_ms}, {"table_w_mm", tidy(s.table_w_mm)}, {"table_h_mm", tidy(s.table_h_mm)},
            {"surface", s.surface == Surface::Wood ? "wood" : "felt"}, {"code_mm", tidy(s.code_mm)},
            {"realism", {{"tilt", tidy(r.tilt)}, {"roll_deg", tidy(r.roll_deg)}, {"shake_px", tidy(r.shake_px)}, {"blur_px", tidy(r.blur_px)},
                         {"noise", tidy(r.noise)}, {"jpeg_quality", r.jpeg_quality}, {"lamp", tidy(r.lamp)}, {"glare", tidy(r.glare)},
                         {"hand_rate", tidy(r.hand_rate)}, {"foreign_rate", tidy(r.foreign_rate)}}},
            {"cards", ordered_json::array()}};
  for (const SceneCard& c : s.cards) {
    ordered_json card = {{"payload", c.payload}, {"x_mm", tidy(c.x_mm)}, {"y_mm", tidy(c.y_mm)}, {"angle_deg", tidy(c.angle_deg)},
                 {"first_frame", c.first_frame}, {"last_frame", std::min(c.last_frame, s.frames - 1)}};
    if (!c.covered_frames.empty()) card["covered_frames"] = c.covered_frames;
    j["cards"].push_back(std::move(card));
  }
  return j.dump(2) + "\n";
}

// ---- frames and truth ----

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
  try {
    return paint(scene, plan.value(), index);
  } catch (const cv::Exception& e) {
    return fail("synth: frame " + std::to_string(index) + ": OpenCV: " + e.what());
  }
}

Result<std::vector<unsigned char>> encode_frame(const Scene& scene, int index) {
  auto frame = render_frame(scene, index);
  if (!frame) return fail(frame.error().message);
  std::vector<unsigned char> jpeg;
  try {
    if (!cv::imencode(".jpg", frame.value(), jpeg, {cv::IMWRITE_JPEG_QUALITY, scene.realism.jpeg_quality}))
      return fail("synth: frame " + std::to_string(index) + ": the JPEG encoder refused it");
  } catch (const cv::Exception& e) {
    return fail("synth: frame " + std::to_string(index) + ": OpenCV: " + e.what());
  }
  return jpeg;
}

namespace {

Result<void> write_file(const std::filesystem::path& path, const char* data, std::size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data, std::streamsize(size));
  out.close();
  if (!out) return fail("synth: cannot write " + path.string());
  return {};
}

double hundredths(double v) { return std::round(v * 100) / 100; }

ordered_json tag_json(const TruthTag& t) {
  ordered_json corners = ordered_json::array();
  for (const Point& p : t.corners) corners.push_back({hundredths(p.x), hundredths(p.y)});
  return {{"payload", t.payload}, {"bowed", t.bowed}, {"angle_deg", hundredths(t.angle_deg)}, {"corners", corners}};
}

TruthTag tag_from(const json& j) {
  TruthTag t;
  t.payload = j.at("payload").get<std::string>();
  for (int i = 0; i < 4; ++i) t.corners[i] = {j.at("corners").at(i).at(0).get<float>(), j.at("corners").at(i).at(1).get<float>()};
  t.angle_deg = j.at("angle_deg").get<double>();
  t.bowed = j.at("bowed").get<bool>();
  return t;
}

const char* const kHiddenNames[] = {"hand", "card", "out_of_view"};

}  // namespace

Result<void> write_recording(const Scene& scene, const std::string& out_dir) {
  namespace fs = std::filesystem;
  if (auto ok = validate(scene, "scene"); !ok) return fail(ok.error().message);
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec) return fail("synth: cannot create " + out_dir + ": " + ec.message());
  RecordingTruth truth{scene.seed, scene.width, scene.height, scene.frame_interval_ms, {}};
  for (int i = 0; i < scene.frames; ++i) {
    auto plan = plan_frame(scene, i);
    if (!plan) return fail(plan.error().message);
    std::vector<unsigned char> jpeg;
    try {
      const cv::Mat frame = paint(scene, plan.value(), i);
      if (!cv::imencode(".jpg", frame, jpeg, {cv::IMWRITE_JPEG_QUALITY, scene.realism.jpeg_quality}))
        return fail("synth: frame " + std::to_string(i) + ": the JPEG encoder refused it");
    } catch (const cv::Exception& e) {
      return fail("synth: frame " + std::to_string(i) + ": OpenCV: " + e.what());
    }
    if (auto ok = write_file(fs::path(out_dir) / frame_name(i), reinterpret_cast<const char*>(jpeg.data()), jpeg.size()); !ok)
      return ok;
    truth.frames.push_back(truth_of(scene, i, plan.value()));
  }
  const std::string truth_text = truth_to_json(truth), scene_text = scene_to_json(scene);
  if (auto ok = write_file(fs::path(out_dir) / "truth.json", truth_text.data(), truth_text.size()); !ok) return ok;
  return write_file(fs::path(out_dir) / "scene.json", scene_text.data(), scene_text.size());
}

std::string truth_to_json(const RecordingTruth& truth) {
  // One frame per line: small enough to read, and a diff shows which frames changed.
  const ordered_json head = {{"format", "seneschal-synth-truth/1"}, {"seed", truth.seed}, {"width", truth.width},
                             {"height", truth.height}, {"frame_interval_ms", truth.frame_interval_ms}};
  std::string out = head.dump();
  out.pop_back();
  out += ",\"frames\":[\n";
  for (std::size_t i = 0; i < truth.frames.size(); ++i) {
    const TruthFrame& f = truth.frames[i];
    ordered_json tags = ordered_json::array(), hidden = ordered_json::array(), foreign = ordered_json::array();
    for (const auto& t : f.tags) tags.push_back(tag_json(t));
    for (const auto& h : f.hidden) hidden.push_back({{"payload", h.payload}, {"why", kHiddenNames[int(h.why)]}});
    for (const auto& t : f.foreign) foreign.push_back(tag_json(t));
    const ordered_json frame = {{"frame", f.frame}, {"index", f.index}, {"t_ms", f.t_ms}, {"payloads_visible", f.payloads_visible},
                                {"tags", tags}, {"hidden", hidden}, {"foreign", foreign}};
    out += frame.dump() + (i + 1 < truth.frames.size() ? ",\n" : "\n");
  }
  return out + "]}\n";
}

Result<RecordingTruth> parse_truth(std::string_view json_text, std::string_view origin) {
  // A machine-written file: nlohmann's own messages name the missing key or wrong type well enough.
  try {
    const json j = json::parse(json_text);
    if (j.at("format") != "seneschal-synth-truth/1")
      return fail(std::string(origin) + ": format: expected \"seneschal-synth-truth/1\", got " + j.at("format").dump());
    RecordingTruth truth{j.at("seed").get<std::uint32_t>(), j.at("width").get<int>(), j.at("height").get<int>(),
                         j.at("frame_interval_ms").get<std::int64_t>(), {}};
    for (const json& f : j.at("frames")) {
      TruthFrame tf;
      tf.frame = f.at("frame").get<std::string>();
      tf.index = f.at("index").get<int>();
      tf.t_ms = f.at("t_ms").get<std::int64_t>();
      tf.payloads_visible = f.at("payloads_visible").get<std::vector<std::string>>();
      for (const json& t : f.at("tags")) tf.tags.push_back(tag_from(t));
      for (const json& t : f.at("foreign")) tf.foreign.push_back(tag_from(t));
      for (const json& h : f.at("hidden")) {
        const std::string why = h.at("why").get<std::string>();
        const auto name = std::find_if(std::begin(kHiddenNames), std::end(kHiddenNames), [&](const char* n) { return why == n; });
        if (name == std::end(kHiddenNames)) return fail(std::string(origin) + ": " + tf.frame + ": unknown hidden reason \"" + why + "\"");
        tf.hidden.push_back({h.at("payload").get<std::string>(), Hidden(name - std::begin(kHiddenNames))});
      }
      truth.frames.push_back(std::move(tf));
    }
    return truth;
  } catch (const json::exception& e) {
    return fail(std::string(origin) + ": not a truth file: " + e.what());
  }
}

}  // namespace seneschal::vision::synth
