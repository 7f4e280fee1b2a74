// Each game's story afterwards, through the programs a group would run: `seneschal stats` over a
// state folder of ten real games (the whole-game scripts played into seneschal.sqlite and the
// kept seneschal-<n>.sqlite), `export --csv` of a finished game, and a script's seat clocks
// checked by hand against the script's own times.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace {

using seneschal::test::run_command;

std::string cli() { return "'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' "; }
const std::string kScripts = SENESCHAL_SOURCE_DIR "/tests/data/scripts/";

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Plays a whole-game script into `db`; the Osten Ard game needs its table's answers.
void play(const std::string& script, const std::string& db) {
  std::string command = cli() + "play --script '" + kScripts + script + "' --db '" + db + "'";
  if (script == "whole-game.oa") command += " --answers '" + kScripts + "whole-game-oa/card-answers.json'";
  const auto played = run_command(command + " >/dev/null");
  ASSERT_EQ(played.exit_code, 0) << script << ": " << played.output;
}

// "Winner: Ann wins a ..." from the game's own readable record.
std::string winner_line(const std::string& db) {
  const auto text = run_command("(" + cli() + "export --text --db '" + db + "' 2>/dev/null)");
  const auto at = text.output.find("Winner: ");
  return at == std::string::npos ? "" : text.output.substr(at, text.output.find('\n', at) - at);
}

TEST(StatsCliTest, TenGamesInAFolderAddUpPerPlayerAndPerGame) {
  seneschal::test::TempDir dir;
  const std::vector<std::string> scripts = {"whole-game.ck", "example-of-play.r9e", "whole-match.nine", "whole-game.oa",
                                            "whole-game.ck", "example-of-play.r9e", "whole-match.nine", "whole-game.oa",
                                            "whole-game.ck", "whole-match.nine"};
  std::map<std::string, int> played_by;  // seat name -> games, from each game's own record
  int finished = 0;
  for (std::size_t i = 0; i < scripts.size(); ++i) {
    // The game being played is seneschal.sqlite; the nine before it were kept by --new-game.
    const std::string db = dir.file(i + 1 == scripts.size() ? "seneschal.sqlite" : "seneschal-" + std::to_string(i + 1) + ".sqlite");
    play(scripts[i], db);
    const auto record = run_command("(" + cli() + "export --text --db '" + db + "' 2>/dev/null)").output;
    std::istringstream lines(record);
    std::string line;
    while (std::getline(lines, line)) {
      // "  1. Mark (Malchior): ..." under "Seats (clockwise):"
      if (line.size() > 5 && line.rfind("  ", 0) == 0 && std::isdigit(static_cast<unsigned char>(line[2])) && line[3] == '.') {
        const std::string rest = line.substr(5);
        played_by[rest.substr(0, rest.find_first_of(" :"))]++;
      }
    }
    if (winner_line(db).find("none yet") == std::string::npos) ++finished;
  }
  // A log set aside as damaged is no game of the folder's; a garbage "kept" log is left out, named.
  std::ofstream(dir.file("seneschal-damaged-1.sqlite")) << "not a log";

  const auto stats = run_command(cli() + "stats --state-dir '" + dir.path().string() + "' --json 2>/dev/null");
  ASSERT_EQ(stats.exit_code, 0) << stats.output;
  const auto json = nlohmann::json::parse(stats.output);
  ASSERT_EQ(json["games"].size(), 10u);
  int finished_in_stats = 0;
  for (const auto& game : json["games"]) {
    finished_in_stats += game["winners"].empty() ? 0 : 1;
    EXPECT_GT(game["turns"].get<int>(), 0) << game.dump();
    EXPECT_GT(game["length_ms"].get<std::int64_t>(), 0) << game.dump();
    // Each game's winners are the ones its own record names.
    const std::string winner = winner_line(dir.file(game["file"].get<std::string>()));
    for (const auto& name : game["winners"]) EXPECT_NE(winner.find(name.get<std::string>()), std::string::npos) << winner;
  }
  EXPECT_EQ(finished_in_stats, finished);
  ASSERT_EQ(json["players"].size(), played_by.size());
  for (const auto& player : json["players"]) {
    EXPECT_EQ(player["games"].get<int>(), played_by[player["name"].get<std::string>()]) << player.dump();
    EXPECT_GT(player["per_turn_ms"].get<std::int64_t>(), 0) << "a script's moves take a second each: " << player.dump();
  }

  // The same as text, for people; the games oldest first.
  const auto text = run_command(cli() + "stats --state-dir '" + dir.path().string() + "'");
  EXPECT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find("Players\n  name"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("seneschal-1.sqlite: Cutthroat Kingdoms"), std::string::npos) << text.output;

  std::ofstream(dir.file("seneschal-11.sqlite")) << "garbage where a kept game was";
  const auto damaged = run_command(cli() + "stats --state-dir '" + dir.path().string() + "' --json");
  EXPECT_EQ(damaged.exit_code, 65) << "a log left out is said, and the exit says so";
  EXPECT_NE(damaged.output.find("seneschal-11.sqlite"), std::string::npos) << damaged.output;
  EXPECT_NE(damaged.output.find("(left out)"), std::string::npos) << damaged.output;
}

