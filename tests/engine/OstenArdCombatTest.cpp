// Osten Ard combat arithmetic (GAMES.md C2 skirmish and battle flows, C4, C5.4, C7.12-C7.15; checks
// OA-35 to OA-42, OA-50): wounds, strength, skirmish results, strikes, battle totals, forfeits,
// routs and spells, with the rules' own words and numbers.
#include <gtest/gtest.h>

#include "ostenard/oa_combat.hpp"

namespace seneschal::engine::ostenard {
namespace {

using Indices = std::vector<std::size_t>;
using Reasons = std::vector<std::string>;

BattleArmy army(const char* name, int cv, int cohesion, ArmyRole role = ArmyRole::Line) {
  BattleArmy a;
  a.name = name;
  a.combat_value = cv;
  a.cohesion = cohesion;
  a.role = role;
  return a;
}

BattleArmy cavalry(const char* name, int cv, int cohesion) {
  BattleArmy a = army(name, cv, cohesion);
  a.cavalry = true;
  return a;
}

bool mentions(const Reasons& reasons, const std::string& words) {
  for (const std::string& reason : reasons) {
    if (reason.find(words) != std::string::npos) return true;
  }
  return false;
}

// ---- Wounds and strength ------------------------------------------------------------------------

TEST(OstenArdCombatTest, WoundedValuesAreTheWorkedExampleC5_4) {
  // "-2 to all attributes (to a minimum of 1 or the value itself, whichever is lower)" (OA:509).
  EXPECT_EQ(wounded_value(5), 3);
  EXPECT_EQ(wounded_value(4), 2);
  EXPECT_EQ(wounded_value(3), 1);
  EXPECT_EQ(wounded_value(2), 1);
  EXPECT_EQ(wounded_value(1), 1);
  EXPECT_EQ(wounded_value(0), 0);
}

TEST(OstenArdCombatTest, StrengthTakesTheWoundOrTheBowThenTheDiscards) {
  // Wounded -2 with its floor (OA:509), bowed -1 (OA:879), +1 per card discarded (OA:867).
  EXPECT_EQ(effective_strength({5, false, false, 0, 0}).value(), 5);
  EXPECT_EQ(effective_strength({5, false, true, 0, 0}).value(), 3);
  EXPECT_EQ(effective_strength({5, true, false, 0, 0}).value(), 4);
  EXPECT_EQ(effective_strength({5, true, false, 3, 0}).value(), 7);
  EXPECT_EQ(effective_strength({2, false, false, 0, -2}).value(), 0);  // two leftover strikes (OA:513)
}

TEST(OstenArdCombatTest, WoundedCardTakesNoBowPenalty) {
  // Rotated 180 degrees, it "cannot bow" (OA:507-509): the wound is its penalty (README choice).
  EXPECT_EQ(effective_strength({5, true, true, 0, 0}).value(), 3);
  EXPECT_EQ(effective_strength({1, true, true, 0, 0}).value(), 1);
}

TEST(OstenArdCombatTest, StrengthIsNeverBelowZero) {
  // A bowed strength 1 is 1 - 1 = 0, and a leftover strike takes nothing more (README choice).
  EXPECT_EQ(effective_strength({1, true, false, 0, 0}).value(), 0);
  EXPECT_EQ(effective_strength({1, true, false, 0, -1}).value(), 0);
}

TEST(OstenArdCombatTest, MoreThanThreeCombatDiscardsAreRefused) {
  // "discard up to 3 cards to add up to 3 to Strength or CV of one card" (OA:867).
  const Result<int> four = effective_strength({3, false, false, 4, 0});
  ASSERT_FALSE(four.has_value());
  EXPECT_NE(four.error().message.find("OA:867"), std::string::npos);
  EXPECT_FALSE(effective_strength({3, false, false, -1, 0}).has_value());
}

// ---- Skirmish results ---------------------------------------------------------------------------

TEST(OstenArdCombatTest, SkirmishKillsAtExactlyTwiceTheLosersStrength) {
  // "killed instead if winner has twice as much strength as loser" (OA:501); "less than twice ...
  // wounded (otherwise they are discarded)" (OA:505): 6 against 3 kills.
  const SkirmishResult r = skirmish({6, false}, {3, false});
  EXPECT_EQ(r.attacker, Fate::Unhurt);
  EXPECT_EQ(r.defender, Fate::Killed);
  EXPECT_FALSE(r.tie);
  // And the other way round: the attacker loses to twice its strength.
  EXPECT_EQ(skirmish({2, false}, {4, false}).attacker, Fate::Killed);
}

TEST(OstenArdCombatTest, SkirmishJustUnderTwiceWoundsTheLoser) {
  // 5 against 3 is less than twice: "bowed and wounded" (OA:499, 505).
  const SkirmishResult r = skirmish({5, false}, {3, false});
  EXPECT_EQ(r.attacker, Fate::Unhurt);
  EXPECT_EQ(r.defender, Fate::Wounded);
  EXPECT_STREQ(fate_name(r.defender), "wounded");
}

TEST(OstenArdCombatTest, WoundedLoserWoundedAgainIsDiscarded) {
  // "Wounded personalities that get wounded again are discarded" (OA:509).
  EXPECT_EQ(skirmish({3, true}, {4, false}).attacker, Fate::Discarded);
  // Twice its strength kills it whatever its state (OA:501).
  EXPECT_EQ(skirmish({2, true}, {4, false}).attacker, Fate::Killed);
}

TEST(OstenArdCombatTest, EqualStrengthsWoundBothAndKillNeither) {
  // C7.12: "All personalities with the lowest strength" (OA:499) are both; neither has twice.
  const SkirmishResult r = skirmish({3, false}, {3, true});
  EXPECT_TRUE(r.tie);
  EXPECT_EQ(r.attacker, Fate::Wounded);
  EXPECT_EQ(r.defender, Fate::Discarded);  // wounded already (OA:509)
  const SkirmishResult zero = skirmish({0, false}, {0, false});
  EXPECT_EQ(zero.attacker, Fate::Wounded);
  EXPECT_EQ(zero.defender, Fate::Wounded);
}

// ---- Strikes ------------------------------------------------------------------------------------

TEST(OstenArdCombatTest, LeftoverStrikesEachGiveMinusOneToADefender) {
  // An automatic attack of 5 strikes on a party of 3: 3 dealt, 2 left as -1 each (OA:519-525; C7.13).
  const StrikeCount c = count_strikes(5, 3, 3);
  EXPECT_EQ(c.dealt, 3);
  EXPECT_EQ(c.leftover_strikes, 2);
  EXPECT_EQ(c.leftover_defenders, 0);
  EXPECT_EQ(c.strike_penalty, 0);
}

TEST(OstenArdCombatTest, LeftoverReadyDefendersGiveMinusOneToEveryStrike) {
  // 2 strikes on 4 ready personalities: 2 dealt, 2 ready left, each strike -2 (OA:513-515).
  const StrikeCount c = count_strikes(2, 4, 4);
  EXPECT_EQ(c.dealt, 2);
  EXPECT_EQ(c.leftover_strikes, 0);
  EXPECT_EQ(c.leftover_defenders, 2);
  EXPECT_EQ(c.strike_penalty, 2);
}

TEST(OstenArdCombatTest, LeftoverBowedDefendersGiveNothing) {
  // 2 strikes on 4 personalities of which 2 are ready: the ready ones face the strikes first (OA:481),
  // the two bowed ones left over are not "ready" (OA:513).
  const StrikeCount c = count_strikes(2, 4, 2);
  EXPECT_EQ(c.dealt, 2);
  EXPECT_EQ(c.leftover_defenders, 0);
  EXPECT_EQ(c.strike_penalty, 0);
  // 1 of 3 ready: 1 dealt, 2 ready left.
  EXPECT_EQ(count_strikes(1, 4, 3).strike_penalty, 2);
}

TEST(OstenArdCombatTest, HazardArmyAndAutomaticAttackFightAsCompanies) {
  // "a number of personalities equal to its cohesion, each with strength equal to the hazard army's
  // Combat Value" (OA:459-461).
  EXPECT_EQ(hazard_army_as_company(3, 4), (std::vector<int>{4, 4, 4}));
  // "a number of personalities equal to its number of strikes, each with strength equal to the
  // attack's strength" (OA:465-467); +1 against an enemy attribute towards its type (OA:425).
  EXPECT_EQ(automatic_attack_as_company(2, 5), (std::vector<int>{5, 5}));
  EXPECT_EQ(automatic_attack_as_company(2, 5, AttackBonus::EnemyAttribute), (std::vector<int>{6, 6}));
}

// ---- Battle totals ------------------------------------------------------------------------------

BattleSide erkynland_host() {
  BattleSide side;
  side.armies = {army("Erkynguard", 5, 3, ArmyRole::Vanguard), army("Hayholt Levy", 4, 2),
                 army("Naglimund Garrison", 6, 4, ArmyRole::Rearguard)};
  side.armies[1].bowed = true;
  side.unused_tactics = 2;
  side.initiative = 3;
  return side;
}

BattleSide nabban_host() {
  BattleSide side;
  side.armies = {army("Imperial Legion", 3, 3, ArmyRole::Vanguard), army("Benidrivine Guard", 3, 2)};
  side.unused_tactics = 1;
  side.initiative = 2;
  return side;
}

TEST(OstenArdCombatTest, BattleTotalSkipsBowedAndRearguardArmies) {
  // "Bowed armies and rearguard armies have no strength" (OA:565); +1 per unused tactic (OA:569):
  // 5 + 2 = 7, the bowed 4 and the rearguard's 6 left out.
  EXPECT_EQ(side_total(erkynland_host()), 7);
  EXPECT_EQ(side_total(nabban_host()), 7);
}

TEST(OstenArdCombatTest, HighestInitiativeAddsTheD6) {
  // "The player with the highest inititiative ... may add a D6 roll to his total" (OA:569).
  const Result<BattleResult> r = resolve_battle(erkynland_host(), nabban_host(), 4);
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->roller, Side::Attacker);
  EXPECT_EQ(r->attacker_total, 11);
  EXPECT_EQ(r->defender_total, 7);
  EXPECT_EQ(r->winner, Side::Attacker);
  EXPECT_EQ(r->difference, 4);
  EXPECT_FALSE(r->full_rout);  // 11 is not above 14
}

TEST(OstenArdCombatTest, InitiativeTieGoesToUnusedTacticsThenToNobody) {
  // "(or the player with the highest unused tactics, if a tie)" (OA:569); both equal: nobody (README).
  BattleSide a = erkynland_host();
  BattleSide d = nabban_host();
  d.initiative = a.initiative;
  EXPECT_EQ(die_roller(a, d), Side::Attacker);  // tactics 2 against 1
  d.unused_tactics = 3;
  EXPECT_EQ(die_roller(a, d), Side::Defender);
  d.unused_tactics = a.unused_tactics;
  EXPECT_EQ(die_roller(a, d), std::nullopt);
  EXPECT_FALSE(resolve_battle(a, d, 3).has_value());  // nobody rolls
  EXPECT_TRUE(resolve_battle(a, d, std::nullopt).has_value());
}

TEST(OstenArdCombatTest, TheD6IsRequiredAndOneToSix) {
  EXPECT_FALSE(resolve_battle(erkynland_host(), nabban_host(), std::nullopt).has_value());
  EXPECT_FALSE(resolve_battle(erkynland_host(), nabban_host(), 7).has_value());
  EXPECT_FALSE(resolve_battle(erkynland_host(), nabban_host(), 0).has_value());
}

TEST(OstenArdCombatTest, EqualTotalsHaveNoWinner) {
  // C7.15: equal totals, no loser, no forfeits. Equal initiative and tactics, so nobody rolls:
  // 5 + 3 tactics against 3 + 2 + 3 tactics.
  BattleSide a = erkynland_host();
  BattleSide d = nabban_host();
  d.initiative = a.initiative;
  a.unused_tactics = 3;
  d.unused_tactics = 3;
  d.armies[1].combat_value = 2;
  const Result<BattleResult> r = resolve_battle(a, d, std::nullopt);
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->attacker_total, 8);
  EXPECT_EQ(r->defender_total, 8);
  EXPECT_FALSE(r->winner.has_value());
  EXPECT_EQ(r->difference, 0);
  EXPECT_FALSE(r->full_rout);
}

