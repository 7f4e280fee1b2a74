// The calibration screen on real pixels: the picture where it should be, outlines in their
// colours where their polygons lie (and nowhere past the picture), words in their column, the
// heading band in the tone given.
#include "seneschal/display/calibration_view.hpp"

#include <gtest/gtest.h>

#include <optional>

#include "Boards.hpp"
#include "seneschal/display/palette.hpp"
#include "seneschal/display/window.hpp"

namespace seneschal::display {
namespace {

// A grey no palette colour has, so the picture can be found on the screen by its pixels.
const sf::Color kGrey{90, 91, 92};

CameraPicture grey_picture(unsigned width = 640, unsigned height = 360) {
  CameraPicture picture{width, height, {}};
  for (std::size_t i = 0; i < std::size_t{width} * height; ++i) {
    picture.bgr.insert(picture.bgr.end(), {kGrey.b, kGrey.g, kGrey.r});
  }
  return picture;
}

struct Box {
  unsigned left = ~0u, top = ~0u, right = 0, bottom = 0;  // inclusive
  int count = 0;
  float width() const { return static_cast<float>(right - left + 1); }
  float height() const { return static_cast<float>(bottom - top + 1); }
};

// The bounding box of the pixels of exactly this colour, within [x0, x1).
Box pixels_of(const sf::Image& image, sf::Color colour, unsigned x0 = 0, unsigned x1 = ~0u) {
  Box box;
  for (unsigned y = 0; y < image.getSize().y; ++y) {
    for (unsigned x = x0; x < std::min(x1, image.getSize().x); ++x) {
      if (image.getPixel(x, y) != colour) continue;
      box.left = std::min(box.left, x);
      box.right = std::max(box.right, x);
      box.top = std::min(box.top, y);
      box.bottom = std::max(box.bottom, y);
      ++box.count;
    }
  }
  return box;
}

class CalibrationViewTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = CalibrationView::create(testing::kAssets);
    ASSERT_TRUE(created.has_value()) << created.error().message;
    view_.emplace(std::move(created).value());
  }

  sf::Image render(const CalibrationScreen& screen, ScreenSize size = {800, 480}) {
    auto image = render_calibration_image(*view_, screen, size);
    EXPECT_TRUE(image.has_value()) << image.error().message;
    return image ? *image : sf::Image();
  }

  std::optional<CalibrationView> view_;
};

TEST_F(CalibrationViewTest, ASeatsOutlineIsDrawnInItsColourWhereItsPolygonLies) {
  CalibrationScreen screen;
  screen.picture = grey_picture();
  screen.outlines.push_back({{{100, 80}, {300, 80}, {300, 280}, {100, 280}}, "", OutlineKind::Seat, 1});
  const sf::Image image = render(screen);

  const Box picture = pixels_of(image, kGrey);
  ASSERT_GT(picture.count, 1000) << "the camera picture is drawn";
  EXPECT_NEAR(picture.width() / picture.height(), 640.0 / 360.0, 0.02) << "scaled without distortion";
  const float scale = picture.width() / 640;

  const Box outline = pixels_of(image, palette::seat_colour(1));
  ASSERT_GT(outline.count, 100) << "the outline is drawn in seat 2's colour";
  const float centre_x = (static_cast<float>(outline.left) + static_cast<float>(outline.right)) / 2;
  const float centre_y = (static_cast<float>(outline.top) + static_cast<float>(outline.bottom)) / 2;
  EXPECT_NEAR(centre_x, static_cast<float>(picture.left) + 200 * scale, 2.5);
  EXPECT_NEAR(centre_y, static_cast<float>(picture.top) + 180 * scale, 2.5);
  // The stroke is a few pixels wide around the 200-pixel square.
  EXPECT_NEAR(outline.width(), 200 * scale, 6);
  EXPECT_NEAR(outline.height(), 200 * scale, 6);
  // Inside, the area is tinted with the seat's colour, not left as the picture.
  const sf::Color inside = image.getPixel(static_cast<unsigned>(centre_x), static_cast<unsigned>(centre_y));
  EXPECT_NE(inside, kGrey);
  EXPECT_GT(inside.b, kGrey.b) << "seat 2's sky blue shows through";
}

TEST_F(CalibrationViewTest, OutlinesReachingPastThePictureAreCutAtItsEdge) {
  CalibrationScreen screen;
  screen.picture = grey_picture();
  screen.lines = {"Nothing here is the table's colour."};
  screen.outlines.push_back({{{-400, -400}, {2000, -400}, {2000, 1000}, {-400, 1000}}, "", OutlineKind::Table, 0});
  screen.outlines.push_back({{{-300, 100}, {900, 100}, {900, 200}, {-300, 200}}, "", OutlineKind::Zone, 0});
  const sf::Image image = render(screen);
  const Box picture = pixels_of(image, kGrey);
  const Box zone = pixels_of(image, palette::pip);
  ASSERT_GT(zone.count, 0) << "the zone's edges inside the picture are drawn";
  EXPECT_GE(zone.left, picture.left);
  EXPECT_LE(zone.right, picture.right);
}

