// Checks, not walls (issue [2/8]): every move a card's text could allow is offered, and where it
// breaks a rule of GAMES.md C3 the table sees the check, overrides it with "Do it anyway", and the
// move is made and logged as an override. Each test here raises one row of the module README's
// audit table through a real Session (the rows whose tests live in OstenArdFlowsTest and
// OstenArdCardsTest raise theirs the same way, through OstenArdTable::override_check).
#include "OstenArdTable.hpp"

namespace seneschal::engine::oa_test {
namespace {

class OstenArdChecksTest : public OstenArdTable {
 protected:
  // Starting companies of four, a card a seat a round (OA:25), from Ann's and Ben's lists.
  void set_up_with(const std::vector<std::string>& ann, const std::vector<std::string>& ben) {
    to_starting_companies();
    for (std::size_t i = 0; i < ann.size(); ++i) {
      show(ann[i]);
      show(ben[i]);
    }
  }

  // C5.1's move, and Ben plays Josua's Naglimunders against Ann's party of one (OA:419).
  void a_hazard_on_isgrimnur() {
    isgrimnur_goes_to_erchester();
    show("Josua’s Naglimunders");
  }

  // Ann's host and Ben's at Hernysadharc fight a battle: Ann's vanguard the Garrison, no
  // rearguard; Ben's roles as given; no duel; the D6 `die`.
  void battle_to_the_die(const std::string& ben_vanguard, const std::string& ben_rearguard, int die) {
    choose("Attack Ben's company at Hernysadharc");
    choose("Naglimund Garrison");
    choose("No rearguard");
    choose(ben_vanguard);
    choose(ben_rearguard);
    must(Pass{});  // no duel
    must(SetNumber{die});
  }

