// Cutthroat Kingdoms where the camera says where a card lies (issue 42, engine/rules/cutthroat/
// README.md "The card that is the move"): a soldier laid onto a territory's card is the attack or
// the conquest there, one laid onto another territory mid-attack ceases it, and a royal heir laid
// before another seat at the Royal Wedding is the marriage. Through a real Session.

#include <gtest/gtest.h>

#include "CutthroatGame.hpp"
#include "cutthroat/ck_flows.hpp"

namespace seneschal::engine {
namespace {

using namespace ck_test;
namespace ck = cutthroat;

Placement at_mm(double x, double y) {
  Placement where;
  where.x_mm = x;
  where.y_mm = y;
  return where;
}

Placement in_front_of(int seat) {
  Placement where;
  where.seat = seat;
  return where;
}

// Where kKingdom's slots lie: a row across the table, 100 mm apart (slot k at x = 100 (k + 1)).
double slot_x(int slot) { return 100.0 * (slot + 1); }
constexpr double kRowY = 400.0;
constexpr int kThreeRivers = 0, kNyghtwald = 1, kHangingTongue = 2, kMarrow = 3;

class CutthroatCameraPlacesTest : public CutthroatGame {
 protected:
  const ck::Data& data() const { return static_cast<const ck::Data&>(*state().data.get()); }

