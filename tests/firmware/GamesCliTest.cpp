// `seneschal games` as a new contributor runs it: every rules module with its rules version, seat
// range and card count, and the games whose cards exist but whose rules do not yet.
#include <gtest/gtest.h>

#include <regex>

#include "common/RunCommand.hpp"

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
  EXPECT_TRUE(std::regex_search(games.output, std::regex("r9e +Romance of the Nine Empires +1 +1-6 +" + count[1].str() + "\n")))
      << games.output;
  EXPECT_TRUE(std::regex_search(games.output, std::regex("cutthroat +Cutthroat Kingdoms +1 +3-6 +56\n"))) << games.output;
  // Nine's cards: 13 structures and the 18 faces its tags name.
  EXPECT_TRUE(std::regex_search(games.output, std::regex("nine +Nine +1 +1 +31\n"))) << games.output;
}

TEST(GamesCliTest, GamesWithCardsButNoRulesAreNamedAsSuch) {
  const auto games = run_command(cli("games"));
  ASSERT_EQ(games.exit_code, 0) << games.output;
  for (const char* id : {"ostenard"}) {
    EXPECT_TRUE(std::regex_search(games.output, std::regex(std::string("\n") + id + " .*card data only: no rules module yet")))
        << id << "\n" << games.output;
  }
}

}  // namespace
}  // namespace seneschal::firmware
