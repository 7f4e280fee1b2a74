// Sand timers as events: what each button does, and that the log gives every timer back with
// the right time left after the device was off.
#include <gtest/gtest.h>

#include "SessionFixture.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine {
namespace {

using Action = TimerCommand::Action;
constexpr std::int64_t kT0 = 1'700'000'000'000;  // a wall clock, in ms
constexpr std::int64_t kSecond = 1000;

class TimerTest : public test::SessionFixture {
 protected:
  static std::string must(Session& session, const Command& command, std::int64_t at) {
    auto r = session.apply(command, at);
    EXPECT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message;
    return r ? r->text : std::string();
  }

  static const TimerState& only_timer(const Session& session) {
    EXPECT_EQ(session.state().timers.size(), 1u);
    return session.state().timers.front();
  }

};

TEST_F(TimerTest, StartedTimerCountsDownOnTheTablesClock) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  EXPECT_EQ(must(session, TimerCommand{Action::Start, "Negotiation", 180}, kT0), "Negotiation started, 3:00");
  const TimerState& t = only_timer(session);
  EXPECT_EQ(t.left_at(kT0 + 30 * kSecond), 150 * kSecond);
  EXPECT_EQ(t.left_at(kT0 + 500 * kSecond), 0);  // never below zero
  EXPECT_FALSE(t.ringing_at(kT0 + 179 * kSecond));
  EXPECT_TRUE(t.ringing_at(kT0 + 180 * kSecond));
}

TEST_F(TimerTest, PauseStopsTheSandAndResumeGoesOnFromThere) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  must(session, TimerCommand{Action::Start, "Negotiation", 180}, kT0);
  EXPECT_EQ(must(session, TimerCommand{Action::Pause, "Negotiation", 0}, kT0 + 60 * kSecond),
            "Negotiation paused at 2:00");
  EXPECT_EQ(only_timer(session).left_at(kT0 + 600 * kSecond), 120 * kSecond);
  must(session, TimerCommand{Action::Resume, "Negotiation", 0}, kT0 + 600 * kSecond);
  EXPECT_EQ(only_timer(session).left_at(kT0 + 610 * kSecond), 110 * kSecond);
  auto again = session.apply(TimerCommand{Action::Resume, "Negotiation", 0}, kT0 + 611 * kSecond);
  ASSERT_FALSE(again.has_value());
  EXPECT_EQ(again.error().message, "Negotiation is already running");
}

TEST_F(TimerTest, AddingAMinuteLengthensWhatIsLeftAndTheRing) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  must(session, TimerCommand{Action::Start, "Negotiation", 180}, kT0);
  must(session, TimerCommand{Action::AddMinute, "", 0}, kT0 + 170 * kSecond);
  const TimerState& t = only_timer(session);
  EXPECT_EQ(t.left_at(kT0 + 170 * kSecond), 70 * kSecond);
  EXPECT_EQ(t.total_ms, 240 * kSecond);
}

TEST_F(TimerTest, TimerButtonStopsTheAlarmBeforeAnythingElse) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  must(session, TimerCommand{Action::Start, "Negotiation", 60}, kT0);
  must(session, TimerCommand{Action::Start, "Royal Wedding", 180}, kT0 + kSecond);
  // The newest timer is Royal Wedding, but Negotiation is ringing: the press silences it.
  EXPECT_EQ(must(session, TimerCommand{}, kT0 + 61 * kSecond), "Negotiation: time is up");
  ASSERT_EQ(session.state().timers.size(), 1u);
  EXPECT_EQ(session.state().timers[0].name, "Royal Wedding");
  // Nothing ringing now: the press pauses the newest, and the next resumes it.
  EXPECT_EQ(must(session, TimerCommand{}, kT0 + 62 * kSecond), "Royal Wedding paused at 1:59");
  EXPECT_EQ(must(session, TimerCommand{}, kT0 + 63 * kSecond), "Royal Wedding resumed at 1:59");
}

TEST_F(TimerTest, TimerButtonWithNoTimerStartsTheGamesFirstPreset) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  EXPECT_EQ(must(session, TimerCommand{}, kT0), "Tournament round started, 50:00");
  session.set_timer_presets({{"Negotiation", 240}});
  must(session, TimerCommand{Action::Cancel, "", 0}, kT0 + kSecond);
  EXPECT_EQ(must(session, TimerCommand{}, kT0 + 2 * kSecond), "Negotiation started, 4:00");
}

TEST_F(TimerTest, TimerTagStartsThenPausesTheTimerOfItsLength) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  // 3:00 is the length of R9E's "Timer" preset; 1:30 is no preset's and is named by its length.
  EXPECT_EQ(must(session, TimerCommand{Action::Press, "", 180}, kT0), "Timer started, 3:00");
  EXPECT_EQ(must(session, TimerCommand{Action::Press, "", 90}, kT0 + kSecond), "Timer 1:30 started");
  EXPECT_EQ(must(session, TimerCommand{Action::Press, "", 180}, kT0 + 2 * kSecond), "Timer paused at 2:58");
  EXPECT_EQ(session.state().timers.size(), 2u);
}

