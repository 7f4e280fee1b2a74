// The Osten Ard CCG's flows, on a real Session (OstenArdTable.hpp): setup (OA:9-25, OA-1 to
// OA-5), the five phases in turn, cards played to companies (OA-14, OA-15), movement by the region
// map (OA-25, C5.1, C7.10), control by hosts (OA-52) and the victory at 10 control points (OA:5),
// combat, leadership and the table's lie of each card.
#include "OstenArdTable.hpp"

namespace seneschal::engine {
namespace {

using OstenArdFlowsTest = oa_test::OstenArdTable;

// OA:13-25: the first player, locations, personalities, allegiances, then four-card companies.
TEST_F(OstenArdFlowsTest, SetupGivesEachSeatALocationAPersonalityAnAllegianceAndFourCards) {
  set_up();
  EXPECT_TRUE(logged("Ann plays first; play goes clockwise (OA:13, GAMES.md C7.2)"));
  EXPECT_TRUE(logged("Ann starts at Naglimund (Frostmarch), a fortress"));
  EXPECT_TRUE(logged("Ben's starting allegiance: Hernystir"));
  const auto companies = detail()["companies"];
  ASSERT_EQ(companies.size(), 2u);
  EXPECT_EQ(companies[0]["members"].size(), 4u);
  EXPECT_EQ(companies[1]["members"].size(), 4u);
  EXPECT_EQ(detail()["step"], "resource");
  EXPECT_EQ(state().to_act, 0);
  EXPECT_EQ(state().phase, "Resource");
}

// OA-1: "until all players have a different starting location" (OA:17).
TEST_F(OstenArdFlowsTest, TwoSeatsCannotStartAtOneLocation) {
  must(StartGame{"ostenard", {"Ann", "Ben"}});
  choose("Ann");
  show("Naglimund");
  show("Naglimund");
  override_check("Naglimund is Ann's starting location already (OA:17)");
}

// OA-2: the starting personality has the starting location as homebase (OA:21).
TEST_F(OstenArdFlowsTest, AStartingPersonalityBasedElsewhereIsACheck) {
  must(StartGame{"ostenard", {"Ann", "Ben"}});
  choose("Ann");
  show("Naglimund");
  show("Hernysadharc");
  show("Maegwin");
  override_check("Maegwin's homebase is Hernysadharc, not Naglimund (OA:21)");
}

// OA-5: a personality's or army's home in the starting location's region (OA:25).
TEST_F(OstenArdFlowsTest, AStartingCompanyCardFromAnotherRegionIsACheck) {
  to_starting_companies();
  show("Circoille Guard");
  override_check("Circoille Guard's home is in Hernystir, not in Frostmarch (OA:25)");
}

// OA-25, C5.1: "a company moving from Rimmergard to Erkynland moves through the Frostmarch"
// (OA:419); the Frostmarch to Yiqanuc has two middle regions, asked (C7.10); four regions away is
// a check (OA:107).
TEST_F(OstenArdFlowsTest, CompaniesMoveAtMostTwoRegionsAndThePathIsAskedWhereTwoExist) {
  set_up();
  ok();  // Resource
  ok();  // Organization
  choose("Move Ann's company at Naglimund");
  show("Chidsik Ub-Sah");  // Frostmarch -> Yiqanuc: through Rimmersgard or Aldheorte
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Rimmersgard", "Aldheorte"}));
  choose("Aldheorte");
  ok();  // the opponent plays no hazard army against the host (OA:433)
  EXPECT_TRUE(logged("Ann's company moves from Naglimund (Frostmarch) to Chidsik Ub-Sah (Yiqanuc) through Aldheorte"));
  ok();  // Movement
  ok();  // Combat
  ok();  // End: Ben's turn
  ok();
  ok();
  choose("Move Ben's company at Hernysadharc");
  show("Elvritshalla");  // Hernystir -> Rimmersgard: two regions, through the Frostmarch only
  EXPECT_TRUE(logged("Ben's company moves from Hernysadharc (Hernystir) to Elvritshalla (Rimmersgard) through Frostmarch"));
}

TEST_F(OstenArdFlowsTest, AMoveOfThreeRegionsIsACheck) {
  set_up();
  ok();
  ok();
  choose("Move Ann's company at Naglimund");
  show("Chidsik Ub-Sah");
  choose("Rimmersgard");
  ok();  // the opponent plays no hazard army against the host (OA:433)
  ok();
  ok();
  ok();  // Ben's turn
  ok();
  ok();
  choose("Move Ben's company at Hernysadharc");
  show("Chidsik Ub-Sah");  // Hernystir -> Yiqanuc: 3 regions
  override_check("Hernystir to Yiqanuc is 3 regions away: a company moves at most 2 (OA:107)");
}

// OA-52, OA:5: a host (two or more armies) alone at a location takes control in Organization;
// the control points show on the screen; 10 win.
TEST_F(OstenArdFlowsTest, AHostTakesControlInOrganizationAndTheScreenCountsItsPoints) {
  set_up();
  EXPECT_EQ(prompt().text, "Ann: straighten, draw 1; OK to organize");  // no location yet; Josua, a noble at home (OA:79)
  ok();
  EXPECT_TRUE(logged("Ann takes control of Naglimund (Frostmarch): 1 control point (OA:669-709)"));
  EXPECT_TRUE(logged("Ben takes control of Hernysadharc (Hernystir): 1 control point (OA:669-709)"));
  EXPECT_EQ(detail()["locations"][0]["controller"], 0);
  const BoardView board = session_->module()->describe(state());
  EXPECT_EQ(board.seats[0].score, 1);
  EXPECT_EQ(board.seats[0].counters.front().value, "1/10");
  ok();
  ok();
  ok();
  ok();  // Ben's turn: he controls Hernysadharc since Ann's Organization (OA:45); Maegwin is a noble at home
  EXPECT_EQ(prompt().text, "Ben: straighten, draw 2; OK to organize");
}

// OA-14, OA-15: one card of a kind per location a turn; a personality at its homebase (OA:93-97).
TEST_F(OstenArdFlowsTest, CardsJoinCompaniesOneOfAKindPerLocationAtTheirHomebase) {
  set_up();
  ok();  // to Organization
  show("Isgrimnur");
  choose("Ann's company at Naglimund");
  override_check("Isgrimnur is played at Naglimund, not at its homebase Elvritshalla (OA:97)");
  EXPECT_TRUE(logged("Isgrimnur joins Ann's company at Naglimund"));
  show("Thorn");
  choose("Ann's company at Naglimund");
  show("Sorrow");
  choose("Ann's company at Naglimund");
  override_check("an item was played at Naglimund this turn already (OA:93)");
}

// OA-11 (OA:61-81): leaders against followers as the matching rules allow. Ann: Josua leads (2 + 1
// noble generic, 2 specific), Deornoth follows (2): legal, 3 unused, and her two armies at home ask
// nothing (OA:85). Isgrimnur joins: he leads 2 generic but follows too (loyalty 4, not of her
// allegiance, C7.6); only Josua's 3 generic can pay him: short. The device asks whom to discard.
TEST_F(OstenArdFlowsTest, LeadershipShortOfLoyaltyAsksForADiscardAndIsACheckOnOk) {
  set_up();
  ok();  // Organization
  EXPECT_TRUE(logged("Ann's leadership 5 against loyalty 2, 3 unused; the armies ask 0 cards (OA:61, 85)"));
  EXPECT_EQ(prompt().text, "Ann: LE 5 against LO 2; OK to move");
  show("Isgrimnur");
  choose("Ann's company at Naglimund");
  override_check("Isgrimnur is played at Naglimund, not at its homebase Elvritshalla (OA:97)");
  EXPECT_EQ(prompt().text, "Ann: LE 7 cannot hold LO 6: discard whom?");
  EXPECT_EQ(prompt().labels().front(), "Discard Isgrimnur");
  ok();
  EXPECT_TRUE(test::waiting_check(state()).starts_with("LE 7 against LO 6, but only")) << test::waiting_check(state());
  must(Pass{});
  choose("Discard Isgrimnur");
  EXPECT_TRUE(logged("Ann discards Isgrimnur (leadership, OA:61)"));
  EXPECT_EQ(prompt().text, "Ann: LE 5 against LO 2; OK to move");
}

// C1: bowed (turned 90) and wounded (turned 180) are read from the table (OA:505-509, 879); a
// wounded card neither bows nor straightens (checks).
TEST_F(OstenArdFlowsTest, BowedAndWoundedAreReadFromHowTheCardLies) {
  set_up();
  must(TurnCard{"DEORNOTH", 1, 90});
  EXPECT_TRUE(logged("Deornoth is bowed (turned on the table)"));
  EXPECT_TRUE(detail()["companies"][0]["members"][1]["bowed"].get<bool>());
  must(TurnCard{"DEORNOTH", 1, 180});
  EXPECT_TRUE(logged("Deornoth is wounded (turned on the table): -2 to its attributes, to a minimum of 1 (OA:509)"));
  must(TurnCard{"DEORNOTH", 1, 0});
  const BoardView wounded = session_->module()->describe(state());
  EXPECT_EQ(wounded.seats[0].lists[0].items[1].note, "wounded");
  EXPECT_EQ(wounded.seats[0].lists[0].items[1].quarter, 180);
  override_check("Deornoth is wounded: wounded personalities do not straighten (OA:509)");
  EXPECT_TRUE(logged("Deornoth is straightened (turned on the table)"));
  EXPECT_FALSE(detail()["companies"][0]["members"][1]["wounded"].get<bool>());
}

// The skirmish flow (OA:455-525): Ann's company enters Hernysadharc (no automatic attack there)
// and attacks Ben's (never forced, OA:429). Josua (6) against Maegwin (3): twice her strength,
// she is killed (OA:501). Deornoth (3) against Eolair (2 + 1 discarded card, OA:867): equal, both
// wounded (C7.12). Josua bowed to attack (OA:485).
TEST_F(OstenArdFlowsTest, ASkirmishPairsTheCompaniesAndAppliesEachResult) {
  set_up(false);
  ok();  // Organization
  ok();  // Movement
  choose("Move Ann's company at Naglimund");
  show("Hernysadharc");
  EXPECT_EQ(prompt().text, "Ben: hazards against Ann's company at Hernysadharc? OK when done");
  ok();  // Ben plays none
  ok();  // Combat
  // Hernysadharc has no automatic attack (told as the company arrived): only the meeting is offered.
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Attack Ben's company at Hernysadharc"}));
  choose("Attack Ben's company at Hernysadharc");
  choose("No ranged attack");  // Ann's Deornoth could shoot (OA:471)
  EXPECT_TRUE(logged("Ann's company at Hernysadharc attacks Ben's company at Hernysadharc: 2 pairs (OA:513-525)"));
  choose("Attack with Josua");
  EXPECT_EQ(prompt().seat, 1);
  choose("Defend with Maegwin");
  choose("Fight");
  EXPECT_TRUE(logged("Josua (6) against Maegwin (3): Maegwin killed (OA:499-509)"));
  choose("Attack with Deornoth");
  // Eolair, the one personality left to fight, faces him unasked.
  EXPECT_EQ(prompt().text, "Deornoth against Eolair: discards, then Fight");
  choose("Defender discards 1");
  choose("Fight");
  EXPECT_TRUE(logged("Deornoth (3) against Eolair (3): Deornoth wounded, Eolair wounded (OA:499-509)"));
  const auto companies = detail()["companies"];
  EXPECT_TRUE(companies[0]["members"][0]["bowed"].get<bool>());    // Josua
  EXPECT_TRUE(companies[0]["members"][1]["wounded"].get<bool>());  // Deornoth
  ASSERT_EQ(companies[1]["members"].size(), 3u);                   // Maegwin gone
  EXPECT_TRUE(companies[1]["members"][0]["wounded"].get<bool>());  // Eolair
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{}));      // both combats fought
}

