// A whole two-seat game of the Osten Ard CCG as a table script (tests/data/scripts/whole-game.oa),
// run by the real `seneschal play` with the table's card file (whole-game-oa/card-answers.json):
// setup, ten turns, a battle with the D6 and a forfeit, a skirmish whose wounds are turned on the
// table, a spell, and Ann's tenth location at Ben's fifth Organization phase. The final state, the
// battle's numbers and the three deck checks are worked out by hand in the comments.

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;

const std::string kGameDir = SENESCHAL_TEST_DATA "/scripts/whole-game-oa";

std::string cli(const std::string& args) {
  return "'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' " + args + " 2>&1";
}

class OstenArdWholeGameTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto run = run_command(cli("play --script '" SENESCHAL_TEST_DATA "/scripts/whole-game.oa' --answers '" + kGameDir +
                                     "/card-answers.json' --db '" + dir_.file("game.sqlite") + "' --state-out '" +
                                     dir_.file("state.json") + "'"));
    ASSERT_EQ(run.exit_code, 0) << run.output;
    output_ = run.output;
    std::ifstream in(dir_.file("state.json"));
    state_ = nlohmann::json::parse(in);
  }

  const nlohmann::json& detail() const { return state_.at("detail"); }
  bool logged(const std::string& text) const { return output_.find(text + "\n") != std::string::npos; }
  // Each company as "LOCATION: CARD CARD ..." with a wounded card marked "(w)", by owner.
  std::multimap<int, std::string> companies() const {
    std::multimap<int, std::string> out;
    for (const auto& c : detail().at("companies")) {
      std::string words = detail().at("locations").at(c.at("location").get<std::size_t>()).at("card").get<std::string>() + ":";
      for (const auto& m : c.at("members")) {
        words += " " + m.at("card").get<std::string>() + (m.at("wounded").get<bool>() ? "(w)" : "") +
                 (m.at("bowed").get<bool>() ? "(b)" : "");
      }
      out.emplace(c.at("owner").get<int>(), words);
    }
    return out;
  }

  seneschal::test::TempDir dir_;
  std::string output_;
  nlohmann::json state_;
};

// Ann's hosts take a location with each move: Naglimund at her first Organization, Falshire at
// Ben's first, Gadrinsett and the Abbey (4), Da'ai Chikiza and Stefflod Ford (6), Kynslagh,
// Grianspog and Geloe's Cottage (9), Stanshire at Ben's fifth Organization: 10, a win (OA:5).
// Ben holds only Hernysadharc; Erchester, where his party stands, has no host to take it.
TEST_F(OstenArdWholeGameTest, AnnWinsWithTenLocationsAsWorkedOutByHand) {
  EXPECT_EQ(state_.at("winner").at("players"), nlohmann::json::array({"Ann"}));
  EXPECT_EQ(state_.at("winner").at("victory"), "10 control points");
  EXPECT_EQ(state_.at("players").at(0).at("score"), 10);
  EXPECT_EQ(state_.at("players").at(1).at("score"), 1);
  std::map<std::string, nlohmann::json> controller;
  for (const auto& l : detail().at("locations")) controller[l.at("card").get<std::string>()] = l.at("controller");
  const std::map<std::string, nlohmann::json> expected = {
      {"NAGLIMUND", 0},     {"FALSHIRE", 0},    {"GADRINSETT", 0}, {"SAINT-HODERUNDS-ABBEY", 0}, {"DAAI-CHIKIZA", 0},
      {"STEFFLOD-FORD", 0}, {"KYNSLAGH", 0},    {"GRIANSPOG", 0},  {"GELOES-COTTAGE", 0},        {"STANSHIRE", 0},
      {"HERNYSADHARC", 1},  {"ERCHESTER", nullptr}};
  EXPECT_EQ(controller, expected);
  EXPECT_TRUE(logged("Ann takes control of Stanshire (Erkynland): 10 control points (OA:669-709)"));
  EXPECT_EQ(state_.at("turn"), 10);
  EXPECT_EQ(state_.at("to_act"), "Ben");
}

