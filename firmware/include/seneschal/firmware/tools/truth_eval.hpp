#pragma once
// `seneschal replay --truth`: scores what the pipeline read against a recording's truth.json
// (assets/recordings/README.md), frame by frame, in the terms of the vision issue's blackbox
// tests: recall, misreads (which must stay at zero), bowed accuracy, and the frames that failed.

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "seneschal/vision/sighting.hpp"
#include "seneschal/vision/synth.hpp"

namespace seneschal::firmware {

// What went wrong in one frame. A frame fails when a visible tag was missed, a payload was
// misread, or a found tag's bowed state disagrees with the truth.
struct FrameVerdict {
  std::string frame;
  std::vector<std::string> missed;       // visible per the truth, not read
  std::vector<std::string> misread;      // read, but neither visible nor foreign per the truth
  std::vector<std::string> bowed_wrong;  // found, with the wrong bowed state
  std::vector<std::string> hidden_read;  // read although the truth calls it hidden (not a misread)
  bool failed() const { return !missed.empty() || !misread.empty() || !bowed_wrong.empty(); }
};

struct TruthReport {
  int frames = 0;         // frames of the truth that were scored
  int visible = 0;        // tags the truth says a reader must find
  int found = 0;          // of those, read
  int misreads = 0;
  int hidden_read = 0;
  int bowed_checked = 0;  // found tags whose bowed state was compared
  int bowed_right = 0;
  std::vector<std::string> not_in_truth;  // replayed frames the truth does not mention
  std::vector<FrameVerdict> failed;       // in frame order
  double recall() const { return visible == 0 ? 1.0 : static_cast<double>(found) / visible; }
  double bowed_accuracy() const { return bowed_checked == 0 ? 1.0 : static_cast<double>(bowed_right) / bowed_checked; }
};

class TruthEvaluator {
 public:
  explicit TruthEvaluator(vision::synth::RecordingTruth truth);
  // One call per replayed frame, with everything read in it (ours and foreign).
  void add(const std::string& frame, const std::vector<vision::Sighting>& read);
  // Frames of the truth that were never replayed count as failed, with every visible tag missed.
  TruthReport finish() const;

 private:
  vision::synth::RecordingTruth truth_;
  std::map<std::string, std::size_t> index_;  // frame name -> truth_.frames index
  std::map<std::string, FrameVerdict> verdicts_;
  TruthReport report_;
};

// Text: "truth: recall ..." lines for people. JsonLines: one line {"truth": {...}} (see README).
void print_truth_report(const TruthReport& report, bool as_json, std::FILE* out);

}  // namespace seneschal::firmware
