// The shared rules toolkit, through Tally: a test-only module (tests/engine/tally/) registered
// the way the shipped games are. Polls, dice, words asked per copy, checks with override,
// several winners, option ids and the rules version, none of it written for Tally alone.
#include <gtest/gtest.h>

#include "common/TempDir.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/timers.hpp"
#include "seneschal/engine/view_model.hpp"
#include "tally/tally_cards.hpp"

namespace seneschal::engine {
void register_test_modules(ModuleRegistry& registry);

namespace {

constexpr const char* kTallyCards = tally::kCards;

class RulesToolkitTest : public ::testing::Test {
 protected:
  RulesToolkitTest() {
    register_builtin_modules(registry_);
    register_test_modules(registry_);
    cards_.emplace("tally", std::make_shared<const CardDatabase>(CardDatabase::parse_json(kTallyCards, "tally").value()));
  }

  Session open() {
    auto store = EventStore::open(dir_.file("game.sqlite"));
    auto session = Session::resume(std::move(store).value(), registry_, cards_);
    EXPECT_TRUE(session.has_value()) << session.error().message;
    return std::move(session).value();
  }

  Session start(const std::vector<std::string>& seats) {
    Session session = open();
    must(session, StartGame{"tally", seats});
    return session;
  }

  void must(Session& session, const Command& command, std::uint64_t entropy = 0) {
    auto r = session.apply(command, clock_ += 1000, entropy);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message << "\n  prompt: " << session.prompt().text;
  }

