#include "seneschal/vision/table_map.hpp"

#include <cmath>
#include <opencv2/imgproc.hpp>
#include <utility>

namespace seneschal::vision {
namespace {

double wrap360(double a) {
  const double w = std::fmod(a, 360.0);
  return w < 0 ? w + 360.0 : w;
}

bool inside(const std::vector<TablePoint>& polygon, const TablePoint& point) {
  if (polygon.size() < 3) return false;
  std::vector<cv::Point2f> contour;
  for (const TablePoint& p : polygon) contour.emplace_back(static_cast<float>(p.x_mm), static_cast<float>(p.y_mm));
  return cv::pointPolygonTest(contour, cv::Point2f(static_cast<float>(point.x_mm), static_cast<float>(point.y_mm)), false) >= 0;
}

// How far along the code's "up" the second point is taken: far enough that rounding to float
// pixels costs well under a degree, near enough that the homography is still straight there.
constexpr double kStepPx = 10;

}  // namespace

TableMap::TableMap(TableCalibration calibration, std::vector<SeatArea> seats, std::vector<ZoneArea> zones)
    : calibration_(std::move(calibration)), seats_(std::move(seats)), zones_(std::move(zones)) {}

std::string zone_at(const TablePoint& point, const std::vector<ZoneArea>& zones) {
  for (const ZoneArea& zone : zones) {
    if (inside(zone.polygon, point)) return zone.name;
  }
  return "";
}

Place place_on_table(const TablePoint& point, const std::vector<SeatArea>& seats, const std::vector<ZoneArea>& zones) {
  Place out;
  out.at = point;
  if (auto seat = seat_at(point, seats)) {
    out.seat = *seat;
  } else {
    out.zone = zone_at(point, zones);
  }
  return out;
}

double facing_of(int seat, const std::vector<SeatArea>& seats) {
  for (const SeatArea& area : seats) {
    if (seat != 0 && area.seat == seat) return area.facing_deg;
  }
  return 0;
}

Place TableMap::place(Point centre_px) const {
  if (!calibration_) return {};
  return place_on_table(calibration_->to_table(centre_px), seats_, zones_);
}

double TableMap::table_angle_deg(Point centre_px, double angle_image_deg) const {
  if (!calibration_) return wrap360(angle_image_deg);
  // Sighting::angle_deg turns the top edge clockwise from image x, so the code's "up" (bottom edge
  // to top edge) is that edge turned a quarter back: (sin a, -cos a) with y pointing down.
  const double a = angle_image_deg * M_PI / 180.0;
  const Point ahead{static_cast<float>(centre_px.x + kStepPx * std::sin(a)),
                    static_cast<float>(centre_px.y - kStepPx * std::cos(a))};
  const TablePoint from = calibration_->to_table(centre_px), to = calibration_->to_table(ahead);
  // Clockwise from -y, as TableCalibration::angle_on_table_deg.
  return wrap360(std::atan2(to.x_mm - from.x_mm, from.y_mm - to.y_mm) * 180.0 / M_PI);
}

double TableMap::turn_deg(Point centre_px, double angle_image_deg) const {
  return turn_deg(centre_px, angle_image_deg, place(centre_px));
}

double TableMap::turn_deg(Point centre_px, double angle_image_deg, const Place& at) const {
  if (!calibration_) return wrap360(angle_image_deg - reference_deg);
  return wrap360(table_angle_deg(centre_px, angle_image_deg) - facing_of(at.seat, seats_));
}

int nearest_quarter(double angle_deg) {
  return (static_cast<int>(std::lround(wrap360(angle_deg) / 90.0)) % 4) * 90;
}

double angle_between_deg(double a, double b) {
  double d = std::fmod(a - b, 360.0);
  if (d > 180.0) d -= 360.0;
  if (d <= -180.0) d += 360.0;
  return d;
}

Result<TableMap> calibrate(const TableLayout& layout, const std::vector<Sighting>& frame) {
  if (!layout.corner_tags_mm) return fail("table calibration: [game] corner_tags_mm does not say where the corner tags lie");
  auto calibration = TableCalibration::from_sightings(frame, *layout.corner_tags_mm);
  if (!calibration) return fail(calibration.error().message);
  return TableMap(std::move(calibration).value(), layout.seats, layout.zones);
}

}  // namespace seneschal::vision
