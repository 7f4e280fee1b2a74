// The table map on made-up numbers and on rendered frames read by the real scanner: where a tag
// lies and how far it is turned for the seat it lies in front of.

#include "seneschal/vision/table_map.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/stabilizer.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::vision {
namespace {

TableCalibration pixels_are_millimetres() {
  auto calibration = TableCalibration::from_points({Point{0, 0}, Point{600, 0}, Point{600, 400}, Point{0, 400}},
                                                   {TablePoint{0, 0}, TablePoint{600, 0}, TablePoint{600, 400}, TablePoint{0, 400}});
  EXPECT_TRUE(calibration.has_value());
  return *calibration;
}

double off(double a, double b) { return std::abs(angle_between_deg(a, b)); }

TEST(TableMapTest, UncalibratedTurnIsAgainstTheImageReference) {
  TableMap map;
  map.reference_deg = 10;
  EXPECT_FALSE(map.calibrated());
  EXPECT_NEAR(map.turn_deg({100, 100}, 100), 90, 1e-9);
  EXPECT_NEAR(map.turn_deg({100, 100}, 0), 350, 1e-9);
  EXPECT_EQ(map.place({100, 100}), Place{});
}

TEST(TableMapTest, ASeatAreaComesBeforeAnyZone) {
  const TableMap map(pixels_are_millimetres(), {{1, {{0, 200}, {600, 200}, {600, 400}, {0, 400}}, 0}},
                     {{"discard", {{500, 100}, {600, 100}, {600, 300}, {500, 300}}},
                      {"centre", {{0, 0}, {600, 0}, {600, 400}, {0, 400}}}});
  const Place in_seat = map.place({550, 250});
  EXPECT_EQ(in_seat.seat, 1);
  EXPECT_EQ(in_seat.zone, "");
  ASSERT_TRUE(in_seat.at.has_value());
  EXPECT_NEAR(in_seat.at->x_mm, 550, 1e-3);
  EXPECT_EQ(map.place({550, 150}).zone, "discard");  // the first zone holding it
  EXPECT_EQ(map.place({100, 150}).zone, "centre");
  EXPECT_EQ(map.place({700, 150}).zone, "");
  EXPECT_TRUE(map.place({550, 150}).same_area(map.place({560, 160})));
}

TEST(TableMapTest, TurnIsAgainstTheSeatFacingElseTheFarEdge) {
  const TableMap map(pixels_are_millimetres(),
                     {{1, {{0, 200}, {300, 200}, {300, 400}, {0, 400}}, 0}, {2, {{300, 200}, {600, 200}, {600, 400}, {300, 400}}, 90}},
                     {});
  EXPECT_NEAR(map.turn_deg({100, 300}, 30), 30, 1e-3);
  EXPECT_NEAR(map.turn_deg({400, 300}, 30), 300, 1e-3);
  EXPECT_NEAR(map.turn_deg({400, 100}, 30), 30, 1e-3);  // no seat: against the table's -y axis
  EXPECT_EQ(nearest_quarter(map.turn_deg({400, 300}, 180)), 90);
}

// Six cards between the four calibration tags, in four seats facing 0, 90, 180 and 270.
struct Expected {
  const char* payload;
  float x_mm, y_mm, angle_deg;
  int seat, quarter;
};
constexpr Expected kCards[] = {
    {"S1:R9E:HEKTOR:1", 130, 70, 0, 3, 180},    {"S1:R9E:ZAHIR:1", 240, 70, 270, 3, 90},
    {"S1:R9E:BLIGHT:1", 350, 70, 0, 4, 90},     {"S1:R9E:LORKI:1", 130, 200, 90, 1, 90},
    {"S1:R9E:SKAFLA:1", 240, 200, 95, 2, 0},   {"S1:R9E:NUTS:1", 350, 200, 0, 2, 270},
};

synth::Scene seated_table() {
  synth::Scene scene;
  scene.seed = 5;
  scene.frames = 1;
  scene.realism.hand_rate = 0;
  scene.realism.foreign_rate = 0;
  const auto card = [](const char* payload, float x_mm, float y_mm, float angle_deg) {
    synth::SceneCard c;
    c.payload = payload;
    c.x_mm = x_mm;
    c.y_mm = y_mm;
    c.angle_deg = angle_deg;
    return c;
  };
  scene.cards = {card("S1:CAL:1", 45, 50, 0), card("S1:CAL:2", 435, 50, 0), card("S1:CAL:3", 435, 215, 0),
                 card("S1:CAL:4", 45, 215, 0)};
  for (const Expected& e : kCards) scene.cards.push_back(card(e.payload, e.x_mm, e.y_mm, e.angle_deg));
  scene.seats = {{3, {{85, 0}, {295, 0}, {295, 135}, {85, 135}}, 180},
                 {4, {{295, 0}, {480, 0}, {480, 135}, {295, 135}}, 270},
                 {1, {{85, 135}, {185, 135}, {185, 270}, {85, 270}}, 0},
                 {2, {{185, 135}, {400, 135}, {400, 270}, {185, 270}}, 90}};
  return scene;
}

struct Seen {
  TableMap map;
  std::vector<Sighting> sightings;
};

Seen scan_seated_table() {
  const synth::Scene scene = seated_table();
  auto frame = synth::render_frame(scene, 0);
  EXPECT_TRUE(frame.has_value()) << frame.error().message;
  Seen out;
  if (!frame) return out;
  out.sightings = Scanner().scan(*frame);
  auto points = synth::calibration_points(scene);
  EXPECT_TRUE(points.has_value());
  auto calibration = TableCalibration::from_sightings(out.sightings, *points);
  EXPECT_TRUE(calibration.has_value()) << calibration.error().message;
  if (calibration) out.map = TableMap(*calibration, scene.seats, scene.zones);
  return out;
}

TEST(TableMapTest, ImageAngleMapsToTheTableAsTheCodesCornersDo) {
  // Sighting::angle_deg (the top edge from image x, clockwise) and angle_on_table_deg (bottom to
  // top edge, from the table's -y) both give 0 for an upright card: the map must agree.
  const Seen seen = scan_seated_table();
  ASSERT_TRUE(seen.map.calibrated());
  auto calibration = TableCalibration::from_sightings(seen.sightings, *synth::calibration_points(seated_table()));
  ASSERT_TRUE(calibration.has_value());
  int cards = 0;
  for (const Sighting& s : seen.sightings) {
    for (const Expected& e : kCards) {
      if (s.payload != e.payload) continue;
      ++cards;
      const double on_table = seen.map.table_angle_deg(centre_of(s), s.angle_deg);
      EXPECT_LT(off(on_table, calibration->angle_on_table_deg(s)), 1.5) << s.payload;
      EXPECT_LT(off(on_table, e.angle_deg), 3.0) << s.payload << " at " << on_table;
    }
  }
  EXPECT_EQ(cards, 6);
}

TEST(TableMapTest, RenderedCardsTurnAgainstTheirSeatsFacing) {
  const Seen seen = scan_seated_table();
  ASSERT_TRUE(seen.map.calibrated());
  int cards = 0;
  for (const Sighting& s : seen.sightings) {
    for (const Expected& e : kCards) {
      if (s.payload != e.payload) continue;
      ++cards;
      const Place place = seen.map.place(centre_of(s));
      EXPECT_EQ(place.seat, e.seat) << s.payload;
      const double turn = seen.map.turn_deg(centre_of(s), s.angle_deg);
      EXPECT_EQ(nearest_quarter(turn), e.quarter) << s.payload << " turned " << turn;
    }
  }
  EXPECT_EQ(cards, 6);
}

TEST(TableMapTest, StabilizerOnACalibratedTableReportsSeatAndQuarter) {
  const Seen seen = scan_seated_table();
  ASSERT_TRUE(seen.map.calibrated());
  StabilizerConfig config;
  config.appear_k = 1;
  config.appear_n = 1;
  Stabilizer stabilizer(config, seen.map);
  const auto events = stabilizer.update(seen.sightings, 0);
  int cards = 0;
  for (const TagEvent& event : events) {
    for (const Expected& e : kCards) {
      if (event.payload != e.payload) continue;
      ++cards;
      EXPECT_EQ(event.kind, TagEvent::Kind::Appeared);
      EXPECT_EQ(event.pose.place.seat, e.seat) << e.payload;
      EXPECT_EQ(event.pose.quarter, e.quarter) << e.payload;
      EXPECT_EQ(event.pose.bowed, e.quarter % 180 != 0) << e.payload;
      ASSERT_TRUE(event.pose.place.at.has_value());
      const TablePoint code = synth::code_centre({0, e.x_mm, e.y_mm, e.angle_deg});
      EXPECT_NEAR(event.pose.place.at->x_mm, code.x_mm, 3.0) << e.payload;
      EXPECT_NEAR(event.pose.place.at->y_mm, code.y_mm, 3.0) << e.payload;
    }
  }
  EXPECT_EQ(cards, 6);
}

}  // namespace
}  // namespace seneschal::vision
