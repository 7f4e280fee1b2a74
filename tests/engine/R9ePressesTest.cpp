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

// Motte and Bailey laid beside the castles: they are down (no OK) and that copy enters play.
TEST_F(R9ePressesTest, MotteAndBaileyLaidEndsTheCastles) {
  table_.scan("Protectorate of Malchior");
  table_.scan("Hammerdoom's Roost");
  table_.scan("Motte and Bailey", 2);
  const CardInPlay* motte = table_.in_play("Mark", "Motte and Bailey");
  ASSERT_NE(motte, nullptr);
  EXPECT_EQ(motte->copy, 2);
  EXPECT_TRUE(test::logged(table_.state(), "Mark puts Motte and Bailey into play"));
  EXPECT_EQ(table_.prompt().text.rfind("Mark: draw", 0), 0u) << table_.prompt().text;
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

// At Mark's battle action, Hektor turned to bowed is Mark engaging him: his unit has nothing
// else to add, so the damage is dealt at once (UNDO takes it back).
TEST_F(R9ePressesBattleTest, AHeroTurnedAtItsSeatsBattleActionEngages) {
  start();
  attack_border_keep();
  t->pass();  // Shawn
  t->must(TurnCard{"HEKTOR", 1, 90});
  EXPECT_TRUE(test::logged(t->state(), "Mark picks Hektor to engage"));
  EXPECT_TRUE(test::logged(t->state(), "Mark engages Hektor for 4 damage"));
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  EXPECT_EQ(t->prompt().text.rfind("Mark engages for 4 damage", 0), 0u) << t->prompt().text;
}

// The damage set after a React is the damage the table means: dealt at once, no OK after it.
TEST_F(R9ePressesBattleTest, TheDamageSetIsDealtAtOnce) {
  start();
  attack_border_keep();
  t->pass();  // Shawn
  t->must(TurnCard{"HEKTOR", 1, 90});
  t->scan("Blight");
  t->set(2);
  EXPECT_TRUE(test::logged(t->state(), "The damage is changed by card abilities: 4 -> 2"));
  EXPECT_TRUE(test::logged(t->state(), "Mark deals 2 damage"));
  EXPECT_EQ(t->prompt().text.rfind("Shawn: absorb 2 damage at Border Keep", 0), 0u) << t->prompt().text;
}

// Turned while the other seat acts, a card is only bowed: it is not that seat's engagement.
TEST_F(R9ePressesBattleTest, ACardTurnedAtAnotherSeatsBattleActionIsOnlyBowed) {
  start();
  attack_border_keep();
  ASSERT_EQ(t->state().to_act, t->seat("Shawn"));
  t->must(TurnCard{"HEKTOR", 1, 90});
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  EXPECT_FALSE(test::logged(t->state(), "Mark picks Hektor to engage"));
  EXPECT_EQ(t->prompt().text.rfind("Shawn's action at Border Keep", 0), 0u) << t->prompt().text;
}

// A unit with a cohort: the turned hero waits for the rest of its unit; Engage now is highlighted.
TEST_F(R9ePressesBattleTest, AHeroWithACohortTurnedWaitsForTheRestOfItsUnit) {
  start();
  t->scan("Hektor");
  t->choose("Hammerdoom's Roost");
  t->pass();  // Shawn
  t->scan("Malchian Guard");
  if (!t->warning().empty()) t->choose("Do it anyway");
  if (t->prompt().has_option("Hektor")) t->choose("Hektor");
  t->scan("Jack Newcomer");
  if (!t->warning().empty()) t->choose("Do it anyway");
  if (t->prompt().has_option("Sanctuary")) t->choose("Sanctuary");
  t->menu("Attack");
  t->choose("Hektor");
  t->choose("Border Keep");
  t->choose("Jack Newcomer");
  t->choose("Border Keep");
  t->pass();  // Shawn
  t->must(TurnCard{"HEKTOR", 1, 90});
  const Prompt more = t->prompt();
  ASSERT_TRUE(more.has_option("Malchian Guard")) << more.text;
  EXPECT_EQ(more.options.at(static_cast<std::size_t>(more.preselected())).label, "Engage now");
  EXPECT_FALSE(test::logged(t->state(), "Mark engages"));
}

// A tactic whose card adds no Strength asks for no card: the battle's order goes on.
TEST_F(R9ePressesBattleTest, ATacticWithoutAStrengthBonusAsksForNoCard) {
  start();
  attack_border_keep();
  t->pass();  // Shawn
  t->scan("Touch of Shad-Hujem");
  EXPECT_TRUE(test::logged(t->state(), "Mark plays Touch of Shad-Hujem at Border Keep"));
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  EXPECT_EQ(t->prompt().text.rfind("Shawn's action at Border Keep", 0), 0u) << t->prompt().text;
}

// At Your Command's Strength goes on no card when the table says so (PASS): nothing changes.
TEST_F(R9ePressesBattleTest, ATacticsStrengthMayGoOnNoCard) {
  start();
  attack_border_keep();
  t->pass();  // Shawn
  t->scan("At Your Command");
  ASSERT_TRUE(t->prompt().has_option("No card")) << t->prompt().text;
  t->pass();
  EXPECT_TRUE(test::logged(t->state(), "At Your Command gives its Strength to no card"));
  EXPECT_EQ(t->r9e().mods.count(card("Mark", "Zahir").uid), 0u);
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
}

// A castle's text that adds food when its player takes a castle fills it no higher than its storage.
TEST_F(R9ePressesBattleTest, FoodACastlesTextAddsForACastleTakenStopsAtItsStorage) {
  start();
  attack_border_keep();
  t->tell("Hammerdoom's Roost", "food_per_castle_taken", 2);
  ASSERT_EQ(t->castle("Mark", "Hammerdoom's Roost").food, 2);  // storage 3, one paid for Hektor
  t->pass();  // Shawn
  t->must(TurnCard{"HEKTOR", 1, 90});
  t->ok();
  t->choose("Food on Border Keep");
  t->choose("Bury castle Border Keep");
  EXPECT_EQ(t->castle("Mark", "Hammerdoom's Roost").food, 3);
  EXPECT_TRUE(test::logged(t->state(), "Hammerdoom's Roost's text adds 2 food to it, but it stores 3: 2 -> 3"));
  EXPECT_EQ(t->castle("Mark", "Border Keep").food, 1);  // its text adds none (told 0)
}

// Where a card lies on a calibrated table: a seat's area and a place in mm.
Placement at(int seat, double x_mm, double y_mm) {
  Placement where;
  where.seat = seat;
  where.quarter = 0;
  where.x_mm = x_mm;
  where.y_mm = y_mm;
  return where;
}

class R9eMovesTest : public R9ePressesBattleTest {
 protected:
  // Shawn's castles lie in his area, Border Keep on the left, Sanctuary on the right.
  void lay_shawns_castles() {
    t->must(MoveCard{"BORDER-KEEP", 1, at(t->seat("Shawn"), 200, 700)});
    t->must(MoveCard{"SANCTUARY", 1, at(t->seat("Shawn"), 400, 700)});
  }
  bool seat_mismatch(const std::string& card) {
    for (const Disagreement& d : t->session().mismatches()) {
      if (d.card == card && d.kind == "seat") return true;
    }
    return false;
  }
};

// "Mark assigns Hektor ... to attack Shawn's Border Keep": Hektor slid before Shawn's Sanctuary at
// Mark's action declares the attack on Shawn and sends him to the castle he lies nearest.
TEST_F(R9eMovesTest, AHeroSlidIntoAnotherSeatsAreaAttacksTheCastleItLiesNearest) {
  start();
  example_armies();
  lay_shawns_castles();
  t->must(MoveCard{"HEKTOR", 1, at(t->seat("Shawn"), 380, 620)});
  EXPECT_TRUE(test::logged(t->state(), "Mark attacks Shawn"));
  EXPECT_TRUE(test::logged(t->state(), "Mark sends Hektor to attack Sanctuary"));
  // Lying in Shawn's area while he attacks there is no mismatch.
  EXPECT_FALSE(seat_mismatch("HEKTOR"));
  // Zahir follows to Border Keep; Jack Newcomer, moved before it in Shawn's own area, defends it.
  t->must(MoveCard{"ZAHIR", 1, at(t->seat("Shawn"), 220, 620)});
  EXPECT_TRUE(test::logged(t->state(), "Mark sends Zahir to attack Border Keep"));
  t->must(MoveCard{"JACK-NEWCOMER", 1, at(t->seat("Shawn"), 200, 660)});
  EXPECT_TRUE(test::logged(t->state(), "Shawn defends with Jack Newcomer at Border Keep"));
  EXPECT_EQ(t->prompt().text.rfind("Mark: which castle's battle is fought next?", 0), 0u) << t->prompt().text;
}

// Without places in mm the hero is sent, and the castle is asked.
TEST_F(R9eMovesTest, WithoutPlacesTheCastleIsAsked) {
  start();
  example_armies();
  Placement shawns;
  shawns.seat = t->seat("Shawn");
  t->must(MoveCard{"HEKTOR", 1, shawns});
  EXPECT_TRUE(test::logged(t->state(), "Mark picks Hektor to attack"));
  EXPECT_EQ(t->prompt().text.rfind("Mark: Hektor attacks which of Shawn's castles?", 0), 0u) << t->prompt().text;
}

// A hero of a seat whose action it is not, slid into another area, declares nothing.
TEST_F(R9eMovesTest, AHeroOfASeatNotActingSlidDeclaresNothing) {
  start();
  example_armies();
  lay_shawns_castles();
  ASSERT_EQ(t->state().to_act, t->seat("Mark"));
  t->must(MoveCard{"JACK-NEWCOMER", 1, at(t->seat("Mark"), 200, 100)});
  EXPECT_FALSE(t->r9e().battle.has_value());
  EXPECT_FALSE(t->r9e().raid.has_value());
}

// In Autumn the same slide is a raid; the castle the hero lies nearest is the one raided.
TEST_F(R9eMovesTest, AHeroSlidInAutumnRaids) {
  start();
  example_armies();
  lay_shawns_castles();
  t->pass();  // Mark: Summer ends
  ASSERT_EQ(t->state().phase, "Autumn");
  t->tell("Hektor", "raid_bonus", 0);
  t->tell("Hektor", "carry_bonus", 0);
  t->must(MoveCard{"HEKTOR", 1, at(t->seat("Shawn"), 210, 640)});
  EXPECT_TRUE(test::logged(t->state(), "Mark raids Shawn"));
  EXPECT_TRUE(test::logged(t->state(), "Mark sends Hektor to raid Border Keep, with a stealth card face down"));
}

// Once the battle is over, an attacker still lying in the defender's area is a mismatch again.
TEST_F(R9eMovesTest, AnAttackerLeftInTheDefendersAreaAfterTheBattleIsAMismatch) {
  start();
  example_armies();
  lay_shawns_castles();
  t->must(MoveCard{"HEKTOR", 1, at(t->seat("Shawn"), 200, 620)});
  t->choose("Done");  // Zahir stays home
  t->choose("Done");  // Shawn sends no defender
  t->pass();          // Shawn
  t->pass();          // Mark: the battle at Border Keep ends
  ASSERT_FALSE(t->r9e().battle.has_value());
  EXPECT_TRUE(seat_mismatch("HEKTOR"));
}

}  // namespace
}  // namespace seneschal::engine
