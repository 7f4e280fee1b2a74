// Raids on the shipped card data: "Raids" (Flow of a Raid) and the Example of Play's raid on
// Hammerdoom's Roost.
#include <gtest/gtest.h>

#include <algorithm>

#include "R9eTable.hpp"

namespace seneschal::engine {
namespace {

using test::R9eTable;

using test::logged;

// Mark (Malchior: Hammerdoom's Roost, Border Keep) and Shawn (Holden: Border Keep, Sanctuary).
class R9eRaidTest : public ::testing::Test {
 protected:
  R9eRaidTest() : t({"Mark", "Shawn"}) {
    t.tell("Protectorate of Malchior", "renown", 5);
    t.tell("Protectorate of Malchior", "castle_points", 5);
    t.tell("Kingdom of Holden", "castle_points", 5);
    for (const char* castle : {"Hammerdoom's Roost", "Border Keep", "Sanctuary"}) {
      t.tell(castle, "castle_point_cost", 1);
    }
    t.tell("Hammerdoom's Roost", "storage", 3);
    t.tell("Border Keep", "storage", 2);
    t.tell("Sanctuary", "storage", 3);
    for (const char* hero : {"Hektor", "Zahir", "Jack Newcomer"}) t.tell(hero, "gold_cost", 0);
    t.tell("Hektor", "strength", 4);
    t.tell("Hektor", "raid_bonus", 0);  // his keywords are not in the data: the table is asked
    t.tell("Zahir", "raid_bonus", 0);
    t.tell("Hektor", "carry_bonus", 0);
    t.tell("Zahir", "carry_bonus", 0);
    // The text on Hammerdoom's Roost adds a food when Mark's attack takes a castle (line 859).
    t.tell("Hammerdoom's Roost", "food_per_castle_taken", 1);
    t.tell("Border Keep", "food_per_castle_taken", 0);
    t.seat_setup("Protectorate of Malchior", {"Hammerdoom's Roost", "Border Keep"});
    t.seat_setup("Kingdom of Holden", {"Border Keep", "Sanctuary"});
    t.choose("Mark");
    t.ok();
  }

  // Summer: Hektor (and Zahir) for Mark, Jack Newcomer for Shawn; all pass into Autumn.
  void to_autumn(bool with_zahir = false) {
    t.scan("Hektor");
    t.choose("Hammerdoom's Roost");
    t.scan("Jack Newcomer");
    past_faction_check();
    t.choose("Sanctuary");
    if (with_zahir) {
      t.scan("Zahir");
      t.choose("Border Keep");
    } else {
      t.pass();  // Mark
    }
    t.pass();                  // Shawn
    if (with_zahir) t.pass();  // Mark
    ASSERT_EQ(t.state().phase, "Autumn");
    ASSERT_EQ(t.state().to_act, t.seat("Mark"));
  }

  // Mark raids Shawn's Border Keep with Hektor; Shawn defends it with Jack or not.
  void mark_raids_border_keep(bool defended) {
    to_autumn();
    t.menu("Raid");
    t.choose("Hektor");
    t.choose("Border Keep");
    if (defended) {
      t.choose("Jack Newcomer");
      t.choose("Border Keep");
    } else {
      t.choose("Done");
    }
    t.pass();  // Shawn
    t.pass();  // Mark: reveal
  }

  // Jack Newcomer's keywords in the data are only those the rulebook mentions (Questor, Raid +1),
  // so the faction check may stop him; the table confirms.
  void past_faction_check() {
    if (!t.warning().empty()) t.choose("Do it anyway");
  }

  const CardInPlay& card(const std::string& seat, const std::string& title) {
    const CardInPlay* found = t.in_play(seat, title);
    if (!found) throw std::runtime_error(title + " is not in play for " + seat);
    return *found;
  }

