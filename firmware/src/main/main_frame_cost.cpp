// seneschal-frame-cost: the run that `seneschal bench pi` starts under valgrind's callgrind
// (tools/bench_pi.hpp). A program of its own, linked with --as-needed, because `seneschal` links
// OpenCV's videoio, whose libavcodec loads libhwy, whose start-up code runs an instruction
// (rdtscp) that valgrind 3.19 does not know on a CPU that does not announce it: this program's
// frame path needs none of them.

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "seneschal/firmware/app/command_line.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/tools/bench_pi.hpp"

int main(int argc, char** argv) {
  using namespace seneschal::firmware;
  CLI::App app{"seneschal-frame-cost - the frame path run under callgrind for `seneschal bench pi`"};
  BenchPiOptions options;
  std::vector<std::string> sizes;
  app.add_option("--work-dir", options.work_dir, "where the dumps and reads.txt go")->required();
  app.add_option("--assets", options.assets_dir, "folder with cards/")->required();
  app.add_option("--seed", options.seed);
  app.add_option("--frames", options.frames);
  app.add_option("--cards", options.cards);
  app.add_option("--game-frames", options.game_frames);
  app.add_option("--size", sizes, "WxH (repeatable)");
  app.add_option("--format", options.format, "I420 or BGR");
  app.add_flag("--one-thread", options.one_thread, "OpenCV on one thread");
  bool no_screen = false;
  app.add_flag("--no-screen", no_screen, "do not draw the screen");
  app.add_flag("--marks", options.marks, "mark the stages for the qemu plugin (qemu_insn_count.c)");
  if (auto code = parse_command_line(app, argc, argv)) return *code;
  options.screen = !no_screen;
  if (!sizes.empty()) {
    options.sizes.clear();
    for (const std::string& size : sizes) {
      auto parsed = parse_frame_size(size);
      if (!parsed) {
        log::error("{}", parsed.error().message);
        return kExitUsage;
      }
      options.sizes.push_back(*parsed);
    }
  }
  if (auto done = run_bench_pi_child(options); !done) {
    log::error("{}", done.error().message);
    return kExitDataErr;
  }
  return 0;
}
