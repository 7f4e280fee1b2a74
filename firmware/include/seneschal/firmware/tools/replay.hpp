#pragma once
// `seneschal replay`: runs recorded frames through the vision pipeline and says what it read,
// as one JSON line per frame (for tools) or as a line of text (for people).

#include <cstdio>
#include <optional>
#include <string>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/firmware/tools/board_eval.hpp"
#include "seneschal/firmware/tools/truth_eval.hpp"

namespace seneschal::firmware {

enum class ReplayFormat { Text, JsonLines };

struct ReplaySummary {
  int frames = 0;
  int unreadable = 0;
  int sightings = 0;
  std::optional<TruthReport> truth;  // only when replayed against a truth
  // Only when the truth has a table and the recording its scene.json (a generated game): the
  // table the engine kept, through the daemon's own parts, scored against it.
  std::optional<BoardReport> board;
};

// A tag is "known" when it is one of ours and names a card in the card data (or a control).
// "bowed" is judged against the image's up until seats are calibrated: a code turned 45-135 or
// 225-315 degrees from upright.
Result<ReplaySummary> replay(const std::string& input, const engine::CardLibrary& cards, ReplayFormat format,
                             std::FILE* out, std::int64_t frame_interval_ms = 200);
// The same, and scores every frame against a recording's truth (ReplaySummary::truth). The
// per-frame output is unchanged; printing the report is the caller's (print_truth_report).
Result<ReplaySummary> replay(const std::string& input, const engine::CardLibrary& cards, ReplayFormat format,
                             std::FILE* out, const vision::synth::RecordingTruth& truth,
                             std::int64_t frame_interval_ms = 200);
// Reads a truth.json (assets/recordings/README.md); the error names the file.
Result<vision::synth::RecordingTruth> load_truth(const std::string& path);

}  // namespace seneschal::firmware
