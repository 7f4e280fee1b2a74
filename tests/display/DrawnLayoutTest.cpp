// The layout holds on every screen size for view models built to strain it: the renderer
// reports every text it drew with the box it was fitted into, and every main box with the
// box it belongs in; nothing may stick out of its box, and no two texts may touch.

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <SFML/Graphics/RenderTexture.hpp>
#include <gtest/gtest.h>

#include "Boards.hpp"
#include "Screens.hpp"
#include "seneschal/display/board_renderer.hpp"

namespace seneschal::display {
namespace {

const std::vector<ScreenSize> kSizes = {{800, 480}, {1024, 600}, {1920, 1080}};
// The glance read from the chairs and the details a press away: both hold on every size.
const std::vector<std::pair<Page, std::string>> kPages = {{Page::Glance, "glance"}, {Page::Details, "details"}};
// Glyphs are placed on whole pixels, so an edge may land up to a pixel out.
constexpr float kSlack = 1;

struct Drawn {
  std::string what;  // the view model's name and the size, for failure messages
  ScreenSize size;
  Trace trace;
};

std::string describe(const sf::FloatRect& r) {
  std::ostringstream out;
  out << "[" << r.left << ", " << r.top << " " << r.width << "x" << r.height << "]";
  return out.str();
}

bool contains(const sf::FloatRect& outer, const sf::FloatRect& inner) {
  return inner.left >= outer.left - kSlack && inner.top >= outer.top - kSlack &&
         inner.left + inner.width <= outer.left + outer.width + kSlack &&
         inner.top + inner.height <= outer.top + outer.height + kSlack;
}

bool overlap(const sf::FloatRect& a, const sf::FloatRect& b) {
  const float w = std::min(a.left + a.width, b.left + b.width) - std::max(a.left, b.left);
  const float h = std::min(a.top + a.height, b.top + b.height) - std::max(a.top, b.top);
  return w > 0 && h > 0;
}

bool has_ink(const DrawnText& text) { return text.ink.width > 0 && text.ink.height > 0; }

class DrawnLayoutTest : public ::testing::Test {
 protected:
  // Drawn once for all the tests here: the views do not change between them.
  static void SetUpTestSuite() {
    auto renderer = BoardRenderer::create(testing::kAssets);
    ASSERT_TRUE(renderer.has_value()) << renderer.error().message;
    drawn_ = new std::vector<Drawn>();
    for (const ScreenSize size : kSizes) {
      sf::RenderTexture texture;
      ASSERT_TRUE(texture.create(size.width, size.height));
      for (const auto& [page, page_name] : kPages) {
        for (const auto& [name, view] : screens::demanding()) {
          Drawn drawn{name + " (" + page_name + ") at " + std::to_string(size.width) + "x" + std::to_string(size.height),
                      size, {}};
          DrawOptions options{Chrome::Full, &drawn.trace};
          options.page = page;
          renderer->draw(texture, view, size, options);
          drawn_->push_back(std::move(drawn));
        }
      }
    }
  }
  static void TearDownTestSuite() {
    delete drawn_;
    drawn_ = nullptr;
  }

  static std::vector<Drawn>* drawn_;
};

std::vector<Drawn>* DrawnLayoutTest::drawn_ = nullptr;

TEST_F(DrawnLayoutTest, EveryScreenDrawsTextAndBoxes) {
  ASSERT_EQ(drawn_->size(), screens::demanding().size() * kSizes.size() * kPages.size());
  for (const Drawn& d : *drawn_) {
    EXPECT_GT(d.trace.texts.size(), 10u) << d.what;
    EXPECT_GT(d.trace.boxes.size(), 3u) << d.what;
  }
}

TEST_F(DrawnLayoutTest, NoTextLeavesItsBoxOnAnyScreen) {
  for (const Drawn& d : *drawn_) {
    const sf::FloatRect screen{0, 0, static_cast<float>(d.size.width), static_cast<float>(d.size.height)};
    for (const DrawnText& text : d.trace.texts) {
      if (!has_ink(text)) continue;
      EXPECT_TRUE(contains(text.container, text.ink))
          << d.what << ": \"" << text.text << "\" at " << describe(text.ink) << " leaves " << describe(text.container);
      EXPECT_TRUE(contains(screen, text.container)) << d.what << ": the box of \"" << text.text << "\" is off screen";
    }
  }
}

TEST_F(DrawnLayoutTest, NoTwoTextsOverlapOnAnyScreen) {
  for (const Drawn& d : *drawn_) {
    const std::vector<DrawnText>& texts = d.trace.texts;
    for (std::size_t i = 0; i < texts.size(); ++i) {
      for (std::size_t j = i + 1; j < texts.size(); ++j) {
        if (texts[i].layer != texts[j].layer || !has_ink(texts[i]) || !has_ink(texts[j])) continue;
        EXPECT_FALSE(overlap(texts[i].ink, texts[j].ink))
            << d.what << ": \"" << texts[i].text << "\" " << describe(texts[i].ink) << " overlaps \"" << texts[j].text
            << "\" " << describe(texts[j].ink);
      }
    }
  }
}

TEST_F(DrawnLayoutTest, EveryPartStaysInItsContainerAndClearOfItsNeighbours) {
  for (const Drawn& d : *drawn_) {
    const std::vector<DrawnBox>& boxes = d.trace.boxes;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      EXPECT_TRUE(contains(boxes[i].container, boxes[i].box))
          << d.what << ": " << boxes[i].name << " " << describe(boxes[i].box) << " leaves " << describe(boxes[i].container);
      for (std::size_t j = i + 1; j < boxes.size(); ++j) {
        // Parts that share a container and a layer are neighbours: panels, column, legend.
        if (boxes[i].layer != boxes[j].layer || boxes[i].container != boxes[j].container) continue;
        EXPECT_FALSE(overlap(boxes[i].box, boxes[j].box))
            << d.what << ": " << boxes[i].name << " " << describe(boxes[i].box) << " overlaps " << boxes[j].name << " "
            << describe(boxes[j].box);
      }
    }
  }
}

TEST_F(DrawnLayoutTest, NoTextBelowSixteenPixelsAt800x480) {
  for (const Drawn& d : *drawn_) {
    if (d.size != ScreenSize{800, 480}) continue;
    for (const DrawnText& text : d.trace.texts) EXPECT_GE(text.size, 16u) << d.what << ": \"" << text.text << "\"";
  }
}

// Whose turn it is stays on screen whatever else is shown: the acting seat's pill in the
// banner is never covered by the column, a timer or a menu.
TEST_F(DrawnLayoutTest, WhoActsIsShownBesideTimersAndMenus) {
  for (const Drawn& d : *drawn_) {
    if (d.what.find("winner") != std::string::npos || d.what.find("game end") != std::string::npos) continue;
    const auto acting = std::find_if(d.trace.texts.begin(), d.trace.texts.end(), [](const DrawnText& t) {
      return t.layer == 0 && t.text.find("to act") != std::string::npos;
    });
    ASSERT_NE(acting, d.trace.texts.end()) << d.what;
    for (const DrawnBox& box : d.trace.boxes) {
      if (box.name == "timers" || box.name == "choices") {
        EXPECT_FALSE(overlap(box.box, acting->ink)) << d.what;
      }
    }
  }
}

}  // namespace
}  // namespace seneschal::display
