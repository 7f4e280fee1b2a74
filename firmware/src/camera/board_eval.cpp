#include "seneschal/firmware/board_eval.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {
namespace {

constexpr std::size_t kProblemsKept = 20;

template <typename Board>
auto find(const Board& board, const std::string& payload) -> decltype(&board.front().second) {
  auto it = std::lower_bound(board.begin(), board.end(), payload,
                             [](const auto& entry, const std::string& p) { return entry.first < p; });
  return it != board.end() && it->first == payload ? &it->second : nullptr;
}


}  // namespace

double frames_percentile(std::vector<int> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

bool BoardEvaluator::has_table(const vision::synth::RecordingTruth& truth) {
  return std::any_of(truth.frames.begin(), truth.frames.end(), [](const auto& f) { return !f.table.empty(); });
}

BoardEvaluator::BoardEvaluator(vision::synth::RecordingTruth truth, std::string game_code)
    : truth_(std::move(truth)), game_code_(std::move(game_code)) {
  for (const auto& frame : truth_.frames) {
    Board board;
    for (const auto& card : frame.table) {
      // Only card tags lie on the engine's table: corner, seat and control tags are not cards.
      auto tag = vision::parse_tag(card.payload);
      if (!tag || tag->kind != vision::Tag::Kind::Card) continue;
      board.push_back({card.payload, Lie{card.seat, card.zone, card.quarter, card.hidden}});
    }
    std::sort(board.begin(), board.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    truth_boards_.push_back(std::move(board));
  }
  engine_boards_.resize(truth_boards_.size());
  replayed_.resize(truth_boards_.size(), false);
}

void BoardEvaluator::add(const std::string& frame, const std::vector<engine::TableCard>& table) {
  std::size_t index = 0;
  while (index < truth_.frames.size() && truth_.frames[index].frame != frame) ++index;
  if (index == truth_.frames.size()) return;
  Board board;
  for (const engine::TableCard& card : table) {
    board.push_back({"S1:" + game_code_ + ":" + card.card + ":" + std::to_string(card.copy),
                     Lie{card.seat + 1, card.zone, card.quarter, false}});
  }
  std::sort(board.begin(), board.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  engine_boards_[index] = std::move(board);
  replayed_[index] = true;
}

BoardReport BoardEvaluator::finish() const {
  BoardReport r;
  const std::size_t n = truth_boards_.size();
  // A frame never replayed keeps the engine's table of the frame before.
  std::vector<Board> engine = engine_boards_;
  for (std::size_t i = 1; i < n; ++i) {
    if (!replayed_[i]) engine[i] = engine[i - 1];
  }
  r.frames = static_cast<int>(std::count(replayed_.begin(), replayed_.end(), true));
  const auto problem = [&](std::size_t frame, const std::string& text) {
    if (r.problems.size() < kProblemsKept) r.problems.push_back(truth_.frames[frame].frame + ": " + text);
  };
  const Board empty;
  for (std::size_t i = 0; i < n; ++i) {
    const Board& before = i == 0 ? empty : truth_boards_[i - 1];
    const Board& now = truth_boards_[i];
    for (const auto& [payload, lie] : now) {
      const Lie* was = find(before, payload);
      if (lie.hidden && (!was || !was->hidden)) ++r.occlusions;
      const bool laid = !was;
      const bool moved = was && (was->seat != lie.seat || was->zone != lie.zone);
      const bool turned = was && !moved && was->quarter != lie.quarter;
      if (!laid && !moved && !turned) continue;
      // A lie the camera saw in one frame only is a card in passage (a slide crossing the gap
      // between two seats' areas, or caught once before the hand sliding it covered it), and one
      // it never saw (slid across under a hand and on) is no change it could report: the next
      // lie it can see is. A last frame of the recording stands on its own.
      int visible = 0;
      std::size_t run_end = i;
      for (; run_end < n; ++run_end) {
        const Lie* then = find(truth_boards_[run_end], payload);
        if (!then || then->seat != lie.seat || then->zone != lie.zone || then->quarter != lie.quarter) break;
        visible += then->hidden ? 0 : 1;
      }
      if (visible == 0 || (visible == 1 && run_end < n)) continue;
      ++r.changes;
      const char* what = laid ? "laid" : moved ? "moved" : "turned";
      bool reached = false;
      // Reached at the first frame the engine agrees, before the truth changes the card again.
      for (std::size_t j = i; j < n; ++j) {
        const Lie* truth_then = find(truth_boards_[j], payload);
        if (!truth_then || truth_then->seat != lie.seat || truth_then->zone != lie.zone ||
            truth_then->quarter != lie.quarter) {
          break;
        }
        const Lie* seen = find(engine[j], payload);
        const bool agrees = seen && (laid || (moved ? seen->seat == lie.seat && seen->zone == lie.zone
                                                    : seen->quarter == lie.quarter));
        if (!agrees) continue;
        ++r.reached;
        reached = true;
        // Frames the camera could see the card before the engine had it: a frame under a hand
        // shows the camera nothing to follow, so it is not counted.
        int latency = 0;
        for (std::size_t k = i; k < j; ++k) latency += find(truth_boards_[k], payload)->hidden ? 0 : 1;
        r.latency_frames.push_back(latency);
        if (latency <= 3) ++r.within_3_frames;
        else problem(i, payload + " " + what + ": the engine followed " + std::to_string(latency) + " frames later");
        break;
      }
      if (!reached) problem(i, payload + " " + what + " (seat " + std::to_string(lie.seat) + ", quarter " +
                                   std::to_string(lie.quarter) + "): never reached the engine");
    }
    for (const auto& [payload, lie] : before) {
      if (find(now, payload)) continue;
      ++r.removals;
      for (std::size_t j = i; j < n && !find(truth_boards_[j], payload); ++j) {
        if (find(engine[j], payload)) continue;
        ++r.removals_reached;
        r.removal_latency_frames.push_back(static_cast<int>(j - i));
        break;
      }
    }
    if (i == 0 || !replayed_[i]) continue;
    // What the engine changed in this frame, against the truth of this frame or the one before
    // (the engine follows a slide or a turn a frame or two behind).
    for (const auto& [payload, lie] : engine[i - 1]) {
      if (!find(engine[i], payload) && find(now, payload)) {
        ++r.false_left;
        problem(i, payload + " left the engine's table while it lay there" +
                       (find(now, payload)->hidden ? " under a hand" : ""));
      }
    }
    for (const auto& [payload, lie] : engine[i]) {
      const Lie* was = find(engine[i - 1], payload);
      const Lie* t_now = find(now, payload);
      const Lie* t_before = find(before, payload);
      if (!t_now && !t_before) continue;  // taken away: the removal's latency covers it
      const auto same_area = [&](const Lie* t) { return t && t->seat == lie.seat && t->zone == lie.zone; };
      const auto same_quarter = [&](const Lie* t) { return t && t->quarter == lie.quarter; };
      if ((!was || was->seat != lie.seat || was->zone != lie.zone) && !same_area(t_now) && !same_area(t_before)) {
        ++r.wrong_seats;
        problem(i, payload + " placed in seat " + std::to_string(lie.seat) + " zone \"" + lie.zone + "\"");
      }
      if ((!was || was->quarter != lie.quarter) && !same_quarter(t_now) && !same_quarter(t_before)) {
        ++r.wrong_quarters;
        problem(i, payload + " at quarter " + std::to_string(lie.quarter) + ", the truth has " +
                       std::to_string(t_now ? t_now->quarter : t_before->quarter));
      }
    }
  }
  return r;
}

void print_board_report(const BoardReport& r, bool as_json, std::FILE* out) {
  const double median = frames_percentile(r.latency_frames, 0.5), p95 = frames_percentile(r.latency_frames, 0.95);
  const double removal_median = frames_percentile(r.removal_latency_frames, 0.5);
  if (as_json) {
    const nlohmann::json line = {{"board",
                                  {{"frames", r.frames},
                                   {"changes", r.changes},
                                   {"reached", r.reached},
                                   {"within_3_frames", r.within_3_frames},
                                   {"latency_frames_median", median},
                                   {"latency_frames_p95", p95},
                                   {"removals", r.removals},
                                   {"removals_reached", r.removals_reached},
                                   {"removal_latency_frames_median", removal_median},
                                   {"occlusions", r.occlusions},
                                   {"false_left", r.false_left},
                                   {"wrong_seats", r.wrong_seats},
                                   {"wrong_quarters", r.wrong_quarters}}}};
    fmt::print(out, "{}\n", line.dump());
    return;
  }
  fmt::print(out, "board: {} of {} changes reached the engine, {} within 3 frames ({:.1f} %); frames to the engine "
                  "median {} p95 {}\n",
             r.reached, r.changes, r.within_3_frames, 100.0 * r.reached_within_3(), median, p95);
  fmt::print(out, "board: {} of {} cards taken away left the engine's table (median {} frames); {} false left "
                  "during {} hand occlusions; {} wrong seats; {} wrong quarter turns\n",
             r.removals_reached, r.removals, removal_median, r.false_left, r.occlusions, r.wrong_seats,
             r.wrong_quarters);
  for (const std::string& p : r.problems) fmt::print(out, "  {}\n", p);
}

}  // namespace seneschal::firmware
