// The config file through the real binaries: `seneschal check-config` and `seneschald --config`.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"

namespace {

namespace fs = std::filesystem;

using seneschal::test::run_command;

const std::string kExample = SENESCHAL_SOURCE_DIR "/assets/config/seneschal.toml";

std::string write(const seneschal::test::TempDir& dir, const std::string& text) {
  const std::string path = dir.file("seneschal.toml");
  std::ofstream(path) << text;
  return path;
}

TEST(ConfigCliTest, CheckConfigSaysOkAndWhatTheShippedExampleConfigures) {
  const auto check = run_command("'" SENESCHAL_CLI_PATH "' check-config '" + kExample + "'");
  EXPECT_EQ(check.exit_code, 0) << check.output;
  EXPECT_NE(check.output.find(kExample + ": ok\n"), std::string::npos) << check.output;
  EXPECT_NE(check.output.find("game r9e for Mark, Shawn (no seat clocks shown); camera the bundled recording at 1920x1080"), std::string::npos)
      << check.output;
}

TEST(ConfigCliTest, CheckConfigGivesTheErrorAndExit78) {
  seneschal::test::TempDir dir;
  const std::string path = write(dir, "[display]\nsize = \"huge\"\n");
  const auto check = run_command("'" SENESCHAL_CLI_PATH "' check-config '" + path + "'");
  EXPECT_EQ(check.exit_code, 78) << check.output;
  EXPECT_NE(check.output.find(path + ":2: display.size = \"huge\": expected WIDTHxHEIGHT, e.g. 800x480"),
            std::string::npos)
      << check.output;
  EXPECT_EQ(check.output.find(": ok"), std::string::npos) << check.output;
}

TEST(ConfigCliTest, CheckConfigOfAMissingFileExits78) {
  const auto check = run_command("'" SENESCHAL_CLI_PATH "' check-config /nonexistent/seneschal.toml");
  EXPECT_EQ(check.exit_code, 78) << check.output;
  EXPECT_NE(check.output.find("/nonexistent/seneschal.toml: cannot open"), std::string::npos) << check.output;
}

TEST(ConfigCliTest, DaemonWithABadConfigExits78BeforeStarting) {
  seneschal::test::TempDir dir;
  const std::string path = write(dir, "[gpio]\ndebounce = 20\n");
  const auto daemon =
      run_command("'" SENESCHALD_PATH "' --config '" + path + "' --state-dir '" + dir.file("state") + "'");
  EXPECT_EQ(daemon.exit_code, 78) << daemon.output;
  EXPECT_NE(daemon.output.find(path + ":2: gpio.debounce: unknown key (did you mean debounce_ms?)"), std::string::npos)
      << daemon.output;
  EXPECT_FALSE(fs::exists(dir.file("state"))) << daemon.output;
}

TEST(ConfigCliTest, DaemonTakesTheConfigAndFlagsOverrideIt) {
  seneschal::test::TempDir dir;
  const std::string path = write(dir, "[camera]\nsource = \"" SENESCHAL_BUNDLED_RECORDING
                                      "\"\n"
                                      "[display]\nmode = \"headless\"\n"
                                      "[paths]\nstate_dir = \"" +
                                          dir.file("from-config") + "\"\n");
  const auto daemon =
      run_command("'" SENESCHALD_PATH "' --config '" + path + "' --state-dir '" + dir.file("from-flag") + "'");
  EXPECT_EQ(daemon.exit_code, 0) << daemon.output;
  EXPECT_TRUE(fs::exists(dir.file("from-flag") + "/seneschal.sqlite")) << daemon.output;
  EXPECT_FALSE(fs::exists(dir.file("from-config"))) << daemon.output;
  // Headless came from the file: no --headless flag was given.
  EXPECT_TRUE(fs::exists(dir.file("from-flag") + "/snapshots/9999-final.png")) << daemon.output;
}

}  // namespace

namespace {

// [7/8] The language of the screen's words: `[display] language` and `--language`. A code the
// device does not speak, or one whose catalog is not installed, stops the start naming where it
// was asked for; nothing is written first.
TEST(ConfigCliTest, ALanguageTheDeviceDoesNotSpeakIsRefusedNamingIt) {
  seneschal::test::TempDir dir;
  const std::string path = write(dir, "[display]\nlanguage = \"pt\"\n");
  const auto from_file =
      run_command("'" SENESCHALD_PATH "' --config '" + path + "' --state-dir '" + dir.file("state") + "'");
  EXPECT_EQ(from_file.exit_code, 78) << from_file.output;
  EXPECT_NE(from_file.output.find(path + ":2: display.language = \"pt\": expected a language the device speaks: en, de, "
                                         "fr, es, or \"\" for the locale's"),
            std::string::npos)
      << from_file.output;
  EXPECT_FALSE(fs::exists(dir.file("state"))) << from_file.output;

  const auto from_flag = run_command("'" SENESCHALD_PATH "' --headless --language pt --state-dir '" + dir.file("state") + "'");
  EXPECT_EQ(from_flag.exit_code, 64) << from_flag.output;
  EXPECT_NE(from_flag.output.find("--language: language \"pt\" is not one the device speaks (en, de, fr, es)"),
            std::string::npos)
      << from_flag.output;
  EXPECT_FALSE(fs::exists(dir.file("state"))) << from_flag.output;

  // A language it speaks, but whose catalog is not where the catalogs are looked for.
  const auto no_catalog = run_command("SENESCHAL_LOCALE_DIR='" + dir.path().string() + "' '" SENESCHALD_PATH
                                      "' --headless --language de --state-dir '" + dir.file("state") + "'");
  EXPECT_EQ(no_catalog.exit_code, 64) << no_catalog.output;
  EXPECT_NE(no_catalog.output.find("--language: no de catalog"), std::string::npos) << no_catalog.output;
  EXPECT_FALSE(fs::exists(dir.file("state"))) << no_catalog.output;

  for (const char* command : {"play --script x.table", "review --db x.sqlite", "export --text --db x.sqlite"}) {
    const auto refused = run_command("'" SENESCHAL_CLI_PATH "' " + std::string(command) + " --language pt");
    EXPECT_EQ(refused.exit_code, 64) << command << "\n" << refused.output;
    EXPECT_NE(refused.output.find("--language: language \"pt\" is not one the device speaks"), std::string::npos)
        << command << "\n" << refused.output;
  }
}

TEST(ConfigCliTest, CheckConfigNamesTheLanguage) {
  seneschal::test::TempDir dir;
  const auto check = run_command("'" SENESCHAL_CLI_PATH "' check-config '" + write(dir, "[display]\nlanguage = \"de\"\n") + "'");
  EXPECT_EQ(check.exit_code, 0) << check.output;
  EXPECT_NE(check.output.find("; language de"), std::string::npos) << check.output;
}

}  // namespace
