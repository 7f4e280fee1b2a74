// Battles on the shipped card data: "Battles" (Flow of a Battle, Engaging and Damage) and the
// Example of Play's attack on Shawn's Border Keep.
#include <gtest/gtest.h>

#include <algorithm>

#include "R9eBattleFixture.hpp"

namespace seneschal::engine {
namespace {

using test::R9eTable;

using test::logged;

class R9eBattleTest : public test::R9eBattleFixture {};

TEST_F(R9eBattleTest, ExampleOfPlayBattleAtBorderKeep) {
  start();
  example_armies();
  t->menu("Attack");
  // Two players: Shawn is the defender without asking.
  EXPECT_TRUE(logged(t->state(), "Mark attacks Shawn"));
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
  t->choose("Hektor");
  EXPECT_TRUE(t->prompt().has_option("Border Keep"));
  EXPECT_TRUE(t->prompt().has_option("Sanctuary"));
  t->choose("Border Keep");
  t->choose("Zahir");
  t->choose("Border Keep");
  // Every attacker is placed: Shawn assigns.
  EXPECT_TRUE(t->prompt().has_option("Jack Newcomer"));
  t->choose("Jack Newcomer");
  t->choose("Border Keep");
  // Only Border Keep has anyone: its battle begins, the defender acts first.
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  t->pass();  // Shawn keeps Jack unbowed
  t->choose("Hektor");
  t->choose("Engage now");
  EXPECT_TRUE(logged(t->state(), "Mark engages Hektor for 4 damage"));
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  t->scan("Blight");  // Shawn's React, discarding Undermarket Dealings: 2 less damage
  t->set(2);  // dealt at once
  EXPECT_TRUE(t->prompt().has_option("Food on Border Keep"));
  EXPECT_FALSE(t->prompt().has_option("Bury castle Border Keep"));  // it still has food
  t->choose("Food on Border Keep");
  EXPECT_TRUE(logged(t->state(), "Shawn absorbs 2 with the food on Border Keep"));
  EXPECT_EQ(t->castle("Shawn", "Border Keep").food, 0);
  EXPECT_FALSE(t->castle("Shawn", "Border Keep").buried);
  t->pass();                   // Shawn
  t->scan("At Your Command");  // Mark's action: Zahir has 2 Strength this turn
  // Its Strength bonus told, the tactic asks for its card, the unbowed one first.
  const Prompt target = t->prompt();
  ASSERT_TRUE(target.has_option("Zahir"));
  EXPECT_EQ(target.options.at(static_cast<std::size_t>(target.likely)).label, "Zahir");
  t->choose("Zahir");
  EXPECT_TRUE(logged(t->state(), "At Your Command gives Zahir +2 Strength this turn: 0 -> 2"));
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  t->pass();  // Shawn: Zahir would be immune to Jack
  t->choose("Zahir");
  t->choose("Engage now");
  EXPECT_TRUE(logged(t->state(), "Mark engages Zahir for 2 damage"));
  t->ok();
  EXPECT_TRUE(t->prompt().has_option("Bury castle Border Keep"));
  EXPECT_TRUE(t->prompt().has_option("Bury Jack Newcomer"));
  // Hammerdoom's Roost's text adds a food when Mark takes a castle (line 859).
  t->tell("Hammerdoom's Roost", "food_per_castle_taken", 1);
  const int roost = t->castle("Mark", "Hammerdoom's Roost").food;
  t->choose("Bury castle Border Keep");
  EXPECT_TRUE(t->castle("Shawn", "Border Keep").buried);
  EXPECT_EQ(t->castle("Mark", "Hammerdoom's Roost").food, roost + 1);
  EXPECT_TRUE(logged(t->state(), "Hammerdoom's Roost's text adds 1 food to it"));
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  EXPECT_TRUE(card("Mark", "Zahir").bowed);
  EXPECT_FALSE(card("Shawn", "Jack Newcomer").bowed);
  EXPECT_TRUE(logged(t->state(), "No one is at Sanctuary"));
  EXPECT_TRUE(logged(t->state(), "The Attack Phase ends"));
  EXPECT_FALSE(t->player("Shawn").eliminated);
  EXPECT_FALSE(t->state().winner.has_value());
  // The Summer goes on with the next seat.
  EXPECT_EQ(t->state().phase, "Summer");
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  EXPECT_FALSE(t->state().players[0].eliminated);
}

TEST_F(R9eBattleTest, DefenderIsChosenByNameWithMorePlayers) {
  start({"Mark", "Shawn", "Louis"});
  t->scan("Hektor");
  t->choose("Hammerdoom's Roost");
  t->pass();
  t->pass();
  t->menu("Attack");
  EXPECT_TRUE(t->prompt().has_option("Shawn"));
  EXPECT_TRUE(t->prompt().has_option("Louis"));
  EXPECT_FALSE(t->prompt().has_option("Mark"));
  t->choose("Louis");
  EXPECT_TRUE(logged(t->state(), "Mark attacks Louis"));
  t->pass();  // Shawn stays out of it (R9eAlliesTest: allies)
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
}

// "Bowed cards cannot attack, defend, or raid" (line 402): a bowed hero is offered, since a card
// may allow it, and sending it is a check; Cancel leaves it home.
TEST_F(R9eBattleTest, ABowedHeroIsOfferedToAttackAndSendingItIsACheck) {
  start();
  example_armies();
  t->menu("Adjust");
  t->choose("Zahir (Mark)");
  t->choose("Bow");
  t->menu("Attack");
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
  EXPECT_TRUE(t->prompt().has_option("Zahir"));
  t->choose("Zahir");
  EXPECT_EQ(t->warning(), "Zahir is bowed: bowed cards cannot attack, defend, or raid");
  t->choose("Cancel");
  EXPECT_FALSE(logged(t->state(), "Mark picks Zahir to attack"));
}

TEST_F(R9eBattleTest, BattleEndsWhenBothPassAttackersGoHomeBowedDefendersStay) {
  start();
  attack_border_keep();
  t->pass();  // Shawn
  t->pass();  // Mark
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  EXPECT_TRUE(card("Mark", "Zahir").bowed);
  EXPECT_FALSE(card("Shawn", "Jack Newcomer").bowed);
  EXPECT_FALSE(t->castle("Shawn", "Border Keep").buried);
  EXPECT_TRUE(logged(t->state(),
                     "The battle at Border Keep ends: Shawn holds it (damage dealt: Mark 0, Shawn 0); Hektor and Zahir "
                     "go home bowed; Jack Newcomer stays at the castle"));
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
}

TEST_F(R9eBattleTest, AnActionBreaksTheRunOfPasses) {
  start();
  attack_border_keep();
  t->pass();                       // Shawn
  t->scan("Touch of Shad-Hujem");  // Mark's action
  t->pass();                       // Shawn
  EXPECT_TRUE(t->prompt().text.find("Mark's action at Border Keep") == 0) << t->prompt().text;
  t->pass();  // Mark: two passes in a row
  EXPECT_TRUE(logged(t->state(), "The Attack Phase ends"));
}

TEST_F(R9eBattleTest, EngagingAHeroWithItsCohortDealsTheirStrength) {
  start();
  example_armies();
  t->scan("Malchian Guard");  // Mark attaches the cohort to Hektor
  t->choose("Hektor");
  t->pass();  // Shawn
  t->menu("Attack");
  t->choose("Hektor");
  t->choose("Border Keep");
  t->choose("Done");
  t->choose("Done");
  t->pass();  // Shawn
  t->choose("Hektor");
  EXPECT_TRUE(t->prompt().has_option("Malchian Guard"));
  EXPECT_FALSE(t->prompt().has_option("Zahir"));  // another unit, and not in the battle
  t->choose("Malchian Guard");
  t->choose("Engage now");
  EXPECT_TRUE(logged(t->state(), "Mark engages Hektor and Malchian Guard for 6 damage"));
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  EXPECT_TRUE(card("Mark", "Malchian Guard").bowed);
}

TEST_F(R9eBattleTest, CohortsEngageWithoutTheirHero) {
  start();
  example_armies();
  t->scan("Malchian Guard");
  t->choose("Hektor");
  t->pass();
  t->menu("Attack");
  t->choose("Hektor");
  t->choose("Border Keep");
  t->choose("Done");
  t->choose("Done");
  t->pass();
  t->choose("Malchian Guard");
  t->choose("Engage now");
  EXPECT_TRUE(logged(t->state(), "Mark engages Malchian Guard for 2 damage"));
  EXPECT_FALSE(card("Mark", "Hektor").bowed);
}

TEST_F(R9eBattleTest, OnlyTheAttackerDeclaresImmunityAndOnlyAboveTheDamage) {
  start();
  attack_border_keep();
  t->choose("Jack Newcomer");  // Shawn engages for 1
  t->choose("Engage now");
  t->ok();
  // Mark may declare Hektor (4 > 1) immune; Zahir (0) is offered too, a check a card may override.
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
  EXPECT_TRUE(t->prompt().has_option("Zahir"));
  t->choose("Zahir");
  EXPECT_EQ(t->warning(), "Zahir's Strength 0 is not above the 1 damage: only a card with more Strength is immune");
  t->choose("Cancel");
  t->choose("Hektor");
  t->choose("Done");
  EXPECT_TRUE(logged(t->state(), "Mark declares Hektor immune"));
  // Zahir is not immune: he must absorb while damage is left.
  t->choose("Done");
  EXPECT_EQ(t->warning(),
            "Zahir is not immune and 1 damage is left: non-immune cards at the battle must absorb "
            "while damage is left");
  t->pass();  // cancel the override
  t->choose("Bury Zahir");
  EXPECT_EQ(t->in_play("Mark", "Zahir"), nullptr);
  t->choose("No discard");  // a hero that absorbs may add a card's Fate; Mark declines
  // Only the immune Hektor is left: Mark may stop, the last damage goes unabsorbed.
  t->choose("Done");
  EXPECT_EQ(t->warning(), "");
  EXPECT_NE(t->in_play("Mark", "Hektor"), nullptr);
  EXPECT_EQ(t->state().to_act, t->seat("Mark"));
}

TEST_F(R9eBattleTest, TheDefenderDeclaresNoImmunity) {
  start();
  attack_border_keep();
  t->pass();  // Shawn
  t->choose("Zahir");
  t->choose("Engage now");  // 0 damage: nothing to absorb
  t->ok();
  EXPECT_TRUE(logged(t->state(), "No damage to absorb"));
  t->pass();  // Shawn
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  // Straight to Shawn's absorbing, though Jack (1) could never be immune anyway; no Done for him.
  EXPECT_TRUE(t->prompt().text.find("Shawn: absorb 4 damage") == 0) << t->prompt().text;
  EXPECT_FALSE(t->prompt().has_option("Done"));
  EXPECT_NE(t->refusal(Choose{"Done"}), "accepted");
}

TEST_F(R9eBattleTest, FoodAbsorbsBeforeTheCastle) {
  start();
  attack_border_keep();
  t->pass();  // Shawn
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  EXPECT_FALSE(t->prompt().has_option("Bury castle Border Keep"));
  EXPECT_NE(t->refusal(Choose{"Bury castle Border Keep"}), "accepted");
  t->choose("Food on Border Keep");  // 2 of 4
  EXPECT_EQ(t->castle("Shawn", "Border Keep").food, 0);
  EXPECT_TRUE(t->prompt().text.find("absorb 2 damage") != std::string::npos) << t->prompt().text;
  EXPECT_TRUE(t->prompt().has_option("Bury castle Border Keep"));
  EXPECT_FALSE(t->prompt().has_option("Food on Border Keep"));
}

// "Attacking units return home bowed; defending units return home unbowed" (rules of play, line
// 697): Jack Newcomer, bowed on the table during the battle, goes home straight, as the log says.
TEST_F(R9eBattleTest, BuryingTheCastleSendsAttackersHomeBowedAndDefendersUnbowed) {
  start();
  attack_border_keep();
  t->pass();  // Shawn
  // Turned at Mark's action (turned at Shawn's, it would be Shawn engaging it).
  t->must(TurnCard{"JACK-NEWCOMER", 1, 90});
  EXPECT_TRUE(card("Shawn", "Jack Newcomer").bowed);
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  t->choose("Food on Border Keep");
  t->choose("Bury castle Border Keep");
  EXPECT_TRUE(logged(t->state(), "Shawn absorbs the remaining 2 with Border Keep itself"));
  EXPECT_TRUE(t->castle("Shawn", "Border Keep").buried);
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  EXPECT_TRUE(card("Mark", "Zahir").bowed);  // never engaged, still goes home bowed
  EXPECT_FALSE(card("Shawn", "Jack Newcomer").bowed);  // straightened, as the log says
  EXPECT_NE(t->in_play("Shawn", "Jack Newcomer"), nullptr);
  EXPECT_TRUE(logged(t->state(), "The battle at Border Keep ends: Mark takes it (damage dealt: Mark 4, Shawn 0)"));
  EXPECT_TRUE(logged(t->state(), "Jack Newcomer goes home unbowed"));
  EXPECT_TRUE(logged(t->state(), "The Attack Phase ends"));
}

TEST_F(R9eBattleTest, HeroAbsorbingMayDiscardACardForItsFate) {
  start();
  attack_border_keep();
  t->pass();  // Shawn
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  t->choose("Bury Jack Newcomer");  // 1 of 4
  EXPECT_EQ(t->in_play("Shawn", "Jack Newcomer"), nullptr);
  EXPECT_TRUE(t->prompt().has_option("No discard"));
  t->scan("Undermarket Dealings");  // Fate 2
  EXPECT_TRUE(
      logged(t->state(), "Shawn discards Undermarket Dealings (Fate 2): Jack Newcomer absorbs 2 more (1 left)"));
  t->choose("Food on Border Keep");
  EXPECT_EQ(t->castle("Shawn", "Border Keep").food, 1);
  EXPECT_FALSE(t->castle("Shawn", "Border Keep").buried);
}

TEST_F(R9eBattleTest, DiscardForFateCanBeDeclinedOrTyped) {
  start();
  attack_border_keep();
  t->pass();
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  t->choose("Bury Jack Newcomer");
  t->set(3);  // a card the camera did not see
  EXPECT_TRUE(logged(t->state(), "Shawn discards a card (Fate 3): Jack Newcomer absorbs 3 more (0 left)"));
  EXPECT_EQ(t->castle("Shawn", "Border Keep").food, 2);
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));  // the engagement is over: Shawn's action
}