// An automatic attack fights "as a company" of its strikes (OA:459-467): three strikes of 4 on a
// party of two personalities: two pairs, one strike left over gives a defender -1, placed by the
// table (C7.13).
TEST_F(OstenArdFlowsTest, AnAutomaticAttackFightsAsACompanyOfItsStrikes) {
  ann_moves_to_yiqanuc();
  ok();  // Combat
  choose("Automatic attack at Chidsik Ub-Sah");
  EXPECT_TRUE(logged("Automatic attack at Chidsik Ub-Sah: 2 pairs, 1 strike left over (-1 each) (OA:513-525)"));
  // The table places the leftover's -1 (C7.13): the defenders offered, the first preselected.
  EXPECT_EQ(prompt().text, "a leftover strike (1 to place): -1 to whom?");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"-1 to Josua", "-1 to Deornoth"}));
  choose("-1 to Josua");
  EXPECT_EQ(prompt().text, "Ann: who faces Strike 1?");
  choose("Defend with Josua");
  choose("Fight");
  EXPECT_TRUE(logged("Strike 1 (4) against Josua (5): Strike 1 defeated (OA:499-509)"));
  EXPECT_EQ(prompt().text, "Strike 2 against Deornoth: discards, then Fight");  // the one left, unasked
  choose("Fight");
  EXPECT_TRUE(logged("Strike 2 (4) against Deornoth (3): Deornoth wounded (OA:499-509)"));
  EXPECT_TRUE(logged("Automatic attack at Chidsik Ub-Sah: over"));
}