  // Set up, Ann's first turn played, Ben's host to Naglimund beside Ann's, where they stay unfought
  // (the Guard's enmity overridden, OA:789-791); then Ann's turn to her End: her company inside
  // the besieged fortress (OA:611).
  void ann_besieged_at_her_end() {
    set_up();
    for (int phase = 0; phase < 5; ++phase) ok();
    ok();
    ok();
    choose("Move Ben's company at Hernysadharc");
    show("Naglimund");
    ok();  // no hazard army
    ok();  // Combat
    ok();
    choose("Do it anyway");  // no battle
    ok();  // Ben's End
    for (int phase = 0; phase < 4; ++phase) ok();
    choose("Do it anyway");  // no battle
    ok();  // Ann's End
  }
};

// OA-3 (OA:21): every allegiance is offered, the personality's own first; another is a check.
TEST_F(OstenArdChecksTest, AStartingAllegianceNotThePersonalitysIsACheck) {
  must(StartGame{"ostenard", {"Ann", "Ben"}});
  choose("Ann");
  show("Naglimund");
  show("Hernysadharc");
  show("Josua");
  const auto labels = prompt().labels();
  ASSERT_GE(labels.size(), 3u);
  EXPECT_EQ(labels[0], "Erkynlander");
  EXPECT_EQ(labels[1], "Frostmarch");
  EXPECT_TRUE(prompt().has_option("Sithi"));
  choose("Sithi");
  override_check("Josua has no Sithi allegiance: the starting allegiance is one of its (OA:21)");
  EXPECT_TRUE(logged("Ann's starting allegiance: Sithi"));
}

// OA-4 (OA:25): PASS says a starting company is complete before its 4 cards, a check; the other
// seats go on a card a round, the completed one skipped.
TEST_F(OstenArdChecksTest, AStartingCompanyCompleteBeforeFourCardsIsACheck) {
  to_starting_companies();
  show("Deornoth");  // Ann: 2 of 4
  EXPECT_EQ(prompt().pass, "the company is complete");
  must(Pass{});
  override_check("Ben's starting company has 1 of 4 cards (OA:25)");
  EXPECT_TRUE(logged("Ben's starting company is complete with 1 card"));
  EXPECT_EQ(prompt().seat, 0);
  show("Naglimund Garrison");
  EXPECT_EQ(prompt().seat, 0);  // Ben is skipped
  show("Frostmarch Levy");
  EXPECT_EQ(state().phase, "Resource");
  EXPECT_EQ(state().to_act, 0);
}

// OA-18 (OA:801-803): a second copy of a unique card while the first is in play.
TEST_F(OstenArdChecksTest, ASecondCopyOfAUniqueCardInPlayIsACheck) {
  set_up();
  ok();  // Organization
  must(PresentCard{"DEORNOTH", 2, {}});
  choose("Ann's company at Naglimund");
  override_check("Deornoth is unique and in play already (OA:801-803)");
  EXPECT_TRUE(logged("Deornoth joins Ann's company at Naglimund"));
  EXPECT_EQ(detail()["companies"][0]["members"].size(), 5u);
}

// OA-26, OA-27 (OA:419): a second hazard on a party of one, keyed to a region off its path: one
// check naming both rules.
TEST_F(OstenArdChecksTest, AHazardOffThePathAndBeyondThePartysSizeIsOneCheck) {
  a_hazard_on_isgrimnur();
  must(PresentCard{"CIRCOILLE-GUARD", 2, {}});
  override_check("Circoille Guard is keyed to Hernystir, where the company did not pass (OA:419); a company with 1 personality takes "
                 "no more hazards than that (OA:419)");
  EXPECT_TRUE(logged("Ben plays Circoille Guard against Ann's company at Erchester (keyed to Hernystir)"));
}

// Issue [2/8]: a hazard played on a party attacks it (OA:419, 459); ending Combat with it unfought
// is a check, and overridden the hazard is discarded.
TEST_F(OstenArdChecksTest, AHazardLeftUnfoughtIsACheckAsCombatEnds) {
  a_hazard_on_isgrimnur();
  ok();  // Ben's hazards done
  ok();  // Combat
  EXPECT_EQ(prompt().labels().front(), "Hazard: Josua’s Naglimunders");
  ok();
  override_check("Hazard: Josua’s Naglimunders not fought: a hazard played attacks (OA:419, 459)");
  EXPECT_TRUE(logged("Josua’s Naglimunders is discarded unfought"));
  EXPECT_EQ(state().phase, "End");
}

// OA-31 (OA:429, 485): a wounded personality of the attacking company is offered after the ready
// ones; attacking with it is a check.
TEST_F(OstenArdChecksTest, AWoundedPersonalityAttackingIsACheck) {
  ann_meets_ben(false);
  must(TurnCard{"DEORNOTH", 1, 180});
  choose("Attack Ben's company at Hernysadharc");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Attack with Josua", "Attack with Deornoth"}));
  choose("Attack with Deornoth");
  override_check("Deornoth is wounded: wounded personalities do not attack (OA:429)");
  EXPECT_EQ(prompt().text, "Ben: who faces Deornoth?");
}

// OA-32 (OA:441): host against host is forced with an aggressive army; ending Combat unfought is a
// check.
TEST_F(OstenArdChecksTest, HostsLeftUnfoughtBesideAnAggressiveArmyAreACheck) {
  set_up_with({"Deornoth", "Naglimund Garrison", "Frostmarch Levy"}, {"Hernystiri Horse", "Hernystiri Raiders", "Sorrow"});
  ann_goes_to_hernysadharc();
  ok();
  override_check("Ann's company at Hernysadharc and Ben's company at Hernysadharc: Hernystiri Raiders is aggressive: host against "
                 "host must fight (OA:441)");
  EXPECT_EQ(state().phase, "End");
}

// OA-34 (OA:489): a bowed defender while a ready one has not fought.
TEST_F(OstenArdChecksTest, ABowedDefenderBeforeTheReadyOnesIsACheck) {
  ann_meets_ben(false);
  must(TurnCard{"EOLAIR", 1, 90});
  choose("Attack Ben's company at Hernysadharc");
  choose("No ranged attack");
  choose("Attack with Josua");
  choose("Defend with Eolair");
  override_check("Eolair is not ready: ready personalities defend first (OA:489)");
  EXPECT_EQ(prompt().text, "Josua against Eolair: discards, then Fight");
}

// OA-35 (OA:513-525, C7.13): two ready attackers against one defender leave a strike over; the
// attacker places its -1, the defender first (preselected). On one of the attacker's own it is a
// check.
TEST_F(OstenArdChecksTest, TheLeftoverStrikesMinusOneOnAnAttackerIsACheck) {
  set_up_with({"Deornoth", "Naglimund Garrison", "Thorn"}, {"Hernystiri Horse", "Sorrow", "Erkynland Banner"});
  ann_goes_to_hernysadharc();
  choose("Attack Ben's company at Hernysadharc");
  choose("No ranged attack");
  EXPECT_TRUE(logged("Ann's company at Hernysadharc attacks Ben's company at Hernysadharc: 1 pair, 1 strike left over (-1 each) "
                     "(OA:513-525)"));
  EXPECT_EQ(prompt().seat, 0);
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"-1 to Maegwin", "-1 to Josua", "-1 to Deornoth"}));
  EXPECT_EQ(prompt().preselected(), 0);
  choose("-1 to Deornoth");
  override_check("Deornoth is not defending: a leftover strike's -1 goes to a defender (OA:523-525, C7.13)");
  choose("Attack with Deornoth");
  EXPECT_EQ(prompt().text, "Deornoth against Maegwin: discards, then Fight");  // Ben's one personality
  choose("Fight");
  EXPECT_TRUE(logged("Deornoth (2) against Maegwin (3): Deornoth wounded (OA:499-509)"));
}

