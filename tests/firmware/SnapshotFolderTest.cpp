// The snapshot folder's names and bounds (firmware/base/snapshot_folder.hpp), on files made here.

#include "seneschal/firmware/base/snapshot_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/TempDir.hpp"
#include "seneschal/firmware/config/config.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

void write_bytes(const fs::path& path, std::size_t bytes, fs::file_time_type when) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << std::string(bytes, 'x');
  fs::last_write_time(path, when);
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  if (!fs::exists(dir)) return names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(SnapshotFolderTest, NamePartsAreShortSafeAndDistinct) {
  EXPECT_EQ(snapshot_name_part("S1:R9E:HEKTOR:1"), "S1_R9E_HEKTOR_1");
  EXPECT_EQ(snapshot_name_part("Jack Newcomer"), "Jack_Newcomer");
  EXPECT_EQ(snapshot_name_part("a/../b\n\xff"), "a____b__");
  const std::string long_a = "S1:" + std::string(300, 'A');
  const std::string long_b = "S1:" + std::string(299, 'A') + "B";
  const std::string a = snapshot_name_part(long_a);
  const std::string b = snapshot_name_part(long_b);
  EXPECT_EQ(a.size(), 60u);
  EXPECT_EQ(b.size(), 60u);
  EXPECT_NE(a, b) << "cut names keep a hash of the whole text";
  EXPECT_EQ(a, snapshot_name_part(long_a)) << "the same text, the same name";
  EXPECT_EQ(a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), std::string::npos);
  EXPECT_EQ(snapshot_name_part(long_a, 40).size(), 40u);
}

TEST(SnapshotFolderTest, ANewRunMovesTheLastRunAsideAndLeavesOtherFiles) {
  test::TempDir dir;
  const auto t0 = fs::file_time_type::clock::now() - 1h;
  write_bytes(dir.path() / "0000-start.png", 10, t0);
  write_bytes(dir.path() / "0001-frame-0002-Hektor.png", 10, t0 + 1s);
  write_bytes(dir.path() / "9999-final.png", 10, t0 + 2s);
  write_bytes(dir.path() / "holiday.png", 10, t0);  // not a snapshot's name: never moved or removed
  write_bytes(dir.path() / "notes.txt", 10, t0);

  start_snapshot_run(dir.path().string(), {});
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"holiday.png", "notes.txt", "runs"}));
  const auto runs = names_in(dir.path() / "runs");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].rfind("run-", 0), 0u) << runs[0];
  EXPECT_EQ(names_in(dir.path() / "runs" / runs[0]),
            (std::vector<std::string>{"0000-start.png", "0001-frame-0002-Hektor.png", "9999-final.png"}));

  // A start with nothing at the top moves nothing and makes no folder.
  start_snapshot_run(dir.path().string(), {});
  EXPECT_EQ(names_in(dir.path() / "runs").size(), 1u);
}

TEST(SnapshotFolderTest, RunsBeyondTheLimitGoOldestFirst) {
  test::TempDir dir;
  const auto t0 = fs::file_time_type::clock::now() - 10h;
  for (int run = 0; run < 4; ++run) {
    write_bytes(dir.path() / "0000-start.png", 10, t0 + std::chrono::hours(run));
    start_snapshot_run(dir.path().string(), {10, 1 << 20});
  }
  const auto four = names_in(dir.path() / "runs");
  ASSERT_EQ(four.size(), 4u);
  write_bytes(dir.path() / "0000-start.png", 10, t0 + 5h);  // the current run
  prune_snapshots(dir.path().string(), {3, 1 << 20});
  // Three runs in all: the current one and the two newest before it.
  EXPECT_EQ(names_in(dir.path() / "runs"), (std::vector<std::string>{four[2], four[3]}));
  EXPECT_TRUE(fs::exists(dir.path() / "0000-start.png"));
}

TEST(SnapshotFolderTest, TheSizeLimitTakesOldRunsThenOldSnapshotsButNeverTheNewest) {
  test::TempDir dir;
  const auto t0 = fs::file_time_type::clock::now() - 10h;
  write_bytes(dir.path() / "runs" / "run-20240101-000000-000" / "0000-start.png", 1000, t0);
  write_bytes(dir.path() / "runs" / "run-20240102-000000-000" / "0000-start.png", 1000, t0 + 1h);
  for (int i = 0; i < 5; ++i) {
    write_bytes(dir.path() / ("000" + std::to_string(i) + "-shot.png"), 1000, t0 + 2h + std::chrono::minutes(i));
  }
  EXPECT_EQ(prune_snapshots(dir.path().string(), {5, 6000}), 6000u);
  EXPECT_EQ(names_in(dir.path() / "runs"), (std::vector<std::string>{"run-20240102-000000-000"}));

  EXPECT_EQ(prune_snapshots(dir.path().string(), {5, 3500}), 3000u);
  EXPECT_TRUE(names_in(dir.path() / "runs").empty());
  EXPECT_EQ(names_in(dir.path()),
            (std::vector<std::string>{"0002-shot.png", "0003-shot.png", "0004-shot.png", "runs"}));

  EXPECT_EQ(prune_snapshots(dir.path().string(), {5, 10}), 1000u);
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"0004-shot.png", "runs"}));
}

TEST(SnapshotFolderTest, TheBoundsAreConfigKeys) {
  auto config = parse_config("[display]\nsnapshot_keep_runs = 3\nsnapshot_keep_mb = 50\n", "s.toml");
  ASSERT_TRUE(config.has_value()) << config.error().message;
  DaemonOptions options;
  EXPECT_EQ(options.snapshot_keep_runs, 5);
  EXPECT_EQ(options.snapshot_keep_mb, 200);
  ASSERT_TRUE(apply_config(*config, options).has_value());
  EXPECT_EQ(options.snapshot_keep_runs, 3);
  EXPECT_EQ(options.snapshot_keep_mb, 50);
  auto none = parse_config("[display]\nsnapshot_keep_mb = 0\n", "s.toml");
  ASSERT_FALSE(none.has_value());
  EXPECT_EQ(none.error().message, "s.toml:2: display.snapshot_keep_mb = 0: expected megabytes of snapshots kept, 1-1000000");
}

}  // namespace
}  // namespace seneschal::firmware