TEST_F(R9eBattleTest, SendingAUnitHomeBowsIt) {
  start();
  attack_border_keep();
  EXPECT_TRUE(t->prompt().has_option("Home: Jack Newcomer"));
  t->choose("Home: Jack Newcomer");
  EXPECT_TRUE(card("Shawn", "Jack Newcomer").bowed);
  EXPECT_TRUE(logged(t->state(), "Shawn bows Jack Newcomer and sends it home from Border Keep"));
  // Shawn has no one left there: Mark's engagement falls on the castle.
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  EXPECT_FALSE(t->prompt().has_option("Bury Jack Newcomer"));
}

TEST_F(R9eBattleTest, ConquestWhenTheLastOtherCastleFalls) {
  start({"Mark", "Shawn"}, true);
  example_armies();
  t->menu("Attack");
  t->choose("Hektor");  // Shawn's only castle: no castle to choose
  t->choose("Done");
  t->choose("Done");
  t->pass();  // Shawn
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  t->choose("Food on Border Keep");
  t->choose("Bury castle Border Keep");
  ASSERT_TRUE(t->state().winner.has_value());
  EXPECT_EQ(t->state().winner->first(), t->seat("Mark"));
  EXPECT_EQ(t->state().winner->victory, "conquest");
}

TEST_F(R9eBattleTest, NoCastlesLeftIsEliminationAtTheEndOfTheAttackPhase) {
  start({"Mark", "Shawn", "Louis"});
  t->scan("Hektor");
  t->choose("Hammerdoom's Roost");
  t->pass();  // Shawn
  t->pass();  // Louis
  t->menu("Attack");
  t->choose("Louis");
  t->pass();            // Shawn stays out
  t->choose("Hektor");  // Louis has one castle and no hero: the battle there begins
  t->pass();            // Louis
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  t->choose("Food on The Sunken Pyramid");
  t->choose("Bury castle The Sunken Pyramid");
  EXPECT_TRUE(t->player("Louis").eliminated);
  EXPECT_TRUE(logged(t->state(), "Louis is eliminated: no castles left at the end of the Attack Phase"));
  EXPECT_FALSE(t->state().winner.has_value());  // Shawn still has castles
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
}

