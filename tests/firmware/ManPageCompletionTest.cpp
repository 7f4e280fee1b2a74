// The man pages written at build time from each program's --help, and the bash completion that
// reads --help at each TAB: both say what the built programs take.

#include <gtest/gtest.h>

#include <filesystem>

#include "common/RunCommand.hpp"

namespace {

namespace fs = std::filesystem;
using seneschal::test::run_command;

std::string man_text(const std::string& page) {
  // man renders the page as a reader sees it (no pager, no terminal width surprises).
  return run_command("MANWIDTH=200 man -l '" + page + "' 2>/dev/null | col -b").output;
}

TEST(ManPageTest, EachProgramHasAPageWithItsSubCommandsExitCodesAndInstalledDefaults) {
  const std::string dir = SENESCHAL_MAN_DIR;
  if (!fs::exists(dir + "/seneschal.1.gz")) GTEST_SKIP() << "built without help2man (.ci/install-deps.sh installs it)";
  const std::string cli = man_text(dir + "/seneschal.1.gz");
  for (const char* said : {"seneschal - tools for the Seneschal table companion", "seneschal cards", "--check-deck",
                           "seneschal record", "--wait-s", "seneschal review", "--at", "EXIT STATUS", "a usage error", "JOURNAL_STREAM",
                           "/usr/share/seneschal"}) {
    EXPECT_NE(cli.find(said), std::string::npos) << said << " missing from\n" << cli;
  }
  EXPECT_EQ(cli.find(SENESCHAL_SOURCE_DIR), std::string::npos) << "the build tree's folders in the page";
  const std::string daemon = man_text(dir + "/seneschald.1.gz");
  for (const char* said : {"seneschald - the daemon of the Seneschal table companion", "--headless", "--timer-preset",
                           "EXIT STATUS", "another daemon holds the state folder"}) {
    EXPECT_NE(daemon.find(said), std::string::npos) << said << " missing from\n" << daemon;
  }
}

// COMP_WORDS as bash fills them on TAB, with the program's full path as the word typed.
std::string complete(const std::string& words, int cword) {
  return run_command("bash -c 'source \"" SENESCHAL_SOURCE_DIR "/firmware/completion/seneschal.bash\"; COMP_WORDS=(" +
                     words + "); COMP_CWORD=" + std::to_string(cword) + "; _seneschal; echo \"${COMPREPLY[*]}\"'")
      .output;
}

TEST(BashCompletionTest, CompletesSubCommandsAndTheirOptionsFromTheProgramsOwnHelp) {
  EXPECT_EQ(complete("\"" SENESCHAL_CLI_PATH "\" ca", 1), "cards calibrate\n");
  EXPECT_EQ(complete("\"" SENESCHAL_CLI_PATH "\" cards --", 2), "--help --game --check-deck --state-dir\n");
  EXPECT_EQ(complete("\"" SENESCHAL_CLI_PATH "\" bench \"\"", 2), "vision table friction pi\n");
  EXPECT_EQ(complete("\"" SENESCHAL_CLI_PATH "\" rev", 1), "review\n");
  EXPECT_EQ(complete("\"" SENESCHAL_CLI_PATH "\" review --", 2), "--help --db --size --out --at --answers --language\n");
  EXPECT_EQ(complete("\"" SENESCHAL_CLI_PATH "\" bench vision --re", 3), "--repeat\n");
  EXPECT_EQ(complete("\"" SENESCHALD_PATH "\" --new", 1), "--new-game\n");
  // After an option that takes a value: the files there.
  EXPECT_EQ(complete("\"" SENESCHAL_CLI_PATH "\" --assets \"" SENESCHAL_SOURCE_DIR "/assets/con\"", 2),
            SENESCHAL_SOURCE_DIR "/assets/config\n");
}

}  // namespace
