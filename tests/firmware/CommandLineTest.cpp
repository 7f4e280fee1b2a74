// The command line as a shell script sees it: usage errors exit 64 with what to do, bad files 65,
// every typo of a deck list in one run, plain words on a terminal and <N> prefixes only for the
// journal (README.md, "Exit codes").

#include <gtest/gtest.h>

#include <filesystem>

#include "common/CliTest.hpp"
#include "common/RunCommand.hpp"

namespace seneschal::test {
namespace {

namespace fs = std::filesystem;

class CommandLineTest : public CliTest {};

TEST_F(CommandLineTest, AnUnknownSubCommandIsNamedWithTheOnesThereAre) {
  const auto run = run_command(cli("replya frames/"));
  EXPECT_EQ(run.exit_code, 64) << run.output;
  EXPECT_NE(run.output.find("\"replya\" is no sub-command; the sub-commands are: replay, synth, games, cards"),
            std::string::npos)
      << run.output;
  const auto none = run_command(cli(""));
  EXPECT_EQ(none.exit_code, 64) << none.output;
  EXPECT_NE(none.output.find("a sub-command is needed: replay, synth"), std::string::npos) << none.output;
}

TEST_F(CommandLineTest, EveryUsageErrorExits64NotCli11sOwnCodes) {
  // CLI11 alone ends these with 109 (an unknown flag), 106 (a bad value), 114 (a missing option).
  for (const std::string args : {"games --bogus", "play --step-ms lots --script x", "export", "cards --game r9",
                                 "tags --deck d.txt --out x.pdf", "bench vision --frames 0"}) {
    const auto run = run_command(cli(args));
    EXPECT_EQ(run.exit_code, 64) << args << "\n" << run.output;
    EXPECT_NE(run.output.find("error: "), std::string::npos) << args << "\n" << run.output;
  }
  const auto daemon = run_command("'" SENESCHALD_PATH "' --bogus");
  EXPECT_EQ(daemon.exit_code, 64) << daemon.output;
  EXPECT_NE(daemon.output.find("seneschald --help lists the options"), std::string::npos) << daemon.output;
  const auto missing = run_command(cli("tags --deck d.txt --out x.pdf"));
  EXPECT_NE(missing.output.find("--game is needed"), std::string::npos) << missing.output;
  const auto typo = run_command(cli("cards --game r9"));
  EXPECT_NE(typo.output.find("--game r9: no card data for it (did you mean r9e?)"), std::string::npos) << typo.output;
}

TEST_F(CommandLineTest, AMistypedOptionIsNamedWithTheNearestRatherThanWhatIsMissing) {
  const auto run = run_command(cli("play --scirpt game.r9e"));
  EXPECT_EQ(run.exit_code, 64) << run.output;
  EXPECT_NE(run.output.find("seneschal play: --scirpt is no option (did you mean --script?)"), std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("is required"), std::string::npos) << run.output;
  const auto daemon = run_command("'" SENESCHALD_PATH "' --gmae r9e");
  EXPECT_EQ(daemon.exit_code, 64) << daemon.output;
  EXPECT_NE(daemon.output.find("--gmae is no option (did you mean --game?)"), std::string::npos) << daemon.output;
  // A negative number is a value, not an option.
  const auto negative = run_command(cli("render --state absent.json --out x.png --now-ms -1"));
  EXPECT_EQ(negative.output.find("is no option"), std::string::npos) << negative.output;
  EXPECT_NE(negative.output.find("absent.json"), std::string::npos) << negative.output;
}

// A bad screen size is a usage error in every program that takes one, said the same way, even
// where this run would not draw (play without --show): it exited 1, or 0, before.
TEST_F(CommandLineTest, ABadScreenSizeIsTheSameUsageErrorEverywhere) {
  for (const std::string& command : {std::string(cli("play --script absent.r9e --size 800x48")),
                                    std::string(cli("render --state absent.json --out x.png --size 800x48")),
                                    std::string("'" SENESCHALD_PATH "' --headless --size 800x48")}) {
    const auto run = run_command(command);
    EXPECT_EQ(run.exit_code, 64) << command << "\n" << run.output;
    EXPECT_NE(run.output.find("--size: expected WIDTHxHEIGHT between 320x240 and 7680x4320, e.g. 800x480, not \"800x48\""),
              std::string::npos)
        << run.output;
  }
}

TEST_F(CommandLineTest, ASubCommandsOwnSubCommandsAreTheOnesListed) {
  const auto none = run_command(cli("answers"));
  EXPECT_EQ(none.exit_code, 64) << none.output;
  EXPECT_NE(none.output.find("seneschal answers: a sub-command is needed: list, set, forget"), std::string::npos)
      << none.output;
  const auto typo = run_command(cli("answers lst"));
  EXPECT_EQ(typo.exit_code, 64) << typo.output;
  EXPECT_NE(typo.output.find("seneschal answers: \"lst\" is no sub-command; the sub-commands are: list, set, forget"),
            std::string::npos)
      << typo.output;
  const auto bench = run_command(cli("bench vison"));
  EXPECT_EQ(bench.exit_code, 64) << bench.output;
  EXPECT_NE(bench.output.find("the sub-commands are: vision, table, friction"), std::string::npos) << bench.output;
  EXPECT_EQ(bench.output.find("replay"), std::string::npos) << bench.output;
}

TEST_F(CommandLineTest, ARefusedStartLeavesNoFileBehind) {
  const std::string state = dir_.file("state");
  const auto typo = run_command("'" SENESCHALD_PATH "' --headless --buttons none --game cuthroat --state-dir '" + state + "'");
  EXPECT_EQ(typo.exit_code, 64) << typo.output;
  EXPECT_NE(typo.output.find("--game \"cuthroat\": no such game (did you mean cutthroat?)"), std::string::npos)
      << typo.output;
  EXPECT_EQ(typo.output.find("--seat"), std::string::npos) << "no hint about seats for a game that is not there";
  EXPECT_FALSE(fs::exists(state + "/seneschal.sqlite"));
  EXPECT_FALSE(fs::exists(state + "/seneschald.lock"));
  // A known game that cannot start on the seats given (Cutthroat needs three) says so, and the
  // log made for it goes.
  const auto seats = run_command("'" SENESCHALD_PATH "' --headless --buttons none --game cutthroat --state-dir '" + state +
                                 "' --source '" SENESCHAL_BUNDLED_RECORDING "'");
  EXPECT_NE(seats.exit_code, 0) << seats.output;
  EXPECT_NE(seats.output.find("cannot start a game of cutthroat"), std::string::npos) << seats.output;
  EXPECT_FALSE(fs::exists(state + "/seneschal.sqlite")) << seats.output;
  EXPECT_FALSE(fs::exists(state + "/seneschald.lock")) << seats.output;
}

TEST_F(CommandLineTest, EveryBadLineOfADeckListIsNamedInOneRunWithTheNearestTitle) {
  const std::string deck = write("deck.txt", "1 Protectorate of Malchior\n2 Hecktor\n3 zahyr\nthree Zahir\n");
  const auto run = run_command(cli("cards --game r9e --check-deck '" + deck + "'"));
  EXPECT_EQ(run.exit_code, 65) << run.output;
  EXPECT_NE(run.output.find("deck.txt:2: no card titled \"Hecktor\" in the Romance of the Nine Empires data (did you "
                            "mean \"Hektor\"?)"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("deck.txt:3: no card titled \"zahyr\""), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("(did you mean \"Zahir\"?)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("deck.txt:4: expected \"<count> <title>\""), std::string::npos) << run.output;
  const auto tags = run_command(cli("tags --game r9e --deck '" + deck + "' --out '" + dir_.file("t.pdf") + "'"));
  EXPECT_EQ(tags.exit_code, 65) << tags.output;
  EXPECT_NE(tags.output.find("deck.txt:3: no card titled \"zahyr\""), std::string::npos) << tags.output;
  EXPECT_FALSE(fs::exists(dir_.file("t.pdf")));
}

TEST_F(CommandLineTest, AFileThatIsNotWhatItShouldBeExits65) {
  const auto script = run_command(cli("play --script '" + write("bad.r9e", "game r9e\nseat A\nseat B\nfly away\n") + "'"));
  EXPECT_EQ(script.exit_code, 65) << script.output;
  const auto absent = run_command(cli("export --db '" + dir_.file("none.sqlite") + "'"));
  EXPECT_EQ(absent.exit_code, 65) << absent.output;
}

TEST_F(CommandLineTest, ATerminalReadsPlainWordsAndTheJournalGetsPriorities) {
  const auto plain = run_command(cli("cards --game r9"));
  EXPECT_EQ(plain.output.rfind("error: --game r9", 0), 0u) << plain.output;
  EXPECT_EQ(plain.output.find("<3>"), std::string::npos) << plain.output;
  // systemd names the stream it connected in JOURNAL_STREAM (device:inode): stderr into a file
  // named so stands for the journal.
  const std::string file = dir_.file("journal.txt");
  const auto journal = run_command("sh -c 'touch \"" + file + "\"; JOURNAL_STREAM=$(stat -c %d:%i \"" + file + "\") " +
                                   cli("cards --game r9") + " 2>>\"" + file + "\"; cat \"" + file + "\"'");
  EXPECT_EQ(journal.output.rfind("<3>--game r9", 0), 0u) << journal.output;
  // A variable inherited by a program whose stderr is elsewhere is not the journal.
  const auto inherited = run_command("JOURNAL_STREAM=1:1 " + cli("cards --game r9"));
  EXPECT_EQ(inherited.output.rfind("error: --game r9", 0), 0u) << inherited.output;
}

TEST_F(CommandLineTest, ATruthOfOtherFramesIsAnErrorNotAReplayWithEveryFrameMissed) {
  const fs::path recording = SENESCHAL_BUNDLED_RECORDING;
  ASSERT_TRUE(fs::exists(recording / "truth.json"));
  fs::create_directories(dir_.file("other"));
  fs::copy_file(recording / "frame-0001.jpg", dir_.file("other") + "/shot-1.jpg");
  fs::copy_file(recording / "frame-0002.jpg", dir_.file("other") + "/shot-2.jpg");
  const auto run =
      run_command(cli("replay '" + dir_.file("other") + "' --truth '" + (recording / "truth.json").string() + "'"));
  EXPECT_EQ(run.exit_code, 65) << run.output;
  EXPECT_NE(run.output.find("the truth names none of the 2 frames"), std::string::npos) << run.output;
}

TEST_F(CommandLineTest, RecordWithNoCameraGivesUpAfterItsWait) {
  const auto run = run_command("'" SENESCHAL_CLI_PATH "' record --source /dev/video63 --out '" + dir_.file("rec") +
                               "' --wait-s 1");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("record: no frame from camera /dev/video63"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("giving up (0 frames kept in"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace seneschal::test

namespace seneschal::test {
namespace {

// Ctrl-C at a terminal signals the whole process group: the daemon and, before, its private Xvfb,
// which died first and took the daemon down with "XIO: fatal IO error" and exit 1.
TEST(DaemonInterruptTest, CtrlCOnAHeadlessDaemonExitsZeroWithItsSummaryAndALastSnapshot) {
  TempDir dir;
  const std::string daemon = "env -u DISPLAY '" SENESCHALD_PATH "' --headless --source '" SENESCHAL_BUNDLED_RECORDING
                             "' --frame-interval-ms 1000 --state-dir '" + dir.file("state") + "' --snapshot-dir '" +
                             dir.file("shots") + "'";
  // set -m: the daemon runs in a process group of its own, as a terminal's foreground job does.
  const auto run = run_command("bash -c 'set -m; " + daemon + " > \"" + dir.file("out.txt") +
                               "\" 2>&1 & pid=$!; sleep 5; kill -INT -- -$pid; wait $pid; echo exit=$?; cat \"" +
                               dir.file("out.txt") + "\"'");
  EXPECT_NE(run.output.find("exit=0"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("XIO"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("stopped: "), std::string::npos) << run.output;
  EXPECT_TRUE(std::filesystem::exists(dir.file("shots") + "/9999-final.png")) << run.output;
}

}  // namespace
}  // namespace seneschal::test