TEST_F(CalibrationViewTest, TheWordsAreDrawnBesideThePicture) {
  CalibrationScreen screen;
  screen.picture = grey_picture();
  screen.heading = "Calibrating the table";
  const sf::Image without = render(screen);
  screen.lines = {"Corner 3 is not in view: lay S1:CAL:3 at the near right corner, inside the camera's picture",
                  "Seat 2's tag is not in view"};
  screen.footer = "Enter saves, Escape quits";
  const sf::Image with = render(screen);
  const Box picture = pixels_of(with, kGrey);
  const Box text = pixels_of(with, palette::text, picture.right + 1);
  EXPECT_GT(text.count, 400) << "the sentences are drawn in the text colour, right of the picture";
  EXPECT_GT(text.height(), 4 * 20.f) << "the first sentence wraps onto several lines";
  EXPECT_LT(text.right, 800u);
  const Box footer = pixels_of(with, palette::text_secondary, picture.right + 1);
  EXPECT_GT(footer.count, 20);
  EXPECT_GT(footer.top, text.bottom) << "the footer sits under the words";
  EXPECT_GT(testing::differing_pixels(without, with, {static_cast<float>(picture.right + 1), 60, 300, 400}), 400);
}

TEST_F(CalibrationViewTest, TheHeadingBandTakesTheTonesColour) {
  CalibrationScreen screen;
  screen.heading = "All is well";
  screen.tone = Tone::Good;
  EXPECT_EQ(render(screen).getPixel(2, 2), palette::accepted);
  screen.tone = Tone::Bad;
  EXPECT_EQ(render(screen).getPixel(2, 2), palette::refused);
  screen.tone = Tone::Neutral;
  EXPECT_EQ(render(screen).getPixel(2, 2), palette::banner);
}

TEST_F(CalibrationViewTest, ALabelIsDrawnAtItsOutlinesMiddle) {
  CalibrationScreen screen;
  screen.picture = grey_picture();
  screen.outlines.push_back({{{200, 100}, {440, 100}, {440, 260}, {200, 260}}, "Seat 1", OutlineKind::Seat, 0});
  const sf::Image image = render(screen);
  const Box picture = pixels_of(image, kGrey);
  const float scale = picture.width() / 640;
  // The badge is a pill in the seat's colour with dark text, around the middle (320, 180).
  const unsigned mx = picture.left + static_cast<unsigned>(320 * scale);
  const unsigned my = picture.top + static_cast<unsigned>(180 * scale);
  const Box badge = pixels_of(image, palette::text_on_colour, mx - 60, mx + 60);
  ASSERT_GT(badge.count, 10) << "the label's letters";
  EXPECT_NEAR((static_cast<float>(badge.top) + static_cast<float>(badge.bottom)) / 2, static_cast<float>(my), 8);
}

TEST_F(CalibrationViewTest, APictureOfTheWrongSizeIsLeftOutAndTheRestIsDrawn) {
  CalibrationScreen screen;
  screen.picture = grey_picture();
  screen.picture.bgr.resize(100);
  screen.lines = {"Still said"};
  const sf::Image image = render(screen);
  EXPECT_EQ(pixels_of(image, kGrey).count, 0);
  EXPECT_GT(pixels_of(image, palette::text).count, 20);
}

TEST_F(CalibrationViewTest, APortraitScreenPutsTheWordsUnderThePicture) {
  CalibrationScreen screen;
  screen.picture = grey_picture();
  screen.lines = {"Under the picture"};
  const sf::Image image = render(screen, {480, 800});
  const Box picture = pixels_of(image, kGrey);
  const Box text = pixels_of(image, palette::text);
  ASSERT_GT(text.count, 20);
  EXPECT_GT(text.top, picture.bottom);
}

TEST_F(CalibrationViewTest, AnEmptyScreenSizeIsRefusedByName) {
  auto image = render_calibration_image(*view_, CalibrationScreen{}, {800, 0});
  ASSERT_FALSE(image.has_value());
  EXPECT_EQ(image.error().message, "cannot render a calibration screen of 800x0 pixels");
}

TEST_F(CalibrationViewTest, AWindowShowsTheScreen) {
  auto window = Window::open({800, 480}, "Seneschal calibration test", WindowMode::Windowed);
  ASSERT_TRUE(window.has_value()) << window.error().message;
  CalibrationScreen screen;
  screen.picture = grey_picture();
  screen.heading = "Calibrating";
  auto shown = window->show(*view_, screen);
  EXPECT_TRUE(shown.has_value()) << shown.error().message;
  window->close();
  auto closed = window->show(*view_, screen);
  ASSERT_FALSE(closed.has_value());
  EXPECT_EQ(closed.error().message, "the calibration window is closed");
}

}  // namespace
}  // namespace seneschal::display
