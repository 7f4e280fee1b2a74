// `seneschal play` as a person runs it: the real binary on scripts written to a temp folder.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "seneschal/firmware/script/table_script.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
using seneschal::test::run_command;

// Two seats through R9E setup to Mark's first Summer. The card data does not print these
// values, so the script answers each question the way players read them off the card.
constexpr const char* kSetup = R"(game r9e
seat Mark
seat Shawn
seed 7
# Mark
scan-card "Kingdom of Holden"
scan-card "Castle Holden"
expect "castle points"
set 6
expect "castle point cost"
set 2
expect "storage"
set 4
scan S1:R9E:BORDER-KEEP:1   # a tag payload, as the camera reads it
set 2
set 3
press OK   # castles done
press OK   # keep the hand
# Shawn
scan-card "Protectorate of Malchior"
expect "renown"
set 4
scan-card "Sanctuary"
set 6
set 2
set 4
press OK
press OK
)";

// The lines of kSetup, so tests can name the line their own addition is on.
int lines_of(const std::string& text) {
  int lines = 0;
  for (char c : text) lines += c == '\n';
  return lines;
}

class PlayScriptTest : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = dir_.file(name);
    std::ofstream(path) << text;
    return path;
  }
  test::CommandResult play(const std::string& script, const std::string& extra = "") {
    return run_command("'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' play --script '" +
                       write("script.r9e", script) + "' --state-out '" + state_path() + "' " + extra);
  }
  std::string state_path() const { return dir_.file("state.json"); }
  nlohmann::json state() const {
    std::ifstream in(state_path());
    return nlohmann::json::parse(in);
  }

  test::TempDir dir_;
};

