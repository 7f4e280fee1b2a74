#include "seneschal/display/render_image.hpp"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "Boards.hpp"

namespace seneschal::display {
namespace {

namespace fs = std::filesystem;

class RenderImageTest : public testing::RendererTest {};

TEST_F(RenderImageTest, ImageHasTheRequestedSize) {
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1024, 600}, ScreenSize{1920, 1080}}) {
    auto image = render_image(*renderer_, testing::realistic(), size);
    ASSERT_TRUE(image.has_value()) << image.error().message;
    EXPECT_EQ(image->getSize(), sf::Vector2u(size.width, size.height));
  }
}

TEST_F(RenderImageTest, RenderingIsRepeatable) {
  auto first = render_image(*renderer_, testing::realistic(), {800, 480});
  auto second = render_image(*renderer_, testing::realistic(), {800, 480});
  ASSERT_TRUE(first.has_value() && second.has_value());
  EXPECT_EQ(testing::differing_pixels(*first, *second, {0, 0, 800, 480}), 0);
}

TEST_F(RenderImageTest, PngIsWrittenAndReadsBackAsTheSameImage) {
  const fs::path png = fs::temp_directory_path() / "seneschal-display-test-board.png";
  fs::remove(png);
  const ScreenSize size{1024, 600};
  auto written = render_png(*renderer_, testing::realistic(), size, png.string());
  ASSERT_TRUE(written.has_value()) << written.error().message;

  sf::Image loaded;
  ASSERT_TRUE(loaded.loadFromFile(png.string()));
  EXPECT_EQ(loaded.getSize(), sf::Vector2u(size.width, size.height));
  auto rendered = render_image(*renderer_, testing::realistic(), size);
  ASSERT_TRUE(rendered.has_value()) << rendered.error().message;
  EXPECT_EQ(testing::differing_pixels(loaded, *rendered, {0, 0, 1024, 600}), 0);
  fs::remove(png);
}

// display.turn_to_seat: the same board turned 180 degrees, pixel for pixel, for the player across
// a screen lying flat; the PNG path turns it too, so a snapshot shows what the screen showed.
TEST_F(RenderImageTest, ATurnedBoardIsTheSameBoardUpsideDown) {
  const ScreenSize size{800, 480};
  DrawOptions turned_options;
  turned_options.turned = true;
  auto upright = render_image(*renderer_, testing::realistic(), size);
  auto turned = render_image(*renderer_, testing::realistic(), size, turned_options);
  ASSERT_TRUE(upright.has_value() && turned.has_value());
  EXPECT_GT(testing::differing_pixels(*upright, *turned, {0, 0, 800, 480}), 10'000) << "turned at all";
  sf::Image turned_back = *turned;
  turned_back.flipHorizontally();
  turned_back.flipVertically();
  EXPECT_LT(testing::differing_pixels(*upright, turned_back, {0, 0, 800, 480}), 800 * 480 / 1000)
      << "upside down, and nothing else moved";

  const fs::path png = fs::temp_directory_path() / "seneschal-display-test-turned.png";
  ASSERT_TRUE(render_png(*renderer_, testing::realistic(), size, png.string(), turned_options).has_value());
  sf::Image loaded;
  ASSERT_TRUE(loaded.loadFromFile(png.string()));
  EXPECT_EQ(testing::differing_pixels(loaded, *turned, {0, 0, 800, 480}), 0);
  fs::remove(png);
}

TEST_F(RenderImageTest, UnwritablePathIsNamedInTheError) {
  const std::string png = "/nonexistent-seneschal-dir/board.png";
  auto written = render_png(*renderer_, testing::realistic(), {800, 480}, png);
  ASSERT_FALSE(written.has_value());
  EXPECT_NE(written.error().message.find(png), std::string::npos) << written.error().message;
}

TEST_F(RenderImageTest, ZeroSizeIsRefused) {
  auto image = render_image(*renderer_, testing::realistic(), {0, 480});
  ASSERT_FALSE(image.has_value());
  EXPECT_NE(image.error().message.find("0x480"), std::string::npos) << image.error().message;
}

// SFML would abort the process without an X display; the library must answer with an error.
TEST_F(RenderImageTest, WithoutAnXDisplayTheErrorSaysSo) {
  const char* display = std::getenv("DISPLAY");
  ASSERT_NE(display, nullptr) << "these tests run under xvfb-run";
  const std::string saved = display;
  unsetenv("DISPLAY");
  auto image = render_image(*renderer_, testing::realistic(), {800, 480});
  setenv("DISPLAY", saved.c_str(), 1);
  ASSERT_FALSE(image.has_value());
  EXPECT_NE(image.error().message.find("DISPLAY"), std::string::npos) << image.error().message;
}

// A DISPLAY naming a server that is not there is an error naming it, not SFML's abort.
TEST_F(RenderImageTest, AnXDisplayThatIsNotThereIsNamed) {
  const char* display = std::getenv("DISPLAY");
  ASSERT_NE(display, nullptr) << "these tests run under xvfb-run";
  const std::string saved = display;
  setenv("DISPLAY", ":4093", 1);
  auto image = render_image(*renderer_, testing::realistic(), {800, 480});
  setenv("DISPLAY", saved.c_str(), 1);
  ASSERT_FALSE(image.has_value());
  EXPECT_NE(image.error().message.find(":4093"), std::string::npos) << image.error().message;
}

}  // namespace
}  // namespace seneschal::display
