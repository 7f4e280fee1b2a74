// `seneschal calibrate` end to end on generated camera frames read by the real scanner (ZBar):
// the areas it saves put cards in the right seats through the daemon's own frame pipeline, a
// missing corner gets the corner's words, and --save writes nothing while a check fails. Corner
// tags without seat tags give the game's seats along the edges; a seat count the game is not
// played by is a usage error; the tags' health and a table size the camera disagrees with are
// said as warnings.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "common/CalibrationScene.hpp"
#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/config/calibration_file.hpp"
#include "seneschal/firmware/config/config.hpp"
#include "seneschal/firmware/camera/frame_pipeline.hpp"
#include "seneschal/firmware/camera/table_calibrator.hpp"
#include "seneschal/vision/frame_source.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
namespace synth = vision::synth;
using test::LaidTag;

// The three-seat table of CalibrationScene.hpp, 510 x 238 mm between the corner tags' centres.
constexpr const char* kTable = "510x238";

TableCalibrator zbar_calibrator(vision::CentreZone centre = vision::CentreZone::Drawn) {
  auto plan = plan_calibration(std::nullopt, kTable, 3, centre);
  EXPECT_TRUE(plan.has_value()) << plan.error().message;
  vision::ScannerOptions zbar;
  zbar.decoder = vision::Decoder::Zbar;
  return TableCalibrator(plan ? *plan : CalibrationPlan{}, zbar);
}

CalibrationLook look_at(TableCalibrator& calibrator, const synth::Scene& scene) {
  auto frame = synth::render_frame(scene, 0);
  EXPECT_TRUE(frame.has_value()) << frame.error().message;
  return frame ? calibrator.look(*frame) : CalibrationLook{};
}

std::string words(const CalibrationLook& look) {
  std::string out;
  for (const std::string& p : look.layout.problems) out += p + "\n";
  for (const std::string& w : look.warnings) out += "warning: " + w + "\n";
  return out;
}

std::string read(const std::string& path) {
  auto text = read_text_file(path);
  return text ? *text : "(unreadable)";
}

TEST(CalibrateTest, TheSavedAreasPutACardInFrontOfSeat2InSeat2WithItsQuarter) {
  test::TempDir dir;
  TableCalibrator calibrator = zbar_calibrator();
  const CalibrationLook found =
      look_at(calibrator, test::calibration_scene(test::corner_tags() + test::three_seat_tags()));
  ASSERT_TRUE(found.ok()) << words(found);
  EXPECT_TRUE(found.warnings.empty()) << words(found);

  const std::string config_path = dir.file("seneschal.toml");
  std::ofstream(config_path) << "# the table in the kitchen\n[game]\nname = \"r9e\"\nseats = [\"A\", \"B\", \"C\"]\n";
  auto saved = save_calibration(config_path, calibrator.to_save(found.layout), "2025-03-01");
  ASSERT_TRUE(saved.has_value()) << saved.error().message;
  auto config = load_config(config_path);
  ASSERT_TRUE(config.has_value()) << config.error().message;
  DaemonOptions options;
  ASSERT_TRUE(apply_config(*config, options).has_value());

  // The tags are cleared away and the game begins: a card in front of seat 2 (the left edge,
  // facing 90) lies turned a quarter from that player's upright; one in front of seat 1 lies
  // straight.
  const synth::Scene game = test::calibration_scene(
      test::corner_tags() + std::vector<LaidTag>{{"S1:R9E:HEKTOR:1", 150, 167, 180}, {"S1:R9E:ZAHIR:1", 300, 240, 0}},
      6);
  ASSERT_TRUE(synth::write_recording(game, dir.file("game")).has_value());
  auto source = vision::open_recording(dir.file("game"));
  ASSERT_TRUE(source.has_value()) << source.error().message;
  vision::TrackerOptions tracker;
  tracker.scanner.decoder = vision::Decoder::Zbar;
  FramePipeline pipeline(std::move(source).value(), tracker, options.stabilizer, Overflow::Block,
                         Pacing::AsFastAsPossible, options.table);
  pipeline.start();
  std::map<std::string, vision::Pose> appeared;
  bool calibrated = false;
  while (auto report = pipeline.reports().pop()) {
    calibrated = calibrated || report->calibrated;
    for (const vision::TagEvent& event : report->events) {
      if (event.kind == vision::TagEvent::Kind::Appeared) appeared[event.payload] = event.pose;
    }
  }
  EXPECT_TRUE(calibrated);
  ASSERT_TRUE(appeared.count("S1:R9E:HEKTOR:1"));
  EXPECT_EQ(appeared["S1:R9E:HEKTOR:1"].place.seat, 2);
  EXPECT_EQ(appeared["S1:R9E:HEKTOR:1"].quarter, 90);
  ASSERT_TRUE(appeared.count("S1:R9E:ZAHIR:1"));
  EXPECT_EQ(appeared["S1:R9E:ZAHIR:1"].place.seat, 1);
  EXPECT_EQ(appeared["S1:R9E:ZAHIR:1"].quarter, 0);
}

