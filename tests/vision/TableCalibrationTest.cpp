#include "seneschal/vision/table_calibration.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::vision {
namespace {

// The generator prints a card's code 2 mm below the card's centre (synth: code centre at
// 31.5 x 46 mm on a 63 x 88 mm card), turned with the card.
TablePoint code_centre(double x_mm, double y_mm, double angle_deg) {
  const double a = angle_deg * M_PI / 180.0;
  return {x_mm - 2.0 * std::sin(a), y_mm + 2.0 * std::cos(a)};
}

synth::Scene calibrated_table() {
  synth::Scene scene;
  scene.seed = 11;
  scene.frames = 1;
  scene.realism = *synth::realism_preset("moderate");
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
  scene.cards = {card("S1:CAL:1", 45, 50, 0),         card("S1:CAL:2", 435, 50, 0),
                 card("S1:CAL:3", 435, 215, 0),       card("S1:CAL:4", 45, 215, 0),
                 card("S1:R9E:HEKTOR:1", 160, 130, 0), card("S1:R9E:ZAHIR:1", 260, 135, 90),
                 card("S1:R9E:BLIGHT:1", 345, 140, 200)};
  return scene;
}

std::array<TablePoint, 4> corner_positions(const synth::Scene& scene) {
  std::array<TablePoint, 4> out;
  for (int i = 0; i < 4; ++i) out[i] = code_centre(scene.cards[i].x_mm, scene.cards[i].y_mm, 0);
  return out;
}

TEST(TableCalibrationTest, CardsLandWhereTheyLieOnTheTable) {
  const synth::Scene scene = calibrated_table();
  auto frame = synth::render_frame(scene, 0);
  ASSERT_TRUE(frame.has_value()) << frame.error().message;
  const auto sightings = Scanner().scan(*frame);
  auto calibration = TableCalibration::from_sightings(sightings, corner_positions(scene));
  ASSERT_TRUE(calibration.has_value()) << calibration.error().message;
  int cards = 0;
  for (const Sighting& s : sightings) {
    for (std::size_t i = 4; i < scene.cards.size(); ++i) {
      const auto& card = scene.cards[i];
      if (card.payload != s.payload) continue;
      ++cards;
      const TablePoint expected = code_centre(card.x_mm, card.y_mm, card.angle_deg);
      const TablePoint seen = calibration->centre_on_table(s);
      EXPECT_NEAR(seen.x_mm, expected.x_mm, 3.0) << s.payload;
      EXPECT_NEAR(seen.y_mm, expected.y_mm, 3.0) << s.payload;
      const double off = std::fmod(std::abs(calibration->angle_on_table_deg(s) - card.angle_deg) + 540.0, 360.0) - 180.0;
      EXPECT_NEAR(off, 0.0, 3.0) << s.payload << " at " << calibration->angle_on_table_deg(s);
    }
  }
  EXPECT_EQ(cards, 3);
}

TEST(TableCalibrationTest, MappingGoesBothWays) {
  auto calibration = TableCalibration::from_points({Point{100, 80}, Point{1180, 90}, Point{1200, 650}, Point{90, 640}},
                                                   {TablePoint{0, 0}, TablePoint{600, 0}, TablePoint{600, 400},
                                                    TablePoint{0, 400}});
  ASSERT_TRUE(calibration.has_value());
  const TablePoint corner = calibration->to_table({1180, 90});
  EXPECT_NEAR(corner.x_mm, 600, 1e-3);
  EXPECT_NEAR(corner.y_mm, 0, 1e-3);
  const Point back = calibration->to_image(calibration->to_table({640, 360}));
  EXPECT_NEAR(back.x, 640, 1e-2);
  EXPECT_NEAR(back.y, 360, 1e-2);
}

TEST(TableCalibrationTest, PointsInALineAreRefused) {
  auto line = TableCalibration::from_points({Point{0, 0}, Point{100, 100}, Point{200, 200}, Point{0, 300}},
                                            {TablePoint{0, 0}, TablePoint{1, 0}, TablePoint{1, 1}, TablePoint{0, 1}});
  ASSERT_FALSE(line.has_value());
  EXPECT_EQ(line.error().message, "table calibration: three of the four image points lie in a line");
}

TEST(TableCalibrationTest, MissingCornersAreNamed) {
  Sighting one;
  one.payload = "S1:CAL:2";
  auto calibration = TableCalibration::from_sightings({one}, {});
  ASSERT_FALSE(calibration.has_value());
  EXPECT_EQ(calibration.error().message, "table calibration: not in view: S1:CAL:1, S1:CAL:3, S1:CAL:4");
}

TEST(TableCalibrationTest, SeatAreasAndBowedFollowTheSeat) {
  const std::vector<SeatArea> seats = {
      {1, {{0, 135}, {480, 135}, {480, 270}, {0, 270}}, 0},   // near side, faces the far edge
      {2, {{0, 0}, {480, 0}, {480, 135}, {0, 135}}, 180},     // far side, faces the near edge
  };
  EXPECT_EQ(seat_at({100, 200}, seats), 1);
  EXPECT_EQ(seat_at({100, 50}, seats), 2);
  EXPECT_EQ(seat_at({900, 50}, seats), std::nullopt);
  EXPECT_FALSE(is_bowed(0, 0));
  EXPECT_FALSE(is_bowed(180, 0));   // upside down is not bowed
  EXPECT_TRUE(is_bowed(90, 0));
  EXPECT_TRUE(is_bowed(265, 0));
  EXPECT_FALSE(is_bowed(185, 180));  // the far seat's straight card
  EXPECT_TRUE(is_bowed(100, 180));
  EXPECT_FALSE(is_bowed(30, 0));
}

}  // namespace
}  // namespace seneschal::vision
