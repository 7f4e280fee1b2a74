#include <opencv2/imgproc.hpp>

#include "scanner_decoders.hpp"

namespace seneschal::vision::detail {
namespace {

struct RegionRead {
  std::optional<ZxingBinarizer> zxing;  // none: ZBar
  bool twice;
  bool turned;
};
constexpr RegionRead kRegionReads[] = {{ZxingBinarizer::FixedThreshold, false, false},
                                       {ZxingBinarizer::LocalAverage, false, false},
                                       {ZxingBinarizer::LocalAverage, true, false},
                                       {ZxingBinarizer::FixedThreshold, true, false},
                                       {std::nullopt, false, false},
                                       {ZxingBinarizer::LocalAverage, false, true}};

bool chosen(const RegionRead& step, const RegionSteps& steps) {
  if (step.twice && !steps.twice) return false;
  if (step.turned && !steps.turned) return false;
  if (!step.zxing) return steps.zbar;
  return *step.zxing == ZxingBinarizer::FixedThreshold ? steps.fixed : steps.local;
}

}  // namespace

bool read_region(const cv::Mat& crop, const RegionSteps& steps, ZbarReader& zbar, cv::Mat& up,
                 const std::function<bool(std::vector<Sighting>)>& take) {
  constexpr auto quick = ZxingEffort::Quick;
  up.release();
  for (const RegionRead& step : kRegionReads) {
    if (!chosen(step, steps)) continue;
    if (step.twice && up.empty()) cv::resize(crop, up, cv::Size(), 2.0, 2.0, cv::INTER_CUBIC);
    const cv::Mat& image = step.twice ? up : crop;
    std::vector<Sighting> read = !step.zxing  ? zbar.read(image)
                                 : step.turned ? zxing_read_turned(image, *step.zxing, quick)
                                               : zxing_read(image, *step.zxing, quick);
    if (read.empty()) continue;
    if (step.twice) {
      for (Sighting& s : read) {
        for (Point& p : s.corners) p = {p.x / 2, p.y / 2};
      }
    }
    if (take(std::move(read))) return true;
  }
  return false;
}

}  // namespace seneschal::vision::detail
