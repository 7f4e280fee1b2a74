#include "seneschal/engine/session.hpp"

#include <gtest/gtest.h>

#include "SessionFixture.hpp"
#include "seneschal/engine/state_json.hpp"

namespace seneschal::engine {
namespace {

class SessionTest : public test::SessionFixture {
 protected:
  static void must(Session& session, const Command& command) {
    auto r = session.apply(command, 42);
    ASSERT_TRUE(r.has_value()) << r.error().message;
  }

};

TEST_F(SessionTest, ScannedCardIsLoggedBeforeItIsShown) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  const std::size_t before = session.events().size();
  must(session, PresentCard{"HEKTOR", 1});
  ASSERT_EQ(session.state().players[0].in_play.size(), 2u);  // Motte and Bailey, Hektor
  // The move is in the SQLite file: a second store on the same file reads it back.
  auto other = EventStore::open(dir_.file("game.sqlite"));
  ASSERT_TRUE(other.has_value());
  auto events = other->load_all();
  ASSERT_TRUE(events.has_value());
  ASSERT_EQ(events->size(), before + 2);  // the move, then where the card lies
  const Event& played = (*events)[events->size() - 2];
  EXPECT_EQ(played.type, "card_played");
  EXPECT_EQ(played.data.at("command").at("card"), "HEKTOR");
  EXPECT_EQ(played.at_ms, 42);
  EXPECT_EQ(events->back().type, "table");
  EXPECT_EQ(events->back().group, played.seq);
}

TEST_F(SessionTest, ReopeningReplaysToTheSameStateHash) {
  std::uint64_t before = 0;
  {
    Session session = open();
    test::quick_setup(session, {"Mark", "Shawn"});
    must(session, PresentCard{"HEKTOR", 1});
    must(session, PresentCard{"JACK-NEWCOMER", 1});
    must(session, Pass{});
    must(session, Undo{});
    before = state_hash(session.state());
  }
  Session replayed = open();
  EXPECT_EQ(state_hash(replayed.state()), before);
  EXPECT_EQ(replayed.state().players[1].in_play.size(), 2u);
  EXPECT_EQ(replayed.state().to_act, 0);
}

TEST_F(SessionTest, RefusedCommandWritesNothing) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  const auto hash = state_hash(session.state());
  const std::size_t events = session.events().size();
  auto refused = session.apply(PresentCard{"NO-SUCH-CARD", 1}, 1);
  ASSERT_FALSE(refused.has_value());
  EXPECT_NE(refused.error().message.find("NO-SUCH-CARD"), std::string::npos);
  EXPECT_EQ(state_hash(session.state()), hash);
  EXPECT_EQ(session.events().size(), events);
}

TEST_F(SessionTest, UndoAndRedoAreEventsNotDeletions) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  const std::size_t events = session.events().size();
  must(session, PresentCard{"HEKTOR", 1});
  must(session, Undo{});
  EXPECT_EQ(session.state().players[0].in_play.size(), 1u);
  EXPECT_EQ(session.state().to_act, 0);
  must(session, Redo{});
  EXPECT_EQ(session.state().players[0].in_play.size(), 2u);
  EXPECT_EQ(session.events().size(), events + 4);  // played, on the table, undone, redone
  EXPECT_EQ(session.state().log.back().text, "Redone: Mark brings Hektor into play");
  // The board is the same as before the undo; only the log tells the story.
  auto board = to_json(session.state());
  board.erase("log");
  must(session, Undo{});
  must(session, Redo{});
  auto again = to_json(session.state());
  again.erase("log");
  EXPECT_EQ(board, again);
}

TEST_F(SessionTest, NewMoveAfterUndoForgetsTheRedo) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  must(session, PresentCard{"HEKTOR", 1});
  must(session, Undo{});
  must(session, PresentCard{"ZAHIR", 1});
  EXPECT_FALSE(session.apply(Redo{}, 1).has_value());
  ASSERT_EQ(session.state().players[0].in_play.size(), 2u);
  EXPECT_EQ(session.state().players[0].in_play[1].card, "ZAHIR");
}

TEST_F(SessionTest, NothingToUndoAtTheStart) {
  Session session = open();
  must(session, StartGame{"r9e", {"Mark"}});
  auto r = session.apply(Undo{}, 1);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "nothing to undo");
}

TEST_F(SessionTest, MenuIsNotLoggedAndItsUndoUndoesTheLastMove) {
  Session session = open();
  test::quick_setup(session, {"Mark", "Shawn"});
  must(session, PresentCard{"HEKTOR", 1});
  const std::size_t events = session.events().size();
  must(session, Menu{});
  EXPECT_TRUE(session.menu_open());
  EXPECT_TRUE(session.prompt().has_option("Undo"));
  EXPECT_EQ(session.events().size(), events);  // opening the menu is not a move
  must(session, Choose{"Undo"});
  EXPECT_FALSE(session.menu_open());
  EXPECT_EQ(session.state().players[0].in_play.size(), 1u);
}

TEST_F(SessionTest, StartGameRefusesDuplicateSeatsAndUnknownGames) {
  Session session = open();
  EXPECT_FALSE(session.apply(StartGame{"r9e", {"Mark", "Mark"}}, 1).has_value());
  auto unknown = session.apply(StartGame{"chess", {"Mark"}}, 1);
  ASSERT_FALSE(unknown.has_value());
  EXPECT_NE(unknown.error().message.find("chess"), std::string::npos);
  EXPECT_TRUE(session.events().empty());
}

TEST_F(SessionTest, CommandsBeforeAGameAreRefused) {
  Session session = open();
  auto r = session.apply(PresentCard{"HEKTOR", 1}, 1);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("no game"), std::string::npos);
}

}  // namespace
}  // namespace seneschal::engine