TEST_F(PlayScriptTest, SetupReachesSummerAndWritesTheState) {
  const auto run = play(std::string(kSetup) + "choose \"Mark\"\npress OK\nexpect \"Summer\"\n");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  // The log reads like the game.
  EXPECT_NE(run.output.find("Mark plays Kingdom of Holden"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Mark takes the Ordained marker"), std::string::npos) << run.output;

  const nlohmann::json json = state();
  for (const char* key : {"game", "turn", "phase", "ordained", "to_act", "players", "winner", "timers", "log", "prompt"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
  EXPECT_EQ(json["game"], "r9e");
  EXPECT_EQ(json["turn"], 1);
  EXPECT_EQ(json["phase"], "Summer");
  EXPECT_EQ(json["to_act"], "Mark");
  EXPECT_EQ(json["ordained"], "Mark");
  ASSERT_EQ(json["players"].size(), 2u);
  const nlohmann::json& mark = json["players"][0];
  EXPECT_EQ(mark["name"], "Mark");
  EXPECT_EQ(mark["renown"], 5);
  ASSERT_EQ(mark["castles"].size(), 2u);
  EXPECT_EQ(mark["castles"][0]["card"], "CASTLE-HOLDEN");
  EXPECT_EQ(mark["castles"][0]["food"], 4);
  EXPECT_EQ(mark["food_total"], 7);
  EXPECT_EQ(json["players"][1]["renown"], 4);
  EXPECT_TRUE(json["winner"].is_null());
  EXPECT_NE(json["prompt"]["text"].get<std::string>().find("Mark"), std::string::npos) << json["prompt"];
  EXPECT_TRUE(json["prompt"]["options"].is_array());
}

TEST_F(PlayScriptTest, MisspeltChooseNamesTheLineAndTheOptions) {
  const std::string script = std::string(kSetup) + "choose \"Mark\"\npress OK\nscan-card \"Hektor\"\nset 0  # gold cost\nchoose \"Castle Holdn\"\n";
  const auto run = play(script);
  EXPECT_EQ(run.exit_code, 65) << run.output;
  const std::string where = "script.r9e:" + std::to_string(lines_of(script)) + ": choose \"Castle Holdn\": the prompt \"";
  EXPECT_NE(run.output.find(where), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("has no option \"Castle Holdn\" (options: Castle Holden, Border Keep"), std::string::npos)
      << run.output;
}

TEST_F(PlayScriptTest, RefusedScanNamesTheLineAndKeepsTheStateReached) {
  const auto run = play("game r9e\nseat Mark\nseat Shawn\n\nscan-card \"Hektor\"\n");
  EXPECT_EQ(run.exit_code, 65) << run.output;
  EXPECT_NE(run.output.find("script.r9e:5: scan-card \"Hektor\": refused: "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("stronghold"), std::string::npos) << run.output;
  ASSERT_TRUE(fs::exists(state_path()));
  EXPECT_EQ(state()["game"], "r9e");
  EXPECT_NE(state()["prompt"]["text"].get<std::string>().find("scan your stronghold"), std::string::npos);
}

TEST_F(PlayScriptTest, UnknownTitleSuggestsNearOnes) {
  const auto run = play("game r9e\nseat Mark\nscan-card \"kingdom of holdn\"\n");
  EXPECT_EQ(run.exit_code, 65) << run.output;
  EXPECT_NE(run.output.find("script.r9e:3: scan-card \"kingdom of holdn\": no card titled"), std::string::npos)
      << run.output;
}

TEST_F(PlayScriptTest, UpDownOkPickTheHighlightedOption) {
  // Ordained options: Mark, Shawn, Random. DOWN DOWN UP lands on Shawn.
  const auto run = play(std::string(kSetup) + "press DOWN\npress DOWN\npress UP\npress OK\n");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Shawn takes the Ordained marker"), std::string::npos) << run.output;
  EXPECT_EQ(state()["ordained"], "Shawn");
}

TEST_F(PlayScriptTest, ControlTagActsAsPass) {
  const auto run = play(std::string(kSetup) + "choose \"Mark\"\nscan S1:CTL:OK\nscan S1:CTL:PASS\n");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Mark passes"), std::string::npos) << run.output;
  EXPECT_EQ(state()["to_act"], "Shawn");
}

TEST_F(PlayScriptTest, NegotiationTimerRunsDownWithWaitAndRingsUntilOk) {
  const auto run = play(std::string(kSetup) +
                        "timer start \"Negotiation\" 3m\n"
                        "wait 1m\n"
                        "expect-timer \"Negotiation\" 2:00\n"
                        "press TIMER   # pauses it\n"
                        "wait 5m\n"
                        "expect-timer \"Negotiation\" paused\n"
                        "press TIMER   # resumes it\n"
                        "timer add-minute\n"
                        "wait 2:58\n"
                        "expect-timer \"Negotiation\" ringing\n"
                        "press OK      # at a ringing alarm OK stops it, it does not answer the prompt\n"
                        "expect-timer \"Negotiation\" gone\n"
                        "expect \"Ordained\"\n");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Negotiation started, 3:00"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Negotiation paused at 1:59"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Negotiation: a minute added"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Negotiation: time is up"), std::string::npos) << run.output;
  EXPECT_TRUE(state()["timers"].empty());
}

TEST_F(PlayScriptTest, TimerTagStartsATimerOfItsLength) {
  const auto run = play(std::string(kSetup) + "scan S1:CTL:TIMER:90\nwait 30s\nexpect-timer \"Timer 1:30\" 1:00\n");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  ASSERT_EQ(state()["timers"].size(), 1u);
  EXPECT_EQ(state()["timers"][0]["name"], "Timer 1:30");
  EXPECT_EQ(state()["timers"][0]["total_ms"], 90000);
}

TEST_F(PlayScriptTest, WrongTimerExpectationSaysWhatTheTimerIs) {
  const auto run = play("game r9e\nseat Mark\ntimer start \"Negotiation\" 2m\nwait 30s\nexpect-timer \"Negotiation\" 1:00\n");
  EXPECT_EQ(run.exit_code, 65) << run.output;
  EXPECT_NE(run.output.find("script.r9e:5: expect-timer \"Negotiation\" 1:00: Negotiation is 1:30 left"),
            std::string::npos)
      << run.output;
  const auto bad = play("game r9e\nseat Mark\ntimer pause \"Negotiation\" 2m\n");
  EXPECT_EQ(bad.exit_code, 65) << bad.output;
  EXPECT_NE(bad.output.find("script.r9e:3: timer pause \"Negotiation\" 2m: only start and press take a length"),
            std::string::npos)
      << bad.output;
}

// The stronghold lies upright on the table (the camera said so) while a button bowed it to pay
// for Hektor: after TableDriver::kMismatchMs of that, the players are asked, once.
TEST_F(PlayScriptTest, ABowTheTableNeverShowsIsPutToThePlayersAfterTenSecondsAndOnlyOnce) {
  const std::string summer = std::string(kSetup) + R"(choose "Mark"
press OK
turn "Kingdom of Holden" 1 0   # the camera sees it lie upright in Mark's area
scan-card "Hektor"
set 3
choose "Kingdom of Holden"
set 4
choose "Castle Holden"
expect "Shawn: bring a card"
wait 5s
expect "Shawn: bring a card"
wait 5s
expect "The table and the books disagree: Mark's Kingdom of Holden is bowed in the books but lies upright on the table"
)";
  const auto misread = play(summer + "choose \"It was a misread\"\nwait 30s\nexpect \"Shawn: bring a card\"\n");
  ASSERT_EQ(misread.exit_code, 0) << misread.output;
  for (const nlohmann::json& card : state()["table"]) {
    if (card["card"] == "KINGDOM-OF-HOLDEN") {
      EXPECT_EQ(card["quarter"], 90) << "a misread: the table is taken to lie as the books have it";
    }
  }

  // Ignored, it is not asked again while it lasts.
  const auto ignored = play(summer + "press PASS\nwait 60s\nexpect \"Shawn: bring a card\"\n");
  ASSERT_EQ(ignored.exit_code, 0) << ignored.output;
  EXPECT_NE(ignored.output.find("Ignored: Mark's Kingdom of Holden is bowed"), std::string::npos) << ignored.output;
}

TEST_F(PlayScriptTest, ExpectAndExpectRefused) {
  const std::string summer = std::string(kSetup) + "choose \"Mark\"\npress OK\n";
  const auto refused = play(summer + "expect-refused scan-card \"Border Keep\" 2\nexpect \"Mark\"\n");
  EXPECT_EQ(refused.exit_code, 0) << refused.output;
  const auto accepted = play(summer + "expect-refused press PASS\n");
  EXPECT_EQ(accepted.exit_code, 65) << accepted.output;
  EXPECT_NE(accepted.output.find("expected a refusal, but PASS was accepted"), std::string::npos) << accepted.output;
  const auto missing = play(summer + "expect \"Winter\"\n");
  EXPECT_EQ(missing.exit_code, 65) << missing.output;
  EXPECT_NE(missing.output.find(": expect \"Winter\": neither the prompt"), std::string::npos) << missing.output;
}

TEST_F(PlayScriptTest, DbPersistsAndResumingContinues) {
  const std::string db = dir_.file("game.sqlite");
  const auto first = play(std::string(kSetup) + "choose \"Mark\"\npress OK\n", "--db '" + db + "'");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  ASSERT_TRUE(fs::exists(db));
  const std::size_t events = state()["log"].size();

  // No header: the saved game goes on where it stopped.
  const auto second = play("press PASS\nexpect \"Shawn\"\n", "--db '" + db + "'");
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_EQ(second.output.find("Mark plays"), std::string::npos) << "old log lines are not printed again";
  EXPECT_NE(second.output.find("Mark passes"), std::string::npos) << second.output;
  EXPECT_EQ(state()["to_act"], "Shawn");
  EXPECT_GT(state()["log"].size(), events);

  // A header for another table is refused, naming the saved seats.
  const auto other = play("game r9e\nseat Ann\nseat Bob\npress PASS\n", "--db '" + db + "'");
  EXPECT_EQ(other.exit_code, 65) << other.output;
  EXPECT_NE(other.output.find("differ from the saved game's Mark, Shawn"), std::string::npos) << other.output;

  const auto lines = run_command("'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' export --db '" + db + "'");
  ASSERT_EQ(lines.exit_code, 0) << lines.output;
  const auto first_line = nlohmann::json::parse(lines.output.substr(0, lines.output.find('\n')));
  EXPECT_EQ(first_line["seq"], 1);
  EXPECT_EQ(first_line["type"], "game_started");
  const auto text = run_command("'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' export --text --db '" + db + "'");
  ASSERT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find("Game: r9e"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("Mark passes"), std::string::npos) << text.output;
}

TEST_F(PlayScriptTest, ExportOfAMissingLogIsAnError) {
  const auto run = run_command("'" SENESCHAL_CLI_PATH "' export --db '" + dir_.file("none.sqlite") + "'");
  EXPECT_EQ(run.exit_code, 65) << run.output;
  EXPECT_NE(run.output.find("no such event log"), std::string::npos) << run.output;
  EXPECT_FALSE(fs::exists(dir_.file("none.sqlite")));
}

TEST(TableScriptParseTest, AnUnknownCommandNamesTheLine) {
  auto script = parse_script("game r9e\nseat Mark\n\n  jump 3  # no such thing\n", "t.r9e");
  ASSERT_FALSE(script.has_value());
  EXPECT_EQ(script.error().message.rfind("t.r9e:4: jump 3: \"jump\" is not a script command", 0), 0u)
      << script.error().message;
}

TEST(TableScriptParseTest, QuotesKeepHashesAndApostrophes) {
  auto script = parse_script("choose \"Hammerdoom's Roost #1\"  # comment\nscan-card Hektor 2\nwait 2m30s\n", "t.r9e");
  ASSERT_TRUE(script.has_value()) << script.error().message;
  ASSERT_EQ(script->steps.size(), 3u);
  EXPECT_EQ(script->steps[0].text, "Hammerdoom's Roost #1");
  EXPECT_EQ(script->steps[1].text, "Hektor");
  EXPECT_EQ(script->steps[1].number, 2);
  EXPECT_EQ(script->steps[2].number, 150);
}

TEST(TableScriptParseTest, BadArgumentsSayWhatWasExpected) {
  auto unclosed = parse_script("choose \"Border Keep\n", "t.r9e");
  ASSERT_FALSE(unclosed.has_value());
  EXPECT_NE(unclosed.error().message.find("t.r9e:1: "), std::string::npos);
  EXPECT_NE(unclosed.error().message.find("a quote that does not close"), std::string::npos);
  auto button = parse_script("press SELECT\n", "t.r9e");
  ASSERT_FALSE(button.has_value());
  EXPECT_NE(button.error().message.find("expected a button"), std::string::npos);
  auto nested = parse_script("expect-refused seat Ann\n", "t.r9e");
  ASSERT_FALSE(nested.has_value());
  EXPECT_NE(nested.error().message.find("expect-refused takes"), std::string::npos);
}

TEST(TableScriptParseTest, DurationsLongerThanAnIntOfSecondsAreRefused) {
  // A timer's length reaches the engine as an int: 2^32 + 240 s was once a 4-minute timer.
  auto timer = parse_script("timer start \"Negotiation\" 4294967536s\n", "t.r9e");
  ASSERT_FALSE(timer.has_value());
  EXPECT_NE(timer.error().message.find("expected a length"), std::string::npos) << timer.error().message;
  for (const char* wait : {"wait 153722867280912931m\n", "wait 35791394:08\n", "wait 2147483648\n"}) {
    EXPECT_FALSE(parse_script(wait, "t.r9e").has_value()) << wait;
  }
  auto longest = parse_script("wait 35791394:07\n", "t.r9e");
  ASSERT_TRUE(longest.has_value()) << longest.error().message;
  EXPECT_EQ(longest->steps[0].number, 2147483647);
}

}  // namespace
}  // namespace seneschal::firmware
