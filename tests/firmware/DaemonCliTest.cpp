// seneschald as a newcomer starts it: a separate process, from its command line.

#include <gtest/gtest.h>

#include "common/RunCommand.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

#include "common/TempDir.hpp"
#include "seneschal/engine/event_store.hpp"
#include "seneschal/engine/seat_clocks.hpp"

namespace {

namespace fs = std::filesystem;

using seneschal::test::run_command;

TEST(DaemonCliTest, HeadlessWithoutADisplayStartsItsOwnXServer) {
  seneschal::test::TempDir dir;
  const auto daemon = run_command("env -u DISPLAY '" SENESCHALD_PATH "' --headless --source '" SENESCHAL_BUNDLED_RECORDING
                         "' --state-dir '" + dir.file("state") + "' --snapshot-dir '" + dir.file("shots") + "'");
  EXPECT_EQ(daemon.exit_code, 0) << daemon.output;
  EXPECT_NE(daemon.output.find("private Xvfb"), std::string::npos) << daemon.output;
  EXPECT_TRUE(fs::exists(dir.file("shots") + "/9999-final.png")) << daemon.output;
  EXPECT_TRUE(fs::exists(dir.file("state") + "/seneschal.sqlite"));
  // Not the journal (a pipe): plain log lines, without journald's <N> priorities (CommandLineTest).
  EXPECT_EQ(daemon.output.find("<5>"), std::string::npos) << daemon.output;
}

TEST(DaemonCliTest, MissingGpioChipIsSaidAndPlayGoesOn) {
  // This machine has no GPIO chip: asked for GPIO buttons, the daemon says why there are none
  // and plays the recording with control tags (and, in a window, the keyboard).
  seneschal::test::TempDir dir;
  const auto daemon = run_command("'" SENESCHALD_PATH "' --headless --buttons gpio --gpio-chip no-such-chip --source '"
                                  SENESCHAL_BUNDLED_RECORDING "' --state-dir '" + dir.file("state") + "'");
  EXPECT_EQ(daemon.exit_code, 0) << daemon.output;
  EXPECT_NE(daemon.output.find("GPIO buttons: no GPIO chip labelled no-such-chip"), std::string::npos) << daemon.output;
  EXPECT_NE(daemon.output.find("(the keyboard and control tags still work)"), std::string::npos) << daemon.output;
  EXPECT_NE(daemon.output.find("moves accepted"), std::string::npos) << daemon.output;
}

TEST(DaemonCliTest, BadGpioLinesAndTimerMarksAreUsageErrors) {
  const auto lines = run_command("'" SENESCHALD_PATH "' --headless --gpio-lines ok=17,jump=4");
  EXPECT_EQ(lines.exit_code, 64) << lines.output;
  EXPECT_NE(lines.output.find("--gpio-lines"), std::string::npos) << lines.output;
  EXPECT_NE(lines.output.find("jump"), std::string::npos) << lines.output;
  const auto marks = run_command("'" SENESCHALD_PATH "' --headless --timer-marks 60,soon");
  EXPECT_EQ(marks.exit_code, 64) << marks.output;
  EXPECT_NE(marks.output.find("timer mark \"soon\""), std::string::npos) << marks.output;
  const auto preset = run_command("'" SENESCHALD_PATH "' --headless --timer-preset Negotiation");
  EXPECT_EQ(preset.exit_code, 64) << preset.output;
  EXPECT_NE(preset.output.find("expected NAME=SECONDS"), std::string::npos) << preset.output;
}

// [7/8] A new game's seat clocks from the command line, logged with its start.
TEST(DaemonCliTest, SeatClockFlagsStartTheGameWithThem) {
  seneschal::test::TempDir dir;
  const auto daemon = run_command("'" SENESCHALD_PATH "' --headless --seat-clock 25m --turn-clock 90s --source '"
                                  SENESCHAL_BUNDLED_RECORDING "' --state-dir '" + dir.file("state") + "'");
  ASSERT_EQ(daemon.exit_code, 0) << daemon.output;
  auto store = seneschal::engine::EventStore::open(dir.file("state") + "/seneschal.sqlite");
  ASSERT_TRUE(store.has_value());
  auto events = store->load_all();
  ASSERT_TRUE(events.has_value() && !events->empty());
  ASSERT_EQ(events->front().type, "game_started");
  EXPECT_EQ(seneschal::engine::clock_rules_from_json(events->front().data.at("clocks")),
            (seneschal::engine::SeatClockRules{false, 25 * 60 * 1000, 90 * 1000}));
  const auto bad = run_command("'" SENESCHALD_PATH "' --headless --seat-clock 25");
  EXPECT_EQ(bad.exit_code, 64) << bad.output;
  EXPECT_NE(bad.output.find("--seat-clock: clock limit \"25\": expected a length like 25m"), std::string::npos) << bad.output;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(DaemonCliTest, DamagedLogIsMovedAsideNamedAndANewGameStarts) {
  seneschal::test::TempDir dir;
  const std::string state = dir.file("state");
  auto run = [&] {
    return run_command("'" SENESCHALD_PATH "' --headless --buttons none --source '" SENESCHAL_BUNDLED_RECORDING
                       "' --state-dir '" + state + "'");
  };
  ASSERT_EQ(run().exit_code, 0);
  // A power cut mid-write on a bad card: the log loses its second half.
  const std::string log = state + "/seneschal.sqlite";
  const std::string whole = file_bytes(log);
  ASSERT_GT(whole.size(), 8192u);
  std::ofstream(log, std::ios::binary | std::ios::trunc) << whole.substr(0, whole.size() / 2);
  const std::string truncated = file_bytes(log);
  fs::remove(log + "-wal");
  fs::remove(log + "-shm");

  const auto again = run();
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("the event log is damaged and cannot be read; it is kept as " + state +
                              "/seneschal-damaged-1.sqlite"),
            std::string::npos)
      << again.output;
  EXPECT_NE(again.output.find("error: "), std::string::npos) << "an error, said as one";
  EXPECT_EQ(file_bytes(state + "/seneschal-damaged-1.sqlite"), truncated) << "kept byte for byte";
  EXPECT_NE(again.output.find("new game of r9e"), std::string::npos) << again.output;

  // Garbage where the log should be: the same.
  std::ofstream(log, std::ios::binary | std::ios::trunc) << std::string(5000, '\x5a');
  const auto garbage = run();
  EXPECT_EQ(garbage.exit_code, 0) << garbage.output;
  EXPECT_TRUE(fs::exists(state + "/seneschal-damaged-2.sqlite"));
}

TEST(DaemonCliTest, ForeignSqliteFileIsRefusedNotMovedAside) {
  seneschal::test::TempDir dir;
  fs::create_directories(dir.file("state"));
  const std::string log = dir.file("state") + "/seneschal.sqlite";
  ASSERT_EQ(run_command("sqlite3 '" + log + "' 'CREATE TABLE photos(id INTEGER);'").exit_code, 0);
  const auto daemon = run_command("'" SENESCHALD_PATH "' --headless --buttons none --state-dir '" + dir.file("state") + "'");
  EXPECT_EQ(daemon.exit_code, 1) << daemon.output;
  EXPECT_NE(daemon.output.find("not a Seneschal event log"), std::string::npos) << daemon.output;
  EXPECT_TRUE(fs::exists(log));
}

TEST(DaemonCliTest, BadSizeIsAUsageError) {
  const auto daemon = run_command("'" SENESCHALD_PATH "' --headless --size huge");
  EXPECT_EQ(daemon.exit_code, 64) << daemon.output;
  EXPECT_NE(daemon.output.find("--size: expected WIDTHxHEIGHT"), std::string::npos) << daemon.output;
  EXPECT_NE(daemon.output.find("not \"huge\""), std::string::npos) << daemon.output;
}

TEST(DaemonCliTest, ReplayPrintsOneJsonLinePerFrame) {
  const auto replay = run_command("'" SENESCHAL_CLI_PATH "' replay '" SENESCHAL_BUNDLED_RECORDING "' --json");
  EXPECT_EQ(replay.exit_code, 0) << replay.output;
  int lines = 0;
  for (char c : replay.output) lines += c == '\n';
  int frames = 0;
  for (const auto& entry : fs::directory_iterator(SENESCHAL_BUNDLED_RECORDING)) {
    frames += entry.path().extension() == ".jpg";
  }
  EXPECT_EQ(lines, frames);
  EXPECT_NE(replay.output.find("\"payload\":\"S1:R9E:HEKTOR:1\""), std::string::npos) << replay.output;
}

}  // namespace
