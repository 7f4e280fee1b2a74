// The rulebook's Example of Play as a table script (tests/data/scripts/example-of-play.r9e), run
// by the real `seneschal play`: its final state must be the book's.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;

const nlohmann::json& named(const nlohmann::json& list, const std::string& key, const std::string& value) {
  for (const auto& entry : list) {
    if (entry.at(key) == value) return entry;
  }
  throw std::runtime_error("no " + key + " " + value);
}

class ExampleOfPlayTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto run = run_command("'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR
                                 "/assets' play --script '" SENESCHAL_TEST_DATA
                                 "/scripts/example-of-play.r9e' --state-out '" +
                                 dir_.file("state.json") + "' 2>&1");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    output_ = run.output;
    std::ifstream in(dir_.file("state.json"));
    state_ = nlohmann::json::parse(in);
  }
  const nlohmann::json& player(const std::string& name) const { return named(state_.at("players"), "name", name); }
  int food(const std::string& name, const std::string& castle) const {
    return named(player(name).at("castles"), "card", castle).at("food");
  }
  bool logged(const std::string& text) const { return output_.find(text) != std::string::npos; }

  seneschal::test::TempDir dir_;
  std::string output_;
  nlohmann::json state_;
};

TEST_F(ExampleOfPlayTest, WhoPaidWhatFoodFromWhere) {
  EXPECT_TRUE(logged("Mark brings Hektor into play (6 gold, 1 food from Hammerdoom's Roost)"));
  EXPECT_TRUE(logged("Shawn brings Jack Newcomer into play (6 gold, 1 food from Sanctuary)"));
  EXPECT_TRUE(logged("Mark brings Zahir into play (1 food from Border Keep)"));
  EXPECT_TRUE(logged("Shawn brings Training Grounds into play, bowed"));
  EXPECT_EQ(food("Mark", "BORDER-KEEP"), 1);
}

TEST_F(ExampleOfPlayTest, ShawnsBorderKeepIsBuriedInTheBattle) {
  EXPECT_TRUE(logged("Shawn absorbs 2 with the food on Border Keep"));
  EXPECT_TRUE(named(player("Shawn").at("castles"), "card", "BORDER-KEEP").at("buried").get<bool>());
  EXPECT_FALSE(player("Shawn").at("eliminated").get<bool>());
}

TEST_F(ExampleOfPlayTest, HammerdoomsRoostAfterTheAttackAndTheRaid) {
  // 2 stored, 1 paid for Hektor, 1 gained by its text when Border Keep fell (told once), 1 stolen.
  EXPECT_TRUE(logged("Hammerdoom's Roost's text adds 1 food to it: 1 -> 2"));
  EXPECT_TRUE(logged("the raid succeeds"));
  EXPECT_EQ(food("Mark", "HAMMERDOOMS-ROOST"), 1);
}

TEST_F(ExampleOfPlayTest, AtYourCommandGivesZahirTwoStrength) {
  EXPECT_TRUE(logged("At Your Command gives Zahir +2 Strength this turn: 0 -> 2"));
  EXPECT_TRUE(logged("Mark engages Zahir for 2 damage"));
}

TEST_F(ExampleOfPlayTest, ShawnsRenownRisesFromFiveToSeven) {
  EXPECT_TRUE(logged("Renown 5 -> 7"));
  EXPECT_EQ(player("Shawn").at("renown"), 7);
}

TEST_F(ExampleOfPlayTest, JackNewcomersStolenFoodGoesOnACastleStillStanding) {
  // The book puts it on the Border Keep buried earlier; a buried castle holds nothing, so it
  // goes on Sanctuary (engine/rules/r9e/README.md).
  EXPECT_TRUE(logged("Shawn moves a food token from Jack Newcomer to Sanctuary"));
  EXPECT_EQ(food("Shawn", "SANCTUARY"), 2);
  EXPECT_EQ(named(player("Shawn").at("in_play"), "card", "JACK-NEWCOMER").at("food"), 0);
}

TEST_F(ExampleOfPlayTest, TheOrdainedPassesToShawn) {
  EXPECT_EQ(state_.at("ordained"), "Shawn");
  EXPECT_EQ(state_.at("turn"), 2);
  EXPECT_EQ(state_.at("phase"), "Spring");
  EXPECT_TRUE(state_.at("winner").is_null());
}

// The bundled answers (a table's card-answers.json after the demo) know every value the books do
// not print for the Example's setup: with them, setup asks no number at all. The script's setup
// without its `set` lines must reach Spring.
TEST(ExampleOfPlaySetupTest, WithTheBundledAnswersSetupNeedsNoNumber) {
  seneschal::test::TempDir dir;
  std::ifstream in(SENESCHAL_TEST_DATA "/scripts/example-of-play.r9e");
  std::ofstream out(dir.file("setup.r9e"));
  int numbers_left_out = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("set ", 0) == 0) {
      ++numbers_left_out;
      continue;
    }
    out << line << "\n";
    if (line.rfind("expect \"Spring\"", 0) == 0) break;
  }
  out.close();
  EXPECT_EQ(numbers_left_out, 9) << "the Example's setup enters 9 numbers without the answers";
  const auto run = run_command("'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' play --script '" +
                               dir.file("setup.r9e") + "' --answers '" SENESCHAL_SOURCE_DIR
                               "/assets/recordings/first-game/card-answers.json' --log-text 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output.find("Look at the card"), std::string::npos) << "a value was asked:\n" << run.output;
}

}  // namespace
}  // namespace seneschal::firmware
