// A move the rules make final (Cutthroat's cast votes, CK:838; Tally's votes here) is taken back
// only as a check: UNDO raises it, PASS keeps the move, "Do it anyway" undoes it and logs the
// override; other moves undo as before, and the log replays the same whichever way it went.
#include <gtest/gtest.h>

#include "common/TempDir.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/rules_kit.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/view_model.hpp"
#include "tally/tally_cards.hpp"

namespace seneschal::engine {
void register_test_modules(ModuleRegistry& registry);

namespace {

class UndoCheckTest : public ::testing::Test {
 protected:
  UndoCheckTest() {
    register_builtin_modules(registry_);
    register_test_modules(registry_);
    cards_.emplace("tally", std::make_shared<const CardDatabase>(CardDatabase::parse_json(tally::kCards, "tally").value()));
  }

  Session open() {
    auto session = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, cards_);
    EXPECT_TRUE(session.has_value()) << session.error().message;
    return std::move(session).value();
  }

  void must(Session& session, const Command& command) {
    auto r = session.apply(command, clock_ += 1000);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message << "\n  prompt: " << session.prompt().text;
  }

  // Ann and Ben take a Gold; Cat calls a vote and answers it first, Yes.
  Session with_a_cast_vote() {
    Session session = open();
    must(session, StartGame{"tally", {"Ann", "Ben", "Cat"}});
    must(session, Choose{"Take a Gold"});
    must(session, Choose{"Take a Gold"});
    must(session, Choose{"Call a vote to end"});
    must(session, Choose{"Yes"});
    return session;
  }

  static int votes_cast(const Session& session) {
    const nlohmann::json state = to_json(session.state());
    const nlohmann::json& detail = state.at("detail");
    if (!detail.contains("vote")) return 0;
    int cast = 0;
    for (const auto& answer : detail.at("vote").at("answers")) cast += answer.is_null() ? 0 : 1;
    return cast;
  }

  static bool logged(const Session& session, const std::string& line) {
    for (const LogEntry& entry : session.state().log) {
      if (entry.text.rfind(line, 0) == 0) return true;
    }
    return false;
  }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  CardLibrary cards_;
  std::int64_t clock_ = 0;
};

TEST_F(UndoCheckTest, UndoingACastVoteIsACheckThatPassKeepsTheVote) {
  Session session = with_a_cast_vote();
  ASSERT_EQ(votes_cast(session), 1);
  must(session, Undo{});
  const Prompt prompt = session.prompt();
  EXPECT_NE(prompt.text.find("a vote once cast cannot be changed"), std::string::npos) << prompt.text;
  ASSERT_NE(prompt.find_label(kDoItAnywayLabel), nullptr);
  EXPECT_EQ(votes_cast(session), 1) << "nothing is undone while the check waits";
  EXPECT_TRUE(stopped_at_check(session, session.events().back().group));

  must(session, Pass{});
  EXPECT_EQ(votes_cast(session), 1);
  EXPECT_TRUE(logged(session, "Cancelled: a vote once cast cannot be changed"));
  EXPECT_FALSE(session.state().pending.has_value());
  must(session, Choose{"No"});  // the vote goes on: the next seat answers
  EXPECT_EQ(votes_cast(session), 2);
}

TEST_F(UndoCheckTest, DoItAnywayUndoesTheVoteAndLogsTheOverride) {
  Session session = with_a_cast_vote();
  must(session, Undo{});
  must(session, Choose{kDoItAnywayLabel});
  EXPECT_EQ(votes_cast(session), 0);
  EXPECT_FALSE(session.state().pending.has_value());
  EXPECT_TRUE(logged(session, "Override: a vote once cast cannot be changed"));
  EXPECT_TRUE(logged(session, "Undone: "));
  EXPECT_TRUE(session.can_redo());

  // Cast again: the seat's new answer stands, and the log replays to the same state.
  must(session, Choose{"No"});
  EXPECT_EQ(to_json(session.state())["detail"]["vote"]["answers"][2], "no");  // Cat, who called it, answers first
  const std::uint64_t live = state_hash(session.state());
  Session reopened = open();
  EXPECT_EQ(state_hash(reopened.state()), live);
}

TEST_F(UndoCheckTest, TheCheckWaitingSurvivesARestart) {
  {
    Session session = with_a_cast_vote();
    must(session, Undo{});
  }
  Session reopened = open();
  ASSERT_TRUE(reopened.state().pending.has_value());
  EXPECT_NE(reopened.prompt().text.find("a vote once cast cannot be changed"), std::string::npos);
  must(reopened, Ok{});  // OK is the prompt's "do it anyway", as for every check
  EXPECT_EQ(votes_cast(reopened), 0);
}

TEST_F(UndoCheckTest, OtherMovesUndoAsBefore) {
  Session session = open();
  must(session, StartGame{"tally", {"Ann", "Ben"}});
  must(session, Choose{"Take a Gold"});
  must(session, Undo{});
  EXPECT_FALSE(session.state().pending.has_value());
  EXPECT_EQ(to_json(session.state())["detail"]["gold"][0], 0);
  EXPECT_FALSE(logged(session, "Override:"));
}

TEST_F(UndoCheckTest, AnythingButAnAnswerWaitsForTheCheck) {
  Session session = with_a_cast_vote();
  must(session, Undo{});
  auto r = session.apply(Choose{"No"}, clock_ += 1000);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("waits"), std::string::npos) << r.error().message;
  EXPECT_EQ(votes_cast(session), 1);
}

}  // namespace
}  // namespace seneschal::engine
