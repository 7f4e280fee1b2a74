// What turning a card on the table means in R9E's books: a card in play turned 90 (or 270) is
// bowed, turned back to 0 (or 180) straightened, a turn the books already agree with changes
// nothing, and a payment waiting for a card to bow takes the turn as its answer.
#include <gtest/gtest.h>

#include "R9eTable.hpp"

namespace seneschal::engine {
namespace {

using test::logged;
using test::R9eTable;

class R9eTurnedCardsTest : public ::testing::Test {
 protected:
  R9eTurnedCardsTest() : table_({"Mark", "Shawn"}) {
    table_.tell_example_of_play();
    table_.seat_setup("Protectorate of Malchior", {"Hammerdoom's Roost", "Border Keep"});
    table_.seat_setup("Kingdom of Holden", {"Border Keep", "Sanctuary"});
    table_.choose("Mark");
    table_.ok();  // Spring
  }

  // Mark brings Hektor into play with the Example of Play's payment, choosing by buttons.
  void play_hektor() {
    table_.scan("Hektor");
    table_.choose("Protectorate of Malchior");
    table_.choose("Motte and Bailey");
    table_.choose("Hammerdoom's Roost");
    ASSERT_NE(table_.in_play("Mark", "Hektor"), nullptr);
  }
  void turn(const std::string& id, int quarter) { table_.must(TurnCard{id, 1, quarter}); }
  bool hektor_bowed() const { return table_.in_play("Mark", "Hektor")->bowed; }

