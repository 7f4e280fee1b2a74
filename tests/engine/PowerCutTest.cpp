// A power cut leaves the database file and its write-ahead log as they were on disk. The log is
// checkpointed after every move, so the -wal file holds at most the move being written; a -wal
// found at open is copied aside first, and writes it held that SQLite could not replay (a
// damaged header or frame) are reported, the copy kept.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/TempDir.hpp"
#include "seneschal/engine/event_store.hpp"

namespace seneschal::engine {
namespace {

namespace fs = std::filesystem;

void append_moves(EventStore& store, int count) {
  for (int i = 0; i < count; ++i) {
    std::vector<Event> move(1);
    move[0].type = "move";
    move[0].data = {{"n", i}};
    ASSERT_TRUE(store.append(move).has_value());
  }
}

// What a power cut leaves: the files as they are while the writer still runs.
void copy_as_on_disk(const std::string& from, const std::string& to) {
  for (const char* suffix : {"", "-wal"}) {
    if (fs::exists(from + suffix)) fs::copy_file(from + suffix, to + suffix, fs::copy_options::overwrite_existing);
  }
}

void scribble(const std::string& path, std::uintmax_t at, std::size_t bytes) {
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp(static_cast<std::streamoff>(at));
  const std::string garbage(bytes, '\x5a');
  file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
}

std::size_t events_in(const std::string& path) {
  auto store = EventStore::open(path);
  EXPECT_TRUE(store.has_value()) << store.error().message;
  auto events = store->load_all();
  EXPECT_TRUE(events.has_value());
  return events ? events->size() : 0;
}

TEST(PowerCutTest, WriteAheadLogIsEmptyOnceAMoveIsWritten) {
  test::TempDir dir;
  const std::string path = dir.file("seneschal.sqlite");
  auto store = EventStore::open(path);
  ASSERT_TRUE(store.has_value());
  append_moves(*store, 18);
  EXPECT_EQ(fs::exists(path + "-wal") ? fs::file_size(path + "-wal") : 0u, 0u);
}

TEST(PowerCutTest, GarbageInTheWalHeaderLosesNoMove) {
  test::TempDir dir;
  const std::string path = dir.file("seneschal.sqlite");
  const std::string image = dir.file("after-the-cut.sqlite");
  auto store = EventStore::open(path);
  ASSERT_TRUE(store.has_value());
  append_moves(*store, 18);
  copy_as_on_disk(path, image);
  scribble(image + "-wal", 0, 32);  // the header, as a torn write leaves it
  EXPECT_EQ(events_in(image), 18u);
}

// Writes three moves the way an older build did (no checkpoint) and leaves them in the WAL, as
// on disk when the power went.
class UncheckpointedWal : public ::testing::Test {
 protected:
  void SetUp() override {
    {
      auto store = EventStore::open(path_);
      ASSERT_TRUE(store.has_value());
      append_moves(*store, 5);
    }
    ASSERT_EQ(sqlite3_open(path_.c_str(), &writer_), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(writer_, "PRAGMA wal_autocheckpoint=0", nullptr, nullptr, nullptr), SQLITE_OK);
    for (int seq = 6; seq <= 8; ++seq) {
      const std::string insert = "INSERT INTO events VALUES(" + std::to_string(seq) + ", " + std::to_string(seq) +
                                 ", 'move', '{\"n\": " + std::to_string(seq) + "}', 0)";
      ASSERT_EQ(sqlite3_exec(writer_, insert.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    }
    copy_as_on_disk(path_, image_);
    ASSERT_GT(fs::file_size(image_ + "-wal"), 0u);
  }
  void TearDown() override { sqlite3_close(writer_); }

  test::TempDir dir_;
  const std::string path_ = dir_.file("seneschal.sqlite");
  const std::string image_ = dir_.file("after-the-cut.sqlite");
  sqlite3* writer_ = nullptr;
};

TEST_F(UncheckpointedWal, IntactWalComesBackWholeAndItsCopyGoes) {
  auto store = EventStore::open(image_);
  ASSERT_TRUE(store.has_value()) << store.error().message;
  EXPECT_EQ(store->load_all()->size(), 8u);
  EXPECT_TRUE(store->notes().empty()) << store->notes().front();
  EXPECT_FALSE(fs::exists(image_ + "-wal.kept-1"));
}

TEST_F(UncheckpointedWal, DamagedHeaderIsReportedAndTheWalKeptAside) {
  scribble(image_ + "-wal", 0, 32);
  auto store = EventStore::open(image_);
  ASSERT_TRUE(store.has_value()) << store.error().message;
  EXPECT_EQ(store->load_all()->size(), 5u);
  ASSERT_EQ(store->notes().size(), 1u);
  EXPECT_NE(store->notes()[0].find("held 3 writes; 3 of them did not come back"), std::string::npos)
      << store->notes()[0];
  EXPECT_TRUE(fs::exists(image_ + "-wal.kept-1"));
}

TEST_F(UncheckpointedWal, DamagedFrameMidFileReportsTheWritesAfterIt) {
  // 64 bytes inside the second write's frames: the first write comes back, the rest do not.
  const std::uintmax_t size = fs::file_size(image_ + "-wal");
  scribble(image_ + "-wal", size / 2, 64);
  auto store = EventStore::open(image_);
  ASSERT_TRUE(store.has_value()) << store.error().message;
  const std::size_t back = store->load_all()->size();
  EXPECT_LT(back, 8u);
  ASSERT_EQ(store->notes().size(), 1u);
  EXPECT_NE(store->notes()[0].find(std::to_string(8 - back) + " of them did not come back"), std::string::npos)
      << store->notes()[0];
}

}  // namespace
}  // namespace seneschal::engine