TEST_F(R9eBattleTest, OneAttackPerTurnIsAWarningThatCanBeOverridden) {
  start();
  example_armies();
  t->menu("Attack");
  t->choose("Done");  // no attackers: nothing to defend, the Attack Phase ends at once
  EXPECT_TRUE(logged(t->state(), "The Attack Phase ends"));
  t->pass();  // Shawn
  ASSERT_EQ(t->state().to_act, t->seat("Mark"));
  t->must(Menu{});
  ASSERT_TRUE(t->prompt().has_option("Attack"));
  t->choose("Attack");
  EXPECT_EQ(t->warning(), "Mark has already attacked this turn: one attack per player per turn");
  t->choose("Do it anyway");
  EXPECT_EQ(t->warning(), "");
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
}

TEST_F(R9eBattleTest, AttackCanBeCalledOffBeforeAnyUnitIsSent) {
  start();
  example_armies();
  t->menu("Attack");
  t->choose("Cancel");
  EXPECT_TRUE(logged(t->state(), "Mark calls off the attack"));
  EXPECT_EQ(t->state().to_act, t->seat("Mark"));
  t->menu("Attack");  // still Mark's attack to make
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
}

TEST_F(R9eBattleTest, AttackerPicksTheOrderOfBattles) {
  start();
  example_armies();
  t->menu("Attack");
  t->choose("Hektor");
  t->choose("Border Keep");
  t->choose("Zahir");
  t->choose("Sanctuary");
  t->choose("Done");  // Shawn does not defend
  EXPECT_TRUE(t->prompt().has_option("Border Keep"));
  EXPECT_TRUE(t->prompt().has_option("Sanctuary"));
  t->choose("Sanctuary");
  EXPECT_TRUE(logged(t->state(), "The battle at Shawn's Sanctuary: Zahir attacking, no defenders"));
  t->pass();
  t->pass();
  // Border Keep is the only one left: it begins by itself.
  EXPECT_TRUE(logged(t->state(), "The battle at Shawn's Border Keep: Hektor attacking"));
}

