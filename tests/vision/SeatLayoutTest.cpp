#include "seneschal/vision/seat_layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "common/CalibrationScene.hpp"
#include "seneschal/vision/scanner.hpp"

namespace seneschal::vision {
namespace {

// A camera square over a 560 x 560 mm table, 1.5 px per mm, 40 px in from the picture's corner.
Point px(double x_mm, double y_mm) {
  return {static_cast<float>(40 + 1.5 * x_mm), static_cast<float>(40 + 1.5 * y_mm)};
}

// A 30 mm code lying at (x, y), its top turned `angle` clockwise from the far edge.
Sighting tag(const std::string& payload, double x_mm, double y_mm, double angle_deg = 0) {
  const double a = angle_deg * M_PI / 180.0;
  const auto corner = [&](double dx, double dy) {
    return px(x_mm + dx * std::cos(a) - dy * std::sin(a), y_mm + dx * std::sin(a) + dy * std::cos(a));
  };
  Sighting s;
  s.payload = payload;
  s.corners = {corner(-15, -15), corner(15, -15), corner(15, 15), corner(-15, 15)};
  return s;
}

std::vector<Sighting> corners() {
  return {tag("S1:CAL:1", 0, 0), tag("S1:CAL:2", 560, 0), tag("S1:CAL:3", 560, 560), tag("S1:CAL:4", 0, 560)};
}

// Seats clockwise round the table: 1 near, 2 left, 3 far, 4 right, each tag upright to its player.
std::vector<Sighting> four_seats() {
  return {tag("S1:SEAT:1", 280, 530, 0), tag("S1:SEAT:2", 30, 280, 90), tag("S1:SEAT:3", 280, 30, 180),
          tag("S1:SEAT:4", 530, 280, 270)};
}

std::vector<Sighting> operator+(std::vector<Sighting> a, const std::vector<Sighting>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

SeatLayoutOptions square_table(int seats = 4, CentreZone centre = CentreZone::None) {
  SeatLayoutOptions options;
  options.corner_tags_mm = {TablePoint{0, 0}, TablePoint{560, 0}, TablePoint{560, 560}, TablePoint{0, 560}};
  options.seats = seats;
  options.centre = centre;
  return options;
}

std::string words(const SeatLayout& layout) {
  std::string out;
  for (const std::string& p : layout.problems) out += p + "\n";
  return out;
}

TEST(SeatLayoutTest, TagsInPlaceGiveEverySeatItsAreaAndFacingWithoutWords) {
  const SeatLayout layout = find_seat_layout(corners() + four_seats(), square_table());
  EXPECT_TRUE(layout.ok()) << words(layout);
  ASSERT_TRUE(layout.calibration.has_value());
  ASSERT_EQ(layout.table.seats.size(), 4u);
  const double facings[] = {0, 90, 180, 270};
  for (const SeatArea& area : layout.table.seats) EXPECT_DOUBLE_EQ(area.facing_deg, facings[area.seat - 1]);
  // A card in front of each player lies in that player's area.
  EXPECT_EQ(seat_at({280, 450}, layout.table.seats), 1);
  EXPECT_EQ(seat_at({100, 300}, layout.table.seats), 2);
  EXPECT_EQ(seat_at({250, 90}, layout.table.seats), 3);
  EXPECT_EQ(seat_at({480, 200}, layout.table.seats), 4);
  EXPECT_TRUE(layout.table.zones.empty());
  ASSERT_TRUE(layout.table.corner_tags_mm.has_value());
  EXPECT_EQ((*layout.table.corner_tags_mm)[2], (TablePoint{560, 560}));
}

TEST(SeatLayoutTest, AreasStayWithinTheCornerTags) {
  const SeatLayout layout = find_seat_layout(corners() + four_seats(), square_table());
  for (const SeatArea& area : layout.table.seats) {
    for (const TablePoint& p : area.polygon) {
      EXPECT_GE(p.x_mm, -1e-6);
      EXPECT_LE(p.x_mm, 560 + 1e-6);
      EXPECT_GE(p.y_mm, -1e-6);
      EXPECT_LE(p.y_mm, 560 + 1e-6);
    }
  }
  EXPECT_EQ(seat_at({600, 280}, layout.table.seats), std::nullopt);
}

TEST(SeatLayoutTest, TheCentreZoneIsTheMiddlesShareOfTheTable) {
  const SeatLayout layout = find_seat_layout(corners() + four_seats(), square_table(4, CentreZone::Drawn));
  EXPECT_TRUE(layout.ok()) << words(layout);
  ASSERT_EQ(layout.table.zones.size(), 1u);
  EXPECT_EQ(layout.table.zones[0].name, "centre");
  EXPECT_EQ(zone_at({280, 280}, layout.table.zones), "centre");
  EXPECT_EQ(seat_at({280, 280}, layout.table.seats), std::nullopt);
  EXPECT_EQ(seat_at({280, 500}, layout.table.seats), 1) << "the edge in front of a seat is still the seat's";
}

TEST(SeatLayoutTest, FacingIsRoundedToFifteenDegrees) {
  const SeatLayout layout = find_seat_layout(
      corners() + std::vector<Sighting>{tag("S1:SEAT:1", 280, 530, 356), tag("S1:SEAT:2", 30, 280, 97)},
      square_table(2));
  EXPECT_TRUE(layout.ok()) << words(layout);
  ASSERT_EQ(layout.table.seats.size(), 2u);
  EXPECT_DOUBLE_EQ(layout.table.seats[0].facing_deg, 0) << "356 is nearest 360, which is 0";
  EXPECT_DOUBLE_EQ(layout.table.seats[1].facing_deg, 90);
}

TEST(SeatLayoutTest, AMissingCornerSaysWhichTagToLayWhere) {
  std::vector<Sighting> frame = corners() + four_seats();
  frame.erase(frame.begin() + 2);  // S1:CAL:3
  const SeatLayout layout = find_seat_layout(frame, square_table());
  ASSERT_EQ(layout.problems.size(), 1u) << words(layout);
  EXPECT_EQ(layout.problems[0],
            "Corner 3 is not in view: lay S1:CAL:3 at the near right corner, inside the camera's picture");
  EXPECT_FALSE(layout.calibration.has_value());
  EXPECT_TRUE(layout.table.seats.empty()) << "no millimetres without the four corners";
}

TEST(SeatLayoutTest, AMissingSeatTagSaysWhereToLayIt) {
  std::vector<Sighting> frame = corners() + four_seats();
  frame.erase(frame.begin() + 5);  // S1:SEAT:2
  const SeatLayout layout = find_seat_layout(frame, square_table());
  ASSERT_EQ(layout.problems.size(), 1u) << words(layout);
  EXPECT_EQ(layout.problems[0],
            "Seat 2's tag is not in view: lay S1:SEAT:2 at the table's edge in front of seat 2, upright as that "
            "player reads it");
  EXPECT_EQ(layout.table.seats.size(), 3u) << "the seats found are still drawn";
}

TEST(SeatLayoutTest, ASeatTagOutsideTheCornersIsToldToMoveIn) {
  const SeatLayout layout = find_seat_layout(
      corners() + std::vector<Sighting>{tag("S1:SEAT:1", 280, 530), tag("S1:SEAT:2", 280, -80, 180)}, square_table(2));
  ASSERT_EQ(layout.problems.size(), 1u) << words(layout);
  EXPECT_EQ(layout.problems[0], "Seat 2's tag lies outside the table's four corners: move it inside");
}

TEST(SeatLayoutTest, ASeatTagInLineWithTheCornerTagsIsOnTheTable) {
  const SeatLayout layout = find_seat_layout(
      corners() + std::vector<Sighting>{tag("S1:SEAT:1", 280, 575), tag("S1:SEAT:2", 280, -10, 180)}, square_table(2));
  EXPECT_TRUE(layout.ok()) << words(layout);
  EXPECT_EQ(seat_at({280, 500}, layout.table.seats), 1);
  EXPECT_EQ(seat_at({280, 60}, layout.table.seats), 2);
}

TEST(SeatLayoutTest, SeatTagsTooCloseAreToldHowFarApartToGo) {
  const SeatLayout layout =
      find_seat_layout(corners() + std::vector<Sighting>{tag("S1:SEAT:1", 200, 530), tag("S1:SEAT:2", 30, 280, 90),
                                                         tag("S1:SEAT:3", 280, 530)},
                       square_table(3));
  ASSERT_EQ(layout.problems.size(), 1u) << words(layout);
  EXPECT_EQ(layout.problems[0], "Seats 1 and 3 are 80 mm apart: move their tags at least 150 mm apart");
}

TEST(SeatLayoutTest, CornersSeenOutOfOrderNameTheTwoToSwap) {
  std::vector<Sighting> frame = corners() + four_seats();
  std::swap(frame[2].payload, frame[3].payload);  // S1:CAL:3 at the near left, S1:CAL:4 at the near right
  const SeatLayout layout = find_seat_layout(frame, square_table());
  ASSERT_EQ(layout.problems.size(), 1u) << words(layout);
  EXPECT_EQ(layout.problems[0],
            "The corner tags are out of order: swap S1:CAL:3 and S1:CAL:4 (they go clockwise: 1 far left, 2 far "
            "right, 3 near right, 4 near left)");
  EXPECT_FALSE(layout.calibration.has_value());
}

TEST(SeatLayoutTest, ASeatTagInTheMiddleOfACentreZoneIsToldToTheEdge) {
  const SeatLayout layout =
      find_seat_layout(corners() + std::vector<Sighting>{tag("S1:SEAT:1", 280, 360), tag("S1:SEAT:2", 280, 30, 180)},
                       square_table(2, CentreZone::Drawn));
  ASSERT_EQ(layout.problems.size(), 1u) << words(layout);
  EXPECT_EQ(layout.problems[0],
            "Seat 1's tag is 80 mm from the middle of the table: move it to the table's edge in front of seat 1");
}

TEST(SeatLayoutTest, ASeatNumberAboveTheTablesSeatsIsToldToGo) {
  const SeatLayout layout = find_seat_layout(corners() + four_seats(), square_table(3));
  ASSERT_EQ(layout.problems.size(), 1u) << words(layout);
  EXPECT_EQ(layout.problems[0],
            "S1:SEAT:4 is in view, but the table has 3 seats: take it away, or calibrate for 4 seats");
  EXPECT_EQ(layout.table.seats.size(), 3u);
}

TEST(SeatLayoutTest, AnUpsideDownSeatTagIsToldToTurn) {
  const SeatLayout layout = find_seat_layout(
      corners() + std::vector<Sighting>{tag("S1:SEAT:1", 280, 530, 180), tag("S1:SEAT:2", 280, 30, 180)},
      square_table(2));
  ASSERT_EQ(layout.problems.size(), 1u) << words(layout);
  EXPECT_EQ(layout.problems[0],
            "Seat 1's tag points away from the table: turn S1:SEAT:1 so that seat 1 reads it upright, its top toward "
            "the middle");
}

TEST(SeatLayoutTest, ATagTwiceInViewIsToldToGo) {
  const SeatLayout layout =
      find_seat_layout(corners() + four_seats() + std::vector<Sighting>{tag("S1:SEAT:2", 30, 400, 90)}, square_table());
  ASSERT_EQ(layout.problems.size(), 1u) << words(layout);
  EXPECT_EQ(layout.problems[0], "S1:SEAT:2 is in view 2 times: take away all but the one in front of seat 2");
  EXPECT_EQ(facing_of(2, layout.table.seats), 0) << "neither of the two is taken for seat 2";
  EXPECT_EQ(layout.table.seats.size(), 3u);
}

// The same through the camera: generated frames, read by the real scanner.
TEST(SeatLayoutTest, SeatTagsOnARenderedTableGiveTheirSeatsAndFacings) {
  const auto scene = test::calibration_scene(test::corner_tags() + test::three_seat_tags());
  auto frame = synth::render_frame(scene, 0);
  ASSERT_TRUE(frame.has_value()) << frame.error().message;
  const std::vector<Sighting> sightings = Scanner().scan(*frame);
  auto corners_mm = synth::calibration_points(scene);
  ASSERT_TRUE(corners_mm.has_value()) << corners_mm.error().message;
  SeatLayoutOptions options;
  options.corner_tags_mm = *corners_mm;
  options.seats = 3;
  options.centre = CentreZone::Drawn;
  const SeatLayout layout = find_seat_layout(sightings, options);
  EXPECT_TRUE(layout.ok()) << words(layout);
  ASSERT_EQ(layout.table.seats.size(), 3u);
  for (const auto& laid : test::three_seat_tags()) {
    const int seat = laid.payload.back() - '0';
    EXPECT_DOUBLE_EQ(facing_of(seat, layout.table.seats), laid.angle_deg) << laid.payload;
    // A card a third of the way from the seat's tag to the middle is the seat's.
    const TablePoint card{laid.x_mm + (300 - laid.x_mm) / 3.0, laid.y_mm + (169 - laid.y_mm) / 3.0};
    EXPECT_EQ(seat_at(card, layout.table.seats), seat) << laid.payload;
  }
  EXPECT_EQ(zone_at({300, 169}, layout.table.zones), "centre");
}

}  // namespace
}  // namespace seneschal::vision
