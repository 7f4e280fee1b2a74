// Names that stay names (issue 38): a name too long for its line is shortened by a rule that keeps
// it recognisable and apart from the other names of its panel, never cut to "Territ…".

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
#include "KeyFacts.hpp"
#include "Screens.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/short_name.hpp"

namespace seneschal::display {
namespace {

std::vector<std::string> utf8(const std::vector<sf::String>& forms) {
  std::vector<std::string> out;
  for (const sf::String& form : forms) {
    const auto bytes = form.toUtf8();
    out.emplace_back(bytes.begin(), bytes.end());
  }
  return out;
}

std::vector<sf::String> names(const std::vector<std::string>& all) {
  std::vector<sf::String> out;
  for (const std::string& name : all) out.push_back(from_utf8(name));
  return out;
}

TEST(ShortNameTest, TheModulesOwnShortFormComesFirst) {
  EXPECT_EQ(utf8(short_forms("The Hanging Tongue", "Tongue", {})).front(), "Tongue");
}

TEST(ShortNameTest, ALeadingArticleGoesFirst) {
  EXPECT_EQ(utf8(short_forms("The Hanging Tongue", "", {})).front(), "Hanging Tongue");
}

TEST(ShortNameTest, TheWordThatSetsANameApartStaysWholeAndTheRestAreInitials) {
  const std::vector<sf::String> panel = names({"Castle Stormhold", "Castle Greywater", "Hammerdoom's Roost"});
  EXPECT_EQ(utf8(short_forms("Castle Stormhold", "", panel)),
            (std::vector<std::string>{"C. Stormhold", "Stormhold"}));
  EXPECT_EQ(utf8(short_forms("Castle Greywater", "", panel)),
            (std::vector<std::string>{"C. Greywater", "Greywater"}));
  // Small words give no initial; a copy's number stays whole.
  EXPECT_EQ(utf8(short_forms("Protectorate of Malchior (2)", "", {})).at(0), "Protectorate M. (2)");
}

TEST(ShortNameTest, ShortNamesOfOnePanelStayApart) {
  const std::vector<std::string> titles = {"Three Rivers", "Nyghtwald", "The Hanging Tongue", "Marrow", "Stonehold",
                                           "Territory of the Three Crowns"};
  const std::vector<sf::String> panel = names(titles);
  std::vector<std::string> shortest;
  for (const std::string& title : titles) {
    const std::vector<std::string> forms = utf8(short_forms(title, "", panel));
    shortest.push_back(forms.empty() ? title : forms.back());  // one word: no shorter form
  }
  for (std::size_t i = 0; i < shortest.size(); ++i) {
    for (std::size_t j = i + 1; j < shortest.size(); ++j) EXPECT_NE(shortest[i], shortest[j]) << titles[i] << " / " << titles[j];
  }
}

class ShortNameDrawnTest : public testing::RendererTest {
 protected:
  // Every seat holds these territories, two defenders on each; drawn, with no text cut.
  testing::Drawing draw_lands(engine::ViewModel view, const std::vector<std::string>& titles) const {
    for (engine::SeatView& seat : view.seats) {
      engine::ListView lands{"", {}};
      for (const std::string& title : titles) {
        engine::ItemView item;
        item.title = title;
        item.count = 2;
        lands.items.push_back(item);
      }
      seat.lists = {lands};
    }
    testing::Drawing drawing = draw(view);
    for (const DrawnText& text : drawing.trace.texts) {
      EXPECT_EQ(text.text.find("\u2026"), std::string::npos) << "cut: " << text.text;
    }
    return drawing;
  }
};

// Cutthroat seats beside the open column: the territories were "The H…", "Territ…".
TEST_F(ShortNameDrawnTest, ANarrowPanelShortensItsNamesInsteadOfCuttingThem) {
  engine::ViewModel view = screens::timer_running();
  const testing::Drawing drawing = draw_lands(view, {"The Hanging Tongue of the Western Marches", "Three Rivers", "Nyghtwald"});
  EXPECT_NE(testing::find_text(drawing.trace, "Nyghtwald"), nullptr);
  EXPECT_EQ(testing::find_text(drawing.trace, "The Hanging Tongue of the Western Marches"), nullptr)
      << "too long for the panel: the test must make the rule work";
}

// Four Cutthroat seats beside the timer and the choices: a panel about 105 px inside. "Territory 6"
// has no short form that keeps it apart and "Nyghtwald" is one word: each takes two lines, its
// count on the second, rather than "Territ…" and "Nyghtw…".
TEST_F(ShortNameDrawnTest, ANameNoShortFormHoldsGoesOverTwoLinesWithItsCountOnTheSecond) {
  engine::ViewModel view = screens::timer_running();
  view.seats.push_back(screens::seat("Dan", "House Dravanof", 1, 1));
  view.prompt_options = {"Marry Ann and Ben", "Marry Ann and Cat"};
  view.highlighted = 0;
  for (engine::SeatView& seat : view.seats) {
    seat.subtitle.clear();  // Cutthroat names the house in an unlabelled counter, not a subtitle
    seat.counters = {{"", "Brom"}, {"Dead", "3"}, {"Feast", "1"}};
  }
  const testing::Drawing drawing = draw_lands(view, {"Territory 6", "Nyghtwald", "Marrow"});
  // With the count moved under it, the first line has the panel's whole width: the name whole.
  const DrawnText* territory = testing::find_text(drawing.trace, "Territory 6");
  ASSERT_NE(territory, nullptr);
  const bool count_below = std::any_of(drawing.trace.texts.begin(), drawing.trace.texts.end(), [&](const DrawnText& t) {
    return t.text == "2" && t.ink.top > territory->ink.top + territory->ink.height &&
           t.ink.left > territory->ink.left + territory->ink.width / 2 && t.ink.left < territory->container.left + territory->container.width + 1;
  });
  EXPECT_TRUE(count_below) << "the count on the second line, at the right";
  EXPECT_NE(testing::find_text(drawing.trace, "Nyghtwald"), nullptr);
  EXPECT_FALSE(testing::any_overlap(drawing.trace));
}

// R9E's log lines were cut mid-word ("...Ordained marker to Sh…"): a long line wraps or goes.
TEST_F(ShortNameDrawnTest, ALogLineWrapsOrGoesButIsNeverCut) {
  engine::ViewModel view = testing::two_seats();
  view.log = {"Mark takes the Ordained marker from Shawn, who passed first in the Autumn of turn 3, and keeps it "
              "until the Ordained marker passes to Shawn again"};
  for (const ScreenSize size : {ScreenSize{800, 480}, ScreenSize{1024, 600}}) {
    const testing::Drawing drawing = draw(view, size);
    std::string drawn;
    for (const DrawnText& text : drawing.trace.texts) {
      EXPECT_EQ(text.text.find("\u2026"), std::string::npos) << "cut: " << text.text;
      if (text.text.rfind("Mark takes", 0) == 0 || text.text.find("Ordained marker passes") != std::string::npos) {
        drawn += text.text + " ";
      }
    }
    EXPECT_NE(drawn.find("Mark takes"), std::string::npos) << size.width << ": the line wraps onto the log's rows";
  }
}

}  // namespace
}  // namespace seneschal::display
