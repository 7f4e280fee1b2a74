#pragma once
// From camera pixels to the table in millimetres. Four calibration tags (S1:CAL:1-4) lie at
// known places on the table, or the config gives the four points; a homography maps the rest.
// Seat areas are polygons on the table: a card lies in a seat's area, and is bowed when it is
// turned about 90 degrees from the direction that seat faces.

#include <array>
#include <optional>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision {

struct TablePoint {
  double x_mm = 0;
  double y_mm = 0;
  bool operator==(const TablePoint&) const = default;
};

struct SeatArea {
  int seat = 0;                      // 1-based, as the seat tags number them
  std::vector<TablePoint> polygon;   // on the table, in order round the area
  double facing_deg = 0;             // the direction "up" for a card of this seat lying straight,
                                     // clockwise from the table's -y axis (0: the far edge)
};

class TableCalibration {
 public:
  // image[i] is where table[i] is seen. Refuses points that do not span an area (three in a line).
  static Result<TableCalibration> from_points(const std::array<Point, 4>& image, const std::array<TablePoint, 4>& table);
  // The centres of the four calibration tags in one frame; the error names the missing corners.
  static Result<TableCalibration> from_sightings(const std::vector<Sighting>& frame,
                                                 const std::array<TablePoint, 4>& tag_positions);

  TablePoint to_table(Point image) const;
  Point to_image(TablePoint table) const;
  // Where a tag's centre lies on the table, and its top edge's direction there (clockwise from -y).
  TablePoint centre_on_table(const Sighting& sighting) const;
  double angle_on_table_deg(const Sighting& sighting) const;

 private:
  std::array<double, 9> to_table_{};  // row-major 3x3 homographies
  std::array<double, 9> to_image_{};
};

// The seat whose area holds the point (the first, where areas overlap).
std::optional<int> seat_at(const TablePoint& point, const std::vector<SeatArea>& seats);
// Turned 45-135 degrees (either way) from the seat's facing: bowed.
bool is_bowed(double angle_on_table_deg, double facing_deg);

}  // namespace seneschal::vision
