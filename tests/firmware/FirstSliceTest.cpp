// The first slice end to end on the bundled recording: frames -> ZBar -> tags -> the engine ->
// a real SQLite log -> the board on screen -> PNG snapshots.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <SFML/Graphics/Image.hpp>
#include <algorithm>
#include <filesystem>

#include "TableGames.hpp"
#include "common/TempDir.hpp"
#include "seneschal/display/layout.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/daemon.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
using tables::replayed;

// The recording's table answered the values the books do not print (storage, gold costs ...)
// in an earlier game: they wait in the state folder, as `make run` puts them there.
DaemonOptions headless(const test::TempDir& dir) {
  fs::create_directories(dir.file("state"));
  fs::copy_file(SENESCHAL_SOURCE_DIR "/assets/recordings/first-game/card-answers.json",
                dir.file("state") + "/card-answers.json", fs::copy_options::overwrite_existing);
  DaemonOptions options;
  options.source = SENESCHAL_BUNDLED_RECORDING;
  options.screen = Screen::Snapshots;
  options.snapshot_dir = dir.file("snapshots");
  options.state_dir = dir.file("state");
  options.assets_dir = SENESCHAL_SOURCE_DIR "/assets";
  options.seats = {"Mark", "Shawn"};
  return options;
}

std::vector<std::string> logged(const std::string& db_path, const std::string& sql) {
  std::vector<std::string> rows;
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  while (sqlite3_step(stmt) == SQLITE_ROW) rows.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return rows;
}

std::vector<fs::path> snapshots(const std::string& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}


std::vector<std::string> in_play(const engine::TableState& state, int seat) {
  std::vector<std::string> cards;
  for (const engine::CardInPlay& card : state.players.at(seat).in_play) cards.push_back(card.card);
  return cards;
}

int changed_pixels(const sf::Image& a, const sf::Image& b, const sf::FloatRect& box) {
  int changed = 0;
  for (unsigned y = static_cast<unsigned>(box.top); y < static_cast<unsigned>(box.top + box.height); ++y) {
    for (unsigned x = static_cast<unsigned>(box.left); x < static_cast<unsigned>(box.left + box.width); ++x) {
      if (a.getPixel(x, y) != b.getPixel(x, y)) ++changed;
    }
  }
  return changed;
}