// The battle flow (OA:531-581): two hosts meet; Ann's vanguard the Garrison, no rearguard; Ben's
// vanguard the Horse (cavalry), rearguard the Guard (no strength, OA:565). Ann 4 + 2 = 6, no
// tactics left over (2 tactics, 2 armies); Ben 3 + the D6 (his initiative 3 beats 2, OA:569): 2, so
// 5. Ann wins by 1; Ben forfeits his vanguard first (OA:577), its cohesion 2 above 1; he lost only
// one army, so Ann forfeits none (OA:573).
TEST_F(OstenArdFlowsTest, TwoHostsFightABattleAndForfeitAsTheRulesSay) {
  ann_meets_ben();
  choose("Attack Ben's company at Hernysadharc");
  EXPECT_EQ(prompt().text, "Ann: your vanguard?");
  choose("Naglimund Garrison");
  choose("No rearguard");
  EXPECT_EQ(prompt().seat, 1);
  choose("Hernystiri Horse");
  choose("Circoille Guard");
  EXPECT_EQ(prompt().text, "Ann: a duel? choose your duellist, or PASS (OA:551)");
  must(Pass{});  // no duel
  ASSERT_TRUE(state().pending.has_value());
  EXPECT_TRUE(state().pending->roll);
  must(SetNumber{2});
  EXPECT_TRUE(logged("Ann's company at Hernysadharc attacks Ben's company at Hernysadharc: Ann 6 against Ben 5 (D6 2): Ann wins "
                     "by 1 (OA:561-569)"));
  EXPECT_EQ(prompt().text, "Ben lost by 1: forfeit which armies?");
  choose("Forfeit Circoille Guard");
  choose("Done");
  EXPECT_TRUE(test::waiting_check(state()).starts_with("Loser:")) << test::waiting_check(state());
  must(Pass{});
  choose("Choose again");  // the vanguard goes first
  choose("Forfeit Hernystiri Horse");  // legal: Ben's forfeits are done without a Done
  EXPECT_EQ(prompt().text, "Ann won: forfeit which armies?");
  choose("Done");
  EXPECT_TRUE(logged("Ben forfeits Hernystiri Horse (OA:573-581)"));
  EXPECT_EQ(detail()["companies"][1]["members"].size(), 3u);
}

