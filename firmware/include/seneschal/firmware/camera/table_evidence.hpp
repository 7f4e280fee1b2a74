#pragma once
// The evidence for a disagreement between the table and the books: for each card, a small crop of
// the last frame in which the camera saw its tag (cut on the camera thread, FrameReport::crops).
// While the screen asks the players about a card, the view carries that picture, so they see what
// the camera saw ("Hektor left the table": here is how it lay when last seen) before they answer.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include <opencv2/core.hpp>

#include "seneschal/engine/table_state.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/table/tag_router.hpp"

namespace seneschal::firmware {

struct FrameReport;

class TableEvidence {
 public:
  // Keeps each card tag's crop from the report (the newest wins); other tags are no card.
  void note(const FrameReport& report, const TagRouter& router, const std::string& game);
  // The picture for the disagreement the screen asks about now, if the camera ever saw that card.
  // now_ms: the report clock, for "last seen 4 s ago".
  std::optional<engine::Evidence> for_state(const engine::TableState& state, std::int64_t now_ms) const;
  std::size_t cards_seen() const { return last_seen_.size(); }

 private:
  struct Seen {
    cv::Mat crop;  // BGR
    std::int64_t t_ms = 0;
    std::string title;
  };
  std::map<std::pair<std::string, int>, Seen> last_seen_;  // by card id and copy
};

// A BGR picture as the view model carries it (RGBA).
engine::Evidence evidence_of(const cv::Mat& bgr, std::string caption);

}  // namespace seneschal::firmware