// OA-37 (OA:509): a wounded card turned to bowed on the table.
TEST_F(OstenArdChecksTest, AWoundedCardBowingIsACheck) {
  set_up();
  must(TurnCard{"DEORNOTH", 1, 180});
  must(TurnCard{"DEORNOTH", 1, 90});
  override_check("Deornoth is wounded: it cannot bow (OA:509)");
  EXPECT_TRUE(detail()["companies"][0]["members"][1]["bowed"].get<bool>());
}

// OA-38 (OA:471): a ranged attack on a personality whose strength is not below it.
TEST_F(OstenArdChecksTest, ARangedAttackOnAStrongerPersonalityIsACheck) {
  ann_meets_ben(false);
  choose("Attack Ben's company at Hernysadharc");
  choose("Bow Deornoth");
  choose("Wound Maegwin");
  override_check("Maegwin's strength 3 is not below the ranged attack 3 (OA:471)");
  EXPECT_TRUE(logged("Ann's ranged attack (3) wounds Maegwin (OA:471)"));
}

// OA-39 (OA:867): a fourth card discarded for one card of a pair.
TEST_F(OstenArdChecksTest, AFourthCombatDiscardIsACheck) {
  ann_meets_ben(false);
  choose("Attack Ben's company at Hernysadharc");
  choose("No ranged attack");
  choose("Attack with Josua");
  choose("Defend with Maegwin");
  for (int card = 0; card < 3; ++card) choose("Attacker discards 1");
  choose("Attacker discards 1");
  override_check("at most 3 cards are discarded for one card (OA:867)");
  choose("Fight");
  EXPECT_TRUE(logged("Josua (10) against Maegwin (3): Maegwin killed (OA:499-509)"));
}

// OA-40 (OA:541): the vanguard is offered last as the rearguard too; naming it both is a check.
TEST_F(OstenArdChecksTest, TheVanguardNamedRearguardTooIsACheck) {
  ann_meets_ben();
  choose("Attack Ben's company at Hernysadharc");
  choose("Naglimund Garrison");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Frostmarch Levy", "No rearguard", "Naglimund Garrison"}));
  choose("Naglimund Garrison");
  override_check("Naglimund Garrison is the vanguard already: up to one vanguard and one rearguard (OA:541)");
  EXPECT_EQ(prompt().text, "Ben: your vanguard?");
}

// OA-42 (OA:573-581): the loser forfeits the rearguard before the vanguard.
TEST_F(OstenArdChecksTest, ForfeitsAgainstTheOrderAreACheck) {
  ann_meets_ben();
  battle_to_the_die("Hernystiri Horse", "Circoille Guard", 2);
  choose("Forfeit Circoille Guard");
  choose("Done");
  const std::string reason = test::waiting_check(state());
  EXPECT_TRUE(reason.starts_with("Loser:")) << reason;
  override_check(reason);
  EXPECT_EQ(prompt().text, "Ann won: forfeit which armies?");
}

