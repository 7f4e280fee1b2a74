// Each screen against a reference PNG in tests/data/golden/. Rendering here is Mesa llvmpipe
// under Xvfb and is deterministic, but a driver or FreeType update may move an antialiased
// edge by a shade: a few pixels may differ by a little, none by a lot over any area. A real
// change (a moved box, a new colour, a different word) moves thousands.
//
// SENESCHAL_UPDATE_GOLDEN=1 rewrites the references from what is drawn now (then look at
// them, and commit them with the change that moved them). SENESCHAL_SHOTS_DIR=<dir> also
// writes every screen there at 800x480, 1024x600 and 1920x1080, for people to look at.

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "Screens.hpp"
#include "seneschal/display/render_image.hpp"

namespace seneschal::display {
namespace {

namespace fs = std::filesystem;

const fs::path kGoldenDir = fs::path(SENESCHAL_TEST_DATA) / "golden";
// A pixel counts as different when a channel is off by more than this...
constexpr int kChannelTolerance = 24;
// ...and the image as different when more than this share of its pixels are.
constexpr double kMaxDifferentShare = 0.002;

struct Screen {
  std::string name;
  engine::ViewModel view;
};

std::vector<Screen> screens() {
  return {{"board-choices", screens::board_with_choices()},
          {"timer-under-30s", screens::timer_running()},
          {"alarm", screens::alarm_ringing()},
          {"game-end", screens::game_end()}};
}

std::string file_name(const std::string& screen, ScreenSize size) {
  return screen + "-" + std::to_string(size.width) + "x" + std::to_string(size.height) + ".png";
}

double different_share(const sf::Image& a, const sf::Image& b) {
  const sf::Vector2u size = a.getSize();
  long long different = 0;
  for (unsigned y = 0; y < size.y; ++y) {
    for (unsigned x = 0; x < size.x; ++x) {
      const sf::Color p = a.getPixel(x, y);
      const sf::Color q = b.getPixel(x, y);
      if (std::abs(p.r - q.r) > kChannelTolerance || std::abs(p.g - q.g) > kChannelTolerance ||
          std::abs(p.b - q.b) > kChannelTolerance) {
        ++different;
      }
    }
  }
  return static_cast<double>(different) / (static_cast<double>(size.x) * size.y);
}

bool env_set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' && std::string(value) != "0";
}

class GoldenImageTest : public testing::RendererTest {};

TEST_F(GoldenImageTest, EveryScreenMatchesItsReferenceImage) {
  const bool update = env_set("SENESCHAL_UPDATE_GOLDEN");
  for (const Screen& screen : screens()) {
    for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1920, 1080}}) {
      const std::string name = file_name(screen.name, size);
      SCOPED_TRACE(name);
      auto image = render_image(*renderer_, screen.view, size);
      ASSERT_TRUE(image.has_value()) << image.error().message;
      const fs::path golden = kGoldenDir / name;
      if (update) {
        fs::create_directories(kGoldenDir);
        ASSERT_TRUE(image->saveToFile(golden.string())) << golden;
        continue;
      }
      sf::Image expected;
      ASSERT_TRUE(expected.loadFromFile(golden.string()))
          << golden << " is missing: run the display tests once with SENESCHAL_UPDATE_GOLDEN=1";
      ASSERT_EQ(expected.getSize(), image->getSize());
      const double share = different_share(expected, *image);
      if (share > kMaxDifferentShare) {
        const fs::path actual = fs::temp_directory_path() / ("actual-" + name);
        image->saveToFile(actual.string());
        ADD_FAILURE() << share * 100 << "% of the pixels differ from " << golden << "; the new image is " << actual
                      << " (if the change is meant, regenerate with SENESCHAL_UPDATE_GOLDEN=1)";
      }
    }
  }
}

// The comparison must see a real change: the same board with the other option highlighted.
TEST_F(GoldenImageTest, ComparisonNoticesAMovedHighlight) {
  engine::ViewModel view = screens::board_with_choices();
  auto before = render_image(*renderer_, view, {800, 480});
  view.highlighted = 0;
  auto after = render_image(*renderer_, view, {800, 480});
  ASSERT_TRUE(before.has_value() && after.has_value());
  EXPECT_GT(different_share(*before, *after), kMaxDifferentShare);
  EXPECT_EQ(different_share(*before, *before), 0);
}

TEST_F(GoldenImageTest, WritesScreenshotsWhenAsked) {
  const char* dir = std::getenv("SENESCHAL_SHOTS_DIR");
  if (dir == nullptr || *dir == '\0') GTEST_SKIP() << "set SENESCHAL_SHOTS_DIR to write screenshots";
  fs::create_directories(dir);
  std::vector<Screen> all = screens();
  for (auto& [name, view] : screens::demanding()) {
    std::string file = name;
    for (char& c : file) c = (c == ' ' || c == ',') ? '-' : c;
    all.push_back({"demanding-" + file, view});
  }
  all.push_back({"alarm-second-colour", screens::alarm_ringing(1'000'500)});
  for (const Screen& screen : all) {
    for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1024, 600}, ScreenSize{1920, 1080}}) {
      const fs::path path = fs::path(dir) / file_name(screen.name, size);
      auto written = render_png(*renderer_, screen.view, size, path.string());
      EXPECT_TRUE(written.has_value()) << written.error().message;
    }
  }
}

}  // namespace
}  // namespace seneschal::display
