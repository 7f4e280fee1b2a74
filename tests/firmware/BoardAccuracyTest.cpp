// The physical table end to end: a generated game (cards laid, turned, slid to another seat,
// covered by a hand, taken away) written as a recording, replayed against its truth through the
// daemon's own table side (tracking scanner, stabilizer calibrated from the corner tags, the
// driver, the engine). No card the truth still has may leave the engine's table under a hand, and
// no card may be put in a seat or at a quarter the table never had. Timing is the bench's
// (`seneschal bench table`), never a test's.
#include <gtest/gtest.h>

#include <cstdio>

#include "TableGames.hpp"
#include "common/TempDir.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/tools/replay.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {
namespace {

namespace synth = vision::synth;

TEST(BoardAccuracyTest, AGeneratedGameReachesTheEngineWithoutFalseLeftsOrWrongSeats) {
  test::TempDir dir;
  const int frames = 70;
  const synth::Scene scene = tables::write_table_game(dir.file("game"), 3, 20, frames);
  auto truth = load_truth(dir.file("game") + "/truth.json");
  ASSERT_TRUE(truth.has_value()) << truth.error().message;
  auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
  ASSERT_TRUE(cards.has_value()) << cards.error().message;
  std::FILE* out = std::tmpfile();
  auto summary = replay(dir.file("game"), *cards, ReplayFormat::JsonLines, out, *truth, scene.frame_interval_ms);
  std::fclose(out);
  ASSERT_TRUE(summary.has_value()) << summary.error().message;
  ASSERT_TRUE(summary->board.has_value()) << "a generated game's truth has a table to score";
  const BoardReport& board = *summary->board;
  std::string problems;
  for (const std::string& p : board.problems) problems += "\n  " + p;
  EXPECT_EQ(board.frames, frames);
  EXPECT_GT(board.changes, 20);
  EXPECT_EQ(board.reached, board.changes) << problems;
  EXPECT_GT(board.occlusions, 0) << "the game covers cards with a hand";
  EXPECT_EQ(board.false_left, 0) << problems;
  EXPECT_EQ(board.wrong_seats, 0) << problems;
  EXPECT_EQ(board.wrong_quarters, 0) << problems;
}

}  // namespace
}  // namespace seneschal::firmware
