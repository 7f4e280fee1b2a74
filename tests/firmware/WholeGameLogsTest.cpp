// Every whole-game script's event log, exported, is the one kept in tests/data/scripts/logs/: a
// change to the rules' plumbing (the toolkit, a module's flow, the session) that should change no
// game shows here at the first event it changes. A change meant to change a game writes the new
// logs with SENESCHAL_WRITE_GAME_LOGS=1 and shows them in its diff.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace {

using seneschal::test::run_command;

struct WholeGame {
  const char* script;
  const char* answers;  // "" none
};

std::string cli() { return "'" SENESCHAL_CLI_PATH "' --assets '" SENESCHAL_SOURCE_DIR "/assets' "; }

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The first line where two logs part, for a message a person can act on.
std::string first_difference(const std::string& kept, const std::string& now) {
  std::istringstream a(kept), b(now);
  std::string left, right;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, left));
    const bool more_b = static_cast<bool>(std::getline(b, right));
    if (!more_a && !more_b) return "none";
    if (!more_a || !more_b || left != right) {
      return "line " + std::to_string(line) + "\n  kept: " + (more_a ? left : "(end)") + "\n  now:  " +
             (more_b ? right : "(end)");
    }
  }
}

class WholeGameLogsTest : public ::testing::TestWithParam<WholeGame> {};

TEST_P(WholeGameLogsTest, TheExportedLogIsTheOneKept) {
  seneschal::test::TempDir dir;
  const std::string scripts = SENESCHAL_SOURCE_DIR "/tests/data/scripts/";
  const std::string db = dir.file("game.sqlite");
  std::string play = cli() + "play --script '" + scripts + GetParam().script + "' --db '" + db + "'";
  if (*GetParam().answers) play += std::string(" --answers '") + scripts + GetParam().answers + "'";
  const auto played = run_command(play);
  ASSERT_EQ(played.exit_code, 0) << played.output;
  // stdout alone: the export's lines, not a warning on stderr.
  const auto exported = run_command("(" + cli() + "export --db '" + db + "' 2>/dev/null)");
  ASSERT_EQ(exported.exit_code, 0) << exported.output;
  const std::string kept_path = scripts + "logs/" + GetParam().script + ".jsonl";
  if (const char* write = std::getenv("SENESCHAL_WRITE_GAME_LOGS"); write && std::string(write) == "1") {
    std::ofstream(kept_path) << exported.output;
    GTEST_SKIP() << "wrote " << kept_path;
  }
  const std::string kept = read_file(kept_path);
  ASSERT_FALSE(kept.empty()) << kept_path << " is missing: SENESCHAL_WRITE_GAME_LOGS=1 writes it";
  EXPECT_TRUE(kept == exported.output) << GetParam().script << " logs another game than the one kept, from "
                                       << first_difference(kept, exported.output);
}

INSTANTIATE_TEST_SUITE_P(
    Scripts, WholeGameLogsTest,
    ::testing::Values(WholeGame{"example-of-play.r9e", ""}, WholeGame{"whole-game.ck", ""},
                      WholeGame{"whole-match.nine", ""},
                      WholeGame{"whole-game.oa", "whole-game-oa/card-answers.json"}),
    [](const ::testing::TestParamInfo<WholeGame>& param) {
      std::string name = param.param.script;
      for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

}  // namespace
