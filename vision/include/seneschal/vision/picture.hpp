#pragma once
// A frame as the camera delivered it, and the few ways the rest of the device takes it. Cameras
// deliver YUV: a Camera Module through libcamera I420 or NV12, a USB camera YUYV. Y is the grey
// picture the readers want, so the reader takes the Y plane as it lies (a view, no copy) and only
// what wants colour converts, and only its part: the table look its few hundred pixels across, a
// card's crop its square. Converting every 1280x720 frame to BGR and back to grey cost 2.5 M
// instructions, a third of a steady frame (seneschal bench pi).
//
// Layouts, as OpenCV's GStreamer and V4L2 back ends hand them over:
// - Bgr, Bgra, Grey: CV_8UC3, CV_8UC4, CV_8UC1, a row a picture row.
// - I420: CV_8UC1 with half again as many rows as the picture: Y, then U and V at half the width
//   and height, each plane packed. NV12: Y, then U and V interleaved at half size.
// - Yuyv (YUY2): CV_8UC2, the picture's size: Y in the first channel, U and V taking turns in
//   the second.

#include <opencv2/core/mat.hpp>
#include <optional>
#include <string_view>

#include "seneschal/base/result.hpp"

namespace seneschal::vision {

enum class PixelFormat { Bgr, Bgra, Grey, I420, Nv12, Yuyv };

std::string_view to_string(PixelFormat format);
// GStreamer's name for a raw video format ("BGR", "GRAY8", "I420", "NV12", "YUY2"), or nullopt
// for one the device does not take (YV12, NV21, UYVY...: each would need its own plane order).
std::optional<PixelFormat> pixel_format_from_gstreamer(std::string_view name);
// What a picture with these channels is when nothing else says: Grey, Bgr or Bgra.
PixelFormat format_of_channels(const cv::Mat& data);
bool is_yuv(PixelFormat format);

// The picture's size in pixels (an I420 buffer has half again as many rows).
cv::Size picture_size(const cv::Mat& data, PixelFormat format);
// Whether `data` is laid out as `format` says (type, even sizes where chroma is halved, packed
// planes), an error naming what is wrong otherwise.
Result<void> check_layout(const cv::Mat& data, PixelFormat format);

// The grey picture: the Y plane itself for I420 and NV12 (a view), Y taken out of YUYV, the
// picture itself for Grey, a conversion for BGR.
cv::Mat grey_of(const cv::Mat& data, PixelFormat format);
// What to hand a scanner: the Y plane of a YUV picture (grey_of, no conversion), otherwise the
// picture itself, which the scanner turns grey in its own stage (the cost `bench pi` counts there).
cv::Mat reader_picture(const cv::Mat& data, PixelFormat format);
// The whole picture in BGR (a recording written, a calibration screen): a conversion, meant for
// the odd frame, not every one.
cv::Mat bgr_of(const cv::Mat& data, PixelFormat format);
// Only `area` of the picture (clipped to it), in BGR, a copy. A card's crop converts its square,
// not the frame.
cv::Mat bgr_area(const cv::Mat& data, PixelFormat format, cv::Rect area);
// The picture shrunk to `size` (area averaging; even sizes for YUV) in BGR: YUV is shrunk plane by
// plane and converted at the small size. `scratch` keeps buffers between frames.
void shrink_to_bgr(const cv::Mat& data, PixelFormat format, cv::Size size, cv::Mat& out, cv::Mat& scratch);

}  // namespace seneschal::vision
