// Nine's flows (GAMES.md Part B) played through a real Session with the registered module and the
// shipped card data (assets/cards/nine.json): setup, builds seen in the city and how they are paid,
// the checks raised as warnings ("Do it anyway"), the Demolition Team, the score of a game and of
// the match, and the replay of the log. Rules text: shared/rules/nine-solitaire-rules.txt (N9:<line>).
//
// The deck is a made-up one (NineSession.hpp), the one tests/data/scripts/whole-match.nine teaches.

#include <gtest/gtest.h>

#include "NineSession.hpp"

namespace seneschal::engine {
namespace {

using test::Lie;
using test::kDeck;

class NineFlowsTest : public test::NineSession {};

// ---------------------------------------------------------------- setup (B5.6)

// B5.6, N9:93-94, 109: the target set aside, 8 cards in the deck; the round's first turn has two
// active cards, the centre and the deck's top, and no discard pile.
TEST_F(NineFlowsTest, SetupSetsTheTargetAsideAndTheFirstTurnHasTwoActiveCards) {
  start("7A");
  EXPECT_TRUE(logged("Game 1 target: Castle on card 7A, set aside (N9:93)"));
  EXPECT_EQ(detail()["target"], (nlohmann::json{{"card", "7A"}, {"structure", "Castle"}}));
  EXPECT_EQ(prompt().text, "Game 1: shuffle the 8 cards (A faces up), show the top");
  EXPECT_EQ(refusal(PresentCard{"7A", 1, {}}), "card 7 is the target, set aside (N9:93)");

  show("2A", 0, "deck");
  EXPECT_TRUE(logged("Round 1: Card 2A opens the deck with Lumber up (N9:97)"));
  EXPECT_EQ(detail()["centre"], 2) << "the top card slides to the centre at once (N9:109)";
  EXPECT_EQ(prompt().text, "Round 1, turn 1: show the deck's next card");
  show("5A", 0, "deck");
  EXPECT_EQ(detail()["deck_top"], 5);
  EXPECT_EQ(detail()["discard"], nlohmann::json::array());
  EXPECT_EQ(prompt().text, "Round 1, turn 1: build (lay it in the city) or PASS");
  // Two active cards' resources, no pile; their four structures and the target's Castle offered.
  EXPECT_EQ(counter("Free"), "Stone, Lumber");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Build Saw Mill (centre)", "Build Tavern (centre)", "Build Goldsmith (deck)",
                                                         "Build Tavern (deck)", "Build Castle (target)",
                                                         "Build Farm (target)"}));
  // The 8: the centre and 7 still in the deck (its top among them).
  EXPECT_EQ(board().headline, "Game 1 of 2 - round 1, turn 1 - deck 7 - target Castle");
}

// ---------------------------------------------------------------- the Tavern (B5.1)

class NineTavernTest : public NineFlowsTest {
 protected:
  // Centre 1A (Crew up, the Tavern on its left), deck 3A (Crew up), and on the pile the flipped
  // first card at `pile`; then the Tavern is laid in the city.
  void tavern_over(const std::string& first, const Lie& pile) {
    after_a_pass({first, 0}, {"1A", 0}, pile, {"3A", 0});
    show("1A", 90, "city");
  }
};

// N-15: the deck's 3A paid, so it flips onto the pile; while its tag still lies on the deck the
// table and the books disagree (the firmware puts it to the player once it lasts), and its other
// face seen on the pile with the old tag gone settles it.
TEST_F(NineTavernTest, APayingCardStillLyingInPlayIsATableMismatchUntilItIsFlipped) {
  tavern_over("6A", {"6B", 180});
  must(CardLeft{"6A", 1});  // the first centre card's old face, flipped on the pass
  const auto open = mismatches_now();
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].card, "3A");
  EXPECT_EQ(open[0].kind, "paid");
  EXPECT_EQ(open[0].text, "card 3A still lies on the deck, but the books have it flipped onto the discard pile");
  show("3B", 0, "discard");
  must(CardLeft{"3A", 1});
  EXPECT_TRUE(mismatches_now().empty());
}

