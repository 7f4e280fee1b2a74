// The state folder as a hostile table leaves it: a second daemon on it, a read-only or full file
// system, a log with a damaged row or a symlink to nowhere. Each is said at start in the table's
// words, with its own exit code, or the log is set aside and a new game starts; nothing aborts.
// The read-only and full file systems are real tmpfs mounts in a private mount namespace
// (unshare -m), so the tests need root; without it they say so and skip.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace {

namespace fs = std::filesystem;
using seneschal::test::run_command;
using namespace std::chrono_literals;

std::string daemon_on(const std::string& state) {
  return "'" SENESCHALD_PATH "' --headless --buttons none --source '" SENESCHAL_BUNDLED_RECORDING
         "' --state-dir '" + state + "'";
}

bool can_mount() { return ::geteuid() == 0 && run_command("unshare -m true").exit_code == 0; }

TEST(StateFolderTest, SecondDaemonExitsNamingTheFirstsPid) {
  seneschal::test::TempDir dir;
  const std::string state = dir.file("state");
  // The first daemon waits on a camera that is not there: it runs until stopped.
  const pid_t first = ::fork();
  ASSERT_GE(first, 0);
  if (first == 0) {
    const std::string out = dir.file("first.log");
    std::freopen(out.c_str(), "w", stderr);
    ::execl(SENESCHALD_PATH, SENESCHALD_PATH, "--headless", "--buttons", "none", "--source", "/dev/video63",
            "--state-dir", state.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::string holder;
  for (int i = 0; i < 200 && holder.empty(); ++i) {
    std::this_thread::sleep_for(50ms);
    std::ifstream(state + "/seneschald.lock") >> holder;
  }
  ASSERT_EQ(holder, std::to_string(first)) << "the first daemon never took the folder";

  const auto second = run_command(daemon_on(state));
  EXPECT_EQ(second.exit_code, 75) << second.output;
  EXPECT_NE(second.output.find("another seneschald (PID " + std::to_string(first) + ")"), std::string::npos)
      << second.output;
  EXPECT_EQ(second.output.find("UNIQUE constraint"), std::string::npos) << second.output;

  ::kill(first, SIGTERM);
  int status = 0;
  ::waitpid(first, &status, 0);
  EXPECT_FALSE(fs::exists(state + "/seneschald.lock")) << "a daemon that ends leaves no lock file behind";
  // The lock goes with its holder: the folder is free again.
  const auto third = run_command(daemon_on(state));
  EXPECT_EQ(third.exit_code, 0) << third.output;
}

TEST(StateFolderTest, ReadOnlyFileSystemIsSaidAtStart) {
  if (!can_mount()) GTEST_SKIP() << "needs root and mount namespaces for a read-only tmpfs";
  seneschal::test::TempDir dir;
  const std::string mount = dir.file("ro");
  fs::create_directories(mount);
  const auto daemon = run_command("unshare -m sh -c \"mount -t tmpfs -o ro tmpfs '" + mount + "' && " +
                                  daemon_on(mount + "/state") + "\"");
  EXPECT_EQ(daemon.exit_code, 73) << daemon.output;
  EXPECT_NE(daemon.output.find("the state folder " + mount + "/state is read-only"), std::string::npos)
      << daemon.output;
}

TEST(StateFolderTest, ReadOnlyLogIsSaidAtStart) {
  if (!can_mount()) GTEST_SKIP() << "needs root and mount namespaces for a read-only tmpfs";
  seneschal::test::TempDir dir;
  const std::string state = dir.file("state");
  ASSERT_EQ(run_command(daemon_on(state)).exit_code, 0);
  // The folder stays writable; the log alone is on a read-only bind mount.
  const std::string log = state + "/seneschal.sqlite";
  const auto daemon = run_command("unshare -m sh -c \"mount --bind '" + log + "' '" + log + "' && mount -o remount,ro,bind '" +
                                  log + "' && " + daemon_on(state) + "\"");
  EXPECT_EQ(daemon.exit_code, 73) << daemon.output;
  EXPECT_NE(daemon.output.find("the event log " + log + " is read-only"), std::string::npos) << daemon.output;
  EXPECT_EQ(daemon.output.find("resumed"), std::string::npos) << "said before any move is refused";
}

TEST(StateFolderTest, FullDiskIsSaidAtStart) {
  if (!can_mount()) GTEST_SKIP() << "needs root and mount namespaces for a small tmpfs";
  seneschal::test::TempDir dir;
  const std::string mount = dir.file("full");
  fs::create_directories(mount);
  const auto daemon = run_command("unshare -m sh -c \"mount -t tmpfs -o size=256k tmpfs '" + mount + "' && mkdir '" +
                                  mount + "/state' && (dd if=/dev/zero of='" + mount +
                                  "/filler' bs=4k 2>/dev/null; true) && " + daemon_on(mount + "/state") + "\"");
  EXPECT_EQ(daemon.exit_code, 73) << daemon.output;
  EXPECT_NE(daemon.output.find("no space left on " + mount + "/state"), std::string::npos) << daemon.output;
  EXPECT_EQ(daemon.output.find("not a readable SQLite database"), std::string::npos) << daemon.output;
}

TEST(StateFolderTest, DanglingSymlinkAsTheLogIsRefused) {
  seneschal::test::TempDir dir;
  const std::string state = dir.file("state");
  fs::create_directories(state);
  fs::create_symlink(dir.file("elsewhere/seneschal.sqlite"), state + "/seneschal.sqlite");
  const auto daemon = run_command(daemon_on(state));
  EXPECT_EQ(daemon.exit_code, 73) << daemon.output;
  EXPECT_NE(daemon.output.find("is a symbolic link to nothing"), std::string::npos) << daemon.output;
  EXPECT_FALSE(fs::exists(dir.file("elsewhere"))) << "the log was written outside the state folder";
}

TEST(StateFolderTest, DamagedRowIsSetAsideAndANewGameStarts) {
  seneschal::test::TempDir dir;
  const std::string state = dir.file("state");
  ASSERT_EQ(run_command(daemon_on(state)).exit_code, 0);
  const std::string log = state + "/seneschal.sqlite";
  ASSERT_EQ(run_command("sqlite3 '" + log + "' \"UPDATE events SET data = 'null' WHERE seq = 2\"").exit_code, 0);

  const auto exported = run_command("'" SENESCHAL_CLI_PATH "' export --db '" + log + "'");
  EXPECT_EQ(exported.exit_code, 65) << exported.output;  // before: SIGABRT at every start
  EXPECT_NE(exported.output.find("event 2 of " + log + ": its data is null, not an object"), std::string::npos)
      << exported.output;

  const auto again = run_command(daemon_on(state));
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("event 2 of " + log), std::string::npos) << again.output;
  EXPECT_NE(again.output.find("kept as " + state + "/seneschal-unreplayable-1.sqlite"), std::string::npos)
      << again.output;
  EXPECT_NE(again.output.find("new game of r9e"), std::string::npos) << again.output;
  EXPECT_TRUE(fs::exists(state + "/seneschal-unreplayable-1.sqlite"));
}

}  // namespace
