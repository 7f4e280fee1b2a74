#pragma once
// `seneschal bench table`: whole generated table games (cards laid, turned, slid to another seat,
// covered by a hand for up to 2 s, taken away; 20-40 cards at 1280x720 and 1920x1080) through
// the daemon's own table side (BoardRun: tracking scanner, stabilizer, calibration, driver,
// engine), scored against each game's truth table (BoardEvaluator); and the per-frame time of
// that tracked scan beside a full scan of the same frame (vision::Scanner), median and p95.

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/firmware/bench_vision.hpp"
#include "seneschal/firmware/board_eval.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {

struct BenchTableGame {
  vision::synth::TableGameOptions options;
  BoardReport board;
  Timing tracked;  // the daemon's tracking scan, per frame
  Timing full;     // a full scan of the same frame
  bool calibrated = false;
};

struct BenchTableOptions {
  std::uint32_t seed = 1;
  int frames = 300;
  std::vector<vision::synth::TableGameOptions> games;  // empty: the four (20 and 40 cards, both sizes)
};

Result<std::vector<BenchTableGame>> run_bench_table(const BenchTableOptions& options, const engine::CardLibrary& cards);
void print_bench_table(const std::vector<BenchTableGame>& games, std::FILE* out);

}  // namespace seneschal::firmware
