// Each game's story afterwards: a folder's games add up per player by name (games, wins, average
// score, time per turn), each game says who won, in how many turns and how long; the CSV has a
// row per turn per seat with the module's series and the seat clocks.
#include <gtest/gtest.h>

#include "SessionFixture.hpp"
#include "seneschal/engine/game_stats.hpp"

namespace seneschal::engine {
namespace {

constexpr std::int64_t kMinute = 60'000;

GameSummary game(std::vector<std::string> seats, std::vector<int> scores, std::vector<std::int64_t> clock_ms,
                 std::vector<int> winners, int turns) {
  GameSummary g;
  g.file = "seneschal-1.sqlite";
  g.game = "r9e";
  g.title = "Rune Age";
  g.seats = std::move(seats);
  g.scores = std::move(scores);
  g.clock_ms = std::move(clock_ms);
  g.winners = std::move(winners);
  g.victory = g.winners.empty() ? "" : "renown";
  g.turns = turns;
  return g;
}

TEST(GameStatsTest, PlayersAddUpByNameAcrossGames) {
  const std::vector<GameSummary> games = {
      game({"Mark", "Shawn"}, {10, 14}, {6 * kMinute, 4 * kMinute}, {1}, 10),
      game({"Shawn", "Mark", "Ann"}, {9, 20, 20}, {5 * kMinute, 4 * kMinute, 3 * kMinute}, {1, 2}, 10),  // a shared win
      game({"Mark", "Ann"}, {3, 5}, {kMinute, kMinute}, {}, 4),  // not finished
  };
  const auto records = seat_records(games);
  ASSERT_EQ(records.size(), 3u);
  // Mark: three games, one (shared) win, (10 + 20 + 3) / 3 = 11.0, 11 minutes over 24 turns.
  EXPECT_EQ(records[0].name, "Mark");
  EXPECT_EQ(records[0].games, 3);
  EXPECT_EQ(records[0].wins, 1);
  EXPECT_EQ(records[0].finished, 2);
  EXPECT_DOUBLE_EQ(records[0].average_score, 11.0);
  EXPECT_EQ(records[0].clock_ms, 11 * kMinute);
  EXPECT_EQ(records[0].turns, 24);
  EXPECT_EQ(records[0].per_turn_ms(), 11 * kMinute / 24);  // 27.5 s
  // Ann and Shawn: two games each, one win each; the more wins first, then the name.
  EXPECT_EQ(records[1].name, "Ann");
  EXPECT_EQ(records[1].wins, 1);
  EXPECT_DOUBLE_EQ(records[1].average_score, 12.5);
  EXPECT_EQ(records[2].name, "Shawn");
  EXPECT_EQ(records[2].wins, 1);
  EXPECT_DOUBLE_EQ(records[2].average_score, 11.5);
}

TEST(GameStatsTest, TheReportListsPlayersThenGames) {
  const std::vector<GameSummary> games = {
      game({"Mark", "Shawn"}, {10, 14}, {6 * kMinute, 4 * kMinute}, {1}, 10),
      game({"Mark", "Ann"}, {3, 5}, {kMinute, kMinute}, {}, 4),
  };
  const std::string text = stats_text(games);
  EXPECT_NE(text.find("  Mark            2      0     6.5        0:30\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  Shawn           1      1     14.0       0:24\n"), std::string::npos) << text;
  EXPECT_NE(text.find("seneschal-1.sqlite: Rune Age, 2 seats, 10 turns, 0:00 long; Shawn (renown)\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("4 turns, 0:00 long; not finished\n"), std::string::npos) << text;
  EXPECT_EQ(stats_text({}), "No games in this folder.\n");
  const auto json = stats_json(games);
  EXPECT_EQ(json["players"][0]["name"], "Mark");
  EXPECT_EQ(json["games"][0]["winners"], nlohmann::json::array({"Shawn"}));
}

TEST(GameStatsTest, LengthLeavesOutBreaksOfOverAnHour) {
  TableState state;
  state.game = "r9e";
  state.players.resize(1);
  state.players[0].name = "Mark";
  std::vector<Event> events(4);
  events[0].type = "game_started";
  events[0].at_ms = 1000;
  events[1].at_ms = 1000 + 20 * kMinute;
  events[2].at_ms = 1000 + 20 * kMinute + 24 * 60 * kMinute;  // the next evening
  events[3].at_ms = events[2].at_ms + 30 * kMinute;
  const GameSummary g = summarize(state, events, "", "seneschal.sqlite");
  EXPECT_EQ(g.started_ms, 1000);
  EXPECT_EQ(g.length_ms, 50 * kMinute);
  EXPECT_EQ(g.title, "r9e") << "no printed title: the module id";
  EXPECT_FALSE(g.finished());
}

TEST(GameExportCsvTest, ARowPerTurnPerSeatWithTheSeriesAndTheClocks) {
  TableState state;
  state.players.resize(2);
  state.players[0].name = "Mark";
  state.players[1].name = "Ann, \"the Bold\"";
  state.history.push_back({1, {{"renown", {3, 4}}, {"food", {5, 6}}}});
  state.history.push_back({2, {{"renown", {7, 4}}, {"food", {2, 6}}}});
  state.clocks = SeatClocks::start({}, 2);
  state.clocks.turns.push_back({1, {12'300, 45'000}});
  state.clocks.turns.push_back({2, {60'000, 0}});
  EXPECT_EQ(export_csv(state),
            "turn,seat,renown,food,clock_s,clock_total_s\n"
            "1,Mark,3,5,12.3,12.3\n"
            "1,\"Ann, \"\"the Bold\"\"\",4,6,45.0,45.0\n"
            "2,Mark,7,2,60.0,72.3\n"
            "2,\"Ann, \"\"the Bold\"\"\",4,6,0.0,45.0\n");
}

}  // namespace
}  // namespace seneschal::engine