// C5.1: "a company moving from Rimmergard to Erkynland moves through the Frostmarch, so Josua's
// Naglimunders can be played as a hazard against that company" (OA:419); on a party of one
// personality a second hazard is a check (OA-27). In Combat it fights as its cohesion's strikes at
// its combat value (OA:459-461): two strikes on one personality, the leftover strike -1.
TEST_F(OstenArdFlowsTest, AHazardKeyedToTheRegionPassedThroughMeetsTheParty) {
  isgrimnur_goes_to_erchester();
  EXPECT_TRUE(logged("Ann's company moves from Elvritshalla (Rimmersgard) to Erchester (Erkynland) through Frostmarch"));
  // OA-28: a hazard of an allegiance a personality of the company has is discarded instead (OA:421).
  show("Rimmersgard Renegades");
  EXPECT_TRUE(logged("Rimmersgard Renegades is discarded: Isgrimnur is Rimmersgard (OA:421)"));
  show("Josua’s Naglimunders");
  EXPECT_TRUE(logged("Ben plays Josua’s Naglimunders against Ann's company at Erchester (keyed to Frostmarch)"));
  show("Erkynguard");
  EXPECT_EQ(test::waiting_check(state()), "a company with 1 personality takes no more hazards than that (OA:419)");
  must(Pass{});
  ok();  // Ben's hazards done
  ok();  // Combat
  EXPECT_EQ(prompt().labels().front(), "Hazard: Josua’s Naglimunders");
  choose("Hazard: Josua’s Naglimunders");
  EXPECT_TRUE(logged("Josua’s Naglimunders against Ann's company at Erchester: 1 pair, 1 strike left over (-1 each) (OA:513-525)"));
  choose("-1 to Isgrimnur");
  choose("Defend with Isgrimnur");
  choose("Fight");
  EXPECT_TRUE(logged("Strike 1 (3) against Isgrimnur (4): Strike 1 defeated (OA:499-509)"));
}

// OA-47: "Starve (kill) one army or personality in a sieged fortress" at the end of the turn
// (OA:611-613): Ben's host comes to Naglimund, a fortress Ann's company holds inside; it besieges
// it from outside. At the end of Ann's next turn one of hers starves, her choice (C7.25).
TEST_F(OstenArdFlowsTest, ACompanyInsideASiegedFortressStarvesOneAtTheEndOfTheTurn) {
  set_up();
  for (int phase = 0; phase < 5; ++phase) ok();  // Ann's first turn, nothing moved
  ok();
  ok();
  choose("Move Ben's company at Hernysadharc");
  show("Naglimund");
  ok();  // the opponent plays no hazard army against the host (OA:433)
  EXPECT_TRUE(logged("Ben's leadership 4 against loyalty 2, 2 unused; the armies ask 0 cards (OA:61, 85), the mercenaries 1 "
                     "more (OA:89)"));
  ok();  // to Combat
  ok();  // to End: the Guard's enmity would force a battle (OA:789-791); Ben's card allows a siege
  override_check("Ben's company at Naglimund and Ann's company at Naglimund: Circoille Guard and Frostmarch Levy are enemies: "
                 "a battle must occur (OA:789-791)");
  ok();  // Ben's company is outside: nothing starves; Ann's turn
  // Ann draws 1 for Naglimund (Ben holds no part of it yet) and 1 for Josua at home.
  EXPECT_EQ(prompt().text, "Ann: straighten, draw 2; OK to organize");
  ok();  // Organization: Ben's host outside takes the outside; Ann keeps the fortress (OA:673-679)
  EXPECT_TRUE(logged("Ben takes control of the outside of Naglimund (Frostmarch): 2 control points (OA:673-679)"));
  EXPECT_EQ(detail()["locations"][0]["controller"], 0);
  EXPECT_EQ(detail()["locations"][0]["outside_controller"], 1);
  for (int phase = 0; phase < 3; ++phase) ok();
  override_check("Ann's company at Naglimund and Ben's company at Naglimund: Frostmarch Levy and Circoille Guard are enemies: "
                 "a battle must occur (OA:789-791)");
  ok();  // End: Ann's company is inside and sieged
  EXPECT_EQ(prompt().text, "Ann: who starves in the sieged Naglimund?");
  choose("Starve Frostmarch Levy");
  EXPECT_TRUE(logged("Frostmarch Levy starves in the sieged Naglimund (OA:611)"));
  EXPECT_EQ(state().to_act, 1);
  EXPECT_EQ(detail()["companies"][0]["members"].size(), 3u);
}

// OA-56 (OA:927-929) through the module, as `seneschal cards --check-deck` asks it: thirteen
// ultrarares are 104 points and more than a sixth rares: illegal; a card whose rarity no data
// states is listed as unchecked.
TEST_F(OstenArdFlowsTest, TheModuleChecksADeckListByEitherConstructionRule) {
  must(StartGame{"ostenard", {"Ann", "Ben"}});
  auto heavy = parse_deck_list("7 Mind of the Master\n6 Threat Of War\n2 Josua\n", "heavy.txt", *cards_);
  ASSERT_TRUE(heavy.has_value()) << heavy.error().message;
  auto report = session_->module()->check_deck(*heavy);
  ASSERT_TRUE(report.has_value()) << report.error().message;
  ASSERT_EQ(report->problems.size(), 1u);
  EXPECT_EQ(report->problems[0].rule,
            "13 rares (13 ultrarares among them) in 15 cards: more than 1/6 (2); 8x13 + 5x0 + 2x0 = 104 points: more than 100 "
            "(OA:927-929)");
  EXPECT_EQ(report->unchecked, (std::vector<std::string>{"the rarity of Josua (no card data or table answer states it)"}));
  auto light = parse_deck_list("5 Mind of the Master\n", "light.txt", *cards_);
  ASSERT_TRUE(light.has_value());
  EXPECT_TRUE(session_->module()->check_deck(*light)->problems.empty());  // 40 points: legal by points
}

