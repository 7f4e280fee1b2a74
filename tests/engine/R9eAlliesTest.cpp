// Allies in a multiplayer battle (rules of play, "Multiplayer note", lines 604, 683, 689): Mark
// (Hektor, Strength 4) attacks Shawn (Colonel Baker, Strength 5); Louis (Nomhopet, Strength 2)
// chooses a side or stays out.
#include <gtest/gtest.h>

#include "R9eBattleFixture.hpp"

namespace seneschal::engine {
namespace {

using test::logged;

class R9eAlliesTest : public test::R9eBattleFixture {
 protected:
  // Three players, a hero each; Mark attacks Shawn and Louis is asked.
  void attack_with_louis_asked() {
    start({"Mark", "Shawn", "Louis"});
    t->tell_keyword("Nomhopet", "Brutal", false);
    t->scan("Hektor");
    if (t->prompt().has_option("Hammerdoom's Roost")) t->choose("Hammerdoom's Roost");  // its food
    t->scan("Colonel Baker");
    t->scan("Nomhopet");
    ASSERT_EQ(t->state().to_act, t->seat("Mark"));
    t->menu("Attack");
    t->choose("Shawn");
  }

  // Every unit at Shawn's Border Keep, Louis's too: the attacker assigns, then his allies, then the
  // defender and his.
  void assign_all_at_border_keep() {
    t->choose("Hektor");
    t->choose("Border Keep");
    const bool louis_attacks = logged(t->state(), "Louis allies with Mark");
    if (louis_attacks) {
      t->choose("Nomhopet");
      t->choose("Border Keep");
    }
    t->choose("Colonel Baker");
    t->choose("Border Keep");
    if (!louis_attacks) {
      t->choose("Nomhopet");
      t->choose("Border Keep");
    }
  }
};

TEST_F(R9eAlliesTest, EachOtherPlayerIsAskedToAllyAndNamesItsSide) {
  attack_with_louis_asked();
  EXPECT_EQ(t->state().to_act, t->seat("Louis"));
  const Prompt prompt = t->prompt();
  EXPECT_TRUE(prompt.has_option("Join Mark"));
  EXPECT_TRUE(prompt.has_option("Join Shawn"));
  EXPECT_TRUE(prompt.has_option("Stay out"));
  EXPECT_EQ(prompt.pass, "stay out");
  t->choose("Join Mark");
  EXPECT_TRUE(logged(t->state(), "Louis allies with Mark (attacking)"));
  // "The attacker (followed by any attacking allies) assigns units" (line 608).
  EXPECT_EQ(t->state().to_act, t->seat("Mark"));
  t->choose("Hektor");
  t->choose("Border Keep");
  EXPECT_EQ(t->state().to_act, t->seat("Louis"));
  EXPECT_TRUE(t->prompt().has_option("Nomhopet"));
  t->choose("Nomhopet");
  t->choose("Border Keep");
  EXPECT_TRUE(logged(t->state(), "Louis sends Nomhopet to attack Border Keep"));
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  t->choose("Colonel Baker");
  t->choose("Border Keep");
  EXPECT_TRUE(logged(t->state(),
                     "The battle at Shawn's Border Keep: Hektor and Nomhopet (Louis) attacking, Colonel Baker defending"));
}

// "In clockwise order from the attacker (not the Ordained), each player chooses" (line 604):
// Shawn attacks Louis while Mark holds the Ordained marker, so Ann is asked before Mark.
TEST_F(R9eAlliesTest, AlliesAreAskedClockwiseFromTheAttackerNotTheOrdained) {
  start({"Mark", "Shawn", "Louis", "Ann"});
  t->pass();  // Mark
  t->menu("Attack");
  t->choose("Louis");
  EXPECT_EQ(t->state().to_act, t->seat("Ann"));
  EXPECT_TRUE(t->prompt().has_option("Join Shawn"));
  EXPECT_TRUE(t->prompt().has_option("Join Louis"));
  t->pass();
  EXPECT_EQ(t->state().to_act, t->seat("Mark"));
  t->choose("Join Louis");
  EXPECT_TRUE(logged(t->state(), "Mark allies with Louis (defending)"));
}

TEST_F(R9eAlliesTest, APlayerWhoStaysOutIsNotInTheBattle) {
  attack_with_louis_asked();
  t->pass();
  EXPECT_TRUE(logged(t->state(), "Louis stays out of the battle"));
  t->choose("Hektor");
  t->choose("Border Keep");
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));  // no ally's turn to assign
  t->choose("Colonel Baker");
  t->choose("Border Keep");
  t->pass();  // Shawn
  EXPECT_EQ(t->state().to_act, t->seat("Mark"));
  t->pass();  // Mark: two players passed in a row
  EXPECT_TRUE(logged(t->state(), "The battle at Border Keep ends: Shawn holds it"));
}

// "Beginning with the defender (not the Ordained) and proceeding clockwise around the table, each
// player may perform one action at that battle until all players pass consecutively" (line 626).
TEST_F(R9eAlliesTest, ActionsGoClockwiseFromTheDefenderUntilEveryPlayerInTheBattlePasses) {
  attack_with_louis_asked();
  t->choose("Join Mark");
  assign_all_at_border_keep();
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  t->pass();
  EXPECT_EQ(t->state().to_act, t->seat("Louis"));
  t->pass();
  EXPECT_EQ(t->state().to_act, t->seat("Mark"));
  EXPECT_FALSE(logged(t->state(), "The battle at Border Keep ends"));
  t->pass();
  EXPECT_TRUE(logged(t->state(), "The battle at Border Keep ends: Shawn holds it"));
  // Attacking units go home bowed, the ally's too; the defender's stay.
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  EXPECT_TRUE(card("Louis", "Nomhopet").bowed);
  EXPECT_FALSE(card("Shawn", "Colonel Baker").bowed);
}