TEST(CalibrateTest, AMissingCornerGetsTheCornersWords) {
  std::vector<LaidTag> tags = test::corner_tags() + test::three_seat_tags();
  tags.erase(tags.begin() + 2);  // S1:CAL:3
  TableCalibrator calibrator = zbar_calibrator();
  const CalibrationLook found = look_at(calibrator, test::calibration_scene(tags));
  ASSERT_EQ(found.layout.problems.size(), 1u) << words(found);
  EXPECT_EQ(found.layout.problems[0],
            "Corner 3 is not in view: lay S1:CAL:3 at the near right corner, inside the camera's picture");
}

TEST(CalibrateTest, HandDrawnCornersAreUsedAndLeftWhereTheyAre) {
  Config config;
  config.corner_tags_mm = {vision::TablePoint{0, 0}, vision::TablePoint{510, 0}, vision::TablePoint{510, 238},
                           vision::TablePoint{0, 238}};
  config.lines["game.corner_tags_mm"] = 3;
  config.seats = std::vector<std::string>{"A", "B", "C"};
  auto plan = plan_calibration(config, "", std::nullopt, vision::CentreZone::None);
  ASSERT_TRUE(plan.has_value()) << plan.error().message;
  EXPECT_EQ(plan->look_for.seats, 3);
  EXPECT_TRUE(plan->corners_by_hand);
  TableCalibrator calibrator(*plan);
  const CalibrationLook found =
      look_at(calibrator, test::calibration_scene(test::corner_tags() + test::three_seat_tags()));
  ASSERT_TRUE(found.ok()) << words(found);
  EXPECT_FALSE(calibrator.to_save(found.layout).corner_tags_mm.has_value()) << "[game] keeps them";
  EXPECT_EQ(calibrator.to_save(found.layout).seats.size(), 3u);
}

TEST(CalibrateTest, WithoutTableOrCornersThePlanAsksForTheTable) {
  auto plan = plan_calibration(std::nullopt, "", std::nullopt, vision::CentreZone::None);
  ASSERT_FALSE(plan.has_value());
  EXPECT_NE(plan.error().message.find("--table WxD"), std::string::npos) << plan.error().message;
  EXPECT_EQ(plan_calibration(std::nullopt, "560", 2, vision::CentreZone::None).error().message,
            "--table 560: expected the distances between the corner tags' centres, across x deep in mm (100-5000 "
            "each), e.g. 560x560");
  EXPECT_EQ(plan_calibration(std::nullopt, "560x560", std::nullopt, vision::CentreZone::None)->look_for.seats, 2)
      << "the daemon's two seats by default";
}

TEST(CalibrateTest, ASeatCountTheGameIsNotPlayedByIsRefusedNamingTheFlagAndTheRange) {
  const GameSeats r9e{"r9e", 1, 6};
  for (int seats : {0, -1, 7}) {
    auto plan = plan_calibration(std::nullopt, kTable, seats, vision::CentreZone::None, r9e);
    ASSERT_FALSE(plan.has_value()) << seats;
    EXPECT_EQ(plan.error().message, "--seats " + std::to_string(seats) + ": expected 1-6, the seats r9e is played by");
  }
  EXPECT_EQ(plan_calibration(std::nullopt, kTable, 2, vision::CentreZone::None, {"nine", 1, 1}).error().message,
            "--seats 2: nine is played by 1 only");
  EXPECT_EQ(plan_calibration(std::nullopt, kTable, 6, vision::CentreZone::None, r9e)->look_for.seats, 6);
}

