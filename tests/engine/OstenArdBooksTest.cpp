// Books the device keeps for the table where the rules act by themselves: a banner's fall routing
// its armies (OA-44, OA:745) and the current rulers (OA-53, OA:849-859), each through a real
// Session with the table of OstenArdTable.hpp.
#include "OstenArdTable.hpp"

namespace seneschal::engine::oa_test {
namespace {

class OstenArdBooksTest : public OstenArdTable {};

// OA-44 (OA:745): Ben's banner, played in his first Organization phase, is borne by Maegwin; in
// Ann's second turn her Josua (6) kills Maegwin in a duel (at least twice her 3), and Ben's armies
// rout at once, to a location of Hernystir he lays (OA:601), while the battle goes on.
TEST_F(OstenArdBooksTest, ABannersBearerKilledInADuelRoutsItsArmies) {
  to_bens_organization();
  show("Erkynland Banner");
  choose("Ben's company at Hernysadharc");
  EXPECT_TRUE(logged("Erkynland Banner is borne by Maegwin (OA:745; MENU \"Give\" says otherwise)"));
  for (int phase = 0; phase < 4; ++phase) ok();  // Ben's turn
  ann_goes_to_hernysadharc();
  choose("Attack Ben's company at Hernysadharc");
  choose("Naglimund Garrison");
  choose("No rearguard");
  choose("Hernystiri Horse");
  choose("No rearguard");
  choose("Duel with Josua");
  choose("Face with Maegwin");
  EXPECT_TRUE(logged("Duel: Josua (6) against Maegwin (3): Maegwin killed (OA:553)"));
  EXPECT_TRUE(logged("Ben's Hernystiri Horse, Circoille Guard rout: Maegwin, bearer of Erkynland Banner, is gone (OA:745); where to? (OA:601)"));
  show("Grianspog");
  EXPECT_TRUE(logged("Ben's Hernystiri Horse, Circoille Guard rout to Grianspog (Hernystir) (OA:601)"));
  bool routed = false;
  const nlohmann::json books = detail();
  for (const auto& c : books["companies"]) {
    routed = routed || (c["owner"] == 1 && c["members"].size() == 2u && c["members"][0]["card"] == "HERNYSTIRI-HORSE" &&
                        books["locations"][c["location"].get<std::size_t>()]["card"] == "GRIANSPOG");
  }
  EXPECT_TRUE(routed);
}

// OA-21's bookkeeping (OA:745): MENU "Give" hands a banner to another personality of the company.
TEST_F(OstenArdBooksTest, ABannerIsGivenToAnotherBearerByTheMenu) {
  set_up();
  ok();  // Organization
  show("Naglimund Banner");
  choose("Ann's company at Naglimund");
  EXPECT_TRUE(logged("Naglimund Banner is borne by Josua (OA:745; MENU \"Give\" says otherwise)"));
  must(Menu{});
  choose("Give Naglimund Banner to Deornoth");
  EXPECT_TRUE(logged("Naglimund Banner is given to Deornoth (OA:745)"));
  EXPECT_EQ(detail()["companies"][0]["members"][4]["with"], "DEORNOTH");
}

// OA-53 (OA:853-859, C7.17): the table tells rulerships by MENU; the lowest attribute in play
// rules, a newcomer lower takes over, the second-lowest High King rules the Frostmarch, and a
// ruler gone hands the rulership on.
TEST_F(OstenArdBooksTest, TheLowestRulershipAttributeRulesAndTheSecondHighKingTheFrostmarch) {
  set_up();
  must(Menu{});
  EXPECT_TRUE(prompt().has_option("Rulership of Maegwin"));
  choose("Rulership of Josua");
  EXPECT_TRUE(logged("Josua: High King rulership 4 (OA:849-853)"));
  EXPECT_TRUE(logged("Josua is the ruler of High King (OA:853-855)"));
  EXPECT_EQ(detail()["rulers"]["High King"], "JOSUA");
  must(Menu{});
  choose("Rulership of Deornoth");
  EXPECT_TRUE(logged("Deornoth is the ruler of High King (OA:853-855)"));
  EXPECT_TRUE(logged("Josua is the ruler of Frostmarch (OA:859)"));
  EXPECT_EQ(detail()["rulers"]["High King"], "DEORNOTH");
  EXPECT_EQ(detail()["rulers"]["Frostmarch"], "JOSUA");
  ok();  // Organization
  choose("Discard Deornoth");
  EXPECT_EQ(detail()["rulers"]["High King"], "JOSUA");
  EXPECT_FALSE(detail()["rulers"].contains("Frostmarch"));
  EXPECT_TRUE(logged("Nobody rules Frostmarch now"));
}

// OA-19 (OA:807): a personality shown may be played as a version of any personality in play, even
// another player's; it lies with the original, no personality of its own (the table's choice is
// the record: no card data says which cards are versions of one persona).
TEST_F(OstenArdBooksTest, APersonalityPlayedAsAVersionIsAttachedToTheOriginal) {
  set_up();
  ok();  // Organization
  show("Jiriki");
  EXPECT_TRUE(prompt().has_option("Version of Maegwin"));
  choose("Version of Josua");
  EXPECT_TRUE(logged("Jiriki is played as a version of Josua, attached to it in Ann's company at Naglimund: no change of ownership (OA:807)"));
  const nlohmann::json books = detail();
  const auto& members = books["companies"][0]["members"];
  ASSERT_EQ(members.size(), 5u);
  EXPECT_EQ(members[4]["kind"], "version");
  EXPECT_EQ(members[4]["with"], "JOSUA");
}

}  // namespace
}  // namespace seneschal::engine::oa_test