// OA-43 (OA:601): a routing army sent to a location of another region.
TEST_F(OstenArdChecksTest, ARoutOutOfTheRegionIsACheck) {
  ann_meets_ben();
  must(TurnCard{"HERNYSTIRI-HORSE", 1, 90});  // bowed: no strength (OA:565)
  battle_to_the_die("Circoille Guard", "No rearguard", 1);
  choose("Forfeit Circoille Guard");  // legal: done
  choose("Done");
  show("Falshire");
  override_check("Falshire (Erkynland) is not in Hernystir: a routing army moves within its region (OA:601)");
  EXPECT_TRUE(logged("Ann's company at Hernysadharc attacks Ben's company at Hernysadharc: over"));
}

// OA-11 (OA:61-81): ending Organization with leadership short of loyalty.
TEST_F(OstenArdChecksTest, EndingOrganizationWithLeadershipShortIsACheck) {
  set_up();
  ok();  // Organization
  show("Isgrimnur");
  choose("Ann's company at Naglimund");
  override_check("Isgrimnur is played at Naglimund, not at its homebase Elvritshalla (OA:97)");
  ok();
  const std::string reason = test::waiting_check(state());
  EXPECT_TRUE(reason.starts_with("LE 7 against LO 6, but only")) << reason;
  override_check(reason);
  EXPECT_EQ(state().phase, "Movement");
}

// OA-47 (OA:611-613): PASS spares the sieged company; nobody starving is a check.
TEST_F(OstenArdChecksTest, NobodyStarvingInASiegedFortressIsACheck) {
  ann_besieged_at_her_end();
  EXPECT_EQ(prompt().text, "Ann: who starves in the sieged Naglimund?");
  EXPECT_EQ(prompt().pass, "nobody starves");
  must(Pass{});
  override_check("one army or personality starves in the sieged Naglimund at the end of the turn (OA:611-613)");
  EXPECT_TRUE(logged("Nobody starves in the sieged Naglimund"));
  EXPECT_EQ(state().to_act, 1);
  EXPECT_EQ(detail()["companies"][0]["members"].size(), 4u);
}

// OA-48 (OA:825): armies left without a personality are offered to keep at the End; keeping them
// is a check.
TEST_F(OstenArdChecksTest, KeepingArmiesWithoutAPersonalityIsACheck) {
  set_up();
  ok();  // Organization
  choose("Discard Josua");
  choose("Discard Deornoth");
  ok();  // Movement
  ok();  // Combat
  ok();  // End
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Keep the armies of Ann's company at Naglimund"}));
  choose("Keep the armies of Ann's company at Naglimund");
  override_check("Ann's company at Naglimund has no personality: an uncontrolled army is discarded at the end of the turn (OA:825)");
  ok();  // the turn ends
  EXPECT_EQ(state().to_act, 1);
  EXPECT_EQ(detail()["companies"][0]["members"].size(), 2u);
  EXPECT_FALSE(logged("Naglimund Garrison has no personality to control it: discarded (OA:825)"));
}

// OA-55 (OA:5), the outcome: Ann's host takes a location a round (a host takes control as any
// Organization phase opens, the last controller keeps it, OA-10, OA-52, choice 21): Naglimund,
// then nine Falshires of Erkynland laid one after another; her tenth control point wins at once,
// in Ben's Organization phase.
TEST_F(OstenArdChecksTest, TenControlPointsWinAtOnce) {
  set_up();
  std::string at = "Naglimund";
  int copy = 0;
  for (;;) {
    ok();  // Organization: control switches, and the victory
    if (state().winner || copy == 12) break;
    EXPECT_LT(to_json(state())["players"][0]["score"].get<int>(), 10);
    ok();  // Movement
    choose("Move Ann's company at " + at);
    must(PresentCard{"FALSHIRE", ++copy, {}});
    at = "Falshire";
    // Ben's hazards, Ann's Combat and End, Ben's turn: his Organization settles control too (choice 21).
    for (int step = 0; step < 9 && !state().winner; ++step) ok();
    if (state().winner) break;
  }
  ASSERT_TRUE(state().winner.has_value());
  EXPECT_EQ(state().winner->players, (std::vector<int>{0}));
  EXPECT_EQ(to_json(state())["players"][0]["score"], 10);
  EXPECT_EQ(copy, 9) << "Naglimund and nine Falshires";
}

