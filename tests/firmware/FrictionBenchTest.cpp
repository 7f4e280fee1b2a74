// `seneschal bench friction` prices each script line in the presses the device's buttons need:
// the counts are the figure (button acts per logged move), so they are pinned here on a
// setup whose prompts the R9E README shows, run through the real session.

#include <gtest/gtest.h>

#include <fstream>

#include "common/TempDir.hpp"
#include "seneschal/engine/prompt.hpp"
#include "seneschal/firmware/tools/bench_friction.hpp"

namespace seneschal::firmware {
namespace {

engine::Prompt prompt_of(std::initializer_list<const char*> labels, std::string ok = {}) {
  engine::Prompt prompt;
  prompt.text = "Who takes the Ordained marker?";
  for (const char* label : labels) prompt.add(label);
  prompt.ok = std::move(ok);
  return prompt;
}

TEST(FrictionBenchTest, AChoiceCostsTheMovesTheShorterWayRoundAndOneOk) {
  const engine::Prompt prompt = prompt_of({"Mark", "Shawn", "Random", "Ann", "Ben"});
  EXPECT_EQ(presses_to_choose(prompt, 0, "Mark"), 1);
  EXPECT_EQ(presses_to_choose(prompt, 0, "Shawn"), 2);
  EXPECT_EQ(presses_to_choose(prompt, 0, "Ben"), 2) << "UP wraps to the last row";
  EXPECT_EQ(presses_to_choose(prompt, 0, "Ann"), 3);
  EXPECT_EQ(presses_to_choose(prompt, 3, "Ann"), 1) << "the highlight already moved there";
  EXPECT_EQ(presses_to_choose(prompt, -1, "Mark"), 2) << "after a restart the first press only shows the highlight";
  EXPECT_EQ(presses_to_choose(prompt, 0, "Nobody"), -1);
}

TEST(FrictionBenchTest, TheFirstRowOfAPromptWithItsOwnOkTakesAMoveAwayAndBack) {
  const engine::Prompt prompt = prompt_of({"Mulligan", "Show hand"}, "keep hand");
  EXPECT_EQ(presses_to_choose(prompt, 0, "Mulligan"), 3);
  EXPECT_EQ(presses_to_choose(prompt, 0, "Show hand"), 2);
}

TEST(FrictionBenchTest, ANumberCostsTheWayToItsRowOkOnePressAUnitAndOk) {
  engine::Prompt alone;
  alone.wants_number = true;
  EXPECT_EQ(presses_to_enter(alone, 0, 3), 4) << "no options: UP counts at once";
  engine::Prompt with_cancel = prompt_of({"Cancel"});
  with_cancel.wants_number = true;
  EXPECT_EQ(presses_to_enter(with_cancel, 0, 3), 5) << "OK to edit, 3 UP, OK";
  EXPECT_EQ(presses_to_enter(with_cancel, 1, 2), 5) << "UP to the number row first";
}

TEST(FrictionBenchTest, AHeldUpOrDownCountsFiveAndSinglePressesMakeUpTheRest) {
  EXPECT_EQ(counting_presses(0, 0, 0, 99), 0);
  EXPECT_EQ(counting_presses(0, 2, 0, 99), 2) << "two presses, no hold";
  EXPECT_EQ(counting_presses(0, 4, 0, 99), 2) << "a hold to 5, one DOWN";
  EXPECT_EQ(counting_presses(0, 27, 0, 99), 7) << "five holds, two UP";
  EXPECT_EQ(counting_presses(0, 29, 0, 99), 7) << "six holds, one DOWN";
  EXPECT_EQ(counting_presses(0, 30, 0, 99), 6);
  EXPECT_EQ(counting_presses(18, 30, 0, 99), 4) << "two holds to 28, two UP";
  EXPECT_EQ(counting_presses(30, 12, 0, 99), 6) << "DOWN counts the same way";
  EXPECT_EQ(counting_presses(0, 4, 0, 4), 1) << "one hold stops at the top";
  EXPECT_EQ(counting_presses(97, 99, 0, 99), 1);
  EXPECT_EQ(counting_presses(0, 3, 0, 4), 2) << "a hold to the top, one DOWN";
}

TEST(FrictionBenchTest, TheCountStartsAtTheLikelyNumberWithinTheBounds) {
  engine::Prompt deck;
  deck.wants_number = true;
  deck.number_min = 3;
  deck.number_max = 25;
  EXPECT_EQ(presses_to_enter(deck, 0, 8), 1 + 1) << "from 3 (not 0): a hold to 8, OK";
  deck.number_start = 40;
  EXPECT_EQ(presses_to_enter(deck, 0, 25), 1) << "from 25, the top: OK at once";
}

TEST(FrictionBenchTest, AScriptIsCountedThroughTheRealSessionWithToldValuesApart) {
  test::TempDir dir;
  {
    std::ofstream script(dir.file("setup.r9e"));
    script << "game r9e\nseat Mark\nseat Shawn\n"
              "scan-card \"Protectorate of Malchior\"\nset 4\n"             // renown: told
              "scan-card \"Hammerdoom's Roost\"\nset 3\nset 1\nset 2\n"     // three values told
              "press OK\npress OK\n"                                        // castles done, keep hand
              "scan-card \"Kingdom of Holden\"\nscan-card \"Border Keep\" 2\nset 3\nset 1\nset 2\n"  // told
              "press OK\npress OK\n"
              "choose \"Shawn\"\n"                                          // DOWN, OK
              "expect \"Spring\"\n";
  }
  auto count = count_friction(SENESCHAL_SOURCE_DIR "/assets", {dir.file("setup.r9e"), ""});
  ASSERT_TRUE(count) << count.error().message;
  EXPECT_EQ(count->game, "r9e");
  EXPECT_EQ(count->camera, 4);
  EXPECT_EQ(count->presses, 4);
  EXPECT_EQ(count->choices, 1);
  EXPECT_EQ(count->choice_presses, 2);
  EXPECT_EQ(count->numbers, 0);
  EXPECT_EQ(count->told, 7);
  // Each told value: OK on the number row, the value in UP presses (held: 5), OK.
  // Four is a held UP to 5 and a DOWN.
  EXPECT_EQ(count->told_presses, (2 + 2) + (3 + 2) + (1 + 2) + (2 + 2) + (3 + 2) + (1 + 2) + (2 + 2));
  EXPECT_EQ(count->acts(), 6);
  EXPECT_GT(count->moves, 0);
  EXPECT_DOUBLE_EQ(count->acts_per_move(), 6.0 / count->moves);
  // --lines: every line the buttons paid for, with the prompt it answered; the told values are
  // not among them, and the lines' acts add up to the acts.
  int listed = 0;
  for (const FrictionLine& line : count->costly) listed += line.acts;
  EXPECT_EQ(listed, count->acts());
  ASSERT_EQ(count->costly.size(), 5u);
  EXPECT_EQ(count->costly.back().line, 19);
  EXPECT_EQ(count->costly.back().source, "choose \"Shawn\"");
  EXPECT_EQ(count->costly.back().acts, 2);
  EXPECT_NE(count->costly.back().prompt.find("first"), std::string::npos) << count->costly.back().prompt;
}

TEST(FrictionBenchTest, AScriptThatStopsNamesItsLine) {
  test::TempDir dir;
  {
    std::ofstream script(dir.file("bad.r9e"));
    script << "game r9e\nseat Mark\nseat Shawn\nchoose \"Nobody\"\n";
  }
  auto count = count_friction(SENESCHAL_SOURCE_DIR "/assets", {dir.file("bad.r9e"), ""});
  ASSERT_FALSE(count);
  EXPECT_NE(count.error().message.find("bad.r9e:4"), std::string::npos) << count.error().message;
}

}  // namespace
}  // namespace seneschal::firmware
