// Nine's flows (GAMES.md Part B) played through a real Session with the registered module and the
// shipped card data (assets/cards/nine.json): setup, builds seen in the city and how they are paid,
// the checks raised as warnings ("Do it anyway"), the Demolition Team, the score of a game and of
// the match, and the replay of the log. Rules text: shared/rules/nine-solitaire-rules.txt (N9:<line>).
//
// The deck is a made-up one (the rules print no faces), the one tests/data/scripts/whole-match.nine
// teaches: each face's resources and structures, and each structure's cost, product and shield, are
// told when the device asks (B8), from the tables below.

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ShippedCards.hpp"
#include "StateReading.hpp"
#include "common/TempDir.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine {
namespace {

// A face with its tag upright (B8): the resources on the top and bottom long edges, the structures
// on the left and right short sides. 5B is never seen in the script; it is made up here.
struct Face {
  const char* id;
  const char* top;
  const char* bottom;
  const char* left;
  const char* right;
};
constexpr Face kFaces[] = {
    {"1A", "Crew", "Lumber", "Tavern", "Farm"},         {"1B", "Food", "Stone", "Saw Mill", "Quarry"},
    {"2A", "Lumber", "Crew", "Saw Mill", "Tavern"},     {"2B", "Ore", "Gold", "Armoury", "Farm"},
    {"3A", "Crew", "Stone", "Quarry", "Stonemason"},    {"3B", "Lumber", "Food", "Tavern", "Goldsmith"},
    {"4A", "Gold", "Crew", "Farm", "Demolition Team"},  {"4B", "Crew", "Ore", "Armoury", "Saw Mill"},
    {"5A", "Stone", "Lumber", "Goldsmith", "Tavern"},   {"5B", "Ore", "Food", "Quarry", "Farm"},
    {"6A", "Food", "Crew", "Stonemason", "Saw Mill"},   {"6B", "Gold", "Lumber", "Tavern", "Armoury"},
    {"7A", "Crew", "Ore", "Castle", "Farm"},            {"7B", "Stone", "Crew", "Cathedral", "Quarry"},
    {"8A", "Ore", "Crew", "Monument", "Tavern"},        {"8B", "Lumber", "Gold", "Harbour", "Stonemason"},
    {"9A", "Crew", "Food", "Town Square", "Goldsmith"}, {"9B", "Crew", "Stone", "Farm", "Saw Mill"},
};

// A structure as the table teaches it: cost items ("Stone/Ore" a slash item), the structures it
// needs, what it provides ("" where the card data says) and its shield. The Tavern's cost and the
// Castle's cost and needs are the card data's (N9:47, 55): the device never asks them. Only the
// structures these tests build are listed.
struct Taught {
  const char* name;
  std::vector<std::string> cost;
  std::vector<std::string> needs;
  const char* provides;
  int points;
};
const std::vector<Taught> kStructures = {
    {"Tavern", {}, {}, "", 0},
    {"Farm", {"Crew"}, {}, "", 0},
    {"Saw Mill", {"Crew", "Food"}, {}, "", 0},
    {"Goldsmith", {"Crew", "Stone/Ore"}, {}, "Gold", 1},
    {"Demolition Team", {"Crew", "Food"}, {}, "Nothing", 0},
    {"Stonemason", {"Crew", "Stone"}, {}, "Nothing", 1},
    {"Armoury", {"Crew", "Ore"}, {}, "Nothing", 1},
    {"Castle", {}, {}, "Nothing", 5},
    {"Monument", {"Crew", "Stone", "Lumber"}, {}, "Nothing", 4},
};

// A card as it comes off the deck: its face and which long edge is up (0 the top's, 180 the bottom's).
struct Lie {
  std::string face;
  int quarter = 0;
};

std::string flipped(const std::string& face) { return face.substr(0, 1) + (face[1] == 'A' ? "B" : "A"); }

class NineFlowsTest : public ::testing::Test {
 protected:
  NineFlowsTest() {
    register_builtin_modules(registry_);
    library_.emplace("nine", test::shipped_cards("nine"));
    auto session = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, library_);
    session_.emplace(std::move(session).value());
  }

