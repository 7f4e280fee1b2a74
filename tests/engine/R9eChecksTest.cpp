// Every rulebook check of R9E raised through a real Session, as the table meets it, and
// overridden: the prompt shows the reason with "Do it anyway" (the buttons start on Cancel), and
// "Do it anyway" runs the move and logs "Override: <reason>" ("The First Rule", rules of play,
// line 372). The audit table in engine/rules/r9e/README.md names these tests by id.
#include <gtest/gtest.h>

#include "R9eTable.hpp"

namespace seneschal::engine {
namespace {

using test::logged;
using test::R9eTable;

// Mark (Malchior: Hammerdoom's Roost 3, Border Keep 2) and Shawn (Holden: Border Keep 2,
// Sanctuary 3), Mark the Ordained.
class R9eChecksTest : public ::testing::Test {
 protected:
  void open(std::shared_ptr<const CardDatabase> cards = test::shipped_r9e_cards()) {
    t.emplace(std::vector<std::string>{"Mark", "Shawn"}, std::move(cards));
    t->tell("Protectorate of Malchior", "renown", 5);
    t->tell("Protectorate of Malchior", "castle_points", 5);
    t->tell("Kingdom of Holden", "castle_points", 5);
    for (const char* castle : {"Hammerdoom's Roost", "Border Keep", "Sanctuary"}) t->tell(castle, "castle_point_cost", 1);
    t->tell("Hammerdoom's Roost", "storage", 3);
    t->tell("Border Keep", "storage", 2);
    t->tell("Sanctuary", "storage", 3);
    for (const char* card : {"Hektor", "Zahir", "Jack Newcomer", "Coeli Quando", "Malchian Guard", "Peasant Archers",
                             "Salt Mine", "Divination", "Defender of the Pure", "Excel R-8", "Steph's Revenge"}) {
      t->tell(card, "gold_cost", 0);
      t->tell(card, "food_cost", 0);
    }
    t->tell("Hektor", "food_cost", 1);
    t->tell("Hektor", "strength", 4);
    t->tell("Jack Newcomer", "glory", 1);
    t->tell("Malchian Guard", "strength", 2);
    t->tell("Peasant Archers", "strength", 1);
    t->tell("Excel R-8", "strength_bonus", 1);
    t->tell("Steph's Revenge", "strength_bonus", 1);
    t->tell("Hektor", "raid_bonus", 0);
    t->tell("Zahir", "raid_bonus", 0);
  }

  // Setup as the Example of Play has it, then Spring's OK: Summer, Mark to act.
  void start(std::shared_ptr<const CardDatabase> cards = test::shipped_r9e_cards()) {
    open(std::move(cards));
    t->seat_setup("Protectorate of Malchior", {"Hammerdoom's Roost", "Border Keep"});
    t->seat_setup("Kingdom of Holden", {"Border Keep", "Sanctuary"});
    t->choose("Mark");
    t->ok();
    ASSERT_EQ(t->state().phase, "Summer");
  }

  // Hektor and Zahir for Mark, Jack Newcomer for Shawn; Mark to act in Summer.
  void armies() {
    t->scan("Hektor");
    t->choose("Hammerdoom's Roost");
    t->scan("Jack Newcomer");
    t->choose("Sanctuary");
    t->scan("Zahir");
    t->choose("Border Keep");
    t->pass();  // Shawn
    ASSERT_EQ(t->state().to_act, t->seat("Mark"));
  }

  // start() and armies(), then on into Autumn when asked: Mark to act.
  void armies_in(const std::string& phase) {
    start();
    armies();
    if (phase == "Autumn") end_phase();
    ASSERT_EQ(t->state().phase, phase);
    ASSERT_EQ(t->state().to_act, t->seat("Mark"));
  }

  void all_pass() {
    for (int seat = 0; seat < 2; ++seat) t->pass();
  }
  // Passes until the phase changes (after armies() one pass ends Summer: Shawn passed last).
  void end_phase() {
    const std::string phase = t->state().phase;
    for (int guard = 0; guard < 4 && t->state().phase == phase; ++guard) t->pass();
    ASSERT_NE(t->state().phase, phase);
  }

