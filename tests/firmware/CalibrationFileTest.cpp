// The config file's region that `seneschal calibrate` owns: added at the end once, replaced in
// place after, every other byte of the person's file kept; never a file the daemon would refuse.

#include "seneschal/firmware/config/calibration_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/TempDir.hpp"
#include "seneschal/firmware/base/assets.hpp"

namespace seneschal::firmware {
namespace {

// A person's config: comments, blank lines, odd spacing, a table after [game].
const std::string kPersonsFile = R"(# My table at home.
[game]
name = "r9e"   # the one we play
seats = ["Mark", "Shawn", "Ann"]

# The display on the shelf.
[display]
size = "800x480"
)";

vision::TableLayout two_seats(double depth = 560) {
  vision::TableLayout layout;
  layout.corner_tags_mm = {vision::TablePoint{0, 0}, vision::TablePoint{560, 0}, vision::TablePoint{560, depth},
                           vision::TablePoint{0, depth}};
  layout.seats = {{1, {{0, depth / 2}, {560, depth / 2}, {560, depth}, {0, depth}}, 0},
                  {2, {{0, 0}, {560, 0}, {560, depth / 2}, {0, depth / 2}}, 180}};
  layout.zones = {{"centre", {{200, 200}, {360.25, 200}, {360, 360}}}};
  return layout;
}

std::string read(const std::string& path) {
  auto text = read_text_file(path);
  EXPECT_TRUE(text.has_value()) << text.error().message;
  return text ? *text : "";
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

TEST(CalibrationFileTest, TheRegionReadsBackAsTheLayoutItWasMadeFrom) {
  const std::string region = calibration_region(two_seats(), "2025-03-01");
  EXPECT_EQ(region.rfind("# --- table calibration, written by seneschal calibrate on 2025-03-01; run it again to "
                         "redo ---\n",
                         0),
            0u);
  EXPECT_NE(region.find("corner_tags_mm = [[0, 0], [560, 0], [560, 560], [0, 560]]\n"), std::string::npos) << region;
  EXPECT_NE(region.find("polygon = [[200, 200], [360.3, 200], [360, 360]]"), std::string::npos) << "tenths of a mm";
  EXPECT_EQ(region.substr(region.size() - 35), "# --- end of table calibration ---\n");
  auto config = parse_config(region, "seneschal.toml");
  ASSERT_TRUE(config.has_value()) << config.error().message << "\n" << region;
  ASSERT_EQ(config->seat_areas.size(), 2u);
  EXPECT_EQ(config->seat_areas[1].seat, 2);
  EXPECT_EQ(config->seat_areas[1].facing_deg, 180);
  EXPECT_EQ(config->seat_areas[1].polygon[2].y_mm, 280);
  ASSERT_EQ(config->zone_areas.size(), 1u);
  EXPECT_EQ((*config->corner_tags_mm)[2].y_mm, 560);
}

TEST(CalibrationFileTest, TheFirstRunAddsTheRegionAtTheEndAndKeepsEveryByteBeforeIt) {
  const std::string region = calibration_region(two_seats(), "2025-03-01");
  auto text = with_calibration_region(kPersonsFile, region, "seneschal.toml");
  ASSERT_TRUE(text.has_value()) << text.error().message;
  EXPECT_EQ(*text, kPersonsFile + "\n" + region);
  // A last line without its newline gets one, and nothing else changes.
  auto unterminated = with_calibration_region("[game]\nname = \"r9e\"", region, "seneschal.toml");
  ASSERT_TRUE(unterminated.has_value());
  EXPECT_EQ(*unterminated, "[game]\nname = \"r9e\"\n\n" + region);
}

TEST(CalibrationFileTest, ASecondRunReplacesOnlyTheRegionWhereItStands) {
  const std::string before = kPersonsFile + "\n";
  const std::string after = "\n# Kept after the calibration too.\n[timers]\nwarning_marks_s = [60]\n";
  const std::string first = calibration_region(two_seats(), "2025-03-01");
  const std::string second = calibration_region(two_seats(400), "2025-04-02");
  auto text = with_calibration_region(before + first + after, second, "seneschal.toml");
  ASSERT_TRUE(text.has_value()) << text.error().message;
  EXPECT_EQ(*text, before + second + after);
}

TEST(CalibrationFileTest, AStartLineWithoutItsEndLineIsRefusedNamingTheLine) {
  const std::string region = calibration_region(two_seats(), "2025-03-01");
  const std::string cut = kPersonsFile + region.substr(0, region.find("# --- end"));
  auto text = with_calibration_region(cut, region, "/etc/seneschal/seneschal.toml");
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().message,
            "/etc/seneschal/seneschal.toml:9: the table calibration starts here but its end line \"# --- end of "
            "table calibration ---\" is missing: put it back after the calibration, or delete the calibration's "
            "lines, and run again");
}

TEST(CalibrationFileTest, SavingKeepsThePersonsCommentsByteForByteAndRereadsTheFile) {
  test::TempDir dir;
  const std::string path = dir.file("seneschal.toml");
  write(path, kPersonsFile);
  auto saved = save_calibration(path, two_seats(), "2025-03-01");
  ASSERT_TRUE(saved.has_value()) << saved.error().message;
  EXPECT_EQ(saved->seat_areas.size(), 2u);
  EXPECT_EQ(saved->seats->size(), 3u) << "the person's own keys still read";
  const std::string written = read(path);
  EXPECT_EQ(written.substr(0, kPersonsFile.size()), kPersonsFile);
  // Again, with other measures: the region is replaced, not added twice.
  ASSERT_TRUE(save_calibration(path, two_seats(400), "2025-04-02").has_value());
  const std::string again = read(path);
  EXPECT_EQ(again.substr(0, kPersonsFile.size()), kPersonsFile);
  EXPECT_EQ(again.find("2025-03-01"), std::string::npos);
  EXPECT_EQ(again, kPersonsFile + "\n" + calibration_region(two_seats(400), "2025-04-02"));
}

TEST(CalibrationFileTest, AMissingFileIsCreatedWithOnlyTheRegion) {
  test::TempDir dir;
  const std::string path = dir.file("etc/seneschal.toml");
  auto saved = save_calibration(path, two_seats(), "2025-03-01");
  ASSERT_TRUE(saved.has_value()) << saved.error().message;
  EXPECT_EQ(read(path), calibration_region(two_seats(), "2025-03-01"));
}

TEST(CalibrationFileTest, AFileTheDaemonWouldRefuseIsNotWrittenAndSaysWhy) {
  test::TempDir dir;
  const std::string path = dir.file("seneschal.toml");
  const std::string hand_drawn = kPersonsFile + "[[game.seat_area]]\nseat = 1\npolygon = [[0, 0], [9, 0], [9, 9]]\n";
  write(path, hand_drawn);
  auto saved = save_calibration(path, two_seats(), "2025-03-01");
  ASSERT_FALSE(saved.has_value());
  EXPECT_NE(saved.error().message.find("seat areas drawn twice"), std::string::npos) << saved.error().message;
  EXPECT_NE(saved.error().message.find("the calibration was not saved; " + path + " is as it was"), std::string::npos)
      << saved.error().message;
  EXPECT_EQ(read(path), hand_drawn);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), std::filesystem::directory_iterator()), 1)
      << "no temporary file is left beside it";
}

}  // namespace
}  // namespace seneschal::firmware