// Situation 4 (OA:433, OA-29): hazard armies against a moving host, any number, all fought in one
// battle as a side of their own. Ann's host goes through the Frostmarch; Ben's Renegades (keyed
// there) attack it; Josua's Naglimunders is discarded against Josua, an Erkynlander (OA:421).
// Ann 4 + 2 + the D6 1 (her initiative 2 beats 1) = 7 against 2: a full rout; the Renegades, all
// Ben has, are forfeited, and gone with the battle.
TEST_F(OstenArdFlowsTest, HazardArmiesAgainstAMovingHostFightOneBattle) {
  set_up();
  ok();
  ok();
  choose("Move Ann's company at Naglimund");
  show("Chidsik Ub-Sah");
  choose("Aldheorte");
  show("Rimmersgard Renegades");
  show("Josua’s Naglimunders");
  EXPECT_TRUE(logged("Josua’s Naglimunders is discarded: Josua is Erkynlander (OA:421)"));
  ok();  // Ben's hazards done
  ok();  // Combat
  EXPECT_EQ(prompt().labels().front(), "Hazards against Ann's company at Chidsik Ub-Sah");
  choose("Hazards against Ann's company at Chidsik Ub-Sah");
  EXPECT_EQ(prompt().text, "Ben: your vanguard?");
  choose("Rimmersgard Renegades");
  choose("No rearguard");
  choose("Naglimund Garrison");
  choose("No rearguard");
  must(SetNumber{1});
  EXPECT_TRUE(logged("Hazards against Ann's company at Chidsik Ub-Sah: Ben 2 against Ann 7 (D6 1): Ann wins by 5, a full rout "
                     "(OA:585) (OA:561-569)"));
  choose("Forfeit Rimmersgard Renegades");  // legal: done
  choose("Done");  // Ann: the loser lost only one army
  EXPECT_TRUE(logged("Hazards against Ann's company at Chidsik Ub-Sah: over"));
  EXPECT_EQ(detail()["companies"].size(), 2u);
}

// OA-22: "armies attached to a personality <= its Tactics" (OA:841): Ann's company leads two
// armies by Josua's 2 and Deornoth's 0 tactics; a third is a check.
TEST_F(OstenArdFlowsTest, ACompanyLeadsNoMoreArmiesThanItsTactics) {
  set_up();
  ok();  // Organization
  show("Erkynguard");
  choose("Ann's company at Naglimund");
  // OA-16 and OA-22 in one check, in the book's order (OA:99, 841).
  override_check("Erkynguard is keyed to Erkynland, not Frostmarch (OA:99); the personalities of Ann's company at Naglimund lead 2 "
                 "armies by their tactics; this would be 3 (OA:841)");
  EXPECT_TRUE(logged("Erkynguard joins Ann's company at Naglimund"));
  // Away from its home region it counts as 3 armies (OA:85): 2 + 3 = 5 against 3 unused.
  EXPECT_EQ(prompt().text, "Ann: LE 5 against LO 2, 2 cards for armies; OK to move");
}

// OA-30 (OA:425): an automatic attack does not attack a company with a personality of its
// allegiance (Erchester's Erkynlanders and Josua), and strikes +1 at one with an enemy of its type
// (Elvritshalla's Rimmersgarders and Eolair).
TEST_F(OstenArdFlowsTest, AnAutomaticAttackSparesAnAllyAndStrikesHarderAtAnEnemy) {
  set_up();
  ok();
  ok();
  choose("Move Ann's company at Naglimund");
  show("Erchester");
  ok();  // Ben plays no hazard
  ok();  // Combat
  choose("Automatic attack at Erchester");
  EXPECT_TRUE(logged("Erchester's automatic attack does not attack: Josua is Erkynlander (OA:425)"));
  ok();  // End
  ok();  // Ben's turn
  ok();
  ok();
  choose("Move Ben's company at Hernysadharc");
  show("Elvritshalla");
  ok();  // Ann plays no hazard
  ok();  // Combat
  choose("Automatic attack at Elvritshalla");
  EXPECT_TRUE(logged("Automatic attack at Elvritshalla (+1: an enemy of its Rimmersgard type, OA:425): 1 pair, each strike -1 "
                     "(OA:513-525)"));
}

// OA-24: "no two cards with an enemy attribute (either way) in one company" (OA:775-785): Eolair
// is an enemy of the Rimmersgarders, so Isgrimnur joining his company is a check.
TEST_F(OstenArdFlowsTest, EnemiesDoNotShareACompany) {
  to_bens_organization();
  show("Isgrimnur");
  choose("Ben's company at Hernysadharc");
  override_check("Isgrimnur is played at Hernysadharc, not at its homebase Elvritshalla (OA:97); Isgrimnur is at enmity with Eolair "
                 "and Circoille Guard: not in one company (OA:775-785)");  // an army too
  EXPECT_TRUE(logged("Isgrimnur joins Ben's company at Hernysadharc"));
}

