#include "seneschal/engine/game_export.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "common/TempDir.hpp"
#include "TestCards.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::engine {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(GameExportTest, JsonLinesRoundTrip) {
  std::vector<Event> events(2);
  events[0] = {1, 1, "game_started", {{"game", "r9e"}, {"seats", {"Mark", "Shawn"}}}, 1000};
  events[1] = {2, 2, "card_played", {{"card", "HAMMERDOOMS-ROOST"}, {"text", "quote \" and\nnewline"}}, 2000};
  const std::string out = export_jsonl(events);
  const auto lines = lines_of(out);
  ASSERT_EQ(lines.size(), 2u) << "a newline inside data must stay escaped";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto json = nlohmann::json::parse(lines[i]);
    EXPECT_EQ(json.at("seq").get<std::int64_t>(), events[i].seq);
    EXPECT_EQ(json.at("group").get<std::int64_t>(), events[i].group);
    EXPECT_EQ(json.at("type").get<std::string>(), events[i].type);
    EXPECT_EQ(json.at("data"), events[i].data);
    EXPECT_EQ(json.at("at_ms").get<std::int64_t>(), events[i].at_ms);
  }
  EXPECT_EQ(export_jsonl({}), "");
}

TEST(GameExportTest, TextHasTheHeaderAndEveryLogLine) {
  TableState state;
  state.game = "r9e";
  state.turn = 3;
  state.phase = "Autumn";
  state.players.resize(2);
  state.players[0].name = "Mark";
  state.players[0].score = 12;
  state.players[1].name = "Shawn";
  state.players[1].score = 4;
  state.winner = Winner{{0}, "popular"};
  state.log = {{1, "Setup: Mark, scan your stronghold"}, {7, "Mark passes"}};
  // The counters are the module's words; the export shows whatever it describes.
  BoardView board;
  board.seats.resize(2);
  board.seats[0].subtitle = "Holden";
  board.seats[0].counters = {{"Renown", "12"}, {"Food", "3"}};
  const std::string text = export_text(state, board);
  EXPECT_NE(text.find("Game: r9e"), std::string::npos) << text;
  EXPECT_NE(text.find("1. Mark (Holden): Renown 12, Food 3"), std::string::npos) << text;
  EXPECT_NE(text.find("2. Shawn: score 4"), std::string::npos) << text;
  EXPECT_NE(text.find("Turn: 3 (Autumn)"), std::string::npos) << text;
  EXPECT_NE(text.find("Winner: Mark wins a popular victory"), std::string::npos) << text;
  EXPECT_NE(text.find("1  Setup: Mark, scan your stronghold"), std::string::npos) << text;
  EXPECT_NE(text.find("7  Mark passes"), std::string::npos) << text;
}

TEST(GameExportTest, ASessionsLogExportsWhole) {
  seneschal::test::TempDir dir;
  ModuleRegistry registry;
  register_builtin_modules(registry);
  auto store = EventStore::open(dir.file("game.sqlite"));
  ASSERT_TRUE(store.has_value()) << store.error().message;
  auto session = Session::resume(std::move(store).value(), registry, test::r9e_library());
  ASSERT_TRUE(session.has_value()) << session.error().message;
  ASSERT_TRUE(session->apply(StartGame{"r9e", {"Mark", "Shawn"}}, 5).has_value());

  const auto lines = lines_of(export_jsonl(session->events()));
  ASSERT_EQ(lines.size(), session->events().size());
  EXPECT_EQ(nlohmann::json::parse(lines.front()).at("type"), "game_started");
  const std::string text = export_text(session->state(), session->module()->describe(session->state()));
  for (const LogEntry& entry : session->state().log) EXPECT_NE(text.find(entry.text), std::string::npos) << entry.text;
  EXPECT_NE(text.find("Winner: none yet"), std::string::npos) << text;
  EXPECT_EQ(export_text(TableState{}, BoardView{}), "No game in this log.\n");
}

}  // namespace
}  // namespace seneschal::engine
