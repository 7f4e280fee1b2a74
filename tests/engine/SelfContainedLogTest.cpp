// The event log alone restores a game: a value the table answered (kept in card-answers.json and
// laid over the card data) travels in the event that used it, so a restart without that file,
// `seneschal export` and `seneschal play --db` replay the same game. An event that still cannot
// replay is an error naming the log and the event, never a log line under a rewound board.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>

#include "TestCards.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"

namespace seneschal::engine::test {
namespace {

// The test cards without Holden's renown, as a card file that lacks a printed value.
std::string cards_without_renown() {
  std::string text = kR9eCards;
  const std::string stated = R"("stats": {"renown": 5, "castle_points": 3, "gold_production": 3},
     "sourced": {"renown": "test", "castle_points": "test", "gold_production": "test"})";
  const std::string absent = R"("stats": {"castle_points": 3, "gold_production": 3},
     "sourced": {"castle_points": "test", "gold_production": "test"})";
  text.replace(text.find(stated), stated.size(), absent);
  return text;
}

CardLibrary library_of(const CardDatabase& cards) {
  CardLibrary library;
  library.emplace("r9e", std::make_shared<const CardDatabase>(cards));
  return library;
}

class SelfContainedLogTest : public ::testing::Test {
 protected:
  SelfContainedLogTest() {
    register_builtin_modules(registry_);
    bare_ = CardDatabase::parse_json(cards_without_renown(), "cards without renown").value();
    auto overlay = CardOverlay::parse_json(R"({"schema": 1, "answers": {"r9e": {"KINGDOM-OF-HOLDEN": {"renown": 5}}}})",
                                           "card-answers.json");
    std::vector<std::string> ignored;
    answered_ = overlay->apply(bare_, ignored);
  }

  Result<Session> open(const CardDatabase& cards) {
    auto store = EventStore::open(path_);
    if (!store) return fail(store.error().message);
    return Session::resume(std::move(store).value(), registry_, library_of(cards));
  }

  // A game whose setup read Holden's renown from the table's answers.
  std::string play_with_answers() {
    auto session = open(answered_);
    EXPECT_TRUE(session.has_value()) << session.error().message;
    quick_setup(*session, {"Mark", "Shawn"});
    EXPECT_TRUE(session->apply(Pass{}, 2).has_value());
    return to_json(session->state()).dump();
  }

  // What the log held before events carried their values: no "used", schema 1.
  void make_it_an_old_log() {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db,
                           "UPDATE events SET data = json_remove(data, '$.used');"
                           "UPDATE meta SET value = '1' WHERE key = 'schema';",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }

  seneschal::test::TempDir dir_;
  const std::string path_ = dir_.file("seneschal.sqlite");
  ModuleRegistry registry_;
  CardDatabase bare_;
  CardDatabase answered_;
};

TEST_F(SelfContainedLogTest, EventCarriesTheAnsweredValueItUsed) {
  play_with_answers();
  auto session = open(answered_);
  ASSERT_TRUE(session.has_value()) << session.error().message;
  int carrying = 0;
  for (const Event& event : session->events()) {
    if (event.data.contains("used")) {
      EXPECT_EQ(event.data["used"]["KINGDOM-OF-HOLDEN"]["renown"], 5) << event.data.dump();
      ++carrying;
    }
  }
  EXPECT_GT(carrying, 0) << "no event kept the renown the table answered";
}

TEST_F(SelfContainedLogTest, ResumesWithoutTheAnswersFileToTheSameState) {
  const std::string played = play_with_answers();
  auto resumed = open(bare_);  // card-answers.json lost: only the shipped data
  ASSERT_TRUE(resumed.has_value()) << resumed.error().message;
  EXPECT_EQ(to_json(resumed->state()).dump(), played);
  for (const LogEntry& entry : resumed->state().log) {
    EXPECT_EQ(entry.text.find("did not replay"), std::string::npos) << entry.text;
  }
}

TEST_F(SelfContainedLogTest, OldLogIsMigratedOnceWhileItsAnswersAreThere) {
  const std::string played = play_with_answers();
  make_it_an_old_log();
  {
    auto migrated = open(answered_);
    ASSERT_TRUE(migrated.has_value()) << migrated.error().message;
    EXPECT_EQ(migrated->store().schema(), EventStore::kSchema);
    EXPECT_EQ(to_json(migrated->state()).dump(), played);
  }
  auto later = open(bare_);  // the answers file gone after the migration
  ASSERT_TRUE(later.has_value()) << later.error().message;
  EXPECT_EQ(to_json(later->state()).dump(), played);
}

TEST_F(SelfContainedLogTest, EventThatCannotReplayStopsTheResumeByName) {
  play_with_answers();
  make_it_an_old_log();
  auto resumed = open(bare_);  // an old log and no answers: Holden's renown is nowhere
  ASSERT_FALSE(resumed.has_value()) << "resumed a rewound game";
  const std::string& message = resumed.error().message;
  EXPECT_NE(message.find("event "), std::string::npos) << message;
  EXPECT_NE(message.find(path_), std::string::npos) << message;
  EXPECT_NE(message.find("renown"), std::string::npos) << message;
}

}  // namespace
}  // namespace seneschal::engine::test
