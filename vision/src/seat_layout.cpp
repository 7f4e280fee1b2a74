#include "seneschal/vision/seat_layout.hpp"

#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "seneschal/vision/convex_polygon.hpp"
#include "seneschal/vision/tag.hpp"

namespace seneschal::vision {
namespace {

std::string mm(double value) { return std::to_string(static_cast<long>(std::lround(value))); }

double wrap360(double degrees) {
  const double w = std::fmod(degrees, 360.0);
  return w < 0 ? w + 360.0 : w;
}

std::vector<TablePoint> as_polygon(const std::array<TablePoint, 4>& corners) {
  return {corners.begin(), corners.end()};
}

// The tags of one frame sorted by what they are; what is not ours, or is a card, plays no part.
struct Seen {
  std::array<std::vector<Sighting>, 4> corners;
  std::map<int, std::vector<Sighting>> seats;  // every seat number read, also those not expected
};

Seen sort_tags(const std::vector<Sighting>& frame) {
  Seen seen;
  for (const Sighting& s : frame) {
    auto tag = parse_tag(s.payload);
    if (!tag) continue;
    if (tag->kind == Tag::Kind::Calibration) seen.corners[tag->number - 1].push_back(s);
    if (tag->kind == Tag::Kind::Seat) seen.seats[tag->number].push_back(s);
  }
  return seen;
}

// The pair of corner tags whose places, swapped, put the four in clockwise order, as "1 and 3";
// empty when no single swap does (the tags are not at the corners at all).
std::string swap_that_orders(const std::array<Point, 4>& image) {
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) {
      std::vector<TablePoint> swapped;
      for (int k = 0; k < 4; ++k) {
        const Point p = image[k == i ? j : k == j ? i : k];
        swapped.push_back({p.x, p.y});
      }
      if (turns_clockwise(swapped)) return std::to_string(i + 1) + " and S1:CAL:" + std::to_string(j + 1);
    }
  }
  return "";
}

// The calibration from the four corner tags, or the words that say why there is none.
std::optional<TableCalibration> calibrate_corners(const Seen& seen, const SeatLayoutOptions& options,
                                                  std::vector<std::string>& problems) {
  if (!turns_clockwise(as_polygon(options.corner_tags_mm))) {
    problems.push_back(
        "The corner tags' places in millimetres do not go round the table clockwise from the far "
        "left corner: give them as far left, far right, near right, near left");
    return std::nullopt;
  }
  std::array<Point, 4> image;
  bool all_seen = true;
  for (int n = 1; n <= 4; ++n) {
    const auto& found = seen.corners[n - 1];
    const std::string tag = "S1:CAL:" + std::to_string(n);
    if (found.empty()) {
      problems.push_back("Corner " + std::to_string(n) + " is not in view: lay " + tag + " at the " + corner_name(n) +
                         " corner, inside the camera's picture");
      all_seen = false;
    } else if (found.size() > 1) {
      problems.push_back(tag + " is in view " + std::to_string(found.size()) +
                         " times: take away all but the one at the " + corner_name(n) + " corner");
      all_seen = false;
    } else {
      image[n - 1] = centre_of(found.front());
    }
  }
  if (!all_seen) return std::nullopt;
  std::vector<TablePoint> seen_quad;
  for (const Point& p : image) seen_quad.push_back({p.x, p.y});
  if (!turns_clockwise(seen_quad)) {
    const std::string swap = swap_that_orders(image);
    problems.push_back(swap.empty() ? "The corner tags are not at the table's four corners: lay S1:CAL:1 to 4 "
                                      "clockwise from the far left corner, one at each corner"
                                    : "The corner tags are out of order: swap S1:CAL:" + swap +
                                          " (they go clockwise: 1 far left, 2 far right, 3 near right, 4 near left)");
    return std::nullopt;
  }
  auto calibration = TableCalibration::from_points(image, options.corner_tags_mm);
  if (!calibration) {
    problems.push_back("The corner tags cannot calibrate the table (" + calibration.error().message +
                       "): lay them at the table's four corners");
    return std::nullopt;
  }
  return std::move(calibration).value();
}