// B5.1, N9:47: "requires 1 Lumber and 1 Crew": the deck's Crew and the pile's Lumber pay it.
TEST_F(NineTavernTest, LumberAndCrewPayTheTavern) {
  tavern_over("6A", {"6B", 180});
  EXPECT_EQ(warning(), "");
  EXPECT_TRUE(logged("Built Tavern (card 1A) in round 1's column, paid with deck Crew + discard Lumber"));
  EXPECT_EQ(detail()["city"][0], (nlohmann::json{{"card", "1A"}, {"structure", "Tavern"}, {"round", 1}, {"tilted", false}}));
  EXPECT_EQ(detail()["deck_top"], nullptr) << "the deck's Crew paid: flipped onto the pile (N9:114)";
}

// B5.1, N9:41: Gold stands for the Lumber.
TEST_F(NineTavernTest, GoldAndCrewPayTheTavern) {
  tavern_over("6A", {"6B", 0});
  EXPECT_EQ(warning(), "");
  EXPECT_TRUE(logged("Built Tavern (card 1A) in round 1's column, paid with deck Crew + discard Gold"));
}

// B5.1, N9:115, 120, 186 (N-11): the built Tavern's Crew pays once per round; tilted, it is not
// offered to the next build of the round; the round's end resets it.
TEST_F(NineTavernTest, ItsCrewPaysOncePerRoundAndAgainAfterTheRoundsEnd) {
  tavern_over("6A", {"6B", 180});
  show("3B", 0, "discard");  // 3A paid: flipped, Lumber up
  open({"4A", 0}, {"5A", 0});
  show("4A", 90, "city");  // a Farm: the Tavern's Crew is the only Crew
  EXPECT_TRUE(logged("Built Farm (card 4A) in round 1's column, paid with Tavern Crew"));
  EXPECT_EQ(detail()["city"][0]["tilted"], true);
  show("2A", 0, "deck");   // 5A slid to the centre
  show("5A", 270, "city");  // a Tavern: no Crew is left this round
  // Nothing on offer pays it exactly: the payment is the table's to enter, the used Tavern among it
  // (NineChecksTest); here the build is taken back.
  EXPECT_TRUE(prompt().has_option("+ Tavern Crew (used)")) << prompt().text;
  pass();
  pass_out("5A", {{"2A", 0}, {"8A", 0}, {"9A", 0}});
  EXPECT_TRUE(logged("Round 1 played through: turn the discard pile over"));
  choose("Next round");
  EXPECT_TRUE(logged("Round 2: the pile of 6 turned over as the deck; tilted structures reset (N9:120-124)"));
  EXPECT_EQ(detail()["city"][0]["tilted"], false);
  open({"6A", 0}, {"3A", 0});
  show("6A", 270, "city");  // a Saw Mill: the deck's Crew or the Tavern's, and the Farm's Food
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"deck Crew", "Tavern", "Something else paid"}));
  choose("Tavern");
  EXPECT_TRUE(logged("Built Saw Mill (card 6A) in round 2's column, paid with Tavern Crew + Farm Food"));
}

// ---------------------------------------------------------------- the Castle (B5.2)

// B5.2, N9:55 (N-14): with the Armoury, Stonemason and Goldsmith in the city 2 Crew build the
// Castle; tried before the Stonemason stands, the build is a check naming it.
TEST_F(NineFlowsTest, TheCastleNeedsItsThreeStructuresAndTwoCrew) {
  castle_game();
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(logged("Cancelled: Castle needs Stonemason in the city first (N9:55)"));
  EXPECT_TRUE(logged("Built Castle (card 7A) in round 1's column, paid with deck Crew + centre Crew"));
  std::vector<std::string> city;
  const nlohmann::json books = detail();
  for (const auto& built : books["city"]) city.push_back(built["structure"].get<std::string>());
  EXPECT_EQ(city, (std::vector<std::string>{"Goldsmith", "Armoury", "Stonemason", "Castle"}));
  // The Castle took the last two cards: the round is played through (N9:118).
  EXPECT_EQ(detail()["step"], "round_end");
  EXPECT_EQ(prompt().text, "Round 1 done: turn the pile over; then?");
}

// ---------------------------------------------------------------- checks (B3)

