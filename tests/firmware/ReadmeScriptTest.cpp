// The README's first script is a promise to a new user: saved as printed and run with the command
// printed beside it, it plays to its end. Both are read from README.md itself, so the README
// cannot drift from what the program does.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace {

std::string readme() {
  std::ifstream in(SENESCHAL_SOURCE_DIR "/README.md");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The fenced block after the paragraph that starts with `marker`.
std::string block_after(const std::string& text, const std::string& marker) {
  const std::size_t at = text.find(marker);
  if (at == std::string::npos) return {};
  const std::size_t open = text.find("```\n", at);
  if (open == std::string::npos) return {};
  const std::size_t close = text.find("```\n", open + 4);
  if (close == std::string::npos) return {};
  return text.substr(open + 4, close - open - 4);
}

TEST(ReadmeScriptTest, TheFirstScriptRunsAsPrintedWithTheAnswersItNames) {
  const std::string text = readme();
  const std::string marker = "A first script, complete";
  const std::string script = block_after(text, marker);
  ASSERT_FALSE(script.empty()) << "README.md has no script block after \"" << marker << "\"";
  const std::string answers = "assets/recordings/first-game/card-answers.json";
  const std::size_t paragraph = text.find(marker);
  ASSERT_NE(text.find("--answers " + answers, paragraph), std::string::npos)
      << "the README's command names another answers file";

  seneschal::test::TempDir dir;
  {
    std::ofstream out(dir.file("first.r9e"));
    out << script;
  }
  const auto run = seneschal::test::run_command("cd '" SENESCHAL_SOURCE_DIR "' && '" SENESCHAL_CLI_PATH
                               "' --assets assets play --script '" + dir.file("first.r9e") + "' --answers " + answers +
                               " --log-text 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Mark brings Hektor into play"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("told at the table"), std::string::npos) << "the answers file left a value to ask";
}

}  // namespace
