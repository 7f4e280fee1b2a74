// Nine's pure rules with the rulebook's own numbers (GAMES.md B5): the Tavern's cost and Gold
// standing in, the Castle's required structures, three Farms, a game's score, the match and the
// King's words.
#include <gtest/gtest.h>

#include "nine/nine_rules.hpp"

namespace seneschal::engine::nine {
namespace {

using R = Resource;

// "This Tavern structure requires 1 Lumber and 1 Crew to build, and will provide (up to once per
// round) 1 Crew" (N9:47).
Structure tavern() { return {"Tavern", false, {{R::Lumber}, {R::Crew}}, {}, R::Crew, 0}; }

// "the Castle structure that requires 2 Crew plus 1 Armoury, 1 Stonemason, and 1 Goldsmith
// structure to build" (N9:55); its shield as a table might have taught it.
Structure castle() { return {"Castle", true, {{R::Crew}, {R::Crew}}, {"Armoury", "Stonemason", "Goldsmith"}, {}, 5}; }

Structure basic(const std::string& name, int vp = 0) { return {name, false, {}, {}, {}, vp}; }

TEST(NineRulesTest, LumberAndCrewPayTheTavern) {
  const Payment payment = pay(tavern(), {R::Lumber, R::Crew});
  EXPECT_TRUE(payment.paid) << payment.reason;
  EXPECT_TRUE(payment.unused.empty());
}

TEST(NineRulesTest, GoldStandsForLumberButNeverForCrew) {
  // "Gold (can also be used for Food, Lumber, Stone, or Ore)" (N9:41).
  EXPECT_TRUE(pay(tavern(), {R::Gold, R::Crew}).paid);
  const Payment no_crew = pay(tavern(), {R::Lumber, R::Gold});
  EXPECT_FALSE(no_crew.paid);
  EXPECT_EQ(no_crew.reason, "Tavern needs Crew: Lumber and Gold do not pay it");
}

TEST(NineRulesTest, CrewAndCrewDoNotPayTheTavern) {
  const Payment payment = pay(tavern(), {R::Crew, R::Crew});
  EXPECT_FALSE(payment.paid);
  EXPECT_EQ(payment.reason, "Tavern needs Lumber: Crew and Crew do not pay it");
}

TEST(NineRulesTest, AResourceTheCostDoesNotNeedIsLeftUnused) {
  const Payment payment = pay(tavern(), {R::Stone, R::Lumber, R::Crew});
  ASSERT_TRUE(payment.paid);
  EXPECT_EQ(payment.unused, (std::vector<Resource>{R::Stone}));
}

TEST(NineRulesTest, ASlashCostTakesEitherResource) {
  // "If a structure shows 2 resources separated by a slash, either one of the resources may be used"
  // (N9:49).
  const Structure quarry_like{"Wall", false, {{R::Stone, R::Ore}, {R::Food}}, {}, {}, 1};
  EXPECT_TRUE(pay(quarry_like, {R::Ore, R::Food}).paid);
  EXPECT_TRUE(pay(quarry_like, {R::Stone, R::Food}).paid);
  EXPECT_TRUE(pay(quarry_like, {R::Gold, R::Food}).paid);
  EXPECT_FALSE(pay(quarry_like, {R::Lumber, R::Food}).paid);
}

TEST(NineRulesTest, EachResourcePaysOneItemOnly) {
  // Gold could pay either the Lumber or the Food, not both: the search must not count it twice.
  const Structure two{"Hall", false, {{R::Lumber}, {R::Food}}, {}, {}, 0};
  EXPECT_FALSE(pay(two, {R::Gold}).paid);
  EXPECT_TRUE(pay(two, {R::Gold, R::Gold}).paid);
  // The order offered does not matter: Gold is kept for what only Gold can pay.
  const Structure mixed{"Mill", false, {{R::Lumber, R::Stone}, {R::Food}}, {}, {}, 0};
  EXPECT_TRUE(pay(mixed, {R::Gold, R::Stone}).paid);
}

// Issue 37: a payment the table made is judged whatever it is, each fault with its rule (N-7,
// N-9, N-10), the rule numbers in B3's order.
TEST(NineRulesTest, EveryFaultOfAPaymentIsNamedWithItsRule) {
  EXPECT_TRUE(cost_faults(tavern(), {R::Crew, R::Gold}).empty());
  EXPECT_EQ(cost_faults(tavern(), {R::Lumber, R::Gold}).at(0).rule, 10);
  EXPECT_EQ(cost_faults(tavern(), {R::Lumber, R::Gold}).at(0).reason, "Gold does not stand for Crew (N9:41)");
  EXPECT_EQ(cost_faults(tavern(), {}).at(0).reason, "Tavern needs Lumber + Crew: nothing paid for it (N9:43)");
  EXPECT_EQ(cost_faults(tavern(), {R::Lumber, R::Crew, R::Food}).at(0).reason, "Tavern does not need the Food (N9:110)");
  const Structure goldsmith{"Goldsmith", false, {{R::Crew}, {R::Stone, R::Ore}}, {}, R::Gold, 1};
  EXPECT_EQ(cost_faults(goldsmith, {R::Crew, R::Lumber}).at(0).reason, "Stone/Ore takes one of the two, not Lumber (N9:49)");
  // Gold pays the slash before it is read as Crew: the Crew is what is missing.
  EXPECT_EQ(cost_faults(goldsmith, {R::Gold, R::Lumber}).at(0).reason, "Goldsmith needs Crew: Gold and Lumber do not pay it (N9:43)");
}

TEST(NineRulesTest, TheCastleNeedsItsThreeStructuresInTheCity) {
  EXPECT_TRUE(pay(castle(), {R::Crew, R::Crew}).paid);
  EXPECT_TRUE(missing_requirements(castle(), {"Armoury", "Stonemason", "Goldsmith", "Farm"}).empty());
  EXPECT_EQ(missing_requirements(castle(), {"Armoury", "Goldsmith"}), (std::vector<std::string>{"Stonemason"}));
}

TEST(NineRulesTest, ThreeFarmsGiveTwoBonusPoints) {
  // "if 3 of the same structures are built, gain +2 VPs" (N9:163).
  const GameScore score = score_game({basic("Farm"), basic("Farm"), basic("Farm")}, 0);
  EXPECT_EQ(score.doubles, 2);
  EXPECT_EQ(score.basic, 3);
  EXPECT_EQ(score.total(), 5);
}

TEST(NineRulesTest, AGamesScoreIsShieldsBasicsDoublesHighBonusLessRounds) {
  // S 1 + 5 + 4 = 10; B 3 (Tavern, Farm, Farm); D 1 (the second Farm); H 3 (a second high
  // structure); R 4 rounds: 10 + 3 + 1 + 3 - 4 = 13.
  Structure monument{"Monument", true, {}, {}, {}, 4};
  const GameScore score = score_game({tavern(), basic("Farm", 1), basic("Farm"), castle(), monument}, 4);
  EXPECT_EQ(score.shields, 10);
  EXPECT_EQ(score.basic, 3);
  EXPECT_EQ(score.doubles, 1);
  EXPECT_EQ(score.high_bonus, 3);
  EXPECT_EQ(score.rounds, 4);
  EXPECT_EQ(score.total(), 13);
}

TEST(NineRulesTest, TheMatchIsBothGamesLessAllRounds) {
  // "sum of victory points from both games minus the total number of rounds played in both
  // games" (N9:89).
  const GameScore first = score_game({castle(), basic("Farm")}, 3);   // 5 + 1 - 3 = 3
  const GameScore second = score_game({tavern(), tavern()}, 2);        // 0 + 2 + 1 - 2 = 1
  EXPECT_EQ(first.total(), 3);
  EXPECT_EQ(second.total(), 1);
  EXPECT_EQ(match_total(first, second), 4);
}

TEST(NineRulesTest, TheKingsWordsFollowTheBands) {
  // N9:170-180.
  EXPECT_EQ(king_says(25), "Our next King!");
  EXPECT_EQ(king_says(31), "Our next King!");
  EXPECT_EQ(king_says(24), "The King is worried");
  EXPECT_EQ(king_says(21), "The King is worried");
  EXPECT_EQ(king_says(20), "The King is impressed");
  EXPECT_EQ(king_says(17), "The King is impressed");
  EXPECT_EQ(king_says(16), "The King shrugs");
  EXPECT_EQ(king_says(13), "The King shrugs");
  EXPECT_EQ(king_says(12), "The King is displeased");
  EXPECT_EQ(king_says(0), "The King is displeased");
  EXPECT_EQ(king_says(-3), "The King is displeased");  // B7.10
}

TEST(NineRulesTest, ResourcesAreNamedAsTheRulesNameThem) {
  for (R r : {R::Food, R::Lumber, R::Stone, R::Ore, R::Gold, R::Crew}) {
    EXPECT_EQ(resource_from_name(resource_name(r)), r);
  }
  EXPECT_FALSE(resource_from_name("Wool").has_value());
}

}  // namespace
}  // namespace seneschal::engine::nine
