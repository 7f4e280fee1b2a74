#pragma once
// Where the picture changed since each part of it was last scanned: the tracker's answer to
// "where may something new lie?", so that it decodes the parts that changed rather than the whole
// frame. The frame is shrunk to a small grey picture (160 pixels across by default: a pixel is
// 8 x 8 of a 720p frame, which averages the sensor's noise away) and compared with a reference
// that takes the picture's look wherever the tracker scanned. A part that changed and was scanned
// stops counting as changed until it changes again: a hand that comes to rest costs one scan.

#include <opencv2/core/mat.hpp>
#include <opencv2/core/types.hpp>
#include <vector>

namespace seneschal::vision::detail {

struct ChangeSettings {
  int width = 160;            // the small picture's width
  // A small pixel changed when it lies further than this (0..255) outside the band of its
  // reference's neighbours (the darkest and the brightest of the 3 x 3 around it).
  int level = 20;
  int least_area = 8;         // small pixels a changed part needs: fewer is a speck, not a card
};

// Merges rectangles that overlap until none do (their union's bounding boxes).
void merge_overlapping(std::vector<cv::Rect>& rects);

class ChangeMap {
 public:
  // Shrinks the frame's grey picture; a frame of another size forgets the reference.
  void see(const cv::Mat& grey, const ChangeSettings& settings);
  // False until a reference was taken for this size of frame (nothing to compare with).
  bool ready() const { return !reference_.empty() && reference_.size() == small_.size(); }

  // The parts of the frame that changed, in frame pixels, each grown by `grow` pixels a side,
  // clipped to the frame, overlapping ones merged; `quiet` (frame pixels: the codes the tracker
  // holds in place this frame) do not count.
  std::vector<cv::Rect> changed(const std::vector<cv::Rect>& quiet, int grow);

  // The reference takes the picture's look in `r` (frame pixels), or everywhere.
  void settle(const cv::Rect& r);
  void settle_all();

 private:
  cv::Rect to_small(const cv::Rect& r) const;
  ChangeSettings settings_;
  cv::Size frame_;
  cv::Mat small_, halves_, reference_, low_, high_, diff_, labels_, stats_, centroids_;
};

}  // namespace seneschal::vision::detail
