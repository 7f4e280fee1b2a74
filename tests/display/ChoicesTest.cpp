// The prompt's options in the side column: which one UP/DOWN point at is marked by a pointer,
// a light bar and bold type (never by colour alone), and stays in view however long the list.

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "KeyFacts.hpp"
#include "Screens.hpp"
#include "seneschal/display/layout.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display {
namespace {

const std::string kPointer = "\u25B6";

class ChoicesTest : public testing::RendererTest {};

// The option on the same line as the pointer.
std::string pointed_at(const Trace& trace) {
  const DrawnText* pointer = testing::find_text(trace, kPointer);
  if (!pointer) return "";
  const float middle = pointer->container.top + pointer->container.height / 2;
  for (const DrawnText& text : trace.texts) {
    if (&text != pointer && text.container.top < middle && middle < text.container.top + text.container.height &&
        text.ink.left > pointer->ink.left) {
      return text.text;
    }
  }
  return "";
}

// Every text in the choices column in reading order, one space apart: an option set over two
// lines reads whole in it.
std::string column_words(const Trace& trace) {
  const DrawnBox* choices = testing::find_box(trace, "choices");
  if (!choices) return "";
  std::vector<const DrawnText*> inside;
  for (const DrawnText& text : trace.texts) {
    if (testing::within(choices->box, text.ink)) inside.push_back(&text);
  }
  std::stable_sort(inside.begin(), inside.end(), [](const DrawnText* a, const DrawnText* b) {
    return a->container.top != b->container.top ? a->container.top < b->container.top : a->ink.left < b->ink.left;
  });
  std::string words;
  for (const DrawnText* text : inside) words += " " + text->text;
  return words + " ";
}

bool shows_option(const Trace& trace, const std::string& option) {
  return column_words(trace).find(" " + option + " ") != std::string::npos;
}

TEST_F(ChoicesTest, TheHighlightedOptionCarriesThePointer) {
  engine::ViewModel view = screens::board_with_choices();
  EXPECT_EQ(pointed_at(draw(view).trace), "Castle Stormhold");
  view.highlighted = 2;
  EXPECT_EQ(pointed_at(draw(view).trace), "Split between both");
}

TEST_F(ChoicesTest, TheHighlightedOptionSitsOnALightBar) {
  engine::ViewModel view = screens::board_with_choices();
  const testing::Drawing drawing = draw(view);
  const DrawnBox* choices = testing::find_box(drawing.trace, "choices");
  ASSERT_NE(choices, nullptr);
  const int with_bar = testing::pixels_of_colour(drawing.image, choices->box, palette::highlight);
  view.highlighted = -1;
  const int without = testing::pixels_of_colour(draw(view).image, choices->box, palette::highlight);
  EXPECT_GT(with_bar, without + 2000);
}

TEST_F(ChoicesTest, NoPointerWhenNothingIsHighlighted) {
  engine::ViewModel view = screens::board_with_choices();
  view.highlighted = -1;
  const Trace trace = draw(view).trace;
  EXPECT_EQ(testing::find_text(trace, kPointer), nullptr);
  for (const std::string& option : view.prompt_options) EXPECT_TRUE(shows_option(trace, option)) << option;
}

// 30 options in a column for 8: the window moves with the pointer, and says how many are
// above and below it; together they account for every option.
TEST_F(ChoicesTest, ALongListKeepsTheHighlightedOptionInView) {
  engine::ViewModel view = screens::board_with_choices();
  view.prompt_options.clear();
  for (int i = 0; i < 30; ++i) view.prompt_options.push_back("Option " + std::to_string(i));
  for (const int highlighted : {0, 1, 14, 28, 29}) {
    SCOPED_TRACE(highlighted);
    view.highlighted = highlighted;
    const Trace trace = draw(view).trace;
    EXPECT_EQ(pointed_at(trace), "Option " + std::to_string(highlighted));
    int shown = 0;
    int more = 0;
    for (const DrawnText& text : trace.texts) {
      if (text.text.rfind("Option ", 0) == 0) ++shown;
      for (const char* arrow : {"\u25B2 ", "\u25BC "}) {
        if (text.text.rfind(arrow, 0) == 0) more += std::stoi(text.text.substr(std::string(arrow).size()));
      }
    }
    EXPECT_EQ(shown + more, 30);
    EXPECT_GE(shown, 4);
    EXPECT_NE(testing::find_text(trace, std::to_string(highlighted + 1) + "/30"), nullptr) << "where the pointer is";
  }
}

TEST_F(ChoicesTest, AnOpenMenuIsHeadedMenu) {
  engine::ViewModel view = screens::board_with_choices();
  EXPECT_NE(testing::find_text(draw(view).trace, "CHOOSE"), nullptr);
  view.menu_open = true;
  const Trace trace = draw(view).trace;
  EXPECT_NE(testing::find_text(trace, "MENU"), nullptr);
  EXPECT_EQ(testing::find_text(trace, "CHOOSE"), nullptr);
}

// At 800x480 the usual choices (castle names) are read in full beside two to four seats.
TEST_F(ChoicesTest, CastleNamesFitInFullBesideTwoToFourSeats) {
  engine::ViewModel view = screens::board_with_choices();
  for (std::size_t seats = 2; seats <= 4; ++seats) {
    SCOPED_TRACE(seats);
    while (view.seats.size() < seats) view.seats.push_back(screens::seat("Tomoe", "Crane Clan", 1, 1));
    const Trace trace = draw(view).trace;
    for (const std::string& option : view.prompt_options) EXPECT_TRUE(shows_option(trace, option)) << option;
    const DrawnBox* column = testing::find_box(trace, "side column");
    ASSERT_NE(column, nullptr);
    for (const DrawnBox& box : trace.boxes) {
      if (box.name == "seat panel") {
        EXPECT_LE(box.box.left + box.box.width, column->box.left);
      }
    }
  }
}

// A choice is read, not guessed: a label too long for the column goes over two lines at the size
// of the others instead of "Start Tournament rou…", and the window still keeps the pointer in view.
TEST_F(ChoicesTest, ALongOptionTakesTwoLinesAndIsNeverCut) {
  engine::ViewModel view = screens::board_with_choices();
  view.prompt_options = {"Start Tournament round two", "Rotate, then shuffle the deck", "Build Goldsmith (centre)",
                         "Move Ann's company to Falshire", "Forfeit Hernystiri Horsemen", "Castle Stormhold"};
  for (const int highlighted : {0, 1, 5}) {
    SCOPED_TRACE(highlighted);
    view.highlighted = highlighted;
    const Trace trace = draw(view).trace;
    for (const DrawnText& text : trace.texts) EXPECT_EQ(text.text.find("\u2026"), std::string::npos) << text.text;
    EXPECT_TRUE(shows_option(trace, view.prompt_options[static_cast<std::size_t>(highlighted)]));
    EXPECT_FALSE(testing::any_overlap(trace));
  }
}

TEST_F(ChoicesTest, NoColumnWithoutChoicesOrTimers) {
  engine::ViewModel view = screens::board_with_choices();
  view.prompt_options.clear();
  EXPECT_EQ(testing::find_box(draw(view).trace, "side column"), nullptr);
}

}  // namespace
}  // namespace seneschal::display