TEST_F(R9eBattleTest, DamageCanBeCorrectedWhileAbsorbing) {
  start();
  attack_border_keep();
  t->pass();
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  t->set(0);  // an ability prevents the rest
  EXPECT_TRUE(logged(t->state(), "Damage left to absorb set by hand: 4 -> 0"));
  EXPECT_EQ(t->castle("Shawn", "Border Keep").food, 2);
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
}

TEST_F(R9eBattleTest, UndoRebuildsTheBattleFromTheLog) {
  start();
  attack_border_keep();
  t->pass();
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  t->choose("Food on Border Keep");
  ASSERT_EQ(t->castle("Shawn", "Border Keep").food, 0);
  t->must(Undo{});
  EXPECT_EQ(t->castle("Shawn", "Border Keep").food, 2);
  EXPECT_TRUE(t->prompt().has_option("Food on Border Keep"));
  EXPECT_TRUE(card("Mark", "Hektor").bowed);
  t->choose("Bury Jack Newcomer");
  EXPECT_EQ(t->in_play("Shawn", "Jack Newcomer"), nullptr);
}

TEST_F(R9eBattleTest, AHeroThatLeavesPlayLeavesTheBattle) {
  start();
  attack_border_keep();
  t->menu("Adjust");
  t->choose("Jack Newcomer (Shawn)");
  t->choose("Bury");
  EXPECT_FALSE(t->prompt().has_option("Jack Newcomer"));
  EXPECT_FALSE(t->prompt().has_option("Home: Jack Newcomer"));
  t->pass();  // Shawn
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  EXPECT_FALSE(t->prompt().has_option("Bury Jack Newcomer"));
  EXPECT_TRUE(t->prompt().has_option("Food on Border Keep"));
}

