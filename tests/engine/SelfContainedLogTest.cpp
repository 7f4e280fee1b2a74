// The event log alone restores a game: a value the table answered (kept in card-answers.json and
// laid over the card data) travels in the event that used it, so a restart without that file,
// `seneschal export` and `seneschal play --db` replay the same game. An event that still cannot
// replay is an error naming the log and the event, never a log line under a rewound board.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <string>

#include "TestCards.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"
#include "tally/tally_cards.hpp"

namespace seneschal::engine {
void register_test_modules(ModuleRegistry& registry);
}  // namespace seneschal::engine

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

// Words go the same way as numbers: Tally's banner colour, told at the table in one game, kept
// in the answers file and laid over the card data of the next, is used there without asking and
// travels in the event, so the log replays without the file.
class SelfContainedWordTest : public ::testing::Test {
 protected:
  SelfContainedWordTest() {
    register_test_modules(registry_);
    bare_ = CardDatabase::parse_json(tally::kCards, "tally").value();
  }

  Result<Session> open(const std::string& path, const CardDatabase& cards) {
    auto store = EventStore::open(path);
    if (!store) return fail(store.error().message);
    CardLibrary library;
    library.emplace("tally", std::make_shared<const CardDatabase>(cards));
    return Session::resume(std::move(store).value(), registry_, std::move(library));
  }

  void must(Session& session, const Command& command) {
    auto r = session.apply(command, clock_ += 1000);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message;
  }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  CardDatabase bare_;
  std::int64_t clock_ = 0;
};

TEST_F(SelfContainedWordTest, AWordToldInOneGameIsKeptUsedWithoutAskingAndReplaysWithoutTheFile) {
  // The first game: the table is asked Ann's banner colour and answers Blue.
  CardOverlay kept;
  {
    auto first = open(dir_.file("first.sqlite"), bare_);
    ASSERT_TRUE(first.has_value()) << first.error().message;
    must(*first, StartGame{"tally", {"Ann", "Ben"}});
    must(*first, Choose{"Name your banner"});
    ASSERT_EQ(first->prompt().labels(), (std::vector<std::string>{"Red", "Blue", "Green", "Cancel"}))
        << first->prompt().text;
    must(*first, Choose{"Blue"});
    const auto told = first->state().told.word(Subject{"BANNER", 1, {}}, "colour");
    ASSERT_EQ(told, "Blue");
    // Kept for the card, as the daemon keeps a card's told words (Tally asks per copy; the card's
    // attribute then answers for every copy).
    ASSERT_TRUE(kept.record_word(bare_, "BANNER", "colour", *told).has_value());
  }
  auto file = CardOverlay::parse_json(kept.to_json(), "card-answers.json");
  ASSERT_TRUE(file.has_value()) << file.error().message;
  std::vector<std::string> ignored;
  const CardDatabase answered = file->apply(bare_, ignored);
  EXPECT_TRUE(ignored.empty());
  ASSERT_EQ(answered.find("BANNER")->attributes.at("colour"), "Blue");

  // The next game, on the data with the answers laid over it: nothing is asked.
  const std::string path = dir_.file("next.sqlite");
  std::string played;
  {
    auto next = open(path, answered);
    ASSERT_TRUE(next.has_value()) << next.error().message;
    must(*next, StartGame{"tally", {"Ann", "Ben"}});
    must(*next, Choose{"Name your banner"});
    EXPECT_EQ(next->state().log.back().text, "Ann flies Blue");
    EXPECT_TRUE(next->state().told.empty()) << "asked again: " << to_json(next->state()).dump();
    EXPECT_EQ(next->prompt().text.rfind("Ann: take Gold or Fame", 0), 0u) << next->prompt().text;
    int carrying = 0;
    for (const Event& event : next->events()) {
      if (event.data.contains("used")) {
        EXPECT_EQ(event.data["used"]["BANNER"]["colour"], "Blue") << event.data.dump();
        ++carrying;
      }
    }
    EXPECT_EQ(carrying, 1) << "the event that used the kept word did not keep it";
    must(*next, Choose{"Take a Gold"});
    played = to_json(next->state()).dump();
  }

  // card-answers.json lost: only the shipped data, and the event alone gives the word back.
  auto resumed = open(path, bare_);
  ASSERT_TRUE(resumed.has_value()) << resumed.error().message;
  EXPECT_EQ(to_json(resumed->state()).dump(), played);
  for (const LogEntry& entry : resumed->state().log) {
    EXPECT_EQ(entry.text.find("did not replay"), std::string::npos) << entry.text;
  }
  EXPECT_NE(std::find_if(resumed->state().log.begin(), resumed->state().log.end(),
                         [](const LogEntry& entry) { return entry.text == "Ann flies Blue"; }),
            resumed->state().log.end());
}

}  // namespace
}  // namespace seneschal::engine::test
