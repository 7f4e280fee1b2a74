// A device problem (the self-test failed, the camera went away) is drawn over the board, whole
// and readable, at every screen size, and leaves the button legend uncovered.

#include <SFML/Graphics/RenderTexture.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "Boards.hpp"
#include "Screens.hpp"
#include "seneschal/display/board_renderer.hpp"

namespace seneschal::display {
namespace {

Trace traced(const BoardRenderer& renderer, const engine::ViewModel& view, ScreenSize size) {
  sf::RenderTexture texture;
  EXPECT_TRUE(texture.create(size.width, size.height));
  Trace trace;
  renderer.draw(texture, view, size, {Chrome::Full, &trace});
  return trace;
}

std::string top_layer_text(const Trace& trace) {
  int top = 0;
  for (const DrawnText& t : trace.texts) top = std::max(top, t.layer);
  std::string all;
  for (const DrawnText& t : trace.texts) {
    if (t.layer == top) all += t.text + " ";
  }
  return all;
}

class DeviceNoticeTest : public testing::RendererTest {};

TEST_F(DeviceNoticeTest, TitleAndEveryLineAreReadableOnTopAtEverySize) {
  const engine::ViewModel view = screens::camera_failed();
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1024, 600}, ScreenSize{1920, 1080}}) {
    const Trace trace = traced(*renderer_, view, size);
    const std::string shown = top_layer_text(trace);
    EXPECT_NE(shown.find("No picture from the camera"), std::string::npos) << size.width << ": " << shown;
    // Wrapped, never cut: the last words of each line are on screen.
    for (const char* tail : {"another program?)", "every few seconds.", "the camera is back."}) {
      EXPECT_NE(shown.find(tail), std::string::npos) << size.width << ": \"" << tail << "\" missing from " << shown;
    }
    EXPECT_EQ(shown.find("\u2026"), std::string::npos) << size.width << ": " << shown;
  }
}

TEST_F(DeviceNoticeTest, LegendStaysUncoveredSoTheButtonsCanBeUsed) {
  const Trace trace = traced(*renderer_, screens::camera_failed(), {800, 480});
  const auto notice = std::find_if(trace.boxes.begin(), trace.boxes.end(),
                                   [](const DrawnBox& b) { return b.name == "device notice"; });
  ASSERT_NE(notice, trace.boxes.end());
  int legend_texts = 0;
  for (const DrawnText& t : trace.texts) {
    if (t.container.top < notice->container.top + notice->container.height) continue;
    ++legend_texts;
    EXPECT_FALSE(notice->box.intersects(t.ink)) << t.text;
  }
  EXPECT_GT(legend_texts, 0) << "the legend is drawn below the notice's room";
}

TEST_F(DeviceNoticeTest, NoNoticeDrawsNoNoticeCard) {
  const Trace trace = traced(*renderer_, screens::board_with_choices(), {800, 480});
  for (const DrawnBox& b : trace.boxes) EXPECT_NE(b.name, "device notice");
}

}  // namespace
}  // namespace seneschal::display
