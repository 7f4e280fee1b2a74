#include <gtest/gtest.h>

#include "common/RunCommand.hpp"

#include <fstream>
#include <sstream>
#include <string>

namespace {

using seneschal::test::run_command;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// verify exits 0 even on unknown keys and misspelt sections, so any output at all fails.
TEST(UnitFileTest, VerifiesWithoutAnyWarning) {
  const auto verify = run_command("systemd-analyze verify '" SENESCHAL_BUILD_TREE_UNIT "'");
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
  EXPECT_EQ(verify.output, "");
}

TEST(UnitFileTest, VerifyCatchesAMisspeltKey) {
  // The check above is only worth something if verify speaks up about a bad unit.
  const std::string bad_path = ::testing::TempDir() + "/seneschal.service";
  std::string unit = read(SENESCHAL_BUILD_TREE_UNIT);
  const auto at = unit.find("Restart=");
  ASSERT_NE(at, std::string::npos);
  unit.replace(at, 8, "Restrat=");
  std::ofstream(bad_path) << unit;
  const auto verify = run_command("systemd-analyze verify '" + bad_path + "'");
  EXPECT_NE(verify.output.find("Restrat"), std::string::npos) << verify.output;
}

TEST(UnitFileTest, InstalledUnitStartsTheInstalledDaemonAsItsOwnUser) {
  const std::string unit = read(SENESCHAL_INSTALLED_UNIT);
  EXPECT_NE(unit.find("Type=notify"), std::string::npos);
  EXPECT_NE(unit.find("ExecStart=/"), std::string::npos);
  EXPECT_NE(unit.find("/seneschald"), std::string::npos);
  EXPECT_NE(unit.find("User=seneschal"), std::string::npos);
  EXPECT_NE(unit.find("StateDirectory=seneschal"), std::string::npos);
  EXPECT_EQ(unit.find("@"), std::string::npos) << "an unsubstituted @VARIABLE@";
}

}  // namespace
