// Issue [3/8] in Osten Ard, the camera instead of the buttons: where a card lies (its tag's
// millimetres) says which company it joins, a company's card moved beside a location says which
// company goes there, and the next seat's card seen ends the turn that has nothing left to decide;
// a hazard is a card laid, so silence says none; the meeting a move came for is the likely combat;
// the first starting location laid in a seat's area names the first player.
//
// The table: Naglimund's tag at (100, 100) with Ann's starting company in a row to its left
// (x 40), Hernysadharc's at (600, 100) with Ben's to its right (x 660); Falshire laid at (100, 400).
#include "OstenArdTable.hpp"

namespace seneschal::engine {
namespace {

class OstenArdCameraTest : public oa_test::OstenArdTable {
 protected:
  void lay(const std::string& title, int seat, double x, double y) { must(PresentCard{card_id_from_title(title), 1, {seat, "", 0, x, y}}); }
  void slide(const std::string& title, double x, double y) { must(MoveCard{card_id_from_title(title), 1, {-1, "", std::nullopt, x, y}}); }
  std::string highlighted() const {
    const Prompt p = prompt();
    return p.options.empty() ? std::string() : p.options.at(static_cast<std::size_t>(p.preselected())).label;
  }
  // The company holding `card`: its location's card id, "" when in none.
  std::string location_of(const std::string& card) const {
    const nlohmann::json d = detail();
    for (const auto& c : d["companies"]) {
      for (const auto& m : c["members"]) {
        if (m["card"] == card) return d["locations"][c["location"].get<std::size_t>()]["card"];
      }
    }
    return "";
  }
  // Setup with hosts, every card laid in its row: Ann's first Resource phase.
  void set_up_laid() {
    must(StartGame{"ostenard", {"Ann", "Ben"}});
    lay("Naglimund", 0, 100, 100);  // Ann's area: she plays first
    lay("Hernysadharc", 1, 600, 100);
    lay("Josua", 0, 40, 100);
    choose("Erkynlander");
    lay("Maegwin", 1, 660, 100);
    choose("Hernystir");
    lay("Deornoth", 0, 40, 140);
    lay("Eolair", 1, 660, 140);
    lay("Naglimund Garrison", 0, 40, 60);
    lay("Hernystiri Horse", 1, 660, 60);
    lay("Frostmarch Levy", 0, 40, 180);
    lay("Circoille Guard", 1, 660, 180);
  }
  // Then Helfgrim laid apart from Josua's row, beside Naglimund: his own company; and Falshire
  // laid, which both of Ann's companies could reach.
  void two_companies_and_falshire() {
    set_up_laid();
    lay("Helfgrim", 0, 160, 140);
    lay("Falshire", 0, 100, 400);
  }
};

// "Player 1 selects a starting location (and places it in play)" (OA:17): laid in Ben's area
// before anyone is named, Ben plays first; Ann lays hers next.
TEST_F(OstenArdCameraTest, AStartingLocationLaidInASeatsAreaNamesTheFirstPlayer) {
  must(StartGame{"ostenard", {"Ann", "Ben"}});
  EXPECT_TRUE(prompt().takes_cards);
  lay("Hernysadharc", 1, 600, 100);
  EXPECT_TRUE(logged("Ben plays first: the first starting location laid; play goes clockwise (OA:13, GAMES.md C7.2)"));
  EXPECT_TRUE(logged("Ben starts at Hernysadharc (Hernystir)"));
  EXPECT_EQ(prompt().text, "Ann: show your starting location");
}

// A personality laid beside its homebase's card, apart from the seat's company there, starts a
// company of its own (OA:97); an item laid with Helfgrim's card joins his company, not Josua's.
TEST_F(OstenArdCameraTest, APersonalityLaidApartStartsACompanyAndACardLaidWithACompanysCardJoinsIt) {
  set_up_laid();
  lay("Helfgrim", 0, 160, 140);  // 72 mm from Naglimund, 120 from Deornoth: apart
  EXPECT_EQ(state().phase, "Organization");
  EXPECT_EQ(detail()["companies"].size(), 3u);
  EXPECT_FALSE(logged("Ann plays Helfgrim: which company does it join?"));
  lay("Thorn", 0, 170, 160);  // 22 mm from Helfgrim, 92 from Naglimund
  EXPECT_TRUE(logged("Thorn joins Ann's company at Naglimund (Helfgrim)"));
  EXPECT_EQ(location_of("THORN"), "NAGLIMUND");
}

// Laid away from every company and every location, a personality is asked (a version of another,
// OA:807, among the answers).
TEST_F(OstenArdCameraTest, APersonalityLaidAwayFromEveryCompanyIsAsked) {
  set_up_laid();
  lay("Helfgrim", 0, 350, 300);
  EXPECT_EQ(prompt().text, "Which company does Helfgrim join?");
  EXPECT_EQ(highlighted(), "A new company");
}

// Falshire laid, both companies could go: the device asks, and Helfgrim's card slid beside
// Falshire answers; then Ben's hazards are idle (silence says none).
TEST_F(OstenArdCameraTest, ACompanysCardMovedBesideTheLocationLaidSaysWhichCompanyGoes) {
  two_companies_and_falshire();
  EXPECT_EQ(prompt().text, "Ann: which company goes to Falshire (Erkynland)?");
  slide("Helfgrim", 130, 460);
  EXPECT_TRUE(logged("Ann's company moves from Naglimund (Frostmarch) to Falshire (Erkynland)"));
  EXPECT_EQ(location_of("HELFGRIM"), "FALSHIRE");
  EXPECT_EQ(location_of("JOSUA"), "NAGLIMUND");
  EXPECT_EQ(prompt().seat, 1);
  EXPECT_TRUE(prompt().idle);  // a hazard is a card laid: none is said by silence
}

// In Ann's Resource phase, Josua's card slid beside Hernysadharc, a location in play: her draw and
// Organization are done, and that is her company's move (OA:107).
TEST_F(OstenArdCameraTest, ACompanysCardSlidBesideALocationInPlayIsItsMove) {
  set_up_laid();
  slide("Josua", 540, 100);
  EXPECT_TRUE(logged("Ann's company moves from Naglimund (Frostmarch) to Hernysadharc (Hernystir)"));
  EXPECT_EQ(state().phase, "Movement");
  EXPECT_EQ(prompt().seat, 1);  // Ben's hazards
}

// A card slid beside a location that is not the one laid, or a card of no company, says nothing.
TEST_F(OstenArdCameraTest, ACardMovedElsewhereIsNoMove) {
  two_companies_and_falshire();
  slide("Josua", 45, 105);  // within Naglimund's row
  EXPECT_EQ(prompt().text, "Ann: which company goes to Falshire (Erkynland)?");
  EXPECT_EQ(location_of("JOSUA"), "NAGLIMUND");
}

// Ann moved one company and lets the other stay: Ben slides Maegwin's card beside Falshire. Ann's
// turn has nothing left to decide (nothing to fight), so it is over, and that is Ben's move. His
// company meets Helfgrim's: the attack is the likely combat, not forced (OA:429); Sorrow, Ann's
// item, laid beside Naglimund, hers, ends Ben's turn with the attack unfought and joins Josua's
// company.
TEST_F(OstenArdCameraTest, TheNextSeatsCardsSeenEndTheTurnThatHasNothingLeftToDecide) {
  two_companies_and_falshire();
  slide("Helfgrim", 130, 460);
  ok();  // (by itself) Ben plays no hazard
  ASSERT_EQ(prompt().text, "Ann: lay a location to move there, or OK for combat");
  slide("Maegwin", 140, 340);
  EXPECT_TRUE(logged("Ann's turn is over: Ben's card is on the table"));
  EXPECT_EQ(state().to_act, 1);
  EXPECT_TRUE(logged("Ben's company moves from Hernysadharc (Hernystir) to Falshire (Erkynland)"));
  ok();  // (by itself) Ann plays no hazard
  ok();  // (by itself) Ben's Movement: no company left to move
  ASSERT_EQ(state().phase, "Combat");
  EXPECT_EQ(highlighted(), "Attack Ann's company at Falshire");
  EXPECT_EQ(prompt().pass, "end phase");
  lay("Sorrow", 0, 160, 60);
  EXPECT_TRUE(logged("Ben's turn is over: Ann's card is on the table"));
  EXPECT_EQ(state().to_act, 0);
  EXPECT_TRUE(logged("Sorrow joins Ann's company at Naglimund"));
}

// A combat the rules force (the automatic attack at Erchester, OA:425) keeps the turn: the next
// seat's card laid then is no end of it.
TEST_F(OstenArdCameraTest, AForcedCombatKeepsTheTurnFromTheNextSeatsCard) {
  set_up_laid();
  lay("Erchester", 0, 300, 400);  // Ann's one company goes there
  ok();                           // (by itself) Ben plays no hazard
  ok();                           // (by itself) no company left to move
  ASSERT_EQ(state().phase, "Combat");
  EXPECT_FALSE(attempt(PresentCard{"HERNYSTIRI-RAIDERS", 1, {1, "", 0, 660.0, 40.0}}).has_value());
  EXPECT_EQ(state().to_act, 0);
  EXPECT_EQ(state().phase, "Combat");
}

// The next seat's card laid beside a location of the acting seat's is the acting seat's own.
TEST_F(OstenArdCameraTest, ACardLaidBesideTheActingSeatsLocationIsItsOwn) {
  set_up_laid();
  lay("Sorrow", 0, 160, 60);
  EXPECT_EQ(state().to_act, 0);
  EXPECT_TRUE(logged("Sorrow joins Ann's company at Naglimund"));
}

}  // namespace
}  // namespace seneschal::engine
