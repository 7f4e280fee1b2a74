// `seneschal bench pi` counts the daemon's frame path in instructions under valgrind's callgrind:
// a small crowded table run for real through the child program, its dumps read back per stage.
// The counts themselves are this build's and are not pinned; what the tracker promises is: a
// frame that shows what the one before it did costs a small part of the first frame's full scan.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "common/TempDir.hpp"
#include "seneschal/firmware/tools/bench_pi.hpp"

namespace seneschal::firmware {
namespace {

bool have_valgrind() { return std::system("command -v valgrind >/dev/null 2>&1") == 0; }

TEST(BenchPiTest, ASteadyFrameCostsASmallPartOfTheFirstAndEveryStageIsCounted) {
  if (!have_valgrind()) GTEST_SKIP() << "valgrind is not installed (.ci/install-deps.sh installs it)";
  test::TempDir dir;
  BenchPiOptions options;
  options.sizes = {{640, 360}};
  options.cards = 6;
  options.frames = 5;  // the first, three steady, one with a card bowed
  options.game_frames = 0;
  options.assets_dir = SENESCHAL_SOURCE_DIR "/assets";
  options.work_dir = (dir.path() / "work").string();
  auto cases = run_bench_pi(options, SENESCHAL_FRAME_COST_PATH);
  ASSERT_TRUE(cases) << cases.error().message;
  ASSERT_EQ(cases->size(), 1u);
  const PiCase& table = cases->front();
  EXPECT_EQ(table.name, "640x360, 6 cards");
  EXPECT_EQ(table.truth, 30);
  EXPECT_EQ(table.read, 30);
  EXPECT_EQ(table.misread, 0);

  ASSERT_TRUE(table.kinds.count("first") && table.kinds.count("steady") && table.kinds.count("change"));
  const PiFrames& first = table.kinds.at("first");
  const PiFrames& steady = table.kinds.at("steady");
  EXPECT_EQ(first.frames, 1);
  EXPECT_EQ(steady.frames, 3);
  EXPECT_EQ(table.kinds.at("change").frames, 1);
  for (const char* stage : {"grey", "tracks", "change", "scan", "stacking", "look", "stabilizer"})
    EXPECT_TRUE(steady.stages.count(stage)) << stage;
  EXPECT_GT(steady.stages.at("grey"), 0);
  EXPECT_EQ(table.kinds.at("full scan").frames, 3);
  EXPECT_EQ(table.kinds.at("jpeg").frames, 1);
  // A steady frame decodes nothing: well under a fifth of the first frame, which scans it whole.
  EXPECT_LT(steady.total() / steady.frames * 5, first.total());
  EXPECT_FALSE(std::filesystem::exists(options.work_dir)) << "the dumps are removed after reading";
}

TEST(BenchPiTest, ADumpWithoutACountIsRefusedByName) {
  test::TempDir dir;
  const std::string path = (dir.path() / "cg.out.1").string();
  std::ofstream(path) << "# callgrind format\ndesc: Trigger: Client Request: pi|0|steady|grey\nevents: Ir\n";
  auto dump = read_callgrind_dump(path);
  ASSERT_FALSE(dump);
  EXPECT_NE(dump.error().message.find(path), std::string::npos);
  std::ofstream(path) << "desc: Trigger: Client Request: pi|0|steady|grey\nevents: Ir\nsummary: 1234\n\ntotals: 1234\n";
  dump = read_callgrind_dump(path);
  ASSERT_TRUE(dump) << dump.error().message;
  EXPECT_EQ(dump->first, "pi|0|steady|grey");
  EXPECT_EQ(dump->second, 1234);
  // valgrind 3.19's summary line can wrap round below zero after instrumentation was restarted;
  // the totals line holds the count.
  std::ofstream(path) << "desc: Trigger: Client Request: pi|2|game|grey\nsummary: 18446744073664270092\n\ntotals: 2506666\n";
  dump = read_callgrind_dump(path);
  ASSERT_TRUE(dump) << dump.error().message;
  EXPECT_EQ(dump->second, 2506666);
  std::ofstream(path) << "desc: Trigger: Client Request: pi|2|game|grey\ntotals: many\n";
  EXPECT_FALSE(read_callgrind_dump(path));
}

TEST(BenchPiTest, WithoutItsChildProgramTheBenchSaysWhatIsMissing) {
  test::TempDir dir;
  BenchPiOptions options;
  options.work_dir = (dir.path() / "work").string();
  auto cases = run_bench_pi(options, (dir.path() / "no-such-program").string());
  ASSERT_FALSE(cases);
  EXPECT_NE(cases.error().message.find("no-such-program"), std::string::npos);
}

}  // namespace
}  // namespace seneschal::firmware