// The screen (the state's board): Ann's ten cards in three companies, a line each with its
// armies; her ten locations a line a region; Ben's five cards card by card under their locations.
TEST_F(OstenArdWholeGameTest, TheScreenShowsEachSeatsCompaniesAndTheLocationsItControls) {
  const auto& ann = state_.at("board").at("seats").at(0);
  EXPECT_EQ(ann.at("counters").at(0).at("value"), "10/10");
  const auto& companies = ann.at("lists").at(0);
  EXPECT_EQ(companies.at("heading"), "Companies (armies)");
  EXPECT_EQ(companies.at("items").at(0).at("title"), "Stanshire: Josua, Strangyeard");
  EXPECT_EQ(companies.at("items").at(0).at("count"), 2);
  const auto& controls = ann.at("lists").at(1);
  EXPECT_EQ(controls.at("heading"), "Controls");
  EXPECT_EQ(controls.at("items").at(0).at("title"), "Erkynland: Falshire, Kynslagh, Stanshire");
  EXPECT_EQ(controls.at("items").size(), 4u);
  const auto& ben = state_.at("board").at("seats").at(1).at("lists");
  EXPECT_EQ(ben.at(0).at("heading"), "Erchester");
  EXPECT_EQ(ben.at(0).at("items").at(0).at("note"), "wounded");
  EXPECT_EQ(ben.at(0).at("items").at(0).at("quarter"), 180);
}

// Where every card ends: Ann's three hosts (Josua's from the start, Helfgrim's and Deornoth's
// formed at Naglimund, each with two armies); Ben's party without its Horse, both personalities
// wounded; Gwythinn's company at home.
TEST_F(OstenArdWholeGameTest, EveryCompanyEndsWhereTheScriptLeftIt) {
  const std::multimap<int, std::string> expected = {
      {0, "STANSHIRE: JOSUA STRANGYEARD NAGLIMUND-GARRISON FROSTMARCH-LEVY"},
      {0, "GRIANSPOG: HELFGRIM NAGLIMUND-SPEARMEN FROSTMARCH-ARCHERS"},
      {0, "GELOES-COTTAGE: DEORNOTH NAGLIMUND-HORSE STEFFLOD-GUARD"},
      {1, "ERCHESTER: MAEGWIN(w) EOLAIR(w) CIRCOILLE-GUARD"},
      {1, "HERNYSADHARC: GWYTHINN HERNYSADHARC-SPEARS"},
  };
  EXPECT_EQ(companies(), expected);
}

// The battle at Falshire (OA:531-581): Ben's vanguard the Horse (3), his rearguard no strength;
// Ann's vanguard the Garrison (5). No tactics left over on either side. Ben's initiative 3 beats
// 2: his D6, entered as 1: 3 + 1 = 4 against 5. Ben forfeits his vanguard first (cohesion 2, above
// the difference 1); he lost one army, so Ann forfeits none.
TEST_F(OstenArdWholeGameTest, TheBattleTotalsTheDieAndTheLoserForfeitsItsVanguard) {
  EXPECT_TRUE(logged("the battle's D6: rolled 1"));
  EXPECT_TRUE(logged("Ben's company at Falshire attacks Ann's company at Falshire: Ben 4 (D6 1) against Ann 5: Ann wins by 1 "
                     "(OA:561-569)"));
  EXPECT_TRUE(logged("Ben forfeits Hernystiri Horse (OA:573-581)"));
}

// Erchester's automatic attack, four strikes of 3 (OA:463-467): the Circoille Guard, the party's
// one army, defeats the first two (OA:733-735); Maegwin (3) ties the third and is wounded, Eolair
// (2) is wounded by the fourth; Ben turns both 180 degrees and the table agrees with the books.
TEST_F(OstenArdWholeGameTest, TheSkirmishsWoundsAreTurnedOnTheTable) {
  EXPECT_TRUE(logged("Automatic attack at Erchester: Circoille Guard, the party's one army, defeats the first 2 strikes "
                     "(OA:733-735)"));
  EXPECT_TRUE(logged("Strike 1 (3) against Maegwin (3): Strike 1 defeated, Maegwin wounded (OA:499-509)"));
  EXPECT_TRUE(logged("Strike 2 (3) against Eolair (2): Eolair wounded (OA:499-509)"));
  int turned = 0;
  for (const auto& card : state_.at("table")) {
    if (card.at("card") == "MAEGWIN" || card.at("card") == "EOLAIR") turned += card.at("quarter") == 180;
  }
  EXPECT_EQ(turned, 2);
  EXPECT_TRUE(state_.at("disagreements").empty());
}

