// `--version` on both programs: the project's version and the commit they were built from (a
// source tree outside git says "unknown"; uncommitted changes "-dirty"), exit 0, nothing else.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "common/RunCommand.hpp"

namespace seneschal::firmware {
namespace {

using seneschal::test::run_command;

const std::regex kVersionLine(R"((seneschald?) \d+\.\d+\.\d+ \(commit ([0-9a-f]{7,40}(-dirty)?|unknown)\)\n)");

// The program's `--version`: exit 0 and one line naming `program`.
void says_version(const std::string& path, const std::string& program) {
  const auto run = run_command("'" + path + "' --version");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  std::smatch m;
  ASSERT_TRUE(std::regex_match(run.output, m, kVersionLine)) << run.output;
  EXPECT_EQ(m[1], program);
}

TEST(VersionTest, TheToolsSayTheirVersionAndCommit) { says_version(SENESCHAL_CLI_PATH, "seneschal"); }

TEST(VersionTest, TheDaemonSaysItsVersionAndCommitWithoutStarting) { says_version(SENESCHALD_PATH, "seneschald"); }

}  // namespace
}  // namespace seneschal::firmware
