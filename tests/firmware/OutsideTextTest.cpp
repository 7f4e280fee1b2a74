// Codes and names are text, not control: what a printed code or a typed name holds is shown
// escaped (firmware/base/printable.hpp), and a name that is not UTF-8 is refused with its byte, by
// the binaries as a person meets them.

#include "seneschal/firmware/base/printable.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "common/RunCommand.hpp"
#include "common/TempDir.hpp"
#include "firmware/QrFrames.hpp"

namespace seneschal::firmware {
namespace {

using test::run_command;

TEST(PrintableTest, ControlCharactersAreEscapedVisibly) {
  EXPECT_EQ(printable("S1:R9E:HEKTOR:1"), "S1:R9E:HEKTOR:1");
  EXPECT_EQ(printable("S1:x\nPRIORITY=3 forged"), "S1:x\\nPRIORITY=3 forged");
  EXPECT_EQ(printable("a\r\tb"), "a\\r\\tb");
  EXPECT_EQ(printable("\x1b[31mred"), "\\x1b[31mred");
  EXPECT_EQ(printable(std::string("before\0after", 12)), "before\\0after") << "a NUL cuts nothing off";
  EXPECT_EQ(printable("del\x7f"), "del\\x7f");
  EXPECT_EQ(printable("c1\xc2\x85"), "c1\\u0085");
  EXPECT_EQ(printable("bidi\xe2\x80\xae"), "bidi\\u202e");
  EXPECT_EQ(printable("back\\slash"), "back\\\\slash") << "an escape in the text cannot pass for ours";
  EXPECT_EQ(printable("Th\xc3\xa9oden \xe2\x80\x94 ok"), "Th\xc3\xa9oden \xe2\x80\x94 ok") << "UTF-8 text stays";
}

TEST(PrintableTest, BytesThatAreNotUtf8AreEscaped) {
  EXPECT_EQ(printable("Ma\xffrk"), "Ma\\xffrk");
  EXPECT_EQ(printable("\xc3"), "\\xc3") << "a sequence cut short";
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf") << "an overlong slash";
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80") << "a surrogate";
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80") << "past U+10FFFF";
}

TEST(PrintableTest, LongTextIsCutAndSaysItsLength) {
  const std::string long_text(300, 'A');
  EXPECT_EQ(printable(long_text), std::string(120, 'A') + "... (300 bytes)");
  EXPECT_EQ(printable(long_text, 10), "AAAAAAAAAA... (300 bytes)");
  EXPECT_EQ(printable("AAAAAAAAA\n", 10), "AAAAAAAAA... (10 bytes)") << "an escape is never cut in half";
  EXPECT_EQ(printable(std::string(120, 'A')), std::string(120, 'A')) << "exactly the limit is not cut";
}

TEST(PrintableTest, OneLineKeepsBackslashesAndCutsNothing) {
  EXPECT_EQ(one_line("a\\b\n<3>c"), "a\\b\\n<3>c");
  EXPECT_EQ(one_line(std::string(500, 'x')).size(), 500u);
}

TEST(PrintableTest, NameProblemsNameTheByte) {
  EXPECT_FALSE(name_problem("Mark").has_value());
  EXPECT_FALSE(name_problem("Th\xc3\xa9oden").has_value());
  EXPECT_EQ(name_problem("Ma\xffrk").value_or(""), "not UTF-8 at byte 3 (0xFF)");
  EXPECT_EQ(name_problem("Ma\nrk").value_or(""), "a control character at byte 3 (0x0A)");
  EXPECT_EQ(name_problem("Ma\xc2\x9brk").value_or(""), "a control character at byte 3 (U+009B)");
}

std::string raw_lines_with(const std::string& output, const std::string& needle) {
  std::string found;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.find(needle) != std::string::npos) found += line + "\n";
  }
  return found;
}

