// Issue [3/8] in R9E: the device asks only what it cannot see. The next seat's stronghold laid
// says the seat before is done with its castles and keeps its hand; Winter's food goes unasked
// onto the one castle with room.
#include <gtest/gtest.h>

#include "R9eBattleFixture.hpp"
#include "R9eTable.hpp"

namespace seneschal::engine {
namespace {

using test::R9eTable;

class R9ePressesTest : public ::testing::Test {
 protected:
  R9ePressesTest() : table_({"Mark", "Shawn"}) { table_.tell_example_of_play(); }
  void all_pass() {
    for (std::size_t i = 0; i < table_.state().players.size(); ++i) table_.pass();
  }
  R9eTable table_;
};

TEST_F(R9ePressesTest, TheNextSeatsStrongholdEndsTheCastlesAndKeepsTheHand) {
  table_.scan("Protectorate of Malchior");
  table_.scan("Hammerdoom's Roost");
  table_.scan("Border Keep");
  table_.scan("Kingdom of Holden");  // Shawn's: no OK for Mark's castles, none for his hand
  EXPECT_TRUE(test::logged(table_.state(), "Mark keeps the opening hand"));
  ASSERT_NE(table_.in_play("Mark", "Motte and Bailey"), nullptr);
  EXPECT_EQ(table_.books("Shawn").stronghold, "KINGDOM-OF-HOLDEN");
  EXPECT_EQ(table_.prompt().text.rfind("Setup: Shawn, scan each starting castle", 0), 0u) << table_.prompt().text;
}

// Shawn's Border Keep is full, Sanctuary has room: the food carried goes there without a question.
TEST_F(R9ePressesTest, WinterFoodGoesUnaskedOntoTheOneCastleWithRoom) {
  table_.seat_setup("Protectorate of Malchior", {"Hammerdoom's Roost", "Border Keep"});
  table_.seat_setup("Kingdom of Holden", {"Border Keep", "Sanctuary"});
  table_.choose("Mark");
  table_.ok();  // Spring
  table_.pass();
  table_.scan("Training Grounds");
  all_pass();  // Summer ends
  table_.menu("Adjust");
  table_.choose("Food: Sanctuary (Shawn)");
  table_.set(1);
  table_.menu("Adjust");
  table_.choose("Training Grounds (Shawn)");
  table_.choose("Food carried");
  table_.set(1);
  all_pass();
  ASSERT_EQ(table_.state().phase, "Winter");
  EXPECT_TRUE(test::logged(table_.state(), "Shawn moves a food token from Training Grounds to Sanctuary"));
  EXPECT_EQ(table_.castle("Shawn", "Sanctuary").food, 2);
  EXPECT_EQ(table_.prompt().text.rfind("Winter: everyone draws 4", 0), 0u) << table_.prompt().text;
}

class R9ePressesBattleTest : public test::R9eBattleFixture {
 protected:
  std::string highlighted() const {
    const Prompt p = t->prompt();
    return p.options.at(static_cast<std::size_t>(p.preselected())).label;
  }
};

// Shawn's food comes from his fullest castle: Sanctuary (3) before Border Keep (2).
TEST_F(R9ePressesBattleTest, FoodIsPaidFromTheFullestCastleFirst) {
  start();
  t->scan("Hektor");
  t->choose("Hammerdoom's Roost");
  t->scan("Jack Newcomer");
  past_faction_check();
  EXPECT_EQ(t->prompt().labels(), (std::vector<std::string>{"Border Keep", "Sanctuary", "Cancel"}));
  EXPECT_EQ(highlighted(), "Sanctuary");
}

// Sending heroes: the first ready one is highlighted (OK takes it); once one goes, PASS is Done.
// Heroes all bowed: Done is highlighted (a bowed hero is a check).
TEST_F(R9ePressesBattleTest, TheFirstReadyHeroIsHighlightedAndPassEndsTheSending) {
  start();
  example_armies();
  t->menu("Attack");
  EXPECT_EQ(highlighted(), "Hektor");
  EXPECT_TRUE(t->prompt().ok.empty());
  EXPECT_EQ(t->prompt().pass, "call off the attack");
  t->choose("Hektor");
  t->choose("Border Keep");
  EXPECT_EQ(t->prompt().pass, "attackers done");
  t->pass();
  EXPECT_TRUE(test::logged(t->state(), "Mark sends no more units"));
}

}  // namespace
}  // namespace seneschal::engine
