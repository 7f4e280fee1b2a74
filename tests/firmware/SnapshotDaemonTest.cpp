// Snapshots never stop seneschald: a code too long for a file name, a folder that cannot be
// written, and a folder kept within its bounds across runs. The real daemon, headless.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "firmware/QrFrames.hpp"

namespace {

namespace fs = std::filesystem;
using seneschal::test::run_command;

std::string daemon(const std::string& source, const std::string& state, const std::string& shots,
                   const std::string& more = "") {
  return "'" SENESCHALD_PATH "' --headless --buttons none --source '" + source + "' --state-dir '" + state +
         "' --snapshot-dir '" + shots + "'" + more;
}

// "stopped: 40 frames, 23 moves accepted, ...": the moves the run put in the event log.
int accepted(const std::string& output) {
  std::smatch match;
  if (!std::regex_search(output, match, std::regex(R"(stopped: \d+ frames, (\d+) moves accepted)"))) return -1;
  return std::stoi(match[1]);
}

std::vector<std::string> pngs_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".png") names.push_back(entry.path().filename().string());
  }
  return names;
}

TEST(SnapshotDaemonTest, AVeryLongPayloadGetsAShortSnapshotNameAndTheDaemonGoesOn) {
  seneschal::test::TempDir dir;
  // 300 characters: the file name once made from it was over 255 bytes, and every start stopped.
  std::string payload = "S1:";
  while (payload.size() < 300) payload += "LONG-CODE-";
  payload.resize(300);
  seneschal::test::write_qr_frames(dir.path() / "frames", payload);
  for (int start = 1; start <= 2; ++start) {
    SCOPED_TRACE("start " + std::to_string(start));
    const auto run = run_command(daemon(dir.file("frames"), dir.file("state"), dir.file("shots")));
    EXPECT_EQ(run.exit_code, 0) << run.output;
    EXPECT_NE(run.output.find("S1:LONG-CODE-"), std::string::npos) << "the code is refused and said" << run.output;
    std::string scanned;
    for (const std::string& name : pngs_in(dir.file("shots"))) {
      if (name.find("LONG-CODE") != std::string::npos) scanned = name;
    }
    ASSERT_FALSE(scanned.empty()) << run.output;
    EXPECT_LE(scanned.size(), 120u) << scanned;
    const std::regex cut_with_hash(R"(\d{4}-frame-\d{4}-S1_LONG-CODE-[A-Za-z0-9_-]*-[0-9a-f]{8}\.png)");
    EXPECT_TRUE(std::regex_match(scanned, cut_with_hash)) << scanned;
    EXPECT_GT(fs::file_size(dir.file("shots") + "/" + scanned), 0u);
  }
}

TEST(SnapshotDaemonTest, AnUnwritableSnapshotFolderIsAWarningAndTheMovesAreKept) {
  seneschal::test::TempDir dir;
  // A folder under a regular file cannot be made, not even by root (chmod would not stop root).
  std::ofstream(dir.file("not-a-folder")) << "a file\n";
  const auto under_file =
      run_command(daemon(SENESCHAL_BUNDLED_RECORDING, dir.file("state"), dir.file("not-a-folder") + "/shots"));
  EXPECT_EQ(under_file.exit_code, 0) << under_file.output;
  EXPECT_NE(under_file.output.find("warning: " + dir.file("not-a-folder") + "/shots: cannot create the snapshot folder"),
            std::string::npos)
      << under_file.output;
  EXPECT_NE(under_file.output.find("warning: snapshot not written: "), std::string::npos) << under_file.output;
  // Each accepted move was appended to the event log before its picture failed.
  EXPECT_GE(accepted(under_file.output), 5) << under_file.output;
  EXPECT_TRUE(fs::exists(dir.file("state") + "/seneschal.sqlite"));
  EXPECT_NE(under_file.output.find("snapshots ("), std::string::npos) << "the end says how many were not written";

  // A folder that is there but takes no new files (proc, read-only for root too): each picture
  // fails as it is written, after its move was committed, and play goes on to the end.
  const auto no_files = run_command(daemon(SENESCHAL_BUNDLED_RECORDING, dir.file("state2"), "/proc/self/fdinfo"));
  EXPECT_EQ(no_files.exit_code, 0) << no_files.output;
  EXPECT_NE(no_files.output.find("warning: snapshot not written: "), std::string::npos) << no_files.output;
  EXPECT_EQ(accepted(no_files.output), accepted(under_file.output)) << no_files.output;
  EXPECT_TRUE(fs::exists(dir.file("state2") + "/seneschal.sqlite"));
}

TEST(SnapshotDaemonTest, OldRunsArePrunedToTheLimit) {
  seneschal::test::TempDir dir;
  seneschal::test::write_qr_frames(dir.path() / "frames", "S1:CTL:PASS");
  fs::create_directories(dir.file("shots"));
  std::ofstream(dir.file("shots") + "/holiday.png") << "not ours";
  for (int start = 1; start <= 3; ++start) {
    const auto run = run_command(daemon(dir.file("frames"), dir.file("state"), dir.file("shots"),
                                        " --snapshot-keep-runs 2 --snapshot-keep-mb 50"));
    ASSERT_EQ(run.exit_code, 0) << run.output;
  }
  // The third run at the top, the second in runs/, the first gone; other files stay.
  EXPECT_TRUE(fs::exists(dir.file("shots") + "/0000-start.png"));
  EXPECT_TRUE(fs::exists(dir.file("shots") + "/9999-final.png"));
  EXPECT_TRUE(fs::exists(dir.file("shots") + "/holiday.png"));
  std::vector<fs::path> runs;
  for (const auto& entry : fs::directory_iterator(dir.file("shots") + "/runs")) runs.push_back(entry.path());
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(fs::exists(runs[0] / "9999-final.png"));

  // The same from the config file, and a limit of 1 MB holds the folder under it.
  std::ofstream(dir.file("seneschal.toml")) << "[display]\nsnapshot_keep_runs = 1\nsnapshot_keep_mb = 1\n";
  const auto run = run_command(daemon(dir.file("frames"), dir.file("state"), dir.file("shots"),
                                      " --config '" + dir.file("seneschal.toml") + "'"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_FALSE(fs::exists(runs[0])) << run.output;
  std::uintmax_t bytes = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir.file("shots"))) {
    if (entry.is_regular_file()) bytes += entry.file_size();
  }
  EXPECT_LE(bytes, 1024u * 1024u);
}

}  // namespace
