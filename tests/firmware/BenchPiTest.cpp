// `seneschal bench pi` counts the daemon's frame path in instructions under valgrind's callgrind:
// a small crowded table run for real through the child program, its dumps read back per stage.
// The counts themselves are this build's and are not pinned; what the tracker promises is: a
// frame that shows what the one before it did costs a small part of the first frame's full scan.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "common/TempDir.hpp"
#include "seneschal/firmware/tools/bench_pi.hpp"

namespace seneschal::firmware {
namespace {

bool have_valgrind() { return std::system("command -v valgrind >/dev/null 2>&1") == 0; }

// A small crowded table (640x360, 6 cards) of `frames` frames and no game, its dumps under `work`.
BenchPiOptions small_table(int frames, const std::filesystem::path& work) {
  BenchPiOptions options;
  options.sizes = {{640, 360}};
  options.cards = 6;
  options.frames = frames;
  options.game_frames = 0;
  options.assets_dir = SENESCHAL_SOURCE_DIR "/assets";
  options.work_dir = work.string();
  return options;
}

TEST(BenchPiTest, ASteadyFrameCostsASmallPartOfTheFirstAndEveryStageIsCounted) {
  if (!have_valgrind()) GTEST_SKIP() << "valgrind is not installed (.ci/install-deps.sh installs it)";
  test::TempDir dir;
  // The first, three steady, one with a card bowed.
  const BenchPiOptions options = small_table(5, dir.path() / "work");
  auto cases = run_bench_pi(options, SENESCHAL_FRAME_COST_PATH);
  ASSERT_TRUE(cases) << cases.error().message;
  ASSERT_EQ(cases->size(), 1u);
  const PiCase& table = cases->front();
  EXPECT_EQ(table.name, "640x360, 6 cards, I420");
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

// A camera's I420 frame is read from its Y plane as it lies: the grey stage of a steady frame
// costs a small part of what converting a BGR frame costs, and the reads are the same.
TEST(BenchPiTest, ACamerasFrameTakesItsGreyPictureWithoutAConversion) {
  if (!have_valgrind()) GTEST_SKIP() << "valgrind is not installed (.ci/install-deps.sh installs it)";
  test::TempDir dir;
  std::map<std::string, PiCase> by_format;
  for (const char* format : {"I420", "BGR"}) {
    BenchPiOptions options = small_table(3, dir.path() / format);
    options.format = format;
    auto cases = run_bench_pi(options, SENESCHAL_FRAME_COST_PATH);
    ASSERT_TRUE(cases) << cases.error().message;
    ASSERT_EQ(cases->size(), 1u);
    by_format[format] = cases->front();
  }
  const PiCase& camera = by_format.at("I420");
  const PiCase& recording = by_format.at("BGR");
  EXPECT_EQ(camera.read, recording.read);
  EXPECT_EQ(camera.misread, 0);
  const PiFrames& yuv = camera.kinds.at("steady");
  const PiFrames& bgr = recording.kinds.at("steady");
  ASSERT_EQ(yuv.frames, bgr.frames);
  EXPECT_LT(yuv.stages.at("grey") * 10, bgr.stages.at("grey"));
  EXPECT_LT(yuv.total(), bgr.total());
}

// The arm64 count (`--arm64-child`) is the project's qemu plugin's, not callgrind's: the same
// plugin under qemu-x86_64 counts this very build, and must find what callgrind finds, stage by
// stage, within a hundredth.
TEST(BenchPiTest, TheQemuPluginCountsWhatCallgrindCounts) {
#ifndef SENESCHAL_QEMU_PLUGIN_PATH
  GTEST_SKIP() << "a cross build has no host plugin";
#else
  if (!have_valgrind() || std::system("command -v qemu-x86_64 >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "valgrind or qemu-user is not installed (.ci/install-deps.sh installs both)";
  test::TempDir dir;
  BenchPiOptions options = small_table(3, dir.path() / "callgrind");
  options.one_thread = true;
  auto by_callgrind = run_bench_pi(options, SENESCHAL_FRAME_COST_PATH);
  ASSERT_TRUE(by_callgrind) << by_callgrind.error().message;
  QemuCount qemu;
  qemu.child = SENESCHAL_FRAME_COST_PATH;
  qemu.qemu = "qemu-x86_64";
  qemu.plugin = SENESCHAL_QEMU_PLUGIN_PATH;
  options.work_dir = (dir.path() / "qemu").string();
  auto by_plugin = run_bench_pi_qemu(options, qemu);
  ASSERT_TRUE(by_plugin) << by_plugin.error().message;
  ASSERT_EQ(by_plugin->size(), 1u);
  const PiCase& a = by_callgrind->front();
  const PiCase& b = by_plugin->front();
  EXPECT_EQ(b.read, a.read);
  for (const char* kind : {"first", "steady", "full scan", "jpeg"}) {
    ASSERT_TRUE(b.kinds.count(kind)) << kind;
    EXPECT_EQ(b.kinds.at(kind).frames, a.kinds.at(kind).frames) << kind;
    for (const auto& [stage, count] : a.kinds.at(kind).stages) {
      if (count < 100000) continue;  // a few thousand instructions of bookkeeping may differ
      EXPECT_NEAR(double(b.kinds.at(kind).stages.at(stage)) / count, 1.0, 0.01) << kind << " " << stage;
    }
  }
  auto broken = qemu;
  broken.plugin = (dir.path() / "no-such-plugin.so").string();
  auto missing = run_bench_pi_qemu(options, broken);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("the counting plugin"), std::string::npos) << missing.error().message;
#endif
}

// A game's frames through the driver, and the screen drawn after it (a private Xvfb when there is
// no display): the drawing is counted, the software rasterizing beside it but not in the total.
TEST(BenchPiTest, AGamesFramesAndTheScreenDrawnAfterItAreCounted) {
  if (!have_valgrind()) GTEST_SKIP() << "valgrind is not installed (.ci/install-deps.sh installs it)";
  test::TempDir dir;
  BenchPiOptions options = small_table(2, dir.path() / "work");
  options.game_frames = 10;
  auto cases = run_bench_pi(options, SENESCHAL_FRAME_COST_PATH);
  ASSERT_TRUE(cases) << cases.error().message;
  ASSERT_EQ(cases->size(), 2u);
  const PiCase& game = cases->at(1);
  EXPECT_EQ(game.name, "1280x720 hard game, 3 seats, I420");  // no game at 640x360: the 720p one
  ASSERT_TRUE(game.kinds.count("game") && game.kinds.count("screen"));
  EXPECT_EQ(game.kinds.at("game").frames, 10);
  EXPECT_GT(game.kinds.at("game").stages.at("driver"), 0);
  const PiFrames& screen = game.kinds.at("screen");
  EXPECT_EQ(screen.frames, 5);
  EXPECT_GT(screen.stages.at("draw"), 0);
  EXPECT_GT(screen.stages.at("raster"), 0);
  EXPECT_EQ(screen.total(), screen.stages.at("draw"));
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
