// Power cuts, as the software sees them: `seneschal play` is killed with SIGKILL at random
// points of a scripted game (the Example of Play), and every time the log it leaves must
//  - open (never damaged),
//  - hold every move whose log line reached the screen (stdout) before the kill,
//  - hold a prefix of the uninterrupted game's events, whole moves only, nothing twice,
//  - replay to the same state hash as a clean replay of that prefix of the uninterrupted log.

#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/firmware/base/assets.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

constexpr const char* kScript = SENESCHAL_TEST_DATA "/scripts/example-of-play.r9e";
constexpr int kKillsPerTest = 50;

// `seneschal play` on the script and a log file; stdout read line by line, as a screen would
// show them.
class Play {
 public:
  explicit Play(const std::string& db) {
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], 1);
      close(fds[0]);
      close(fds[1]);
      execl(SENESCHAL_CLI_PATH, SENESCHAL_CLI_PATH, "--assets", SENESCHAL_SOURCE_DIR "/assets", "play", "--script",
            kScript, "--db", db.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    out_ = fdopen(fds[0], "r");
  }
  ~Play() {
    kill_now();
    if (out_) std::fclose(out_);
  }
  // The next line it printed; false at the end of its output.
  bool line(std::string& text) {
    char buffer[1024];
    if (!out_ || !std::fgets(buffer, sizeof buffer, out_)) return false;
    text = buffer;
    if (!text.empty() && text.back() == '\n') text.pop_back();
    return true;
  }
  void kill_now() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  int wait_exit() {
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  std::FILE* out_ = nullptr;
};

