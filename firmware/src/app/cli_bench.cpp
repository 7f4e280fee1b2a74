// `seneschal bench vision`: the figures of the vision issue's speed section.

#include "seneschal/firmware/bench_vision.hpp"
#include "seneschal/firmware/cli_commands.hpp"
#include "seneschal/firmware/log.hpp"

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
  if (bench.frames < 1) {
    log::error("bench vision: --frames must be at least 1");
    return 1;
  }
  auto report = run_bench_vision(bench);
  if (!report) {
    log::error("{}", report.error().message);
    return 1;
  }
  print_bench_vision(*report, stdout);
  return 0;
}

}  // namespace seneschal::firmware
