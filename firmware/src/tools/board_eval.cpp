#include "seneschal/firmware/tools/board_eval.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {
namespace {

constexpr std::size_t kProblemsKept = 20;
constexpr double kStillMm = 5;  // a card whose code moves less between two frames lies still

template <typename Board>
auto find(const Board& board, const std::string& payload) -> decltype(&board.front().second) {
  auto it = std::lower_bound(board.begin(), board.end(), payload,
                             [](const auto& entry, const std::string& p) { return entry.first < p; });
  return it != board.end() && it->first == payload ? &it->second : nullptr;
}

nlohmann::json kind_json(const BoardReport::Kind& kind) {
  return {{"changes", kind.changes}, {"within_3_frames", kind.within_3_frames}};
}

}  // namespace

std::string kind_text(const BoardReport::Kind& kind) {
  return kind.changes == 0 ? "-"
                           : fmt::format("{:.0f} % of {}", 100.0 * kind.within_3_frames / kind.changes, kind.changes);
}

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
      const bool under_hand = std::any_of(frame.hidden.begin(), frame.hidden.end(), [&](const auto& h) {
        return h.payload == card.payload && h.why == vision::synth::Hidden::Hand;
      });
      board.push_back({card.payload, Lie{card.seat, card.zone, card.quarter, card.hidden, card.hidden && under_hand,
                                         card.x_mm, card.y_mm, false}});
    }
    std::sort(board.begin(), board.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    truth_boards_.push_back(std::move(board));
  }
  engine_boards_.resize(truth_boards_.size());
  replayed_.resize(truth_boards_.size(), false);
  mark_passage();
}