// The suite's folder: the reference game is played once for all kills (TempDir is per test).
class SuiteDir {
 public:
  SuiteDir() : path_(fs::temp_directory_path() / ("seneschal-CrashKillTest-" + std::to_string(getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~SuiteDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

class CrashKillTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new SuiteDir();
    Play play(dir_->file("reference.sqlite"));
    std::string line;
    while (play.line(line)) ++reference_lines_;
    ASSERT_EQ(play.wait_exit(), 0) << "the uninterrupted game must run to its end";
    auto store = engine::EventStore::open(dir_->file("reference.sqlite"));
    ASSERT_TRUE(store.has_value());
    reference_ = new std::vector<engine::Event>(store->load_all().value());
  }
  static void TearDownTestSuite() {
    delete reference_;
    delete dir_;
  }

  static engine::CardLibrary cards() {
    auto library = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
    EXPECT_TRUE(library.has_value());
    return *library;
  }

  // The state the reference log's first `events` events replay to, from a copy cut there.
  static std::uint64_t clean_replay_hash(std::size_t events, const std::string& scratch) {
    fs::copy_file(dir_->file("reference.sqlite"), scratch, fs::copy_options::overwrite_existing);
    sqlite3* db = nullptr;
    sqlite3_open(scratch.c_str(), &db);
    const std::string cut = "DELETE FROM events WHERE seq > " + std::to_string(events);
    sqlite3_exec(db, cut.c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
    return replay_hash(scratch);
  }

  static std::uint64_t replay_hash(const std::string& path) {
    engine::ModuleRegistry registry;
    engine::register_builtin_modules(registry);
    auto store = engine::EventStore::open(path);
    EXPECT_TRUE(store.has_value()) << store.error().message;
    auto session = engine::Session::resume(std::move(store).value(), registry, cards());
    EXPECT_TRUE(session.has_value()) << session.error().message;
    return session ? engine::state_hash(session->state()) : 0;
  }

  // One kill at a random line of the game's output, a random moment after it; then the checks.
  void kill_and_check(std::mt19937& random, int kill) {
    const std::string db = dir_->file("killed-" + std::to_string(kill) + ".sqlite");
    std::vector<std::string> shown;
    {
      Play play(db);
      const int after_lines = std::uniform_int_distribution<int>(0, reference_lines_)(random);
      std::string line;
      while (static_cast<int>(shown.size()) < after_lines && play.line(line)) shown.push_back(line);
      std::this_thread::sleep_for(std::chrono::microseconds(std::uniform_int_distribution<int>(0, 3000)(random)));
      play.kill_now();
      // What was printed before the kill and is still in the pipe was on screen too.
      while (play.line(line)) shown.push_back(line);
    }
    ++kills_;
    if (!fs::exists(db)) return;  // killed before it created the log: nothing was shown
    auto store = engine::EventStore::open(db);
    ASSERT_TRUE(store.has_value()) << "kill " << kill << ": " << store.error().message;
    const std::vector<engine::Event> events = store->load_all().value();
    ASSERT_LE(events.size(), reference_->size()) << "kill " << kill;
    for (std::size_t i = 0; i < events.size(); ++i) {
      const engine::Event& a = events[i];
      const engine::Event& b = (*reference_)[i];
      ASSERT_TRUE(a.seq == b.seq && a.group == b.group && a.type == b.type && a.data == b.data)
          << "kill " << kill << ": event " << a.seq << " differs from the uninterrupted game's";
    }
    // Whole moves only: the next reference event starts a new move.
    if (events.size() < reference_->size()) {
      const engine::Event& next = (*reference_)[events.size()];
      ASSERT_EQ(next.seq, next.group) << "kill " << kill << ": a move was cut in half at event " << next.seq;
    }
    // Everything shown is in the log the device comes back with.
    engine::ModuleRegistry registry;
    engine::register_builtin_modules(registry);
    auto session = engine::Session::resume(std::move(store).value(), registry, cards());
    ASSERT_TRUE(session.has_value()) << session.error().message;
    std::vector<std::string> logged;
    for (const engine::LogEntry& entry : session->state().log) logged.push_back(entry.text);
    std::size_t at = 0;
    for (const std::string& line : shown) {
      while (at < logged.size() && logged[at] != line) ++at;
      ASSERT_LT(at, logged.size()) << "kill " << kill << ": \"" << line << "\" was shown but is not in the log";
      ++at;
    }
    EXPECT_EQ(engine::state_hash(session->state()), clean_replay_hash(events.size(), dir_->file("scratch.sqlite")))
        << "kill " << kill;
    if (!events.empty() && events.size() < reference_->size()) ++kills_mid_game_;
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db + suffix);
  }

  void run_kills(unsigned seed) {
    std::mt19937 random(seed);
    for (int i = 0; i < kKillsPerTest; ++i) {
      kill_and_check(random, static_cast<int>(seed) * 1000 + i);
      if (HasFatalFailure()) return;
    }
    std::printf("seed %u: %d kills, %d of them mid-game\n", seed, kills_, kills_mid_game_);
    // Kills that all land before the log exists or after the game's end would test nothing.
    EXPECT_GE(kills_mid_game_, kKillsPerTest / 2) << "too few kills fell inside the game";
  }

  static SuiteDir* dir_;
  static std::vector<engine::Event>* reference_;
  static int reference_lines_;
  int kills_ = 0;
  int kills_mid_game_ = 0;
};

SuiteDir* CrashKillTest::dir_ = nullptr;
std::vector<engine::Event>* CrashKillTest::reference_ = nullptr;
int CrashKillTest::reference_lines_ = 0;

// Four seeds of 50 kills: 200 kills a CI run.
TEST_F(CrashKillTest, KillsWithSeed1LoseNothingShown) { run_kills(1); }
TEST_F(CrashKillTest, KillsWithSeed2LoseNothingShown) { run_kills(2); }
TEST_F(CrashKillTest, KillsWithSeed3LoseNothingShown) { run_kills(3); }
TEST_F(CrashKillTest, KillsWithSeed4LoseNothingShown) { run_kills(4); }

}  // namespace
}  // namespace seneschal::firmware