// A code whose payload starts like ours and carries a newline with a journal priority after it,
// and a terminal escape: the daemon's journal line and the replay's line stay one line each.
TEST(OutsideTextTest, AForgedPayloadIsLoggedOnOneLineEscaped) {
  test::TempDir dir;
  const std::string payload = "S1:X\n<3>forged \x1b[31mred";
  test::write_qr_frames(dir.path() / "frames", payload);

  const auto daemon = run_command("'" SENESCHALD_PATH "' --headless --buttons none --source '" + dir.file("frames") +
                                  "' --state-dir '" + dir.file("state") + "' --snapshot-dir '" + dir.file("shots") +
                                  "'");
  EXPECT_EQ(daemon.exit_code, 0) << daemon.output;
  EXPECT_NE(daemon.output.find("S1:X\\n<3>forged \\x1b[31mred"), std::string::npos) << daemon.output;
  EXPECT_EQ(daemon.output.find('\x1b'), std::string::npos) << daemon.output;
  // Every line that says "forged" is the one that says the code: none starts a line of its own.
  const std::string forged = raw_lines_with(daemon.output, "forged");
  EXPECT_FALSE(forged.empty()) << daemon.output;
  EXPECT_EQ(forged.find("\n<3>forged"), std::string::npos) << forged;
  EXPECT_NE(forged.rfind("<3>forged", 0), 0u) << forged;

  const auto replay = run_command("'" SENESCHAL_CLI_PATH "' replay '" + dir.file("frames") + "'");
  EXPECT_EQ(replay.exit_code, 0) << replay.output;
  EXPECT_EQ(replay.output.find('\x1b'), std::string::npos) << replay.output;
  EXPECT_NE(replay.output.find("S1:X\\n<3>forged \\x1b[31mred (unknown)"), std::string::npos) << replay.output;
  for (std::string line : {std::string("<3>forged"), std::string("forged")}) {
    EXPECT_EQ(replay.output.find("\n" + line), std::string::npos) << replay.output;
  }
  const auto json = run_command("'" SENESCHAL_CLI_PATH "' replay --json '" + dir.file("frames") + "'");
  EXPECT_EQ(json.exit_code, 0) << json.output;
  EXPECT_NE(json.output.find(R"("payload":"S1:X\n<3>forged \u001b[31mred")"), std::string::npos) << json.output;
}

// printf in the shell makes the byte 0xFF: "Ma\xffrk".
const std::string kBadName = "\"$(printf 'Ma\\377rk')\"";

TEST(OutsideTextTest, ASeatNameThatIsNotUtf8IsAUsageErrorOfSeneschald) {
  test::TempDir dir;
  const auto run = run_command("'" SENESCHALD_PATH "' --headless --buttons none --state-dir '" + dir.file("state") +
                               "' --seat " + kBadName + " --seat Shawn");
  EXPECT_EQ(run.exit_code, 64) << "a usage error, not an abort: " << run.output;
  EXPECT_NE(run.output.find("--seat \"Ma\\xffrk\": not UTF-8 at byte 3 (0xFF)"), std::string::npos) << run.output;
  const auto control = run_command("'" SENESCHALD_PATH "' --headless --buttons none --state-dir '" + dir.file("state") +
                                   "' --seat \"$(printf 'Ma\\033rk')\"");
  EXPECT_EQ(control.exit_code, 64) << control.output;
  EXPECT_NE(control.output.find("--seat \"Ma\\x1brk\": a control character at byte 3 (0x1B)"), std::string::npos)
      << control.output;
}

TEST(OutsideTextTest, ASeatLineThatIsNotUtf8IsALineNumberedScriptError) {
  test::TempDir dir;
  // seneschal play has no --seat: a script names its seats with seat lines. The name once went
  // into the game and the state JSON, whose writer then aborted the program.
  std::ofstream(dir.file("bad.r9e"), std::ios::binary) << "game r9e\nseat Ma\xffrk\nseat Shawn\npress PASS\n";
  const auto bad = run_command("'" SENESCHAL_CLI_PATH "' play --allow-refused --script '" + dir.file("bad.r9e") +
                               "' --state-out '" + dir.file("state.json") + "'");
  EXPECT_EQ(bad.exit_code, 65) << "a script error, not an abort: " << bad.output;
  EXPECT_NE(bad.output.find("bad.r9e:2: seat Ma\\xffrk: not UTF-8 at byte 8 (0xFF)"), std::string::npos) << bad.output;

  std::ofstream(dir.file("control.r9e"), std::ios::binary) << "game r9e\nseat \"Ma\x01rk\"\nseat Shawn\n";
  const auto control = run_command("'" SENESCHAL_CLI_PATH "' play --script '" + dir.file("control.r9e") + "'");
  EXPECT_EQ(control.exit_code, 65) << control.output;
  EXPECT_NE(control.output.find("control.r9e:2: "), std::string::npos) << control.output;
  EXPECT_NE(control.output.find("the seat name has a control character at byte 3 (0x01)"), std::string::npos)
      << control.output;
}

}  // namespace
}  // namespace seneschal::firmware
