// The physical table in the core state: where each card lies, how it is turned and when it left,
// kept from the table's commands whatever the game makes of them, logged, replayed on a restart
// and never undone with a move. What R9E makes of a turn is R9eTurnedCardsTest.
#include <gtest/gtest.h>

#include "R9eTable.hpp"
#include "seneschal/engine/state_json.hpp"

namespace seneschal::engine {
namespace {

using test::R9eTable;

class PhysicalTableTest : public ::testing::Test {
 protected:
  PhysicalTableTest() : table_({"Mark", "Shawn"}) {
    table_.tell("Protectorate of Malchior", "renown", 4);
    table_.tell("Protectorate of Malchior", "castle_points", 3);
    table_.tell("Protectorate of Malchior", "gold_production", 4);
    table_.tell("Motte and Bailey", "gold_production", 2);
    for (const char* castle : {"Hammerdoom's Roost", "Border Keep"}) {
      table_.tell(castle, "castle_point_cost", 1);
      table_.tell(castle, "storage", 2);
    }
  }

  static Placement at_seat(int seat, int quarter = 0) {
    Placement where;
    where.seat = seat;
    where.quarter = quarter;
    return where;
  }

  nlohmann::json table_json() const { return to_json(table_.state())["table"]; }

  R9eTable table_;
};

TEST_F(PhysicalTableTest, AScanWithWhereItLiesPutsTheCardOnTheTable) {
  Placement where = at_seat(0, 90);
  where.zone = "centre";
  where.x_mm = 120;
  where.y_mm = 340.5;
  table_.must(PresentCard{"PROTECTORATE-OF-MALCHIOR", 1, where});
  const nlohmann::json table = table_json();
  ASSERT_EQ(table.size(), 1u);
  EXPECT_EQ(table[0], (nlohmann::json{{"card", "PROTECTORATE-OF-MALCHIOR"}, {"copy", 1}, {"seat", "Mark"},
                                      {"zone", "centre"}, {"quarter", 90}, {"x_mm", 120.0}, {"y_mm", 340.5}}));
}

TEST_F(PhysicalTableTest, AScanWithoutWhereIsACardOnTheTableInNoSeat) {
  table_.scan("Protectorate of Malchior");
  const nlohmann::json table = table_json();
  ASSERT_EQ(table.size(), 1u);
  EXPECT_EQ(table[0]["seat"], "");
  EXPECT_EQ(table[0]["zone"], "");
  EXPECT_EQ(table[0]["quarter"], 0);
  EXPECT_TRUE(table[0]["x_mm"].is_null());
}

TEST_F(PhysicalTableTest, TurnMoveAndLeaveChangeTheTableAndAreLogged) {
  // Hektor cannot be played during setup: the table keeps him all the same, and the books have
  // nothing to say of his turning, sliding or leaving.
  EXPECT_NE(table_.refusal(PresentCard{"HEKTOR", 1, at_seat(0)}), "accepted");
  table_.must(TurnCard{"HEKTOR", 1, 180});
  EXPECT_EQ(table_json()[0]["quarter"], 180);
  EXPECT_EQ(table_.state().log.back().text, "Table: Hektor #1 turned to 180 at Mark's seat");
  Placement discard;
  discard.zone = "discard";
  table_.must(MoveCard{"HEKTOR", 1, discard});
  EXPECT_EQ(table_json()[0]["seat"], "");  // slid out of Mark's area: in the discard zone alone
  EXPECT_EQ(table_json()[0]["zone"], "discard");
  EXPECT_EQ(table_json()[0]["quarter"], 180);
  EXPECT_EQ(table_.state().log.back().text, "Table: Hektor #1 moved to discard");
  table_.must(CardLeft{"HEKTOR", 1});
  EXPECT_TRUE(table_json().empty());
  EXPECT_EQ(table_.state().log.back().text, "Table: Hektor #1 left the table");
}

TEST_F(PhysicalTableTest, ACardSlidIntoNoAreaIsInNoSeat) {
  table_.must(PresentCard{"PROTECTORATE-OF-MALCHIOR", 1, at_seat(0)});
  Placement unsaid;  // a script's placement that says nothing of the area keeps it
  unsaid.x_mm = 300;
  unsaid.y_mm = 100;
  table_.must(MoveCard{"PROTECTORATE-OF-MALCHIOR", 1, unsaid});
  EXPECT_EQ(table_.state().on_table("PROTECTORATE-OF-MALCHIOR", 1)->seat, 0);
  Placement gap = unsaid;  // a calibrated camera saw it in the gap between the seats' areas
  gap.area_said = true;
  table_.must(MoveCard{"PROTECTORATE-OF-MALCHIOR", 1, gap});
  EXPECT_EQ(table_.state().on_table("PROTECTORATE-OF-MALCHIOR", 1)->seat, -1);
  EXPECT_EQ(table_json()[0]["seat"], "");
}

TEST_F(PhysicalTableTest, WhatTheTableCannotHaveIsRefusedAndNamed) {
  Placement moon;
  moon.zone = "moon";
  EXPECT_EQ(table_.refusal(PresentCard{"PROTECTORATE-OF-MALCHIOR", 1, moon}),
            "r9e has no zone \"moon\" (its zones: centre, deck, discard)");
  EXPECT_EQ(table_.refusal(PresentCard{"PROTECTORATE-OF-MALCHIOR", 1, at_seat(2)}),
            "seat 3 is not at this table (it has 2)");
  EXPECT_EQ(table_.refusal(TurnCard{"HEKTOR", 1, 90}), "Hektor #1 is not on the table");
  EXPECT_EQ(table_.refusal(CardLeft{"HEKTOR", 1}), "Hektor #1 is not on the table");
  table_.scan("Protectorate of Malchior");
  EXPECT_EQ(table_.refusal(TurnCard{"PROTECTORATE-OF-MALCHIOR", 1, 45}),
            "a card turns to 0, 90, 180 or 270 degrees, not 45");
  EXPECT_EQ(table_.state().table.size(), 1u);
}

TEST_F(PhysicalTableTest, ARefusedMoveStillLeavesTheCardWhereItLies) {
  // Hektor cannot be played during setup, but he lies on Mark's side all the same.
  const std::size_t events = table_.session().events().size();
  EXPECT_NE(table_.refusal(PresentCard{"HEKTOR", 1, at_seat(0)}), "accepted");
  ASSERT_NE(table_.state().on_table("HEKTOR", 1), nullptr);
  EXPECT_EQ(table_.state().on_table("HEKTOR", 1)->seat, 0);
  EXPECT_EQ(table_.session().events().size(), events + 1);
  EXPECT_EQ(table_.session().events().back().type, "table");
}

TEST_F(PhysicalTableTest, ShownAgainWhereItLiesTheTableDoesNotChange) {
  table_.must(PresentCard{"PROTECTORATE-OF-MALCHIOR", 1, at_seat(0)});
  table_.must(TurnCard{"PROTECTORATE-OF-MALCHIOR", 1, 0});  // the quarter it is at: nothing
  const std::size_t events = table_.session().events().size();
  auto same = table_.session().apply(MoveCard{"PROTECTORATE-OF-MALCHIOR", 1, at_seat(0)}, 99);
  ASSERT_TRUE(same.has_value()) << same.error().message;
  EXPECT_EQ(same->group, 0);
  EXPECT_EQ(table_.session().events().size(), events);
}

TEST_F(PhysicalTableTest, UndoingAMoveLeavesTheCardOnTheTable) {
  table_.must(PresentCard{"PROTECTORATE-OF-MALCHIOR", 1, at_seat(0)});
  ASSERT_EQ(table_.books("Mark").stronghold, "PROTECTORATE-OF-MALCHIOR");
  // Undone back to before the scan (the values told for it are moves of their own); straight to
  // the session, which answers no question the undo brings back.
  for (int guard = 0; guard < 5 && !table_.books("Mark").stronghold.empty(); ++guard) {
    ASSERT_TRUE(table_.session().apply(Undo{}, 100).has_value());
  }
  EXPECT_EQ(table_.books("Mark").stronghold, "");
  ASSERT_NE(table_.state().on_table("PROTECTORATE-OF-MALCHIOR", 1), nullptr);
  EXPECT_EQ(table_.state().on_table("PROTECTORATE-OF-MALCHIOR", 1)->seat, 0);
}

TEST_F(PhysicalTableTest, TheTableIsReplayedFromTheLogAfterARestart) {
  table_.must(PresentCard{"PROTECTORATE-OF-MALCHIOR", 1, at_seat(0, 90)});
  table_.must(PresentCard{"HAMMERDOOMS-ROOST", 1, at_seat(0)});
  table_.must(CardLeft{"HAMMERDOOMS-ROOST", 1});
  table_.must(Undo{});  // the castle's move is undone; it left the table all the same
  const nlohmann::json before = to_json(table_.state());
  ModuleRegistry registry;
  register_builtin_modules(registry);
  CardLibrary library;
  library.emplace("r9e", test::shipped_r9e_cards());
  auto store = EventStore::open(table_.db_path());
  ASSERT_TRUE(store.has_value());
  auto resumed = Session::resume(std::move(store).value(), registry, std::move(library));
  ASSERT_TRUE(resumed.has_value()) << resumed.error().message;
  EXPECT_EQ(to_json(resumed->state()), before);
  ASSERT_EQ(resumed->state().table.size(), 1u);
  EXPECT_EQ(resumed->state().table[0].quarter, 90);
}

TEST_F(PhysicalTableTest, TheStateFileReadsTheTableBack) {
  Placement where = at_seat(1, 270);
  where.x_mm = 10;
  where.y_mm = 20;
  table_.must(PresentCard{"PROTECTORATE-OF-MALCHIOR", 1, where});
  auto read = state_from_json(to_json(table_.state()));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  ASSERT_EQ(read->table.size(), 1u);
  EXPECT_EQ(read->table[0].seat, 1);
  EXPECT_EQ(read->table[0].quarter, 270);
  EXPECT_EQ(read->table[0].x_mm, 10.0);
}

TEST(TableCommandTest, EveryTableCommandSurvivesTheLogsJson) {
  Placement where;
  where.seat = 1;
  where.zone = "centre";
  where.quarter = 270;
  where.x_mm = 1.5;
  where.y_mm = -2;
  where.area_said = true;
  const std::vector<Command> commands = {PresentCard{"HEKTOR", 2, where}, PresentCard{"HEKTOR", 1},
                                         TurnCard{"HEKTOR", 2, 90}, MoveCard{"HEKTOR", 2, where}, CardLeft{"HEKTOR", 2}};
  for (const Command& command : commands) {
    auto back = command_from_json(command_to_json(command));
    ASSERT_TRUE(back.has_value()) << back.error().message;
    EXPECT_EQ(command_to_json(*back), command_to_json(command)) << describe(command);
  }
  // A scan logged before scans carried where the card lies has no placement keys.
  EXPECT_EQ(command_to_json(PresentCard{"HEKTOR", 1}), (nlohmann::json{{"command", "scan"}, {"card", "HEKTOR"}, {"copy", 1}}));
  EXPECT_EQ(describe(TurnCard{"HEKTOR", 2, 90}), "turn HEKTOR #2 90");
  EXPECT_EQ(command_to_json(Reconcile{Reconcile::Resolution::Misread}),
            (nlohmann::json{{"command", "reconcile"}, {"resolution", "misread"}}));
  EXPECT_TRUE(command_from_json(command_to_json(Reconcile{Reconcile::Resolution::UpdateBooks})).has_value());
}

}  // namespace
}  // namespace seneschal::engine
