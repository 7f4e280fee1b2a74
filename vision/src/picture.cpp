#include "seneschal/vision/picture.hpp"

#include <opencv2/imgproc.hpp>
#include <string>

#include "scanner_regions.hpp"

namespace seneschal::vision {
namespace {

bool halves_chroma(PixelFormat format) { return format == PixelFormat::I420 || format == PixelFormat::Nv12; }

// The chroma of a YUV picture as planes: U and V (I420, YUYV) or UV interleaved in `u` (NV12).
// Views into `data`; YUYV's are taken out (its U and V take turns in every row).
struct Chroma {
  cv::Mat u, v;
};

Chroma chroma_of(const cv::Mat& data, PixelFormat format) {
  const cv::Size size = picture_size(data, format);
  const int cw = size.width / 2;
  Chroma c;
  switch (format) {
    case PixelFormat::I420: {
      const int ch = size.height / 2;
      uchar* base = const_cast<uchar*>(data.ptr(size.height));
      c.u = cv::Mat(ch, cw, CV_8UC1, base);
      c.v = cv::Mat(ch, cw, CV_8UC1, base + std::size_t(ch) * cw);
      break;
    }
    case PixelFormat::Nv12:
      c.u = cv::Mat(size.height / 2, cw, CV_8UC2, const_cast<uchar*>(data.ptr(size.height)), data.step);
      break;
    case PixelFormat::Yuyv: {
      // Y0 U Y1 V: two pixels a group of four bytes.
      const cv::Mat groups(size.height, cw, CV_8UC4, const_cast<uchar*>(data.ptr()), data.step);
      cv::extractChannel(groups, c.u, 1);
      cv::extractChannel(groups, c.v, 3);
      break;
    }
    default:
      break;
  }
  return c;
}

// A 4:2:0 buffer in I420's or NV12's layout from its planes (Y full size; U and V, or UV, half).
cv::Mat pack_420(const cv::Mat& y, const Chroma& c, PixelFormat format) {
  cv::Mat packed(y.rows * 3 / 2, y.cols, CV_8UC1);
  y.copyTo(packed.rowRange(0, y.rows));
  uchar* base = packed.ptr(y.rows);
  if (format == PixelFormat::Nv12) {
    c.u.copyTo(cv::Mat(y.rows / 2, y.cols / 2, CV_8UC2, base));
  } else {
    const std::size_t plane = std::size_t(y.rows / 2) * (y.cols / 2);
    c.u.copyTo(cv::Mat(y.rows / 2, y.cols / 2, CV_8UC1, base));
    c.v.copyTo(cv::Mat(y.rows / 2, y.cols / 2, CV_8UC1, base + plane));
  }
  return packed;
}

void convert_420(const cv::Mat& packed, PixelFormat format, cv::Mat& out) {
  cv::cvtColor(packed, out, format == PixelFormat::Nv12 ? cv::COLOR_YUV2BGR_NV12 : cv::COLOR_YUV2BGR_I420);
}

}  // namespace

std::string_view to_string(PixelFormat format) {
  switch (format) {
    case PixelFormat::Bgr:
      return "BGR";
    case PixelFormat::Bgra:
      return "BGRA";
    case PixelFormat::Grey:
      return "GRAY8";
    case PixelFormat::I420:
      return "I420";
    case PixelFormat::Nv12:
      return "NV12";
    case PixelFormat::Yuyv:
      return "YUY2";
  }
  return "?";
}

std::optional<PixelFormat> pixel_format_from_gstreamer(std::string_view name) {
  for (PixelFormat f : {PixelFormat::Bgr, PixelFormat::Grey, PixelFormat::I420, PixelFormat::Nv12, PixelFormat::Yuyv}) {
    if (name == to_string(f)) return f;
  }
  return std::nullopt;
}

PixelFormat format_of_channels(const cv::Mat& data) {
  if (data.channels() == 1) return PixelFormat::Grey;
  return data.channels() == 4 ? PixelFormat::Bgra : PixelFormat::Bgr;
}

bool is_yuv(PixelFormat format) { return halves_chroma(format) || format == PixelFormat::Yuyv; }

cv::Size picture_size(const cv::Mat& data, PixelFormat format) {
  if (halves_chroma(format)) return {data.cols, data.rows * 2 / 3};
  return data.size();
}

Result<void> check_layout(const cv::Mat& data, PixelFormat format) {
  const std::string name(to_string(format));
  if (data.empty()) return fail(name + " picture is empty");
  const auto want_type = [&](int type, const char* what) -> Result<void> {
    if (data.type() != type) {
      return fail(name + " picture: expected " + what + ", got " + std::to_string(data.channels()) + " channel(s) of depth " +
                  std::to_string(data.depth()));
    }
    return {};
  };
  switch (format) {
    case PixelFormat::Bgr:
      return want_type(CV_8UC3, "3 channels of 8 bits");
    case PixelFormat::Bgra:
      return want_type(CV_8UC4, "4 channels of 8 bits");
    case PixelFormat::Grey:
      return want_type(CV_8UC1, "1 channel of 8 bits");
    case PixelFormat::I420:
    case PixelFormat::Nv12: {
      if (auto ok = want_type(CV_8UC1, "1 channel of 8 bits (Y, then chroma)"); !ok) return ok;
      // Rows a multiple of 3 make the height (two thirds of them) even, as halved chroma needs.
      if (data.rows % 3 != 0 || data.cols % 2 != 0) {
        return fail(name + " buffer of " + std::to_string(data.cols) + "x" + std::to_string(data.rows) +
                    ": expected an even width and rows 3/2 of an even height");
      }
      if (format == PixelFormat::I420 && !data.isContinuous()) return fail(name + " buffer: planes not packed");
      return {};
    }
    case PixelFormat::Yuyv:
      if (auto ok = want_type(CV_8UC2, "2 channels of 8 bits"); !ok) return ok;
      if (data.cols % 2 != 0) return fail(name + " picture: odd width " + std::to_string(data.cols));
      return {};
  }
  return fail("unknown pixel format");
}

cv::Mat grey_of(const cv::Mat& data, PixelFormat format) {
  cv::Mat grey;
  switch (format) {
    case PixelFormat::Grey:
      return data;
    case PixelFormat::I420:
    case PixelFormat::Nv12:
      return data.rowRange(0, picture_size(data, format).height);
    case PixelFormat::Yuyv:
      cv::extractChannel(data, grey, 0);
      return grey;
    case PixelFormat::Bgra:
      cv::cvtColor(data, grey, cv::COLOR_BGRA2GRAY);
      return grey;
    case PixelFormat::Bgr:
      cv::cvtColor(data, grey, cv::COLOR_BGR2GRAY);
      return grey;
  }
  return grey;
}

cv::Mat reader_picture(const cv::Mat& data, PixelFormat format) {
  return is_yuv(format) ? grey_of(data, format) : data;
}

cv::Mat bgr_of(const cv::Mat& data, PixelFormat format) {
  cv::Mat bgr;
  switch (format) {
    case PixelFormat::Bgr:
      return data;
    case PixelFormat::Bgra:
      cv::cvtColor(data, bgr, cv::COLOR_BGRA2BGR);
      break;
    case PixelFormat::Grey:
      cv::cvtColor(data, bgr, cv::COLOR_GRAY2BGR);
      break;
    case PixelFormat::I420:
    case PixelFormat::Nv12:
      convert_420(data, format, bgr);
      break;
    case PixelFormat::Yuyv:
      cv::cvtColor(data, bgr, cv::COLOR_YUV2BGR_YUYV);
      break;
  }
  return bgr;
}

cv::Mat bgr_area(const cv::Mat& data, PixelFormat format, cv::Rect area) {
  const cv::Size size = picture_size(data, format);
  area &= cv::Rect(cv::Point(0, 0), size);
  if (area.empty()) return {};
  if (!is_yuv(format)) return bgr_of(data(area), format).clone();
  // Chroma is shared by pairs of pixels: converted with even edges (the picture's are even), then
  // cut to the area.
  const int x0 = area.x & ~1, x1 = std::min(size.width, (area.br().x + 1) & ~1);
  const bool rows_halved = halves_chroma(format);
  const int y0 = rows_halved ? area.y & ~1 : area.y;
  const int y1 = rows_halved ? std::min(size.height, (area.br().y + 1) & ~1) : area.br().y;
  const cv::Rect even(x0, y0, x1 - x0, y1 - y0);
  cv::Mat bgr;
  if (format == PixelFormat::Yuyv) {
    cv::cvtColor(data(even).clone(), bgr, cv::COLOR_YUV2BGR_YUYV);
  } else {
    const Chroma whole = chroma_of(data, format);
    const cv::Rect half(even.x / 2, even.y / 2, even.width / 2, even.height / 2);
    Chroma part;
    part.u = whole.u(half);
    if (!whole.v.empty()) part.v = whole.v(half);
    convert_420(pack_420(data(even), part, format), format, bgr);
  }
  if (even == area) return bgr;
  return bgr(cv::Rect(area.tl() - even.tl(), area.size())).clone();
}

void shrink_to_bgr(const cv::Mat& data, PixelFormat format, cv::Size size, cv::Mat& out, cv::Mat& scratch) {
  switch (format) {
    case PixelFormat::Bgr:
      detail::shrink_area(data, out, size, scratch, cv::INTER_LINEAR);
      return;
    case PixelFormat::Bgra:
    case PixelFormat::Grey:
      detail::shrink_area(bgr_of(data, format), out, size, scratch, cv::INTER_LINEAR);
      return;
    default:
      break;
  }
  // Plane by plane at the small size: Y to `size`, chroma to half of it, then one conversion of
  // a buffer a sixteenth of a 1280x720 frame's.
  const cv::Size even(std::max(2, size.width & ~1), std::max(2, size.height & ~1));
  const cv::Size half(even.width / 2, even.height / 2);
  cv::Mat y;
  detail::shrink_area(grey_of(data, format), y, even, scratch, cv::INTER_LINEAR);
  const Chroma full = chroma_of(data, format);
  Chroma small;
  detail::shrink_area(full.u, small.u, half, scratch, cv::INTER_LINEAR);
  if (!full.v.empty()) detail::shrink_area(full.v, small.v, half, scratch, cv::INTER_LINEAR);
  const PixelFormat packed = format == PixelFormat::Nv12 ? PixelFormat::Nv12 : PixelFormat::I420;
  convert_420(pack_420(y, small, packed), packed, out);
  if (out.size() != size) cv::resize(out, out, size, 0, 0, cv::INTER_LINEAR);
}

}  // namespace seneschal::vision
