// Setup, the turn, payments, quests and Winter of Romance of the Nine Empires, on the shipped card
// data: the values the books do not print are told at the table, as the device asks for them.
#include <gtest/gtest.h>

#include "R9eTable.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine {
namespace {

using test::logged;
using test::R9eTable;

// The Example of Play's table: Mark (Malchior) and Shawn (Holden).
class R9eTurnTest : public ::testing::Test {
 protected:
  R9eTurnTest() : table_({"Mark", "Shawn"}) {
    table_.tell_example_of_play();
  }

  void set_up_the_example() {
    table_.seat_setup("Protectorate of Malchior", {"Hammerdoom's Roost", "Border Keep"});
    table_.seat_setup("Kingdom of Holden", {"Border Keep", "Sanctuary"});
    table_.choose("Mark");
    table_.ok();  // Spring
  }
  void all_pass() {
    for (std::size_t i = 0; i < table_.state().players.size(); ++i) table_.pass();
  }

  R9eTable table_;
};

TEST_F(R9eTurnTest, SetupTakesStrongholdCastlesFullOfFoodAndMotteAndBailey) {
  set_up_the_example();
  const r9e::SeatBooks& mark = table_.books("Mark");
  EXPECT_EQ(mark.faction, "Malchior");
  EXPECT_EQ(table_.player("Mark").score, 4);
  ASSERT_EQ(mark.castles.size(), 2u);
  EXPECT_EQ(mark.castles[0].food, 2);
  EXPECT_EQ(mark.castles[0].storage, 2);
  ASSERT_NE(table_.in_play("Mark", "Motte and Bailey"), nullptr);
  EXPECT_FALSE(table_.in_play("Mark", "Motte and Bailey")->bowed);
  EXPECT_EQ(table_.player("Shawn").score, 5);  // printed in the book
  EXPECT_EQ(table_.state().phase, "Summer");
  EXPECT_EQ(table_.state().to_act, 0);
}

TEST_F(R9eTurnTest, AnUnknownValueIsAskedOnceAndRemembered) {
  R9eTable fresh({"Mark"});
  ASSERT_TRUE(fresh.session().apply(PresentCard{"PROTECTORATE-OF-MALCHIOR", 1}, 1).has_value());
  EXPECT_TRUE(fresh.prompt().wants_number);
  EXPECT_NE(fresh.prompt().text.find("Protectorate of Malchior's renown"), std::string::npos);
  fresh.set(4);
  EXPECT_EQ(fresh.player("Mark").score, 4);
  EXPECT_EQ(fresh.state().log.back().text, "Mark plays Protectorate of Malchior (Malchior), Renown 4");
}

TEST_F(R9eTurnTest, CastlesBeyondTheCastlePointsAreAWarningThePlayersCanOverride) {
  table_.tell("Outpost", "castle_point_cost", 2);
  table_.tell("Outpost", "storage", 1);
  table_.scan("Protectorate of Malchior");
  table_.scan("Hammerdoom's Roost");
  table_.scan("Border Keep");
  table_.scan("Outpost");
  EXPECT_EQ(table_.warning(), "Outpost costs 2 Castle Points; Mark has 1 of 3 left");
  EXPECT_EQ(table_.books("Mark").castles.size(), 2u);
  table_.choose("Do it anyway");
  EXPECT_EQ(table_.books("Mark").castles.size(), 3u);
  bool logged = false;
  for (const LogEntry& entry : table_.state().log) logged = logged || entry.text.rfind("Override: Outpost", 0) == 0;
  EXPECT_TRUE(logged);
}

TEST_F(R9eTurnTest, AMulliganDiscardsTwoFoodFromCastlesThePlayerPicks) {
  table_.scan("Protectorate of Malchior");
  table_.scan("Hammerdoom's Roost");
  table_.scan("Border Keep");
  table_.ok();
  table_.choose("Mulligan");
  table_.choose("Border Keep");
  table_.choose("Border Keep");
  EXPECT_EQ(table_.castle("Mark", "Border Keep").food, 0);
  EXPECT_EQ(table_.castle("Mark", "Hammerdoom's Roost").food, 2);
  EXPECT_NE(table_.prompt().text.find("Shawn"), std::string::npos);
}

TEST_F(R9eTurnTest, TheFirstOrdainedIsChosenByNameOrDrawnWithTheEntropyHandedIn) {
  table_.seat_setup("Protectorate of Malchior", {"Border Keep"});
  table_.seat_setup("Kingdom of Holden", {"Sanctuary"});
  table_.must(Choose{"Random"}, 7);  // 7 % 2 seats = Shawn
  EXPECT_EQ(table_.r9e().ordained, 1);
  EXPECT_EQ(table_.state().phase, "Spring");
  table_.ok();
  EXPECT_EQ(table_.state().phase, "Summer");
  EXPECT_EQ(table_.state().to_act, 1);
}

TEST_F(R9eTurnTest, AHeroIsPaidByBowingGoldSourcesAndFoodFromTheCastleThePayerPicks) {
  set_up_the_example();
  table_.scan("Hektor");
  table_.choose("Protectorate of Malchior");
  table_.choose("Motte and Bailey");
  table_.choose("Hammerdoom's Roost");
  const CardInPlay* hektor = table_.in_play("Mark", "Hektor");
  ASSERT_NE(hektor, nullptr);
  EXPECT_FALSE(hektor->bowed);
  EXPECT_TRUE(table_.in_play("Mark", "Motte and Bailey")->bowed);
  EXPECT_EQ(table_.castle("Mark", "Hammerdoom's Roost").food, 1);
  EXPECT_EQ(table_.castle("Mark", "Border Keep").food, 2);
  EXPECT_EQ(table_.state().to_act, 1);
}

// A move is logged as done only once it is paid: while the gold and food are being paid the
// log says so, and "brings ... into play" comes with the last payment.
TEST_F(R9eTurnTest, AHeroIsLoggedInPlayOnlyOncePaidFor) {
  set_up_the_example();
  table_.scan("Hektor");
  EXPECT_EQ(table_.state().log.back().text, "Mark starts paying for Hektor: 6 gold, 1 food");
  EXPECT_FALSE(logged(table_.state(), "Mark plays Hektor"));
  table_.choose("Protectorate of Malchior");
  table_.choose("Motte and Bailey");
  EXPECT_FALSE(logged(table_.state(), "brings Hektor"));
  table_.choose("Hammerdoom's Roost");
  EXPECT_EQ(table_.state().log.back().text, "Mark brings Hektor into play (6 gold, 1 food from Hammerdoom's Roost)");
}

TEST_F(R9eTurnTest, CancellingAPaymentGivesEverythingBack) {
  set_up_the_example();
  table_.scan("Hektor");
  table_.choose("Protectorate of Malchior");
  table_.choose("Cancel");
  EXPECT_EQ(table_.in_play("Mark", "Hektor"), nullptr);
  EXPECT_EQ(table_.state().to_act, 0);  // still Mark's action
  table_.scan("Hektor");
  EXPECT_TRUE(table_.prompt().has_option("Protectorate of Malchior"));  // straightened again
}

TEST_F(R9eTurnTest, PropertiesEnterPlayBowed) {
  set_up_the_example();
  table_.pass();
  table_.scan("Training Grounds");
  ASSERT_NE(table_.in_play("Shawn", "Training Grounds"), nullptr);
  EXPECT_TRUE(table_.in_play("Shawn", "Training Grounds")->bowed);
}

TEST_F(R9eTurnTest, APhaseEndsWhenEverySeatPassesInARow) {
  set_up_the_example();
  table_.pass();
  table_.scan("Training Grounds");  // Shawn breaks the run
  table_.pass();
  EXPECT_EQ(table_.state().phase, "Summer");
  table_.pass();
  EXPECT_EQ(table_.state().phase, "Autumn");
  EXPECT_EQ(table_.state().to_act, table_.r9e().ordained);
}

TEST_F(R9eTurnTest, ACardOutOfItsPhaseIsAWarningAndTheOverrideIsLogged) {
  set_up_the_example();
  all_pass();
  ASSERT_EQ(table_.state().phase, "Autumn");
  table_.scan("Zahir");
  EXPECT_EQ(table_.warning(), "Zahir comes into play in Summer; it is Autumn");
  EXPECT_EQ(table_.in_play("Mark", "Zahir"), nullptr);
  table_.ok();  // OK = do it anyway
  table_.choose("Border Keep");
  EXPECT_NE(table_.in_play("Mark", "Zahir"), nullptr);
  bool logged = false;
  for (const LogEntry& entry : table_.state().log) {
    logged = logged || entry.text == "Override: Zahir comes into play in Summer; it is Autumn";
  }
  EXPECT_TRUE(logged);
}

TEST_F(R9eTurnTest, CancellingAWarningLeavesTheBoardAsItWas) {
  set_up_the_example();
  all_pass();
  table_.scan("Zahir");
  table_.pass();  // PASS = cancel
  EXPECT_EQ(table_.in_play("Mark", "Zahir"), nullptr);
  EXPECT_EQ(table_.warning(), "");
  EXPECT_EQ(table_.state().to_act, 0);
}

TEST_F(R9eTurnTest, CastlesAndTheSameCopyTwiceAreRefused) {
  set_up_the_example();
  EXPECT_EQ(table_.refusal(PresentCard{"BORDER-KEEP", 1}), "castles are placed at setup, not played");
  table_.scan("Zahir");
  table_.choose("Border Keep");
  EXPECT_EQ(table_.refusal(PresentCard{"ZAHIR", 1}), "Zahir #1 is already in play for Mark");
}

TEST_F(R9eTurnTest, AQuestorPaysGloryWithoutBowingAndTheRenownRewardIsAdded) {
  set_up_the_example();
  table_.pass();
  table_.scan("Jack Newcomer");
  table_.choose("Kingdom of Holden");
  table_.choose("Motte and Bailey");
  table_.choose("Sanctuary");
  table_.pass();
  table_.scan("The Biggest Turnip");
  table_.choose("Jack Newcomer");
  EXPECT_FALSE(table_.in_play("Shawn", "Jack Newcomer")->bowed);
  EXPECT_EQ(table_.player("Shawn").score, 7);  // 5 -> 7, as in the book
  ASSERT_EQ(table_.books("Shawn").quests.size(), 1u);
}

// "Unbowed heroes with the Questor keyword do not have to bow to use their Glory to help pay for
// a quest" (rules of play, line 448). The data states Zahir's keywords nowhere: asked when his
// Glory pays, and kept.
TEST_F(R9eTurnTest, TheQuestorKeywordIsAskedWhenAHerosGloryPaysAQuest) {
  set_up_the_example();
  table_.scan("Zahir");
  table_.choose("Border Keep");
  table_.pass();  // Shawn
  table_.scan("The Biggest Turnip");
  ASSERT_TRUE(table_.session().apply(Choose{"Zahir"}, 1000).has_value());
  ASSERT_TRUE(table_.session().apply(SetNumber{1}, 1001).has_value());  // his Glory, asked first
  EXPECT_EQ(table_.prompt().text, "Look at the card: Zahir's Questor keyword?");
  table_.choose("printed");
  EXPECT_TRUE(logged(table_.state(), "Zahir's Questor keyword is printed (told at the table)"));
  EXPECT_TRUE(logged(table_.state(), "Zahir gives 1 Glory (a Questor: stays unbowed)"));
  EXPECT_FALSE(table_.in_play("Mark", "Zahir")->bowed);
  EXPECT_EQ(to_json(table_.state())["told"]["ZAHIR"]["Questor_keyword"], "printed");
}

// "Each given player can only have one copy of a given card with the Unique keyword in play at a
// time ... Multiple players can each have one copy of the same Unique card" (line 450). No card
// data prints Unique: asked only when a second copy comes into play for the same seat.
TEST_F(R9eTurnTest, UniqueIsAskedWhenASecondCopyComesIntoPlayForTheSameSeat) {
  set_up_the_example();
  table_.scan("Zahir");  // the first copy: nothing asked (an unexpected question fails the test)
  table_.choose("Border Keep");
  table_.scan("Zahir", 3);  // Shawn's own copy: nothing asked, no check
  table_.choose("Sanctuary");
  EXPECT_NE(table_.in_play("Shawn", "Zahir"), nullptr);
  table_.tell_keyword("Zahir", "Unique", true);
  table_.scan("Zahir", 2);
  EXPECT_EQ(table_.warning(), "Zahir is Unique and Mark has one in play");
}

// "Spells can only attach to a hero with the Wizard keyword" (line 456): a hero whose keywords
// are unknown is asked about when chosen, and a check when the table says no.
TEST_F(R9eTurnTest, AWizardIsAskedWhenASpellIsAttachedAndANoIsACheck) {
  set_up_the_example();
  table_.tell("Divination", "gold_cost", 0);
  table_.tell("Divination", "food_cost", 0);
  table_.tell_keyword("Zahir", "Wizard", false);
  table_.scan("Zahir");
  table_.choose("Border Keep");
  table_.pass();  // Shawn
  table_.scan("Divination");
  EXPECT_TRUE(table_.prompt().has_option("Zahir"));
  table_.choose("Zahir");
  EXPECT_EQ(table_.warning(), "Zahir has no Wizard keyword: only a Wizard takes a spell");
  table_.choose("Cancel");
  EXPECT_TRUE(table_.prompt().has_option("Zahir"));  // known now, still offered: a card may allow it
}

// The Ordained marker is on no seat until setup chooses one (no badge, "ordained": null).
TEST_F(R9eTurnTest, TheOrdainedBadgeAppearsOnlyOnceTheOrdainedIsChosen) {
  const auto badges = [&] {
    std::vector<std::string> out;
    for (const SeatView& seat : table_.session().module()->describe(table_.state()).seats) {
      for (const BadgeView& badge : seat.badges) out.push_back(seat.name + ":" + badge.label);
    }
    return out;
  };
  table_.seat_setup("Protectorate of Malchior", {"Hammerdoom's Roost", "Border Keep"});
  table_.seat_setup("Kingdom of Holden", {"Border Keep", "Sanctuary"});
  EXPECT_TRUE(badges().empty());
  EXPECT_TRUE(to_json(table_.state())["ordained"].is_null());
  table_.choose("Shawn");
  EXPECT_EQ(badges(), std::vector<std::string>{"Shawn:Ordained"});
  EXPECT_EQ(to_json(table_.state())["ordained"], "Shawn");
}

TEST_F(R9eTurnTest, OneIncompleteQuestAtATime) {
  set_up_the_example();
  table_.tell("Rescuing the Hostage?", "glory_cost", 0);
  table_.tell("Rescuing the Hostage?", "renown_reward", 1);
  table_.pass();
  table_.scan("The Biggest Turnip");
  table_.choose("Done");
  table_.choose("Do it anyway");  // no Glory paid: a warning, overridden
  table_.pass();
  table_.scan("Rescuing the Hostage?");
  EXPECT_EQ(table_.warning(),
            "Shawn already has an incomplete quest in play (The Biggest Turnip): one thing at a time");
}

TEST_F(R9eTurnTest, WinterPutsHeroFoodOnACastleBuriesIncompleteQuestsAndPassesTheOrdainedLeft) {
  set_up_the_example();
  table_.pass();
  table_.scan("Training Grounds");
  table_.pass();
  table_.scan("The Biggest Turnip");
  table_.choose("Done");
  table_.choose("Do it anyway");
  all_pass();  // Autumn
  table_.menu("Adjust");
  table_.choose("Food: Sanctuary (Shawn)");
  table_.set(1);
  table_.menu("Adjust");
  table_.choose("Food: Border Keep (Shawn)");  // two castles with room: the food's castle is asked
  table_.set(1);
  table_.menu("Adjust");
  table_.choose("Training Grounds (Shawn)");
  table_.choose("Food carried");
  table_.set(1);
  all_pass();
  ASSERT_EQ(table_.state().phase, "Winter");
  EXPECT_EQ(table_.prompt().text, "Winter: Shawn, put the food on Training Grounds (1) onto a castle");
  // "Food tokens that can't be stored in castles are discarded" (rules of play, line 484):
  // Sanctuary has room, so discarding the food is a check.
  table_.choose("Discard it");
  EXPECT_EQ(table_.warning(), "Border Keep has room: food that can be stored in a castle is not discarded (Winter)");
  table_.choose("Cancel");
  table_.choose("Sanctuary");
  EXPECT_EQ(table_.castle("Shawn", "Sanctuary").food, 2);
  EXPECT_TRUE(table_.books("Shawn").quests.empty());  // The Biggest Turnip buried, incomplete
  table_.ok();  // draw and discard
  EXPECT_EQ(table_.state().turn, 2);
  EXPECT_EQ(table_.r9e().ordained, 1);
  EXPECT_EQ(table_.state().phase, "Spring");
  EXPECT_FALSE(table_.in_play("Shawn", "Training Grounds")->bowed);  // Spring straightened it
}

TEST_F(R9eTurnTest, TheOnlyPlayerWithFoodInWinterWinsADominanceVictory) {
  set_up_the_example();
  for (const char* castle : {"Border Keep", "Sanctuary"}) {
    table_.menu("Adjust");
    table_.choose(std::string("Food: ") + castle + " (Shawn)");
    table_.set(0);
  }
  all_pass();
  all_pass();
  ASSERT_TRUE(table_.state().winner.has_value());
  EXPECT_EQ(table_.state().winner->first(), 0);
  EXPECT_EQ(table_.state().winner->victory, "dominance");
}

TEST_F(R9eTurnTest, FiftyRenownAndThreeCompletedQuestsWinAPopularVictoryInWinter) {
  set_up_the_example();
  const char* quests[] = {"A Most Peculiar Lamp?", "Rescuing the Hostage?", "A Desperate Offer?"};
  for (const char* quest : quests) {
    table_.tell(quest, "glory_cost", 0);
    table_.tell(quest, "renown_reward", 1);
    table_.tell(std::string(quest) + " (completed quest token)", "renown_reward", 1);
  }
  for (const char* quest : quests) {
    table_.scan(quest);  // Glory cost 0: in play at once
    table_.menu(std::string("Complete quest: ") + quest + " (Mark)");
    table_.pass();  // Shawn
  }
  table_.menu("Adjust");
  table_.choose("Renown: Mark");
  table_.set(50);
  for (int guard = 0; guard < 6 && !table_.state().winner; ++guard) table_.pass();
  ASSERT_TRUE(table_.state().winner.has_value());
  EXPECT_EQ(table_.state().winner->victory, "popular");
}

TEST_F(R9eTurnTest, FoodAboveStorageIsAWarning) {
  set_up_the_example();
  table_.menu("Adjust");
  table_.choose("Food: Border Keep (Mark)");
  table_.set(5);
  EXPECT_EQ(table_.warning(), "Border Keep stores at most 2 food");
  table_.pass();
  EXPECT_EQ(table_.castle("Mark", "Border Keep").food, 2);
}


// "If you can't or don't, discard the quest immediately" (line 448): Cancel while paying its
// Glory discards the quest, and that was the seat's action.
TEST_F(R9eTurnTest, ACancelledQuestIsDiscardedAndEndsTheAction) {
  set_up_the_example();
  table_.pass();  // Mark
  table_.scan("The Biggest Turnip");
  table_.choose("Cancel");
  EXPECT_TRUE(table_.books("Shawn").quests.empty());
  EXPECT_TRUE(logged(table_.state(), "Shawn discards the quest The Biggest Turnip"));
  EXPECT_EQ(table_.state().to_act, table_.seat("Mark"));
}

// "All ability effects end at this time, unless otherwise specified. Effects from markers
// continue to apply" (line 486).
TEST_F(R9eTurnTest, ChangesForThisTurnEndInWinterAndMarkersStay) {
  set_up_the_example();
  table_.scan("Zahir");
  table_.choose("Border Keep");
  // Set as the Strength players see: 0 -> 1 this turn, then 1 -> 3 with a marker.
  for (const auto& [field, strength] : {std::pair{"Strength this turn", 1}, std::pair{"Strength marker", 3}}) {
    table_.menu("Adjust");
    table_.choose("Zahir (Mark)");
    table_.choose(field);
    table_.set(strength);
  }
  const int zahir = table_.in_play("Mark", "Zahir")->uid;
  ASSERT_NE(table_.r9e().mods.at(zahir).strength_turn, 0);
  const int marker = table_.r9e().mods.at(zahir).strength_marker;
  ASSERT_NE(marker, 0);
  all_pass();
  all_pass();
  ASSERT_EQ(table_.state().phase, "Winter");
  EXPECT_EQ(table_.r9e().mods.at(zahir).strength_turn, 0);
  EXPECT_EQ(table_.r9e().mods.at(zahir).strength_marker, marker);
}

// "Beginning with the Ordained and proceeding clockwise, eliminate any players without food
// tokens from the game" (line 488), when more than one still has food.
TEST_F(R9eTurnTest, APlayerWithoutFoodInWinterIsEliminated) {
  R9eTable three({"Mark", "Shawn", "Louis"});
  three.tell_example_of_play();
  three.tell("Dread Army of Ixhasa", "renown", 5);
  three.tell("Dread Army of Ixhasa", "castle_points", 3);
  three.tell("The Sunken Pyramid", "castle_point_cost", 1);
  three.tell("The Sunken Pyramid", "storage", 2);
  three.seat_setup("Protectorate of Malchior", {"Hammerdoom's Roost"});
  three.seat_setup("Kingdom of Holden", {"Sanctuary"});
  three.seat_setup("Dread Army of Ixhasa", {"The Sunken Pyramid"});
  three.choose("Mark");
  three.ok();
  three.menu("Adjust");
  three.choose("Food: The Sunken Pyramid (Louis)");
  three.set(0);
  for (int pass = 0; pass < 6; ++pass) three.pass();
  EXPECT_TRUE(three.player("Louis").eliminated);
  EXPECT_FALSE(three.player("Mark").eliminated);
  EXPECT_FALSE(three.state().winner.has_value());
}

// "Cards cannot have any numeral on them reduced below zero" (line 566): refused, not a check.
TEST_F(R9eTurnTest, AValueBelowZeroIsRefused) {
  set_up_the_example();
  table_.menu("Adjust");
  table_.choose("Renown: Mark");
  EXPECT_EQ(table_.refusal(SetNumber{-1}), "no value goes below zero");
}

// "If a hero's Will is reduced to zero by some combination of card effects and/or markers, bury
// that hero immediately" (line 568).
TEST_F(R9eTurnTest, AHeroWhoseWillFallsToZeroIsBuried) {
  set_up_the_example();
  table_.tell("Zahir", "will", 1);
  table_.scan("Zahir");
  table_.choose("Border Keep");
  table_.menu("Adjust");
  table_.choose("Zahir (Mark)");
  table_.choose("Will marker");
  table_.set(0);
  EXPECT_EQ(table_.in_play("Mark", "Zahir"), nullptr);
}

}  // namespace
}  // namespace seneschal::engine
