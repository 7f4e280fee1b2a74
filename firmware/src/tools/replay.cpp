#include "seneschal/firmware/tools/replay.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <unistd.h>
#include <cmath>
#include <nlohmann/json.hpp>

#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/tools/board_run.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/base/printable.hpp"
#include "seneschal/vision/frame_source.hpp"
#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/table_calibration.hpp"
#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

bool is_known(const std::string& payload, const engine::CardLibrary& cards) {
  auto tag = vision::parse_tag(payload);
  if (!tag) return false;
  if (tag->kind != vision::Tag::Kind::Card) return true;
  for (const auto& [game, db] : cards) {
    if (db->tag_code() == tag->game) return db->find(tag->card) != nullptr;
  }
  return false;
}

// Until seats are calibrated, bowed is judged against the image's up (facing 0).
bool is_bowed(double angle_deg) { return vision::is_bowed(angle_deg, 0.0); }

double round_to(double value, double step) { return std::round(value / step) * step; }

// The table side of a generated game: its scene (beside the frames) gives where the corner
// tags and the seats' and zones' areas lie; the truth's first card names the game.
struct Board {
  std::unique_ptr<BoardRun> run;
  std::unique_ptr<BoardEvaluator> evaluator;
  std::string log_path;
  ~Board() {
    std::error_code ignored;
    if (!log_path.empty()) fs::remove(log_path, ignored);
  }
};

Result<std::unique_ptr<Board>> open_board(const std::string& input, const vision::synth::RecordingTruth& truth,
                                          const engine::CardLibrary& cards) {
  auto text = read_text_file((fs::path(input) / "scene.json").string());
  if (!text) return std::unique_ptr<Board>();
  auto scene = vision::synth::parse_scene(*text, (fs::path(input) / "scene.json").string());
  if (!scene) return fail(scene.error().message);
  if (scene->seats.empty()) return std::unique_ptr<Board>();
  std::string code;
  for (const auto& frame : truth.frames) {
    for (const auto& card : frame.table) {
      auto tag = vision::parse_tag(card.payload);
      if (code.empty() && tag && tag->kind == vision::Tag::Kind::Card) code = tag->game;
    }
  }
  auto game = std::find_if(cards.begin(), cards.end(), [&](const auto& entry) { return entry.second->tag_code() == code; });
  if (game == cards.end()) return fail("the truth's cards are of the game code " + code + ", which has no card data here");
  auto layout = layout_of(*scene);
  if (!layout) return fail(layout.error().message);
  auto board = std::make_unique<Board>();
  board->log_path = (fs::temp_directory_path() / ("seneschal-replay-" + std::to_string(::getpid()) + ".sqlite")).string();
  auto run = BoardRun::open(cards, game->first, static_cast<int>(scene->seats.size()), *layout, board->log_path);
  if (!run) return fail(run.error().message);
  board->run = std::move(run).value();
  board->evaluator = std::make_unique<BoardEvaluator>(truth, code);
  return board;
}

Result<ReplaySummary> run(const std::string& input, const engine::CardLibrary& cards, ReplayFormat format,
                          std::FILE* out, TruthEvaluator* evaluator, std::int64_t frame_interval_ms,
                          Board* board = nullptr) {
  auto source = vision::open_recording(input, frame_interval_ms);
  if (!source) return fail(source.error().message);
  vision::Scanner scanner;
  ReplaySummary summary;
  while (true) {
    auto next = (*source)->next();
    if (!next) {
      ++summary.unreadable;
      log::warning("{}", next.error().message);
      continue;
    }
    if (!next->has_value()) break;
    const vision::Frame& frame = **next;
    ++summary.frames;
    const auto t0 = std::chrono::steady_clock::now();
    const auto sightings = scanner.scan(vision::reader_picture(frame.image, frame.format), frame.t_ms);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    summary.sightings += static_cast<int>(sightings.size());
    if (evaluator) evaluator->add(frame.name, sightings);
    if (board) {
      board->run->frame(frame);
      board->evaluator->add(frame.name, board->run->state().table);
    }
    if (format == ReplayFormat::JsonLines) {
      nlohmann::json tags = nlohmann::json::array();
      for (const auto& s : sightings) {
        nlohmann::json corners = nlohmann::json::array();
        for (const auto& c : s.corners) corners.push_back({c.x, c.y});
        tags.push_back({{"payload", s.payload},
                        {"known", is_known(s.payload, cards)},
                        {"corners", corners},
                        {"angle_deg", round_to(s.angle_deg, 0.1)},
                        {"bowed", is_bowed(s.angle_deg)}});
      }
      const nlohmann::json line = {{"frame", frame.name}, {"ms", round_to(ms, 0.001)}, {"tags", tags}};
      // A code's bytes need not be UTF-8, which dump() would throw on: they are replaced instead.
      fmt::print(out, "{}\n", line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    } else {
      std::string read;
      for (const auto& s : sightings) {
        // One frame, one line: a payload is printed escaped (JSON lines escape it themselves).
        read += fmt::format("  {}{}{}", printable(s.payload), is_known(s.payload, cards) ? "" : " (unknown)",
                            is_bowed(s.angle_deg) ? " bowed" : "");
      }
      fmt::print(out, "{:<24} {:7.2f} ms{}\n", printable(frame.name), ms, read.empty() ? "  -" : read);
    }
  }
  if (evaluator) summary.truth = evaluator->finish();
  // A truth.json of another recording scores every frame as missed: that is a wrong file, not a
  // reader that read nothing, and must not pass for a result.
  if (summary.truth && summary.frames > 0 &&
      summary.truth->not_in_truth.size() == static_cast<std::size_t>(summary.frames)) {
    return fail(fmt::format("--truth: the truth names none of the {} frames of {} (the first is {}): is it this "
                            "recording's truth.json?",
                            summary.frames, input, printable(summary.truth->not_in_truth.front())));
  }
  if (board) summary.board = board->evaluator->finish();
  return summary;
}

}  // namespace

Result<ReplaySummary> replay(const std::string& input, const engine::CardLibrary& cards, ReplayFormat format,
                             std::FILE* out, std::int64_t frame_interval_ms) {
  return run(input, cards, format, out, nullptr, frame_interval_ms);
}

Result<ReplaySummary> replay(const std::string& input, const engine::CardLibrary& cards, ReplayFormat format,
                             std::FILE* out, const vision::synth::RecordingTruth& truth,
                             std::int64_t frame_interval_ms) {
  TruthEvaluator evaluator(truth);
  std::unique_ptr<Board> board;
  if (BoardEvaluator::has_table(truth)) {
    auto opened = open_board(input, truth, cards);
    if (!opened) return fail(opened.error().message);
    board = std::move(opened).value();
  }
  return run(input, cards, format, out, &evaluator, frame_interval_ms, board.get());
}

Result<vision::synth::RecordingTruth> load_truth(const std::string& path) {
  auto text = read_text_file(path);
  if (!text) return fail(text.error().message);
  auto truth = vision::synth::parse_truth(*text, path);
  if (!truth) return fail(truth.error().message);
  return std::move(*truth);
}

}  // namespace seneschal::firmware