  // --- commands; what the device asks of a face or a structure is told from the tables above
  Result<Accepted> attempt(const Command& command) {
    auto result = session_->apply(command, clock_ += 1000);
    while (result && state().pending && state().pending->kind == Pending::Kind::Value) {
      const Question& asked = state().pending->question;
      const auto answer = answer_to(asked);
      if (!answer) return fail("the device asked " + asked.subject.key() + " " + asked.stat + ", which the tables lack");
      result = session_->apply(*answer, clock_ += 1000);
    }
    return result;
  }
  void must(const Command& command) {
    auto r = attempt(command);
    ASSERT_TRUE(r.has_value()) << describe(command) << ": " << r.error().message << "\n  prompt: " << prompt().text;
  }
  std::string refusal(const Command& command) {
    auto r = attempt(command);
    return r ? std::string("accepted") : r.error().message;
  }
  // A card seen by the camera: its face's tag, the zone it lies in and its quarter turn.
  void show(const std::string& face, int quarter, const std::string& zone) {
    Placement where;
    where.zone = zone;
    where.quarter = quarter;
    must(PresentCard{face, 1, where});
  }
  void show(const Lie& lie, const std::string& zone = "deck") { show(lie.face, lie.quarter, zone); }
  void turn(const std::string& face, int quarter) { must(TurnCard{face, 1, quarter}); }
  void choose(const std::string& label) { must(Choose{label}); }
  void pass() { must(Pass{}); }
  void menu(const std::string& label) {
    must(Menu{});
    must(Choose{label});
  }
  // The check waiting is `reason`, offered as "Check: ..." with "Do it anyway"; the table does it
  // anyway, or cancels the move it stopped.
  void expect_check(const std::string& reason) {
    EXPECT_EQ(warning(), reason);
    EXPECT_TRUE(prompt().text.starts_with("Check: ")) << prompt().text;
    EXPECT_TRUE(prompt().has_option("Do it anyway"));
  }
  void override_check(const std::string& reason) {
    expect_check(reason);
    choose("Do it anyway");
  }
  void cancel_check(const std::string& reason) {
    expect_check(reason);
    pass();
  }

  // --- the flows
  // Game 1 of a one-seat match with `target` set aside (N9:93).
  void start(const std::string& target = "7A") {
    must(StartGame{"nine", {"Solo"}});
    show(target, 0, "target");
  }
  // The round's first card slides to the centre, the next one is the deck's top (N9:109).
  void open(const Lie& first, const Lie& second) {
    show(first);
    show(second);
  }
  // PASS until the deck is played through (N9:116-118): `centre` lies in the centre, `deck` is the
  // deck's top (shown already) and the cards under it, top first. Each flipped card is seen on the
  // pile with its first long edge up.
  void pass_out(std::string centre, const std::vector<Lie>& deck) {
    for (std::size_t i = 0;; ++i) {
      pass();
      show(flipped(centre), 0, "discard");
      if (i >= deck.size() || HasFatalFailure()) break;
      centre = deck[i].face;
      if (i + 1 < deck.size()) show(deck[i + 1]);
    }
  }
  // A round of passes only, on a fresh deck, top first.
  void pass_round(const std::vector<Lie>& deck) {
    open(deck[0], deck[1]);
    pass_out(deck[0].face, std::vector<Lie>(deck.begin() + 1, deck.end()));
  }

