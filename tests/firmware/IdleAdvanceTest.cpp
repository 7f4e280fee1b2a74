// A prompt with nothing to decide (R9E's Spring) moves on by itself after the countdown, through
// the one driver the daemon and scripts share: the OK is logged like a pressed one, UNDO takes it
// back (and the same prompt then waits for a hand), and any button stops the countdown.

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "common/TempDir.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/script/table_script.hpp"

namespace seneschal::firmware {
namespace {

// The README's first script up to Spring, with the bundled recording's answers.
constexpr const char* kToSpring =
    "game r9e\nseat Mark\nseat Shawn\n"
    "scan-card \"Protectorate of Malchior\"\nscan-card \"Hammerdoom's Roost\"\nscan-card \"Border Keep\"\n"
    "press OK\npress OK\n"
    "scan-card \"Kingdom of Holden\"\nscan-card \"Border Keep\" 2\nscan-card \"Sanctuary\"\n"
    "press OK\npress OK\n"
    "choose \"Mark\"\n"
    "expect \"Spring\"\n";

class IdleAdvanceTest : public ::testing::Test {
 protected:
  // Runs the lines after kToSpring with a 4 s countdown; the error, or "" when every line held.
  std::string run(const std::string& more) {
    auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets",
                                   std::string(SENESCHAL_SOURCE_DIR "/assets/recordings/first-game/card-answers.json"));
    EXPECT_TRUE(cards) << cards.error().message;
    ScriptOptions options;
    options.out = sink_.get();
    options.advance_idle_ms = 4000;
    table_ = std::make_unique<TableScript>(std::move(cards).value(), std::move(options));
    EXPECT_TRUE(table_->open(dir_.file("game.sqlite")));
    auto script = parse_script(std::string(kToSpring) + more, "idle.r9e");
    EXPECT_TRUE(script) << script.error().message;
    auto ran = table_->run(*script);
    return ran ? std::string() : ran.error().message;
  }
  std::string phase() const { return table_->session()->state().phase; }

  test::TempDir dir_;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> sink_{std::tmpfile(), &std::fclose};
  std::unique_ptr<TableScript> table_;
};

TEST_F(IdleAdvanceTest, SpringMovesOnToSummerOnceTheCountdownRunsOut) {
  EXPECT_EQ(run("wait 2s\nexpect \"Spring\"\n"), "");
  EXPECT_EQ(phase(), "Spring") << "2 s of 4: still counting";
  const engine::ViewModel view = table_->view();
  ASSERT_TRUE(view.advance_in_ms.has_value());
  EXPECT_GT(*view.advance_in_ms, 0);
  EXPECT_LT(*view.advance_in_ms, 4000);
}

TEST_F(IdleAdvanceTest, TheOkByItselfIsALoggedMoveAndUndoTakesItBackForGood) {
  EXPECT_EQ(run("wait 5s\nexpect \"Summer\"\npress UNDO\nexpect \"Spring\"\nwait 30s\nexpect \"Spring\"\n"), "");
  EXPECT_EQ(phase(), "Spring") << "taken back, Spring waits for the table's own OK";
  EXPECT_FALSE(table_->view().advance_in_ms.has_value());
}

TEST_F(IdleAdvanceTest, AnyButtonStopsTheCountdownEvenAcrossTheMenu) {
  EXPECT_EQ(run("press MENU\npress MENU\nwait 30s\nexpect \"Spring\"\npress OK\nexpect \"Summer\"\n"), "");
  EXPECT_EQ(phase(), "Summer");
}

TEST_F(IdleAdvanceTest, APromptWithSomethingToDecideNeverMovesOnByItself) {
  EXPECT_EQ(run("press OK\nexpect \"Summer\"\nwait 60s\nexpect \"Mark: bring a card into play\"\n"), "");
  EXPECT_EQ(phase(), "Summer");
  EXPECT_FALSE(table_->view().advance_in_ms.has_value());
}

}  // namespace
}  // namespace seneschal::firmware