// An attacking ally engages its own unit; the defender absorbs; the next player clockwise acts.
TEST_F(R9eAlliesTest, AnAttackingAllyEngagesItsOwnUnitAndTheDefenderAbsorbs) {
  attack_with_louis_asked();
  t->choose("Join Mark");
  assign_all_at_border_keep();
  t->pass();  // Shawn
  EXPECT_TRUE(t->prompt().has_option("Nomhopet"));
  EXPECT_FALSE(t->prompt().has_option("Hektor"));  // Mark's card: Mark engages it on his action
  t->choose("Nomhopet");
  t->choose("Engage now");
  t->ok();  // no defending ally: nobody declares immunity against an attacker's engagement
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  t->choose("Food on Border Keep");
  EXPECT_TRUE(logged(t->state(), "Shawn absorbs 2 with the food on Border Keep"));
  EXPECT_EQ(t->state().to_act, t->seat("Mark"));
}

// "Allies (both attacking and defending) can choose whether or not to declare their own cards
// immune" (line 683), with the Strength rule as a check (line 681); "The attacker and defender
// make all choices about which cards in their armies get buried to absorb damage, and may select
// cards belonging to allies" (line 689).
TEST_F(R9eAlliesTest, ADefendingAllyDeclaresItsOwnCardImmuneAndTheDefenderMayStillBuryIt) {
  attack_with_louis_asked();
  t->choose("Join Shawn");
  EXPECT_TRUE(logged(t->state(), "Louis allies with Shawn (defending)"));
  assign_all_at_border_keep();
  EXPECT_TRUE(logged(t->state(), "Louis defends with Nomhopet at Border Keep"));
  t->pass();  // Shawn
  t->pass();  // Louis
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();  // 4 damage
  EXPECT_TRUE(logged(t->state(), "Louis may declare cards immune"));
  EXPECT_EQ(t->state().to_act, t->seat("Louis"));
  EXPECT_TRUE(t->prompt().has_option("Nomhopet (Louis)"));
  EXPECT_FALSE(t->prompt().has_option("Colonel Baker"));  // "The defender is not allowed" (line 685)
  t->choose("Nomhopet (Louis)");
  t->override_check("Nomhopet (Louis)'s Strength 2 is not above the 4 damage: only a card with more Strength is immune");
  t->choose("Done");
  EXPECT_TRUE(logged(t->state(), "Louis declares Nomhopet (Louis) immune"));
  // Shawn chooses what absorbs, Louis's card included.
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  EXPECT_TRUE(t->prompt().has_option("Bury Nomhopet (Louis)"));
  EXPECT_TRUE(t->prompt().has_option("Bury Colonel Baker"));
  t->choose("Bury Nomhopet (Louis)");
  EXPECT_TRUE(logged(t->state(), "Shawn absorbs 2 with Nomhopet (Louis) (immune, by choice) (2 left)"));
  EXPECT_EQ(t->in_play("Louis", "Nomhopet"), nullptr);
  t->pass();  // no card discarded for its Fate
  t->choose("Food on Border Keep");
  EXPECT_EQ(t->castle("Shawn", "Border Keep").food, 0);
}

// A player who joins once units are being assigned: the book calls allies when the attack is
// declared (line 604), but a card may bring one in, so the MENU offers it as a check.
TEST_F(R9eAlliesTest, AnAllyJoiningOnceUnitsAreAssignedIsACheckTheTableMayOverride) {
  attack_with_louis_asked();
  t->pass();  // Louis stays out
  t->choose("Hektor");
  t->choose("Border Keep");
  ASSERT_EQ(t->state().to_act, t->seat("Shawn"));
  t->must(Menu{});
  EXPECT_TRUE(t->prompt().has_option("Louis joins Mark"));
  EXPECT_TRUE(t->prompt().has_option("Louis joins Shawn"));
  t->choose("Louis joins Shawn");
  t->override_check("Louis joins once units are being assigned: allies are called when the attack is declared");
  EXPECT_TRUE(logged(t->state(), "Louis allies with Shawn (defending) during the battle"));
  // The defender assigns, then his new ally.
  t->choose("Colonel Baker");
  t->choose("Border Keep");
  EXPECT_EQ(t->state().to_act, t->seat("Louis"));
  t->choose("Nomhopet");
  t->choose("Border Keep");
  EXPECT_TRUE(logged(t->state(), "Colonel Baker and Nomhopet (Louis) defending"));
}

// Two players: nobody to ask, and nobody to join from the MENU.
TEST_F(R9eAlliesTest, TwoPlayersHaveNoAllies) {
  start();
  example_armies();
  t->menu("Attack");
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
  t->must(Menu{});
  for (const Option& option : t->prompt().options) EXPECT_EQ(option.label.find(" joins "), std::string::npos);
}

}  // namespace
}  // namespace seneschal::engine
