#pragma once
// The table drawn from what one frame shows, so that a player can calibrate it by laying tags
// instead of measuring polygons: the four corner tags S1:CAL:1-4 give the calibration, and each
// seat tag S1:SEAT:n, laid at the table's edge in front of its player and upright as that player
// reads it, gives where the seat is and which way it faces. Each seat's area is the part of the
// table (the quadrilateral of the corner tags) nearer its tag than any other (a Voronoi cell);
// with a centre zone, the middle of the four corners is one more site and its cell the zone
// "centre". What stands in the way is said in words a player can act on, one problem each,
// saying what to move where.
//
// Pure geometry over sightings: no rules, no config, no pixels.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/vision/sighting.hpp"
#include "seneschal/vision/table_calibration.hpp"
#include "seneschal/vision/table_map.hpp"

namespace seneschal::vision {

enum class CentreZone { None, Drawn };

// What a frame without a single seat tag gives: the words asking for each (Ask), or `seats` areas
// drawn along the table's edges (AlongEdges: a table that never had seat tags printed still gets
// seats; SeatLayout::seats_along_edges says so). Seats go clockwise from the near edge's middle:
// one seat at the near edge; two at the near and far edges; three near, left and far; four one
// at each edge; more share the longer two edges (the near one first), one at each shorter edge.
// Each faces across its edge, toward the table's middle.
enum class WithoutSeatTags { Ask, AlongEdges };

struct SeatLayoutOptions {
  // Where the corner tags' code centres lie, in table mm, S1:CAL:1-4 in order: far left, far
  // right, near right, near left (y grows toward the near edge).
  std::array<TablePoint, 4> corner_tags_mm{};
  int seats = 2;  // the seat tags S1:SEAT:1 to S1:SEAT:<seats> are expected
  CentreZone centre = CentreZone::None;
  WithoutSeatTags without_seat_tags = WithoutSeatTags::Ask;
  // Closer seat tags than this leave a seat an area too narrow to lay a card in.
  double min_seat_gap_mm = 150;
  // With a centre zone, a seat tag this near the middle leaves its seat only a sliver of table.
  double min_centre_gap_mm = 100;
  // Seat tags lie at the table's edge as the corner tags do, so one may lie a little beyond the
  // line between two corner tags' centres; further out than this it is not on the table.
  double edge_slack_mm = 40;
  // Facings are rounded to this: a tag laid by hand is a few degrees off, a seat is not.
  double facing_step_deg = 15;
};

// A seat tag as it was found.
struct SeatTag {
  int seat = 0;
  Sighting sighting;             // its code in the frame
  std::optional<TablePoint> at;  // its centre on the table; empty without the calibration
  double facing_deg = 0;         // its top edge's direction on the table, rounded; 0 uncalibrated
};

struct SeatLayout {
  std::array<std::optional<Sighting>, 4> corners;  // the corner tags seen, S1:CAL:1-4
  std::optional<TableCalibration> calibration;     // when all four are seen in order
  std::vector<SeatTag> seat_tags;                  // seats 1..seats seen, by seat number
  // corner_tags_mm, and the seats' and zone's areas found (those there are, also while problems
  // remain, so a screen can show how far it got).
  TableLayout table;
  std::vector<std::string> problems;  // one sentence each, what to move where; none when all is well
  bool seats_along_edges = false;     // no seat tag was in view: the seats' areas are drawn along the edges

  bool ok() const { return problems.empty(); }
};

// What the frame shows of the table laid out as `options` says.
SeatLayout find_seat_layout(const std::vector<Sighting>& frame, const SeatLayoutOptions& options);

// "far left", "far right", "near right", "near left" for corners 1-4.
const char* corner_name(int corner);

}  // namespace seneschal::vision