TEST(CalibrateTest, CornerTagsWithoutSeatTagsDrawTheGamesSeatsAlongTheEdges) {
  TableCalibrator calibrator = zbar_calibrator();
  const CalibrationLook found = look_at(calibrator, test::calibration_scene(test::corner_tags()));
  ASSERT_TRUE(found.ok()) << words(found);
  EXPECT_TRUE(found.layout.seats_along_edges);
  ASSERT_FALSE(found.warnings.empty());
  EXPECT_EQ(found.warnings.front(), "no seat tags seen: drew 3 seat areas along the table's edges for r9e's 3 seats");
  const vision::TableLayout saved = calibrator.to_save(found.layout);
  ASSERT_EQ(saved.seats.size(), 3u);
  // Clockwise from the near edge: 1 near (facing the far edge), 2 left, 3 far; the centre zone
  // in the middle.
  EXPECT_EQ(saved.seats[0].facing_deg, 0);
  EXPECT_EQ(saved.seats[1].facing_deg, 90);
  EXPECT_EQ(saved.seats[2].facing_deg, 180);
  EXPECT_EQ(vision::seat_at({255, 220}, saved.seats), 1);
  EXPECT_EQ(vision::seat_at({20, 119}, saved.seats), 2);
  EXPECT_EQ(vision::seat_at({255, 15}, saved.seats), 3);
  EXPECT_EQ(saved.zones.size(), 1u);
}