// Strangyeard's mind 3 reaches the spell's level 2 (OA:657); cards laid beside Naglimund joined
// the company there without a question (the Spearmen, where Ann had two, the one whose card they
// were laid with; Helfgrim, apart from Josua's row, a company of his own), a location laid was the
// move of the one company left, and a company's card slid beside the location laid said which went.
TEST_F(OstenArdWholeGameTest, ASpellIsCastAndCardsLaidBesideALocationJoinItsCompany) {
  EXPECT_TRUE(logged("Strangyeard casts Prayer of Usires (Spell, level 2) with mind 3 (OA:657)"));
  EXPECT_FALSE(logged("Ann plays Helfgrim: which company does it join?"));
  EXPECT_FALSE(logged("Ann plays Naglimund Spearmen: which company does it join?"));
  EXPECT_TRUE(logged("Naglimund Spearmen joins Ann's company at Naglimund (Helfgrim)"));
  EXPECT_FALSE(logged("Ann plays Frostmarch Archers: which company does it join?"));
  EXPECT_TRUE(logged("Frostmarch Archers joins Ann's company at Naglimund"));
  EXPECT_TRUE(logged("Ann's company moves from Naglimund (Frostmarch) to Falshire (Erkynland)"));
  EXPECT_TRUE(logged("Ann's company moves from Naglimund (Frostmarch) to Saint Hoderund's Abbey (Frostmarch)"));
}

// The table's card file told every value the rules read: nothing was asked; and the log alone
// replays the game (the titles and types of the table's cards travel in its events).
TEST_F(OstenArdWholeGameTest, NothingToldBeforeIsAskedAndTheLogReplaysWithoutTheCardFile) {
  EXPECT_EQ(output_.find("(told at the table)"), std::string::npos) << output_;
  const auto exported = run_command(cli("export --text --db '" + dir_.file("game.sqlite") + "'"));
  ASSERT_EQ(exported.exit_code, 0) << exported.output;
  EXPECT_NE(exported.output.find("Ann wins a 10 control points victory"), std::string::npos) << exported.output;
}

// OA:927-949, the module's deck check through `seneschal cards` with the table's card file (the
// rarities it told): Ann's 30 cards hold 6 rares, over 1/6 (5), but 6 x 5 + 8 x 2 = 46 points;
// Ben's 24 hold 1 rare and 8 uncommons (4 and 8 allowed); the draft fails both rules.
TEST_F(OstenArdWholeGameTest, EachDeckIsCheckedByBothConstructionRules) {
  auto check = [](const std::string& deck) {
    return run_command(cli("cards --game ostenard --state-dir '" + kGameDir + "' --check-deck '" + kGameDir + "/" + deck + "'"));
  };
  const auto ann = check("ann.deck");
  EXPECT_EQ(ann.exit_code, 0) << ann.output;
  EXPECT_NE(ann.output.find("legal by the points rule: 6 rares in 30 cards: more than 1/6 (5); 8x0 + 5x6 + 2x8 = 46 points"),
            std::string::npos)
      << ann.output;
  const auto ben = check("ben.deck");
  EXPECT_EQ(ben.exit_code, 0) << ben.output;
  EXPECT_NE(ben.output.find("legal by both rules: 1 rare and 8 uncommons in 24 cards"), std::string::npos) << ben.output;
  const auto draft = check("ben-draft.deck");
  EXPECT_EQ(draft.exit_code, 1) << draft.output;
  EXPECT_NE(draft.output.find("17 rares (7 ultrarares among them) in 23 cards: more than 1/6 (3); 8x7 + 5x10 + 2x0 = 106 "
                              "points: more than 100 (OA:927-929)"),
            std::string::npos)
      << draft.output;
  EXPECT_NE(draft.output.find("23 cards counted, 1 problem\n"), std::string::npos) << draft.output;
}

}  // namespace
}  // namespace seneschal::firmware