TEST(StatsCliTest, AMissingFolderIsAnErrorNamingIt) {
  const auto r = run_command(cli() + "stats --state-dir /nonexistent/seneschal-state");
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_NE(r.output.find("/nonexistent/seneschal-state: no such state folder"), std::string::npos) << r.output;
}

TEST(ExportCsvCliTest, AFinishedGameHasARowPerTurnPerSeat) {
  seneschal::test::TempDir dir;
  const std::string db = dir.file("game.sqlite");
  play("whole-game.ck", db);
  const auto csv = run_command("(" + cli() + "export --csv --db '" + db + "' 2>/dev/null)");
  ASSERT_EQ(csv.exit_code, 0) << csv.output;
  std::istringstream lines(csv.output);
  std::string header;
  std::getline(lines, header);
  EXPECT_EQ(header.rfind("turn,seat,", 0), 0u) << header;
  EXPECT_NE(header.find(",clock_s,clock_total_s"), std::string::npos) << header;
  const auto commas = std::count(header.begin(), header.end(), ',');
  int rows = 0;
  std::string row;
  while (std::getline(lines, row)) {
    ++rows;
    EXPECT_EQ(std::count(row.begin(), row.end(), ','), commas) << row;
  }
  EXPECT_GT(rows, 4);
  const auto both = run_command(cli() + "export --csv --text --db '" + db + "'");
  EXPECT_EQ(both.exit_code, 64) << both.output;
}

// A script's moves happen a second apart (and `wait` adds its time): the clocks of a short game,
// worked out by hand from the lines below.
TEST(SeatClockScriptTest, TheClocksOfAScriptAreItsOwnTimes) {
  seneschal::test::TempDir dir;
  std::string script = read_file(kScripts + "example-of-play.r9e");
  // The book's game with the clocks shown, stopped in Summer after its first move.
  script.replace(script.find("seat Shawn\n"), 11, "seat Shawn\nclocks shown\n");
  script = script.substr(0, script.find("# --- Summer."));
  // Setup runs no clock, nor does Spring (nothing to decide): its 41 s (wait 40s and the OK's
  // second) are nobody's. From Spring's OK, Summer waits for Mark:
  //   wait 19s + scan-card "Hektor" (a second)                     Mark 20 s
  //   wait 9s + set 6 (Hektor's gold cost, asked of Mark)          Mark 30 s
  script.replace(script.find("press OK       # Spring"), 8, "wait 40s\npress OK");
  script += "wait 19s\nscan-card \"Hektor\"\nwait 9s\nset 6\n";
  std::ofstream(dir.file("clocks.r9e")) << script;
  const auto played = run_command(cli() + "play --allow-refused --script '" + dir.file("clocks.r9e") + "' --state-out '" +
                                  dir.file("state.json") + "'");
  ASSERT_EQ(played.exit_code, 0) << played.output;
  const auto state = nlohmann::json::parse(read_file(dir.file("state.json")));
  const auto& clocks = state.at("clocks");
  EXPECT_EQ(clocks.at("rules").at("shown"), true);
  EXPECT_EQ(clocks.at("total_ms"), nlohmann::json::array({30'000, 0})) << clocks.dump();
}

}  // namespace