  R9eTable t;
};

TEST_F(R9eRaidTest, ExampleOfPlayRaidOnHammerdoomsRoost) {
  // Summer as in the Example: Mark's attack leaves Hektor and Zahir bowed at home.
  t.scan("Hektor");
  t.choose("Hammerdoom's Roost");
  t.scan("Jack Newcomer");
  past_faction_check();
  t.choose("Sanctuary");
  t.scan("Zahir");
  t.choose("Border Keep");
  t.pass();  // Shawn
  t.menu("Attack");
  t.choose("Hektor");
  t.choose("Border Keep");
  t.choose("Zahir");
  t.choose("Border Keep");
  t.choose("Jack Newcomer");
  t.choose("Border Keep");
  t.pass();  // Shawn
  t.choose("Hektor");
  t.choose("Engage now");
  t.set(2);  // Blight: the damage left, dealt at once
  t.choose("Food on Border Keep");
  t.pass();  // Shawn
  t.menu("Adjust");
  t.choose("Zahir (Mark)");
  t.choose("Strength this turn");
  t.set(2);
  t.choose("Zahir");
  t.choose("Engage now");
  t.ok();
  t.choose("Bury castle Border Keep");
  ASSERT_EQ(t.state().to_act, t.seat("Shawn"));
  t.pass();  // Shawn (The Biggest Turnip is not played here)
  t.pass();  // Mark
  ASSERT_EQ(t.state().phase, "Autumn");
  t.pass();  // Mark has no unbowed heroes
  t.menu("Raid");
  EXPECT_TRUE(logged(t.state(), "Shawn raids Mark"));
  t.choose("Jack Newcomer");
  EXPECT_TRUE(t.prompt().has_option("Hammerdoom's Roost"));
  EXPECT_TRUE(t.prompt().has_option("Border Keep"));
  t.choose("Hammerdoom's Roost");
  EXPECT_TRUE(logged(t.state(), "Shawn sends Jack Newcomer to raid Hammerdoom's Roost, with a stealth card face down"));
  // Mark's heroes are bowed: offered (a card may let one defend, a check), and he sends none; the
  // one raid begins with Mark's Raid action.
  EXPECT_TRUE(t.prompt().has_option("Hektor"));
  t.pass();  // defenders done
  EXPECT_TRUE(logged(t.state(), "Mark sends no more defenders"));
  EXPECT_EQ(t.state().to_act, t.seat("Mark"));
  t.pass();          // Mark: Caught! needs a defending hero
  t.pass();          // Shawn
  t.scan("Blight");  // Fate 1, + Raid 1 from Jack Newcomer
  EXPECT_TRUE(logged(t.state(),
                     "Jack Newcomer 2 (Fate 1 + Raid 1) against the Might 1 of Hammerdoom's Roost: the raid succeeds, "
                     "Shawn wins"));
  EXPECT_TRUE(logged(t.state(), "Shawn moves 1 food from Hammerdoom's Roost onto Jack Newcomer"));
  EXPECT_EQ(card("Shawn", "Jack Newcomer").token("food"), 1);
  // 3, less 1 for Hektor, 1 more from its text when Border Keep fell, less 1 stolen.
  EXPECT_EQ(t.castle("Mark", "Hammerdoom's Roost").food, 2);
  EXPECT_TRUE(card("Shawn", "Jack Newcomer").bowed);
  EXPECT_TRUE(logged(t.state(), "The Raiding Phase ends"));
  EXPECT_EQ(t.state().phase, "Autumn");
  EXPECT_EQ(t.state().to_act, t.seat("Mark"));
}

TEST_F(R9eRaidTest, RaidTieGoesToTheDefender) {
  mark_raids_border_keep(true);
  t.set(2);          // Hektor: Fate 2 + Raid 0
  t.scan("Blight");  // Jack: Fate 1 + Raid 1
  EXPECT_TRUE(logged(t.state(),
                     "Hektor 2 (Fate 2) against Jack Newcomer 2 (Fate 1 + Raid 1): the raid fails, Shawn wins (the "
                     "defender wins ties)"));
  EXPECT_EQ(t.castle("Shawn", "Border Keep").food, 2);
  EXPECT_EQ(card("Mark", "Hektor").token("food"), 0);
}

TEST_F(R9eRaidTest, RaiderWinsWithAStrictlyHigherTotal) {
  mark_raids_border_keep(true);
  t.set(3);
  t.scan("Blight");
  EXPECT_TRUE(
      logged(t.state(), "Hektor 3 (Fate 3) against Jack Newcomer 2 (Fate 1 + Raid 1): the raid succeeds, Mark wins"));
  EXPECT_EQ(t.castle("Shawn", "Border Keep").food, 1);
  EXPECT_EQ(card("Mark", "Hektor").token("food"), 1);
}

TEST_F(R9eRaidTest, RaiderBowsAndGoesHomeDefenderStaysUnbowed) {
  mark_raids_border_keep(true);
  t.set(0);
  t.set(0);
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  EXPECT_FALSE(card("Shawn", "Jack Newcomer").bowed);
  EXPECT_TRUE(logged(t.state(), "Hektor goes home bowed, Jack Newcomer goes home unbowed"));
  EXPECT_EQ(t.state().to_act, t.seat("Shawn"));  // the Autumn goes on
}

TEST_F(R9eRaidTest, UndefendedRaidMustExceedTheMight) {
  mark_raids_border_keep(false);
  t.scan("Blight");  // 1 against Might 1
  EXPECT_TRUE(logged(t.state(), "Hektor 1 (Fate 1) against the Might 1 of Border Keep: the raid fails, Shawn wins (it "
                                "must exceed the Might)"));
  EXPECT_EQ(t.castle("Shawn", "Border Keep").food, 2);
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
}

TEST_F(R9eRaidTest, UndefendedRaidAboveTheMightSucceeds) {
  mark_raids_border_keep(false);
  t.scan("Undermarket Dealings");  // 2 against Might 1
  EXPECT_EQ(t.castle("Shawn", "Border Keep").food, 1);
  EXPECT_EQ(card("Mark", "Hektor").token("food"), 1);
}

TEST_F(R9eRaidTest, CarryStealsMoreFood) {
  t.tell("Hektor", "carry_bonus", 1);
  mark_raids_border_keep(false);
  t.set(2);
  EXPECT_TRUE(logged(t.state(), "Mark moves 2 food from Border Keep onto Hektor (Carry 1)"));
  EXPECT_EQ(t.castle("Shawn", "Border Keep").food, 0);
  EXPECT_EQ(card("Mark", "Hektor").token("food"), 2);
}

TEST_F(R9eRaidTest, CarryCannotStealMoreThanIsThere) {
  t.tell("Hektor", "carry_bonus", 4);
  mark_raids_border_keep(false);
  t.set(5);
  EXPECT_TRUE(logged(t.state(), "Mark moves 2 food from Border Keep onto Hektor (Carry 4) - all there was"));
  EXPECT_EQ(t.castle("Shawn", "Border Keep").food, 0);
  EXPECT_EQ(card("Mark", "Hektor").token("food"), 2);
}

TEST_F(R9eRaidTest, OneRaidingUnitPerCastle) {
  to_autumn(true);
  t.menu("Raid");
  t.choose("Hektor");
  t.choose("Border Keep");
  t.choose("Zahir");  // Border Keep is taken: Sanctuary is the only castle left for him
  EXPECT_TRUE(logged(t.state(), "Mark sends Zahir to raid Sanctuary"));
  // Both raiders out: Shawn defends, then Mark picks the raid to resolve.
  t.choose("Done");
  EXPECT_TRUE(t.prompt().has_option("Border Keep"));
  EXPECT_TRUE(t.prompt().has_option("Sanctuary"));
  t.choose("Sanctuary");
  EXPECT_TRUE(logged(t.state(), "The raid on Shawn's Sanctuary: Zahir raids, undefended"));
}

TEST_F(R9eRaidTest, OneDefendingUnitPerCastle) {
  to_autumn();
  t.menu("Raid");
  t.choose("Hektor");
  t.choose("Border Keep");
  t.choose("Jack Newcomer");
  EXPECT_TRUE(t.prompt().has_option("Border Keep"));
  EXPECT_TRUE(t.prompt().has_option("Sanctuary"));  // a castle without a raider may be defended
  t.choose("Sanctuary");
  t.pass();
  t.pass();
  t.set(2);  // undefended at Border Keep: 2 against Might 1
  EXPECT_EQ(t.castle("Shawn", "Border Keep").food, 1);
}

// "Bowed cards cannot attack, defend, or raid" (line 402): a bowed hero is offered, since a card
// may allow it, and sending it is a check; Cancel leaves it home.
TEST_F(R9eRaidTest, ABowedHeroIsOfferedToRaidAndSendingItIsACheck) {
  to_autumn(true);
  t.menu("Adjust");
  t.choose("Hektor (Mark)");
  t.choose("Bow");
  t.menu("Raid");
  EXPECT_TRUE(t.prompt().has_option("Hektor"));
  EXPECT_TRUE(t.prompt().has_option("Zahir"));
  t.choose("Hektor");
  EXPECT_EQ(t.warning(), "Hektor is bowed: bowed cards cannot attack, defend, or raid");
  t.choose("Cancel");
  EXPECT_FALSE(logged(t.state(), "Mark picks Hektor to raid"));
  EXPECT_TRUE(t.prompt().has_option("Hektor"));
}

TEST_F(R9eRaidTest, RaidActionsAlternateFromTheDefenderUntilBothPass) {
  to_autumn();
  t.menu("Raid");
  t.choose("Hektor");
  t.choose("Border Keep");
  t.choose("Jack Newcomer");
  t.choose("Border Keep");
  EXPECT_EQ(t.state().to_act, t.seat("Shawn"));
  t.scan("Blight");  // Shawn's Raid action
  EXPECT_TRUE(logged(t.state(), "Shawn plays Blight in the raid on Border Keep"));
  EXPECT_EQ(t.state().to_act, t.seat("Mark"));
  t.pass();
  t.pass();
  EXPECT_TRUE(t.prompt().wants_number);
  EXPECT_TRUE(t.prompt().text.find("Mark: reveal the stealth card on Hektor") == 0) << t.prompt().text;
}

TEST_F(R9eRaidTest, OneRaidPerTurnIsAWarningThatCanBeOverridden) {
  to_autumn();
  t.menu("Raid");
  t.choose("Cancel");  // called off: not a raid yet
  t.menu("Raid");
  t.choose("Done");  // no raiders: the Raiding Phase ends at once
  EXPECT_TRUE(logged(t.state(), "The Raiding Phase ends"));
  t.pass();  // Shawn
  ASSERT_EQ(t.state().to_act, t.seat("Mark"));
  t.must(Menu{});
  ASSERT_TRUE(t.prompt().has_option("Raid"));
  t.choose("Raid");
  EXPECT_EQ(t.warning(), "Mark has already raided this turn: one raid per player per turn");
  t.choose("Do it anyway");
  EXPECT_TRUE(t.prompt().has_option("Hektor"));
}

}  // namespace
}  // namespace seneschal::engine