// The command itself, as a person runs it.
class CalibrateCliTest : public ::testing::Test {
 protected:
  // As over ssh, without a display: with one (and no --out) the command would open its window
  // and wait there for Escape. --out then draws on an X server of its own.
  test::CommandResult calibrate(const std::string& args) {
    return test::run_command(
        "env -u DISPLAY '" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' calibrate " + args);
  }
  std::string recording(const std::vector<LaidTag>& tags, int frames = 2) {
    return recording(test::calibration_scene(tags, frames));
  }
  std::string recording(const synth::Scene& scene) {
    const std::string out = dir_.file("frames");
    EXPECT_TRUE(synth::write_recording(scene, out).has_value());
    return out;
  }
  test::TempDir dir_;
};

TEST_F(CalibrateCliTest, SaveWritesTheConfigAndThePictureAndSaysSo) {
  const std::string frames = recording(test::corner_tags() + test::three_seat_tags());
  const std::string config = dir_.file("seneschal.toml");
  const std::string png = dir_.file("calibration.png");
  std::ofstream(config) << "# mine\n[game]\nseats = [\"A\", \"B\", \"C\"]\n";
  const auto run = calibrate("--source '" + frames + "' --config '" + config + "' --table " + kTable +
                             " --save --out '" + png + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find(config + ": saved the table calibration: 3 seats and the centre zone"), std::string::npos)
      << run.output;
  const std::string written = read(config);
  EXPECT_EQ(written.rfind("# mine\n[game]\nseats = [\"A\", \"B\", \"C\"]\n\n" + std::string(kCalibrationStart), 0), 0u)
      << written;
  auto loaded = load_config(config);
  ASSERT_TRUE(loaded.has_value()) << loaded.error().message;
  EXPECT_EQ(loaded->seat_areas.size(), 3u);
  EXPECT_EQ(loaded->zone_areas.size(), 1u);
  EXPECT_TRUE(fs::is_regular_file(png));
  EXPECT_GT(fs::file_size(png), 10000u);
}

TEST_F(CalibrateCliTest, SaveWritesNothingWhileACheckFailsAndPrintsTheWords) {
  std::vector<LaidTag> tags = test::corner_tags() + test::three_seat_tags();
  tags.pop_back();  // S1:SEAT:3
  const std::string frames = recording(tags);
  const std::string config = dir_.file("seneschal.toml");
  const std::string mine = "# mine\n[game]\nseats = [\"A\", \"B\", \"C\"]\n";
  std::ofstream(config) << mine;
  const auto run = calibrate("--source '" + frames + "' --config '" + config + "' --table " + kTable + " --save");
  EXPECT_EQ(run.exit_code, 3) << run.output;
  EXPECT_NE(run.output.find("\nSeat 3's tag is not in view: lay S1:SEAT:3 at the table's edge in front of seat 3, "
                            "upright as that player reads it\n"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(read(config), mine);
}

TEST_F(CalibrateCliTest, AMissingConfigIsCreatedWithOnlyTheCalibration) {
  const std::string frames = recording(test::corner_tags() + test::three_seat_tags(), 1);
  const std::string config = dir_.file("new/seneschal.toml");
  const auto run = calibrate("--source '" + frames + "' --config '" + config + "' --table " + kTable +
                             " --seats 3 --save --out '" + dir_.file("c.png") + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(read(config).rfind(std::string(kCalibrationStart), 0), 0u);
}

TEST_F(CalibrateCliTest, BadFlagsAndSourcesGetTheirExitCodes) {
  const std::string config = dir_.file("none.toml");
  auto run = calibrate("--source '" + dir_.file("nowhere") + "' --config '" + config + "' --table 560x560");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  run = calibrate("--source '" + dir_.file("nowhere") + "' --config '" + config + "' --table 56");
  EXPECT_EQ(run.exit_code, 64) << run.output;
  EXPECT_NE(run.output.find("--table 56: expected"), std::string::npos) << run.output;
  const std::string frames = recording(test::corner_tags() + test::three_seat_tags(), 1);
  run = calibrate("--source '" + frames + "' --config '" + config +
                  "' --table 510x238 --seats 3 --out /nonexistent-dir/c.png");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("/nonexistent-dir/c.png"), std::string::npos) << run.output;
  run = calibrate("--config '" + config + "' --table 560x560");
  EXPECT_EQ(run.exit_code, 64) << run.output;
  EXPECT_NE(run.output.find("--source"), std::string::npos) << run.output;
  EXPECT_FALSE(fs::exists(config));
}

TEST_F(CalibrateCliTest, CornerTagsWithoutSeatTagsSaveTheGamesSeatsAlongTheEdgesAndSaySo) {
  const std::string frames = recording(test::corner_tags());
  const std::string config = dir_.file("seneschal.toml");
  std::ofstream(config) << "[game]\nseats = [\"A\", \"B\", \"C\"]\n";
  const auto run = calibrate("--source '" + frames + "' --config '" + config + "' --table " + kTable + " --save");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("warning: no seat tags seen: drew 3 seat areas along the table's edges for r9e's 3 seats\n"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find(config + ": saved the table calibration: 3 seats drawn along the edges and the centre zone"),
            std::string::npos)
      << run.output;
  auto loaded = load_config(config);
  ASSERT_TRUE(loaded.has_value()) << loaded.error().message;
  EXPECT_EQ(loaded->seat_areas.size(), 3u);
}

TEST_F(CalibrateCliTest, ASeatCountOutsideTheGamesIsAUsageError) {
  const std::string frames = recording(test::corner_tags(), 1);
  const std::string config = dir_.file("none.toml");
  for (const std::string seats : {"0", "-2", "7"}) {
    const auto run = calibrate("--source '" + frames + "' --config '" + config + "' --table " + kTable + " --seats " + seats);
    EXPECT_EQ(run.exit_code, 64) << run.output;
    EXPECT_NE(run.output.find("--seats " + seats + ": expected 1-6, the seats r9e is played by"), std::string::npos)
        << run.output;
  }
}

TEST_F(CalibrateCliTest, ATableSizeTheCameraDisagreesWithIsSaidNamingBothSizes) {
  const std::string frames = recording(test::corner_tags() + test::three_seat_tags(), 1);
  const auto run = calibrate("--source '" + frames + "' --config '" + dir_.file("none.toml") +
                             "' --table 560x560 --seats 3");
  EXPECT_NE(run.output.find("warning: the table's size as given, 560x560 mm between the corner tags, disagrees with "
                            "what the camera sees"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("the corner tags lie as if the table were 560x26"), std::string::npos) << run.output;
}

TEST_F(CalibrateCliTest, CodesTooSmallAreSaidWithTheModeAndTheHeight) {
  // The calibration table seen from higher up: 1200 mm across 1280 pixels.
  synth::Scene scene = test::calibration_scene(test::corner_tags() + test::three_seat_tags(), 1);
  scene.table_w_mm = 1200;
  scene.table_h_mm = 1200 * 720 / 1280.0f;
  const std::string frames = recording(scene);
  const auto run = calibrate("--source '" + frames + "' --config '" + dir_.file("none.toml") + "' --table " +
                             kTable + " --seats 3");
  EXPECT_EQ(run.exit_code, 0) << "a warning never stands in the way: " << run.output;
  EXPECT_NE(run.output.find("warning: codes at 1."), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("reads will drop out below 2.0; use 1920x1080, or hang the camera lower (about "),
            std::string::npos)
      << run.output;
}

}  // namespace
}  // namespace seneschal::firmware
