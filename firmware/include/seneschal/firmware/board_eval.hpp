#pragma once
// Board accuracy: the table the engine keeps, frame by frame, scored against a recording's truth
// table (assets/recordings/README.md, "table"). A physical change is a card laid, turned to
// another quarter, slid into another seat's area or zone, or taken away; it has reached the
// engine at the first frame where the engine's table agrees with the truth about it. A "left" the
// engine keeps while the truth still has the card on the table is a false left (a hand's
// occlusion taken for a card leaving); an engine change that puts a card in a seat or zone, or at
// a quarter, the truth did not have there is a wrong seat or a wrong quarter.

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
  std::vector<std::string> problems; // the first few, for people ("frame-0042.jpg: HEKTOR #1 left while covered")

  double reached_within_3() const { return changes == 0 ? 1.0 : static_cast<double>(within_3_frames) / changes; }
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
  };
  using Board = std::vector<std::pair<std::string, Lie>>;  // by payload, sorted
  vision::synth::RecordingTruth truth_;
  std::string game_code_;
  std::vector<Board> truth_boards_;   // by truth frame
  std::vector<Board> engine_boards_;  // by truth frame; a frame never replayed stays empty
  std::vector<bool> replayed_;
};

// The value at fraction p (0.5: the median) of a list of frame counts; 0 for none.
double frames_percentile(std::vector<int> values, double p);

// Text lines for people, or one JSON line {"board": {...}}.
void print_board_report(const BoardReport& report, bool as_json, std::FILE* out);

}  // namespace seneschal::firmware
