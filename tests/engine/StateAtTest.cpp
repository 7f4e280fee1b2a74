// Stepping a finished game move by move (`seneschal review`): Session::state_at folds the log up
// to an event with only the moves in effect, so each step is the game as it stood then, and a
// move the table took back never shows.
#include <gtest/gtest.h>

#include "SessionFixture.hpp"
#include "seneschal/engine/state_json.hpp"

namespace seneschal::engine {
namespace {

class StateAtTest : public test::SessionFixture {
 protected:
  static void must(Session& session, const Command& command) {
    auto r = session.apply(command, 7);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message;
  }
  static void step(Session& session) { must(session, session.prompt().pass.empty() ? Command{Ok{}} : Command{Pass{}}); }
};

TEST_F(StateAtTest, TheLastEventGivesTheStateItself) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  for (int i = 0; i < 6; ++i) step(session);
  auto at = session.state_at(session.events().back().seq);
  ASSERT_TRUE(at.has_value()) << at.error().message;
  EXPECT_EQ(state_hash(*at), state_hash(session.state()));
}

TEST_F(StateAtTest, EachMoveIsTheStateAsItStoodThen) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  std::vector<std::pair<std::int64_t, std::uint64_t>> seen;
  for (int i = 0; i < 6; ++i) {
    step(session);
    seen.push_back({session.events().back().seq, state_hash(session.state())});
  }
  for (const auto& [seq, hash] : seen) {
    auto at = session.state_at(seq);
    ASSERT_TRUE(at.has_value()) << at.error().message;
    EXPECT_EQ(state_hash(*at), hash) << "after event " << seq;
  }
}

TEST_F(StateAtTest, AMoveTakenBackNeverShows) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  step(session);
  const std::uint64_t before = state_hash(session.state());
  const std::size_t moves_before = session.moves().size();
  step(session);
  const std::int64_t undone_move_end = session.events().back().seq;
  must(session, Undo{});
  EXPECT_EQ(session.moves().size(), moves_before);
  auto at = session.state_at(undone_move_end);
  ASSERT_TRUE(at.has_value());
  // The undone move's events are skipped: the state is the one before it (the log lines aside).
  EXPECT_EQ(state_hash(*at), before);
}

// One fold for every step: walk sees after each event the state state_at gives for it.
TEST_F(StateAtTest, AWalkSeesEachEventsStateOnce) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  step(session);
  step(session);
  must(session, Undo{});
  step(session);
  std::vector<std::int64_t> seqs;
  auto walked = session.walk([&](const Event& event, const TableState& state) {
    seqs.push_back(event.seq);
    auto at = session.state_at(event.seq);
    ASSERT_TRUE(at.has_value());
    EXPECT_EQ(state_hash(state), state_hash(*at)) << "after event " << event.seq;
  });
  ASSERT_TRUE(walked.has_value()) << walked.error().message;
  ASSERT_EQ(seqs.size(), session.events().size());
  for (std::size_t i = 0; i < seqs.size(); ++i) EXPECT_EQ(seqs[i], session.events()[i].seq);
}

TEST_F(StateAtTest, NothingBeforeTheGameIsAnEmptyState) {
  Session session = open();
  auto at = session.state_at(0);
  ASSERT_TRUE(at.has_value());
  EXPECT_FALSE(at->started());
}

}  // namespace
}  // namespace seneschal::engine