TEST(OstenArdCombatTest, FullRoutOnlyAboveTwiceTheLosersTotal) {
  // "If the winner's total combat value was higher than twice the loser one's" (OA:585).
  EXPECT_FALSE(full_rout(10, 5));
  EXPECT_TRUE(full_rout(11, 5));
  // Through a battle: 5 + 2 tactics + a 6 = 13 against a lone army of CV 0 and 1 tactic.
  BattleSide lone;
  lone.armies = {army("Thrithings Raiders", 0, 1)};
  lone.unused_tactics = 1;
  const Result<BattleResult> r = resolve_battle(erkynland_host(), lone, 6);
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->attacker_total, 13);
  EXPECT_EQ(r->defender_total, 1);
  EXPECT_TRUE(r->full_rout);
}

TEST(OstenArdCombatTest, TwoVanguardsAreRefused) {
  // "up to one army as Vanguard and one to serve as Rearguard" (OA:541).
  BattleSide side = nabban_host();
  side.armies[1].role = ArmyRole::Vanguard;
  const Reasons reasons = battle_side_checks(side, Side::Defender);
  ASSERT_EQ(reasons.size(), 1u);
  EXPECT_EQ(reasons[0], "Defender has 2 vanguards: Imperial Legion and Benidrivine Guard (OA:541)");
  EXPECT_TRUE(battle_side_checks(erkynland_host(), Side::Attacker).empty());
}

