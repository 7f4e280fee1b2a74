// `seneschal watch-token` as the one who set the device up runs it: the token made once and kept,
// the links when the config serves the page, a new token on --rotate, and the code for a phone.

#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "common/CliTest.hpp"
#include "common/RunCommand.hpp"

namespace {

using seneschal::test::run_command;

class WatchTokenCliTest : public seneschal::test::CliTest {
 protected:
  std::string token_in(const std::string& output) {
    std::smatch match;
    static const std::regex token("token:   ([a-z2-7]{32})");
    return std::regex_search(output, match, token) ? match[1].str() : std::string();
  }
};

TEST_F(WatchTokenCliTest, MakesTheTokenOnceAndSaysThePageIsOffWithoutAnAddress) {
  const std::string config = write("seneschal.toml", "[game]\nname = \"r9e\"\n");
  const auto first = run_command(cli("watch-token --config '" + config + "' --state-dir '" + dir_.file("state") + "'"));
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const std::string token = token_in(first.output);
  EXPECT_FALSE(token.empty()) << first.output;
  EXPECT_NE(first.output.find("The watch page is off"), std::string::npos) << first.output;
  const auto again = run_command(cli("watch-token --config '" + config + "' --state-dir '" + dir_.file("state") + "'"));
  EXPECT_EQ(token_in(again.output), token);
}

TEST_F(WatchTokenCliTest, GivesThePageAndOverlayLinksAndACodeAndRotates) {
  const std::string config = write("seneschal.toml", "[watch]\nlisten = \"127.0.0.1:8080\"\n");
  const std::string args = "watch-token --config '" + config + "' --state-dir '" + dir_.file("state") + "'";
  const auto shown = run_command(cli(args + " --qr"));
  ASSERT_EQ(shown.exit_code, 0) << shown.output;
  const std::string token = token_in(shown.output);
  EXPECT_NE(shown.output.find("page:    http://127.0.0.1:8080/?token=" + token), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find("overlay: http://127.0.0.1:8080/overlay?token=" + token), std::string::npos);
  EXPECT_NE(shown.output.find("\u2588"), std::string::npos) << "no code drawn";
  const auto rotated = run_command(cli(args + " --rotate"));
  ASSERT_EQ(rotated.exit_code, 0) << rotated.output;
  EXPECT_NE(token_in(rotated.output), token);
  EXPECT_FALSE(token_in(rotated.output).empty());
}

TEST_F(WatchTokenCliTest, ASpoiledTokenFileIsNamedNotReplaced) {
  std::filesystem::create_directories(dir_.file("state"));
  std::ofstream(dir_.file("state/watch-token")) << "not a token\n";
  const auto said = run_command(cli("watch-token --config '" + write("c.toml", "") + "' --state-dir '" +
                                    dir_.file("state") + "'"));
  EXPECT_NE(said.exit_code, 0);
  EXPECT_NE(said.output.find("watch-token"), std::string::npos) << said.output;
}

}  // namespace