TEST_F(R9eBattleTest, EveryPromptSaysWhatItsButtonsDo) {
  start();
  attack_border_keep();
  EXPECT_FALSE(t->prompt().pass.empty());
  t->choose("Jack Newcomer");
  EXPECT_EQ(t->prompt().ok, "engage now");
  EXPECT_EQ(t->prompt().pass, "cancel");
  t->choose("Engage now");
  EXPECT_EQ(t->prompt().ok, "deal 1 damage");
  EXPECT_TRUE(t->prompt().wants_number);
  t->ok();
  EXPECT_EQ(t->prompt().ok, "done declaring immunity");
}

// "Cards cannot be discarded to absorb damage from Brutal attacks" (rules of play, line 695). The
// data prints no Brutal: the device asks about the engaged cards when a hero has absorbed and
// damage is left, the only moment the keyword changes anything, and remembers the answer.
TEST_F(R9eBattleTest, BrutalIsAskedWhenAHeroAbsorbsAndThenNoCardIsDiscardedForFate) {
  start();
  t->tell_keyword("Hektor", "Brutal", true);
  attack_border_keep();
  t->pass();  // Shawn
  t->choose("Hektor");
  t->choose("Engage now");
  t->ok();
  ASSERT_TRUE(t->session().apply(Choose{"Bury Jack Newcomer"}, 1000).has_value());
  EXPECT_EQ(t->prompt().text, "Look at the card: Hektor's Brutal keyword?");
  EXPECT_TRUE(t->prompt().has_option("printed"));
  EXPECT_TRUE(t->prompt().has_option("not printed"));
  t->choose("printed");
  EXPECT_TRUE(logged(t->state(), "Hektor's Brutal keyword is printed (told at the table)"));
  EXPECT_TRUE(logged(t->state(), "Hektor is Brutal: no card may be discarded to absorb more"));
  EXPECT_FALSE(t->prompt().has_option("No discard"));
  EXPECT_TRUE(t->prompt().has_option("Food on Border Keep"));
  EXPECT_EQ(to_json(t->state())["told"]["HEKTOR"]["Brutal_keyword"], "printed");
}

