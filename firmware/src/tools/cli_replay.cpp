// `seneschal replay`: decode the tags in recorded frames, optionally scored against the
// recording's truth.
#include <cstdio>
#include <memory>
#include <optional>

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/tools/replay.hpp"
#include "seneschal/firmware/tools/tool_commands.hpp"

namespace seneschal::firmware {
namespace {

struct ReplayCliOptions {
  std::string input;
  bool json = false;
  std::string truth_path;
  std::int64_t interval_ms = 200;
};

// Exit codes: kExitDataErr the input, the card data or the truth could not be read, or the truth
// is another recording's; 3 with --truth, the pipeline misread a tag (zero misreads is a hard
// requirement; a missed tag is a figure, not a failure); 2 some frames were unreadable; 0 otherwise.
int run_replay(const ReplayCliOptions& options, const std::string& assets_dir) {
  auto cards = load_card_library(assets_dir);
  if (!cards) {
    log::error("{}", cards.error().message);
    return kExitDataErr;
  }
  const bool json = options.json;
  const ReplayFormat format = json ? ReplayFormat::JsonLines : ReplayFormat::Text;
  std::optional<vision::synth::RecordingTruth> truth;
  if (!options.truth_path.empty()) {
    auto loaded = load_truth(options.truth_path);
    if (!loaded) {
      log::error("{}", loaded.error().message);
      return kExitDataErr;
    }
    truth = std::move(*loaded);
  }
  auto summary = truth ? replay(options.input, *cards, format, stdout, *truth, options.interval_ms)
                       : replay(options.input, *cards, format, stdout, options.interval_ms);
  if (!summary) {
    log::error("{}", summary.error().message);
    return kExitDataErr;
  }
  if (!json) {
    std::printf("%d frames, %d tags read, %d unreadable frames\n", summary->frames, summary->sightings,
                summary->unreadable);
  }
  if (summary->truth) {
    // With --json, stdout stays exactly one line per frame: the report goes to stderr as one JSON line.
    std::fflush(stdout);
    print_truth_report(*summary->truth, json, json ? stderr : stdout);
    if (summary->board) print_board_report(*summary->board, json, json ? stderr : stdout);
    if (summary->truth->misreads > 0) return 3;
  }
  return summary->unreadable > 0 ? 2 : 0;
}

}  // namespace

Subcommand add_replay_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("replay", "decode the tags in recorded frames (a folder or a video)");
  auto options = std::make_shared<ReplayCliOptions>();
  command->add_option("input", options->input, "folder of frames or video file")->required();
  command->add_flag("--json", options->json, "one JSON line per frame");
  command->add_option("--truth", options->truth_path,
                      "score against a recording's truth.json: recall, misreads, bowed accuracy, failed frames");
  command->add_option("--frame-interval-ms", options->interval_ms, "time between frames of a folder")
      ->capture_default_str();
  return {command, [&context, options] { return run_replay(*options, context.assets_dir); }};
}

}  // namespace seneschal::firmware
