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
#include "display/KeyFacts.hpp"
#include "seneschal/display/board_renderer.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/tools/bench_friction.hpp"
#include "seneschal/firmware/script/table_script.hpp"

namespace seneschal::firmware {

void PrintTo(const FrictionInput& input, std::ostream* out);

namespace {

// 5 mm at 0.19 mm a pixel.
constexpr float kLeastCapitals = 26;

struct Figures {
  int screens = 0;
  int cut = 0;          // screens with a name cut with "…" (anywhere but the choices column)
  int cut_options = 0;  // screens with an option cut in the choices column (a fault as well)
  int overlap = 0;  // screens with two texts over each other
  float least_capitals = 1e9f;
  std::string least_what;  // the key fact drawn smallest, and where
  std::vector<std::string> faults;
  std::map<std::string, int> cut_option_texts;  // each option cut in the column, and on how many screens
  // The details page, a press away: small type is its job, but no name cut and no overlap there
  // either (faults as well).
  int details_cut = 0;
  int details_overlap = 0;
  std::map<std::string, int> details_cut_texts;
};

Figures measure(const FrictionInput& input) {
  Figures figures;
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
    const engine::ViewModel view = table.view();
    display::Trace trace;
    display::DrawOptions draw;  // what the device shows unless a button turned the page
    draw.trace = &trace;
    renderer->draw(texture, view, {800, 480}, draw);
    ++figures.screens;
    const std::size_t faults_before = figures.faults.size();
    const std::string where = "line " + std::to_string(step.line);
    // A cut anywhere but the choices column is a cut name; an option cut in the column (a label
    // longer than three lines) is counted apart, and is a fault too: a choice is read, not guessed.
    const display::DrawnBox* choices = nullptr;
    for (const display::DrawnBox& box : trace.boxes) choices = box.name == "choices" ? &box : choices;
    bool cut_name = false;
    bool cut_option = false;
    for (const display::DrawnText& t : trace.texts) {
      if (t.text.find("\u2026") == std::string::npos) continue;
      if (choices && display::testing::holds(choices->box, t.ink)) {
        cut_option = true;
        ++figures.cut_option_texts[t.text];
        figures.faults.push_back(where + ": option cut \"" + t.text + "\"");
      } else {
        cut_name = true;
        figures.faults.push_back(where + ": cut \"" + t.text + "\"");
      }
    }
    figures.cut += cut_name ? 1 : 0;
    figures.cut_options += cut_option ? 1 : 0;
    if (display::testing::any_overlap(trace)) {
      ++figures.overlap;
      figures.faults.push_back(where + ": texts overlap");
    }
    for (const display::testing::KeyFact& fact : display::testing::key_facts(view, trace)) {
      const float capitals = fact.size == 0 ? 0.f : display::testing::cap_height(renderer->fonts().bold(), fact.size);
      if (capitals < figures.least_capitals) {
        figures.least_capitals = capitals;
        figures.least_what = where + ": " + fact.what + " \"" + fact.text + "\" at " + std::to_string(fact.size) + " px";
      }
      if (capitals < kLeastCapitals) {
        figures.faults.push_back(where + ": " + fact.what + " \"" + fact.text + "\" " +
                                 (fact.size == 0 ? "not drawn whole" : "at " + std::to_string(fact.size) + " px"));
      }
    }
    display::Trace details;
    display::DrawOptions press_away;
    press_away.trace = &details;
    press_away.page = display::Page::Details;
    renderer->draw(texture, view, {800, 480}, press_away);
    bool details_cut = false;
    for (const display::DrawnText& t : details.texts) {
      if (t.text.find("\u2026") == std::string::npos) continue;
      details_cut = true;
      ++figures.details_cut_texts[t.text];
      figures.faults.push_back(where + ": the details page cuts \"" + t.text + "\"");
    }
    figures.details_cut += details_cut ? 1 : 0;
    const bool details_overlap = display::testing::any_overlap(details);
    figures.details_overlap += details_overlap ? 1 : 0;
    if (details_overlap) figures.faults.push_back(where + ": texts overlap on the details page");
    // SENESCHAL_SHOTS_DIR=<dir>: every faulty screen as a PNG, named by script and line (a
    // details page with a cut or an overlap as "...-details.png").
    const char* dir = std::getenv("SENESCHAL_SHOTS_DIR");
    const auto shot = [&](const std::string& suffix) {
      texture.display();
      (void)texture.getTexture().copyToImage().saveToFile(
          std::string(dir) + "/" + std::filesystem::path(input.script).filename().string() + "-" + where + suffix + ".png");
    };
    if (dir && (details_cut || details_overlap)) shot("-details");
    if (dir && figures.faults.size() > faults_before) {
      renderer->draw(texture, view, {800, 480}, draw);  // the glance again
      shot("");
    }
  };
  TableScript table(std::move(cards).value(), std::move(options));
  test::TempDir dir;
  EXPECT_TRUE(table.open(dir.file("game.sqlite")));
  auto ran = table.run(*script);
  EXPECT_TRUE(ran) << ran.error().message;
  return figures;
}

// The five texts cut on the most screens, most first.
void print_most_cut(const std::map<std::string, int>& texts, const char* what) {
  std::vector<std::pair<int, std::string>> most;
  for (const auto& [text, screens] : texts) most.emplace_back(screens, text);
  std::sort(most.rbegin(), most.rend());
  for (std::size_t i = 0; i < most.size() && i < 5; ++i) {
    std::printf("%s on %d screens: \"%s\"\n", what, most[i].first, most[i].second.c_str());
  }
}

class ScriptScreensRenderTest : public ::testing::TestWithParam<FrictionInput> {};

TEST_P(ScriptScreensRenderTest, EveryScreenShowsItsKeyFactsAtFiveMillimetresUncutAndApart) {
  const Figures f = measure(GetParam());
  ASSERT_GT(f.screens, 10);
  std::printf("%s: %d screens at 800x480; key facts' least capitals %.0f px (%s); a name cut on %d (%.1f%%), "
              "overlap on %d (%.1f%%); an option cut in the choices column on %d (%.1f%%)\n",
              std::filesystem::path(GetParam().script).filename().c_str(), f.screens, f.least_capitals,
              f.least_what.c_str(), f.cut, 100.0 * f.cut / f.screens, f.overlap, 100.0 * f.overlap / f.screens,
              f.cut_options, 100.0 * f.cut_options / f.screens);
  print_most_cut(f.cut_option_texts, "  cut option");
  std::printf("  the details page: a text cut on %d (%.1f%%), overlap on %d (%.1f%%)\n", f.details_cut,
              100.0 * f.details_cut / f.screens, f.details_overlap, 100.0 * f.details_overlap / f.screens);
  print_most_cut(f.details_cut_texts, "    cut");
  std::string listed;
  for (std::size_t i = 0; i < f.faults.size() && i < 12; ++i) listed += "  " + f.faults[i] + "\n";
  EXPECT_TRUE(f.faults.empty()) << f.faults.size() << " faults, the first:\n" << listed;
}

INSTANTIATE_TEST_SUITE_P(WholeGames, ScriptScreensRenderTest,
                         ::testing::ValuesIn(default_friction_scripts(SENESCHAL_TEST_DATA "/scripts")),
                         [](const auto& param_info) {
                           const std::string name = std::filesystem::path(param_info.param.script).extension().string();
                           return name.substr(1);
                         });

}  // namespace
}  // namespace seneschal::firmware