// ---- Forfeits -----------------------------------------------------------------------------------

TEST(OstenArdCombatTest, LoserForfeitsTheVanguardFirst) {
  // "The first forfeited army must be the vanguard" (OA:577). Difference 4: vanguard 2, then the 5.
  ForfeitCase battle;
  battle.loser = {army("Levy", 3, 1), army("Guard", 4, 2, ArmyRole::Vanguard), army("Legion", 5, 5)};
  battle.winner = {army("Erkynguard", 5, 3)};
  battle.difference = 4;
  const Forfeits proposal = propose_forfeits(battle);
  EXPECT_EQ(proposal.loser, (Indices{1, 2}));
  EXPECT_TRUE(forfeit_checks(battle, proposal).empty());
  const Reasons reasons = forfeit_checks(battle, {{2, 1}, {0}});
  EXPECT_TRUE(mentions(reasons, "Loser: the first forfeited army must be the vanguard, Guard (OA:577)"));
}

TEST(OstenArdCombatTest, RearguardOnlyAfterTwoOtherArmies) {
  // "The rearguard may only be forfeited if already two armies were forfeited this round" (OA:577).
  // Difference 5: vanguard 1 + line 1 do not pass it; the rearguard may go third.
  ForfeitCase battle;
  battle.loser = {army("Vanguard", 2, 1, ArmyRole::Vanguard), army("Rearguard", 2, 9, ArmyRole::Rearguard),
                  army("Line", 2, 1)};
  battle.winner = {army("Host", 9, 3)};
  battle.difference = 5;
  EXPECT_EQ(propose_forfeits(battle).loser, (Indices{0, 2, 1}));
  const Reasons second = forfeit_checks(battle, {{0, 1}, {0}});
  EXPECT_TRUE(mentions(second, "the rearguard Rearguard may only be forfeited after two other armies (OA:577)"));
}