  static std::string last_log(const Session& session) { return session.state().log.back().text; }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  CardLibrary cards_;
  std::int64_t clock_ = 0;
};

TEST_F(RulesToolkitTest, AVoteAsksEverySeatInTurnAndAMajorityEndsTheGameWithASharedWin) {
  Session session = start({"Ann", "Ben", "Cat"});
  must(session, Choose{"Take a Gold"});   // Ann 1
  must(session, Choose{"Take a Fame"});   // Ben 1
  must(session, Choose{"Call a vote to end"});
  for (const char* voter : {"Cat", "Ann", "Ben"}) {
    const Prompt prompt = session.prompt();
    ASSERT_GE(prompt.seat, 0);
    EXPECT_EQ(session.state().players[static_cast<std::size_t>(prompt.seat)].name, voter) << prompt.text;
    const ViewModel view = make_view_model(session, std::nullopt, 0);
    EXPECT_TRUE(view.seats[static_cast<std::size_t>(prompt.seat)].acting) << "the screen shows whose answer it waits for";
    must(session, Choose{std::string(voter) == "Ben" ? "No" : "Yes"});
  }
  ASSERT_TRUE(session.state().winner);
  EXPECT_EQ(session.state().winner->players, (std::vector<int>{0, 1}));
  EXPECT_EQ(last_log(session), "Ann and Ben win a most Gold and Fame victory");
  const auto json = to_json(session.state());
  EXPECT_EQ(json["winner"]["players"], (nlohmann::json{"Ann", "Ben"}));
  EXPECT_EQ(json["winner"]["player"], "Ann");
  EXPECT_EQ(json["players"][1]["score"], 1);
}

TEST_F(RulesToolkitTest, ADieIsEnteredByHandWithinItsSidesOrDrawnFromTheCallersEntropy) {
  Session session = start({"Ann", "Ben"});
  must(session, Choose{"Roll for Gold"});
  EXPECT_TRUE(session.prompt().wants_number);
  EXPECT_EQ(session.prompt().number_max, 6);
  EXPECT_FALSE(session.apply(SetNumber{7}, clock_ += 1000).has_value()) << "a D6 shows 1 to 6";
  must(session, SetNumber{4});
  EXPECT_EQ(to_json(session.state())["detail"]["gold"][0], 4);
  must(session, Choose{"Roll for Gold"});
  must(session, Choose{"Roll for me"}, 41);  // 1 + 41 % 6 = 6
  EXPECT_EQ(to_json(session.state())["detail"]["gold"][1], 6);
  bool drawn_logged = false;
  for (const LogEntry& e : session.state().log) drawn_logged |= e.text == "Ben's Gold: the device rolled 6";
  EXPECT_TRUE(drawn_logged);
  // The roll is in the log: a restart replays it without asking again.
  const std::uint64_t live = state_hash(session.state());
  Session replayed = open();
  EXPECT_EQ(state_hash(replayed.state()), live);
}

TEST_F(RulesToolkitTest, AWordIsAskedOncePerCopyAndRemembered) {
  Session session = start({"Ann", "Ben"});
  must(session, Choose{"Name your banner"});
  const Prompt asked = session.prompt();
  EXPECT_NE(asked.text.find("Banner #1's colour"), std::string::npos) << asked.text;
  EXPECT_EQ(asked.labels(), (std::vector<std::string>{"Red", "Blue", "Green", "Cancel"}));
  EXPECT_FALSE(session.apply(Choose{"Purple"}, clock_ += 1000).has_value());
  must(session, Choose{"Blue"});
  EXPECT_EQ(last_log(session), "Ann flies Blue");
  EXPECT_EQ(make_view_model(session, std::nullopt, 0).seats[0].subtitle, "Blue");
  must(session, Choose{"Take a Gold"});       // naming is no move: Ann still takes her turn
  must(session, Choose{"Name your banner"});  // Ben's copy is another question
  EXPECT_NE(session.prompt().text.find("Banner #2's colour"), std::string::npos) << session.prompt().text;
  must(session, Choose{"Red"});
  must(session, Choose{"Take a Gold"});       // Ben
  must(session, Choose{"Name your banner"});  // Ann again: her copy is known, nothing is asked
  EXPECT_EQ(last_log(session), "Ann flies Blue");
  EXPECT_EQ(to_json(session.state())["told"]["BANNER#1"]["colour"], "Blue");
  EXPECT_EQ(to_json(session.state())["told"]["BANNER#2"]["colour"], "Red");
}

TEST_F(RulesToolkitTest, ACheckWarnsAndDoItAnywayIsLoggedAsAnOverride) {
  Session session = start({"Ann"});
  for (int i = 0; i < 3; ++i) must(session, Choose{"Take a Fame"});
  must(session, Choose{"Take a Fame"});
  EXPECT_NE(session.prompt().text.find("already has 3 Fame"), std::string::npos) << session.prompt().text;
  must(session, Ok{});
  bool overridden = false;
  for (const LogEntry& e : session.state().log) overridden |= e.text.rfind("Override: Ann already has 3 Fame", 0) == 0;
  EXPECT_TRUE(overridden);
  EXPECT_EQ(to_json(session.state())["detail"]["fame"][0], 4);
}

TEST_F(RulesToolkitTest, TheLogKeepsOptionIdsAndTheRulesVersionNotLabels) {
  Session session = start({"Ann", "Ben"});
  must(session, Choose{"Take a Gold"});
  const Event& started = session.events().front();
  EXPECT_EQ(started.data.at("rules_version"), 1);
  EXPECT_EQ(session.state().rules_version, 1);
  const Event& taken = session.events().back();
  EXPECT_EQ(taken.data.at("command"), (nlohmann::json{{"command", "choose"}, {"option", "gold"}}));
  EXPECT_EQ(taken.data.dump().find("Take a Gold"), std::string::npos) << taken.data.dump();
}

TEST_F(RulesToolkitTest, AGameRefusesASeatCountItsModuleDoesNotPlay) {
  Session session = open();
  auto r = session.apply(StartGame{"tally", {"A", "B", "C", "D", "E", "F", "G"}}, 1);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "tally is played by 1 to 6 seats, not 7");
}

TEST_F(RulesToolkitTest, TimerPresetsComeFromTheModule) {
  Session session = start({"Ann"});
  ASSERT_EQ(session.timer_presets().size(), 1u);
  EXPECT_EQ(session.timer_presets()[0].name, "Haggle");
  must(session, Menu{});
  EXPECT_TRUE(session.prompt().has_option("Start Haggle 2:00"));
}

// A rule starts a timer (Tally's vote: a minute to decide) from the clock of the move that
// called for it; it is part of that move, so undoing the move takes the timer away, and a log
// replayed later has it running from the same moment.
TEST_F(RulesToolkitTest, ARuleStartsATimerWithItsMoveAndUndoTakesItAway) {
  Session session = start({"Ann", "Ben"});
  must(session, Choose{"Call a vote to end"});
  const std::int64_t called_at = clock_;
  ASSERT_EQ(session.state().timers.size(), 1u);
  const TimerState vote = session.state().timers[0];
  EXPECT_EQ(vote.name, "Vote");
  EXPECT_TRUE(vote.running);
  EXPECT_EQ(vote.left_at(called_at + 15'000), 45'000);
  EXPECT_NE(last_log(session).find("Vote: 1:00 on the timer"), std::string::npos) << last_log(session);
  {
    Session replayed = open();
    ASSERT_EQ(replayed.state().timers.size(), 1u);
    EXPECT_EQ(replayed.state().timers[0].left_at(called_at + 15'000), 45'000);
  }
  must(session, Undo{});
  EXPECT_TRUE(session.state().timers.empty());
}

}  // namespace
}  // namespace seneschal::engine