  void bow(const std::string& seat, const std::string& hero) {
    t->menu("Adjust");
    t->choose(hero + " (" + seat + ")");
    t->choose("Bow");
  }

  void override_check(const std::string& reason) { t->override_check(reason); }

  const CardInPlay* in_play(const std::string& seat, const std::string& title) { return t->in_play(seat, title); }

  std::optional<R9eTable> t;
};

// --- Setup ("Preparing to Play", line 346)

TEST_F(R9eChecksTest, CastlesBeyondTheCastlePointsAreACheckTheTableMayOverride) {
  open();
  t->tell("Protectorate of Malchior", "castle_points", 1);
  t->scan("Protectorate of Malchior");
  t->scan("Hammerdoom's Roost");
  t->scan("Border Keep");
  override_check("Border Keep costs 1 Castle Points; Mark has 0 of 1 left");
  EXPECT_EQ(t->books("Mark").castles.size(), 2u);
}

TEST_F(R9eChecksTest, TheSameStartingCastleTwiceIsACheckTheTableMayOverride) {
  open();
  t->scan("Protectorate of Malchior");
  t->scan("Border Keep");
  t->scan("Border Keep", 2);
  override_check("Mark already starts with Border Keep");
  EXPECT_EQ(t->books("Mark").castles.size(), 2u);
}

TEST_F(R9eChecksTest, NoStartingCastleIsACheckTheTableMayOverride) {
  open();
  t->scan("Protectorate of Malchior");
  t->ok();
  override_check("Mark has no castle: a player without castles is eliminated");
  EXPECT_NE(in_play("Mark", "Motte and Bailey"), nullptr);
}

// --- Bringing cards into play (lines 432-460, the appendix's guardians)

TEST_F(R9eChecksTest, AHeroOutOfSummerIsACheckTheTableMayOverride) {
  start();
  all_pass();
  ASSERT_EQ(t->state().phase, "Autumn");
  t->scan("Zahir");
  override_check("Zahir comes into play in Summer; it is Autumn");
  t->choose("Border Keep");
  EXPECT_NE(in_play("Mark", "Zahir"), nullptr);
}

TEST_F(R9eChecksTest, AGuardianSummonedInWinterIsACheckTheTableMayOverride) {
  start();
  t->tell_keyword("Zahir", "Wizard", true);
  t->scan("Zahir");
  t->choose("Border Keep");
  all_pass();
  all_pass();
  ASSERT_EQ(t->state().phase, "Winter");
  t->scan("Defender of the Pure");
  override_check("Defender of the Pure is summoned in Summer or Autumn; it is Winter");
  t->choose("Zahir");
  ASSERT_NE(in_play("Mark", "Defender of the Pure"), nullptr);
  EXPECT_TRUE(in_play("Mark", "Zahir")->bowed);
}

TEST_F(R9eChecksTest, AHeroOfAnotherFactionIsACheckTheTableMayOverride) {
  start(test::r9e_cards_with_keywords({{"Coeli Quando", {"Holden"}}}));
  t->scan("Coeli Quando");
  override_check(
      "Coeli Quando shares no faction keyword with Mark's Malchior stronghold (Unaligned is a faction of its own)");
  EXPECT_NE(in_play("Mark", "Coeli Quando"), nullptr);
}

TEST_F(R9eChecksTest, APropertyOfAnotherFactionIsACheckTheTableMayOverride) {
  start(test::r9e_cards_with_keywords({{"Salt Mine", {"Holden"}}}));
  t->scan("Salt Mine");
  override_check("Salt Mine has a faction keyword that is not Malchior");
  ASSERT_NE(in_play("Mark", "Salt Mine"), nullptr);
  EXPECT_TRUE(in_play("Mark", "Salt Mine")->bowed);
}

TEST_F(R9eChecksTest, AnAttachmentOfAnotherFactionIsACheckTheTableMayOverride) {
  start(test::r9e_cards_with_keywords({{"Peasant Archers", {"Holden"}}}));
  armies();
  t->scan("Peasant Archers");
  override_check("Peasant Archers has a faction keyword that is not Malchior");
  t->choose("Hektor");
  ASSERT_NE(in_play("Mark", "Peasant Archers"), nullptr);
  EXPECT_EQ(in_play("Mark", "Peasant Archers")->attached_to, in_play("Mark", "Hektor")->uid);
}

TEST_F(R9eChecksTest, ASecondUniqueCopyIsACheckTheTableMayOverride) {
  start();
  t->tell_keyword("Zahir", "Unique", true);
  t->scan("Zahir");
  t->choose("Border Keep");
  t->pass();  // Shawn
  t->scan("Zahir", 2);
  override_check("Zahir is Unique and Mark has one in play");
  t->choose("Border Keep");
  int zahirs = 0;
  for (const CardInPlay& card : t->player("Mark").in_play) zahirs += card.card == "ZAHIR";
  EXPECT_EQ(zahirs, 2);
}

// "You must attach the card to one of your unbowed heroes. If there is no hero that a cohort,
// item or spell can legally attach to, you cannot buy it" (line 454): both a check.
TEST_F(R9eChecksTest, AnAttachmentWithoutAnUnbowedHeroIsACheckTheTableMayOverride) {
  start();
  t->scan("Zahir");
  t->choose("Border Keep");
  t->pass();  // Shawn
  bow("Mark", "Zahir");
  t->scan("Malchian Guard");
  override_check("Malchian Guard needs an unbowed hero of Mark");
  ASSERT_TRUE(t->prompt().has_option("Zahir"));  // bowed, still offered
  t->choose("Zahir");
  override_check("Zahir is bowed: cards attach to an unbowed hero");
  ASSERT_NE(in_play("Mark", "Malchian Guard"), nullptr);
  EXPECT_EQ(in_play("Mark", "Malchian Guard")->attached_to, in_play("Mark", "Zahir")->uid);
}

TEST_F(R9eChecksTest, ASpellOnAHeroWithoutTheWizardKeywordIsACheckTheTableMayOverride) {
  start();
  t->tell_keyword("Zahir", "Wizard", false);
  t->scan("Zahir");
  t->choose("Border Keep");
  t->pass();  // Shawn
  t->scan("Divination");
  t->choose("Zahir");
  override_check("Zahir has no Wizard keyword: only a Wizard takes a spell");
  ASSERT_NE(in_play("Mark", "Divination"), nullptr);
  EXPECT_EQ(in_play("Mark", "Divination")->attached_to, in_play("Mark", "Zahir")->uid);
}

TEST_F(R9eChecksTest, AGuardianSummonedByAHeroWithoutTheWizardKeywordIsACheckTheTableMayOverride) {
  start();
  t->tell_keyword("Zahir", "Wizard", false);
  t->scan("Zahir");
  t->choose("Border Keep");
  t->pass();  // Shawn
  t->scan("Defender of the Pure");
  t->choose("Zahir");
  override_check("Zahir has no Wizard keyword: only a Wizard summons a guardian");
  EXPECT_NE(in_play("Mark", "Defender of the Pure"), nullptr);
  EXPECT_TRUE(in_play("Mark", "Zahir")->bowed);
}

TEST_F(R9eChecksTest, ASecondItemWithTheSameKeywordIsACheckTheTableMayOverride) {
  start(test::r9e_cards_with_keywords({{"Excel R-8", {"Weapon"}}, {"Steph's Revenge", {"Weapon"}}}));
  armies();
  t->scan("Excel R-8");
  t->choose("Hektor");
  t->pass();  // Shawn
  t->scan("Steph's Revenge");
  t->choose("Hektor");
  override_check("Hektor already carries an item with the keyword Weapon");
  ASSERT_NE(in_play("Mark", "Steph's Revenge"), nullptr);
  EXPECT_EQ(in_play("Mark", "Steph's Revenge")->attached_to, in_play("Mark", "Hektor")->uid);
}

TEST_F(R9eChecksTest, GoldShortOfTheCostIsACheckTheTableMayOverride) {
  start();
  t->tell("Hektor", "gold_cost", 6);
  t->scan("Hektor");
  t->choose("Done");
  override_check("only 0 of 6 gold paid");
  t->choose("Hammerdoom's Roost");
  EXPECT_NE(in_play("Mark", "Hektor"), nullptr);
}

TEST_F(R9eChecksTest, FoodShortOfTheCostIsACheckTheTableMayOverride) {
  start();
  for (const char* castle : {"Hammerdoom's Roost", "Border Keep"}) {
    t->menu("Adjust");
    t->choose(std::string("Food: ") + castle + " (Mark)");
    t->set(0);
  }
  t->scan("Hektor");
  override_check("Hektor costs 1 food; Mark has 0 on castles");
  EXPECT_NE(in_play("Mark", "Hektor"), nullptr);
}

// --- Quests (lines 448, 801-803)

TEST_F(R9eChecksTest, GloryShortOfAQuestsCostIsACheckTheTableMayOverride) {
  start();
  t->pass();
  t->scan("The Biggest Turnip");
  t->choose("Done");
  override_check("only 0 of 1 Glory paid");
  EXPECT_EQ(t->books("Shawn").quests.size(), 1u);
}

TEST_F(R9eChecksTest, ABowedHeroPayingGloryIsACheckTheTableMayOverride) {
  start();
  t->pass();  // Mark
  t->scan("Jack Newcomer");
  t->choose("Sanctuary");
  t->scan("Zahir");  // Mark
  t->choose("Border Keep");
  bow("Shawn", "Jack Newcomer");
  t->scan("The Biggest Turnip");
  t->choose("Jack Newcomer");
  override_check("Jack Newcomer is bowed: bowed heroes cannot pay for a quest");
  EXPECT_EQ(t->books("Shawn").quests.size(), 1u);
  EXPECT_TRUE(logged(t->state(), "Jack Newcomer gives 1 Glory (bowed already)"));
}

TEST_F(R9eChecksTest, ASecondIncompleteQuestIsACheckTheTableMayOverride) {
  start();
  t->tell("Rescuing the Hostage?", "glory_cost", 0);
  t->tell("Rescuing the Hostage?", "renown_reward", 1);
  t->pass();
  t->scan("The Biggest Turnip");
  t->choose("Done");
  t->choose("Do it anyway");
  t->pass();  // Mark
  t->scan("Rescuing the Hostage?");
  override_check("Shawn already has an incomplete quest in play (The Biggest Turnip): one thing at a time");
  EXPECT_EQ(t->books("Shawn").quests.size(), 2u);
}

// One move that breaks two rules names both, in the book's order, in one check (line 803).
TEST_F(R9eChecksTest, AQuestAlreadyInPlayNamesEveryRuleItBreaksInOneCheck) {
  start();
  t->pass();
  t->scan("The Biggest Turnip");
  t->choose("Done");
  t->choose("Do it anyway");
  t->pass();  // Mark
  t->scan("The Biggest Turnip", 2);
  override_check(
      "Shawn already has The Biggest Turnip in play; Shawn already has an incomplete quest in play (The Biggest "
      "Turnip): one thing at a time");
  t->choose("Done");
  t->choose("Do it anyway");
  EXPECT_EQ(t->books("Shawn").quests.size(), 2u);
}

TEST_F(R9eChecksTest, AQuestInTheBuriedPileIsACheckTheTableMayOverride) {
  start();
  t->pass();
  t->scan("The Biggest Turnip");
  t->choose("Done");
  t->choose("Do it anyway");
  all_pass();  // Summer ends
  all_pass();  // Autumn ends: Winter buries the incomplete quest
  t->ok();     // draw and discard: turn 2, Shawn the Ordained
  t->ok();     // Spring
  ASSERT_EQ(t->state().to_act, t->seat("Shawn"));
  t->scan("The Biggest Turnip", 2);
  override_check("The Biggest Turnip is in Shawn's buried pile");
  t->choose("Done");
  t->choose("Do it anyway");
  EXPECT_EQ(t->books("Shawn").quests.size(), 1u);
}

// --- Attacks and raids (lines 402, 432, 464, 468, 478)

TEST_F(R9eChecksTest, AnAttackOutOfSummerIsACheckTheTableMayOverride) {
  armies_in("Autumn");
  t->menu("Attack");
  override_check("attacks are declared in Summer; it is Autumn");
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
  EXPECT_TRUE(logged(t->state(), "Mark attacks Shawn"));
}

TEST_F(R9eChecksTest, ASecondAttackIsACheckTheTableMayOverride) {
  armies_in("Summer");
  t->menu("Attack");
  t->choose("Done");  // no attackers: the Attack Phase ends at once
  t->pass();          // Shawn
  t->menu("Attack");
  override_check("Mark has already attacked this turn: one attack per player per turn");
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
}

TEST_F(R9eChecksTest, ASecondAttackOutOfSummerNamesBothRulesInOneCheck) {
  armies_in("Summer");
  t->menu("Attack");
  t->choose("Done");
  end_phase();
  ASSERT_EQ(t->state().phase, "Autumn");
  t->menu("Attack");
  override_check(
      "attacks are declared in Summer; it is Autumn; Mark has already attacked this turn: one attack per player per "
      "turn");
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
}

TEST_F(R9eChecksTest, ARaidOutOfAutumnIsACheckTheTableMayOverride) {
  armies_in("Summer");
  t->menu("Raid");
  override_check("raids are declared in Autumn; it is Summer");
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
  EXPECT_TRUE(logged(t->state(), "Mark raids Shawn"));
}

TEST_F(R9eChecksTest, ASecondRaidIsACheckTheTableMayOverride) {
  armies_in("Autumn");
  t->menu("Raid");
  t->choose("Done");  // no raiders: the Raiding Phase ends at once
  t->pass();          // Shawn
  t->menu("Raid");
  override_check("Mark has already raided this turn: one raid per player per turn");
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
}

TEST_F(R9eChecksTest, ABowedHeroSentToAttackIsACheckTheTableMayOverride) {
  armies_in("Summer");
  bow("Mark", "Zahir");
  t->menu("Attack");
  ASSERT_TRUE(t->prompt().has_option("Zahir"));
  t->choose("Zahir");
  override_check("Zahir is bowed: bowed cards cannot attack, defend, or raid");
  t->choose("Border Keep");
  EXPECT_TRUE(logged(t->state(), "Mark sends Zahir to attack Border Keep"));
}

TEST_F(R9eChecksTest, ABowedHeroSentToRaidIsACheckTheTableMayOverride) {
  armies_in("Autumn");
  bow("Mark", "Zahir");
  t->menu("Raid");
  t->choose("Zahir");
  override_check("Zahir is bowed: bowed cards cannot attack, defend, or raid");
  t->choose("Border Keep");
  EXPECT_TRUE(logged(t->state(), "Mark sends Zahir to raid Border Keep"));
}

// --- In a battle (lines 630-687)

TEST_F(R9eChecksTest, ATacticWithoutAHeroInTheBattleIsACheckTheTableMayOverride) {
  armies_in("Summer");
  t->menu("Attack");
  t->choose("Hektor");
  t->choose("Border Keep");
  t->choose("Done");  // Zahir stays home
  t->choose("Done");  // Shawn sends no defender
  ASSERT_EQ(t->state().to_act, t->seat("Shawn"));
  t->tell("Blight", "strength_bonus", 0);  // a React: no Strength for a hero
  t->scan("Blight");
  override_check("Shawn has no hero at Border Keep: a tactic needs a unit in the battle (unless it moves one in)");
  EXPECT_TRUE(logged(t->state(), "Shawn plays Blight at Border Keep"));
  EXPECT_EQ(t->state().to_act, t->seat("Mark"));
}

// A Battle ability may bring a card into play (line 658): shown during a battle, a card other
// than a tactic is a check, played as in Summer, and the battle goes on with the same seat.
TEST_F(R9eChecksTest, ACardOtherThanATacticInABattleIsACheckTheTableMayOverride) {
  armies_in("Summer");
  t->menu("Attack");
  t->choose("Hektor");
  t->choose("Border Keep");
  t->choose("Done");
  t->choose("Done");
  ASSERT_EQ(t->state().to_act, t->seat("Shawn"));
  t->scan("Training Grounds");
  override_check("Training Grounds is not a tactic: in a battle only tactics and abilities are played");
  EXPECT_NE(in_play("Shawn", "Training Grounds"), nullptr);
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  EXPECT_EQ(t->prompt().text.rfind("Shawn's action at Border Keep", 0), 0u) << t->prompt().text;
}

// "Players may have cards or abilities that can move a unit to attack or defend a different
// castle" (line 620): a hero away from the battle is offered, and moving it in is a check.
TEST_F(R9eChecksTest, AUnitMovedIntoABattleIsACheckTheTableMayOverride) {
  armies_in("Summer");
  t->menu("Attack");
  t->choose("Hektor");
  t->choose("Border Keep");
  t->choose("Done");  // Zahir stays home
  t->choose("Done");
  t->pass();  // Shawn
  ASSERT_TRUE(t->prompt().has_option("Move in: Zahir"));
  t->choose("Move in: Zahir");
  override_check("Zahir is not at Border Keep: only a card's ability moves a unit into a battle");
  EXPECT_TRUE(logged(t->state(), "Mark moves Zahir into the battle at Border Keep (a card's ability)"));
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
  t->pass();  // Shawn
  t->pass();  // Mark
  EXPECT_TRUE(logged(t->state(), "Hektor and Zahir go home bowed"));
}

// Mark attacks Border Keep with Hektor and Zahir, Jack Newcomer defends it and engages for 1.
class R9eBattleChecksTest : public R9eChecksTest {
 protected:
  void jack_engages(bool confirmed = true) {
    start();
    armies();
    t->attack_border_keep();
    t->choose("Jack Newcomer");
    t->choose("Engage now");
    if (confirmed) t->ok();  // 1 damage
  }
};

// While damage is dealt (before it is confirmed, through immunity and absorbing) a tactic is a
// React; any other card is R-77's check, as at the battle's actions, and the engagement waits.
TEST_F(R9eBattleChecksTest, ACardOtherThanATacticWhileDamageIsDealtIsACheckTheTableMayOverride) {
  jack_engages(false);
  ASSERT_EQ(t->state().to_act, t->seat("Shawn"));
  t->scan("Training Grounds");
  override_check("Training Grounds is not a tactic: in a battle only tactics and abilities are played");
  EXPECT_NE(in_play("Shawn", "Training Grounds"), nullptr);
  EXPECT_EQ(t->prompt().text.rfind("Shawn engages for 1 damage", 0), 0u) << t->prompt().text;
  t->ok();
  EXPECT_TRUE(logged(t->state(), "Shawn deals 1 damage"));
}

TEST_F(R9eBattleChecksTest, ImmunityWithoutMoreStrengthThanTheDamageIsACheckTheTableMayOverride) {
  jack_engages();
  ASSERT_TRUE(t->prompt().has_option("Zahir"));  // Strength 0: offered, a card may make him immune
  t->choose("Zahir");
  override_check("Zahir's Strength 0 is not above the 1 damage: only a card with more Strength is immune");
  EXPECT_TRUE(logged(t->state(), "Mark picks Zahir to be immune"));
}

TEST_F(R9eBattleChecksTest, StoppingWhileANonImmuneCardCouldAbsorbIsACheckTheTableMayOverride) {
  jack_engages();
  t->choose("Done");  // no card immune
  t->choose("Done");  // and none absorbs
  override_check(
      "Hektor and Zahir are not immune and 1 damage is left: non-immune cards at the battle must absorb while damage "
      "is left");
  EXPECT_TRUE(logged(t->state(), "Mark absorbs no more: 1 damage goes unabsorbed"));
  EXPECT_NE(in_play("Mark", "Zahir"), nullptr);
}

// --- In a raid (lines 771-775)

TEST_F(R9eChecksTest, ATacticWithoutAHeroInTheRaidIsACheckTheTableMayOverride) {
  armies_in("Autumn");
  t->menu("Raid");
  t->choose("Hektor");
  t->choose("Border Keep");
  t->choose("Done");  // Zahir stays home
  t->choose("Done");  // Shawn defends nothing
  ASSERT_EQ(t->state().to_act, t->seat("Shawn"));
  t->tell("Blight", "strength_bonus", 0);  // a React: no Strength for a hero
  t->scan("Blight");
  override_check("Shawn has no hero in the raid on Border Keep: a tactic needs a unit in the raid (unless it moves one in)");
  EXPECT_TRUE(logged(t->state(), "Shawn plays Blight in the raid on Border Keep"));
}

TEST_F(R9eChecksTest, ACardOtherThanATacticInARaidIsACheckTheTableMayOverride) {
  armies_in("Autumn");
  t->menu("Raid");
  t->choose("Hektor");
  t->choose("Border Keep");
  t->choose("Done");
  t->choose("Done");
  ASSERT_EQ(t->state().to_act, t->seat("Shawn"));
  t->scan("Training Grounds");
  // Autumn: both rules in one check, the phase's first.
  override_check(
      "Training Grounds comes into play in Summer; it is Autumn; Training Grounds is not a tactic: in a raid only "
      "tactics and abilities are played");
  EXPECT_NE(in_play("Shawn", "Training Grounds"), nullptr);
  EXPECT_EQ(t->state().to_act, t->seat("Shawn"));
}

// --- Winter (line 484) and storage (line 152)

// Jack Newcomer carries a food into Winter; Shawn's Border Keep and Sanctuary each have room for
// one more, or are full. With one castle with room the food goes there unasked; with two, or none,
// Shawn is asked.
class R9eWinterChecksTest : public R9eChecksTest {
 protected:
  void jack_carries_food_into_winter(bool room_at_border_keep, bool room_at_sanctuary) {
    start();
    armies();
    end_phase();
    t->menu("Adjust");
    t->choose("Jack Newcomer (Shawn)");
    t->choose("Food carried");
    t->set(1);
    for (const auto& [castle, room] : {std::pair{"Border Keep", room_at_border_keep}, std::pair{"Sanctuary", room_at_sanctuary}}) {
      const int food = t->castle("Shawn", castle).storage - (room ? 1 : 0);
      if (t->castle("Shawn", castle).food == food) continue;
      t->menu("Adjust");
      t->choose(std::string("Food: ") + castle + " (Shawn)");
      t->set(food);
    }
    end_phase();
    ASSERT_EQ(t->state().phase, "Winter");
  }
};

TEST_F(R9eWinterChecksTest, DiscardingFoodACastleCouldStoreIsACheckTheTableMayOverride) {
  jack_carries_food_into_winter(true, true);
  t->choose("Discard it");
  override_check("Border Keep has room: food that can be stored in a castle is not discarded (Winter)");
  EXPECT_TRUE(logged(t->state(), "Shawn discards a food token from Jack Newcomer"));
  EXPECT_EQ(t->castle("Shawn", "Sanctuary").food, t->castle("Shawn", "Sanctuary").storage - 1);
}

TEST_F(R9eWinterChecksTest, FoodOntoAFullCastleIsACheckTheTableMayOverride) {
  jack_carries_food_into_winter(false, false);
  ASSERT_TRUE(t->prompt().has_option("Border Keep")) << t->prompt().text;  // full, still offered
  t->choose("Border Keep");
  override_check("Border Keep is full (storage 2)");
  EXPECT_EQ(t->castle("Shawn", "Border Keep").food, 3);
}

TEST_F(R9eChecksTest, FoodAboveACastlesStorageByHandIsACheckTheTableMayOverride) {
  start();
  t->menu("Adjust");
  t->choose("Food: Border Keep (Mark)");
  t->set(5);
  override_check("Border Keep stores at most 2 food");
  EXPECT_EQ(t->castle("Mark", "Border Keep").food, 5);
}

// --- Duels (the Arcane Fire appendix)

TEST_F(R9eChecksTest, ADuelOutOfSummerAndAutumnIsACheckTheTableMayOverride) {
  armies_in("Autumn");
  end_phase();
  ASSERT_EQ(t->state().phase, "Winter");
  t->menu("Duel");
  override_check("duels come from cards played in Summer or Autumn; it is Winter");
  EXPECT_TRUE(logged(t->state(), "Duel: the table names the challenger"));
  EXPECT_TRUE(t->prompt().has_option("Hektor"));
}

}  // namespace
}  // namespace seneschal::engine
