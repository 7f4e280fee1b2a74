#include <gtest/gtest.h>

#include "common/TempDir.hpp"
#include "TestCards.hpp"
#include "seneschal/engine/session.hpp"

namespace seneschal::engine {
namespace {

class R9eTurnTest : public ::testing::Test {
 protected:
  R9eTurnTest() {
    register_builtin_modules(registry_);
    auto store = EventStore::open(dir_.file("r9e.sqlite"));
    auto session = Session::resume(std::move(store).value(), registry_, test::r9e_library());
    session_.emplace(std::move(session).value());
    do_(StartGame{"r9e", {"Mark", "Shawn", "Louis"}});
  }

  void do_(const Command& command) {
    auto r = session_->apply(command, 0);
    ASSERT_TRUE(r.has_value()) << r.error().message;
  }
  std::string refusal(const Command& command) {
    auto r = session_->apply(command, 0);
    return r.has_value() ? std::string("accepted") : r.error().message;
  }
  const TableState& state() const { return session_->state(); }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  std::optional<Session> session_;
};

TEST_F(R9eTurnTest, GameOpensInSummerWithTheOrdainedToAct) {
  EXPECT_EQ(state().turn, 1);
  EXPECT_EQ(state().phase, "Summer");
  EXPECT_EQ(state().ordained, 0);
  EXPECT_EQ(state().to_act, 0);
}

TEST_F(R9eTurnTest, ActionsGoClockwise) {
  do_(PresentCard{"HEKTOR", 1});
  EXPECT_EQ(state().to_act, 1);
  do_(Pass{});
  EXPECT_EQ(state().to_act, 2);
  do_(Pass{});
  EXPECT_EQ(state().to_act, 0);
}

TEST_F(R9eTurnTest, PhaseEndsWhenAllPassInARow) {
  do_(Pass{});
  do_(Pass{});
  do_(PresentCard{"ZAHIR", 1});  // Louis breaks the run of passes
  do_(Pass{});
  do_(Pass{});
  EXPECT_EQ(state().phase, "Summer");
  do_(Pass{});
  EXPECT_EQ(state().phase, "Autumn");
  EXPECT_EQ(state().to_act, state().ordained);
}

TEST_F(R9eTurnTest, WinterPassesTheOrdainedLeftAndSpringStraightens) {
  do_(PresentCard{"TRAINING-GROUNDS", 1});  // properties enter play bowed
  ASSERT_TRUE(state().players[0].in_play[0].bowed);
  for (int phase = 0; phase < 3; ++phase) {
    for (int seat = 0; seat < 3; ++seat) do_(Pass{});
  }
  EXPECT_EQ(state().turn, 2);
  EXPECT_EQ(state().phase, "Summer");
  EXPECT_EQ(state().ordained, 1);
  EXPECT_EQ(state().to_act, 1);
  EXPECT_FALSE(state().players[0].in_play[0].bowed);
}

TEST_F(R9eTurnTest, HeroesOnlyComeInDuringSummer) {
  for (int seat = 0; seat < 3; ++seat) do_(Pass{});
  ASSERT_EQ(state().phase, "Autumn");
  EXPECT_EQ(refusal(PresentCard{"HEKTOR", 1}), "Hektor comes into play in Summer; it is Autumn");
  EXPECT_EQ(refusal(PresentCard{"BLIGHT", 1}), "accepted");  // tactics are fine in Autumn
}

TEST_F(R9eTurnTest, CastlesAreNotPlayedFromHand) {
  EXPECT_EQ(refusal(PresentCard{"BORDER-KEEP", 1}), "castles are placed at setup, not played");
}

TEST_F(R9eTurnTest, TheSameCopyCannotBeInPlayTwice) {
  do_(PresentCard{"HEKTOR", 1});
  EXPECT_EQ(refusal(PresentCard{"HEKTOR", 1}), "Hektor #1 is already in play for Mark");
  EXPECT_EQ(refusal(PresentCard{"HEKTOR", 2}), "accepted");  // a second copy is a second card
}

TEST_F(R9eTurnTest, QuestGivesItsRenownReward) {
  do_(PresentCard{"THE-BIGGEST-TURNIP", 1});
  EXPECT_EQ(state().players[0].renown, 2);
  ASSERT_EQ(state().players[0].quests.size(), 1u);
  EXPECT_FALSE(state().players[0].quests[0].completed);
}

}  // namespace
}  // namespace seneschal::engine
