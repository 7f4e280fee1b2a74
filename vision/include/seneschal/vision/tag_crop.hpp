#pragma once
// A small picture of a tag and the card around it, cut from the frame it was seen in: the evidence
// the screen shows when the table and the books disagree about that card ("this is how it lay
// when the camera last saw it"). Cut on the camera thread as frames arrive, since the frame itself
// is gone by the time anyone asks.

#include <opencv2/core.hpp>

#include "seneschal/vision/picture.hpp"
#include "seneschal/vision/sighting.hpp"

namespace seneschal::vision {

// The square around the code, `reach` code sides from its centre each way (a tag printed in a
// card's margin sits in the card, so 2.5 shows the card round it), clipped to the frame, scaled
// down so its longer side is at most max_side pixels (bilinear: a thumbnail, at a seventh of area
// averaging's cost on the camera thread). A copy: it outlives the frame. Empty when the square
// misses the frame.
// `frame` is BGR (or grey), or in the camera's layout with `format`: only the square is converted,
// and the crop is BGR whatever the frame's layout (the screen shows it in colour).
cv::Mat crop_around_tag(const cv::Mat& frame, const Sighting& sighting, int max_side = 160, double reach = 2.5);
cv::Mat crop_around_tag(const cv::Mat& frame, PixelFormat format, const Sighting& sighting, int max_side = 160,
                        double reach = 2.5);

}  // namespace seneschal::vision
