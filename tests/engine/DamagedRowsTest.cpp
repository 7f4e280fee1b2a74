// Rows that hold valid JSON of the wrong shape (a hand edit, a bad SD card, another program) are
// named, "event 14 of <file>: <what is wrong>", and never abort the process: before, every read
// of stored JSON could throw out of the resume and systemd restarted into the same abort.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>

#include "TestCards.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::engine::test {
namespace {

struct Damage {
  const char* name;
  std::int64_t seq;  // which row; 0: the last (the undo)
  const char* data;  // what it now holds
  const char* says;  // a part of the message
};

class DamagedRowsTest : public ::testing::TestWithParam<Damage> {
 protected:
  DamagedRowsTest() { register_builtin_modules(registry_); }

  Result<Session> open() {
    auto store = EventStore::open(path_);
    if (!store) return fail(store.error().message);
    return Session::resume(std::move(store).value(), registry_, r9e_library());
  }

  void overwrite(std::int64_t seq, const std::string& data) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    sqlite3_stmt* update = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "UPDATE events SET data = ? WHERE seq = ?", -1, &update, nullptr), SQLITE_OK);
    sqlite3_bind_text(update, 1, data.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(update, 2, seq);
    EXPECT_EQ(sqlite3_step(update), SQLITE_DONE);
    sqlite3_finalize(update);
    sqlite3_close(db);
  }

  seneschal::test::TempDir dir_;
  const std::string path_ = dir_.file("seneschal.sqlite");
  ModuleRegistry registry_;
};

TEST_P(DamagedRowsTest, IsNamedByEventAndFileNeverAnAbort) {
  std::int64_t seq = GetParam().seq;
  {
    auto session = open();
    ASSERT_TRUE(session.has_value()) << session.error().message;
    quick_setup(*session, {"Mark", "Shawn"});
    ASSERT_TRUE(session->apply(Pass{}, 2).has_value());
    ASSERT_TRUE(session->apply(Undo{}, 3).has_value());
    if (seq == 0) seq = session->events().back().seq;
  }
  overwrite(seq, GetParam().data);
  auto resumed = open();
  ASSERT_FALSE(resumed.has_value()) << "a damaged row replayed silently";
  const std::string& message = resumed.error().message;
  EXPECT_NE(message.find("event " + std::to_string(seq) + " of " + path_), std::string::npos) << message;
  EXPECT_NE(message.find(GetParam().says), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(
    WrongShapes, DamagedRowsTest,
    ::testing::Values(Damage{"EmptyObjectForAMove", 2, "{}", "without its command"},
                      Damage{"NullForAMove", 2, "null", "null, not an object"},
                      Damage{"ArrayForTheStart", 1, "[1,2,3]", "array, not an object"},
                      Damage{"NumberForTheGame", 1, R"({"game": 5, "seats": ["Mark", "Shawn"]})", "must be string"},
                      Damage{"NumbersForTheSeats", 1, R"({"game": "r9e", "seats": [1, 2]})", "must be string"},
                      Damage{"NoSeats", 1, R"({"game": "r9e"})", "seats"},
                      Damage{"CommandOfTheWrongShape", 2, R"({"command": 7, "outcome": "done"})", "command"},
                      Damage{"TextForALearnedNumber", 2,
                             R"({"command": {"type": "ok"}, "outcome": "done", "learned": {"card": "X", "stat": "s", "value": "three"}})",
                             "must be number"},
                      Damage{"TextForTheUndoneGroup", 0, R"({"group": "the last", "text": "Pass"})", "must be number"}),
    [](const ::testing::TestParamInfo<Damage>& damage) { return std::string(damage.param.name); });

}  // namespace
}  // namespace seneschal::engine::test
