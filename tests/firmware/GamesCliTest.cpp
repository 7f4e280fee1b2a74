// `seneschal games` as a new contributor runs it: every rules module with its rules version, seat
// range and card count, and the games whose cards exist but whose rules do not yet.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;

std::string cli(const std::string& args) {
  return "'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' " + args;
}

TEST(GamesCliTest, ListsEachModuleWithItsRulesVersionSeatsAndCardCount) {
  const auto games = run_command(cli("games"));
  ASSERT_EQ(games.exit_code, 0) << games.output;
  // The card count is the one `seneschal cards` ends with, not a number of its own.
  const auto cards = run_command(cli("cards --game r9e"));
  std::smatch count;
  ASSERT_TRUE(std::regex_search(cards.output, count, std::regex(R"((\d+) cards of Romance of the Nine Empires)")))
      << cards.output;
  EXPECT_TRUE(std::regex_search(games.output, std::regex("r9e +Romance of the Nine Empires +2 +1-6 +" + count[1].str() + "\n")))
      << games.output;
  EXPECT_TRUE(std::regex_search(games.output, std::regex("cutthroat +Cutthroat Kingdoms +1 +3-6 +56\n"))) << games.output;
  // Nine's cards: 13 structures and the 18 faces its tags name; rules version 2 since payments
  // are entered as the table made them (issue [2/8]).
  EXPECT_TRUE(std::regex_search(games.output, std::regex("nine +Nine +2 +1 +31\n"))) << games.output;
  // The Osten Ard CCG: two or more seats; the 12 cards its rules name.
  EXPECT_TRUE(std::regex_search(games.output, std::regex("ostenard +Osten Ard CCG +1 +2-6 +12\n"))) << games.output;
  EXPECT_EQ(games.output.find("card data only"), std::string::npos) << games.output;
}

// Every shipped game has its rules now; a card file for a game without them (a new game's cards
// come first) is listed as such, in an assets folder of the shipped cards and one more.
TEST(GamesCliTest, GamesWithCardsButNoRulesAreNamedAsSuch) {
  namespace fs = std::filesystem;
  seneschal::test::TempDir dir;
  fs::create_directories(dir.path() / "cards");
  for (const auto& entry : fs::directory_iterator(SENESCHAL_SOURCE_DIR "/assets/cards")) {
    if (entry.path().extension() == ".json") fs::copy_file(entry.path(), dir.path() / "cards" / entry.path().filename());
  }
  std::ifstream nine(SENESCHAL_SOURCE_DIR "/assets/cards/nine.json");
  nlohmann::json tabula = nlohmann::json::parse(nine);
  tabula["game"] = "tabula";
  tabula["tag_code"] = "TAB";
  tabula["title"] = "Tabula";
  std::ofstream(dir.file("cards/tabula.json")) << tabula.dump(1);
  const auto games = run_command("'" SENESCHAL_CLI_PATH "' --assets '" + dir.path().string() + "' games");
  ASSERT_EQ(games.exit_code, 0) << games.output;
  EXPECT_TRUE(std::regex_search(games.output, std::regex("\ntabula +Tabula .*card data only: no rules module yet")))
      << games.output;
}

}  // namespace
}  // namespace seneschal::firmware
