// The glance page (issue 38): the screen read from the chairs, a metre away. Whose move it is, what
// to do, each seat's name, score and key counters and the timers are drawn at the key size, whose
// capitals are at least 26 px at 800x480 (about 5 mm on the 7" screen); a fuller seat keeps that
// size; a larger screen uses its room for more, never for smaller; the end screen leads with every
// seat's final score, the winners on top and a team's seats together.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "KeyFacts.hpp"
#include "Screens.hpp"
#include "seneschal/display/layout.hpp"
#include "seneschal/display/render_image.hpp"

namespace seneschal::display {
namespace {

using testing::Drawing;
using testing::KeyFact;

constexpr ScreenSize k800x480{800, 480};
// 5 mm at 0.19 mm a pixel: the capitals a player reads from a metre.
constexpr float kLeastCapitals = 26;

class GlanceLayoutTest : public testing::RendererTest {
 protected:
  Drawing glance(const engine::ViewModel& view, ScreenSize size = k800x480) const {
    return draw(view, size, Page::Glance);
  }
  float capitals(unsigned size) const { return testing::cap_height(renderer_->fonts().bold(), size); }

  static const KeyFact* fact(const std::vector<KeyFact>& facts, const std::string& what) {
    const auto found = std::find_if(facts.begin(), facts.end(), [&](const KeyFact& f) { return f.what == what; });
    return found == facts.end() ? nullptr : &*found;
  }
};

// DejaVu Sans, the bundled face: capitals are 0.73 of the character size (1493 of 2048 units), so
// the key size of 36 px draws 26 px capitals.
TEST_F(GlanceLayoutTest, TheBundledFontsCapitalsAreSeventyThreeHundredthsOfTheCharacterSize) {
  for (const sf::Font* font : {&renderer_->fonts().regular(), &renderer_->fonts().bold()}) {
    const float ratio = testing::cap_height(*font, 200) / 200.f;
    EXPECT_NEAR(ratio, 0.73f, 0.01f);
  }
  const unsigned key = layout_board(k800x480, 2).text.key;
  EXPECT_EQ(key, 36u);
  EXPECT_GE(capitals(key), kLeastCapitals);
  EXPECT_LT(capitals(key - 2), kLeastCapitals) << "the key size is the least that reads at a metre";
}

TEST_F(GlanceLayoutTest, EveryKeyFactIsDrawnAtTheKeySizeAt800x480) {
  const std::vector<std::pair<std::string, engine::ViewModel>> views = {
      {"choices", screens::board_with_choices()}, {"timer", screens::timer_running()},
      {"alarm", screens::alarm_ringing()},       {"realistic", testing::realistic()},
      {"full table", screens::full_table(4, 10)}, {"six seats", screens::full_table(6, 3)}};
  for (const auto& [name, view] : views) {
    const Drawing drawing = glance(view);
    const std::vector<KeyFact> facts = testing::key_facts(view, drawing.trace);
    EXPECT_GE(facts.size(), view.seats.size() * 2) << name;
    for (const KeyFact& f : facts) {
      EXPECT_GE(f.size, 36u) << name << ": " << f.what << " \"" << f.text << "\"";
      EXPECT_GE(capitals(f.size), kLeastCapitals) << name << ": " << f.what;
    }
    EXPECT_FALSE(testing::any_cut(drawing.trace)) << name;
    EXPECT_FALSE(testing::any_overlap(drawing.trace)) << name;
  }
}

// The fault: the seat with the most on the table was the hardest to read.
TEST_F(GlanceLayoutTest, AFullerSeatKeepsTheKeySize) {
  const engine::ViewModel bare = screens::full_table(3, 1);
  const engine::ViewModel full = screens::full_table(3, 14);
  const std::vector<KeyFact> few = testing::key_facts(bare, glance(bare).trace);
  const std::vector<KeyFact> many = testing::key_facts(full, glance(full).trace);
  ASSERT_EQ(few.size(), many.size());
  for (std::size_t i = 0; i < few.size(); ++i) EXPECT_EQ(many[i].size, few[i].size) << many[i].what;
}

TEST_F(GlanceLayoutTest, TheCountersTheModuleNamesKeyAreTheOnesShown) {
  engine::ViewModel view = screens::board_with_choices();
  for (engine::SeatView& seat : view.seats) {
    seat.counters = {{"Gold", "11"}, {"Fame", "12"}, {"Might", "13", true}, {"Lore", "14", true}};
  }
  const Drawing drawing = glance(view);
  const auto drawn_at = [&](const std::string& text) {
    unsigned size = 0;
    for (const DrawnText& t : drawing.trace.texts) size = t.text == text ? std::max(size, t.size) : size;
    return size;
  };
  EXPECT_GE(drawn_at("13"), 36u);
  EXPECT_GE(drawn_at("14"), 36u);
  EXPECT_EQ(drawn_at("11"), 0u) << "an unmarked counter is on the details page";
  // None marked: the first two stand in.
  for (engine::SeatView& seat : view.seats) {
    for (auto& counter : seat.counters) counter.key = false;
  }
  const Drawing fallback = glance(view);
  EXPECT_NE(testing::find_text(fallback.trace, "11"), nullptr);
  EXPECT_NE(testing::find_text(fallback.trace, "12"), nullptr);
  EXPECT_EQ(testing::find_text(fallback.trace, "13"), nullptr);
}

// A score no key counter says (Cutthroat's victory points once the Feast has counted them) is drawn
// beside the name; before anyone scores it is not.
TEST_F(GlanceLayoutTest, AScoreNoCounterSaysIsDrawnBesideTheName) {
  engine::ViewModel view = screens::timer_running();
  for (engine::SeatView& seat : view.seats) {
    seat.counters = {{"", "Dravanof"}, {"Dead", "3"}};
    seat.score = 0;
  }
  EXPECT_EQ(testing::find_text(glance(view).trace, "0"), nullptr);
  view.seats[1].score = 53;
  const std::vector<KeyFact> facts = testing::key_facts(view, glance(view).trace);
  const KeyFact* score = fact(facts, "Boris's score");
  ASSERT_NE(score, nullptr);
  EXPECT_GE(score->size, 36u);
}

TEST_F(GlanceLayoutTest, LargerScreensUseTheirRoomForMoreNotForSmaller) {
  const engine::ViewModel view = testing::realistic();
  const std::vector<KeyFact> small = testing::key_facts(view, glance(view).trace);
  for (const ScreenSize size : {ScreenSize{1024, 600}, ScreenSize{1920, 1080}}) {
    const Drawing drawing = glance(view, size);
    const std::vector<KeyFact> large = testing::key_facts(view, drawing.trace);
    ASSERT_EQ(large.size(), small.size());
    for (std::size_t i = 0; i < large.size(); ++i) EXPECT_GT(large[i].size, small[i].size) << large[i].what;
    EXPECT_NE(testing::find_text(drawing.trace, "Hektor"), nullptr) << size.width << ": the lists fill the room";
  }
}

TEST_F(GlanceLayoutTest, TheTablesScaleMakesEverySizeLarger) {
  const BoardLayout plain = layout_board({1024, 600}, 2);
  const BoardLayout scaled = layout_board({1024, 600}, 2, Column::None, Chrome::Full, {}, Page::Glance, 1.25f);
  EXPECT_EQ(scaled.text.key, static_cast<unsigned>(std::lround(plain.scale * 1.25f * 36)));
  EXPECT_GT(scaled.text.small, plain.text.small);
  EXPECT_EQ(layout_board(k800x480, 2, Column::None, Chrome::Full, {}, Page::Glance, 0.5f).text.key, 36u)
      << "never smaller than the screen's own sizes";
  DrawOptions options;
  options.scale = 1.25f;
  Trace trace;
  options.trace = &trace;
  ASSERT_TRUE(render_image(*renderer_, testing::realistic(), {1024, 600}, options).has_value());
  const std::vector<KeyFact> facts = testing::key_facts(testing::realistic(), trace);
  for (const KeyFact& f : facts) EXPECT_GE(f.size, scaled.text.key) << f.what;
}

TEST_F(GlanceLayoutTest, TheEndScreenLeadsWithEveryScoreWinnersFirstAndTeamsTogether) {
  engine::ViewModel view = screens::game_end();
  // Mark 4 won; Tomoe 6 and Ilse 3 score together; Shawn 2 alone.
  view.seats[2].team = 0;
  view.seats[3].team = 0;
  const Drawing drawing = glance(view);
  const DrawnBox* scores = testing::find_box(drawing.trace, "final scores");
  ASSERT_NE(scores, nullptr);
  std::vector<const DrawnText*> names;
  for (const DrawnText& t : drawing.trace.texts) {
    if (t.layer != 1 || !testing::within(scores->box, t.ink)) continue;
    for (const engine::SeatView& seat : view.seats) {
      if (t.text == seat.name) names.push_back(&t);
    }
  }
  ASSERT_EQ(names.size(), 4u);
  std::sort(names.begin(), names.end(), [](const auto* a, const auto* b) { return a->ink.top < b->ink.top; });
  EXPECT_EQ(names[0]->text, "Mark") << "the winner on top";
  EXPECT_EQ(names[1]->text, "Tomoe") << "then the best: a team, together";
  EXPECT_EQ(names[2]->text, "Ilse");
  EXPECT_EQ(names[3]->text, "Shawn");
  for (const KeyFact& f : testing::key_facts(view, drawing.trace)) EXPECT_GE(f.size, 36u) << f.what;
  EXPECT_NE(testing::find_text(drawing.trace, "9 together"), nullptr);
}

}  // namespace
}  // namespace seneschal::display