// Each lie of each card, from its first frame: passage unless the camera saw it in two frames or
// more (or in one, at the recording's end) and the card lay still in it between two frames.
void BoardEvaluator::mark_passage() {
  const std::size_t n = truth_boards_.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (auto& [payload, lie] : truth_boards_[i]) {
      const Lie* was = i == 0 ? nullptr : find(truth_boards_[i - 1], payload);
      if (was && was->same_place(lie)) continue;  // marked with the lie's first frame
      int visible = 0;
      bool still = false;
      std::size_t end = i;
      for (; end < n; ++end) {
        const Lie* then = find(truth_boards_[end], payload);
        if (!then || !then->same_place(lie)) break;
        visible += then->hidden ? 0 : 1;
        if (end > i) {
          const Lie* prev = find(truth_boards_[end - 1], payload);
          still = still || std::hypot(then->x_mm - prev->x_mm, then->y_mm - prev->y_mm) < kStillMm;
        }
      }
      const bool passage = visible == 0 || (visible == 1 && end < n) || (end - i > 1 && !still);
      for (std::size_t k = i; k < end; ++k) {
        auto it = std::lower_bound(truth_boards_[k].begin(), truth_boards_[k].end(), payload,
                                   [](const auto& entry, const std::string& p) { return entry.first < p; });
        it->second.passage = passage;
      }
    }
  }
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
      // lie it can see is. A last frame of the recording stands on its own. So is a lie the card
      // only passed through, moving all along (mark_passage).
      if (lie.passage) continue;
      ++r.changes;
      const char* what = laid ? "laid" : moved ? "moved" : "turned";
      BoardReport::Kind& kind = laid ? r.laid : moved ? r.moved : r.turned;
      ++kind.changes;
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
        if (latency <= 3)
          ++r.within_3_frames, ++kind.within_3_frames;
        else problem(i, payload + " " + what + ": the engine followed " + std::to_string(latency) + " frames later");
        break;
      }
      if (!reached) problem(i, payload + " " + what + " (seat " + std::to_string(lie.seat) + ", quarter " +
                                   std::to_string(lie.quarter) + "): never reached the engine");
    }
    for (const auto& [payload, lie] : before) {
      if (find(now, payload)) continue;
      std::optional<std::size_t> left_at;  // the first frame the engine no longer has it
      std::size_t j = i;
      for (; j < n && !find(truth_boards_[j], payload); ++j) {
        if (!find(engine[j], payload)) {
          left_at = j;
          break;
        }
      }
      // Taken away in the recording's last three frames and not followed yet: the engine had no
      // three frames to follow it in, so it is not judged (as a lie in the last frame is not).
      if (!left_at && j == n && n - i <= 3) continue;
      ++r.removals;
      ++r.taken_away.changes;
      if (left_at) {
        const int latency = static_cast<int>(*left_at - i);
        ++r.removals_reached;
        r.removal_latency_frames.push_back(latency);
        if (latency <= 3) ++r.taken_away.within_3_frames;
        else problem(i, payload + " taken away: the engine followed " + std::to_string(latency) + " frames later");
      } else {
        problem(i, payload + " taken away: never left the engine's table");
      }
    }
    if (i == 0 || !replayed_[i]) continue;
    // What the engine changed in this frame, against the truth of this frame or the one before
    // (the engine follows a slide or a turn a frame or two behind).
    for (const auto& [payload, lie] : engine[i - 1]) {
      if (!find(engine[i], payload) && find(now, payload)) {
        ++r.false_left;
        if (find(now, payload)->under_hand) ++r.false_left_under_hand;
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
  count_missing(engine, r);
  count_false_turns(engine, r);
  return r;
}

void BoardEvaluator::count_missing(const std::vector<Board>& engine, BoardReport& r) const {
  struct Stay {
    int visible_before = 0;   // frames of this stay the camera could see the card in, so far
    bool engine_had = false;  // the engine's table had it in a frame of this stay, so far
    bool missing = false;     // missing in the frame before (a problem is said once a spell)
  };
  std::map<std::string, Stay> stays;
  for (std::size_t i = 0; i < truth_boards_.size(); ++i) {
    std::map<std::string, Stay> next;
    for (const auto& [payload, lie] : truth_boards_[i]) {
      const auto before = stays.find(payload);
      Stay stay = before == stays.end() ? Stay{} : before->second;  // a card not there before starts a stay
      const bool has = find(engine[i], payload) != nullptr;
      if (replayed_[i] && !lie.hidden && (stay.engine_had || stay.visible_before >= 3)) {
        ++r.visible_card_frames;
        if (!has) {
          ++r.missing_card_frames;
          if (!stay.missing && r.problems.size() < kProblemsKept)
            r.problems.push_back(truth_.frames[i].frame + ": " + payload +
                                 " missing from the engine's table in plain view");
        }
      }
      stay.missing = replayed_[i] && !lie.hidden && !has;
      stay.visible_before += lie.hidden ? 0 : 1;
      stay.engine_had = stay.engine_had || has;
      next.emplace(payload, stay);
    }
    stays = std::move(next);
  }
}

void BoardEvaluator::count_false_turns(const std::vector<Board>& engine, BoardReport& r) const {
  // Cards the engine turned falsely, with the truth's lie then: turning back while the truth
  // still lies so is the second half of the same mistake.
  std::map<std::string, Lie> pending;
  for (std::size_t i = 1; i < truth_boards_.size(); ++i) {
    if (!replayed_[i]) continue;
    for (const auto& [payload, lie] : engine[i]) {
      const Lie* was = find(engine[i - 1], payload);
      if (!was || was->seat != lie.seat || was->zone != lie.zone || was->quarter == lie.quarter) continue;
      const Lie* t_now = find(truth_boards_[i], payload);
      const Lie* t_before = find(truth_boards_[i - 1], payload);
      const auto has_it = [&](const Lie* t) {
        return t && !t->passage && t->seat == lie.seat && t->zone == lie.zone && t->quarter == lie.quarter;
      };
      const auto back = pending.find(payload);
      const bool turned_back = back != pending.end() && t_now && t_now->same_place(back->second);
      if (back != pending.end()) pending.erase(back);
      if (!has_it(t_now) && !has_it(t_before)) {
        ++r.false_turns;
        if (t_now) pending[payload] = *t_now;
        if (r.problems.size() < kProblemsKept)
          r.problems.push_back(truth_.frames[i].frame + ": " + payload + " turned to quarter " +
                               std::to_string(lie.quarter) + " in seat " + std::to_string(lie.seat) +
                               ", which the truth never did");
      } else if (turned_back) {
        ++r.false_turns;
        if (r.problems.size() < kProblemsKept)
          r.problems.push_back(truth_.frames[i].frame + ": " + payload + " turned back to quarter " +
                               std::to_string(lie.quarter) + " after a false turn");
      }
    }
  }
}

std::string board_json(const BoardReport& r) {
  const double median = frames_percentile(r.latency_frames, 0.5), p95 = frames_percentile(r.latency_frames, 0.95);
  const double removal_median = frames_percentile(r.removal_latency_frames, 0.5);
  const nlohmann::json board = {{"frames", r.frames},
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
                                {"wrong_quarters", r.wrong_quarters},
                                // Added with the hard games; the keys above keep their meaning.
                                {"laid", kind_json(r.laid)},
                                {"turned", kind_json(r.turned)},
                                {"moved", kind_json(r.moved)},
                                {"taken_away", kind_json(r.taken_away)},
                                {"all_within_3_percent", 100.0 * r.all_within_3()},
                                {"visible_card_frames", r.visible_card_frames},
                                {"missing_card_frames", r.missing_card_frames},
                                {"false_left_under_hand", r.false_left_under_hand},
                                {"false_turns", r.false_turns}};
  return board.dump();
}

void print_board_report(const BoardReport& r, bool as_json, std::FILE* out) {
  const double median = frames_percentile(r.latency_frames, 0.5), p95 = frames_percentile(r.latency_frames, 0.95);
  const double removal_median = frames_percentile(r.removal_latency_frames, 0.5);
  if (as_json) {
    fmt::print(out, "{{\"board\":{}}}\n", board_json(r));
    return;
  }
  fmt::print(out, "board: {} of {} changes reached the engine, {} within 3 frames ({:.1f} %); frames to the engine "
                  "median {} p95 {}\n",
             r.reached, r.changes, r.within_3_frames, 100.0 * r.reached_within_3(), median, p95);
  fmt::print(out, "board: {} of {} cards taken away left the engine's table (median {} frames); {} false left "
                  "during {} hand occlusions; {} wrong seats; {} wrong quarter turns\n",
             r.removals_reached, r.removals, removal_median, r.false_left, r.occlusions, r.wrong_seats,
             r.wrong_quarters);
  fmt::print(out,
             "board: within 3 frames: {:.1f} % of all {} changes (removals included); laid {}, turned {}, moved {}, "
             "taken away {}\n",
             100.0 * r.all_within_3(), r.changes + r.removals, kind_text(r.laid), kind_text(r.turned),
             kind_text(r.moved), kind_text(r.taken_away));
  fmt::print(out,
             "board: {} of {} card-frames in plain view missing from the engine's table; {} false left under a hand; "
             "{} false turns\n",
             r.missing_card_frames, r.visible_card_frames, r.false_left_under_hand, r.false_turns);
  for (const std::string& p : r.problems) fmt::print(out, "  {}\n", p);
}

}  // namespace seneschal::firmware
