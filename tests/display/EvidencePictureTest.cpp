// While the table and the books disagree, the screen shows the crop of the last frame in which the
// camera saw the card (engine::Evidence): drawn at the foot of the side column at every size, its
// pixels the picture's, its caption readable, and the choices kept clear of it.

#include <SFML/Graphics/RenderTexture.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "Boards.hpp"
#include "seneschal/display/board_renderer.hpp"
#include "seneschal/display/render_image.hpp"

namespace seneschal::display {
namespace {

// A 120x90 picture: its left half pure magenta, which nothing else on the board is.
engine::Evidence magenta_picture() {
  engine::Evidence evidence;
  evidence.width = 120;
  evidence.height = 90;
  evidence.rgba.resize(120 * 90 * 4);
  for (int y = 0; y < 90; ++y) {
    for (int x = 0; x < 120; ++x) {
      std::uint8_t* px = &evidence.rgba[static_cast<std::size_t>((y * 120 + x) * 4)];
      const bool left = x < 60;
      px[0] = left ? 255 : 20;
      px[1] = left ? 0 : 20;
      px[2] = left ? 255 : 20;
      px[3] = 255;
    }
  }
  evidence.caption = "Hektor #1, last seen 4 s ago";
  return evidence;
}

engine::ViewModel disagreeing() {
  engine::ViewModel view = testing::realistic();
  view.prompt = "The table and the books disagree: Hektor left the table, but Mark has it in play";
  view.prompt_options = {"Update the books", "Ignore", "It was a misread"};
  view.evidence = magenta_picture();
  return view;
}

class EvidencePictureTest : public testing::RendererTest {};

TEST_F(EvidencePictureTest, ThePictureIsDrawnUnderTheChoicesWithItsCaptionAtEverySize) {
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1024, 600}, ScreenSize{1920, 1080}}) {
    sf::RenderTexture texture;
    ASSERT_TRUE(texture.create(size.width, size.height));
    Trace trace;
    renderer_->draw(texture, disagreeing(), size, {Chrome::Full, &trace});
    texture.display();
    const auto drawn = std::find_if(trace.boxes.begin(), trace.boxes.end(), [](const DrawnBox& b) { return b.name == "evidence"; });
    ASSERT_NE(drawn, trace.boxes.end()) << size.width;
    const sf::FloatRect& box = drawn->box;
    EXPECT_GT(box.height, 30.f) << size.width << ": too small to see";
    EXPECT_NEAR(box.width / box.height, 120.f / 90.f, 0.05f) << "its shape kept";
    // The pixels in the picture's left half are the picture's.
    const sf::Image image = texture.getTexture().copyToImage();
    const sf::Color px = image.getPixel(static_cast<unsigned>(box.left + box.width / 4), static_cast<unsigned>(box.top + box.height / 2));
    EXPECT_GT(px.r, 230);
    EXPECT_LT(px.g, 30);
    EXPECT_GT(px.b, 230);
    bool caption = false;
    for (const DrawnText& t : trace.texts) {
      if (t.text == "Hektor #1, last seen 4 s ago") caption = true;
      // No choice or log line runs under the picture.
      if (t.layer == 0 && t.ink.intersects(box)) {
        ADD_FAILURE() << size.width << ": \"" << t.text << "\" under the picture";
      }
    }
    EXPECT_TRUE(caption) << size.width << ": the caption is not drawn whole";
  }
}

TEST_F(EvidencePictureTest, NoEvidenceNoPictureAndAMalformedOneIsSkipped) {
  engine::ViewModel view = disagreeing();
  view.evidence->rgba.resize(10);  // not width * height * 4: drawn as nothing, never read past
  for (const engine::ViewModel& v : {testing::realistic(), view}) {
    sf::RenderTexture texture;
    ASSERT_TRUE(texture.create(800, 480));
    Trace trace;
    renderer_->draw(texture, v, {800, 480}, {Chrome::Full, &trace});
    for (const DrawnBox& b : trace.boxes) EXPECT_NE(b.name, "evidence");
  }
}

}  // namespace
}  // namespace seneschal::display
