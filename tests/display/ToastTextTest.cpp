// The toast and the log lines say what a code or a name was, and anyone can print a code: a
// newline, an escape or bytes that are not UTF-8 in it stay on the one line of its band.

#include <string>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "seneschal/display/layout.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display {
namespace {

class ToastTextTest : public testing::RendererTest {};

// Pixels that differ outside the box (the box itself may differ).
int differing_outside(const sf::Image& a, const sf::Image& b, const sf::FloatRect& box) {
  const sf::Vector2u size = a.getSize();
  const float width = static_cast<float>(size.x);
  const float below = box.top + box.height;
  return testing::differing_pixels(a, b, {0, 0, width, box.top}) +
         testing::differing_pixels(a, b, {0, below, width, static_cast<float>(size.y) - below}) +
         testing::differing_pixels(a, b, {0, box.top, box.left, box.height}) +
         testing::differing_pixels(a, b, {box.left + box.width, box.top, width - box.left - box.width, box.height});
}

bool has_control(const std::string& text) {
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7F) return true;
  }
  return false;
}

TEST_F(ToastTextTest, AForgedCodeStaysOnTheToastsOneLine) {
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1920, 1080}}) {
    SCOPED_TRACE(::testing::Message() << size.width << "x" << size.height);
    const BoardLayout layout = layout_board(size, 2);
    engine::ViewModel view = testing::two_seats();
    view.toast = engine::ScanToast{engine::ScanToast::Verdict::Refused, "S1:X", "not a tag"};
    const testing::Drawing plain = draw(view, size);
    view.toast->title = "S1:X\n<3>forged\nthird line \x1b[31m red \xff\xfe";
    view.toast->detail = "not a tag\nsecond line of the detail\r\n";
    const testing::Drawing forged = draw(view, size);

    EXPECT_EQ(differing_outside(plain.image, forged.image, layout.toast), 0) << "nothing spilled off the band";
    int in_band = 0;
    for (const DrawnText& text : forged.trace.texts) {
      if (!testing::within(layout.toast, text.container)) continue;
      ++in_band;
      EXPECT_FALSE(has_control(text.text)) << text.text;
      EXPECT_TRUE(testing::within(layout.toast, text.ink)) << text.text;
    }
    EXPECT_EQ(in_band, 2) << "the title and the detail";
  }
}

TEST_F(ToastTextTest, ALogLineWithANewlineStaysInItsRow) {
  engine::ViewModel view = testing::two_seats();
  view.log.push_back("Ma\nrk passes\n<3>forged");
  const testing::Drawing drawing = draw(view);
  bool found = false;
  for (const DrawnText& text : drawing.trace.texts) {
    if (text.text.find("forged") == std::string::npos) continue;
    found = true;
    EXPECT_FALSE(has_control(text.text)) << text.text;
    EXPECT_TRUE(testing::within(text.container, text.ink)) << text.text;
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace seneschal::display
