// Nine's checks (GAMES.md B3) raised through a real Session and overridden, one test per rule the
// module README's audit table names (issue 37: a move the book forbids is offered, carries the
// check's reason, and the table may do it anyway). Where one move breaks several rules the check
// names them all, in B3's order. Rules text: shared/rules/nine-solitaire-rules.txt (N9:<line>).

#include <gtest/gtest.h>

#include "NineSession.hpp"

namespace seneschal::engine {
namespace {

using test::kDeck;

class NineChecksTest : public test::NineSession {
 protected:
  // The payment entered as the table made it: each payer added, then "Paid with these".
  void paid_with(const std::vector<std::string>& payers) {
    for (const std::string& payer : payers) choose("+ " + payer);
    choose("Paid with these");
  }
  // Centre 1A (Crew up, the Tavern on its left) laid in the city; deck 5A with Lumber up; on the
  // pile 6B with Gold up: nothing on offer pays the Tavern's Crew but the card's own.
  void tavern_with_lumber_and_gold() {
    after_a_pass({"6A", 0}, {"1A", 0}, {"6B", 0}, {"5A", 180});
    show("1A", 90, "city");
  }
  // Centre 4A, deck 3A (Crew up), pile 9B (Crew up); a Farm on 4A paid with the pile's Crew, so
  // the pile's top is used this round; 3A slides into the centre and 1A (Crew up) tops the deck.
  void farm_paid_by_the_pile() {
    after_a_pass({"9A", 0}, {"4A", 0}, {"9B", 0}, {"3A", 0});
    show("4A", 90, "city");
    choose("discard Crew");
    show("1A", 0, "deck");
  }
};

// ---------------------------------------------------------------- the payment (N-7 .. N-13)

// B5.1, N-7 (N9:43, 47): Crew + Crew for a Tavern can be entered; it does not pay its Lumber.
TEST_F(NineChecksTest, CrewAndCrewForATavernIsEnteredAndIsACheck) {
  after_a_pass({"4A", 0}, {"1A", 0}, {"4B", 0}, {"3A", 0});
  show("1A", 90, "city");
  EXPECT_EQ(prompt().text, "Tavern: what paid? add each payer, then \"Paid with these\"");
  paid_with({"deck Crew", "discard Crew"});
  override_check("Tavern needs Lumber: Crew and Crew do not pay it (N9:43)");
  EXPECT_TRUE(logged("Built Tavern (card 1A) in round 1's column, paid with deck Crew + discard Crew"));
  EXPECT_EQ(detail()["discard"], nlohmann::json::array({4, 3})) << "the deck's 3A paid: flipped onto the pile";
}

// N-7 (N9:110): a resource the structure does not need is not taken; given anyway, it is said.
TEST_F(NineChecksTest, AResourceTheStructureDoesNotNeedIsACheck) {
  after_a_pass({"9A", 0}, {"4A", 0}, {"9B", 0}, {"3A", 0});
  show("4A", 90, "city");  // a Farm: one Crew, from the deck or the pile
  choose("Something else paid");
  paid_with({"deck Crew", "discard Crew"});
  override_check("Farm does not need the Crew (N9:110)");
  EXPECT_TRUE(logged("Built Farm (card 4A) in round 1's column, paid with deck Crew + discard Crew"));
}

// N-8 and N-13 (N9:130, B7.2) in one check: the Tavern's own card, its top Crew and its bottom Lumber.
TEST_F(NineChecksTest, TheCardsOwnAndBottomResourcesAreOneCheckNamingBoth) {
  tavern_with_lumber_and_gold();
  EXPECT_TRUE(prompt().has_option("+ centre Crew (own card)"));
  paid_with({"centre Crew (own card)", "centre Lumber (bottom, own card)"});
  override_check(
      "centre Lumber (bottom): only a card's top resource counts (N9:130); Card 1A does not pay for its own Tavern "
      "(GAMES.md B7.2)");
  EXPECT_TRUE(logged("Built Tavern (card 1A) in round 1's column, paid with centre Crew + centre Lumber (bottom)"));
  EXPECT_EQ(detail()["discard"], nlohmann::json::array({6})) << "the built card went to the city, not the pile";
}

// N-8 (N9:110, 130): an active card's bottom resource does not count.
TEST_F(NineChecksTest, ABottomResourceIsACheck) {
  start("7A");
  open({"9A", 0}, {"4A", 0});  // centre 9A Crew, deck 4A Gold (Crew at its bottom)
  show("9A", 270, "city");     // a Goldsmith on 9A's right: Crew + Stone/Ore
  EXPECT_TRUE(prompt().text.starts_with("Goldsmith: what paid?")) << prompt().text;
  paid_with({"deck Crew (bottom)", "deck Gold"});
  override_check("deck Crew (bottom): only a card's top resource counts (N9:130)");
  EXPECT_TRUE(logged("Built Goldsmith (card 9A) in round 1's column, paid with deck Crew (bottom) + deck Gold"));
}

// N-9 (N9:49): a slash item takes one of its two resources.
TEST_F(NineChecksTest, ASlashItemPaidWithNeitherOfItsTwoIsACheck) {
  after_a_pass({"9A", 0}, {"1A", 0}, {"9B", 0}, {"5A", 180});  // pile Crew, deck Lumber; 1A (Crew) slid to the centre
  show("5A", 90, "city");    // the Goldsmith: Crew + Stone/Ore
  paid_with({"centre Crew", "discard Crew"});
  override_check("Stone/Ore takes one of the two, not Crew (N9:49)");
  EXPECT_TRUE(logged("Built Goldsmith (card 5A) in round 1's column, paid with centre Crew + discard Crew"));
}

// N-10 (N9:41): Gold stands for any resource but Crew; given as Crew it is a check.
TEST_F(NineChecksTest, GoldGivenAsCrewIsACheck) {
  tavern_with_lumber_and_gold();
  paid_with({"deck Lumber", "discard Gold"});
  override_check("Gold does not stand for Crew (N9:41)");
  EXPECT_TRUE(logged("Built Tavern (card 1A) in round 1's column, paid with deck Lumber + discard Gold"));
}

// N-11 (N9:115, 186): a structure whose resource was used this round is offered, marked used,
// and its use is a check (not a refusal for the cost alone).
TEST_F(NineChecksTest, AStructureUsedThisRoundPayingAgainIsACheck) {
  after_a_pass({"6A", 0}, {"1A", 0}, {"6B", 180}, {"3A", 0});  // the pile's Lumber up
  show("1A", 90, "city");      // the Tavern: deck Crew + pile Lumber
  show("3B", 0, "discard");    // 3A paid: Lumber up
  open({"4A", 0}, {"5A", 0});
  show("4A", 90, "city");      // a Farm for the Tavern's Crew: the Tavern is tilted
  show("2A", 0, "deck");       // 5A (Stone up) slid into the centre
  show("5A", 270, "city");     // another Tavern: Lumber on offer, the only Crew used
  paid_with({"deck Lumber", "Tavern Crew (used)"});
  override_check("Tavern provided its resource already this round (N9:115)");
  EXPECT_TRUE(logged("Built Tavern (card 5A) in round 1's column, paid with deck Lumber + Tavern #1 Crew")) << log_tail();
}

// N-12 (N9:113) with N-7: the pile's top card paid already this round; the Stonemason's Stone
// is missing too: one check names both, in B3's order.
TEST_F(NineChecksTest, APileTopUsedThisRoundIsACheckGatheredWithTheCost) {
  farm_paid_by_the_pile();
  show("3A", 270, "city");  // the Stonemason on the centre's 3A: Crew + Stone
  EXPECT_TRUE(prompt().has_option("+ discard Crew (used)"));
  paid_with({"deck Crew", "discard Crew (used)"});
  override_check("Stonemason needs Stone: Crew and Crew do not pay it (N9:43); discard Crew was used this round (N9:113)");
  EXPECT_TRUE(logged("Built Stonemason (card 3A) in round 1's column, paid with deck Crew + discard Crew"));
}

// N-13 (B7.2): the card's own top resource pays only after the check.
TEST_F(NineChecksTest, ACardPayingForItsOwnStructureIsACheck) {
  start("7A");
  open({"2A", 0}, {"4A", 0});  // centre 2A Lumber, deck 4A Gold
  show("2A", 270, "city");     // its Tavern: Gold stands for Lumber, and no Crew
  paid_with({"deck Gold", "centre Lumber (own card)"});
  override_check("Gold does not stand for Crew (N9:41); Card 2A does not pay for its own Tavern (GAMES.md B7.2)");
  EXPECT_TRUE(logged("Built Tavern (card 2A) in round 1's column, paid with deck Gold + centre Lumber"));
}

// The camera: a card no exact way has, seen flipped onto the pile, is entered as a payer.
TEST_F(NineChecksTest, APayerNoExactWayHasSeenFlippedIsEnteredAndChecked) {
  after_a_pass({"4A", 0}, {"1A", 0}, {"4B", 0}, {"3A", 0});
  show("1A", 90, "city");
  show("3B", 0, "discard");  // the deck's 3A flipped: it paid
  EXPECT_EQ(prompt().text, "Tavern: what paid? deck Crew");
  paid_with({"discard Crew"});
  override_check("Tavern needs Lumber: Crew and Crew do not pay it (N9:43)");
  EXPECT_EQ(detail()["discard"], nlohmann::json::array({4, 3}));
  EXPECT_EQ(detail()["step"], "play");
}

// ---------------------------------------------------------------- setup (N-2)

// N-2 (N9:188): "only pre-select one": another card set aside as a target is a check; done
// anyway, it lies apart and its structures are offered from there.
TEST_F(NineChecksTest, ASecondTargetSetAsideIsACheck) {
  start("7A");
  open({"2A", 0}, {"5A", 0});
  show("5A", 0, "target");
  override_check("one target per game: Castle on card 7A is this game's (N9:188)");
  EXPECT_TRUE(logged("Card 5A set aside beside the target"));
  EXPECT_EQ(detail()["deck_top"], nullptr);
  show("1A", 0, "deck");
  EXPECT_TRUE(prompt().has_option("Build Goldsmith (set aside)")) << prompt().text;
}

// ---------------------------------------------------------------- the build (N-4, N-5, N-6, N-14, B7.9)

// N-4 (N9:93, B7.1): the target card's other structure is offered, and a check.
TEST_F(NineChecksTest, TheTargetCardsOtherStructureIsOfferedAndIsACheck) {
  start("7A");
  open({"9A", 0}, {"4A", 0});
  EXPECT_TRUE(prompt().has_option("Build Farm (target)"));
  choose("Build Farm (target)");
  override_check("the target card's other structure, Farm, is not built this game (N9:93)");
  EXPECT_TRUE(logged("Built Farm (card 7A) in round 1's column, paid with centre Crew"));
}

// N-14 (N9:55, B5.2): the Castle without its Stonemason, done anyway.
TEST_F(NineChecksTest, TheCastleWithoutItsStonemasonIsACheckTheTableMayOverride) {
  after_a_pass({"9A", 0}, {"4A", 0}, {"9B", 0}, {"5A", 0});
  show("5A", 90, "city");  // Goldsmith
  show("4B", 0, "discard");
  open({"1A", 0}, {"3A", 0});
  show("4B", 90, "city");  // Armoury
  choose("centre Crew");
  show("1B", 180, "discard");
  show("6A", 180, "deck");  // Crew up; 3A (Crew) in the centre
  show("7A", 90, "city");
  override_check("Castle needs Stonemason in the city first (N9:55)");
  EXPECT_TRUE(logged("Built Castle (card 7A) in round 1's column, paid with deck Crew + centre Crew"));
}

// N-5 and N-14 in one check: the Castle from a card still in the deck, with two of the structures
// it needs missing: several rules, one reason naming each, in B3's order.
TEST_F(NineChecksTest, SeveralRulesBlockingABuildAreOneCheck) {
  start("9A");  // the target: Town Square (9A left); its other structure the Goldsmith
  open({"2A", 180}, {"5A", 0});  // centre Crew, deck Stone
  choose("Build Goldsmith (target)");
  override_check("the target card's other structure, Goldsmith, is not built this game (N9:93)");
  show("7A", 90, "city");  // the Castle on 7A, still in the deck, with nothing it needs
  override_check("Card 7A is not in the play area: only a visible structure is built (N9:128); Castle needs Armoury, "
                 "Stonemason in the city first (N9:55)");
}

// N-6 (N9:61, 110): a second structure laid while the first waits for its payment.
TEST_F(NineChecksTest, ASecondBuildWhileTheFirstWaitsForItsPaymentIsACheck) {
  after_a_pass({"9A", 0}, {"4A", 0}, {"9B", 0}, {"3A", 0});
  show("4A", 90, "city");  // a Farm: two ways, waiting
  show("7A", 90, "city");  // and the target's Castle laid beside it
  override_check("one structure per turn: Farm still waits for its payment (N9:110)");
  override_check("Castle needs Armoury, Stonemason, Goldsmith in the city first (N9:55)");
  EXPECT_TRUE(logged("Built Farm (card 4A) in round 1's column, paid with deck Crew")) << log_tail();
  EXPECT_TRUE(prompt().text.starts_with("Castle: what paid?")) << prompt().text;
}

// ---------------------------------------------------------------- the round's end (N-19, N-20, N-21)

// N-19 (N9:121-124): "rotate, then shuffle" is offered; more than one option is a check.
TEST_F(NineChecksTest, RotatingAndShufflingTheDeckIsACheck) {
  start("7A");
  pass_round(kDeck);
  EXPECT_TRUE(prompt().has_option("Rotate, then shuffle the deck"));
  choose("Rotate, then shuffle the deck");
  override_check("at most ONE of rotate the deck, shuffle it, rotate 1 card (N9:121)");
  EXPECT_TRUE(logged("Round 2: the pile of 8 turned over as the deck, rotated 180 degrees and shuffled; tilted structures "
                     "reset (N9:120-124)"));
  show("5A", 180, "deck");  // turned with the deck: fine
  EXPECT_EQ(warning(), "");
}

// N-20 (N9:124): the MENU offers turning a card in play; without the round's option it is a check.
TEST_F(NineChecksTest, RotatingACardFromTheMenuWithoutTheOptionIsACheck) {
  start("7A");
  open({"2A", 0}, {"5A", 0});
  menu("Rotate card 2");
  override_check("a card in play turns only with the round's \"rotate 1 card\" option (N9:124)");
  EXPECT_TRUE(logged("Rotate 1 card: Card 2A (Crew up) (N9:124)"));
}

// N-21 (N9:75): a shuffle keeps which edge is up; a card off the deck turned since is a check.
TEST_F(NineChecksTest, ACardTurnedThroughAShuffleIsACheck) {
  start("7A");
  pass_round(kDeck);
  choose("Shuffle the deck");
  show("2A", 0, "deck");
  show("5A", 180, "deck");  // it lay with Stone up
  override_check("card 5 lies turned since the last round: a shuffle keeps which edge is up (N9:75)");
  EXPECT_EQ(detail()["deck_top"], 5);
}

// ---------------------------------------------------------------- Demolition Team (N-23)

// N-23 (N9:187): the MENU offers a demolition whenever a structure stands; without a built team
// it is a check, and done anyway the structure goes to the pile alone.
TEST_F(NineChecksTest, ADemolitionWithoutATeamIsACheck) {
  start("7A");
  open({"9A", 0}, {"4A", 0});
  show("4A", 90, "city");  // a Farm for the centre's Crew
  menu("Demolition Team");
  override_check("no Demolition Team is built in the city (N9:187)");
  choose("Farm (card 4A, round 1)");
  EXPECT_TRUE(logged("Demolition Team: Farm (card 4) goes to the discard pile, for the next rounds (N9:187)"));
  EXPECT_EQ(detail()["city"], nlohmann::json::array());
}

}  // namespace
}  // namespace seneschal::engine
