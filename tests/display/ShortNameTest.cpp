// Names that stay names (issue 38): a name too long for its line is shortened by a rule that keeps
// it recognisable and apart from the other names of its panel, never cut to "Territ…".

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "Boards.hpp"
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

class ShortNameDrawnTest : public testing::RendererTest {};

// Cutthroat seats beside the open column: the territories were "The H…", "Territ…".
TEST_F(ShortNameDrawnTest, ANarrowPanelShortensItsNamesInsteadOfCuttingThem) {
  engine::ViewModel view = screens::timer_running();
  for (engine::SeatView& seat : view.seats) {
    seat.lists.clear();
    engine::ListView lands{"", {}};
    for (const std::string title : {"The Hanging Tongue of the Western Marches", "Three Rivers", "Nyghtwald"}) {
      engine::ItemView item;
      item.title = title;
      item.count = 2;
      lands.items.push_back(item);
    }
    seat.lists.push_back(lands);
  }
  const testing::Drawing drawing = draw(view);
  for (const DrawnText& text : drawing.trace.texts) {
    EXPECT_EQ(text.text.find("\u2026"), std::string::npos) << "cut: " << text.text;
  }
  EXPECT_NE(testing::find_text(drawing.trace, "Nyghtwald"), nullptr);
  EXPECT_EQ(testing::find_text(drawing.trace, "The Hanging Tongue of the Western Marches"), nullptr)
      << "too long for the panel: the test must make the rule work";
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