TEST(OstenArdCombatTest, RearguardIsKeptWhenItCannotBeThird) {
  // With only the vanguard before it, the rearguard never may go: the loser forfeits the vanguard
  // alone, though its cohesion does not pass the difference (README: the prohibition holds).
  ForfeitCase battle;
  battle.loser = {army("Vanguard", 2, 1, ArmyRole::Vanguard), army("Rearguard", 2, 9, ArmyRole::Rearguard)};
  battle.winner = {army("Host", 9, 3)};
  battle.difference = 5;
  const Forfeits proposal = propose_forfeits(battle);
  EXPECT_EQ(proposal.loser, (Indices{0}));
  EXPECT_TRUE(proposal.winner.empty());  // the loser lost only one (OA:573)
  EXPECT_TRUE(forfeit_checks(battle, proposal).empty());
  EXPECT_FALSE(forfeit_checks(battle, {{0, 1}, {}}).empty());
}

TEST(OstenArdCombatTest, ForfeitedCohesionMustBeStrictlyAboveTheDifference) {
  // "until their total cohesion is higher than the difference in CVs" (OA:573; C7.15). Difference 4:
  // vanguard 2 + 2 = 4 is not above it.
  ForfeitCase battle;
  battle.loser = {army("Vanguard", 1, 2, ArmyRole::Vanguard), army("Two", 1, 2), army("Three", 1, 3)};
  battle.winner = {army("Host", 9, 3)};
  battle.difference = 4;
  EXPECT_EQ(propose_forfeits(battle).loser, (Indices{0, 2}));  // 2 + 3 = 5
  EXPECT_TRUE(mentions(forfeit_checks(battle, {{0, 1}, {0}}), "Loser: 2 armies with cohesion 4 forfeited"));
  EXPECT_TRUE(forfeit_checks(battle, {{0, 1, 2}, {0}}).empty());  // 4, then 7: the third takes it above
  EXPECT_TRUE(mentions(forfeit_checks(battle, {{0, 2, 1}, {0}}), "Loser: 3 armies forfeited, 2 are due"));
}