// N-3, N9:94: the deck starts with the squared-off faces (A) up.
TEST_F(NineFlowsTest, ADeckCardShowingFaceBAtTheStartIsACheck) {
  start("7A");
  show("2B", 0, "deck");
  override_check("the deck starts with every card's squared-off face (A) up, but card 2 shows B (N9:94)");
  EXPECT_TRUE(logged("Round 1: Card 2B opens the deck with Ore up (N9:97)"));
}

// N-5, N9:59, 128: only a structure on an active card (or the target) is built.
TEST_F(NineFlowsTest, BuildingFromACardNotInThePlayAreaIsACheck) {
  start("7A");
  open({"2A", 180}, {"5A", 0});
  show("1A", 270, "city");  // 1A is still in the deck
  override_check("Card 1A is not in the play area: only a visible structure is built (N9:128)");
  EXPECT_TRUE(logged("Built Farm (card 1A) in round 1's column, paid with centre Crew"));
}

// N-16, N9:114-116: only a paying card or the centre (on a pass) goes to the discard pile.
TEST_F(NineFlowsTest, ACardToThePileThatNeitherPaidNorIsTheCentreIsACheck) {
  start("7A");
  open({"2A", 0}, {"5A", 0});
  show("5B", 0, "discard");
  override_check("Card 5A went to the discard pile, but it did not pay and is not the centre card (N9:114-116)");
  EXPECT_EQ(last_log(), "Card 5B (Ore up) put on the discard pile");
  EXPECT_EQ(detail()["discard"], nlohmann::json::array({5}));
  EXPECT_EQ(detail()["deck_top"], nullptr);
}

// N-18, N9:118: a round ends when the deck is played through; "End the round" earlier is a check.
TEST_F(NineFlowsTest, EndingTheRoundBeforeTheDeckIsThroughIsACheck) {
  start("7A");
  open({"2A", 0}, {"5A", 0});
  menu("End the round");
  override_check("the deck is not played through yet (8 cards to go; N9:118)");
  EXPECT_TRUE(logged("Round 1 ended early"));
  EXPECT_EQ(prompt().text, "Round 1 done: turn the pile over; then?");
}

// N9:118-120 (N-18 overridden): the cards a round ended early leaves in play come back with the
// next deck on the side they showed, as if played through: the centre card 2A is 2A again.
TEST_F(NineFlowsTest, EndingTheRoundEarlyBringsTheCentreCardBackOnItsStartingSide) {
  start("7A");
  open({"2A", 0}, {"5A", 0});
  menu("End the round");
  choose("Do it anyway");
  choose("Next round");
  show("2A", 0, "deck");
  EXPECT_EQ(warning(), "");
  show("5A", 0, "deck");
  EXPECT_EQ(warning(), "");
}

// N-20, N9:124: a card in play turns only with the round's "rotate 1 card" option.
TEST_F(NineFlowsTest, TurningACardInPlayWithoutTheOptionIsACheck) {
  start("7A");
  open({"2A", 0}, {"5A", 0});
  turn("2A", 180);
  cancel_check("a card in play turns only with the round's \"rotate 1 card\" option (N9:124)");
}

// N-20, N9:124: with the option chosen, one card turns in the next round, and one only.
TEST_F(NineFlowsTest, TheRotateOneCardOptionTurnsOneCardOnly) {
  start("7A");
  pass_round(kDeck);
  choose("Rotate 1 card next round");
  open({"2A", 0}, {"5A", 0});
  turn("5A", 180);
  EXPECT_EQ(warning(), "");
  EXPECT_EQ(last_log(), "Rotate 1 card: Card 5A (Lumber up) (N9:124)");
  turn("2A", 180);
  cancel_check("the round's one card is turned already (N9:124)");
}

// N-22, N9:71, 122: after "Rotate the deck" every card comes off turned half round.
TEST_F(NineFlowsTest, ACardLeftUnturnedWhenTheDeckIsRotatedIsACheck) {
  start("7A");
  pass_round(kDeck);
  EXPECT_TRUE(logged("Round 1 played through: turn the discard pile over"));
  choose("Rotate the deck");
  EXPECT_TRUE(logged("Round 2: the pile of 8 turned over as the deck, rotated 180 degrees; tilted structures reset (N9:120-124)"));
  show("2A", 180, "deck");  // turned: fine
  EXPECT_EQ(warning(), "");
  show("5A", 0, "deck");  // left as it was
  override_check("card 5 was left unturned when the deck was rotated (N9:122)");
  EXPECT_EQ(detail()["deck_top"], 5);
}

