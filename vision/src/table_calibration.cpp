#include "seneschal/vision/table_calibration.hpp"

#include <cmath>
#include <opencv2/imgproc.hpp>
#include <string>

#include "seneschal/vision/tag.hpp"

namespace seneschal::vision {
namespace {

std::array<double, 9> to_array(const cv::Mat& h) {
  std::array<double, 9> out{};
  for (int i = 0; i < 9; ++i) out[i] = h.at<double>(i / 3, i % 3);
  return out;
}

void apply(const std::array<double, 9>& h, double x, double y, double& ox, double& oy) {
  const double w = h[6] * x + h[7] * y + h[8];
  ox = (h[0] * x + h[1] * y + h[2]) / w;
  oy = (h[3] * x + h[4] * y + h[5]) / w;
}

// Twice the signed area of a triangle: near zero when the three points lie in a line.
double cross(cv::Point2d a, cv::Point2d b, cv::Point2d c) { return (b - a).cross(c - a); }

bool spans_an_area(const std::array<cv::Point2f, 4>& p, double min_area) {
  for (int skip = 0; skip < 4; ++skip) {
    std::array<cv::Point2d, 3> t;
    for (int i = 0, k = 0; i < 4; ++i) {
      if (i != skip) t[k++] = p[i];
    }
    if (std::abs(cross(t[0], t[1], t[2])) < min_area) return false;
  }
  return true;
}

}  // namespace

Result<TableCalibration> TableCalibration::from_points(const std::array<Point, 4>& image,
                                                       const std::array<TablePoint, 4>& table) {
  std::array<cv::Point2f, 4> src, dst;
  for (int i = 0; i < 4; ++i) {
    src[i] = {image[i].x, image[i].y};
    dst[i] = {static_cast<float>(table[i].x_mm), static_cast<float>(table[i].y_mm)};
  }
  if (!spans_an_area(src, 100.0)) return fail("table calibration: three of the four image points lie in a line");
  if (!spans_an_area(dst, 100.0)) return fail("table calibration: three of the four table points lie in a line");
  TableCalibration calibration;
  try {
    calibration.to_table_ = to_array(cv::getPerspectiveTransform(src.data(), dst.data()));
    calibration.to_image_ = to_array(cv::getPerspectiveTransform(dst.data(), src.data()));
  } catch (const cv::Exception& e) {
    return fail(std::string("table calibration: ") + e.what());
  }
  return calibration;
}

Result<TableCalibration> TableCalibration::from_sightings(const std::vector<Sighting>& frame,
                                                          const std::array<TablePoint, 4>& tag_positions) {
  std::array<std::optional<Point>, 4> seen;
  for (const Sighting& s : frame) {
    auto tag = parse_tag(s.payload);
    if (tag && tag->kind == Tag::Kind::Calibration) seen[tag->number - 1] = centre_of(s);
  }
  std::string missing;
  std::array<Point, 4> image;
  for (int i = 0; i < 4; ++i) {
    if (!seen[i]) {
      missing += (missing.empty() ? "" : ", ") + std::string("S1:CAL:") + std::to_string(i + 1);
    } else {
      image[i] = *seen[i];
    }
  }
  if (!missing.empty()) return fail("table calibration: not in view: " + missing);
  return from_points(image, tag_positions);
}

TablePoint TableCalibration::to_table(Point image) const {
  TablePoint out;
  apply(to_table_, image.x, image.y, out.x_mm, out.y_mm);
  return out;
}

Point TableCalibration::to_image(TablePoint table) const {
  double x = 0, y = 0;
  apply(to_image_, table.x_mm, table.y_mm, x, y);
  return {static_cast<float>(x), static_cast<float>(y)};
}

TablePoint TableCalibration::centre_on_table(const Sighting& sighting) const { return to_table(centre_of(sighting)); }

double TableCalibration::angle_on_table_deg(const Sighting& sighting) const {
  // The direction from the bottom edge's middle to the top edge's middle is the code's "up".
  const auto mid = [](Point a, Point b) { return Point{(a.x + b.x) / 2, (a.y + b.y) / 2}; };
  const TablePoint top = to_table(mid(sighting.corners[0], sighting.corners[1]));
  const TablePoint bottom = to_table(mid(sighting.corners[3], sighting.corners[2]));
  // Clockwise from -y (the far edge), seen from above with y growing toward the camera's bottom.
  const double degrees = std::atan2(top.x_mm - bottom.x_mm, bottom.y_mm - top.y_mm) * 180.0 / M_PI;
  return degrees < 0 ? degrees + 360.0 : degrees;
}

std::optional<int> seat_at(const TablePoint& point, const std::vector<SeatArea>& seats) {
  for (const SeatArea& area : seats) {
    if (area.polygon.size() < 3) continue;
    std::vector<cv::Point2f> polygon;
    for (const TablePoint& p : area.polygon) polygon.emplace_back(static_cast<float>(p.x_mm), static_cast<float>(p.y_mm));
    const cv::Point2f at(static_cast<float>(point.x_mm), static_cast<float>(point.y_mm));
    if (cv::pointPolygonTest(polygon, at, false) >= 0) return area.seat;
  }
  return std::nullopt;
}

bool is_bowed(double angle_on_table_deg, double facing_deg) {
  const double turned = std::fmod(std::fmod(angle_on_table_deg - facing_deg, 180.0) + 180.0, 180.0);
  return turned >= 45.0 && turned < 135.0;
}

}  // namespace seneschal::vision