// C1: the camera confirms the turned cards: a card lying otherwise than the books have it is a
// table mismatch, put to the players once it lasts; "Update the books" follows the table.
TEST_F(OstenArdFlowsTest, ACardLyingOtherwiseThanTheBooksIsPutToThePlayers) {
  set_up();
  must(TurnCard{"DEORNOTH", 1, 180});
  EXPECT_TRUE(session_->mismatches().empty());
  must(TurnCard{"DEORNOTH", 1, 0});  // a wounded card straightened: the check is cancelled
  must(Pass{});
  const auto open = session_->mismatches();
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].text, "Deornoth lies upright, but the books have it wounded (turned 180)");
  must(Disagree{"DEORNOTH", 1, "lie"});
  must(Reconcile{Reconcile::Resolution::UpdateBooks});
  EXPECT_TRUE(logged("The books follow the table: Deornoth is upright"));
  EXPECT_TRUE(session_->mismatches().empty());
}

// The log alone rebuilds the game: a reopened session reaches the same state.
TEST_F(OstenArdFlowsTest, TheLogReplaysToTheSameState) {
  ann_moves_to_yiqanuc();
  auto again = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, library_);
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_EQ(to_json(again->state()), to_json(state()));
}

// OA-33 (OA:789-791): "two enemy armies at one location in different companies: a battle must
// occur". The Circoille Guard is an enemy of the Frostmarch: Ann's host ending its Combat phase
// beside Ben's without a battle is a check.
TEST_F(OstenArdFlowsTest, TwoEnemyArmiesAtOneLocationMustFight) {
  ann_meets_ben();
  ok();  // no battle chosen
  override_check("Ann's company at Hernysadharc and Ben's company at Hernysadharc: Frostmarch Levy and Circoille Guard are "
                 "enemies: a battle must occur (OA:789-791)");
  EXPECT_EQ(state().phase, "End");
}

// OA:733-735, C7.18: a company of one army is a party, and "the first two strikes of any attack
// against party are immediately defeated": Chidsik Ub-Sah's three strikes of 4 against Josua,
// Deornoth and the Garrison leave one, which meets a ready defender with another left over (-1).
TEST_F(OstenArdFlowsTest, APartysOneArmyDefeatsTheFirstTwoStrikes) {
  set_up(false);  // Ann: Josua, Deornoth, Naglimund Garrison, Thorn
  ok();
  ok();
  choose("Move Ann's company at Naglimund");
  show("Chidsik Ub-Sah");
  choose("Aldheorte");
  ok();  // Ben plays no hazard
  ok();  // Combat
  choose("Automatic attack at Chidsik Ub-Sah");
  EXPECT_TRUE(logged("Automatic attack at Chidsik Ub-Sah: Naglimund Garrison, the party's one army, defeats the first 2 strikes "
                     "(OA:733-735)"));
  EXPECT_TRUE(logged("Automatic attack at Chidsik Ub-Sah: 1 pair, each strike -1 (OA:513-525)"));
  choose("Defend with Josua");
  choose("Fight");
  EXPECT_TRUE(logged("Strike 1 (3) against Josua (6): Strike 1 defeated (OA:499-509)"));
}

// OA-43 (OA:587, 601): a loser without a rearguard routs. Ben's Horse lies bowed (a card's text
// turned it: no strength, OA:565). Ann: the Garrison her vanguard, no rearguard: 4 + 2 = 6. Ben:
// the Guard his vanguard, no rearguard, the Horse bowed: 3 and his D6 1 (initiative 3 against 2):
// 4. Ben loses by 2 and forfeits his vanguard (cohesion 3 above 2); Ann forfeits none (he lost one
// army). The Horse routs: no location of Hernystir is free in play, so Ben lays Grianspog;
// Falshire (Erkynland) would be a check.
TEST_F(OstenArdFlowsTest, ALoserWithoutARearguardRoutsToALocationOfItsRegion) {
  ann_meets_ben();
  must(TurnCard{"HERNYSTIRI-HORSE", 1, 90});
  choose("Attack Ben's company at Hernysadharc");
  choose("Naglimund Garrison");
  choose("No rearguard");
  choose("Circoille Guard");
  choose("No rearguard");
  must(Pass{});  // no duel
  must(SetNumber{1});
  EXPECT_TRUE(logged("Ann's company at Hernysadharc attacks Ben's company at Hernysadharc: Ann 6 against Ben 4 (D6 1): Ann wins by "
                     "2 (OA:561-569)"));
  choose("Forfeit Circoille Guard");  // legal: done
  choose("Done");  // Ann: Ben lost only one army
  EXPECT_TRUE(logged("Ben's Hernystiri Horse rout: no rearguard (OA:587); where to? (OA:601)"));
  EXPECT_EQ(prompt().text, "Ben: where do Hernystiri Horse rout?");
  EXPECT_EQ(prompt().seat, 1);
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Discard them"}));
  show("Falshire");
  EXPECT_EQ(test::waiting_check(state()), "Falshire (Erkynland) is not in Hernystir: a routing army moves within its region (OA:601)");
  choose("Cancel");
  show("Grianspog");
  EXPECT_TRUE(logged("Ben's Hernystiri Horse rout to Grianspog (Hernystir) (OA:601)"));
  EXPECT_TRUE(logged("Ann's company at Hernysadharc attacks Ben's company at Hernysadharc: over"));
  const auto companies = detail()["companies"];
  ASSERT_EQ(companies.size(), 3u);
  EXPECT_EQ(companies[2]["members"][0]["card"], "HERNYSTIRI-HORSE");
}

