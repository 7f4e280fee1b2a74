// `seneschal play --snapshots` and `--show` as a newcomer runs them: the script's table drawn by
// the daemon's renderer after every line, one picture per line that changed something; a window
// asked for where there is no display is refused with the way to get pictures instead.
#include <gtest/gtest.h>

#include <SFML/Graphics/Image.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "common/CliTest.hpp"
#include "common/RunCommand.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;
namespace fs = std::filesystem;

using PlayShowTest = test::CliTest;

constexpr const char* kOpening =
    "game cutthroat\nseat Ann\nseat Ben\nseat Cat\n"
    "scan-card \"Lord Brom\"\nexpect \"Ben\"\nscan-card \"Lady Crone\"\nchoose \"House Slaine\"\nset 6\n";

TEST_F(PlayShowTest, ASecondRunIntoTheSameFolderNeitherOverwritesNorMixesWithTheFirst) {
  const std::string shots = dir_.file("shots");
  const std::string longer = write("longer.ck", kOpening);
  const std::string shorter =
      write("shorter.ck", "game cutthroat\nseat Ann\nseat Ben\nseat Cat\nscan-card \"Lord Brom\"\n");
  ASSERT_EQ(run_command(cli("play --script '" + longer + "' --snapshots '" + shots + "'")).exit_code, 0);
  std::vector<std::string> first;
  for (const auto& entry : fs::directory_iterator(shots)) {
    if (entry.is_regular_file()) first.push_back(entry.path().filename().string());
  }
  ASSERT_GT(first.size(), 1u);
  const auto again = run_command(cli("play --script '" + shorter + "' --snapshots '" + shots + "'"));
  ASSERT_EQ(again.exit_code, 0) << again.output;
  // The first run's pictures, every one, in a folder of their own.
  std::vector<fs::path> runs;
  for (const auto& entry : fs::directory_iterator(shots + "/runs")) runs.push_back(entry.path());
  ASSERT_EQ(runs.size(), 1u);
  for (const std::string& name : first) EXPECT_TRUE(fs::exists(runs[0] / name)) << name;
  // At the top only the second run's, fewer than the first's.
  std::size_t top = 0;
  for (const auto& entry : fs::directory_iterator(shots)) top += entry.is_regular_file();
  EXPECT_GT(top, 0u);
  EXPECT_LT(top, first.size());
}

TEST_F(PlayShowTest, SnapshotsDrawEveryLineThatChangedTheTable) {
  const std::string script = write("opening.ck", kOpening);
  const std::string shots = dir_.file("shots");
  const auto played = run_command(cli("play --script '" + script + "' --snapshots '" + shots + "' --size 1024x600"));
  ASSERT_EQ(played.exit_code, 0) << played.output;
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(shots)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  // Four lines act; the expect only looks.
  ASSERT_EQ(names.size(), 4u);
  EXPECT_EQ(names.front(), "0001-line-5.png");
  EXPECT_EQ(names.back(), "0004-line-9.png");
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile((fs::path(shots) / names.back()).string()));
  EXPECT_EQ(image.getSize().x, 1024u);
  EXPECT_EQ(image.getSize().y, 600u);
}

TEST_F(PlayShowTest, AWindowWithoutADisplayIsRefusedWithTheWayToPictures) {
  const std::string script = write("opening.ck", kOpening);
  const auto played = run_command("env -u DISPLAY " + cli("play --script '" + script + "' --show"));
  EXPECT_EQ(played.exit_code, 1) << played.output;
  EXPECT_NE(played.output.find("--show needs a display"), std::string::npos) << played.output;
  EXPECT_NE(played.output.find("--snapshots DIR"), std::string::npos) << played.output;
}

}  // namespace
}  // namespace seneschal::firmware
