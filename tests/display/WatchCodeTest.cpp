// The watch page's code on the details page: a phone's reader (ZBar here) reads the address from
// the screen as drawn, at the smallest screen and the largest, and the code leaves the legend clear.

#include <gtest/gtest.h>
#include <qrencode.h>

#include <algorithm>
#include <memory>
#include <opencv2/imgproc.hpp>

#include "Boards.hpp"
#include "Screens.hpp"
#include "seneschal/vision/scanner.hpp"

namespace seneschal::display {
namespace {

const std::string kUrl = "http://192.168.1.20:8080/?token=abcdefghijklmnopqrstuvwxyz234567";

engine::Invitation invitation(const std::string& url) {
  std::unique_ptr<QRcode, void (*)(QRcode*)> code(QRcode_encodeString(url.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1),
                                                  QRcode_free);
  engine::Invitation made;
  made.size = code->width;
  for (int i = 0; i < code->width * code->width; ++i) made.dark.push_back(code->data[i] & 1);
  made.caption = "Scan to watch: 192.168.1.20:8080";
  return made;
}

cv::Mat as_bgr(const sf::Image& image) {
  const auto size = image.getSize();
  cv::Mat rgba(static_cast<int>(size.y), static_cast<int>(size.x), CV_8UC4,
               const_cast<sf::Uint8*>(image.getPixelsPtr()));
  cv::Mat bgr;
  cv::cvtColor(rgba, bgr, cv::COLOR_RGBA2BGR);
  return bgr;
}

class WatchCodeTest : public testing::RendererTest {};

TEST_F(WatchCodeTest, ThePhonesReaderReadsTheAddressOffTheScreen) {
  engine::ViewModel view = screens::board_with_choices();
  view.invitation = invitation(kUrl);
  vision::Scanner scanner;
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1920, 1080}}) {
    const testing::Drawing drawing = draw(view, size);
    bool read = false;
    for (const auto& seen : scanner.scan(as_bgr(drawing.image))) read = read || seen.payload == kUrl;
    EXPECT_TRUE(read) << size.width << "x" << size.height;
    const auto box = std::find_if(drawing.trace.boxes.begin(), drawing.trace.boxes.end(),
                                  [](const DrawnBox& b) { return b.name == "watch code"; });
    ASSERT_NE(box, drawing.trace.boxes.end());
    // Inside the board's overlay room, so the legend below it stays clear.
    const sf::FloatRect& room = box->container;
    EXPECT_GE(box->box.left, room.left) << size.width;
    EXPECT_GE(box->box.top, room.top) << size.width;
    EXPECT_LE(box->box.left + box->box.width, room.left + room.width) << size.width;
    EXPECT_LE(box->box.top + box->box.height, room.top + room.height) << size.width;
  }
}

TEST_F(WatchCodeTest, NoInvitationNoCode) {
  const testing::Drawing drawing = draw(screens::board_with_choices());
  for (const DrawnBox& b : drawing.trace.boxes) EXPECT_NE(b.name, "watch code");
}

}  // namespace
}  // namespace seneschal::display
