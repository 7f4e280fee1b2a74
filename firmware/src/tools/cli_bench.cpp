// `seneschal bench vision`: the figures of the vision issue's speed section; `seneschal bench
// table`: the physical table's (board accuracy and per-frame time on generated games); `seneschal
// bench friction`: button acts per logged move on the whole-game scripts.

#include <memory>
#include <string>
#include <vector>

#include "seneschal/firmware/base/assets.hpp"
#include <unistd.h>

#include <filesystem>

#include "seneschal/firmware/tools/bench_friction.hpp"
#include "seneschal/firmware/tools/bench_pi.hpp"
#include "seneschal/firmware/tools/bench_table.hpp"
#include "seneschal/firmware/tools/bench_vision.hpp"
#include "seneschal/firmware/tools/cli_bench.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/tools/tool_commands.hpp"
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
  options.format = cli.format;
  if (options.format != "BGR" && options.format != "I420") {
    log::error("bench table: --format {}: expected BGR (a recording's frames) or I420 (a camera's)", options.format);
    return kExitUsage;
  }
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

int run_bench_pi_cli(const std::string& assets_dir, const BenchPiCliOptions& cli) {
  BenchPiOptions options;
  options.seed = cli.seed;
  options.frames = cli.frames;
  options.cards = cli.cards;
  options.game_frames = cli.game_frames;
  options.format = cli.format;
  options.assets_dir = assets_dir;
  if (options.frames < 2 || options.cards < 1 || options.cards > 200 ||
      (options.game_frames != 0 && options.game_frames < 10)) {
    log::error("bench pi: --frames must be at least 2, --cards 1 to 200, --game-frames 0 or at least 10");
    return kExitUsage;
  }
  if (options.format != "I420" && options.format != "BGR") {
    log::error("bench pi: --format {}: expected I420 (a camera's frames) or BGR (a recording's)", options.format);
    return kExitUsage;
  }
  if (!cli.sizes.empty()) options.sizes.clear();
  for (const std::string& size : cli.sizes) {
    auto parsed = parse_frame_size(size);
    if (!parsed) {
      log::error("{}", parsed.error().message);
      return kExitUsage;
    }
    options.sizes.push_back(*parsed);
  }
  options.work_dir = (std::filesystem::temp_directory_path() / ("seneschal-bench-pi-" + std::to_string(::getpid()))).string();
  // The child program lies beside this one (the build folder, or /usr/bin's ../libexec/seneschal).
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) {
    log::error("bench pi: cannot find this program's own file (/proc/self/exe): {}", error.message());
    return kExitDataErr;
  }
  // The child program and the qemu plugin lie beside this one (the build folder), or in
  // ../libexec/seneschal when installed.
  const auto beside = [&](const std::string& name) {
    std::filesystem::path path = self.parent_path() / name;
    if (!std::filesystem::exists(path)) path = self.parent_path().parent_path() / "libexec/seneschal" / name;
    return path.string();
  };
  // Comparing builds: both on one thread, since the plugin's counter is one for all threads.
  options.one_thread = !cli.arm64_child.empty();
  auto cases = run_bench_pi(options, beside("seneschal-frame-cost"));
  if (!cases) {
    log::error("{}", cases.error().message);
    return kExitDataErr;
  }
  print_bench_pi(*cases, stdout);
  if (cli.arm64_child.empty()) return 0;
  QemuCount qemu;
  qemu.child = cli.arm64_child;
  qemu.sysroot = cli.sysroot;
  qemu.plugin = beside("libseneschal-qemu-insn.so");
  options.work_dir += "-arm64";
  auto arm64 = run_bench_pi_qemu(options, qemu);
  if (!arm64) {
    log::error("{}", arm64.error().message);
    return kExitDataErr;
  }
  std::fputs("\n", stdout);
  print_bench_pi(*arm64, stdout, "qemu-user with the project's counting plugin, the arm64 build");
  print_bench_pi_builds(*cases, "x86-64", *arm64, "arm64", stdout);
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