// The direction from a point toward another on the table, clockwise from -y, as facings are.
double bearing_deg(TablePoint from, TablePoint to) {
  return wrap360(std::atan2(to.x_mm - from.x_mm, from.y_mm - to.y_mm) * 180.0 / M_PI);
}

// A seat tag faces the middle of the table, give or take: its player sits at the edge and reads
// it upright. One turned further than this away from the middle is upside down or sideways.
constexpr double kMaxOffMiddleDeg = 100;
// Too near the middle to say which way is toward it.
constexpr double kNearMiddleMm = 50;

void check_seat_places(const SeatLayoutOptions& options, const std::vector<SeatTag>& tags,
                       std::vector<std::string>& problems) {
  const std::vector<TablePoint> table = as_polygon(options.corner_tags_mm);
  const TablePoint middle = mean_point(table);
  for (const SeatTag& tag : tags) {
    const std::string seat = std::to_string(tag.seat);
    if (outside_by_mm(table, *tag.at) > options.edge_slack_mm) {
      problems.push_back("Seat " + seat + "'s tag lies outside the table's four corners: move it inside");
      continue;
    }
    const double from_middle = distance_mm(*tag.at, middle);
    if (options.centre == CentreZone::Drawn && from_middle < options.min_centre_gap_mm) {
      problems.push_back("Seat " + seat + "'s tag is " + mm(from_middle) +
                         " mm from the middle of the table: move it to the table's edge in front of seat " + seat);
      continue;
    }
    const double off = std::abs(std::remainder(tag.facing_deg - bearing_deg(*tag.at, middle), 360.0));
    if (from_middle > kNearMiddleMm && off > kMaxOffMiddleDeg) {
      problems.push_back("Seat " + seat + "'s tag points away from the table: turn S1:SEAT:" + seat + " so that seat " +
                         seat + " reads it upright, its top toward the middle");
    }
  }
  for (std::size_t i = 0; i < tags.size(); ++i) {
    for (std::size_t j = i + 1; j < tags.size(); ++j) {
      const double apart = distance_mm(*tags[i].at, *tags[j].at);
      if (apart < options.min_seat_gap_mm) {
        problems.push_back("Seats " + std::to_string(tags[i].seat) + " and " + std::to_string(tags[j].seat) + " are " +
                           mm(apart) + " mm apart: move their tags at least " + mm(options.min_seat_gap_mm) +
                           " mm apart");
      }
    }
  }
}

// Each seat's Voronoi cell among the seat tags (and the middle, for the centre zone), within the
// corner tags' quadrilateral.
void draw_areas(const SeatLayoutOptions& options, const std::vector<SeatTag>& tags, TableLayout& out) {
  const std::vector<TablePoint> table = as_polygon(options.corner_tags_mm);
  std::vector<TablePoint> sites;
  for (const SeatTag& tag : tags) sites.push_back(*tag.at);
  if (options.centre == CentreZone::Drawn) sites.push_back(mean_point(table));
  const auto cell_of = [&](std::size_t i) {
    std::vector<TablePoint> others = sites;
    others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
    return voronoi_cell(sites[i], others, table);
  };
  for (std::size_t i = 0; i < tags.size(); ++i) {
    auto cell = cell_of(i);
    if (!cell.empty()) out.seats.push_back({tags[i].seat, std::move(cell), tags[i].facing_deg});
  }
  if (options.centre == CentreZone::Drawn) {
    auto cell = cell_of(sites.size() - 1);
    if (!cell.empty()) out.zones.push_back({"centre", std::move(cell)});
  }
}

// How many seats sit at each edge, clockwise from the near edge: near, left, far, right.
std::array<int, 4> seats_per_edge(int seats, bool wider_than_deep) {
  switch (seats) {
    case 1: return {1, 0, 0, 0};
    case 2: return {1, 0, 1, 0};
    case 3: return {1, 1, 1, 0};
    case 4: return {1, 1, 1, 1};
    default: break;
  }
  const int first = (seats - 1) / 2, second = (seats - 2) / 2;  // the two longer edges share seats - 2
  return wider_than_deep ? std::array<int, 4>{first, 1, second, 1} : std::array<int, 4>{1, first, 1, second};
}

