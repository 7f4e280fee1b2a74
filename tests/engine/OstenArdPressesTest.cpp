// Issue [3/8] in Osten Ard: the device asks only what it cannot see. A card laid is the move, with
// no OK to say the phase before it is over; the likely answer is highlighted, so one OK takes it;
// a question with one sensible answer is not asked; a phase with nothing to decide is idle.
#include "OstenArdTable.hpp"

namespace seneschal::engine {
namespace {

class OstenArdPressesTest : public oa_test::OstenArdTable {
 protected:
  std::string highlighted() const {
    const Prompt p = prompt();
    return p.options.empty() ? std::string() : p.options.at(static_cast<std::size_t>(p.preselected())).label;
  }
  // Set up with parties (Frostmarch Levy stays in Ann's hand); in Ann's first turn Helfgrim, laid
  // as she has drawn, starts a second company at Naglimund.
  void two_companies_at_naglimund() {
    set_up(false);
    show("Helfgrim");
    choose("A new company");
  }
};

// Drawing is done by hand; the card laid next says it is done: no OK for the Resource phase.
TEST_F(OstenArdPressesTest, ACardLaidAfterTheDrawIsPlayedInTheOrganizationPhase) {
  set_up();
  show("Helfgrim");
  EXPECT_EQ(state().phase, "Organization");
  EXPECT_TRUE(logged("Ann plays Helfgrim: which company does it join?"));
  // At his homebase, a company of his own is the likely answer (OA:97).
  EXPECT_EQ(highlighted(), "A new company");
}

// The army laid next (no place seen) most likely goes where the seat's last card went.
TEST_F(OstenArdPressesTest, AnArmyLaidIsLikelyForTheCompanyTheLastCardJoined) {
  two_companies_at_naglimund();
  show("Frostmarch Levy");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Ann's company at Naglimund (Josua)", "Ann's company at Naglimund (Helfgrim)"}));
  EXPECT_EQ(highlighted(), "Ann's company at Naglimund (Helfgrim)");
}

// A location laid in Organization ends it and is a move. Two companies could reach Falshire: the
// device asks which, the first highlighted; the next location laid lets the last move pass
// without a hazard (Ben laid none) and goes with the one company left.
TEST_F(OstenArdPressesTest, ALocationLaidIsAMoveAndTheNextOneLetsTheLastPassWithoutAHazard) {
  two_companies_at_naglimund();
  show("Falshire");
  EXPECT_EQ(state().phase, "Movement");
  EXPECT_EQ(prompt().text, "Ann: which company goes to Falshire (Erkynland)?");
  EXPECT_EQ(highlighted(), "Move Ann's company at Naglimund (Josua)");
  choose("Move Ann's company at Naglimund (Josua)");
  EXPECT_EQ(prompt().seat, 1);  // Ben's hazards against it
  show("Grianspog");
  EXPECT_TRUE(logged("Ann's company moves from Naglimund (Frostmarch) to Falshire (Erkynland)"));
  EXPECT_TRUE(logged("Ann's company moves from Naglimund (Frostmarch) to Grianspog (Hernystir)"));
}

// The End phase plays no card: one laid is the next seat's, whose turn begins with it.
TEST_F(OstenArdPressesTest, ACardLaidInTheEndPhaseBeginsTheNextSeatsTurn) {
  set_up();
  for (int phase = 0; phase < 4; ++phase) ok();  // Ann: Resource, Organization, Movement, Combat
  ASSERT_EQ(state().phase, "End");
  show("Hernystiri Raiders");
  EXPECT_EQ(state().to_act, 1);
  EXPECT_EQ(state().phase, "Organization");
  EXPECT_EQ(prompt().text, "Which company does Hernystiri Raiders join?");
}

// Falshire has no automatic attack (told as the company arrives): nothing to fight, and the Combat
// phase is idle (it passes by itself).
TEST_F(OstenArdPressesTest, ALocationWithoutAnAutomaticAttackLeavesCombatIdle) {
  set_up();
  show("Falshire");
  ok();  // Ben plays no hazard army
  ok();  // Movement: no company left to move
  ASSERT_EQ(state().phase, "Combat");
  EXPECT_TRUE(prompt().options.empty());
  EXPECT_TRUE(prompt().idle);
}

// An automatic attack must be faced (OA:425): OK takes it, PASS ends the phase.
TEST_F(OstenArdPressesTest, AForcedCombatIsTakenByOkAndPassEndsThePhase) {
  ann_moves_to_yiqanuc();
  ok();  // Movement: no company left to move
  EXPECT_EQ(highlighted(), "Automatic attack at Chidsik Ub-Sah");
  EXPECT_TRUE(prompt().ok.empty());
  EXPECT_EQ(prompt().pass, "end phase");
  must(Pass{});
  EXPECT_EQ(state().phase, "End");
}

// The forfeits start on the rules' smallest legal forfeit; once a side's own forfeit makes them
// pass the rules it is done without a Done (the loser forfeits "until" its cohesion is above the
// difference); the winner owing none starts on Done (OA:573-581).
TEST_F(OstenArdPressesTest, TheForfeitsHighlightTheRulesChoiceAndEndOnceLegal) {
  ann_meets_ben();
  choose("Attack Ben's company at Hernysadharc");
  choose("Naglimund Garrison");
  choose("No rearguard");
  choose("Hernystiri Horse");
  choose("Circoille Guard");
  must(Pass{});  // no duel
  must(SetNumber{2});
  ASSERT_EQ(prompt().text, "Ben lost by 1: forfeit which armies?");
  EXPECT_EQ(highlighted(), "Forfeit Hernystiri Horse");  // the vanguard first (OA:577)
  choose("Forfeit Hernystiri Horse");
  ASSERT_EQ(prompt().text, "Ann won: forfeit which armies?");
  EXPECT_EQ(highlighted(), "Done");  // Ben lost only one army (OA:573)
  choose("Done");
  EXPECT_TRUE(logged("Ben forfeits Hernystiri Horse (OA:573-581)"));
}

}  // namespace
}  // namespace seneschal::engine