TEST(FirstSliceTest, RecordedCardsBecomeLoggedMovesAndSnapshots) {
  test::TempDir dir;
  const DaemonOptions options = headless(dir);
  std::atomic<bool> stop{false};
  auto summary = run_daemon(options, stop);
  ASSERT_TRUE(summary.has_value()) << summary.error().message;
  EXPECT_GT(summary->frames, 10);
  EXPECT_EQ(summary->unreadable_frames, 0);

  // Setup and the Example of Play's first actions, from tags alone: control tags answer the
  // prompts (OK picks the highlighted option, DOWN moves it).
  const engine::TableState state = replayed(summary->log_path);
  EXPECT_EQ(state.phase, "Summer");
  // R9E's books live in its module; the state JSON keeps their keys (DESIGN.md).
  const nlohmann::json json = engine::to_json(state);
  EXPECT_EQ(json["ordained"], "Mark");
  EXPECT_EQ(in_play(state, 0), (std::vector<std::string>{"MOTTE-AND-BAILEY", "HEKTOR", "ZAHIR"}));
  EXPECT_EQ(in_play(state, 1), (std::vector<std::string>{"MOTTE-AND-BAILEY", "JACK-NEWCOMER"}));
  // Who paid what food from where, as in the book.
  EXPECT_EQ(json["players"][0]["castles"][0]["food"], 1);  // Hammerdoom's Roost paid for Hektor
  EXPECT_EQ(json["players"][0]["castles"][1]["food"], 1);  // Border Keep paid for Zahir
  EXPECT_EQ(json["players"][1]["castles"][1]["food"], 1);  // Sanctuary paid for Jack Newcomer
  EXPECT_EQ(state.to_act, 0);                      // Shawn's PASS tag
  // The Outpost was shown mid-game: refused (castles are placed at setup), no move; the table
  // noted it lying there and leaving.
  EXPECT_EQ(summary->refused, 1);
  EXPECT_EQ(state.on_table("OUTPOST", 1), nullptr);
  // Mark turned Hektor sideways at the end: bowed in the books, with no button pressed.
  ASSERT_NE(state.on_table("HEKTOR", 1), nullptr);
  EXPECT_EQ(state.on_table("HEKTOR", 1)->quarter, 90);
  EXPECT_TRUE(state.players.at(0).in_play.at(1).bowed);
  EXPECT_EQ(state.log.back().text, "Mark bows Hektor (turned on the table)");
  EXPECT_GE(summary->accepted, 20);

  const auto files = snapshots(options.snapshot_dir);
  ASSERT_EQ(static_cast<int>(files.size()), summary->snapshots);
  EXPECT_GE(files.size(), 20u);  // start, a picture per tag, final
  // The start is found by name: a loaded machine adds the self-test's own "0000-Checking_the_camera"
  // and "0000-device-ok" pictures, which sort before it (the check is shown only while it waits).
  const fs::path start_file = fs::path(options.snapshot_dir) / "0000-start.png";
  ASSERT_NE(std::find(files.begin(), files.end(), start_file), files.end());
  EXPECT_EQ(files.back().filename(), "9999-final.png");

  sf::Image start, final_board;
  ASSERT_TRUE(start.loadFromFile(start_file.string()));
  ASSERT_TRUE(final_board.loadFromFile(files.back().string()));
  EXPECT_EQ(final_board.getSize(), sf::Vector2u(800, 480));
  // Both seats' panels now show cards in play that the start did not.
  const auto layout = display::layout_board({800, 480}, 2);
  ASSERT_EQ(layout.seats.size(), 2u);
  EXPECT_GT(changed_pixels(start, final_board, layout.seats[0]), 500);
  EXPECT_GT(changed_pixels(start, final_board, layout.seats[1]), 500);
}

TEST(FirstSliceTest, RestartResumesFromTheLogWithoutDuplicates) {
  test::TempDir dir;
  const DaemonOptions options = headless(dir);
  std::atomic<bool> stop{false};
  auto first = run_daemon(options, stop);
  ASSERT_TRUE(first.has_value()) << first.error().message;
  const auto events_before = logged(first->log_path, "SELECT seq FROM events");

  // The same cards shown again after a restart lie on the table already: no move, no second
  // copy. The PASS tag is a move again; the recording shows Hektor upright again (the first run
  // left him bowed) and then turned: straightened and bowed again by the table; and the Outpost
  // comes (refused, noted on the table) and goes again.
  auto second = run_daemon(options, stop);
  ASSERT_TRUE(second.has_value()) << second.error().message;
  const engine::TableState state = replayed(second->log_path);
  EXPECT_EQ(in_play(state, 0), (std::vector<std::string>{"MOTTE-AND-BAILEY", "HEKTOR", "ZAHIR"}));
  EXPECT_EQ(in_play(state, 1), (std::vector<std::string>{"MOTTE-AND-BAILEY", "JACK-NEWCOMER"}));
  EXPECT_EQ(second->accepted, 4);
  EXPECT_EQ(logged(second->log_path, "SELECT seq FROM events").size(), events_before.size() + 7);

  // --new-game keeps the old log beside the new one.
  DaemonOptions fresh = options;
  fresh.new_game = true;
  auto third = run_daemon(fresh, stop);
  ASSERT_TRUE(third.has_value()) << third.error().message;
  EXPECT_TRUE(fs::exists(options.state_dir + "/seneschal-1.sqlite"));
  EXPECT_EQ(third->accepted, first->accepted);
}

TEST(FirstSliceTest, MissingRecordingIsNamed) {
  test::TempDir dir;
  DaemonOptions options = headless(dir);
  options.source = dir.file("no-such-recording");
  std::atomic<bool> stop{false};
  auto summary = run_daemon(options, stop);
  ASSERT_FALSE(summary.has_value());
  EXPECT_NE(summary.error().message.find("no-such-recording"), std::string::npos) << summary.error().message;
}

}  // namespace
}  // namespace seneschal::firmware