// The seats a table without seat tags gets (WithoutSeatTags::AlongEdges), as if their tags lay at
// its edges: numbered clockwise, each edge's seats spread evenly along it.
std::vector<SeatTag> seats_along_edges(const SeatLayoutOptions& options) {
  const auto& c = options.corner_tags_mm;
  // The edges clockwise from the near one, each from its clockwise start: near right to near
  // left, near left to far left, far left to far right, far right to near right.
  const std::array<std::pair<TablePoint, TablePoint>, 4> edges{
      {{c[2], c[3]}, {c[3], c[0]}, {c[0], c[1]}, {c[1], c[2]}}};
  const bool wider = distance_mm(c[0], c[1]) + distance_mm(c[3], c[2]) >= distance_mm(c[0], c[3]) + distance_mm(c[1], c[2]);
  const std::array<int, 4> counts = seats_per_edge(options.seats, wider);
  const TablePoint middle = mean_point(as_polygon(c));
  std::vector<SeatTag> out;
  for (int e = 0; e < 4; ++e) {
    const auto& [from, to] = edges[e];
    for (int i = 0; i < counts[e]; ++i) {
      const double along = (i + 0.5) / counts[e];
      const TablePoint at{from.x_mm + along * (to.x_mm - from.x_mm), from.y_mm + along * (to.y_mm - from.y_mm)};
      const double step = options.facing_step_deg;
      const double facing = wrap360(std::round(bearing_deg(at, middle) / step) * step);
      out.push_back({static_cast<int>(out.size()) + 1, Sighting{}, at, facing});
    }
  }
  return out;
}

}  // namespace

const char* corner_name(int corner) {
  static const char* const names[] = {"far left", "far right", "near right", "near left"};
  return corner >= 1 && corner <= 4 ? names[corner - 1] : "unknown";
}

SeatLayout find_seat_layout(const std::vector<Sighting>& frame, const SeatLayoutOptions& options) {
  SeatLayout out;
  out.table.corner_tags_mm = options.corner_tags_mm;
  const Seen seen = sort_tags(frame);
  for (int n = 0; n < 4; ++n) {
    if (!seen.corners[n].empty()) out.corners[n] = seen.corners[n].front();
  }
  out.calibration = calibrate_corners(seen, options, out.problems);
  if (seen.seats.empty() && options.without_seat_tags == WithoutSeatTags::AlongEdges && options.seats > 0) {
    out.seats_along_edges = true;
    if (out.calibration) draw_areas(options, seats_along_edges(options), out.table);
    return out;
  }

  for (const auto& [number, sightings] : seen.seats) {
    const std::string tag = "S1:SEAT:" + std::to_string(number);
    if (number > options.seats) {
      out.problems.push_back(tag + " is in view, but the table has " + std::to_string(options.seats) +
                             " seats: take it away, or calibrate for " + std::to_string(number) + " seats");
      continue;
    }
    if (sightings.size() > 1) {
      out.problems.push_back(tag + " is in view " + std::to_string(sightings.size()) +
                             " times: take away all but the one in front of seat " + std::to_string(number));
      continue;
    }
    SeatTag seat{number, sightings.front(), std::nullopt, 0};
    if (out.calibration) {
      seat.at = out.calibration->centre_on_table(seat.sighting);
      const double step = options.facing_step_deg;
      seat.facing_deg = wrap360(std::round(out.calibration->angle_on_table_deg(seat.sighting) / step) * step);
    }
    out.seat_tags.push_back(std::move(seat));
  }
  for (int number = 1; number <= options.seats; ++number) {
    if (seen.seats.count(number)) continue;
    const std::string n = std::to_string(number);
    out.problems.push_back("Seat " + n + "'s tag is not in view: lay S1:SEAT:" + n +
                           " at the table's edge in front of seat " + n + ", upright as that player reads it");
  }
  if (out.calibration) {
    check_seat_places(options, out.seat_tags, out.problems);
    draw_areas(options, out.seat_tags, out.table);
  }
  return out;
}

}  // namespace seneschal::vision