// OA-38 (OA:545): archery between the roles and the totals. Ann's Bowmen (ranged 3) bow and shoot:
// the Guard's cohesion 3 is not below 3 (a check, cancelled); the Horse's 2 is: killed. Ben has no
// archer. Ann's initiative 2 now beats the Guard's 1: her D6 1. Ann: the Garrison 4, the Levy her
// rearguard and the bowed Bowmen nothing, no tactics left over (2 for 3 armies): 5. Ben: his
// vanguard dead, the Guard his rearguard: 0. A full rout.
TEST_F(OstenArdFlowsTest, ArchersBowTogetherToKillAnArmyOfLowerCohesion) {
  set_up();
  ok();  // Organization
  show("Naglimund Bowmen");
  choose("Ann's company at Naglimund");
  override_check("the personalities of Ann's company at Naglimund lead 2 armies by their tactics; this would be 3 (OA:841)");
  ok();  // Movement
  choose("Move Ann's company at Naglimund");
  show("Hernysadharc");
  ok();  // Ben plays no hazard
  ok();  // Combat
  choose("Attack Ben's company at Hernysadharc");
  choose("Naglimund Garrison");
  choose("Frostmarch Levy");
  choose("Hernystiri Horse");
  choose("Circoille Guard");
  EXPECT_EQ(prompt().text, "Ann: archery? bow your archers (OA:545)");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Bow Naglimund Bowmen", "No archery"}));
  choose("Bow Naglimund Bowmen");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Shoot Hernystiri Horse", "Shoot Circoille Guard", "Hold fire"}));
  choose("Shoot Circoille Guard");
  EXPECT_EQ(test::waiting_check(state()), "Circoille Guard's cohesion 3 is not below the archers' 3 (OA:545)");
  choose("Cancel");
  choose("Shoot Hernystiri Horse");
  must(Pass{});  // no duel; the totals ask the D6
  must(SetNumber{1});
  EXPECT_TRUE(logged("Ann's archers (3) kill Hernystiri Horse (cohesion 2) (OA:545)"));
  EXPECT_TRUE(logged("Ann's company at Hernysadharc attacks Ben's company at Hernysadharc: Ann 5 (D6 1) against Ben 0: Ann wins by "
                     "5, a full rout (OA:585) (OA:561-569)"));
}

// OA-38, company against company (OA:471-475): Deornoth (ranged 3) bows before the pairs; Maegwin's
// strength 3 is not below 3 (a check, cancelled); Eolair's 2 is: wounded. Ben has no archer.
// Deornoth, bowed, no longer attacks: Josua alone against two defenders.
TEST_F(OstenArdFlowsTest, ARangedAttackWoundsAPersonalityOfLowerStrengthBeforeThePairs) {
  ann_meets_ben(false);
  choose("Attack Ben's company at Hernysadharc");
  EXPECT_EQ(prompt().text, "Ann: a ranged attack? bow your archers (OA:471)");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Bow Deornoth", "No ranged attack"}));
  choose("Bow Deornoth");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Wound Maegwin", "Wound Eolair", "Hold fire"}));
  choose("Wound Maegwin");
  EXPECT_EQ(test::waiting_check(state()), "Maegwin's strength 3 is not below the ranged attack 3 (OA:471)");
  choose("Cancel");
  choose("Wound Eolair");
  EXPECT_TRUE(logged("Ann's ranged attack (3) wounds Eolair (OA:471)"));
  // Deornoth bowed to shoot: offered after Josua, a check (OA:485).
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Attack with Josua", "Attack with Deornoth"}));
}

// OA-45 (OA:549-553): the duel segment. Ann's Josua (6) duels Ben's Eolair (2): killed at more
// than twice. The roles switch: Ben's Maegwin (3) duels Ann's Deornoth (3): both wounded. Ann
// passes; the totals follow.
TEST_F(OstenArdFlowsTest, DuelsAlternateUntilASidePasses) {
  ann_meets_ben();
  choose("Attack Ben's company at Hernysadharc");
  choose("Naglimund Garrison");
  choose("Frostmarch Levy");
  choose("Hernystiri Horse");
  choose("Circoille Guard");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Duel with Josua", "Duel with Deornoth"}));
  choose("Duel with Josua");
  EXPECT_EQ(prompt().text, "Ben: who duels Josua?");
  EXPECT_EQ(prompt().seat, 1);
  choose("Face with Eolair");
  EXPECT_TRUE(logged("Duel: Josua (6) against Eolair (2): Eolair killed (OA:553)"));
  EXPECT_EQ(prompt().text, "Ben: a duel? choose your duellist, or PASS (OA:551)");
  choose("Duel with Maegwin");
  choose("Face with Deornoth");
  EXPECT_TRUE(logged("Duel: Maegwin (3) against Deornoth (3): Maegwin wounded, Deornoth wounded (OA:553)"));
  must(Pass{});
  EXPECT_TRUE(state().pending.has_value() && state().pending->roll);  // the totals' D6, asked with the pass
  must(SetNumber{1});
  EXPECT_TRUE(logged("Ann passes: the duels are over (OA:551)"));
}

// OA-24 (OA:775-785): enmity keeps armies apart too. Ben's Rimmersgard Renegades joining his
// company: Eolair and the Circoille Guard are enemies of Rimmersgard (besides the army being one
// too many for the company's tactics and keyed to the Frostmarch).
TEST_F(OstenArdFlowsTest, AnArmyJoiningItsEnemiesIsACheck) {
  to_bens_organization();
  show("Rimmersgard Renegades");
  choose("Ben's company at Hernysadharc");
  override_check("Rimmersgard Renegades is keyed to Frostmarch, not Hernystir (OA:99); Rimmersgard Renegades is at enmity with Eolair "
                 "and Circoille Guard: not in one company (OA:775-785); the personalities of Ben's company at Hernysadharc "
                 "lead 1 armies by their tactics; this would be 3 (OA:841)");
  EXPECT_TRUE(logged("Rimmersgard Renegades joins Ben's company at Hernysadharc"));
}