  // Game 1 to the Castle (B5.2): Goldsmith, Armoury and Stonemason, then the Castle for 2 Crew; the
  // Castle tried before the Stonemason stands raises the check, and is cancelled.
  void castle_game() {
    start("7A");
    open({"9A", 0}, {"4A", 0});  // centre Crew, deck Gold
    pass();                      // 9A flips: 9B, Crew up
    show("9B", 0, "discard");
    show("5A", 0, "deck");  // Goldsmith (left) for the centre's Gold and the pile's Crew
    show("5A", 90, "city");
    show("4B", 0, "discard");  // 4A paid: flipped, Crew up (the Armoury on its left)
    open({"1A", 0}, {"3A", 0});
    show("4B", 90, "city");  // the Armoury from the pile: two Crews could go with the Goldsmith's Gold
    EXPECT_EQ(prompt().text, "Armoury: Goldsmith Gold and what else paid?");
    EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"deck Crew", "centre Crew"}));
    choose("centre Crew");
    show("1B", 180, "discard");  // Stone up
    show("6A", 180, "deck");     // Crew up; 3A (Crew) slid into the centre
    show("7A", 90, "city");      // the Castle, with the Stonemason missing
    cancel_check("Castle needs Stonemason in the city first (N9:55)");
    show("6A", 90, "city");  // the Stonemason for the centre's Crew and the pile's Stone
    show("3B", 0, "discard");
    open({"2A", 180}, {"8A", 180});  // two Crews
    show("7A", 90, "city");
  }

  // --- what the device shows
  const TableState& state() const { return session_->state(); }
  Prompt prompt() const { return session_->prompt(); }
  nlohmann::json detail() const { return to_json(state())["detail"]; }
  BoardView board() const { return session_->module()->describe(state()); }
  std::string counter(const std::string& label) const {
    for (const CounterView& c : board().seats.at(0).counters) {
      if (c.label == label) return c.value;
    }
    return "(none)";
  }
  std::string warning() const { return test::waiting_check(state()); }
  bool logged(const std::string& line) const { return test::has_log_line(state(), line); }
  std::string last_log() const { return state().log.back().text; }
  std::size_t events() const { return session_->events().size(); }
  // How the table and the books disagree now (the firmware asks once one lasts).
  std::vector<Disagreement> mismatches_now() const { return session_->mismatches(); }
  // A restart: the log on disk, replayed by a new Session, reaches the same state and prompt.
  void expect_replays() {
    auto again = Session::resume(EventStore::open(dir_.file("game.sqlite")).value(), registry_, library_);
    ASSERT_TRUE(again.has_value()) << again.error().message;
    EXPECT_EQ(state_hash(again->state()), state_hash(state()));
    EXPECT_EQ(to_json(again->state()), to_json(state()));
    EXPECT_EQ(again->prompt().text, prompt().text);
  }

 private:
  static std::optional<Command> answer_to(const Question& asked) {
    const std::string& stat = asked.stat;
    for (const Face& face : kFaces) {
      if (asked.subject.card != face.id) continue;
      if (stat == "top_resource") return Choose{face.top};
      if (stat == "bottom_resource") return Choose{face.bottom};
      if (stat == "left_structure") return Choose{face.left};
      if (stat == "right_structure") return Choose{face.right};
      return std::nullopt;
    }
    for (const Taught& s : kStructures) {
      if (asked.subject.card != card_id_from_title(s.name)) continue;
      if (stat == "provides") return Choose{s.provides};
      if (stat == "points") return SetNumber{s.points};
      auto nth = [&](std::size_t prefix) { return static_cast<std::size_t>(std::stoi(stat.substr(prefix))) - 1; };
      if (stat.starts_with("needs_")) {
        const std::size_t i = nth(6);
        return Choose{i < s.needs.size() ? s.needs[i] : "Nothing more"};
      }
      if (stat.starts_with("cost_")) {
        const std::size_t i = nth(5);
        if (i >= s.cost.size()) return Choose{"Nothing more"};
        const std::string& item = s.cost[i];
        const std::size_t slash = item.find('/');
        if (stat.ends_with("_slash_left")) return Choose{item.substr(0, slash)};
        if (stat.ends_with("_slash_right")) return Choose{item.substr(slash + 1)};
        return Choose{slash == std::string::npos ? item : "Either of two"};
      }
    }
    return std::nullopt;
  }

  seneschal::test::TempDir dir_;
  ModuleRegistry registry_;
  CardLibrary library_;
  std::optional<Session> session_;
  std::int64_t clock_ = 0;
};