// N-1, N9:77-84, 93: the target is a high structure.
TEST_F(NineFlowsTest, ATargetFaceWithNoHighStructureIsACheck) {
  start("1A");  // Tavern and Farm
  override_check("card 1A shows no high structure (Castle, Cathedral, Monument, Harbour, Town Square; N9:77-84)");
  EXPECT_EQ(prompt().text, "Which structure of card 1A is the target?");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Tavern", "Farm"}));
}

// ---------------------------------------------------------------- payment (B2 turn, B7.3)

class NinePaymentTest : public NineFlowsTest {
 protected:
  // Centre 4A, deck 3A (Crew up), pile 9B (Crew up): the Farm on 4A's left takes one Crew, from
  // the deck or from the pile.
  void farm_with_two_crews() {
    after_a_pass({"9A", 0}, {"4A", 0}, {"9B", 0}, {"3A", 0});
    show("4A", 90, "city");
  }
};

// N9:110: several ways pay: the device asks which, listing them.
TEST_F(NinePaymentTest, SeveralWaysToPayAreAskedByButton) {
  farm_with_two_crews();
  EXPECT_TRUE(logged("Farm laid in the city from card 4A: 2 ways to pay it"));
  EXPECT_EQ(prompt().text, "Farm: what paid for it?");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"deck Crew", "discard Crew", "Something else paid"}));
  choose("discard Crew");
  EXPECT_TRUE(logged("Built Farm (card 4A) in round 1's column, paid with discard Crew"));
  EXPECT_EQ(detail()["deck_top"], nullptr) << "3A slid into the centre";
  EXPECT_EQ(detail()["centre"], 3);
}

// N9:114: the paying card is flipped onto the pile; the camera seeing its other face there says
// which way paid, with no button.
TEST_F(NinePaymentTest, ThePayerSeenFlippedOnThePileSettlesIt) {
  farm_with_two_crews();
  const std::size_t before = events();
  show("3B", 0, "discard");
  EXPECT_TRUE(logged("Built Farm (card 4A) in round 1's column, paid with deck Crew"));
  EXPECT_EQ(detail()["step"], "play");
  EXPECT_EQ(detail()["discard"], nlohmann::json::array({9, 3}));
  EXPECT_GT(events(), before);
  EXPECT_FALSE(state().pending.has_value());
}

// ---------------------------------------------------------------- Demolition Team (N9:187)

class NineDemolitionTest : public NineFlowsTest {
 protected:
  // The Demolition Team (4A right) and a Farm (1A right) built in round 1; the team takes the Farm down.
  void demolish_the_farm() {
    after_a_pass({"9A", 0}, {"6A", 0}, {"9B", 0}, {"4A", 0});  // the pile's Crew up
    show("4A", 270, "city");  // the team, for the centre's Food and the pile's Crew
    show("6B", 0, "discard");
    open({"1A", 0}, {"2A", 180});
    show("1A", 270, "city");  // a Farm for the deck's Crew
    show("2B", 0, "discard");
    menu("Demolition Team");
    EXPECT_EQ(prompt().text, "Demolition Team: which structure comes down?");
    EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"Farm (card 1A, round 1)"}));
    choose("Farm (card 1A, round 1)");
    show("4B", 0, "discard");  // the team on the pile, any way up: Crew up
  }
};

// N9:187, N-23 (B7.9): the structure and the team leave the city for the pile, are not usable this
// round, the team is used once, and neither scores any more.
TEST_F(NineDemolitionTest, TheStructureAndTheTeamLeaveTheCityAndNoLongerScore) {
  demolish_the_farm();
  EXPECT_TRUE(logged("Demolition Team: Farm (card 1) and the team go to the discard pile, for the next rounds (N9:187)"));
  EXPECT_EQ(detail()["city"], nlohmann::json::array());
  EXPECT_EQ(detail()["discard"], nlohmann::json::array({9, 6, 2, 1, 4}));
  must(Menu{});
  EXPECT_FALSE(prompt().has_option("Demolition Team")) << "used once";
  pass();
  // The team's Crew on top of the pile is no exact payment this round: offered only as used.
  open({"5A", 0}, {"8A", 0});
  show("5A", 90, "city");  // a Goldsmith: Ore from the deck, and no Crew
  EXPECT_TRUE(prompt().has_option("+ discard Crew (used)")) << prompt().text;
  pass();
  menu("End the game");
  EXPECT_EQ(detail()["games"][0], (nlohmann::json{{"shields", 0}, {"basic", 0}, {"same_type", 0}, {"high", 0}, {"rounds", 1}, {"total", -1}}));
}

