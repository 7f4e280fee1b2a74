// Measured, not guessed (issue 38, item 6): every screen of the four whole-game scripts, drawn at
// 800x480 as the device shows it, has every key fact (whose move, the prompt's first line, each
// seat's name, score and key counters, the timers; at the end every final score) at capitals of at
// least 26 px, about 5 mm on the 7" screen, read from a metre; no text over another; no name cut
// to "Territ…" and no choice cut to "Start Tournament rou…"; on the details page, a press away, no
// cut and no overlap either. The figures the issue asks for are
// printed: the smallest capitals of a key fact, the share of screens with a cut or an overlap, and
// the options most often cut.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <SFML/Graphics/RenderTexture.hpp>

#include "common/TempDir.hpp"
#include "ScreenFaults.hpp"
#include "seneschal/display/board_renderer.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "WholeGameScripts.hpp"
#include "seneschal/firmware/tools/bench_friction.hpp"
#include "seneschal/firmware/script/table_script.hpp"

namespace seneschal::firmware {

void PrintTo(const FrictionInput& input, std::ostream* out);

namespace {

using testing::ScreenFigures;

ScreenFigures measure(const FrictionInput& input) {
  ScreenFigures figures;
  auto text = read_text_file(input.script);
  EXPECT_TRUE(text) << input.script;
  if (!text) return figures;
  auto script = parse_script(*text, input.script, std::filesystem::path(input.script).parent_path().string());
  EXPECT_TRUE(script) << script.error().message;
  auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets", input.answers);
  EXPECT_TRUE(cards) << cards.error().message;
  auto renderer = display::BoardRenderer::create(SENESCHAL_SOURCE_DIR "/assets");
  EXPECT_TRUE(renderer) << renderer.error().message;
  sf::RenderTexture texture;
  if (!script || !cards || !renderer || !texture.create(800, 480)) return figures;

  std::unique_ptr<std::FILE, int (*)(std::FILE*)> sink(std::tmpfile(), &std::fclose);
  ScriptOptions options;
  options.out = sink.get();
  options.after_step = [&](TableScript& table, const ScriptStep& step) {
    if (!table.session()) return;
    testing::measure_screen(*renderer, texture, table.view(), "line " + std::to_string(step.line),
                            std::filesystem::path(input.script).filename().string(), figures);
  };
  TableScript table(std::move(cards).value(), std::move(options));
  test::TempDir dir;
  EXPECT_TRUE(table.open(dir.file("game.sqlite")));
  auto ran = table.run(*script);
  EXPECT_TRUE(ran) << ran.error().message;
  return figures;
}

class ScriptScreensRenderTest : public ::testing::TestWithParam<FrictionInput> {};

TEST_P(ScriptScreensRenderTest, EveryScreenShowsItsKeyFactsAtFiveMillimetresUncutAndApart) {
  const ScreenFigures f = measure(GetParam());
  ASSERT_GT(f.screens, 10);
  testing::print_figures(std::filesystem::path(GetParam().script).filename().string(), f);
  EXPECT_TRUE(f.faults.empty()) << f.faults.size() << " faults, the first:\n" << testing::first_faults(f);
}

INSTANTIATE_TEST_SUITE_P(WholeGames, ScriptScreensRenderTest, testing::whole_game_scripts(), testing::script_test_name);

}  // namespace
}  // namespace seneschal::firmware
