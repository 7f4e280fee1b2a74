// Drawing a planned frame: the table, the printed sheets, a hand, then what the camera adds
// (lamp, glare, blur, noise). Everything is drawn at kSuper times the size and shrunk, so edges
// are anti-aliased the way a real sensor averages them.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "synth_internal.hpp"

namespace seneschal::vision::synth::detail {
namespace {

cv::Point2d turn(cv::Point2d d, double deg) { return apply(rotate(deg), d); }

// Output pixels (pixel centres at integers) -> the supersampled canvas.
const Mat3 kToBig = translate((kSuper - 1) / 2.0, (kSuper - 1) / 2.0) * scale(kSuper, kSuper);

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

// "HAMMERDOOMS-ROOST" -> "Hammerdooms Roost"
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

// Printer black is never 0, paper never 255: stickers and printed pages map their greys onto these.
constexpr double kInk = 30, kPaper = 248;

void sticker(cv::Mat& bgr, const Sheet& sh) {
  cv::Mat modules, grey;
  cv::resize(sh.qr, modules, sh.sticker_px.size(), 0, 0, cv::INTER_NEAREST);
  modules.convertTo(grey, CV_8U, (kPaper - kInk) / 255, kInk);
  cv::cvtColor(grey, bgr(sh.sticker_px), cv::COLOR_GRAY2BGR);
}

// A sheet's blank: filled with colour, its alpha the sheet's shape with rounded corners.
void blank(cv::Size2d size_mm, double radius_mm, const cv::Scalar& colour, cv::Mat& bgr, cv::Mat& alpha) {
  bgr.create(cvRound(size_mm.height * kTexPxMm), cvRound(size_mm.width * kTexPxMm), CV_8UC3);
  alpha.create(bgr.size(), CV_8U);
  bgr.setTo(colour);
  alpha.setTo(0);
  rounded(alpha, {0, 0, size_mm.width, size_mm.height}, radius_mm, 255);
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
  blank({kCardW, kCardH}, 3, rim, bgr, alpha);
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
  blank(sh.size_mm, 0.8, cv::Scalar(240, 243, 245), bgr, alpha);
  const cv::Scalar head = kHeads[fnv(sh.payload) % 3];
  cv::rectangle(bgr, cv::Rect(0, 0, bgr.cols, cvRound(22 * kTexPxMm)), head, cv::FILLED);
  label(bgr, "WIN A PRIZE!", {sh.size_mm.width / 2, 11}, 60, 6, {250, 250, 250});
  for (double y : {27.0, 31.0, 90.0, 94.0, 98.0})
    cv::rectangle(bgr, cv::Point2d(8, y) * kTexPxMm, cv::Point2d(sh.size_mm.width - 8 - (int(y) % 3) * 7, y + 1.6) * kTexPxMm,
                  cv::Scalar(120, 120, 125), cv::FILLED);
  sticker(bgr, sh);
}

// A printed page: its greys mapped onto ink and paper as a sticker's are, the paper a little warm.
void paint_print(const Sheet& sh, cv::Mat& bgr, cv::Mat& alpha) {
  cv::Mat grey;
  cv::resize(sh.print, grey, cv::Size(cvRound(sh.size_mm.width * kTexPxMm), cvRound(sh.size_mm.height * kTexPxMm)), 0, 0,
             cv::INTER_AREA);
  grey.convertTo(grey, CV_8U, (kPaper - kInk) / 255, kInk);
  cv::Mat bgr_f;
  cv::cvtColor(grey, bgr_f, cv::COLOR_GRAY2BGR);
  bgr_f.convertTo(bgr_f, CV_32FC3);
  bgr_f = bgr_f.mul(cv::Scalar(0.97, 0.99, 1.0));
  bgr_f.convertTo(bgr, CV_8UC3);
  alpha.create(bgr.size(), CV_8U);
  alpha.setTo(255);
}

// A sheet seen at several poses during one exposure (motion blur), warped into roi: the mean of its
// coverage (float 0..1) and its colour where it covered, weighted by that coverage.
void smeared(const cv::Mat& bgr, const cv::Mat& alpha, const std::vector<Mat3>& poses, cv::Rect roi, cv::Mat& a,
             cv::Mat& colour) {
  cv::Mat sum_a(roi.size(), CV_32F, cv::Scalar(0)), sum_c(roi.size(), CV_32FC3, cv::Scalar::all(0)), ak, ck, ak3;
  for (const Mat3& pose : poses) {
    const Mat3 m = translate(-roi.x, -roi.y) * pose;
    cv::warpPerspective(alpha, ak, cv::Mat(m), roi.size(), cv::INTER_LINEAR);
    cv::warpPerspective(bgr, ck, cv::Mat(m), roi.size(), cv::INTER_LINEAR);
    ak.convertTo(ak, CV_32F, 1.0 / 255);
    ck.convertTo(ck, CV_32FC3);
    cv::merge(std::vector<cv::Mat>{ak, ak, ak}, ak3);
    sum_a += ak;
    sum_c += ck.mul(ak3);
  }
  cv::merge(std::vector<cv::Mat>{sum_a, sum_a, sum_a}, ak3);
  cv::divide(sum_c, cv::max(ak3, 1e-6), sum_c);
  sum_c.convertTo(colour, CV_8UC3);
  a = sum_a / double(poses.size());
}

// Blends a sheet's texture onto the canvas through to_canvas (texture pixel -> canvas pixel, one
// per pose the exposure saw: one for a sheet lying still), with the soft shadow of a thin card
// lying on cloth.
void paste(cv::Mat& canvas, const cv::Mat& bgr, const cv::Mat& alpha, const std::vector<Mat3>& poses,
           double shadow_px) {
  std::vector<cv::Point2f> ends;
  for (const Mat3& to_canvas : poses)
    for (cv::Point2d p :
         {cv::Point2d(-1, -1), cv::Point2d(bgr.cols, -1), cv::Point2d(bgr.cols, bgr.rows), cv::Point2d(-1, bgr.rows)})
      ends.push_back(apply(to_canvas, p));
  const int grow = cvCeil(4 * shadow_px) + 2;
  const cv::Rect roi = (cv::boundingRect(ends) + cv::Size(2 * grow, 2 * grow) - cv::Point(grow, grow)) &
                       cv::Rect(0, 0, canvas.cols, canvas.rows);
  if (roi.empty()) return;
  cv::Mat a, shadow, colour, black(roi.size(), CV_8UC3, cv::Scalar::all(0)), dst = canvas(roi);
  if (poses.size() == 1) {
    const Mat3 m = translate(-roi.x, -roi.y) * poses.front();
    cv::warpPerspective(alpha, shadow, cv::Mat(translate(0.6 * shadow_px, shadow_px) * m), roi.size(),
                        cv::INTER_LINEAR);
    cv::GaussianBlur(shadow, shadow, {0, 0}, shadow_px);
    shadow.convertTo(shadow, CV_32F, 0.35 / 255);
    cv::blendLinear(dst, black, 1 - shadow, shadow, dst);
    cv::warpPerspective(alpha, a, cv::Mat(m), roi.size(), cv::INTER_LINEAR);
    cv::warpPerspective(bgr, colour, cv::Mat(m), roi.size(), cv::INTER_LINEAR);
    a.convertTo(a, CV_32F, 1.0 / 255);
  } else {
    smeared(bgr, alpha, poses, roi, a, colour);
    const cv::Mat shift = (cv::Mat_<double>(2, 3) << 1, 0, 0.6 * shadow_px, 0, 1, shadow_px);
    cv::warpAffine(a, shadow, shift, roi.size(), cv::INTER_LINEAR);
    cv::GaussianBlur(shadow, shadow, {0, 0}, shadow_px);
    shadow *= 0.35;
    cv::blendLinear(dst, black, 1 - shadow, shadow, dst);
  }
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

// Where the lamp's reflection lies in a frame: where it started, drifted (Realism::glare_drift) in
// a direction from the seed and turned back at a tenth of the frame from its edges, as a reflection
// wanders when the lamp or a player's shadow moves.
cv::Point2d drifted(const Scene& s, cv::Point2d start, int index) {
  if (s.realism.glare_drift <= 0) return start;
  cv::RNG dr = rng(s, Stream::Glare);
  const double heading = dr.uniform(0.0, 2 * CV_PI), way = s.realism.glare_drift * s.width * index;
  const auto fold = [](double v, double length) {  // a path inside 0.1..0.9 of length, bouncing off its ends
    const double lo = 0.1 * length, span = 0.8 * length, t = std::fmod(std::abs(v - lo), 2 * span);
    return lo + (t <= span ? t : 2 * span - t);
  };
  return {fold(start.x + way * std::cos(heading), s.width), fold(start.y + way * std::sin(heading), s.height)};
}

// Lamp fall-off, the lamp's reflection, exposure flicker, optics blur, sensor noise.
cv::Mat expose(const Scene& s, int index, const cv::Mat& scene_bgr) {
  const Realism& re = s.realism;
  cv::Mat f;
  scene_bgr.convertTo(f, CV_32FC3);
  cv::RNG lr = rng(s, Stream::Light);
  const cv::Point2d lamp(lr.uniform(0.3, 0.7) * s.width, lr.uniform(0.25, 0.6) * s.height);
  const cv::Point2d start(lr.uniform(0.15, 0.85) * s.width, lr.uniform(0.15, 0.85) * s.height);
  const double gx = lr.uniform(0.06, 0.12) * s.width, gy = gx * lr.uniform(0.5, 0.9);
  const cv::Point2d spot = drifted(s, start, index);
  const double core_s = 0.35 * gx, core = 1.5 * 255 * re.glare_core;  // its hot middle saturates a code's paper and ink
  const double gain = 1 + rng(s, Stream::Light, index + 1).gaussian(0.05 * re.lamp);
  double far2 = 0;
  for (cv::Point2d c : {cv::Point2d(0, 0), cv::Point2d(s.width, 0), cv::Point2d(0, s.height), cv::Point2d(s.width, s.height)})
    far2 = std::max(far2, (c - lamp).dot(c - lamp));
  for (int y = 0; y < f.rows; ++y) {
    auto* row = f.ptr<cv::Vec3f>(y);
    for (int x = 0; x < f.cols; ++x) {
      const cv::Point2d d = cv::Point2d(x, y) - lamp, g((x - spot.x) / gx, (y - spot.y) / gy);
      const float light = float(gain * (1 - re.lamp * d.dot(d) / far2));
      float glare = float(255 * re.glare * std::exp(-0.5 * g.dot(g)));
      if (core > 0) {
        const cv::Point2d k = (cv::Point2d(x, y) - spot) / core_s;
        glare += float(core * std::exp(-0.5 * k.dot(k)));
      }
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

}  // namespace

void draw_hand(cv::Mat& mask, const Hand& hd, double to_target, cv::Point2d offset, int only) {
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

cv::Mat paint(const Scene& s, const Plan& plan, int index) {
  const cv::Size big(s.width * kSuper, s.height * kSuper);
  const Mat3 to_big = kToBig * plan.view_h;
  cv::Mat canvas(big, CV_8UC3);
  paint_table(s, to_big, canvas);
  cv::Mat bgr, alpha, small_bgr, small_alpha;
  for (const Sheet& sh : plan.sheets) {
    (!sh.print.empty() ? paint_print : sh.card >= 0 ? paint_card : paint_flyer)(sh, bgr, alpha);
    // Shrink to about the canvas scale first, so the warp does not alias the QR's modules.
    const cv::Point2d c = apply(to_big, sh.centre_mm);
    const double px_mm = cv::norm(apply(to_big, sh.centre_mm + cv::Point2d(1, 0)) - c);
    const cv::Size fit(cvRound(sh.size_mm.width * px_mm), cvRound(sh.size_mm.height * px_mm));
    cv::resize(bgr, small_bgr, fit, 0, 0, cv::INTER_AREA);
    cv::resize(alpha, small_alpha, fit, 0, 0, cv::INTER_AREA);
    const double sx = sh.size_mm.width / fit.width, sy = sh.size_mm.height / fit.height;
    const Mat3 tex_to_sheet = translate(0.5 * sx, 0.5 * sy) * scale(sx, sy);
    std::vector<Mat3> poses = {to_big * sh.to_table() * tex_to_sheet};
    if (sh.smear_from) {
      // Seen from where the shutter opened on it to where it lies now, one pose a canvas pixel.
      const auto [from, from_deg] = *sh.smear_from;
      const double turn_deg = angle_between_deg(sh.angle_deg, from_deg);
      const double way_px = (cv::norm(sh.centre_mm - from) + std::abs(turn_deg) * CV_PI / 180 * 50) * px_mm;
      const int steps = std::clamp(cvCeil(way_px), 2, 64);
      poses.clear();
      for (int k = 0; k < steps; ++k) {
        const double t = double(k) / (steps - 1);
        poses.push_back(to_big * sh.to_table(from + (sh.centre_mm - from) * t, from_deg + turn_deg * t) * tex_to_sheet);
      }
    }
    paste(canvas, small_bgr, small_alpha, poses, 1.0 * px_mm);
  }
  if (plan.hand) paint_hand(s, *plan.hand, canvas);
  cv::Mat frame;
  cv::resize(canvas, frame, {s.width, s.height}, 0, 0, cv::INTER_AREA);
  return expose(s, index, frame);
}

}  // namespace seneschal::vision::synth::detail
