// A clock for every seat: the time from the move that puts a question to a seat to the move that
// answers it is that seat's, per game and per turn, from the clocks the log's events carry; the
// same after a restart; limits set at the start count down on the timer panel, ring at 0:00 and
// are stopped by TIMER or OK like a sand timer's alarm.
#include <gtest/gtest.h>

#include "SessionFixture.hpp"
#include "seneschal/engine/seat_clocks.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine {
namespace {

constexpr std::int64_t kStart = 1'000'000;  // the table's clock when the game starts
constexpr std::int64_t kSecond = 1000;

class SeatClocksTest : public test::SessionFixture {
 protected:
  static void must(Session& session, const Command& command, std::int64_t at_ms) {
    auto r = session.apply(command, at_ms);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message;
  }

  // test::quick_setup with clocks, every setup move at kStart.
  static void setup(Session& session, SeatClockRules rules) {
    must(session, StartGame{"r9e", {"Mark", "Shawn"}, rules}, kStart);
    for (int seat = 0; seat < 2; ++seat) {
      must(session, PresentCard{"KINGDOM-OF-HOLDEN", 1}, kStart);
      must(session, PresentCard{"BORDER-KEEP", 1}, kStart);
      must(session, Ok{}, kStart);
      must(session, Ok{}, kStart);
    }
    must(session, Choose{"Mark"}, kStart);
    must(session, Ok{}, kStart);
    // Past the prompts with nothing to decide (Spring straightens), which run no clock.
    for (int i = 0; i < 4 && session.prompt().idle; ++i) must(session, Ok{}, kStart);
  }

  // Moves the game on (PASS where it can, else OK) at at_ms.
  static void answer(Session& session, std::int64_t at_ms) {
    must(session, session.prompt().pass.empty() ? Command{Ok{}} : Command{Pass{}}, at_ms);
  }

