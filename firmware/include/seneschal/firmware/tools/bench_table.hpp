#pragma once
// `seneschal bench table`: whole generated table games through the daemon's own table side
// (BoardRun: tracking scanner, stabilizer, calibration, driver, engine), scored against each
// game's truth table (BoardEvaluator); and the per-frame time of that tracked scan beside a full
// scan of the same frame (vision::Scanner), median and p95.
//
// By default the games are hard ones (TableGameOptions::hard: a 900 x 560 mm table, version-2
// codes, slides turning the card on the way and hands pushing it, arms across the table, cards
// laid over cards, a moving lamp reflection, motion blur), four of them so that every frame size,
// seat count and card count is in two: 1280x720 with 3 seats and 20 cards and with 4 seats and 40,
// 1920x1080 with 3 seats and 40 cards and with 4 seats and 20. Asking for a size, seats or cards
// picks from all eight games of those values instead. The classic games are the older, easier
// ones (a 600 x 338 mm table at 720p with version-1 codes, hands that touch no other code).

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/firmware/tools/bench_vision.hpp"
#include "seneschal/firmware/tools/board_eval.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {

struct BenchTableGame {
  vision::synth::TableGameOptions options;
  BoardReport board;
  Timing tracked;  // the daemon's tracking scan, per frame
  Timing full;     // a full scan of the same frame
  bool calibrated = false;
};

enum class BenchGames { Hard, Classic };

struct BenchTableOptions {
  std::uint32_t seed = 1;
  int frames = 100;
  BenchGames kind = BenchGames::Hard;
  std::string size;  // "1280x720" or "1920x1080": only games of this frame size; "": any
  int seats = 0;     // > 0: only games with this many seats
  int cards = 0;     // > 0: only games with this many cards
  // The frames as the reader gets them: "BGR", decoded from the recording's JPEG as a replay gives
  // them, or "I420", the camera's own YUV as a Camera Module delivers it (picture.hpp).
  std::string format = "BGR";
  std::vector<vision::synth::TableGameOptions> games;  // given: these instead of the ones above
};

// The games the options ask for (see above); none when no game has the asked values.
std::vector<vision::synth::TableGameOptions> bench_table_games(const BenchTableOptions& options);
Result<std::vector<BenchTableGame>> run_bench_table(const BenchTableOptions& options, const engine::CardLibrary& cards);
void print_bench_table(const std::vector<BenchTableGame>& games, std::FILE* out);
// One JSON line per game: {"game": {...}, "board": {...}, "tracked_ms": {...}, "full_ms": {...}}.
void print_bench_table_json(const std::vector<BenchTableGame>& games, std::FILE* out);

}  // namespace seneschal::firmware
