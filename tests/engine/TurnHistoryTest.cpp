// The charts at the game's end draw renown and food per turn: the session keeps one record a
// turn, the same live and replayed, and a saved state file gives it back.
#include <gtest/gtest.h>

#include "SessionFixture.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/board_json.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine {
namespace {

class TurnHistoryTest : public test::SessionFixture {
 protected:
  static void must(Session& session, const Command& command) {
    auto r = session.apply(command, 7);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message;
  }

  // Passes until the turn number changes (Spring waits for OK).
  static void finish_turn(Session& session) {
    const int turn = session.state().turn;
    for (int i = 0; i < 40 && session.state().turn == turn && !session.state().winner; ++i) {
      if (!session.prompt().pass.empty()) {
        must(session, Pass{});
      } else {
        must(session, Ok{});
      }
    }
  }

};

TEST_F(TurnHistoryTest, OneRecordPerTurnWithEachSeatsRenownAndFood) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  const int first = session.state().turn;
  finish_turn(session);
  finish_turn(session);
  const auto& history = session.state().history;
  ASSERT_GE(history.size(), 2u);
  EXPECT_EQ(history.front().turn, first);
  for (std::size_t i = 1; i < history.size(); ++i) EXPECT_EQ(history[i].turn, history[i - 1].turn + 1);
  const TurnRecord& now = history.back();
  EXPECT_EQ(now.turn, session.state().turn);
  // R9E charts renown (its score) and food; the module names the series.
  ASSERT_NE(now.find("renown"), nullptr);
  ASSERT_EQ(now.find("renown")->size(), 2u);
  EXPECT_EQ(now.find("renown")->at(0), session.state().players[0].score);
  const auto json = to_json(session.state());
  EXPECT_EQ(now.find("food")->at(1), json["players"][1]["food_total"].get<int>());
}

TEST_F(TurnHistoryTest, ReplayedLogKeepsTheSameHistory) {
  std::uint64_t live = 0;
  {
    Session session = open();
    test::quick_setup(session, {"Mark", "Shawn"});
    finish_turn(session);
    must(session, Ok{});  // Spring
    must(session, PresentCard{"HEKTOR", 1});
    live = state_hash(session.state());
    EXPECT_FALSE(session.state().history.empty());
  }
  Session replayed = open();
  EXPECT_EQ(state_hash(replayed.state()), live);
}

TEST_F(TurnHistoryTest, SavedStateReadsBackForRendering) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  must(session, TimerCommand{TimerCommand::Action::Start, "Negotiation", 180});
  finish_turn(session);
  auto back = state_from_json(to_json(session.state()));
  ASSERT_TRUE(back.has_value()) << back.error().message;
  // The module's board description is saved beside the state and read back whole.
  const BoardView board = session.module()->describe(session.state());
  auto board_back = board_from_json(nlohmann::json::parse(board_to_json(board).dump()));
  ASSERT_TRUE(board_back.has_value()) << board_back.error().message;
  EXPECT_EQ(*board_back, board);
  // Everything the screen shows survives the round trip.
  const ViewModel a = make_view_model(session.state(), board, "R9E", {}, false, std::nullopt, 1000);
  const ViewModel b = make_view_model(*back, *board_back, "R9E", {}, false, std::nullopt, 1000);
  ASSERT_EQ(a.seats.size(), b.seats.size());
  for (std::size_t i = 0; i < a.seats.size(); ++i) EXPECT_EQ(a.seats[i], b.seats[i]);
  EXPECT_EQ(a.log, b.log);
  ASSERT_EQ(b.timers.size(), 1u);
  EXPECT_EQ(b.timers[0].remaining_ms, a.timers[0].remaining_ms);
  ASSERT_EQ(b.charts.size(), 2u);
  EXPECT_EQ(b.charts, a.charts);
}

TEST_F(TurnHistoryTest, KeyCountersShortTitlesAndTeamsReadBack) {
  BoardView board;
  SeatView ann;
  ann.name = "Ann";
  ann.counters = {{"", "Slaine", true}, {"Dead", "2"}};
  ItemView land;
  land.title = "The Hanging Tongue";
  land.short_title = "Hanging Tongue";
  ann.lists = {{"", {land}}};
  ann.team = 0;
  board.seats = {ann};
  auto back = board_from_json(nlohmann::json::parse(board_to_json(board).dump()));
  ASSERT_TRUE(back.has_value()) << back.error().message;
  EXPECT_EQ(*back, board);
  EXPECT_TRUE(back->seats[0].counters[0].key);
  EXPECT_FALSE(back->seats[0].counters[1].key);
}

TEST_F(TurnHistoryTest, BrokenStateFileNamesTheKey) {
  auto bad = state_from_json({{"players", {{{"faction", "Ord"}}}}});
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().message.find("players[0]"), std::string::npos) << bad.error().message;
  EXPECT_FALSE(state_from_json(nlohmann::json::array()).has_value());
}

}  // namespace
}  // namespace seneschal::engine