  // Whose clock runs: the seat the prompt waits for, else whose move it is; nobody's at a prompt
  // with nothing to decide.
  static int deciding(const Session& session) {
    const Prompt prompt = session.prompt();
    if (prompt.idle) return -1;
    return prompt.seat >= 0 ? prompt.seat : session.state().to_act;
  }
};

TEST(SeatClockLimitTest, LengthsAsAConfigWritesThem) {
  EXPECT_EQ(parse_clock_limit("25m").value(), 25 * 60 * kSecond);
  EXPECT_EQ(parse_clock_limit("90s").value(), 90 * kSecond);
  EXPECT_EQ(parse_clock_limit("1h30m").value(), 90 * 60 * kSecond);
  EXPECT_EQ(parse_clock_limit("0").value(), 0);
  for (const char* bad : {"", "25", "m", "-5m", "25x", "25m3", "30h", "0s"}) {
    auto r = parse_clock_limit(bad);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_NE(r.error().message.find("expected a length like 25m"), std::string::npos) << r.error().message;
  }
}

TEST(SeatClockStretchTest, ABreakOfOverAnHourIsNobodysThinking) {
  SeatClocks clocks = SeatClocks::start({}, 2);
  clocks.run_for(1, 3, 0);
  clocks.charge(40 * 60 * kSecond);  // 40 minutes: thinking, however long
  EXPECT_EQ(clocks.total_ms[1], 40 * 60 * kSecond);
  clocks.charge(40 * 60 * kSecond + kClockBreakMs + 1);  // the game put away overnight
  EXPECT_EQ(clocks.total_ms[1], 40 * 60 * kSecond);
  EXPECT_EQ(clocks.total_ms[0], 0);
  ASSERT_EQ(clocks.turns.size(), 1u);
  EXPECT_EQ(clocks.turns[0].turn, 3);
}

TEST_F(SeatClocksTest, SetupRunsNoClockAndTheFirstTurnRunsMarks) {
  Session session = open();
  setup(session, {});
  ASSERT_GE(session.state().turn, 1);
  ASSERT_EQ(deciding(session), 0) << "Mark, chosen to start, decides first";
  EXPECT_EQ(session.state().clocks.total_ms, (std::vector<std::int64_t>{0, 0}));
  EXPECT_EQ(session.state().clocks.running, 0);
  // 20 s later Mark answers: 20 s are Mark's, none Shawn's.
  answer(session, kStart + 20 * kSecond);
  EXPECT_EQ(session.state().clocks.total_ms[0], 20 * kSecond);
  EXPECT_EQ(session.state().clocks.total_ms[1], 0);
}

TEST_F(SeatClocksTest, EachStretchIsTheSeatsTheGameWaitedFor) {
  Session session = open();
  setup(session, {});
  std::vector<std::int64_t> expected(2, 0);
  std::map<int, std::vector<std::int64_t>> per_turn;
  std::int64_t now = kStart;
  // Stretches of 7, 11, 13, ... seconds: each one charged to the seat the prompt waited for.
  int idle = 0;
  for (int i = 0; i < 30 && !session.state().winner; ++i) {
    const int seat = deciding(session);
    const int turn = session.state().turn;
    const std::int64_t stretch = (7 + 4 * (i % 5)) * kSecond;
    now += stretch;
    if (seat < 0) {
      ++idle;  // Spring: nothing to decide, nobody's time
    } else {
      expected[static_cast<std::size_t>(seat)] += stretch;
      auto& in_turn = per_turn[turn];
      in_turn.resize(2, 0);
      in_turn[static_cast<std::size_t>(seat)] += stretch;
    }
    answer(session, now);
  }
  EXPECT_GT(idle, 0) << "the walk never met a prompt with nothing to decide";
  const SeatClocks& clocks = session.state().clocks;
  EXPECT_EQ(clocks.total_ms, expected);
  ASSERT_EQ(clocks.turns.size(), per_turn.size());
  for (const TurnClock& turn : clocks.turns) EXPECT_EQ(turn.ms, per_turn[turn.turn]) << "turn " << turn.turn;
  EXPECT_GT(expected[0], 0);
  EXPECT_GT(expected[1], 0) << "the game never waited for Shawn";
}

TEST_F(SeatClocksTest, ARestartGivesTheSameClocks) {
  std::string live;
  {
    Session session = open();
    setup(session, {true, 0, 0});
    for (int i = 0; i < 12; ++i) answer(session, kStart + (i + 1) * 9 * kSecond);
    live = clocks_json(session.state().clocks).dump();
  }
  Session again = open();
  EXPECT_EQ(clocks_json(again.state().clocks).dump(), live);
}

TEST_F(SeatClocksTest, AMoveTakenBackStillTookItsTime) {
  Session session = open();
  setup(session, {});
  ASSERT_EQ(deciding(session), 0);
  answer(session, kStart + 30 * kSecond);  // Mark took 30 s over a move...
  ASSERT_NE(deciding(session), 0) << "the test needs a move that hands the decision on";
  must(session, Undo{}, kStart + 35 * kSecond);  // ...that the table takes back 5 s later
  ASSERT_EQ(deciding(session), 0);
  // The move and the 5 s until it was taken back are Mark's: the move was still his in the making.
  EXPECT_EQ(session.state().clocks.total_ms, (std::vector<std::int64_t>{35 * kSecond, 0}));
  answer(session, kStart + 45 * kSecond);  // and 10 s more, Mark again
  EXPECT_EQ(session.state().clocks.total_ms[0], 45 * kSecond);
  Session again = open();
  EXPECT_EQ(again.state().clocks, session.state().clocks);
}

TEST_F(SeatClocksTest, ShownClocksAreACounterOnEverySeatPanel) {
  Session session = open();
  setup(session, {true, 0, 0});
  answer(session, kStart + 75 * kSecond);
  // 30 s into the next seat's stretch, the counter runs with it.
  const int seat = deciding(session);
  const ViewModel view = make_view_model(session, std::nullopt, kStart + 105 * kSecond);
  ASSERT_EQ(view.seats.size(), 2u);
  const auto clock_of = [&](int i) {
    for (const CounterView& c : view.seats[static_cast<std::size_t>(i)].counters) {
      if (c.label == "Clock") return c.value;
    }
    return std::string("(none)");
  };
  EXPECT_EQ(clock_of(0), seat == 0 ? "1:45" : "1:15");
  EXPECT_EQ(clock_of(1), seat == 1 ? "0:30" : "0:00");
}

TEST_F(SeatClocksTest, UnshownClocksAddNoCounter) {
  Session session = open();
  setup(session, {});
  answer(session, kStart + 75 * kSecond);
  const ViewModel view = make_view_model(session, std::nullopt, kStart + 80 * kSecond);
  for (const SeatView& seat : view.seats) {
    for (const CounterView& c : seat.counters) EXPECT_NE(c.label, "Clock");
  }
}

TEST_F(SeatClocksTest, AGameLimitCountsDownRingsAndIsStoppedByTimer) {
  Session session = open();
  setup(session, {false, 60 * kSecond, 0});
  ASSERT_EQ(deciding(session), 0);
  // 50 s in: Mark's clock on the timer panel, 10 s left, counting.
  ViewModel view = make_view_model(session, std::nullopt, kStart + 50 * kSecond);
  ASSERT_EQ(view.timers.size(), 1u);
  EXPECT_EQ(view.timers[0].name, "Mark's clock");
  EXPECT_EQ(view.timers[0].remaining_ms, 10 * kSecond);
  EXPECT_EQ(view.timers[0].total_ms, 60 * kSecond);
  EXPECT_TRUE(view.timers[0].running);
  EXPECT_FALSE(view.timers[0].alarm);
  EXPECT_FALSE(alarm_ringing(session.state(), kStart + 50 * kSecond));
  // The seat panel says what is left.
  bool counter = false;
  for (const CounterView& c : view.seats[0].counters) counter = counter || (c.label == "Clock" && c.value == "0:10 left");
  EXPECT_TRUE(counter) << "a limit shows the clocks";
  // 61 s in: it rings, as a sand timer does.
  EXPECT_TRUE(alarm_ringing(session.state(), kStart + 61 * kSecond));
  view = make_view_model(session, std::nullopt, kStart + 61 * kSecond);
  ASSERT_EQ(view.timers.size(), 1u);
  EXPECT_TRUE(view.timers[0].alarm);
  // TIMER stops it, and the log says so.
  must(session, TimerCommand{TimerCommand::Action::Press, "", 0}, kStart + 64 * kSecond);
  EXPECT_EQ(session.state().log.back().text, "Mark's clock: time is up");
  EXPECT_FALSE(alarm_ringing(session.state(), kStart + 70 * kSecond));
  EXPECT_TRUE(make_view_model(session, std::nullopt, kStart + 70 * kSecond).timers.empty());
  // Mark plays on in overtime; the panel says by how much, and a restart keeps it all.
  view = make_view_model(session, std::nullopt, kStart + 75 * kSecond);
  bool over = false;
  for (const CounterView& c : view.seats[0].counters) over = over || (c.label == "Clock" && c.value == "0:15 over");
  EXPECT_TRUE(over);
  const std::string before = clocks_json(session.state().clocks).dump();
  Session again = open();
  EXPECT_EQ(clocks_json(again.state().clocks).dump(), before);
  EXPECT_FALSE(alarm_ringing(again.state(), kStart + 70 * kSecond));
}

TEST_F(SeatClocksTest, ARingingSandTimerIsStoppedBeforeTheSeatClock) {
  Session session = open();
  setup(session, {false, 60 * kSecond, 0});
  must(session, TimerCommand{TimerCommand::Action::Start, "Round", 30}, kStart + 10 * kSecond);
  const std::int64_t both = kStart + 70 * kSecond;
  ASSERT_TRUE(session.state().clocks.ringing_at(both));
  must(session, TimerCommand{TimerCommand::Action::Press, "", 0}, both);
  EXPECT_EQ(session.state().log.back().text, "Round: time is up");
  EXPECT_TRUE(alarm_ringing(session.state(), both)) << "the seat clock still rings";
  must(session, TimerCommand{TimerCommand::Action::Press, "", 0}, both + kSecond);
  EXPECT_EQ(session.state().log.back().text, "Mark's clock: time is up");
  EXPECT_FALSE(alarm_ringing(session.state(), both + kSecond));
}

TEST_F(SeatClocksTest, ATurnLimitRingsAgainNextTurnAndAnAnswerSilencesIt) {
  Session session = open();
  setup(session, {false, 0, 20 * kSecond});
  ASSERT_EQ(deciding(session), 0);
  const int turn = session.state().turn;
  EXPECT_TRUE(alarm_ringing(session.state(), kStart + 25 * kSecond));
  // Mark answers without anyone pressing TIMER, until the game waits for Shawn: the alarm was
  // Mark's clock's, and stops with it.
  std::int64_t now = kStart + 25 * kSecond;
  answer(session, now);
  for (int i = 0; i < 40 && deciding(session) == 0; ++i) answer(session, now += kSecond);
  ASSERT_NE(deciding(session), 0);
  EXPECT_FALSE(alarm_ringing(session.state(), now + kSecond));
  // Play on until Mark decides again in a later turn; his turn clock is full again.
  for (int i = 0; i < 40 && !(deciding(session) == 0 && session.state().turn > turn); ++i) answer(session, now += kSecond);
  ASSERT_EQ(deciding(session), 0);
  ASSERT_GT(session.state().turn, turn);
  const auto c = session.state().clocks.countdown(now);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->limit_ms, 20 * kSecond);
  EXPECT_EQ(c->left_ms, 20 * kSecond - session.state().clocks.used_in_turn_ms(0, session.state().turn, now));
  EXPECT_GT(c->left_ms, 0);
}

