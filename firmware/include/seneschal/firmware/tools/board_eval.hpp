#pragma once
// Board accuracy: the table the engine keeps, frame by frame, scored against a recording's truth
// table (assets/recordings/README.md, "table"). A physical change is a card laid, turned to
// another quarter, slid into another seat's area or zone, or taken away; it has reached the
// engine at the first frame where the engine's table agrees with the truth about it. A "left" the
// engine keeps while the truth still has the card on the table is a false left (a hand's
// occlusion taken for a card leaving); an engine change that puts a card in a seat or zone, or at
// a quarter, the truth did not have there is a wrong seat or a wrong quarter.
//
// The precise rules of the figures added for the hard games:
// - A lie (a card's seat, zone and quarter, over the frames it keeps them) is passage, and no
//   change, when the camera saw it in no frame, or in one frame only before another lie followed,
//   or when the card never lay still in it (its code moved 5 mm or more between every two frames
//   of it: a card on its way, turned on the way). A turn where the card lies moves its code less.
// - Per kind: a change is laid, moved (into another seat's area or zone; a quarter changed with it
//   is part of the move) or turned (another quarter where it lies); a removal is a card taken
//   away, reached when the engine's table lacks it, its latency the frames since. "Within 3
//   frames" over all kinds (all_within_3) counts removals too.
// - Missing card-frames: in a replayed frame, the truth has the card on the table and not hidden,
//   the engine's table lacks it, and the card was due: during its present stay on the table (the
//   frames since it was laid, without a gap) the engine had it in an earlier frame, or the camera
//   could see it in at least 3 earlier frames (the latency a change is allowed). visible_card_frames
//   counts every such due, visible card-frame, missing or not.
// - False left under a hand: a false left while the truth has the card hidden under a hand.
// - False turns: the engine turns a card where it lies (same seat and zone, another quarter) to a
//   quarter the truth does not have it at, where the engine has it, in this frame or the one
//   before, other than in passage (a turn in the old seat during a slide); and the engine turning
//   a card back from such a false turn while the truth's lie has not changed since (the turn back).

#include <cstdio>
#include <string>
#include <vector>

#include "seneschal/engine/table_state.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {

struct BoardReport {
  int frames = 0;
  int changes = 0;                   // laid, turned, moved and held (a lie of one frame is a card in passage)
  int reached = 0;                   // of those, reached the engine
  int within_3_frames = 0;           // of those, within 3 frames of the change
  // Per change reached: frames from the change to the engine, counting only those in which the
  // card could be seen (a card laid under a hand waits for the hand to go).
  std::vector<int> latency_frames;
  int removals = 0;                  // cards taken away
  int removals_reached = 0;
  std::vector<int> removal_latency_frames;
  int occlusions = 0;                // spells of a card hidden by a hand, in the truth
  int false_left = 0;                // the engine dropped a card the truth still had on the table
  int wrong_seats = 0;               // engine changes into a seat or zone the truth did not have
  int wrong_quarters = 0;            // engine changes to a quarter the truth did not have
  // Per kind of change: how many, and how many reached the engine within 3 frames.
  struct Kind {
    int changes = 0;
    int within_3_frames = 0;
  };
  Kind laid, turned, moved, taken_away;  // taken_away counts the removals
  int visible_card_frames = 0;           // card-frames the engine's table should have held (see above)
  int missing_card_frames = 0;           // of those, missing from the engine's table
  int false_left_under_hand = 0;         // of false_left, while a hand covered the card
  int false_turns = 0;                   // engine turns the truth never made, and their turns back
  std::vector<std::string> problems; // the first few, for people ("frame-0042.jpg: HEKTOR #1 left while covered")

  double reached_within_3() const { return changes == 0 ? 1.0 : static_cast<double>(within_3_frames) / changes; }
  // Every kind, removals included.
  double all_within_3() const {
    const int all = changes + removals;
    return all == 0 ? 1.0 : static_cast<double>(within_3_frames + taken_away.within_3_frames) / all;
  }
};

class BoardEvaluator {
 public:
  // game_code: the tag code of the engine's game ("R9E"), to name its cards as the truth does.
  BoardEvaluator(vision::synth::RecordingTruth truth, std::string game_code);
  // After each replayed frame, the engine's table as it stands then.
  void add(const std::string& frame, const std::vector<engine::TableCard>& table);
  BoardReport finish() const;

  // Whether a truth has a table to score against (recordings written before it had none).
  static bool has_table(const vision::synth::RecordingTruth& truth);

 private:
  struct Lie {
    int seat = 0;  // 1-based, 0 none: the truth's numbering
    std::string zone;
    int quarter = 0;
    bool hidden = false;
    bool under_hand = false;  // hidden by a hand
    double x_mm = 0, y_mm = 0;
    bool passage = false;  // part of a lie that is passage (see above); the truth's only
    bool same_place(const Lie& o) const { return seat == o.seat && zone == o.zone && quarter == o.quarter; }
  };
  using Board = std::vector<std::pair<std::string, Lie>>;  // by payload, sorted
  vision::synth::RecordingTruth truth_;
  std::string game_code_;
  std::vector<Board> truth_boards_;   // by truth frame
  std::vector<Board> engine_boards_;  // by truth frame; a frame never replayed stays empty
  std::vector<bool> replayed_;

  void mark_passage();
  void count_missing(const std::vector<Board>& engine, BoardReport& r) const;
  void count_false_turns(const std::vector<Board>& engine, BoardReport& r) const;
};

// The value at fraction p (0.5: the median) of a list of frame counts; 0 for none.
double frames_percentile(std::vector<int> values, double p);

// One kind's figures for people: "92 % of 25" (within 3 frames, of how many), "-" for none.
std::string kind_text(const BoardReport::Kind& kind);

// The report as a JSON object (the "board" of print_board_report's line).
std::string board_json(const BoardReport& report);

// Text lines for people, or one JSON line {"board": {...}}.
void print_board_report(const BoardReport& report, bool as_json, std::FILE* out);

}  // namespace seneschal::firmware