// OA-29 (OA:433): hazard armies against a host fight as one side: no enemies among them. Ann's
// host moves from the Frostmarch to Hernystir; Ben plays the Renegades (keyed to the Frostmarch),
// then a second Circoille Guard (keyed to Hernystir), their enemy.
TEST_F(OstenArdFlowsTest, EnemiesAreNoOneSideOfHazardsAgainstAHost) {
  set_up();
  ok();
  ok();
  choose("Move Ann's company at Naglimund");
  show("Hernysadharc");
  show("Rimmersgard Renegades");
  must(PresentCard{"CIRCOILLE-GUARD", 2, {}});
  override_check("Circoille Guard and Rimmersgard Renegades are enemies: not one side against a host (OA:433, 775)");
}

// OA:669-697 by the players' word (MENU): Ann's company leaves the fortress of Naglimund and
// enters it again; Ben's host, arrived outside, entering while she holds it is a check (OA:675).
TEST_F(OstenArdFlowsTest, ACompanyLeavesOrEntersAFortressByItsPlayersWord) {
  set_up();
  ok();  // Organization
  EXPECT_TRUE(detail()["companies"][0]["inside"].get<bool>());
  must(Menu{});
  choose("Leave the fortress: Ann's company at Naglimund");
  EXPECT_TRUE(logged("Ann's company at Naglimund leaves the fortress: outside Naglimund (OA:669-697)"));
  EXPECT_FALSE(detail()["companies"][0]["inside"].get<bool>());
  must(Menu{});
  choose("Enter the fortress: Ann's company at Naglimund");
  EXPECT_TRUE(logged("Ann's company at Naglimund enters the fortress of Naglimund (OA:669-697)"));
  for (int phase = 0; phase < 6; ++phase) ok();  // to Ben's Movement
  choose("Move Ben's company at Hernysadharc");
  show("Naglimund");
  ok();  // Ann plays no hazard army
  EXPECT_FALSE(detail()["companies"][1]["inside"].get<bool>());
  must(Menu{});
  choose("Enter the fortress: Ben's company at Naglimund");
  override_check("Ann's company at Naglimund holds Naglimund inside: one player's hosts inside (OA:675)");
  EXPECT_TRUE(detail()["companies"][1]["inside"].get<bool>());
}

// DESIGN.md: "the log is self-contained". The cards this table named live in its card file, not
// the shipped data; each event carries the titles and types it read, so the log replays with the
// shipped data alone (a log sent elsewhere, a state folder whose card file was lost).
TEST_F(OstenArdFlowsTest, TheLogReplaysWithoutTheTablesNamedCards) {
  ann_moves_to_yiqanuc();
  ok();  // Combat
  choose("Automatic attack at Chidsik Ub-Sah");
  choose("-1 to Josua");
  choose("Defend with Josua");
  choose("Fight");
  CardLibrary shipped_only;
  shipped_only.emplace("ostenard", test::shipped_cards("ostenard"));
  auto again = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, shipped_only);
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_EQ(to_json(again->state()), to_json(state()));
}

// C9: where a card lies says where it goes. Naglimund's tag lies at (100, 100) and Hernysadharc's
// at (600, 100): Thorn laid 60 mm from Naglimund joins Ann's company there without a question (a
// personality laid apart from its cards is asked, away from its homebase: it may be a version, or
// joined by a card's text); a location laid while Ann has one company left to move is where that
// company goes.
TEST_F(OstenArdFlowsTest, ACardLaidBesideACompanysLocationJoinsItAndALocationLaidIsTheMove) {
  must(StartGame{"ostenard", {"Ann", "Ben"}});
  choose("Ann");
  must(PresentCard{"NAGLIMUND", 1, {0, "", 0, 100.0, 100.0}});
  must(PresentCard{"HERNYSADHARC", 1, {1, "", 0, 600.0, 100.0}});
  show("Josua");
  choose("Erkynlander");
  show("Maegwin");
  choose("Hernystir");
  for (const char* card : {"Deornoth", "Eolair", "Naglimund Garrison", "Hernystiri Horse", "Frostmarch Levy", "Circoille Guard"}) {
    show(card);
  }
  ok();  // Organization
  must(PresentCard{"THORN", 1, {0, "", 0, 160.0, 120.0}});
  EXPECT_TRUE(logged("Thorn joins Ann's company at Naglimund"));
  must(PresentCard{"ISGRIMNUR", 1, {0, "", 0, 40.0, 100.0}});  // apart from Thorn, not at his homebase
  EXPECT_EQ(prompt().text, "Which company does Isgrimnur join?");
  must(Pass{});
  ok();  // Movement
  EXPECT_TRUE(prompt().takes_cards);
  must(PresentCard{"FALSHIRE", 1, {0, "", 0, 100.0, 300.0}});
  EXPECT_TRUE(logged("Ann's company moves from Naglimund (Frostmarch) to Falshire (Erkynland)"));
}

}  // namespace
}  // namespace seneschal::engine