// Mark's Hektor (Strength 4) carries Excel R-8, a +2 Strength weapon as the table tells it, and
// Steph's Revenge, which adds nothing; Shawn has Colonel Baker (Strength 5). Mark attacks Border
// Keep with Hektor, Colonel Baker defends it; Shawn acts first there.
void arm_hektor_against_colonel_baker(R9eTable& t) {
  for (const char* item : {"Excel R-8", "Steph's Revenge"}) {
    t.tell(item, "gold_cost", 0);
    t.tell(item, "food_cost", 0);
  }
  t.tell("Excel R-8", "strength_bonus", 2);
  t.tell("Steph's Revenge", "strength_bonus", 0);
  t.scan("Hektor");
  t.choose("Hammerdoom's Roost");
  t.scan("Colonel Baker");
  t.scan("Excel R-8");  // its Strength bonus is asked now, with its costs
  t.choose("Hektor");
  EXPECT_TRUE(logged(t.state(), "Mark brings Excel R-8 into play on Hektor (Strength +2)"));
  t.pass();  // Shawn
  t.scan("Steph's Revenge");
  t.choose("Hektor");
  t.pass();  // Shawn
  t.menu("Attack");
  t.choose("Hektor");
  t.choose("Border Keep");
  t.choose("Colonel Baker");
  t.choose("Border Keep");
}

