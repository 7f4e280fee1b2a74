#include "seneschal/firmware/tools/truth_eval.hpp"

#include "seneschal/vision/table_calibration.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace seneschal::firmware {
namespace {

vision::Point centre(const std::array<vision::Point, 4>& corners) {
  vision::Point c;
  for (const auto& p : corners) {
    c.x += p.x / 4.0f;
    c.y += p.y / 4.0f;
  }
  return c;
}

template <typename List>
bool lists(const List& tags, const std::string& payload) {
  return std::any_of(tags.begin(), tags.end(), [&](const auto& t) { return t.payload == payload; });
}

// One tag a reader must find: payloads_visible is the list; tags (same order) adds the geometry,
// used to pair duplicates by position and to check bowed. A hand-edited truth whose two lists
// disagree still scores by payloads_visible, with no bowed check for that entry.
struct Expected {
  std::string payload;
  const vision::synth::TruthTag* tag = nullptr;
};

FrameVerdict score(const vision::synth::TruthFrame& truth, const std::vector<vision::Sighting>& read, TruthReport& report) {
  FrameVerdict verdict;
  verdict.frame = truth.frame;
  std::vector<Expected> expected;
  for (std::size_t i = 0; i < truth.payloads_visible.size(); ++i) {
    const auto& payload = truth.payloads_visible[i];
    const bool same = i < truth.tags.size() && truth.tags[i].payload == payload;
    expected.push_back({payload, same ? &truth.tags[i] : nullptr});
  }
  std::vector<bool> used(expected.size(), false);
  for (const auto& s : read) {
    // The nearest unused expected tag with this payload (a duplicate card lies twice on the table).
    std::size_t best = expected.size();
    double best_d = std::numeric_limits<double>::max();
    const vision::Point c = centre(s.corners);
    for (std::size_t i = 0; i < expected.size(); ++i) {
      if (used[i] || expected[i].payload != s.payload) continue;
      double d = std::numeric_limits<double>::max() / 2;
      if (expected[i].tag) {
        const vision::Point t = centre(expected[i].tag->corners);
        d = std::hypot(t.x - c.x, t.y - c.y);
      }
      if (d < best_d) {
        best_d = d;
        best = i;
      }
    }
    const bool visible = std::find(truth.payloads_visible.begin(), truth.payloads_visible.end(), s.payload) !=
                         truth.payloads_visible.end();
    if (best < expected.size()) {
      used[best] = true;
      ++report.found;
      if (expected[best].tag) {
        ++report.bowed_checked;
        // Against the image's up until seats are calibrated, as replay reports it.
        if (vision::is_bowed(s.angle_deg, 0.0) == expected[best].tag->bowed) {
          ++report.bowed_right;
        } else {
          verdict.bowed_wrong.push_back(s.payload);
        }
      }
    } else if (visible || lists(truth.foreign, s.payload)) {
      // A second read of a visible tag, or a foreign code: to be ignored, not an error.
    } else if (lists(truth.hidden, s.payload)) {
      verdict.hidden_read.push_back(s.payload);
      ++report.hidden_read;
    } else {
      verdict.misread.push_back(s.payload);
      ++report.misreads;
    }
  }
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (!used[i]) verdict.missed.push_back(expected[i].payload);
  }
  report.visible += static_cast<int>(expected.size());
  ++report.frames;
  return verdict;
}

}  // namespace

TruthEvaluator::TruthEvaluator(vision::synth::RecordingTruth truth) : truth_(std::move(truth)) {
  for (std::size_t i = 0; i < truth_.frames.size(); ++i) index_[truth_.frames[i].frame] = i;
}

void TruthEvaluator::add(const std::string& frame, const std::vector<vision::Sighting>& read) {
  auto it = index_.find(frame);
  if (it == index_.end()) {
    report_.not_in_truth.push_back(frame);
    return;
  }
  if (verdicts_.count(frame)) return;  // a frame replayed twice is scored once
  verdicts_[frame] = score(truth_.frames[it->second], read, report_);
}

TruthReport TruthEvaluator::finish() const {
  TruthReport report = report_;
  for (const auto& truth : truth_.frames) {
    auto it = verdicts_.find(truth.frame);
    if (it != verdicts_.end()) {
      if (it->second.failed()) report.failed.push_back(it->second);
      continue;
    }
    // Never replayed: everything it should have shown was missed.
    FrameVerdict verdict = score(truth, {}, report);
    verdict.missed.insert(verdict.missed.begin(), "(frame not in the input)");
    report.failed.push_back(verdict);
  }
  return report;
}

void print_truth_report(const TruthReport& report, bool as_json, std::FILE* out) {
  if (as_json) {
    nlohmann::json failed = nlohmann::json::array();
    for (const auto& f : report.failed) {
      failed.push_back({{"frame", f.frame}, {"missed", f.missed}, {"misread", f.misread}, {"bowed_wrong", f.bowed_wrong}});
    }
    const nlohmann::json line = {{"truth",
                                  {{"frames", report.frames},
                                   {"visible", report.visible},
                                   {"found", report.found},
                                   {"recall", report.recall()},
                                   {"misreads", report.misreads},
                                   {"hidden_read", report.hidden_read},
                                   {"bowed_checked", report.bowed_checked},
                                   {"bowed_right", report.bowed_right},
                                   {"bowed_accuracy", report.bowed_accuracy()},
                                   {"not_in_truth", report.not_in_truth},
                                   {"failed", failed}}}};
    fmt::print(out, "{}\n", line.dump());
    return;
  }
  fmt::print(out, "truth: {} frames, recall {:.3f} ({}/{}), misreads {}, bowed accuracy {:.3f} ({}/{})\n", report.frames,
             report.recall(), report.found, report.visible, report.misreads, report.bowed_accuracy(), report.bowed_right,
             report.bowed_checked);
  if (report.hidden_read > 0) fmt::print(out, "truth: {} reads of tags the truth calls hidden\n", report.hidden_read);
  for (const auto& frame : report.not_in_truth) fmt::print(out, "truth: {} is not in the truth, not scored\n", frame);
  if (report.failed.empty()) {
    fmt::print(out, "failed frames: none\n");
    return;
  }
  fmt::print(out, "failed frames: {}\n", report.failed.size());
  for (const auto& f : report.failed) {
    std::string what;
    if (!f.missed.empty()) what += fmt::format("  missed {}", fmt::join(f.missed, ", "));
    if (!f.misread.empty()) what += fmt::format("  misread {}", fmt::join(f.misread, ", "));
    if (!f.bowed_wrong.empty()) what += fmt::format("  bowed wrong {}", fmt::join(f.bowed_wrong, ", "));
    fmt::print(out, "  {}:{}\n", f.frame, what);
  }
}

}  // namespace seneschal::firmware
