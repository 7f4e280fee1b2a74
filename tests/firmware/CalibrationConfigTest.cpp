// [game.calibration], as `seneschal calibrate` writes it, read like the hand-drawn keys of
// [game]: the same values reach the daemon, the same mistakes get the same messages (file,
// line, key), and a table drawn both ways is refused rather than guessed at.

#include <gtest/gtest.h>

#include "seneschal/firmware/config/config.hpp"

namespace seneschal::firmware {
namespace {

const std::string kPath = "/etc/seneschal/seneschal.toml";

std::string error_of(const std::string& text) {
  auto config = parse_config(text, kPath);
  return config ? "(no error)" : config.error().message;
}

TEST(CalibrationConfigTest, TheCalibrationsCornersAndAreasReachTheDaemon) {
  auto config = parse_config(R"([game]
name = "r9e"
seats = ["Mark", "Shawn"]

[game.calibration]
corner_tags_mm = [[0, 0], [560, 0], [560, 560], [0, 560]]

[[game.calibration.seat_area]]
seat = 2
facing_deg = 180
polygon = [[0, 0], [560, 0], [560, 280], [0, 280]]

[[game.calibration.seat_area]]
seat = 1
facing_deg = 0
polygon = [[0, 280], [560, 280], [560, 560], [0, 560]]

[[game.calibration.zone_area]]
name = "centre"
polygon = [[200, 200], [360, 200], [360, 360]]
)",
                             kPath);
  ASSERT_TRUE(config.has_value()) << config.error().message;
  DaemonOptions options;
  ASSERT_TRUE(apply_config(*config, options).has_value());
  ASSERT_TRUE(options.table.corner_tags_mm.has_value());
  EXPECT_EQ((*options.table.corner_tags_mm)[1].x_mm, 560);
  ASSERT_EQ(options.table.seats.size(), 2u);
  EXPECT_EQ(options.table.seats[0].seat, 2);
  EXPECT_EQ(options.table.seats[0].facing_deg, 180);
  ASSERT_EQ(options.table.zones.size(), 1u);
  EXPECT_EQ(options.table.zones[0].name, "centre");
  EXPECT_EQ(options.calibration_card, true) << "seat areas need the corner tags, whoever drew them";
}

TEST(CalibrationConfigTest, HandDrawnCornersWithCalibratedSeatsAreOneTable) {
  auto config = parse_config(R"([game]
corner_tags_mm = [[20, 20], [580, 20], [580, 580], [20, 580]]
[[game.calibration.seat_area]]
seat = 1
polygon = [[20, 300], [580, 300], [580, 580]]
)",
                             kPath);
  ASSERT_TRUE(config.has_value()) << config.error().message;
  EXPECT_EQ(config->seat_areas.size(), 1u);
  EXPECT_TRUE(config->corner_tags_mm.has_value());
}

TEST(CalibrationConfigTest, SeatAreasDrawnTwiceAreRefusedNamingBothPlaces) {
  EXPECT_EQ(error_of(R"([game]
[[game.seat_area]]
seat = 1
polygon = [[0, 0], [10, 0], [10, 10]]
[game.calibration]
[[game.calibration.seat_area]]
seat = 1
polygon = [[0, 0], [10, 0], [10, 10]]
)"),
            kPath +
                ":6: game.calibration.seat_area: seat areas drawn twice, by hand in [game] (line 2) and by "
                "seneschal calibrate in [game.calibration]: remove the hand-drawn ones or the calibration");
}

TEST(CalibrationConfigTest, CornersDrawnTwiceAreRefused) {
  EXPECT_EQ(error_of("[game]\ncorner_tags_mm = [[0, 0], [1, 0], [1, 1], [0, 1]]\n[game.calibration]\n"
                     "corner_tags_mm = [[0, 0], [2, 0], [2, 2], [0, 2]]\n"),
            kPath +
                ":4: game.calibration.corner_tags_mm: corner tags drawn twice, by hand in [game] (line 2) and by "
                "seneschal calibrate in [game.calibration]: remove the hand-drawn ones or the calibration");
}

TEST(CalibrationConfigTest, ABadValueInTheCalibrationNamesItsLineAndKey) {
  EXPECT_EQ(error_of("[game.calibration]\ncorner_tags_mm = [[0, 0], [560, 0]]\n"),
            kPath +
                ":2: game.calibration.corner_tags_mm = [[0, 0], [560, 0]]: expected four [x, y] points in table "
                "millimetres, e.g. [[0, 0], [600, 0], [600, 300], [0, 300]]");
  EXPECT_EQ(error_of("[[game.calibration.seat_area]]\nseat = 9\npolygon = [[0, 0], [1, 0], [1, 1]]\n"),
            kPath + ":2: game.calibration.seat_area.seat = 9: expected the seat's number, 1-8, as its seat tag");
  EXPECT_EQ(
      error_of("[game]\ncalibration = 3\n"),
      kPath + ":2: game.calibration = 3: expected the table [game.calibration], as seneschal calibrate writes it");
}

TEST(CalibrationConfigTest, AnUnknownKeyInTheCalibrationIsAnError) {
  const std::string error = error_of("[game.calibration]\nseat_areas = []\n");
  EXPECT_EQ(error.rfind(kPath + ":2: game.calibration.seat_areas: unknown key", 0), 0u) << error;
}

}  // namespace
}  // namespace seneschal::firmware