TEST(OstenArdCombatTest, LoserWithoutEnoughCohesionForfeitsEverythingItMay) {
  ForfeitCase battle;
  battle.loser = {army("One", 1, 1), army("Two", 1, 2)};
  battle.winner = {army("Host", 9, 3)};
  battle.difference = 10;
  const Forfeits proposal = propose_forfeits(battle);
  EXPECT_EQ(proposal.loser, (Indices{0, 1}));
  EXPECT_EQ(proposal.winner, (Indices{0}));
  EXPECT_TRUE(forfeit_checks(battle, proposal).empty());
}

TEST(OstenArdCombatTest, WinnerForfeitsOneArmyUnlessTheLoserLostOnlyOne) {
  // "Winner forfeits one army (unless opponent lost only one army)" (OA:573).
  ForfeitCase battle;
  battle.loser = {army("Vanguard", 1, 2, ArmyRole::Vanguard), army("Line", 1, 3)};
  battle.winner = {army("Line", 5, 1), army("Van", 5, 4, ArmyRole::Vanguard), army("Rear", 5, 1, ArmyRole::Rearguard)};

  battle.difference = 1;  // the vanguard's 2 passes it: the loser lost one
  Forfeits proposal = propose_forfeits(battle);
  EXPECT_EQ(proposal.loser, (Indices{0}));
  EXPECT_TRUE(proposal.winner.empty());
  EXPECT_TRUE(mentions(forfeit_checks(battle, {{0}, {1}}), "Winner: forfeits no army, the loser lost only one (OA:573)"));

  battle.difference = 3;  // 2 + 3: the loser lost two, the winner gives its vanguard
  proposal = propose_forfeits(battle);
  EXPECT_EQ(proposal.loser, (Indices{0, 1}));
  EXPECT_EQ(proposal.winner, (Indices{1}));
  EXPECT_TRUE(forfeit_checks(battle, proposal).empty());
  EXPECT_TRUE(mentions(forfeit_checks(battle, {{0, 1}, {}}), "Winner: forfeits one army unless the loser lost only one"));
  EXPECT_TRUE(mentions(forfeit_checks(battle, {{0, 1}, {0}}), "Winner: the first forfeited army must be the vanguard, Van"));
}

TEST(OstenArdCombatTest, WinnerNeverForfeitsItsRearguardAlone) {
  // The winner forfeits one army, which would be its first: never the rearguard (OA:577; README).
  ForfeitCase battle;
  battle.loser = {army("One", 1, 1), army("Two", 1, 1)};
  battle.winner = {army("Rear", 5, 1, ArmyRole::Rearguard)};
  battle.difference = 1;
  const Forfeits proposal = propose_forfeits(battle);
  EXPECT_EQ(proposal.loser, (Indices{0, 1}));
  EXPECT_TRUE(proposal.winner.empty());
  EXPECT_TRUE(forfeit_checks(battle, proposal).empty());
  EXPECT_FALSE(forfeit_checks(battle, {{0, 1}, {0}}).empty());
}