// The script's first deck (whole-match.nine), top first: 8 A faces, about half of them rotated.
const std::vector<Lie> kDeck = {{"2A", 0}, {"5A", 0}, {"1A", 0}, {"6A", 180}, {"3A", 0}, {"4A", 0}, {"9A", 0}, {"8A", 180}};

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
                                                         "Build Tavern (deck)", "Build Castle (target)"}));
  // The 8: the centre and 7 still in the deck (its top among them).
  EXPECT_EQ(board().headline, "Game 1 of 2 - round 1, turn 1 - deck 7 - target Castle");
}

// ---------------------------------------------------------------- the Tavern (B5.1)

class NineTavernTest : public NineFlowsTest {
 protected:
  // Centre 1A (Crew up, the Tavern on its left), deck 3A (Crew up), and on the pile the flipped
  // first card at `pile`; then the Tavern is laid in the city.
  void tavern_over(const std::string& first, const Lie& pile) {
    start("7A");
    open({first, 0}, {"1A", 0});
    pass();
    show(pile, "discard");
    show("3A", 0, "deck");
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

// B5.1, N-7: Crew and Crew do not pay it (the card's own Crew does not either, B7.2).
TEST_F(NineTavernTest, CrewAndCrewDoNotPayTheTavern) {
  tavern_over("4A", {"4B", 0});
  override_check("Tavern needs Lumber: Crew and Crew do not pay it (the play area and city offer Crew, Crew)");
  EXPECT_TRUE(logged("Override: Tavern needs Lumber: Crew and Crew do not pay it (the play area and city offer Crew, Crew)"));
  EXPECT_TRUE(logged("Built Tavern (card 1A) in round 1's column, paid with nothing"));
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
  cancel_check("Tavern needs Crew: Lumber, Lumber and Food do not pay it (the play area and city offer Lumber, Lumber, Food)");
  pass_out("5A", {{"2A", 0}, {"8A", 0}, {"9A", 0}});
  EXPECT_TRUE(logged("Round 1 played through: turn the discard pile over"));
  choose("Next round");
  EXPECT_TRUE(logged("Round 2: the pile of 6 turned over as the deck; tilted structures reset (N9:120-124)"));
  EXPECT_EQ(detail()["city"][0]["tilted"], false);
  open({"6A", 0}, {"3A", 0});
  show("6A", 270, "city");  // a Saw Mill: the deck's Crew or the Tavern's, and the Farm's Food
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"deck Crew", "Tavern"}));
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
    start("7A");
    open({"9A", 0}, {"4A", 0});
    pass();
    show("9B", 0, "discard");
    show("3A", 0, "deck");
    show("4A", 90, "city");
  }
};

// N9:110: several ways pay: the device asks which, listing them.
TEST_F(NinePaymentTest, SeveralWaysToPayAreAskedByButton) {
  farm_with_two_crews();
  EXPECT_TRUE(logged("Farm laid in the city from card 4A: 2 ways to pay it"));
  EXPECT_EQ(prompt().text, "Farm: what paid for it?");
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"deck Crew", "discard Crew"}));
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
    start("7A");
    open({"9A", 0}, {"6A", 0});
    pass();
    show("9B", 0, "discard");  // Crew up
    show("4A", 0, "deck");
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
  // The team's Crew on top of the pile is not offered this round.
  open({"5A", 0}, {"8A", 0});
  show("5A", 90, "city");  // a Goldsmith: Ore from the deck, and no Crew
  cancel_check("Goldsmith needs Crew: Ore does not pay it (the play area and city offer Ore)");
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

// The log on disk replays to the same state: answers told, checks overridden and cancelled, the
// menu's Demolition Team and early round end, the next round begun.
TEST_F(NineDemolitionTest, TheStoreReplaysToTheSameState) {
  demolish_the_farm();
  open({"5A", 0}, {"8A", 0});
  show("5A", 90, "city");
  cancel_check("Goldsmith needs Crew: Ore does not pay it (the play area and city offer Ore)");
  menu("End the round");
  override_check("the deck is not played through yet (3 cards to go; N9:118)");
  choose("Next round");
  expect_replays();
}

}  // namespace
}  // namespace seneschal::engine