Subcommand add_bench_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("bench", "benchmarks that print figures and a signature");
  command->require_subcommand(1);
  auto* vision_cmd =
      command->add_subcommand("vision", "every QR reader on the same frames: recall, misreads, ms per frame");
  auto* table_cmd = command->add_subcommand(
      "table", "generated table games through the daemon's table side: board accuracy, tracked and full scan ms");
  auto table = std::make_shared<BenchTableCliOptions>();
  table_cmd->footer(
      "By default four hard games (900 x 560 mm table, version-2 codes, turning and pushed slides, arms across the "
      "table, cards over cards, a moving lamp reflection, motion blur): 1280x720 with 3 seats and 20 cards and with 4 "
      "seats and 40, 1920x1080 with 3 seats and 40 cards and with 4 seats and 20. --size, --seats or --cards pick "
      "from all eight games of those values instead. Printed per game: % of changes in the engine within 3 frames "
      "(all, removals included, and per kind: laid, turned, moved, taken away), card-frames missing from the "
      "engine's table in plain view, false lefts (under a hand), wrong seats and quarters, false turns, and the "
      "per-frame median and p95 ms of the tracked scan and of a full scan.");
  table_cmd->add_option("--seed", table->seed, "seed of the first game")->capture_default_str();
  table_cmd->add_option("--frames", table->frames, "frames per game")->capture_default_str();
  table_cmd->add_option("--size", table->size, "only games of this frame size: 1280x720 or 1920x1080");
  table_cmd->add_option("--seats", table->seats, "only games with this many seats: 3 or 4 (4 with --classic)");
  table_cmd->add_option("--cards", table->cards, "only games with this many cards: 20 or 40");
  table_cmd->add_option("--format", table->format, "the frames as the reader gets them: BGR (a recording's) or I420 (a camera's)")
      ->capture_default_str();
  table_cmd->add_flag("--classic", table->classic,
                      "the older, easier games: a 600 x 338 mm table at 1280x720 (900 x 506 at 1920x1080), "
                      "version-1 codes, hands that touch no other code, slides that keep the card's angle");
  table_cmd->add_flag("--json", table->json, "one JSON line per game (the board's keys as replay --json's)");
  auto* friction_cmd = command->add_subcommand(
      "friction", "whole-game table scripts counted by what the table does: button acts per logged move");
  struct Friction {
    std::vector<std::string> scripts;
    std::string answers;
    bool lines = false;
  };
  auto friction = std::make_shared<Friction>();
  friction_cmd->footer(
      "With no script, the project's whole-game scripts (tests/data/scripts), each with the answers its README line "
      "gives it. A press is one act; a choice or a number costs the UP/DOWN presses and the OK the buttons need from "
      "where the highlight stands; card values told for the first time (once per deck) are counted apart.");
  friction_cmd->add_option("scripts", friction->scripts, "table scripts to count")->check(CLI::ExistingFile);
  friction_cmd->add_flag("--lines", friction->lines, "also list every line the buttons pay for, with its prompt");
  friction_cmd->add_option("--answers", friction->answers, "a card-answers.json the given scripts start from")
      ->check(CLI::ExistingFile);
  auto* pi_cmd = command->add_subcommand(
      "pi", "the frame path's instructions per stage, counted under valgrind's callgrind, as Pi milliseconds");
  auto pi = std::make_shared<BenchPiCliOptions>();
  pi_cmd->footer(
      "Runs its child program, seneschal-frame-cost, under valgrind --tool=callgrind (valgrind must be installed) "
      "over crowded tables (40 cards at 1280x720 and at 1920x1080, one card bowed or straightened every fourth "
      "frame) and a hard table game at each of those sizes, with frames as a camera's I420 or a recording's BGR "
      "(--format), and prints the instructions a frame of each stage (the grey picture, confirming or re-reading the "
      "tracked codes, the change measure, scans, stacking, the table look, the stabilizer, the driver) for steady "
      "frames, frames with one change, the first frame, a full scan alone and the game, and the drawing of the "
      "800x480 screen after the last game (its rasterizing, Mesa's here and the GPU's on a Pi, beside but not in "
      "the total), with the Pi 4 and Pi 5 milliseconds they come to. With --arm64-child the arm64 build is counted "
      "too, under qemu-user with the project's plugin. Counts do not move with the machine's load. Takes about ten "
      "minutes.");
  pi_cmd->add_option("--seed", pi->seed, "seed of the scenes")->capture_default_str();
  pi_cmd->add_option("--frames", pi->frames, "frames of each crowded table")->capture_default_str();
  pi_cmd->add_option("--cards", pi->cards, "cards on each crowded table")->capture_default_str();
  pi_cmd->add_option("--game-frames", pi->game_frames, "frames of the table game (0: none)")->capture_default_str();
  pi_cmd->add_option("--size", pi->sizes, "a crowded table's and a game's frame size, WxH (repeatable)");
  pi_cmd->add_option("--arm64-child", pi->arm64_child,
                     "also count this arm64 build of seneschal-frame-cost under qemu-user, and compare (make bench-pi-arm64)");
  pi_cmd->add_option("--sysroot", pi->sysroot, "the arm64 libraries for qemu-user's -L")->capture_default_str();
  pi_cmd->add_option("--format", pi->format, "the frames as the reader gets them: I420 (a camera's) or BGR (a recording's)")
      ->capture_default_str();
  auto vision = std::make_shared<BenchVisionCliOptions>();
  vision_cmd->add_option("input", vision->input,
                         "a recording (with truth.json), a folder of frames or a video; default: generated hard frames");
  vision_cmd->add_option("--frames", vision->frames, "generated frames")->capture_default_str();
  vision_cmd->add_option("--seed", vision->seed, "seed of the generated frames")->capture_default_str();
  vision_cmd->add_option("--repeat", vision->repeat, "timed passes after one warm-up pass")->capture_default_str();
  vision_cmd->add_option("--corpus", vision->corpus_dir,
                         "photo corpus folder (default with generated frames: tests/data/zxing-qrcode)");
  vision_cmd->add_option("--crowded-frames", vision->crowded_frames,
                         "frames per crowded table (40/60/100 cards at 720p, 1080p, 12 MP) with generated "
                         "frames; 0: none")
      ->capture_default_str();
  vision_cmd->add_flag("--no-zxing-wasm", vision->no_zxing_wasm,
                       "without the newest ZXing-cpp (npm's zxing-wasm under node, installed on first use)");
  return {command, [&context, vision_cmd, table_cmd, pi_cmd, vision, table, friction, pi] {
            if (vision_cmd->parsed()) {
              vision->default_corpus_dir = context.source_dir + "/tests/data/zxing-qrcode";
              return run_bench_vision_cli(*vision);
            }
            if (table_cmd->parsed()) return run_bench_table_cli(context.assets_dir, *table);
            if (pi_cmd->parsed()) return run_bench_pi_cli(context.assets_dir, *pi);
            return run_bench_friction_cli(context.assets_dir, friction->scripts, friction->answers,
                                          context.source_dir + "/tests/data/scripts", friction->lines);
          }};
}

}  // namespace seneschal::firmware
