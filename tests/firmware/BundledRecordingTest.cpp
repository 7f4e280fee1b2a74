// The demo recording an installed daemon plays: shipped as a scene, rendered once into the
// cache on first use, and found again without rendering after that.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <utility>
#include <vector>

#include "common/TempDir.hpp"
#include "seneschal/firmware/base/assets.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSmallScene = R"({
  "seed": 3, "frames": 3, "width": 640, "height": 360,
  "cards": [{"payload": "S1:R9E:HEKTOR:1", "x_mm": 120, "y_mm": 100}]
})";

std::string assets_with_scene(const test::TempDir& dir) {
  const fs::path scene_dir = fs::path(dir.file("assets")) / "recordings" / "first-game";
  fs::create_directories(scene_dir);
  std::ofstream(scene_dir / "scene.json") << kSmallScene;
  return dir.file("assets");
}

TEST(BundledRecordingTest, RendersTheShippedSceneOnceIntoTheCache) {
  test::TempDir dir;
  const std::string assets = assets_with_scene(dir);
  std::vector<std::pair<int, int>> progress;
  auto first = bundled_recording(assets, dir.file("cache"), "",
                                 [&](int done, int total) { progress.emplace_back(done, total); });
  ASSERT_TRUE(first) << first.error().message;
  // Each frame is reported (the daemon feeds systemd's watchdog from it while it renders).
  EXPECT_EQ(progress, (std::vector<std::pair<int, int>>{{1, 3}, {2, 3}, {3, 3}}));
  EXPECT_EQ(*first, dir.file("cache") + "/recordings/first-game");
  for (const char* file : {"frame-0001.jpg", "frame-0003.jpg", "truth.json"}) {
    EXPECT_TRUE(fs::exists(fs::path(*first) / file)) << file;
  }
  const auto rendered_at = fs::last_write_time(fs::path(*first) / "truth.json");
  auto again = bundled_recording(assets, dir.file("cache"), "");
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(*again, *first);
  EXPECT_EQ(fs::last_write_time(fs::path(*again) / "truth.json"), rendered_at) << "rendered twice";
}

TEST(BundledRecordingTest, HalfRenderedCacheFromAPowerCutIsRenderedAgain) {
  test::TempDir dir;
  const std::string assets = assets_with_scene(dir);
  const fs::path cached = fs::path(dir.file("cache")) / "recordings" / "first-game";
  fs::create_directories(cached);
  std::ofstream(cached / "frame-0001.jpg") << "half a jpeg";  // no truth.json: not whole
  fs::create_directories(cached.string() + ".partial");
  auto path = bundled_recording(assets, dir.file("cache"), "");
  ASSERT_TRUE(path) << path.error().message;
  EXPECT_TRUE(fs::exists(cached / "truth.json"));
  EXPECT_GT(fs::file_size(cached / "frame-0001.jpg"), 1000u);
  EXPECT_FALSE(fs::exists(cached.string() + ".partial"));
}

TEST(BundledRecordingTest, RenderedFramesBesideTheSceneOrInTheBuildTreeWin) {
  test::TempDir dir;
  const std::string assets = assets_with_scene(dir);
  const fs::path built = dir.file("built");
  fs::create_directories(built);
  std::ofstream(built / "truth.json") << "{}";
  EXPECT_EQ(bundled_recording(assets, dir.file("cache"), built.string()).value(), built.string());
  const fs::path shipped = fs::path(assets) / "recordings" / "first-game";
  std::ofstream(shipped / "truth.json") << "{}";
  EXPECT_EQ(bundled_recording(assets, dir.file("cache"), built.string()).value(), shipped.string());
  EXPECT_FALSE(fs::exists(dir.file("cache")));
}

TEST(BundledRecordingTest, MissingSceneIsNamed) {
  test::TempDir dir;
  auto path = bundled_recording(dir.file("no-assets"), dir.file("cache"), "");
  ASSERT_FALSE(path);
  EXPECT_EQ(path.error().message,
            "the bundled recording: " + dir.file("no-assets") + "/recordings/first-game/scene.json: cannot open for reading");
}

}  // namespace
}  // namespace seneschal::firmware
