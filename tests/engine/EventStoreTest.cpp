#include "seneschal/engine/event_store.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fstream>

#include "common/TempDir.hpp"

namespace seneschal::engine {
namespace {

std::vector<Event> two_events() {
  std::vector<Event> events(2);
  events[0].type = "first";
  events[0].data = {{"n", 1}};
  events[0].at_ms = 1000;
  events[1].type = "second";
  events[1].data = {{"n", 2}, {"name", "Hammerdoom's Roost"}};
  events[1].at_ms = 1000;
  return events;
}

TEST(EventStoreTest, AppendedEventsSurviveCloseAndReopen) {
  test::TempDir dir;
  const std::string path = dir.file("log.sqlite");
  {
    auto store = EventStore::open(path);
    ASSERT_TRUE(store.has_value()) << store.error().message;
    auto events = two_events();
    ASSERT_TRUE(store->append(events).has_value());
    EXPECT_EQ(events[0].seq, 1);
    EXPECT_EQ(events[1].seq, 2);
    EXPECT_EQ(events[1].group, 1);  // one command, one group
  }
  auto reopened = EventStore::open(path);
  ASSERT_TRUE(reopened.has_value()) << reopened.error().message;
  auto loaded = reopened->load_all();
  ASSERT_TRUE(loaded.has_value());
  ASSERT_EQ(loaded->size(), 2u);
  EXPECT_EQ((*loaded)[1].type, "second");
  EXPECT_EQ((*loaded)[1].data.at("name"), "Hammerdoom's Roost");
  EXPECT_EQ((*loaded)[1].at_ms, 1000);

  std::vector<Event> more(1);
  more[0].type = "third";
  ASSERT_TRUE(reopened->append(more).has_value());
  EXPECT_EQ(more[0].seq, 3);  // numbering carries on after a restart
  EXPECT_EQ(more[0].group, 3);
}

TEST(EventStoreTest, LogIsInWalModeWithFullSync) {
  test::TempDir dir;
  const std::string path = dir.file("log.sqlite");
  auto store = EventStore::open(path);
  ASSERT_TRUE(store.has_value());
  auto events = two_events();
  ASSERT_TRUE(store->append(events).has_value());

  // A second, independent connection sees the committed rows and the journal mode on disk.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &stmt, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)), "wal");
  sqlite3_finalize(stmt);
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT count(*) FROM events", -1, &stmt, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(stmt, 0), 2);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
}

TEST(EventStoreTest, GarbageFileIsRefusedByName) {
  test::TempDir dir;
  const std::string path = dir.file("garbage.sqlite");
  std::ofstream(path) << std::string(8192, 'x');
  auto store = EventStore::open(path);
  ASSERT_FALSE(store.has_value());
  EXPECT_NE(store.error().message.find(path), std::string::npos) << store.error().message;
  // And the file is left as it was, for a person to look at.
  EXPECT_EQ(std::filesystem::file_size(path), 8192u);
}

TEST(EventStoreTest, ForeignSqliteDatabaseIsRefused) {
  test::TempDir dir;
  const std::string path = dir.file("other.sqlite");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE recipes(name TEXT)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  auto store = EventStore::open(path);
  ASSERT_FALSE(store.has_value());
  EXPECT_NE(store.error().message.find("not a Seneschal event log"), std::string::npos) << store.error().message;
}

TEST(EventStoreTest, TruncatedLogIsDetectedAtOpen) {
  test::TempDir dir;
  const std::string path = dir.file("log.sqlite");
  {
    auto store = EventStore::open(path);
    ASSERT_TRUE(store.has_value());
    for (int i = 0; i < 200; ++i) {
      std::vector<Event> events(1);
      events[0].type = "filler";
      events[0].data = {{"text", std::string(200, 'a' + i % 26)}};
      ASSERT_TRUE(store->append(events).has_value());
    }
  }  // closing checkpoints the WAL into the main file
  std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
  auto store = EventStore::open(path);
  ASSERT_FALSE(store.has_value());
  EXPECT_NE(store.error().message.find(path), std::string::npos) << store.error().message;
}

}  // namespace
}  // namespace seneschal::engine
