#include "seneschal/firmware/camera/table_evidence.hpp"

#include <opencv2/imgproc.hpp>

#include "seneschal/base/words.hpp"
#include "seneschal/firmware/camera/frame_pipeline.hpp"

namespace seneschal::firmware {

void TableEvidence::note(const FrameReport& report, const TagRouter& router, const std::string& game) {
  for (const TagCrop& crop : report.crops) {
    if (crop.image.empty()) continue;
    const Routed routed = router.route(crop.payload, game);
    const auto* card = routed.command ? std::get_if<engine::PresentCard>(&*routed.command) : nullptr;
    if (!card) continue;
    last_seen_[{card->card_id, card->copy}] = Seen{crop.image, report.t_ms, routed.label};
  }
}

std::optional<engine::Evidence> TableEvidence::for_state(const engine::TableState& state, std::int64_t now_ms) const {
  if (state.disagreements.empty() || state.pending) return std::nullopt;
  const engine::Disagreement& asked = state.disagreements.front();
  const auto found = last_seen_.find({asked.card, asked.copy});
  if (found == last_seen_.end()) return std::nullopt;
  const Seen& seen = found->second;
  const std::int64_t ago_s = std::max<std::int64_t>(0, (now_ms - seen.t_ms) / 1000);
  // TRANSLATORS: under the camera's picture of a card the table and the books disagree about; {0}
  // is the card's title, {1} its copy, {2} the seconds since the camera last saw it.
  std::string caption = ago_s == 0 ? trf("{0} #{1}, last seen now", seen.title, asked.copy)
                                   : trf("{0} #{1}, last seen {2} s ago", seen.title, asked.copy, ago_s);
  return evidence_of(seen.crop, std::move(caption));
}

engine::Evidence evidence_of(const cv::Mat& bgr, std::string caption) {
  engine::Evidence evidence;
  cv::Mat rgba;
  cv::cvtColor(bgr, rgba, cv::COLOR_BGR2RGBA);
  evidence.width = rgba.cols;
  evidence.height = rgba.rows;
  evidence.rgba.resize(static_cast<std::size_t>(rgba.cols) * static_cast<std::size_t>(rgba.rows) * 4);
  for (int row = 0; row < rgba.rows; ++row) {
    std::copy(rgba.ptr<std::uint8_t>(row), rgba.ptr<std::uint8_t>(row) + rgba.cols * 4,
              evidence.rgba.begin() + static_cast<std::ptrdiff_t>(row) * rgba.cols * 4);
  }
  evidence.caption = std::move(caption);
  return evidence;
}

}  // namespace seneschal::firmware
