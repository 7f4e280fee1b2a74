// A camera's own YUV frames reach the reader without a BGR round trip: the Y plane is read as it
// lies, colour is made only where it is wanted, and the cards read are the same as from BGR.
#include "seneschal/vision/picture.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <set>

#include "GeneratedFrames.hpp"
#include "seneschal/vision/camera_source.hpp"
#include "seneschal/vision/table_watcher.hpp"
#include "seneschal/vision/tag_crop.hpp"

namespace seneschal::vision {
namespace {

// The layouts a camera delivers, made from a BGR picture the way its ISP would: I420 by OpenCV,
// NV12 and YUYV from the I420 planes (OpenCV has no BGR -> NV12 or YUYV).
cv::Mat to_format(const cv::Mat& bgr, PixelFormat format) {
  cv::Mat i420;
  cv::cvtColor(bgr, i420, cv::COLOR_BGR2YUV_I420);
  const int w = bgr.cols, h = bgr.rows;
  const uchar* u = i420.ptr(h);
  const uchar* v = u + (w / 2) * (h / 2);
  switch (format) {
    case PixelFormat::I420:
      return i420;
    case PixelFormat::Nv12: {
      cv::Mat nv12 = i420.clone();
      uchar* uv = nv12.ptr(h);
      for (int i = 0; i < (w / 2) * (h / 2); ++i) {
        uv[2 * i] = u[i];
        uv[2 * i + 1] = v[i];
      }
      return nv12;
    }
    case PixelFormat::Yuyv: {
      cv::Mat yuyv(h, w, CV_8UC2);
      for (int r = 0; r < h; ++r) {
        uchar* out = yuyv.ptr(r);
        const uchar* y = i420.ptr(r);
        for (int k = 0; k < w / 2; ++k) {
          out[4 * k] = y[2 * k];
          out[4 * k + 1] = u[(r / 2) * (w / 2) + k];
          out[4 * k + 2] = y[2 * k + 1];
          out[4 * k + 3] = v[(r / 2) * (w / 2) + k];
        }
      }
      return yuyv;
    }
    default:
      return bgr.clone();
  }
}

// Fine grey texture over patches of colour, as a camera sees a table (a flat picture would hide a
// plane read from the wrong place). Colour changes over many pixels, as in a photo: 4:2:0 keeps
// chroma at half the resolution, and colour noise at the pixel is what it gives up by design.
cv::Mat busy_picture(int w, int h) {
  cv::Mat colour(h / 64 + 1, w / 64 + 1, CV_8UC3), bgr;
  cv::randu(colour, cv::Scalar::all(20), cv::Scalar::all(235));
  cv::resize(colour, bgr, cv::Size(w, h), 0, 0, cv::INTER_LINEAR);
  cv::Mat texture(h, w, CV_16SC1);
  cv::randu(texture, cv::Scalar(-30), cv::Scalar(30));
  cv::Mat texture3;
  cv::merge(std::vector<cv::Mat>{texture, texture, texture}, texture3);
  cv::Mat sum;
  bgr.convertTo(sum, CV_16SC3);
  sum += texture3;
  sum.convertTo(bgr, CV_8UC3);
  cv::rectangle(bgr, cv::Rect(w / 4, h / 4, w / 3, h / 3), cv::Scalar(30, 60, 220), cv::FILLED);
  return bgr;
}

double mean_difference(const cv::Mat& a, const cv::Mat& b) {
  cv::Mat diff;
  cv::absdiff(a, b, diff);
  const cv::Scalar m = cv::mean(diff);
  return (m[0] + m[1] + m[2]) / 3;
}

constexpr PixelFormat kYuv[] = {PixelFormat::I420, PixelFormat::Nv12, PixelFormat::Yuyv};

TEST(PictureTest, TheYPlaneOfA420PictureIsTheGreyPictureAsItLies) {
  const cv::Mat bgr = busy_picture(320, 240);
  for (PixelFormat format : {PixelFormat::I420, PixelFormat::Nv12}) {
    const cv::Mat data = to_format(bgr, format);
    ASSERT_TRUE(check_layout(data, format)) << to_string(format);
    EXPECT_EQ(picture_size(data, format), cv::Size(320, 240));
    const cv::Mat grey = grey_of(data, format);
    EXPECT_EQ(grey.data, data.data) << "a view, not a copy";
    EXPECT_EQ(reader_picture(data, format).size(), cv::Size(320, 240)) << "the Y plane, not the buffer";
    EXPECT_EQ(grey.size(), cv::Size(320, 240));
  }
  EXPECT_EQ(reader_picture(bgr, PixelFormat::Bgr).data, bgr.data) << "BGR goes to the scanner as it is";
  const cv::Mat yuyv = to_format(bgr, PixelFormat::Yuyv);
  const cv::Mat grey = grey_of(yuyv, PixelFormat::Yuyv);
  EXPECT_EQ(cv::norm(grey, grey_of(to_format(bgr, PixelFormat::I420), PixelFormat::I420), cv::NORM_INF), 0);
}

TEST(PictureTest, EveryLayoutGivesBackThePictureInColour) {
  const cv::Mat bgr = busy_picture(320, 240);
  for (PixelFormat format : kYuv) {
    const cv::Mat back = bgr_of(to_format(bgr, format), format);
    ASSERT_EQ(back.size(), bgr.size()) << to_string(format);
    // Chroma at half resolution and limited range cost a few levels, not more.
    EXPECT_LT(mean_difference(back, bgr), 6.0) << to_string(format);
  }
}

TEST(PictureTest, AnAreaIsConvertedAloneAsTheWholePictureWouldHaveIt) {
  const cv::Mat bgr = busy_picture(320, 240);
  for (PixelFormat format : kYuv) {
    const cv::Mat data = to_format(bgr, format);
    const cv::Mat whole = bgr_of(data, format);
    const cv::Rect area(41, 33, 77, 51);  // odd edges, inside pairs of pixels that share chroma
    const cv::Mat part = bgr_area(data, format, area);
    ASSERT_EQ(part.size(), area.size()) << to_string(format);
    EXPECT_LE(cv::norm(part, whole(area), cv::NORM_INF), 1) << to_string(format);
  }
  EXPECT_TRUE(bgr_area(to_format(bgr, PixelFormat::I420), PixelFormat::I420, cv::Rect(400, 0, 10, 10)).empty());
  // An area over the picture's right and bottom edges is cut to them.
  for (PixelFormat format : kYuv) {
    const cv::Mat data = to_format(bgr, format);
    const cv::Mat part = bgr_area(data, format, cv::Rect(301, 227, 40, 40));
    ASSERT_EQ(part.size(), cv::Size(19, 13)) << to_string(format);
    EXPECT_LE(cv::norm(part, bgr_of(data, format)(cv::Rect(301, 227, 19, 13)), cv::NORM_INF), 1) << to_string(format);
  }
}

TEST(PictureTest, TheSmallColourPictureMatchesShrinkingTheConvertedFrame) {
  const cv::Mat bgr = busy_picture(1280, 720);
  for (PixelFormat format : kYuv) {
    const cv::Mat data = to_format(bgr, format);
    cv::Mat small, scratch, reference;
    shrink_to_bgr(data, format, cv::Size(320, 180), small, scratch);
    shrink_to_bgr(bgr_of(data, format), PixelFormat::Bgr, cv::Size(320, 180), reference, scratch);
    ASSERT_EQ(small.size(), cv::Size(320, 180)) << to_string(format);
    EXPECT_LT(mean_difference(small, reference), 3.0) << to_string(format);
  }
}

TEST(PictureTest, ABufferNotLaidOutAsItsFormatSaysIsNamed) {
  const cv::Mat odd(241, 320, CV_8UC1, cv::Scalar(0));
  auto laid = check_layout(odd, PixelFormat::I420);
  ASSERT_FALSE(laid);
  EXPECT_EQ(laid.error().message, "I420 buffer of 320x241: expected an even width and rows 3/2 of an even height");
  // The HQ Camera's 1332x990: a height that is even but not a multiple of 4 is a good picture.
  EXPECT_TRUE(check_layout(cv::Mat(1485, 1332, CV_8UC1), PixelFormat::I420));
  auto three = check_layout(cv::Mat(360, 320, CV_8UC3), PixelFormat::Nv12);
  ASSERT_FALSE(three);
  EXPECT_NE(three.error().message.find("got 3 channel(s)"), std::string::npos) << three.error().message;
  EXPECT_FALSE(check_layout(cv::Mat(), PixelFormat::Bgr));
  EXPECT_TRUE(check_layout(cv::Mat(240, 320, CV_8UC2), PixelFormat::Yuyv));
}

TEST(PictureTest, APipelinesAppsinkFormatSaysHowItsFramesAreLaidOut) {
  const auto format_of = [](const char* pipeline) { return parse_camera_spec(pipeline).value().format; };
  EXPECT_EQ(format_of("libcamerasrc ! video/x-raw,width=1920,height=1080,format=I420 ! appsink drop=true"),
            PixelFormat::I420);
  EXPECT_EQ(format_of("libcamerasrc ! video/x-raw, format=(string)NV12, width=1280 ! appsink"), PixelFormat::Nv12);
  EXPECT_EQ(format_of("v4l2src ! video/x-raw,format=YUY2 ! appsink"), PixelFormat::Yuyv);
  EXPECT_EQ(format_of("v4l2src ! videoconvert ! appsink"), PixelFormat::Bgr);
  // Only the caps right before the sink count, and only their own format field.
  EXPECT_EQ(format_of("v4l2src ! video/x-raw,format=YUY2,width=1280 ! videoconvert ! appsink"), PixelFormat::Bgr);
  EXPECT_EQ(format_of("filesrc ! h264parse ! video/x-h264,stream-format=byte-stream ! avdec_h264 ! appsink"),
            PixelFormat::Bgr);
  EXPECT_EQ(format_of("videotestsrc format=time ! video/x-raw,format=I420 ! appsink"), PixelFormat::I420);
  EXPECT_EQ(format_of("libcamerasrc ! \"video/x-raw,format=NV12\" ! appsink max-buffers=1"), PixelFormat::Nv12);
  EXPECT_EQ(parse_camera_spec("/dev/video0").value().format, PixelFormat::Bgr);
  auto yv12 = parse_camera_spec("libcamerasrc ! video/x-raw,format=YV12 ! appsink");
  ASSERT_FALSE(yv12);
  EXPECT_NE(yv12.error().message.find("format=YV12 is not one the device reads"), std::string::npos)
      << yv12.error().message;
}

// Real GStreamer through OpenCV's back end, as a Camera Module's pipeline runs (videotestsrc
// stands in for libcamerasrc): each raw format arrives laid out as its name says.
TEST(PictureTest, AGStreamerCameraDeliversItsOwnLayout) {
  for (const char* name : {"I420", "NV12", "YUY2", "GRAY8", "BGR"}) {
    const std::string pipeline = std::string("videotestsrc num-buffers=3 pattern=smpte ! video/x-raw,width=320,height=240,format=") +
                                 name + " ! appsink";
    auto spec = parse_camera_spec(pipeline);
    ASSERT_TRUE(spec) << spec.error().message;
    auto camera = open_camera(*spec);
    ASSERT_TRUE(camera) << camera.error().message;
    auto frame = (*camera)->next();
    ASSERT_TRUE(frame) << name << ": " << frame.error().message;
    ASSERT_TRUE(frame->has_value()) << name;
    const Frame& f = **frame;
    EXPECT_EQ(to_string(f.format), name);
    EXPECT_EQ(picture_size(f.image, f.format), cv::Size(320, 240)) << name;
    // SMPTE bars: the leftmost bar is a light grey, the seventh a dark blue.
    const cv::Mat grey = grey_of(f.image, f.format);
    EXPECT_GT(grey.at<uchar>(120, 10), 150) << name;
    EXPECT_LT(grey.at<uchar>(120, 310), 80) << name;
  }
}

// The same generated table read from its BGR frames and from each camera layout: the same cards,
// and a card's crop in colour from a YUV frame.
TEST(PictureTest, ACameraFrameIsReadLikeItsBgrPicture) {
  synth::CrowdedTableOptions options;
  options.seed = 7;
  options.width = 1280;
  options.height = 720;
  options.cards = 12;
  options.frames = 2;
  auto scene = synth::make_crowded_table(options);
  ASSERT_TRUE(scene) << scene.error().message;
  const cv::Mat bgr = scenes::frame_of(*scene, 0);
  const auto read = [&](const cv::Mat& data, PixelFormat format) {
    TableWatcher watcher;
    std::set<std::string> payloads;
    for (int i = 0; i < 2; ++i) {
      for (const Sighting& s : watcher.watch(data, format, i * 200).sightings) payloads.insert(s.payload);
    }
    return payloads;
  };
  const std::set<std::string> from_bgr = read(bgr, PixelFormat::Bgr);
  EXPECT_EQ(from_bgr.size(), 12u);
  for (PixelFormat format : kYuv) {
    const cv::Mat data = to_format(bgr, format);
    EXPECT_EQ(read(data, format), from_bgr) << to_string(format);
    TableWatcher watcher;
    const auto sightings = watcher.watch(data, format, 0).sightings;
    ASSERT_FALSE(sightings.empty());
    const cv::Mat crop = crop_around_tag(data, format, sightings.front());
    const cv::Mat reference = crop_around_tag(bgr_of(data, format), sightings.front());
    ASSERT_EQ(crop.type(), CV_8UC3) << to_string(format);
    ASSERT_EQ(crop.size(), reference.size()) << to_string(format);
    EXPECT_LT(mean_difference(crop, reference), 4.0) << to_string(format);
  }
  // A grey camera's crop is BGR too: the screen shows crops in colour.
  TableWatcher watcher;
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  const auto sightings = watcher.watch(grey, PixelFormat::Grey, 0).sightings;
  ASSERT_FALSE(sightings.empty());
  EXPECT_EQ(crop_around_tag(grey, PixelFormat::Grey, sightings.front()).type(), CV_8UC3);
}

}  // namespace
}  // namespace seneschal::vision
