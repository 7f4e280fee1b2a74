// Values told at the table are correctable: on the device (MENU, Told values: change one or
// forget it, so it is asked again) and with `seneschal answers list|set|forget` on the state
// folder's card-answers.json. A stray OK used to keep a wrong value for every later game.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/CliTest.hpp"
#include "common/RunCommand.hpp"

namespace seneschal::test {
namespace {

namespace fs = std::filesystem;

// Mark's setup as far as his castles: the data prints none of these values.
constexpr const char* kMarksCastles = R"(game r9e
seat Mark
seat Shawn
scan-card "Kingdom of Holden"
scan-card "Castle Holden"
expect "castle points"
set 6
expect "castle point cost"
set 2
expect "storage"
set 4
)";

class ToldValuesTest : public CliTest {
 protected:
  CommandResult play(const std::string& script, const std::string& extra = "") {
    return run_command(cli("play --script '" + write("script.r9e", script) + "' --state-out '" + dir_.file("state.json") +
                           "' --log-text " + extra));
  }
  nlohmann::json state() const {
    std::ifstream in(dir_.file("state.json"));
    return nlohmann::json::parse(in);
  }
};

TEST_F(ToldValuesTest, TheMenuListsToldValuesAndChangesOne) {
  const auto run = play(std::string(kMarksCastles) + R"script(press MENU
choose "Told values"
expect "Told values: choose one to change or forget"
choose "Kingdom of Holden's castle points: 6"
expect "Kingdom of Holden's castle points is 6: enter the right number, or Forget"
set 5
expect "Kingdom of Holden's castle points is 5 (told at the table)"
)script");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(state()["told"]["KINGDOM-OF-HOLDEN"]["castle_points"], 5);
}

TEST_F(ToldValuesTest, AForgottenValueIsAskedAgainWhenTheRulesNeedIt) {
  const auto run = play(std::string(kMarksCastles) + R"script(press MENU
choose "Told values"
choose "Castle Holden's storage: 4"
choose "Forget"
expect "Castle Holden's storage forgotten: asked again when the rules need it"
)script");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_FALSE(state()["told"]["CASTLE-HOLDEN"].contains("storage") &&
               state()["told"]["CASTLE-HOLDEN"]["storage"].is_number())
      << state()["told"];
  // Cancel closes the list and changes nothing.
  const auto cancelled = play(std::string(kMarksCastles) + R"script(press MENU
choose "Told values"
press PASS
expect "Told values closed"
)script");
  ASSERT_EQ(cancelled.exit_code, 0) << cancelled.output;
  EXPECT_EQ(state()["told"]["CASTLE-HOLDEN"]["storage"], 4);
}

// A stray OK on a number prompt enters 0; where 0 is unusual (R9E: renown, castle points,
// storage, gold production) the device asks again instead of keeping it for every later game.
TEST_F(ToldValuesTest, AZeroWhereZeroIsUnusualIsAskedAgain) {
  const auto run = play(R"script(game r9e
seat Mark
seat Shawn
scan-card "Kingdom of Holden"
scan-card "Castle Holden"
expect "castle points"
set 0
expect "Is Kingdom of Holden's castle points really 0? OK keeps 0, or enter the number"
set 6
expect "castle point cost"
set 0
expect "storage"
set 0
expect "really 0"
press OK
expect "Mark starts with Castle Holden (0 food)"
)script");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(state()["told"]["KINGDOM-OF-HOLDEN"]["castle_points"], 6);
  EXPECT_EQ(state()["told"]["CASTLE-HOLDEN"]["castle_point_cost"], 0) << "a cost of 0 is taken at once";
  EXPECT_EQ(state()["told"]["CASTLE-HOLDEN"]["storage"], 0) << "OK keeps the 0";
}

TEST_F(ToldValuesTest, AnswersAreListedSetAndForgottenFromTheCommandLine) {
  const std::string state_dir = dir_.file("state");
  fs::create_directories(state_dir);
  std::ofstream(state_dir + "/card-answers.json")
      << R"({"schema": 1, "answers": {"r9e": {"HEKTOR": {"gold_cost": 0}, "KINGDOM-OF-HOLDEN": {"castle_points": 3}}}})";
  const std::string at = " --state-dir '" + state_dir + "'";
  auto list = run_command(cli("answers list" + at));
  ASSERT_EQ(list.exit_code, 0) << list.output;
  EXPECT_NE(list.output.find("Hektor"), std::string::npos) << list.output;
  EXPECT_NE(list.output.find("gold_cost"), std::string::npos) << list.output;
  EXPECT_NE(list.output.find("2 values told at the table"), std::string::npos) << list.output;

  auto set = run_command(cli("answers set --game r9e Hektor gold_cost 4" + at));
  ASSERT_EQ(set.exit_code, 0) << set.output;
  EXPECT_NE(set.output.find("Hektor's gold_cost is 4"), std::string::npos) << set.output;
  auto forget = run_command(cli("answers forget --game r9e \"kingdom of holden\"" + at));
  ASSERT_EQ(forget.exit_code, 0) << forget.output;
  EXPECT_NE(forget.output.find("forgot 1 value of Kingdom of Holden"), std::string::npos) << forget.output;

  std::ifstream in(state_dir + "/card-answers.json");
  const auto kept = nlohmann::json::parse(in);
  EXPECT_EQ(kept["answers"]["r9e"]["HEKTOR"]["gold_cost"], 4) << kept;
  EXPECT_FALSE(kept["answers"]["r9e"].contains("KINGDOM-OF-HOLDEN")) << kept;

  // Mistakes are said, and change nothing.
  for (const std::string args : {"answers set --game r9e Hektor strenght 4", "answers set --game r9e Hektr strength 4",
                                 "answers set --game r9e Hektor strength four", "answers forget --game r9e Zahir"}) {
    const auto bad = run_command(cli(args + at));
    EXPECT_EQ(bad.exit_code, 64) << args << "\n" << bad.output;
    EXPECT_NE(bad.output.find("error: "), std::string::npos) << args << "\n" << bad.output;
  }
}

}  // namespace
}  // namespace seneschal::test
