#include "seneschal/vision/tag_health.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <opencv2/imgproc.hpp>

#include "seneschal/vision/qr_render.hpp"
#include "seneschal/vision/tag.hpp"

namespace seneschal::vision {
namespace {

// The next camera mode up that the Pi's cameras (and most USB webcams) deliver, and the widest
// the readers keep up with at play (README: 40 cards in about 6 ms a frame at 1920x1080).
constexpr int kWiderMode = 1920;
constexpr const char* kWiderModeName = "1920x1080";

double length(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

double side_of(const Sighting& s) {
  double sum = 0;
  for (int i = 0; i < 4; ++i) sum += length(s.corners[i], s.corners[(i + 1) % 4]);
  return sum / 4;
}

// Pixels per mm along x (across) and y (deep) at a point of the table.
struct Scale {
  double across = 0;
  double deep = 0;
};

Scale scale_at(const TableCalibration& calibration, TablePoint at) {
  constexpr double kStepMm = 10;
  const Point here = calibration.to_image(at);
  const Point across = calibration.to_image({at.x_mm + kStepMm, at.y_mm});
  const Point deep = calibration.to_image({at.x_mm, at.y_mm + kStepMm});
  return {length(here, across) / kStepMm, length(here, deep) / kStepMm};
}

TablePoint middle_of(const std::array<TablePoint, 4>& c) {
  return {(c[0].x_mm + c[1].x_mm + c[2].x_mm + c[3].x_mm) / 4, (c[0].y_mm + c[1].y_mm + c[2].y_mm + c[3].y_mm) / 4};
}

double distance(TablePoint a, TablePoint b) { return std::hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm); }

std::string one_decimal(double value) { return fmt::format("{:.1f}", value); }
std::string cm(double mm) { return fmt::format("{:.0f} cm", mm / 10); }
std::string table_mm(double w, double d) { return fmt::format("{:.0f}x{:.0f} mm", w, d); }

// "codes at 1.9 px a module (the smallest: S1:CAL:2): reads will drop out; use 1920x1080, or hang
// the camera lower (about 55 cm)"
std::string small_codes(const CodeSize& smallest, const TagHealth& health, const TagHealthOptions& o) {
  const double ppm = smallest.px_per_module();
  const double aim = o.min_px_per_module * kSuggestionMargin;
  const int width = o.camera.frame_width;
  const bool wider = width > 0 && width < kWiderMode;
  const double ppm_wider = wider ? ppm * kWiderMode / width : ppm;
  std::string lower;
  if (health.camera_height_mm) {
    lower = "hang the camera lower (about " + cm(*health.camera_height_mm * ppm_wider / aim) + ")";
  } else {
    lower = fmt::format("hang the camera lower (to about {:.0f} % of its height now)", 100 * ppm / aim);
  }
  std::string advice;
  if (wider && ppm_wider >= aim) {
    advice = std::string("use ") + kWiderModeName + ", or " +
             (health.camera_height_mm ? "hang the camera lower (about " + cm(*health.camera_height_mm * ppm / aim) + ")"
                                      : lower);
  } else if (wider) {
    advice = std::string("use ") + kWiderModeName + " and " + lower;
  } else {
    advice = lower;
  }
  return fmt::format("codes at {} px a module (the smallest: {}): reads will drop out below {}; {}", one_decimal(ppm),
                     smallest.payload, one_decimal(o.min_px_per_module), advice);
}

// The tilt that makes an edge `ratio` of the opposite one, for a camera at `height` over a table
// `depth` deep, aimed at its middle: the nearer edge is at depth h cos t - d/2 sin t along the
// optical axis, the farther at h cos t + d/2 sin t, and a length shrinks as its depth grows.
double tilt_deg(double ratio, double height, double depth) {
  const double r = 1 / ratio;  // near over far, > 1
  return std::atan(2 * height * (r - 1) / (depth * (r + 1))) * 180 / M_PI;
}

void say_squareness(const Squareness& sq, const TableSeen& table, const TagHealth& health, const TagHealthOptions& o,
                    std::vector<std::string>& out) {
  const auto& mm = table.corner_tags_mm;
  struct Edge {
    double ratio;
    const char* shorter;
    const char* longer;
    double depth_mm;
  };
  const double deep = (distance(mm[0], mm[3]) + distance(mm[1], mm[2])) / 2;
  const double across = (distance(mm[0], mm[1]) + distance(mm[3], mm[2])) / 2;
  const Edge edges[] = {{sq.far_over_near, "far", "near", deep},
                        {1 / sq.far_over_near, "near", "far", deep},
                        {sq.left_over_right, "left", "right", across},
                        {1 / sq.left_over_right, "right", "left", across}};
  for (const Edge& e : edges) {
    if (e.ratio >= o.min_edge_ratio) continue;
    const std::string tilt = health.camera_height_mm && table.calibration
                                 ? fmt::format(", tilted about {:.0f} degrees",
                                               tilt_deg(e.ratio, *health.camera_height_mm, e.depth_mm))
                                 : "";
    out.push_back(fmt::format("the camera is not square to the table: its {} edge looks {:.0f} % shorter than the {} "
                              "edge{}; hang it straight above the table's middle, looking down",
                              e.shorter, 100 * (1 - e.ratio), e.longer, tilt));
  }
}

// Our codes as the calibration maps them onto the table: square when the table's mm are right,
// whatever the camera's tilt (the homography undoes the perspective on the table's plane), and
// stretched by the error when one side is given wrong. Summing each side's extent across and
// deep makes the measure blind to how the code is turned.
std::optional<double> codes_tall_over_wide(const std::vector<Sighting>& frame, const TableCalibration& calibration) {
  double across = 0, deep = 0;
  for (const Sighting& s : frame) {
    if (!parse_tag(s.payload)) continue;
    for (int i = 0; i < 4; ++i) {
      const TablePoint a = calibration.to_table(s.corners[i]), b = calibration.to_table(s.corners[(i + 1) % 4]);
      across += std::abs(b.x_mm - a.x_mm);
      deep += std::abs(b.y_mm - a.y_mm);
    }
  }
  if (across <= 0 || deep <= 0) return std::nullopt;
  return deep / across;
}

}  // namespace

Result<int> qr_modules(std::string_view payload) {
  auto code = render_qr(payload, QrStyle{1, 0});
  if (!code) return fail(code.error().message);
  return code->cols;
}

std::vector<CodeSize> code_sizes(const std::vector<Sighting>& frame) {
  std::vector<CodeSize> out;
  for (const Sighting& s : frame) {
    // A sighting without a code's worth of pixels (a test's made-up read) measures nothing.
    if (!parse_tag(s.payload) || side_of(s) < 1) continue;
    auto modules = qr_modules(s.payload);
    if (!modules) continue;
    out.push_back({s.payload, centre_of(s), side_of(s), *modules});
  }
  std::sort(out.begin(), out.end(),
            [](const CodeSize& a, const CodeSize& b) { return a.px_per_module() < b.px_per_module(); });
  return out;
}

Squareness squareness(const std::array<Point, 4>& c) {
  return {length(c[0], c[1]) / length(c[3], c[2]), length(c[0], c[3]) / length(c[1], c[2])};
}

double glare_share(const cv::Mat& image, const std::vector<Point>& polygon_px, int glare_grey) {
  if (image.empty() || polygon_px.size() < 3) return 0;
  cv::Mat grey;
  if (image.channels() == 3) {
    cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
  } else if (image.channels() == 4) {
    cv::cvtColor(image, grey, cv::COLOR_BGRA2GRAY);
  } else {
    grey = image;
  }
  cv::Mat mask = cv::Mat::zeros(grey.size(), CV_8UC1);
  std::vector<cv::Point> outline;
  for (const Point& p : polygon_px) outline.emplace_back(cvRound(p.x), cvRound(p.y));
  cv::fillConvexPoly(mask, outline, 255);
  const double area = cv::countNonZero(mask);
  if (area == 0) return 0;
  cv::Mat top;
  cv::threshold(grey, top, glare_grey - 1, 255, cv::THRESH_BINARY);
  cv::morphologyEx(top, top, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {5, 5}));
  cv::bitwise_and(top, mask, top);
  return cv::countNonZero(top) / area;
}

