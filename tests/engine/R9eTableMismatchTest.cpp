// The mismatches that last between R9E's table and its books (GameModule::table_mismatches): a
// card bowed in the books that lies upright (bowed with a button, never turned), a seat's card
// lying in another seat's area. Each is put to the players only when a Disagree says it lasted
// (the firmware times it), and the players' three answers each settle it.
#include <gtest/gtest.h>

#include "R9eTable.hpp"

namespace seneschal::engine {
namespace {

using test::logged;
using test::R9eTable;

constexpr const char* kStronghold = "PROTECTORATE-OF-MALCHIOR";

Placement at_seat(int seat, int quarter) {
  Placement where;
  where.seat = seat;
  where.quarter = quarter;
  return where;
}

class R9eTableMismatchTest : public ::testing::Test {
 protected:
  R9eTableMismatchTest() : table_({"Mark", "Shawn"}) {
    table_.tell_example_of_play();
    table_.seat_setup("Protectorate of Malchior", {"Hammerdoom's Roost", "Border Keep"});
    table_.seat_setup("Kingdom of Holden", {"Border Keep", "Sanctuary"});
    table_.choose("Mark");
    table_.ok();  // Spring
  }

  // The camera sees Mark's stronghold lie upright in his area, then Hektor laid there too; the
  // payment bows the stronghold with a button (the Example of Play's choices), not by turning it.
  void lay_stronghold_then_play_hektor() {
    (void)table_.attempt(PresentCard{kStronghold, 1, at_seat(0, 0)});  // shown again: only the table notes it
    ASSERT_TRUE(table_.state().on_table(kStronghold, 1)->placed);
    table_.must(PresentCard{"HEKTOR", 1, at_seat(0, 0)});
    table_.choose("Protectorate of Malchior");
    table_.choose("Motte and Bailey");
    table_.choose("Hammerdoom's Roost");
    ASSERT_NE(table_.in_play("Mark", "Hektor"), nullptr);
    ASSERT_TRUE(table_.books("Mark").stronghold_bowed);
  }

  std::vector<std::string> mismatch_texts() {
    std::vector<std::string> texts;
    for (const Disagreement& m : table_.session().mismatches()) texts.push_back(m.kind + ": " + m.text);
    return texts;
  }

  R9eTable table_;
};

TEST_F(R9eTableMismatchTest, AStrongholdBowedWithAButtonButLyingUprightIsAMismatchUntilPutToThePlayers) {
  lay_stronghold_then_play_hektor();
  EXPECT_EQ(mismatch_texts(), (std::vector<std::string>{
                                  "bowed: Mark's Protectorate of Malchior is bowed in the books but lies upright on the table"}));
  // A mismatch alone changes nothing and asks nothing: the game's prompt stays.
  EXPECT_TRUE(table_.state().disagreements.empty());
  table_.must(Disagree{kStronghold, 1, "bowed"});
  EXPECT_EQ(table_.prompt().text,
            "The table and the books disagree: Mark's Protectorate of Malchior is bowed in the books but lies "
            "upright on the table");
  EXPECT_EQ(table_.session().mismatches().size(), 1u) << "it lasts while the question is open";
  EXPECT_NE(table_.refusal(Disagree{kStronghold, 1, "bowed"}).find("already put to the players"), std::string::npos);
}

TEST_F(R9eTableMismatchTest, UpdateTheBooksFollowsHowTheCardLies) {
  lay_stronghold_then_play_hektor();
  table_.must(Disagree{kStronghold, 1, "bowed"});
  table_.choose("Update the books");
  EXPECT_FALSE(table_.books("Mark").stronghold_bowed);
  EXPECT_TRUE(logged(table_.state(), "Mark straightens Protectorate of Malchior (as the table shows)"));
  EXPECT_TRUE(table_.session().mismatches().empty());
}

TEST_F(R9eTableMismatchTest, AMisreadTurnsTheTablesCardAsTheBooksHaveIt) {
  lay_stronghold_then_play_hektor();
  table_.must(Disagree{kStronghold, 1, "bowed"});
  table_.choose("It was a misread");
  EXPECT_TRUE(table_.books("Mark").stronghold_bowed);
  EXPECT_EQ(table_.state().on_table(kStronghold, 1)->quarter, 90);
  EXPECT_TRUE(table_.session().mismatches().empty());
}

TEST_F(R9eTableMismatchTest, TurningTheCardClearsTheMismatchAndADisagreeThenIsRefused) {
  lay_stronghold_then_play_hektor();
  table_.must(TurnCard{kStronghold, 1, 90});
  EXPECT_TRUE(table_.session().mismatches().empty());
  EXPECT_NE(table_.refusal(Disagree{kStronghold, 1, "bowed"}).find("agree about Protectorate of Malchior"),
            std::string::npos);
}

TEST_F(R9eTableMismatchTest, ACardInAnotherSeatsAreaIsAMismatchTheBooksCannotFollow) {
  lay_stronghold_then_play_hektor();
  Placement shawns;
  shawns.seat = 1;
  table_.must(MoveCard{"HEKTOR", 1, shawns});
  std::vector<std::string> texts = mismatch_texts();
  ASSERT_EQ(texts.size(), 2u);
  EXPECT_EQ(texts[1], "seat: Mark's Hektor lies in Shawn's area");
  table_.must(Disagree{"HEKTOR", 1, "seat"});
  EXPECT_NE(table_.refusal(Choose{"Update the books"}).find("stays its player's"), std::string::npos);
  table_.choose("It was a misread");
  EXPECT_EQ(table_.state().on_table("HEKTOR", 1)->seat, 0);
  EXPECT_NE(table_.in_play("Mark", "Hektor"), nullptr);
}

TEST_F(R9eTableMismatchTest, ACardOnlyReadNeverIsJudged) {
  // The stronghold came from the setup's bare scans: it lies nowhere the camera said.
  table_.scan("Hektor");
  table_.choose("Protectorate of Malchior");
  ASSERT_TRUE(table_.books("Mark").stronghold_bowed);
  EXPECT_FALSE(table_.state().on_table(kStronghold, 1)->placed);
  EXPECT_TRUE(table_.session().mismatches().empty());
}

}  // namespace
}  // namespace seneschal::engine
