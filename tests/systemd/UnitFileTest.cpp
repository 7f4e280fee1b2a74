#include <gtest/gtest.h>

#include "common/RunCommand.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
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

TEST(UnitFileTest, KioskUnitVerifiesWithoutAnyWarning) {
  const auto verify = run_command("systemd-analyze verify '" SENESCHAL_BUILD_TREE_KIOSK_UNIT "'");
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
  EXPECT_EQ(verify.output, "") << "(cage missing? .ci/install-deps.sh installs it)";
}

// systemd's own 0 (locked down) to 10 (exposed) score. The limits are the scores measured when the
// units were written, rounded up: a loosened setting shows here before it reaches a device.
double exposure(const std::string& unit) {
  const auto security = run_command("systemd-analyze security --offline=true '" + unit + "'");
  EXPECT_EQ(security.exit_code, 0) << security.output;
  std::smatch match;
  static const std::regex overall("Overall exposure level for [^:]+: ([0-9.]+)");
  if (!std::regex_search(security.output, match, overall)) {
    ADD_FAILURE() << "no overall exposure level in:\n" << security.output;
    return 10;
  }
  std::cout << "[ security ] " << unit << ": exposure " << match[1] << "\n";
  return std::stod(match[1]);
}

TEST(UnitFileTest, ExposureScoreStaysWhereItWasMeasured) { EXPECT_LE(exposure(SENESCHAL_BUILD_TREE_UNIT), 0.6); }

// The unit as a device with the watch page on runs it: its drop-in beside it, as systemd reads
// drop-ins from <unit>.d/. Still no warning, and the score stays under 2 (1.4 when written).
std::string unit_with_watch_dropin() {
  const std::string dir = ::testing::TempDir() + "/watch-unit";
  std::filesystem::create_directories(dir + "/seneschal.service.d");
  std::filesystem::copy_file(SENESCHAL_BUILD_TREE_UNIT, dir + "/seneschal.service",
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(SENESCHAL_WATCH_DROPIN, dir + "/seneschal.service.d/watch.conf",
                             std::filesystem::copy_options::overwrite_existing);
  return dir + "/seneschal.service";
}

TEST(UnitFileTest, WatchDropInVerifiesAndKeepsTheScoreUnderTwo) {
  const std::string unit = unit_with_watch_dropin();
  const auto verify = run_command("systemd-analyze verify '" + unit + "'");
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
  EXPECT_EQ(verify.output, "");
  const auto security = run_command("systemd-analyze security --offline=true '" + unit + "'");
  // The drop-in is read: the network is the one thing it opens.
  EXPECT_NE(security.output.find("Service has access to the host's network"), std::string::npos) << security.output;
  EXPECT_LT(exposure(unit), 2.0);
}

TEST(UnitFileTest, WithoutTheDropInTheDaemonHasNoNetwork) {
  const std::string unit = read(SENESCHAL_INSTALLED_UNIT);
  EXPECT_NE(unit.find("\nPrivateNetwork=yes\n"), std::string::npos);
  EXPECT_NE(unit.find("\nRestrictAddressFamilies=AF_UNIX\n"), std::string::npos);
  EXPECT_NE(unit.find("\nIPAddressDeny=any\n"), std::string::npos);
}

TEST(UnitFileTest, KioskExposureScoreStaysWhereItWasMeasured) {
  EXPECT_LE(exposure(SENESCHAL_BUILD_TREE_KIOSK_UNIT), 1.6);
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
  EXPECT_FALSE(std::regex_search(unit, std::regex("@[A-Z_]+@"))) << "an unsubstituted @VARIABLE@";
}

TEST(UnitFileTest, InstalledUnitPingsTheWatchdogAndIsLockedDown) {
  const std::string unit = read(SENESCHAL_INSTALLED_UNIT);
  for (const char* line : {"WatchdogSec=", "Restart=on-failure", "SupplementaryGroups=video render gpio input",
                           "ConfigurationDirectory=seneschal", "DevicePolicy=closed", "PrivateNetwork=yes",
                           "RestrictAddressFamilies=AF_UNIX\n", "CapabilityBoundingSet=\n",
                           "SystemCallFilter=@system-service", "UMask=0077"}) {
    EXPECT_NE(unit.find(line), std::string::npos) << line;
  }
  // llvmpipe needs W+X memory (the comment in the unit says where).
  EXPECT_EQ(unit.find("\nMemoryDenyWriteExecute=yes"), std::string::npos);
}

TEST(UnitFileTest, InstalledKioskUnitRunsTheDaemonUnderCageOnTty1) {
  const std::string unit = read(SENESCHAL_INSTALLED_KIOSK_UNIT);
  EXPECT_NE(unit.find("ExecStart=/usr/bin/cage -- /usr/bin/env -u WATCHDOG_PID /"), std::string::npos) << unit;
  EXPECT_NE(unit.find("/seneschald\n"), std::string::npos);
  EXPECT_NE(unit.find("TTYPath=/dev/tty1"), std::string::npos);
  EXPECT_NE(unit.find("NotifyAccess=all"), std::string::npos);
  EXPECT_FALSE(std::regex_search(unit, std::regex("@[A-Z_]+@"))) << "an unsubstituted @VARIABLE@";
}

// The shell scripts run as root on a device; at least they must parse.
TEST(UnitFileTest, InstallScriptsParse) {
  for (const char* script : {"systemd/install-kiosk.sh", "packaging/debian/postinst", "packaging/debian/prerm",
                             "packaging/debian/postrm"}) {
    const auto check = run_command(std::string("sh -n '" SENESCHAL_SOURCE_DIR "/") + script + "'");
    EXPECT_EQ(check.exit_code, 0) << script << ": " << check.output;
  }
}

}  // namespace
