#pragma once
// The table as the stabilizer needs it: where a tag lies (a seat's area, a zone, millimetres) and
// how far it is turned from upright for whoever it lies in front of. It joins the calibration
// (pixels -> mm) with the areas the config or the module draws on the table. Before the table is
// calibrated there are no millimetres and no areas, and upright is one direction of the image,
// so a device that was never calibrated still tells straight from bowed.
//
// Angles are clockwise, seen from above. On the table 0 is the -y axis (toward the far edge); in
// the image it is the code's top edge along the image x axis (Sighting::angle_deg), i.e. an upright
// code; both conventions give 0 for a card upright to a player at the near (bottom) edge.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/vision/sighting.hpp"
#include "seneschal/vision/table_calibration.hpp"

namespace seneschal::vision {

// A zone a module declares on the table (the centre, a discard pile ...), in table mm.
struct ZoneArea {
  std::string name;
  std::vector<TablePoint> polygon;  // in order round the area
};

// Where a tag lies. Two places are the same area when seat and zone agree (same_area); the mm
// position moves with every jitter of the decoder and is not a change of place.
struct Place {
  std::optional<TablePoint> at;  // the tag's centre on the table in mm; empty when uncalibrated
  int seat = 0;                  // 1-based seat whose area holds it; 0: none
  std::string zone;              // the zone area holding it when no seat area does; "" none
  bool operator==(const Place&) const = default;
  bool same_area(const Place& other) const { return seat == other.seat && zone == other.zone; }
};

class TableMap {
 public:
  // Uncalibrated: upright is reference_deg of the image, no seats, no zones.
  TableMap() = default;
  TableMap(TableCalibration calibration, std::vector<SeatArea> seats, std::vector<ZoneArea> zones);

  bool calibrated() const { return calibration_.has_value(); }
  const std::vector<SeatArea>& seats() const { return seats_; }
  const std::vector<ZoneArea>& zones() const { return zones_; }

  // A point in a seat's area is in that seat (the first, where areas overlap), else in the first
  // zone holding it.
  Place place(Point centre_px) const;
  // How far the tag is turned from upright at its place, clockwise, 0..360: against the facing of
  // the seat whose area holds it (SeatArea::facing_deg, table frame), else the table's -y axis
  // when calibrated, else against reference_deg in the image.
  double turn_deg(Point centre_px, double angle_image_deg) const;
  // The same against the facing of place.seat, whatever area the point is in now: the stabilizer
  // keeps a card's quarter against the seat it was last settled in while it slides to another.
  double turn_deg(Point centre_px, double angle_image_deg, const Place& place) const;
  // The code's direction on the table (clockwise from -y), for an image angle at that point; the
  // image angle itself when uncalibrated.
  double table_angle_deg(Point centre_px, double angle_image_deg) const;

  double reference_deg = 0;

 private:
  std::optional<TableCalibration> calibration_;
  std::vector<SeatArea> seats_;
  std::vector<ZoneArea> zones_;
};

// The table as the configuration draws it: where the four corner tags S1:CAL:1-4 lie (their code
// centres, in table mm) and the seats' and zones' areas on it.
struct TableLayout {
  std::optional<std::array<TablePoint, 4>> corner_tags_mm;
  std::vector<SeatArea> seats;
  std::vector<ZoneArea> zones;
};
// The map a frame showing all four corner tags gives; the error names the corners not in view.
Result<TableMap> calibrate(const TableLayout& layout, const std::vector<Sighting>& frame);

// The first zone whose polygon holds the point; "" when none does.
std::string zone_at(const TablePoint& point, const std::vector<ZoneArea>& zones);
// Where a point on the table lies: its seat's area first, else a zone (at is the point).
Place place_on_table(const TablePoint& point, const std::vector<SeatArea>& seats, const std::vector<ZoneArea>& zones);
// The facing of the seat's (first) area; 0, the table's -y axis, for no seat or an unknown one.
double facing_of(int seat, const std::vector<SeatArea>& seats);
// The quarter turn (0, 90, 180 or 270) nearest to an angle.
int nearest_quarter(double angle_deg);
// a - b brought into (-180, 180].
double angle_between_deg(double a, double b);

}  // namespace seneschal::vision
