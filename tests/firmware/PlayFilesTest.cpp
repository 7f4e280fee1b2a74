// What `seneschal play` reads and leaves on disk: a table's answers file laid over the card data; its
// temporary log goes with it even when it is stopped
// by SIGINT or SIGTERM, and --state-out is replaced whole or not at all.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace {

namespace fs = std::filesystem;
using seneschal::test::run_command;
using namespace std::chrono_literals;

// A script of many moves (each one a synced write), long enough to be stopped half-way.
void write_long_script(const std::string& path, int rounds) {
  std::ofstream script(path);
  script << "game r9e\nseat Mark\nseat Shawn\nscan-card \"Kingdom of Holden\"\n";
  for (int i = 0; i < rounds; ++i) script << "press UNDO\npress REDO\n";
}

bool play_folder_left(const std::string& tmp) {
  for (const auto& entry : fs::directory_iterator(tmp)) {
    if (entry.path().filename().string().rfind("seneschal-play-", 0) == 0) return true;
  }
  return false;
}

class PlayFilesTest : public ::testing::TestWithParam<int> {};

TEST_P(PlayFilesTest, TemporaryLogGoesWhenPlayIsStopped) {
  seneschal::test::TempDir dir;
  const std::string tmp = dir.file("tmp");
  fs::create_directories(tmp);
  const std::string script = dir.file("long.r9e");
  write_long_script(script, 20000);
  const pid_t play = ::fork();
  ASSERT_GE(play, 0);
  if (play == 0) {
    ::setenv("TMPDIR", tmp.c_str(), 1);
    std::freopen("/dev/null", "w", stdout);
    ::execl(SENESCHAL_CLI_PATH, SENESCHAL_CLI_PATH, "play", "--script", script.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  for (int i = 0; i < 200 && !play_folder_left(tmp); ++i) std::this_thread::sleep_for(20ms);
  ASSERT_TRUE(play_folder_left(tmp)) << "play never made its folder";
  std::this_thread::sleep_for(300ms);  // moves are being written
  ::kill(play, GetParam());
  int status = 0;
  ::waitpid(play, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == GetParam()) << "status " << status;
  EXPECT_FALSE(play_folder_left(tmp)) << "the temporary log outlived play";
}

INSTANTIATE_TEST_SUITE_P(Signals, PlayFilesTest, ::testing::Values(SIGINT, SIGTERM),
                         [](const ::testing::TestParamInfo<int>& signal) {
                           return std::string(signal.param == SIGINT ? "Sigint" : "Sigterm");
                         });

TEST(PlayStateOutTest, StateOutIsReplacedWholeOrNotAtAll) {
  if (::geteuid() != 0 || run_command("unshare -m true").exit_code != 0) {
    GTEST_SKIP() << "needs root and mount namespaces for a full tmpfs";
  }
  seneschal::test::TempDir dir;
  const std::string mount = dir.file("full");
  fs::create_directories(mount);
  const std::string script = dir.file("short.r9e");
  write_long_script(script, 1);
  // A state file from an earlier run, then a disk with no room for the new one.
  const auto played = run_command(
      "unshare -m sh -c \"mount -t tmpfs -o size=64k tmpfs '" + mount + "' && echo '{\\\"earlier\\\": true}' > '" +
      mount + "/state.json' && (dd if=/dev/zero of='" + mount + "/filler' bs=1k 2>/dev/null; true) && '" +
      SENESCHAL_CLI_PATH + "' play --script '" + script + "' --state-out '" + mount + "/state.json'; echo exit=\\$?; cat '" +
      mount + "/state.json'; ls '" + mount + "'\"");
  EXPECT_NE(played.output.find("exit=1\n"), std::string::npos) << played.output;
  EXPECT_NE(played.output.find("state.json: write error"), std::string::npos) << played.output;
  EXPECT_NE(played.output.find("{\"earlier\": true}"), std::string::npos) << "the earlier state was lost: "
                                                                           << played.output;
  EXPECT_EQ(played.output.find(".tmp-"), std::string::npos) << "a half-written file was left: " << played.output;
}

}  // namespace

// `play --answers FILE` lays a table's answers over the card data as the daemon does: a face the
// file has taught is not asked again (Nine's 7A here), a card it named can be scanned, and a file
// that cannot be read stops the run before it starts.
TEST(PlayAnswersTest, ATablesAnswersFileIsLaidOverTheCardData) {
  seneschal::test::TempDir dir;
  std::ofstream(dir.file("card-answers.json"))
      << R"({"schema": 1, "answers": {"nine": {"7A": {"top_resource": "Crew", "bottom_resource": "Ore",)"
      << R"( "left_structure": "Castle", "right_structure": "Farm"}}}})";
  std::ofstream(dir.file("target.nine")) << "game nine\nseat Solo\nscan-card \"7A\" 1 turned 0 zone target\n"
                                         << "expect \"target: Castle on card 7A\"\n";
  const std::string cli = "'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' play --script '" +
                          dir.file("target.nine") + "'";
  const auto taught = run_command(cli + " --answers '" + dir.file("card-answers.json") + "' 2>&1");
  EXPECT_EQ(taught.exit_code, 0) << taught.output;
  EXPECT_NE(taught.output.find("Game 1 target: Castle on card 7A"), std::string::npos) << taught.output;
  // Without the file the face is asked, so the expectation fails at its line.
  const auto untaught = run_command(cli + " 2>&1");
  EXPECT_EQ(untaught.exit_code, 65) << untaught.output;
  const auto missing = run_command(cli + " --answers '" + dir.file("none.json") + "' 2>&1");
  EXPECT_EQ(missing.exit_code, 65) << missing.output;
  EXPECT_NE(missing.output.find("none.json"), std::string::npos) << missing.output;
}