  // four_seats() set up with the kingdom's cards laid where the camera reads them; Ann's turn 1
  // on to its Action phase. Ann holds Marrow, Ben Nyghtwald, Cat Three Rivers, Dan Stonehold.
  void ann_acts_on_a_laid_kingdom() {
    start(four_seats());
    name_houses();
    set(8);
    for (int slot = 0; slot < static_cast<int>(plans().size()) + 2; ++slot) {
      const std::string& title = kKingdom[static_cast<std::size_t>(slot)];
      if (title.empty()) choose("Untagged territory");
      else must(PresentCard{card_id_from_title(title), 1, at_mm(slot_x(slot), kRowY)});
    }
    vote_starter("Ann");
    for (const SeatPlan& plan : plans()) take_land(plan);
    to_actions();
  }
  // A military card laid onto (near) a territory's card, its copy's colour told when asked.
  Result<Accepted> lay(const Military& card, int slot) {
    tell_colour(card);
    return attempt(PresentCard{card_id_from_title(card.title), card.copy, at_mm(slot_x(slot), kRowY + 40)});
  }
};

TEST_F(CutthroatCameraPlacesTest, ASoldierLaidOntoAnEmptyTerritoryIsItsConquest) {
  ann_acts_on_a_laid_kingdom();
  ASSERT_TRUE(lay(soldier("Brom", 3, "blue"), kHangingTongue));
  EXPECT_TRUE(logged("Ann conquers The Hanging Tongue"));
  EXPECT_EQ(last_log(), "Ann places a blue soldier of Brom under The Hanging Tongue");
  ASSERT_TRUE(data().placing);
  EXPECT_EQ(data().placing->slot, kHangingTongue);
  EXPECT_EQ(data().placing->cards.size(), 1u);
  ok();
  EXPECT_EQ(last_log(), "Ann conquers The Hanging Tongue with 1 military card (top: a blue soldier of Brom)");
}

TEST_F(CutthroatCameraPlacesTest, UndoTakesTheCardLaidAndTheFightItDeclaredBackAsOneMove) {
  // A copy whose colour was told at setup (under Marrow), so no question stands between: UNDO
  // goes straight back to the Action prompt.
  ann_acts_on_a_laid_kingdom();
  const std::size_t before = state().log.size();
  ASSERT_TRUE(lay(soldier("Brom", 2, "red"), kHangingTongue));
  ASSERT_TRUE(data().placing);
  must(Undo{});
  EXPECT_FALSE(data().placing);
  EXPECT_FALSE(data().choosing);
  EXPECT_EQ(data().step, ck::Step::Action);
  EXPECT_EQ(state().log.size(), before + 1) << "only the takebacksies line is new";
  EXPECT_EQ(last_log().rfind("Takebacksies: Ann conquers The Hanging Tongue", 0), 0u) << last_log();
}

TEST_F(CutthroatCameraPlacesTest, ASoldierLaidOntoAnotherSeatsTerritoryIsTheAttackAndItsFirstCard) {
  ann_acts_on_a_laid_kingdom();
  ASSERT_TRUE(lay(soldier("Brom", 3, "blue"), kNyghtwald));
  EXPECT_TRUE(logged("Ann attacks Nyghtwald (Ben's; top: a blue soldier of Slaine)"));
  EXPECT_EQ(last_log(), "Ann attacks Nyghtwald with a blue soldier of Brom");
  EXPECT_EQ(prompt().seat, kBen) << "the owner is asked to defend: " << prompt().text;
}

TEST_F(CutthroatCameraPlacesTest, AfterTheMenusConquerASoldierLaidOntoATerritoryNamesItAndTheKindStands) {
  // "Conquer" chosen, then the soldier laid onto Ben's occupied Nyghtwald: the conquest stands and
  // CK-14 says what it breaks, as choosing Nyghtwald would.
  ann_acts_on_a_laid_kingdom();
  choose("Conquer");
  (void)lay(soldier("Brom", 3, "blue"), kNyghtwald);
  EXPECT_EQ(warning(), "Nyghtwald is occupied: attack it to conquer it");
  pass();  // cancelled: "Conquer" still waits for its territory
  ASSERT_TRUE(lay(soldier("Brom", 3, "blue"), kHangingTongue));
  ASSERT_TRUE(data().placing);
  EXPECT_EQ(data().placing->slot, kHangingTongue);
  EXPECT_EQ(data().placing->cards.size(), 1u);
}

TEST_F(CutthroatCameraPlacesTest, ASoldierLaidOntoItsOwnTerritoryRaisesTheAttacksCheck) {
  // CK-16: Marrow is Ann's own; the card laid is still a move the table may make.
  ann_acts_on_a_laid_kingdom();
  (void)lay(soldier("Brom", 3, "green"), kMarrow);  // green on green: only CK-16 is broken
  EXPECT_NE(warning().find("Marrow is Ann's own"), std::string::npos) << warning();
  override_check(warning());
  EXPECT_TRUE(logged("Ann attacks Marrow with a green soldier of Brom"));
}

TEST_F(CutthroatCameraPlacesTest, ACardByNoTerritoryOrWithoutMillimetresLeavesTheActionAsked) {
  ann_acts_on_a_laid_kingdom();
  for (int copy : {3, 4}) tell_colour(soldier("Brom", copy, "blue"));
  EXPECT_FALSE(attempt(PresentCard{card_id_from_title("Soldier of House Brom"), 3, {}})) << "no millimetres";
  EXPECT_FALSE(attempt(PresentCard{card_id_from_title("Soldier of House Brom"), 4, at_mm(300, 900)})) << "by no territory";
  EXPECT_EQ(data().step, ck::Step::Action);
  EXPECT_FALSE(data().attack);
  EXPECT_FALSE(data().placing);
  attack("Nyghtwald");  // the menu's way is there as ever
  EXPECT_TRUE(logged("Ann attacks Nyghtwald (Ben's; top: a blue soldier of Slaine)"));
}

TEST_F(CutthroatCameraPlacesTest, ASoldierLaidOntoAnotherTerritoryMidAttackCeasesItAndFightsThere) {
  ann_acts_on_a_laid_kingdom();
  ASSERT_TRUE(lay(soldier("Brom", 3, "blue"), kNyghtwald));
  // The attack's own territory laid onto again is the next attacking card, as ever (and Ben's
  // "no defence").
  ASSERT_TRUE(lay(soldier("Brom", 4, "red"), kNyghtwald));
  EXPECT_TRUE(logged("Ann's blue soldier of Brom kills a blue soldier of Slaine on Nyghtwald"));
  ASSERT_TRUE(data().attack);
  EXPECT_EQ(data().attack->slot, kNyghtwald);
  EXPECT_EQ(last_log(), "Ann attacks Nyghtwald with a red soldier of Brom");
  // Ben is asked again; Ann lays her next soldier onto the empty Hanging Tongue instead: Ben did
  // not defend, the attack on Nyghtwald ceases, and Ann conquers there.
  ASSERT_TRUE(lay(soldier("Brom", 5, "yellow"), kHangingTongue));
  EXPECT_TRUE(logged("Ann's red soldier of Brom kills a face-down mercenary on Nyghtwald"));
  EXPECT_TRUE(logged("Ann ceases the attack on Nyghtwald"));
  EXPECT_FALSE(data().attack);
  ASSERT_TRUE(data().placing);
  EXPECT_EQ(data().placing->slot, kHangingTongue);
  EXPECT_EQ(last_log(), "Ann places a yellow soldier of Brom under The Hanging Tongue");
}

TEST_F(CutthroatCameraPlacesTest, AnHeirLaidBeforeAnotherSeatAtTheRoyalWeddingIsTheMarriage) {
  ann_acts_on_a_laid_kingdom();
  ok();
  scan("Royal Wedding");
  // Ben (Slaine) and Cat (Dravanof): Ben's heir laid in front of Cat, then Cat's in front of Ben.
  must(PresentCard{card_id_from_title("Royal Heir of House Slaine"), 1, in_front_of(kCat)});
  EXPECT_EQ(last_log(), "Ben and Cat marry: their heirs swap seats (each heir card goes to the other's area)");
  const std::size_t lines = state().log.size();
  must(PresentCard{card_id_from_title("Royal Heir of House Dravanof"), 1, in_front_of(kBen)});
  EXPECT_EQ(state().log.size(), lines) << "the second heir is the swap done: no new marriage";
  EXPECT_EQ(seat_books(kBen)["married_to"], kCat);
  // An heir before its own seat is no marriage: the prompt's couples are still there.
  EXPECT_FALSE(attempt(PresentCard{card_id_from_title("Royal Heir of House Brom"), 1, in_front_of(kAnn)}));
  EXPECT_NE(prompt().find_label("Marry Ann and Dan"), nullptr);
}

TEST_F(CutthroatCameraPlacesTest, AnHeirSlidBeforeAnotherSeatAtTheRoyalWeddingIsTheMarriageWithItsChecks) {
  ann_acts_on_a_laid_kingdom();
  // The heirs lie before their seats, as the camera has seen them since setup.
  (void)attempt(PresentCard{card_id_from_title("Royal Heir of House Brom"), 1, in_front_of(kAnn)});
  (void)attempt(PresentCard{card_id_from_title("Royal Heir of House Crone"), 1, in_front_of(kDan)});
  ok();
  scan("Royal Wedding");
  must(MoveCard{card_id_from_title("Royal Heir of House Brom"), 1, in_front_of(kDan)});
  EXPECT_EQ(last_log(), "Ann and Dan marry: their heirs swap seats (each heir card goes to the other's area)");
  // Ann is married now: her heir slid before Ben is CK-29's check, as "Marry Ann and Ben" is.
  (void)attempt(MoveCard{card_id_from_title("Royal Heir of House Brom"), 1, in_front_of(kBen)});
  EXPECT_EQ(warning(), "Ann and Ben cannot marry: both must be unmarried with a living heir");
}

}  // namespace
}  // namespace seneschal::engine