TEST_F(SeatClocksTest, TheEndChartsAddMinutesDeciding) {
  SeatClocks clocks = SeatClocks::start({}, 2);
  clocks.run_for(0, 1, 0);
  clocks.charge(3 * 60 * kSecond);  // Mark 3 minutes in turn 1
  clocks.run_for(1, 1, 3 * 60 * kSecond);
  clocks.charge(5 * 60 * kSecond);  // Shawn 2 minutes in turn 1
  clocks.run_for(0, 2, 5 * 60 * kSecond);
  clocks.charge(6 * 60 * kSecond);  // Mark 1 more in turn 2
  TableState state;
  state.players.resize(2);
  state.players[0].name = "Mark";
  state.players[1].name = "Shawn";
  state.clocks = clocks;
  BoardView board;
  board.seats.resize(2);
  const ViewModel view = make_view_model(state, board, "Test", Prompt{}, false, std::nullopt, 6 * 60 * kSecond, 6);
  ASSERT_EQ(view.charts.size(), 1u);
  EXPECT_EQ(view.charts[0].title, "Minutes deciding");
  ASSERT_EQ(view.charts[0].points.size(), 2u);
  EXPECT_EQ(view.charts[0].points[0].turn, 1);
  EXPECT_EQ(view.charts[0].points[0].values, (std::vector<int>{3, 2}));
  EXPECT_EQ(view.charts[0].points[1].values, (std::vector<int>{4, 2}));
}

TEST_F(SeatClocksTest, TheRulesAreLoggedWithTheStart) {
  Session session = open();
  setup(session, {true, 25 * 60 * kSecond, 2 * 60 * kSecond});
  const Event& started = session.events().front();
  ASSERT_EQ(started.type, "game_started");
  EXPECT_EQ(clock_rules_from_json(started.data.at("clocks")), (SeatClockRules{true, 25 * 60 * kSecond, 2 * 60 * kSecond}));
  // A saved state carries them and the times.
  auto read = state_from_json(to_json(session.state()));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(read->clocks, session.state().clocks);
}

}  // namespace
}  // namespace seneschal::engine