  R9eTable table_;
};

TEST_F(R9eTurnedCardsTest, AHeroTurnedNinetyIsBowedAndTurnedBackIsStraightened) {
  play_hektor();
  ASSERT_FALSE(hektor_bowed());
  turn("HEKTOR", 90);
  EXPECT_TRUE(hektor_bowed());
  EXPECT_EQ(table_.state().log.back().text, "Mark bows Hektor (turned on the table)");
  turn("HEKTOR", 180);  // upside down is upright: straight
  EXPECT_FALSE(hektor_bowed());
  EXPECT_EQ(table_.state().log.back().text, "Mark straightens Hektor (turned on the table)");
  turn("HEKTOR", 270);
  EXPECT_TRUE(hektor_bowed());
  EXPECT_EQ(table_.state().on_table("HEKTOR", 1)->quarter, 270);
}

TEST_F(R9eTurnedCardsTest, ATurnTheBooksAgreeWithChangesOnlyTheTable) {
  play_hektor();
  // Shown again where it lies, on Shawn's action: no second Hektor, and the table is unchanged.
  const std::vector<TableCard> lying = table_.state().table;
  EXPECT_NE(table_.refusal(PresentCard{"HEKTOR", 1}), "accepted");
  EXPECT_EQ(table_.state().table, lying);
  turn("HEKTOR", 90);
  for (int i = 0; i < 4; ++i) table_.pass();  // Summer and Autumn end: Winter
  while (table_.state().phase != "Spring") table_.ok();
  // Spring straightened the books; the players now turn Hektor back.
  EXPECT_FALSE(hektor_bowed());
  const std::size_t bows = table_.state().log.size();
  turn("HEKTOR", 0);
  EXPECT_FALSE(hektor_bowed());
  EXPECT_EQ(table_.state().log.size(), bows + 1);
  EXPECT_EQ(table_.state().log.back().text, "Table: Hektor #1 turned to 0");
}

TEST_F(R9eTurnedCardsTest, TurningTheStrongholdPaysAsChoosingItWould) {
  table_.scan("Hektor");
  // The payment asks which gold source bows; turning the stronghold is the answer.
  turn("PROTECTORATE-OF-MALCHIOR", 90);
  EXPECT_TRUE(table_.books("Mark").stronghold_bowed);
  EXPECT_TRUE(logged(table_.state(), "Mark bows Protectorate of Malchior for 4 gold"));
  EXPECT_NE(table_.prompt().text.find("(4 so far)"), std::string::npos) << table_.prompt().text;
}

TEST_F(R9eTurnedCardsTest, ACardNotInPlayTurnedIsTheTablesAlone) {
  table_.scan("Hektor");
  table_.choose("Cancel");  // Mark does not play him after all; Hektor still lies on the table
  ASSERT_EQ(table_.in_play("Mark", "Hektor"), nullptr);
  turn("HEKTOR", 90);
  EXPECT_EQ(table_.state().on_table("HEKTOR", 1)->quarter, 90);
  EXPECT_EQ(table_.state().log.back().text, "Table: Hektor #1 turned to 90");
}

TEST_F(R9eTurnedCardsTest, UndoingABowByTurningKeepsTheCardTurnedOnTheTable) {
  play_hektor();
  turn("HEKTOR", 90);
  table_.must(Undo{});
  EXPECT_FALSE(hektor_bowed());
  EXPECT_EQ(table_.state().on_table("HEKTOR", 1)->quarter, 90);
  EXPECT_EQ(table_.state().log.back().text, "Undone: Mark bows Hektor (turned on the table)");
}

TEST_F(R9eTurnedCardsTest, ACardInPlayThatLeftTheTableWaitsForThePlayersNotTheBooks) {
  play_hektor();
  table_.must(CardLeft{"HEKTOR", 1});
  ASSERT_NE(table_.in_play("Mark", "Hektor"), nullptr);  // nothing changes the books silently
  EXPECT_EQ(table_.prompt().text,
            "The table and the books disagree: Hektor left the table, but Mark has it in play");
  EXPECT_EQ(table_.prompt().labels(), (std::vector<std::string>{"Update the books", "Ignore", "It was a misread"}));
  table_.choose("Update the books");
  EXPECT_EQ(table_.in_play("Mark", "Hektor"), nullptr);
  EXPECT_TRUE(logged(table_.state(), "Mark discards Hektor (it left the table)"));
  EXPECT_TRUE(table_.state().disagreements.empty());
  EXPECT_EQ(table_.prompt().text.find("disagree"), std::string::npos) << table_.prompt().text;
}

TEST_F(R9eTurnedCardsTest, AMisreadPutsTheCardBackOnTheTable) {
  play_hektor();
  Placement where;
  where.seat = 0;
  table_.must(MoveCard{"HEKTOR", 1, where});
  table_.must(CardLeft{"HEKTOR", 1});
  table_.choose("It was a misread");
  ASSERT_NE(table_.in_play("Mark", "Hektor"), nullptr);
  ASSERT_NE(table_.state().on_table("HEKTOR", 1), nullptr);
  EXPECT_EQ(table_.state().on_table("HEKTOR", 1)->seat, 0);
  EXPECT_TRUE(logged(table_.state(), "A misread: Hektor left the table, but Mark has it in play; the table is as it was"));
}

TEST_F(R9eTurnedCardsTest, PassIgnoresADisagreementAndTheGameGoesOnMeanwhile) {
  play_hektor();
  table_.must(CardLeft{"HEKTOR", 1});
  const int to_act = table_.state().to_act;
  table_.pass();  // PASS answers the disagreement on the screen, not the turn
  EXPECT_EQ(table_.state().to_act, to_act);
  EXPECT_TRUE(table_.state().disagreements.empty());
  EXPECT_NE(table_.in_play("Mark", "Hektor"), nullptr);
  EXPECT_EQ(table_.state().on_table("HEKTOR", 1), nullptr);
  EXPECT_TRUE(logged(table_.state(), "Ignored: Hektor left the table"));
}

TEST_F(R9eTurnedCardsTest, ACardNotInPlayLeavingIsNoDisagreement) {
  table_.scan("Hektor");
  table_.choose("Cancel");
  table_.must(CardLeft{"HEKTOR", 1});
  EXPECT_TRUE(table_.state().disagreements.empty());
  EXPECT_EQ(table_.state().log.back().text, "Table: Hektor #1 left the table");
}

TEST_F(R9eTurnedCardsTest, UndoTakesADisagreementBackWithItsMove) {
  play_hektor();
  table_.must(CardLeft{"HEKTOR", 1});
  ASSERT_EQ(table_.state().disagreements.size(), 1u);
  ASSERT_TRUE(table_.session().apply(Undo{}, 1000).has_value());
  EXPECT_TRUE(table_.state().disagreements.empty());
  EXPECT_EQ(table_.state().on_table("HEKTOR", 1), nullptr);  // the table keeps its truth
}

}  // namespace
}  // namespace seneschal::engine