// OA-21 (OA:825, 841): MENU "Switch" offers every army to every personality of its player at its
// location; switching the Frostmarch Levy to Deornoth during a battle, beyond his tactics (0) and
// to a personality of no shared allegiance, is one check naming the three rules in the book's order.
TEST_F(OstenArdChecksTest, SwitchingAnArmyDuringABattleBeyondTacticsToAnotherAllegianceIsOneCheck) {
  ann_meets_ben();
  choose("Attack Ben's company at Hernysadharc");
  must(Menu{});
  EXPECT_TRUE(prompt().has_option("Switch Naglimund Garrison to Josua"));
  choose("Switch Frostmarch Levy to Deornoth");
  override_check("Frostmarch Levy to Deornoth: not during a battle (OA:825); Deornoth's tactics 0: this would be 1 army (OA:841); no "
                 "allegiance shared: discarded (OA:825)");
  EXPECT_TRUE(logged("Frostmarch Levy is switched to Deornoth (OA:825)"));
  bool switched = false;
  const nlohmann::json books = detail();
  for (const auto& m : books["companies"][0]["members"]) switched = switched || (m["card"] == "FROSTMARCH-LEVY" && m.value("with", std::string()) == "DEORNOTH");
  EXPECT_TRUE(switched);
  EXPECT_EQ(prompt().text, "Ann: your vanguard?");  // the battle goes on
}

// OA-45 (OA:445): two hosts met, duels may be proposed instead of the battle. Ann's host has no
// personality at enmity with one of Ben's, and her champion Deornoth is no Knight: two checks.
// Deornoth (3) wounds Eolair (2); with no enmity left the duels are over, and no battle follows.
TEST_F(OstenArdChecksTest, DuelsProposedWithoutAnEnemyOrByAChampionNotAKnightAreChecks) {
  ann_meets_ben();
  EXPECT_TRUE(prompt().has_option("Propose duels to Ben's company at Hernysadharc"));
  choose("Propose duels to Ben's company at Hernysadharc");
  override_check("no personality of Ann's company at Hernysadharc is at enmity with one of Ben's: duels are proposed by a host with one "
                 "(OA:445)");
  EXPECT_EQ(prompt().text, "Ann: your Knight champion? PASS ends the duels (OA:445)");
  choose("Champion Deornoth");
  override_check("Deornoth is no Knight: the proposer's champion is a Knight (OA:445)");
  EXPECT_EQ(prompt().text, "Ben: who faces Deornoth? or decline the duels");
  choose("Face with Eolair");
  EXPECT_TRUE(logged("Duel: Deornoth (3) against Eolair (2): Eolair wounded (OA:553)"));
  EXPECT_TRUE(logged("Ann has no personality at enmity left: the duels are over (OA:445)"));
  EXPECT_FALSE(prompt().has_option("Attack Ben's company at Hernysadharc"));
}

// OA-45 (OA:445): declined, "normal combat occurs": the battle flow begins with the roles.
TEST_F(OstenArdChecksTest, DuelsDeclinedBecomeTheBattle) {
  ann_meets_ben();
  choose("Propose duels to Ben's company at Hernysadharc");
  choose("Do it anyway");  // no enmity between the hosts
  choose("Champion Josua");  // a Knight: no check
  choose("Decline: a battle");
  EXPECT_TRUE(logged("Ben declines the duels: a battle, and the hosts with a knight join Ann's meta-company (OA:445)"));
  EXPECT_EQ(prompt().text, "Ann: your vanguard?");
}

}  // namespace
}  // namespace seneschal::engine::oa_test
