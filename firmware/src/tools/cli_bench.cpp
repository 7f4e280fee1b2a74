// `seneschal bench vision`: the figures of the vision issue's speed section; `seneschal bench
// table`: the physical table's (board accuracy and per-frame time on generated games); `seneschal
// bench friction`: button acts per logged move on the whole-game scripts.

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/tools/bench_friction.hpp"
#include "seneschal/firmware/tools/bench_table.hpp"
#include "seneschal/firmware/tools/bench_vision.hpp"
#include "seneschal/firmware/tools/cli_bench.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/tools/zxing_wasm_peer.hpp"

namespace seneschal::firmware {

int run_bench_vision_cli(const BenchVisionCliOptions& options) {
  BenchVisionOptions bench;
  bench.input = options.input;
  bench.frames = options.frames;
  bench.seed = options.seed;
  bench.repeat = options.repeat;
  // The photo corpus runs with the generated frames, or with a recording when asked for.
  bench.corpus_dir = !options.corpus_dir.empty() ? options.corpus_dir
                     : options.input.empty()     ? options.default_corpus_dir
                                                 : std::string();
  bench.zxing_wasm_dir = options.no_zxing_wasm ? std::string() : default_zxing_wasm_dir();
  // The crowded tables run with the generated frames, as the corpus does.
  bench.crowded_frames = options.input.empty() ? options.crowded_frames : 0;
  if (options.crowded_frames < 0) {
    log::error("bench vision: --crowded-frames must be 0 or more");
    return kExitUsage;
  }
  if (bench.frames < 1) {
    log::error("bench vision: --frames must be at least 1");
    return kExitUsage;
  }
  auto report = run_bench_vision(bench);
  if (!report) {
    log::error("{}", report.error().message);
    return kExitDataErr;
  }
  print_bench_vision(*report, stdout);
  return 0;
}

int run_bench_table_cli(const std::string& assets_dir, const BenchTableCliOptions& cli) {
  BenchTableOptions options;
  options.seed = cli.seed;
  options.frames = cli.frames;
  options.kind = cli.classic ? BenchGames::Classic : BenchGames::Hard;
  options.seats = cli.seats;
  options.cards = cli.cards;
  options.size = cli.size;
  if (options.frames < 10) {
    log::error("bench table: --frames must be at least 10");
    return kExitUsage;
  }
  auto cards = load_card_library(assets_dir);
  if (!cards) {
    log::error("{}", cards.error().message);
    return kExitDataErr;
  }
  auto games = run_bench_table(options, *cards);
  if (!games) {
    log::error("{}", games.error().message);
    return kExitDataErr;
  }
  if (cli.json)
    print_bench_table_json(*games, stdout);
  else
    print_bench_table(*games, stdout);
  return 0;
}

int run_bench_friction_cli(const std::string& assets_dir, const std::vector<std::string>& scripts,
                           const std::string& answers, const std::string& default_scripts_dir, bool lines) {
  std::vector<FrictionInput> inputs;
  if (scripts.empty()) {
    if (!answers.empty()) {
      log::error("bench friction: --answers goes with the scripts it is for");
      return kExitUsage;
    }
    inputs = default_friction_scripts(default_scripts_dir);
  }
  for (const std::string& script : scripts) inputs.push_back({script, answers});
  std::vector<FrictionCount> counts;
  for (const FrictionInput& input : inputs) {
    auto count = count_friction(assets_dir, input);
    if (!count) {
      log::error("{}", count.error().message);
      return kExitDataErr;
    }
    counts.push_back(*count);
  }
  print_friction(counts, stdout);
  if (lines) print_friction_lines(counts, stdout);
  return 0;
}

}  // namespace seneschal::firmware