TEST(OstenArdCombatTest, EachWinningCavalryArmyCostsTheLoserOneMore) {
  // "For each cavalry army in a winning battle, opponent loses an additional army" (OA:581, 833).
  ForfeitCase battle;
  battle.loser = {army("Vanguard", 1, 5, ArmyRole::Vanguard), army("One", 1, 1), army("Two", 1, 2), army("Three", 1, 3)};
  battle.winner = {cavalry("Thrithings Horse", 4, 2), cavalry("Hernystiri Riders", 4, 2), army("Foot", 4, 3)};
  battle.difference = 3;
  EXPECT_EQ(cavalry_extra(battle), 2);
  const Forfeits proposal = propose_forfeits(battle);
  EXPECT_EQ(proposal.loser, (Indices{0, 1, 2}));  // the vanguard's 5 passes 3, then two more, least cohesion
  EXPECT_EQ(proposal.winner.size(), 1u);          // the loser lost three
  EXPECT_TRUE(forfeit_checks(battle, proposal).empty());
  EXPECT_TRUE(mentions(forfeit_checks(battle, {{0}, {}}), "then 2 more for the winner's cavalry (OA:581)"));
  EXPECT_TRUE(forfeit_checks(battle, {{0, 3, 1}, {0}}).empty());  // the loser chooses which
}

TEST(OstenArdCombatTest, LargeHostsStillGetALegalProposal) {
  // Past the exact search (16 armies besides the vanguard) the largest cohesions go first; the
  // proposal is still legal by OA:573-581.
  ForfeitCase battle;
  battle.loser.push_back(army("Vanguard", 1, 1, ArmyRole::Vanguard));
  for (int i = 0; i < 18; ++i) battle.loser.push_back(army("Levy", 1, 1 + i % 4));
  battle.loser.push_back(army("Rearguard", 1, 9, ArmyRole::Rearguard));
  battle.winner = {army("Host", 9, 3)};
  battle.difference = 9;
  const Forfeits proposal = propose_forfeits(battle);
  EXPECT_EQ(proposal.loser.front(), 0u);
  EXPECT_EQ(proposal.loser.size(), 4u);  // 1 + 4 + 4 + 4 = 13 > 9; 1 + 4 + 4 = 9 is not
  EXPECT_TRUE(forfeit_checks(battle, proposal).empty());
}

// ---- Spells -------------------------------------------------------------------------------------

TEST(OstenArdCombatTest, SpellNeedsMindAtLeastItsLevel) {
  // "the spellcasters spell level (his mind) must be higher than or equal to the spell's level" (OA:657).
  EXPECT_TRUE(spell_castable({4, false, false, 0, 4}));
  EXPECT_FALSE(spell_castable({3, false, false, 0, 4}));
  EXPECT_EQ(spell_checks({3, false, false, 0, 4}), (Reasons{"Mind 3 is below the spell's level 4 (OA:657)"}));
}

TEST(OstenArdCombatTest, RitualHelpersAddOneMindEach) {
  // "Bow a spellcaster at same location ... to add 1 to the mind of that spellcaster" (OA:647-649).
  EXPECT_TRUE(spell_castable({2, false, true, 2, 4}));
  EXPECT_FALSE(spell_castable({2, false, true, 1, 4}));
  EXPECT_EQ(spell_checks({2, false, true, 1, 4}),
            (Reasons{"Mind 2 with 1 helper makes 3, below the spell's level 4 (OA:657)"}));
  // Helpers add only to a ritual.
  EXPECT_FALSE(spell_castable({2, false, false, 2, 4}));
  EXPECT_TRUE(mentions(spell_checks({2, false, false, 2, 4}), "Only a ritual takes helpers"));
}

TEST(OstenArdCombatTest, WoundedCasterCastsWithItsWoundedMind) {
  // "-2 to all attributes" (OA:509): mind 5 wounded is 3.
  EXPECT_EQ(casting_mind({5, true, false, 0, 4}), 3);
  EXPECT_FALSE(spell_castable({5, true, false, 0, 4}));
}

}  // namespace
}  // namespace seneschal::engine::ostenard