// "For example, if the defender engages for 5 damage, and the attacker has a 4-Strength hero
// equipped with a weapon that grants a bonus of +2 Strength, that hero has 6 Strength total and
// can be declared immune" (rules of play, line 681).
TEST_F(R9eBattleTest, BookImmunityExampleFourStrengthHeroWithAPlusTwoWeaponIsImmuneToFive) {
  start();
  arm_hektor_against_colonel_baker(*t);
  t->choose("Colonel Baker");
  t->choose("Engage now");
  EXPECT_TRUE(logged(t->state(), "Shawn engages Colonel Baker for 5 damage"));
  t->ok();
  ASSERT_TRUE(t->prompt().has_option("Hektor")) << t->prompt().text;  // 4 + 2 = 6 > 5
  t->choose("Hektor");
  t->choose("Done");
  EXPECT_TRUE(logged(t->state(), "Mark declares Hektor immune"));
  t->choose("Done");  // only the immune Hektor is there: the 5 damage goes unabsorbed
  EXPECT_EQ(t->warning(), "");
  EXPECT_NE(t->in_play("Mark", "Hektor"), nullptr);
}

// "Items that add to a hero's Strength must engage when the hero is engaging; they cannot engage
// at other times, nor can you decline to engage them" (rules of play, line 679).
TEST_F(R9eBattleTest, AnItemThatAddsStrengthEngagesWithItsHeroAndNeverAlone) {
  start();
  arm_hektor_against_colonel_baker(*t);
  t->pass();  // Shawn
  EXPECT_FALSE(t->prompt().has_option("Excel R-8"));
  t->choose("Hektor");
  EXPECT_FALSE(t->prompt().has_option("Excel R-8"));
  t->choose("Engage now");
  EXPECT_TRUE(logged(t->state(), "Mark engages Hektor (with Excel R-8) for 6 damage"));
  EXPECT_TRUE(card("Mark", "Excel R-8").bowed);
  EXPECT_FALSE(card("Mark", "Steph's Revenge").bowed);  // adds no Strength: it does not engage
}

// "When a hero is buried due to absorbing damage, and an item on that hero added to the hero's
// Strength and thus helped absorb damage, that item gets buried as well" (line 572); the rest of
// the unit is discarded.
TEST_F(R9eBattleTest, AnItemThatHelpedAbsorbIsBuriedWithItsHeroTheOthersAreDiscarded) {
  start();
  arm_hektor_against_colonel_baker(*t);
  t->choose("Colonel Baker");
  t->choose("Engage now");
  t->ok();
  t->choose("Done");  // no immunity declared
  t->choose("Bury Hektor");
  EXPECT_TRUE(logged(t->state(), "Mark absorbs 6 with Hektor (0 left)"));
  const std::vector<std::string>& buried = t->books("Mark").buried;
  EXPECT_NE(std::find(buried.begin(), buried.end(), "EXCEL-R-8"), buried.end());
  EXPECT_EQ(std::find(buried.begin(), buried.end(), "STEPHS-REVENGE"), buried.end());
  EXPECT_TRUE(logged(t->state(), "Mark discards Steph's Revenge"));
  EXPECT_EQ(t->in_play("Mark", "Excel R-8"), nullptr);
}

}  // namespace
}  // namespace seneschal::engine