TEST_F(TimerTest, UndoPassesTimersByAndUndoesTheMoveBeforeThem) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  must(session, PresentCard{"HEKTOR", 1}, kT0);
  must(session, TimerCommand{Action::Start, "Negotiation", 180}, kT0 + kSecond);
  must(session, Undo{}, kT0 + 2 * kSecond);
  EXPECT_EQ(session.state().players[0].in_play.size(), 1u);  // Hektor gone, Motte and Bailey stays
  EXPECT_EQ(only_timer(session).left_at(kT0 + 31 * kSecond), 150 * kSecond);
  must(session, Redo{}, kT0 + 3 * kSecond);
  EXPECT_EQ(session.state().timers.size(), 1u);
}

TEST_F(TimerTest, RestartShowsTheTimeReallyLeftByTheWallClock) {
  {
    Session session = open();
    test::quick_setup(session, {"Mark", "Shawn"});
    must(session, TimerCommand{Action::Start, "Negotiation", 180}, kT0);
    must(session, TimerCommand{Action::Start, "Royal Wedding", 180}, kT0);
    must(session, TimerCommand{Action::Pause, "Royal Wedding", 0}, kT0 + 20 * kSecond);
  }
  // The device was off for 100 s: the running timer lost them, the paused one did not.
  Session session = open();
  const ViewModel view = make_view_model(session, std::nullopt, kT0 + 120 * kSecond);
  ASSERT_EQ(view.timers.size(), 2u);
  EXPECT_EQ(view.timers[0].name, "Negotiation");
  EXPECT_EQ(view.timers[0].remaining_ms, 60 * kSecond);
  EXPECT_TRUE(view.timers[0].running);
  EXPECT_EQ(view.timers[1].remaining_ms, 160 * kSecond);
  EXPECT_FALSE(view.timers[1].running);
  EXPECT_FALSE(view.timers[0].alarm);
  EXPECT_TRUE(make_view_model(session, std::nullopt, kT0 + 181 * kSecond).timers[0].alarm);
}

TEST_F(TimerTest, MenuOffersTimerMovesAndRunsThem) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  must(session, Menu{}, kT0);
  EXPECT_TRUE(session.prompt().has_option("Start Tournament round 50:00"));
  EXPECT_TRUE(session.prompt().has_option("Start Timer 3:00"));
  EXPECT_EQ(must(session, Choose{"Start Timer 3:00"}, kT0), "Timer started, 3:00");
  must(session, Menu{}, kT0 + kSecond);
  EXPECT_TRUE(session.prompt().has_option("Pause Timer"));
  EXPECT_TRUE(session.prompt().has_option("Add a minute to Timer"));
  EXPECT_FALSE(session.prompt().has_option("Start Timer 3:00"));
  EXPECT_EQ(must(session, Choose{"Cancel Timer"}, kT0 + 2 * kSecond), "Timer cancelled");
  EXPECT_TRUE(session.state().timers.empty());
}

TEST_F(TimerTest, BadTimerCommandsSayWhatIsWrong) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  auto none = session.apply(TimerCommand{Action::Pause, "Negotiation", 0}, kT0);
  ASSERT_FALSE(none.has_value());
  EXPECT_EQ(none.error().message, "no timer \"Negotiation\" to pause");
  auto ack = session.apply(TimerCommand{Action::Acknowledge, "", 0}, kT0);
  ASSERT_FALSE(ack.has_value());
  EXPECT_EQ(ack.error().message, "no alarm is ringing");
  auto unnamed = session.apply(TimerCommand{Action::Start, "Sauna", 0}, kT0);
  ASSERT_FALSE(unnamed.has_value());
  EXPECT_NE(unnamed.error().message.find("needs a length"), std::string::npos);
}

TEST_F(TimerTest, CommandsRoundTripThroughJson) {
  const Command command = TimerCommand{Action::AddMinute, "Negotiation", 0};
  auto back = command_from_json(command_to_json(command));
  ASSERT_TRUE(back.has_value());
  const auto* timer = std::get_if<TimerCommand>(&*back);
  ASSERT_NE(timer, nullptr);
  EXPECT_EQ(timer->action, Action::AddMinute);
  EXPECT_EQ(timer->name, "Negotiation");
  EXPECT_FALSE(command_from_json({{"command", "timer"}, {"action", "explode"}}).has_value());
}

TEST(ClockText, ReadsAsACountdown) {
  EXPECT_EQ(clock_text(180'000), "3:00");
  EXPECT_EQ(clock_text(59'001), "1:00");  // rounded up: 0:00 only when time is up
  EXPECT_EQ(clock_text(1), "0:01");
  EXPECT_EQ(clock_text(0), "0:00");
  EXPECT_EQ(clock_text(3'723'000), "1:02:03");
}

}  // namespace
}  // namespace seneschal::engine
