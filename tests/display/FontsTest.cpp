#include "seneschal/display/fonts.hpp"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "seneschal/display/board_renderer.hpp"

namespace seneschal::display {
namespace {

namespace fs = std::filesystem;

// A scratch assets directory, removed again when the test ends.
class ScratchAssets {
 public:
  explicit ScratchAssets(const std::string& name) : root_(fs::temp_directory_path() / ("seneschal-display-" + name)) {
    fs::remove_all(root_);
    fs::create_directories(root_ / "fonts");
  }
  ~ScratchAssets() { fs::remove_all(root_); }
  const fs::path& root() const { return root_; }

 private:
  fs::path root_;
};

TEST(FontsTest, LoadsBothFacesFromTheAssetsDirectory) {
  auto fonts = Fonts::load(testing::kAssets);
  ASSERT_TRUE(fonts.has_value()) << fonts.error().message;
  EXPECT_EQ(fonts->regular().getInfo().family, "DejaVu Sans");
  EXPECT_EQ(fonts->bold().getInfo().family, "DejaVu Sans");
  EXPECT_NE(&fonts->regular(), &fonts->bold());
}

TEST(FontsTest, MissingDirectoryGivesAnErrorNamingThePath) {
  const std::string missing = "/nonexistent/seneschal-assets";
  auto fonts = Fonts::load(missing);
  ASSERT_FALSE(fonts.has_value());
  EXPECT_NE(fonts.error().message.find(missing + "/fonts/DejaVuSans.ttf"), std::string::npos) << fonts.error().message;

  auto renderer = BoardRenderer::create(missing);
  ASSERT_FALSE(renderer.has_value());
  EXPECT_NE(renderer.error().message.find(missing), std::string::npos) << renderer.error().message;
}

TEST(FontsTest, MissingBoldFaceIsNamed) {
  ScratchAssets assets("no-bold");
  fs::copy_file(testing::kAssets + "/fonts/DejaVuSans.ttf", assets.root() / "fonts" / "DejaVuSans.ttf");
  auto fonts = Fonts::load(assets.root().string());
  ASSERT_FALSE(fonts.has_value());
  EXPECT_NE(fonts.error().message.find("DejaVuSans-Bold.ttf"), std::string::npos) << fonts.error().message;
}

TEST(FontsTest, AFileThatIsNoFontIsRefusedByName) {
  ScratchAssets assets("not-a-font");
  std::ofstream(assets.root() / "fonts" / "DejaVuSans.ttf") << "not a font";
  auto fonts = Fonts::load(assets.root().string());
  ASSERT_FALSE(fonts.has_value());
  EXPECT_NE(fonts.error().message.find((assets.root() / "fonts" / "DejaVuSans.ttf").string()), std::string::npos)
      << fonts.error().message;
}

TEST(FontsTest, FontsStayPutWhenTheirOwnerMoves) {
  auto fonts = Fonts::load(testing::kAssets);
  ASSERT_TRUE(fonts.has_value()) << fonts.error().message;
  const sf::Font* before = &fonts->regular();
  Fonts moved = std::move(fonts).value();
  EXPECT_EQ(&moved.regular(), before);
}

}  // namespace
}  // namespace seneschal::display