// B7.9: "it is not usable this round (a check)": building a structure of the demolished card or
// the team, on top of the pile, this round is a check too.
TEST_F(NineDemolitionTest, BuildingFromADemolishedCardThisRoundIsACheck) {
  demolish_the_farm();
  open({"3A", 0}, {"8A", 0});
  show("4B", 90, "city");  // the Armoury on the team's card, for the centre's Crew and the deck's Ore
  EXPECT_TRUE(prompt().text.starts_with("Check: ")) << prompt().text << " / " << last_log();
  EXPECT_NE(warning(), "");
}

// ---------------------------------------------------------------- scoring and the match (B4, B5.3-B5.5)

// B4, B7.4, N9:155-180: game 1 ends early in round 2 (the round begun counts); game 2 builds three
// Farms (B5.3: +2) and ends early; the match adds both (B5.4) and the King speaks (B5.5).
TEST_F(NineFlowsTest, EndingEarlyCountsTheRoundBegunAndTheMatchAddsBothGames) {
  castle_game();
  choose("Next round");
  show("9A", 0, "deck");
  menu("End the game");
  EXPECT_TRUE(logged("The game ends during round 2, which counts as played (GAMES.md B7.4)"));
  // Goldsmith 1, Armoury 1, Stonemason 1, Castle 5; three basic structures; 2 rounds.
  EXPECT_TRUE(logged("Game 1 scored: shields 8 + basic 3 + same type 0 + high 0 - rounds 2 = 9 VP (N9:159-166)"));
  EXPECT_TRUE(logged("Game 1 ends: Solo 9"));
  EXPECT_EQ(prompt().text, "Game 2: set the target card aside, high structure up");
  EXPECT_FALSE(state().winner.has_value());

  show("8A", 0, "target");
  EXPECT_TRUE(logged("Game 2 target: Monument on card 8A, set aside (N9:93)"));
  open({"2A", 180}, {"1A", 0});
  show("1A", 270, "city");  // Farm for the centre's Crew
  show("2B", 0, "discard");
  open({"4A", 180}, {"9A", 0});
  show("4A", 90, "city");  // Farm for the deck's Crew
  show("9B", 0, "discard");
  show("3A", 0, "deck");
  show("9B", 90, "city");  // Farm from the pile for the centre's Crew
  EXPECT_TRUE(logged("Built Farm (card 9B) in round 1's column, paid with centre Crew"));
  menu("End the game");
  EXPECT_TRUE(logged("Game 2 scored: shields 0 + basic 3 + same type 2 + high 0 - rounds 1 = 4 VP (N9:159-166)"));
  EXPECT_TRUE(logged("The match: 9 + 4 = 13 VP. The King shrugs (N9:170-180)"));
  ASSERT_TRUE(state().winner.has_value());
  EXPECT_EQ(state().winner->players, std::vector<int>{0});
  EXPECT_EQ(state().players[0].score, 13);
  EXPECT_EQ(detail()["match_total"], 13);
  EXPECT_EQ(detail()["king"], "The King shrugs");
  EXPECT_EQ(detail()["step"], "over");
  expect_replays();  // the whole match, both games, from the log on disk
}

// ---------------------------------------------------------------- replay

// The log on disk replays to the same state: answers told, a payment entered and taken back, a
// check overridden, the menu's Demolition Team and early round end, the next round begun.
TEST_F(NineDemolitionTest, TheStoreReplaysToTheSameState) {
  demolish_the_farm();
  open({"5A", 0}, {"8A", 0});
  show("5A", 90, "city");
  choose("+ discard Crew (used)");
  pass();  // the build taken back
  menu("End the round");
  override_check("the deck is not played through yet (3 cards to go; N9:118)");
  choose("Next round");
  expect_replays();
}

}  // namespace
}  // namespace seneschal::engine
