// The screen in the players' language (issue [7/8], item 1): every whole-game script of the four
// games is played once, in English, into an event log; that log is then read in German, French and
// Spanish (the log keeps ids and numbers, so it folds the same in every language) and the board
// after every move is drawn at 800x480 as the device shows it, glance and details page. Each
// screen is held to what the English ones are (ScreenFaults.hpp: key facts at 26 px capitals, no
// name or choice cut, no overlap), every word looked up has its translation in the catalog, and
// no sentence is drawn in English on a screen in another language. The figures are printed:
// screens per language, the smallest capitals, the cut and the overlaps.

#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <SFML/Graphics/RenderTexture.hpp>

#include "ScreenFaults.hpp"
#include "common/TempDir.hpp"
#include "seneschal/base/language.hpp"
#include "seneschal/display/board_renderer.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/app/game_log.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/script/table_script.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"
#include "WholeGameScripts.hpp"
#include "seneschal/firmware/tools/bench_friction.hpp"

namespace seneschal::firmware {

void PrintTo(const FrictionInput& input, std::ostream* out);

namespace {

using testing::ScreenFigures;

// Plays the script in English into `db`, as `seneschal play` does.
bool play_in_english(const FrictionInput& input, const std::string& db) {
  EXPECT_TRUE(set_language("en"));
  auto text = read_text_file(input.script);
  EXPECT_TRUE(text) << input.script;
  if (!text) return false;
  auto script = parse_script(*text, input.script, std::filesystem::path(input.script).parent_path().string());
  EXPECT_TRUE(script) << script.error().message;
  auto cards = load_card_library(SENESCHAL_SOURCE_DIR "/assets", input.answers);
  EXPECT_TRUE(cards) << cards.error().message;
  if (!script || !cards) return false;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> sink(std::tmpfile(), &std::fclose);
  ScriptOptions options;
  options.out = sink.get();
  TableScript table(std::move(cards).value(), std::move(options));
  EXPECT_TRUE(table.open(db));
  auto ran = table.run(*script);
  EXPECT_TRUE(ran) << ran.error().message;
  return static_cast<bool>(ran);
}

// The log read in the language set, and every move's board drawn.
ScreenFigures draw_every_move(const FrictionInput& input, const std::string& db, const std::string& code) {
  ScreenFigures figures;
  auto log = open_game_log(SENESCHAL_SOURCE_DIR "/assets", db, input.answers);
  EXPECT_TRUE(log) << code << ": " << log.error().message;
  auto renderer = display::BoardRenderer::create(SENESCHAL_SOURCE_DIR "/assets");
  EXPECT_TRUE(renderer) << renderer.error().message;
  sf::RenderTexture texture;
  if (!log || !renderer || !texture.create(800, 480)) return figures;
  const engine::Session& session = *(*log)->session;
  const engine::GameModule& module = *session.module();
  // A move is a group of events: its board is the one after the group's last event.
  std::set<std::int64_t> move_ends;
  const auto& events = session.events();
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (i + 1 == events.size() || events[i + 1].group != events[i].group) move_ends.insert(events[i].seq);
  }
  const std::string shot = std::filesystem::path(input.script).filename().string() + "-" + code;
  auto walked = session.walk([&](const engine::Event& event, const engine::TableState& state) {
    if (!move_ends.count(event.seq)) return;
    const engine::Prompt prompt = module.prompt(state);
    engine::ViewModel view = engine::make_view_model(state, module.describe(state), module.cards().title(), prompt,
                                                     false, std::nullopt, event.at_ms);
    ButtonMapper buttons;  // the rows and the highlight as a new prompt shows them
    view.prompt_options = buttons.peek_rows(prompt);
    view.highlighted = view.prompt_options.empty() ? -1 : buttons.peek_highlight(prompt);
    testing::measure_screen(*renderer, texture, view, "event " + std::to_string(event.seq), shot, figures);
  });
  EXPECT_TRUE(walked) << code << ": " << walked.error().message;
  return figures;
}

// Words of English prose: two or more lower-case words of three letters or more ("to act",
// "choose a castle"). Names and card titles are capitalised; a title's "of the" has short words.
bool reads_as_english_prose(const std::string& text) {
  int words = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && !std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
    const std::size_t start = i;
    bool lower = true;
    while (i < text.size() && (std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == '\'')) {
      lower = lower && !std::isupper(static_cast<unsigned char>(text[i]));
      ++i;
    }
    if (i > start && (i - start) >= 3 && lower) ++words;
    // A letter no English word has: this is no English prose.
    if (i < text.size() && static_cast<unsigned char>(text[i]) >= 0x80) return false;
  }
  return words >= 2;
}

class LanguageScreensTest : public ::testing::TestWithParam<FrictionInput> {
 protected:
  // English again however the test ended: the next test in this process reads its words in English.
  void TearDown() override {
    track_missing_words(false);
    ASSERT_TRUE(set_language("en"));
  }
};

TEST_P(LanguageScreensTest, EveryMoveOfTheGameReadsWholeInEveryLanguage) {
  seneschal::test::TempDir dir;
  const std::string db = dir.file("game.sqlite");
  ASSERT_TRUE(play_in_english(GetParam(), db));
  const std::string name = std::filesystem::path(GetParam().script).filename().string();
  std::set<std::string> english_texts;
  for (const std::string& code : languages()) {
    const auto set = set_language(code);
    ASSERT_TRUE(set) << set.error().message;
    (void)take_missing_words();  // what an earlier language left
    track_missing_words(true);
    const ScreenFigures f = draw_every_move(GetParam(), db, code);
    const std::set<std::string> missing = take_missing_words();
    ASSERT_GT(f.screens, 10) << code;
    testing::print_figures(name + " in " + code, f);
    EXPECT_TRUE(f.faults.empty()) << code << ": " << f.faults.size() << " faults, the first:\n" << testing::first_faults(f);
    std::string listed;
    for (auto it = missing.begin(); it != missing.end() && std::distance(missing.begin(), it) < 15; ++it) {
      listed += "  \"" + *it + "\"\n";
    }
    EXPECT_TRUE(missing.empty()) << code << ": " << missing.size() << " words have no translation, the first:\n" << listed;
    if (code == "en") {
      for (const auto& [text, screens] : f.texts) english_texts.insert(text);
      continue;
    }
    // A sentence the English screens show and this language's show the same: a word that never
    // went through the catalog.
    std::vector<std::string> untouched;
    for (const auto& [text, screens] : f.texts) {
      if (english_texts.count(text) && reads_as_english_prose(text)) untouched.push_back(text);
    }
    std::string shown;
    for (std::size_t i = 0; i < untouched.size() && i < 15; ++i) shown += "  \"" + untouched[i] + "\"\n";
    std::printf("  %zu texts drawn in English\n", untouched.size());
    EXPECT_TRUE(untouched.empty()) << code << ": " << untouched.size() << " texts drawn in English, the first:\n" << shown;
  }
}

INSTANTIATE_TEST_SUITE_P(WholeGames, LanguageScreensTest, testing::whole_game_scripts(), testing::script_test_name);

}  // namespace
}  // namespace seneschal::firmware