TagHealth measure_tag_health(const std::vector<Sighting>& frame, const std::optional<TableSeen>& table,
                             const cv::Mat& image, const TagHealthOptions& o) {
  TagHealth health;
  health.codes = code_sizes(frame);
  if (table) health.square = squareness(table->corners_px);
  if (table && table->calibration) {
    const TableCalibration& calibration = *table->calibration;
    const Scale scale = scale_at(calibration, middle_of(table->corner_tags_mm));
    if (o.camera.frame_width > 0 && scale.across > 0) {
      const double seen_mm = o.camera.frame_width / scale.across;
      health.camera_height_mm = seen_mm / (2 * std::tan(o.camera.horizontal_fov_deg * M_PI / 360));
    }
    health.tall_over_wide = codes_tall_over_wide(frame, calibration);
    for (const SeatArea& seat : table->seats) {
      if (image.empty()) break;
      std::vector<Point> polygon;
      for (const TablePoint& p : seat.polygon) polygon.push_back(calibration.to_image(p));
      health.glare.push_back({seat.seat, glare_share(image, polygon, o.glare_grey)});
    }
  }

  if (!health.codes.empty() && health.codes.front().px_per_module() < o.min_px_per_module) {
    health.warnings.push_back(small_codes(health.codes.front(), health, o));
  }
  if (health.tall_over_wide && std::abs(std::log(*health.tall_over_wide)) > std::log(1 + o.max_aspect_error)) {
    const auto& mm = table->corner_tags_mm;
    const double across = (distance(mm[0], mm[1]) + distance(mm[3], mm[2])) / 2;
    const double deep = (distance(mm[0], mm[3]) + distance(mm[1], mm[2])) / 2;
    const double r = *health.tall_over_wide;
    // Codes are square: mapped onto the table they are r times as tall as wide, so one of the
    // sides as given is off by r: the depth too large by r, or the width too small.
    health.warnings.push_back(fmt::format(
        "the table's size as given, {} between the corner tags, disagrees with what the camera sees: by it the "
        "codes would be {:.1f} times as tall as wide, and they are square; the corner tags lie as if the table were "
        "{} (or {}): measure between the codes' centres again",
        table_mm(across, deep), r, table_mm(across, deep / r), table_mm(across * r, deep)));
  }
  if (health.square && table) say_squareness(*health.square, *table, health, o, health.warnings);
  for (const SeatGlare& g : health.glare) {
    if (g.share <= o.max_glare_share) continue;
    health.warnings.push_back(fmt::format(
        "glare covers {:.0f} % of seat {}'s area: codes there read as white; move the lamp, or dim it, until the "
        "reflection is off the table",
        100 * g.share, g.seat));
  }
  return health;
}

}  // namespace seneschal::vision
