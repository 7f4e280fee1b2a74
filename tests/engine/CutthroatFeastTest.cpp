// Cutthroat Kingdoms' Royal Feast and scoring (GAMES.md A2 "Special flows", CK-43..CK-47, A4;
// CK:424-447, 580-622), driven through ck_feast.cpp's steps the way the toolkit drives them: each
// command on a copy of the state, kept only when no refusal, check or question stops it.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ShippedCards.hpp"
#include "cutthroat/ck_flows.hpp"
#include "cutthroat/ck_module.hpp"
#include "cutthroat/ck_scoring.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/view_model.hpp"

namespace ck = seneschal::engine::cutthroat;
using namespace seneschal::engine;

namespace {

std::shared_ptr<const CardDatabase> shipped_cutthroat_cards() { return test::shipped_cards("cutthroat"); }

const std::string kFood = "FOOD-FEAST-CARD";
const std::string kPoison = "POISON-FEAST-CARD";
constexpr int kAnn = 0;
constexpr int kBen = 1;
constexpr int kCat = 2;
constexpr int kDan = 3;

// What one command came to.
struct Outcome {
  enum class Kind { Done, Refused, Warned, Asked };
  Kind kind = Kind::Done;
  std::string type;     // Done: the event type
  std::string message;  // Refused: the message; Warned: the reason
  std::optional<Question> question;
};

class CutthroatFeastTest : public ::testing::Test {
 protected:
  CutthroatFeastTest() : cards_(shipped_cutthroat_cards()) {
    for (const char* name : {"Ann", "Ben", "Cat", "Dan"}) {
      PlayerState player;
      player.name = name;
      state_.players.push_back(std::move(player));
    }
    auto data = std::make_unique<ck::Data>();
    data->books.seats = {ck::SeatBooks::of(ck::House::Brom), ck::SeatBooks::of(ck::House::Crone),
                         ck::SeatBooks::of(ck::House::Cawdwell), ck::SeatBooks::of(ck::House::Slaine)};
    const int feast_cards[] = {3, 2, 1, 4};
    for (int s = 0; s < 4; ++s) data->books.seats[static_cast<std::size_t>(s)].feast_cards = feast_cards[s];
    ck::Territory held;
    held.title = "Marrow";
    held.owner = kBen;
    held.stack = {ck::MilitaryCard::soldier(ck::House::Crone, ck::Colour::Red)};
    data->books.territories = {held, ck::Territory{}};
    data->step = ck::Step::Event;
    state_.phase = "Event";
    state_.to_act = kCat;
    state_.data = GameDataPtr(std::move(data));
  }

  ck::Data& data() { return static_cast<ck::Data&>(*state_.data.get()); }
  ck::SeatBooks& seat(int s) { return data().books.seats.at(static_cast<std::size_t>(s)); }
  const ck::Feast& feast() { return *data().feast; }

  void marry(int a, int b) {
    seat(a).heir.married_to = b;
    seat(b).heir.married_to = a;
  }

  // The Royal Feast drawn by Cat, as the event flow starts it.
  void begin(int drawer = kCat) {
    Rules rules(state_, *cards_, 0, Context{});
    ck::Table table(rules);
    data().books.clock.feast_drawn_by = drawer;
    state_.to_act = drawer;
    ck::begin_feast(table);
  }

  // One command, tried on a copy first as the toolkit does.
  Outcome run(const Command& command, std::vector<std::string> overridden = {}) {
    TableState trial = state_;
    Rules rules(trial, *cards_, 0, Context{}, std::move(overridden));
    ck::Table table(rules);
    Outcome outcome;
    try {
      const auto& d = static_cast<const ck::Data&>(*trial.data.get());
      outcome.type = d.step == ck::Step::Feast ? ck::feast_step(table, command) : ck::scoring_step(table, command);
      state_ = std::move(trial);
    } catch (const Refusal& refusal) {
      outcome = {Outcome::Kind::Refused, "", refusal.message, std::nullopt};
    } catch (const Warning& warning) {
      outcome = {Outcome::Kind::Warned, "", warning.reason, std::nullopt};
    } catch (const Ask& ask) {
      outcome = {Outcome::Kind::Asked, "", "", ask.question};
    }
    return outcome;
  }

  // A command that must go through.
  std::string must(const Command& command) {
    const Outcome outcome = run(command);
    EXPECT_EQ(outcome.kind, Outcome::Kind::Done)
        << describe(command) << ": " << outcome.message << (outcome.question ? " asks " + outcome.question->stat : "");
    return outcome.type;
  }

  Prompt prompt() {
    Rules rules(state_, *cards_, 0, Context{});
    const ck::Table table(rules);
    return data().step == ck::Step::Feast ? ck::feast_prompt(table) : ck::scoring_prompt(table);
  }

  void tell_food(int copy, int vp) { state_.told.set(Subject{kFood, copy, {}}, "victory_points", ToldValue{vp, {}}); }

  static Choose option(const std::string& label) { return Choose{label, {}}; }
  static PresentCard scan(const std::string& card, int copy = 1) { return PresentCard{card, copy, {}}; }

  bool logged(const std::string& text) const {
    for (const LogEntry& entry : state_.log) {
      if (entry.text.find(text) != std::string::npos) return true;
    }
    return false;
  }

  // Prepare and serve with one OK: the tasting is next.
  void to_tasting() {
    begin();
    must(Ok{});
    ASSERT_EQ(feast().stage, ck::Feast::Stage::Tasting);
  }

  void to_main_course() {
    to_tasting();
    must(Ok{});
    ASSERT_EQ(feast().stage, ck::Feast::Stage::MainCourse);
  }

  // Every seat at the main course (from Cat: Cat, Dan, Ann, Ben) says OK.
  void courses_ok(int seats = 4) {
    for (int i = 0; i < seats; ++i) must(Ok{});
  }

  // The whole Feast without tasting or poison: the scoring is next.
  void to_scoring() {
    to_main_course();
    courses_ok();
    ASSERT_EQ(data().step, ck::Step::Scoring);
  }

  void tell_numbers(std::initializer_list<int> numbers) {
    for (int n : numbers) must(SetNumber{n});
  }

  // One seat's scoring answers: the own bastard shown (its VP told) if held, the coin value, the
  // gems in all, then how they fall into colours: the counts in one choice when few ways are
  // possible, else the colours while gems are left to place (the last holds the rest unasked).
  void tell_purse(int coins, ck::Gems gems = {}, std::optional<int> bastard_vp = std::nullopt) {
    if (bastard_vp) {
      const int s = data().scoring->seat;
      const std::string card = card_id_from_title("Bastard of House " + std::string(ck::house_name(seat(s).house)));
      state_.told.set(Subject{card, 0, {}}, "victory_points", ToldValue{*bastard_vp, {}});
      must(scan(card));
    }
    must(SetNumber{coins});
    int left = 0;
    for (int g : gems) left += g;
    must(SetNumber{left});
    if (left == 0) return;
    const auto shapes = ck::gem_shapes(left);
    if (shapes.size() <= 12) {
      std::vector<int> counts;
      for (int g : gems) {
        if (g > 0) counts.push_back(g);
      }
      std::sort(counts.rbegin(), counts.rend());
      const auto at = std::find(shapes.begin(), shapes.end(), counts);
      ASSERT_NE(at, shapes.end());
      must(Choose{"", "shape:" + std::to_string(at - shapes.begin())});
      return;
    }
    for (std::size_t c = 0; c + 1 < gems.size() && left > 0; ++c) {
      must(SetNumber{gems[c]});
      left -= gems[c];
    }
  }

  std::shared_ptr<const CardDatabase> cards_;
  TableState state_;
};

// --- Prepare and serve

TEST_F(CutthroatFeastTest, PrepareClearsTheKingdomAndLogsEveryFeastCardCount) {
  begin();
  EXPECT_EQ(state_.phase, "Feast");
  EXPECT_EQ(data().step, ck::Step::Feast);
  EXPECT_EQ(feast().stage, ck::Feast::Stage::Prepare);
  for (const ck::Territory& territory : data().books.territories) {
    EXPECT_FALSE(territory.owner);
    EXPECT_TRUE(territory.stack.empty());
  }
  EXPECT_TRUE(logged("Clear the territories and the military cards off the table"));
  EXPECT_TRUE(logged("Ann 3, Ben 2, Cat 1, Dan 4"));
  EXPECT_FALSE(prompt().ok.empty());
  must(Ok{});
  EXPECT_EQ(feast().stage, ck::Feast::Stage::Tasting) << "one OK clears the table and says every seat has served";
}

TEST_F(CutthroatFeastTest, TheDrawerServesFirstAndServingGoesClockwise) {
  // CK-43: "The player that starts is the player who drew the Royal Feast event card" (CK:595).
  // Serving is face down and counted by nobody: the prompt says the order, one OK says it is done,
  // and the log keeps each seat's serving in that order.
  begin(kCat);
  EXPECT_NE(prompt().text.find("Cat first, then clockwise"), std::string::npos) << prompt().text;
  must(Ok{});
  std::vector<std::string> servers;
  for (const LogEntry& entry : state_.log) {
    const auto at = entry.text.find(" serves ");
    if (at != std::string::npos && entry.text.find("face down") != std::string::npos) servers.push_back(entry.text.substr(0, at));
  }
  EXPECT_EQ(servers, (std::vector<std::string>{"Cat", "Dan", "Ann", "Ben"}));
  EXPECT_EQ(feast().stage, ck::Feast::Stage::Tasting);
  EXPECT_TRUE(logged("Dan serves 4 feast cards"));
  EXPECT_EQ(seat(kDan).feast_cards, 0);  // out of the hand, in front of the players
}

TEST_F(CutthroatFeastTest, ACommandAStepDoesNotTakeIsRefusedWithWhatToDoInstead) {
  begin();
  const Outcome pass = run(Pass{});
  EXPECT_EQ(pass.kind, Outcome::Kind::Refused);
  EXPECT_NE(pass.message.find("OK: every seat has served"), std::string::npos) << pass.message;
  const Outcome number = run(SetNumber{2});
  EXPECT_EQ(number.kind, Outcome::Kind::Refused);
  EXPECT_NE(number.message.find("serve your feast cards face down, Cat first"), std::string::npos) << number.message;
}

// --- Tasting

TEST_F(CutthroatFeastTest, ATasterRevealsTwoAndADiscardedHirelingOne) {
  // CK-44 (CK:606; A7.14).
  to_tasting();
  tell_food(1, 3);
  tell_food(2, 5);
  must(option("Taster: Ben\'s cards (2)"));
  EXPECT_EQ(feast().tasting, kBen);
  EXPECT_EQ(feast().reveals_left, 2);
  must(scan(kFood, 1));
  EXPECT_EQ(feast().reveals_left, 1);
  must(scan(kPoison, 1));
  EXPECT_FALSE(feast().tasting);                                // the Taster's two are revealed
  EXPECT_EQ(run(scan(kFood, 2)).kind, Outcome::Kind::Refused);  // no third card

  must(option("Hireling: Dan\'s cards (1)"));
  EXPECT_EQ(feast().reveals_left, 1);
  must(scan(kFood, 2));
  EXPECT_FALSE(feast().tasting);
  EXPECT_EQ(feast().food_vp, (std::vector<int>{0, 3, 0, 5}));  // food stays where it lay (CK:618)
}

TEST_F(CutthroatFeastTest, AScannedTasterAsksWhosePileAndAScannedHirelingRevealsOne) {
  to_tasting();
  must(scan("TASTER"));
  const Prompt whose = prompt();
  EXPECT_EQ(whose.labels(), (std::vector<std::string>{"Ann", "Ben", "Cat", "Dan"}));
  EXPECT_EQ(run(scan(kFood)).kind, Outcome::Kind::Refused);  // whose cards first
  must(option("Ann"));
  EXPECT_EQ(feast().tasting, kAnn);
  EXPECT_EQ(feast().reveals_left, 2);
  must(scan(kPoison, 1));
  must(scan(kPoison, 2));
  EXPECT_FALSE(feast().tasting);

  must(scan("ASSASSIN"));
  must(option("Cat"));
  EXPECT_EQ(feast().reveals_left, 1);
  must(scan(kPoison, 3));
  EXPECT_EQ(feast().reveals_left, 0);
}

TEST_F(CutthroatFeastTest, ABastardDiscardedToTasteIsACheckAndAFeastCardFirstIsRefused) {
  // CK-44: "For each hiring card discarded, reveal one feast card" (CK:606): a bastard is no
  // hireling, but the table may count it.
  to_tasting();
  const Outcome bastard = run(scan("BASTARD-OF-HOUSE-BROM"));
  EXPECT_EQ(bastard.kind, Outcome::Kind::Warned);
  EXPECT_EQ(bastard.message, "Bastard of House Brom is no hireling: only hirelings are discarded to taste (CK:606)");
  EXPECT_EQ(run(scan("BASTARD-OF-HOUSE-BROM"), {bastard.message}).kind, Outcome::Kind::Done);
  EXPECT_EQ(feast().reveals_left, 1);
  EXPECT_EQ(run(scan(kFood)).kind, Outcome::Kind::Refused);  // whose cards is asked first
}

TEST_F(CutthroatFeastTest, PassEndsATasteEarlyAndOkWaitsForIt) {
  to_tasting();
  must(option("Taster: Ann\'s cards (2)"));
  EXPECT_EQ(run(Ok{}).kind, Outcome::Kind::Refused);
  must(scan(kPoison));
  must(Pass{});
  EXPECT_FALSE(feast().tasting);
  EXPECT_EQ(feast().reveals_left, 0);
  EXPECT_EQ(run(Pass{}).kind, Outcome::Kind::Refused);
  must(Ok{});
  EXPECT_EQ(feast().stage, ck::Feast::Stage::MainCourse);
}

TEST_F(CutthroatFeastTest, TastedPoisonIsDiscardedWithoutEffectAndKillsNoHeir) {
  // CK-45: "Discard any poison cards revealed in this way without effect" (CK:606).
  to_tasting();
  must(option("Hireling: Ann\'s cards (1)"));
  must(scan(kPoison));
  EXPECT_TRUE(logged("Tasted in front of Ann: poison, discarded without effect"));
  must(Ok{});
  courses_ok();
  EXPECT_EQ(data().step, ck::Step::Scoring);
  for (int s = 0; s < 4; ++s) EXPECT_TRUE(seat(s).heir.alive) << s;
}

TEST_F(CutthroatFeastTest, AFoodsVpIsAskedPerCopyAndKeptForScoring) {
  to_tasting();
  must(option("Hireling: Ben\'s cards (1)"));
  const Outcome asked = run(scan(kFood, 7));
  ASSERT_EQ(asked.kind, Outcome::Kind::Asked);
  EXPECT_EQ(asked.question->subject, (Subject{kFood, 7, {}}));
  EXPECT_EQ(asked.question->stat, "victory_points");
  EXPECT_EQ(feast().reveals_left, 1);  // nothing kept of the asked command
  tell_food(7, 4);
  must(scan(kFood, 7));
  must(Ok{});
  courses_ok();
  EXPECT_EQ(seat(kBen).food_vp, 4);
}

// --- Main course

TEST_F(CutthroatFeastTest, TheMainCourseGoesSeatBySeatFromTheDrawer) {
  to_main_course();
  std::vector<int> order;
  for (int i = 0; i < 4; ++i) {
    order.push_back(prompt().seat);
    must(Ok{});
  }
  EXPECT_EQ(order, (std::vector<int>{kCat, kDan, kAnn, kBen}));
}

TEST_F(CutthroatFeastTest, UntastedPoisonKillsTheHeirInFrontOfAnUnmarriedSeat) {
  // CK-46 (CK:616).
  to_main_course();
  must(scan(kPoison));  // Cat's
  courses_ok();
  ASSERT_EQ(feast().stage, ck::Feast::Stage::Poisoned);
  EXPECT_EQ(prompt().seat, kCat);
  EXPECT_TRUE(prompt().has_option("Sacrifice the Bastard of House Cawdwell"));
  must(option("The heir dies"));
  EXPECT_FALSE(seat(kCat).heir.alive);
  EXPECT_EQ(data().step, ck::Step::Scoring);
  EXPECT_EQ(state_.phase, "Scoring");
}

TEST_F(CutthroatFeastTest, UntastedPoisonKillsThePartnersHeirInFrontOfAMarriedSeat) {
  // CK-46 with CK:555: married, the heirs are swapped; Ann has Ben's heir in front of her.
  marry(kAnn, kBen);
  to_main_course();
  must(Ok{});           // Cat
  must(Ok{});           // Dan
  must(scan(kPoison));  // Ann
  must(Ok{});
  must(Ok{});  // Ben
  ASSERT_EQ(feast().stage, ck::Feast::Stage::Poisoned);
  EXPECT_EQ(feast().poisoned_heirs, (std::vector<int>{kBen}));
  EXPECT_EQ(prompt().seat, kBen);  // the heir's owner answers (A7.15)
  EXPECT_TRUE(prompt().has_option("Sacrifice the Bastard of House Crone")) << prompt().text;
  must(option("The heir dies"));
  EXPECT_FALSE(seat(kBen).heir.alive);
  EXPECT_TRUE(seat(kAnn).heir.alive);
}

TEST_F(CutthroatFeastTest, AnHeirThatDiesDissolvesTheMarriage) {
  marry(kAnn, kBen);
  to_main_course();
  must(Ok{});
  must(Ok{});
  must(Ok{});                                                     // Ann
  must(option("Untasted poison revealed"));                       // Ben: Ann's heir lies in front of him
  EXPECT_FALSE(prompt().has_option("Untasted poison revealed"));  // once is enough
  must(Ok{});
  ASSERT_EQ(prompt().seat, kAnn);
  must(option("The heir dies"));
  EXPECT_FALSE(seat(kAnn).heir.alive);
  EXPECT_FALSE(seat(kAnn).heir.married_to);
  EXPECT_FALSE(seat(kBen).heir.married_to);
  EXPECT_TRUE(logged("Dark Influence: Dan collects 3 coins"));  // Lady Slaine (CK:910)
}

TEST_F(CutthroatFeastTest, SeveralUntastedPoisonsPoisonTheHeirOnce) {
  to_main_course();
  must(scan(kPoison, 1));
  EXPECT_FALSE(prompt().has_option("Untasted poison revealed"));  // already poisoned
  must(scan(kPoison, 2));
  must(Ok{});
  courses_ok(3);
  EXPECT_EQ(feast().poisoned_heirs, (std::vector<int>{kCat}));
}

TEST_F(CutthroatFeastTest, FoodScannedAndToldAtTheMainCourseAddsToTheTasted) {
  to_tasting();
  tell_food(1, 2);
  tell_food(2, 3);
  must(option("Hireling: Cat\'s cards (1)"));
  must(scan(kFood, 1));
  must(Ok{});
  must(scan(kFood, 2));  // Cat
  must(SetNumber{5});    // the rest, counted by the table
  must(Ok{});
  courses_ok(3);
  EXPECT_EQ(seat(kCat).food_vp, 2 + 3 + 5);
  EXPECT_TRUE(logged("Cat keeps food worth 10 VP in all"));
}

TEST_F(CutthroatFeastTest, AnAlreadyDeadHeirIsNotAskedAgain) {
  seat(kCat).heir.alive = false;
  to_main_course();
  must(scan(kPoison));
  courses_ok();
  EXPECT_TRUE(feast().poisoned_heirs.empty());
  EXPECT_EQ(data().step, ck::Step::Scoring);
}

TEST_F(CutthroatFeastTest, SacrificingTheOwnHousesBastardSavesTheHeir) {
  // CK-47 (CK:620-622): the bastard of the heir's house, scanned or chosen.
  marry(kAnn, kBen);
  to_main_course();
  must(Ok{});
  must(Ok{});
  must(scan(kPoison));  // Ann: Ben's heir
  courses_ok(2);
  must(scan("BASTARD-OF-HOUSE-CRONE"));
  EXPECT_TRUE(seat(kBen).heir.alive);
  EXPECT_EQ(seat(kBen).heir.married_to, kAnn);  // the marriage holds
  EXPECT_TRUE(logged("Ben sacrifices the Bastard of House Crone"));
  EXPECT_EQ(data().step, ck::Step::Scoring);
}

TEST_F(CutthroatFeastTest, ChoosingTheSacrificeSavesTheHeirToo) {
  to_main_course();
  must(option("Untasted poison revealed"));  // Cat
  courses_ok();
  must(option("Sacrifice the Bastard of House Cawdwell"));
  EXPECT_TRUE(seat(kCat).heir.alive);
}

TEST_F(CutthroatFeastTest, ABastardLastShownByAnotherSeatMakesTheHeirsDeathTheLikelyAnswer) {
  // Ann blackmailed with Cawdwell's bastard (CK:539-541): the books last saw it in her hand.
  to_main_course();
  must(option("Untasted poison revealed"));  // Cat
  courses_ok();
  ASSERT_EQ(feast().stage, ck::Feast::Stage::Poisoned);
  EXPECT_EQ(prompt().likely, -1) << "nobody showed it: the sacrifice first";
  data().bastards_shown["BASTARD-OF-HOUSE-CAWDWELL"] = kAnn;
  EXPECT_EQ(prompt().options[static_cast<std::size_t>(prompt().likely)].label, "The heir dies");
  data().bastards_shown["BASTARD-OF-HOUSE-CAWDWELL"] = kCat;
  EXPECT_EQ(prompt().likely, -1) << "shown by Cat herself: at hand";
}

TEST_F(CutthroatFeastTest, AnotherHousesBastardIsACheckTheTableMayOverride) {
  to_main_course();
  must(scan(kPoison));  // Cat
  courses_ok();         // Cat's OK, then the others
  const Outcome warned = run(scan("BASTARD-OF-HOUSE-SLAINE"));
  ASSERT_EQ(warned.kind, Outcome::Kind::Warned);
  EXPECT_NE(warned.message.find("House Slaine"), std::string::npos) << warned.message;
  EXPECT_NE(warned.message.find("House Cawdwell"), std::string::npos) << warned.message;
  EXPECT_EQ(feast().stage, ck::Feast::Stage::Poisoned);  // nothing kept

  // "Do it anyway": the table lets it save the heir.
  const Outcome overridden = run(scan("BASTARD-OF-HOUSE-SLAINE"), {warned.message});
  EXPECT_EQ(overridden.kind, Outcome::Kind::Done);
  EXPECT_TRUE(seat(kCat).heir.alive);
}

TEST_F(CutthroatFeastTest, ACardThatIsNoBastardSavesNoHeir) {
  to_main_course();
  must(scan(kPoison));
  courses_ok();
  EXPECT_EQ(run(scan("TASTER")).kind, Outcome::Kind::Refused);
  EXPECT_EQ(run(Ok{}).kind, Outcome::Kind::Refused);
}

TEST_F(CutthroatFeastTest, EveryOfferedTasteIsTaken) {
  // A prompt offers exactly what its step takes.
  to_tasting();
  const TableState before = state_;
  const Prompt offer = prompt();
  ASSERT_EQ(offer.options.size(), 8u);  // a Taster and a hireling for each of the four seats
  for (const Option& offered : offer.options) {
    const Outcome outcome = run(Choose{offered.label, offered.id});
    EXPECT_EQ(outcome.kind, Outcome::Kind::Done) << offered.label << ": " << outcome.message;
    state_ = before;
  }
  EXPECT_EQ(run(option("Taster: Eve\'s cards (2)")).kind, Outcome::Kind::Refused);
}

// --- Scoring

TEST_F(CutthroatFeastTest, ScoringAsksEverySeatInSeatOrder) {
  to_scoring();
  EXPECT_EQ(state_.phase, "Scoring");
  for (int s = 0; s < 4; ++s) {
    const std::string name = state_.players[static_cast<std::size_t>(s)].name;
    const Prompt coins = prompt();
    EXPECT_EQ(coins.seat, s);
    EXPECT_TRUE(coins.wants_number);
    EXPECT_TRUE(coins.takes_cards) << "the own bastard is shown at any of the seat's questions";
    EXPECT_TRUE(coins.pass.empty()) << "not holding it needs no press";
    EXPECT_EQ(coins.text, name + ": your coins' value (copper 1, silver 5)? Scan your own bastard if held");
    must(SetNumber{1});
    EXPECT_EQ(prompt().text, name + ": how many gems in all?");
    must(SetNumber{6});
    // Six gems fall into colours 11 ways: one choice of the counts, a rainbow first.
    const Prompt shape = prompt();
    EXPECT_EQ(shape.seat, s);
    EXPECT_EQ(shape.text, name + ": 6 gems - how many of each colour?");
    ASSERT_EQ(shape.options.size(), 11U);
    EXPECT_EQ(shape.options.front().label, "1 + 1 + 1 + 1 + 1 + 1 (rainbow)");
    EXPECT_EQ(shape.options.back().label, "6");
    must(option("1 + 1 + 1 + 1 + 1 + 1 (rainbow)"));
    EXPECT_EQ(seat(s).gems, (ck::Gems{1, 1, 1, 1, 1, 1}));
    EXPECT_TRUE(logged(name + ": gems of each colour held 1 + 1 + 1 + 1 + 1 + 1"));
    EXPECT_TRUE(logged(name + " does not hold the Bastard of House"));
  }
  EXPECT_EQ(data().step, ck::Step::Over);
  EXPECT_EQ(state_.phase, "Scoring");
  EXPECT_EQ(run(SetNumber{1}).kind, Outcome::Kind::Refused);  // the game is over
}

TEST_F(CutthroatFeastTest, AFewGemsAreToldAsTheCountsOfTheirColoursInOneChoice) {
  // A score reads only how many stones share a colour (A7.6): three gems are 1 + 1 + 1, 2 + 1 or
  // 3, the likeliest (most colours) first.
  to_scoring();
  tell_numbers({0, 3});
  EXPECT_EQ(prompt().labels(), (std::vector<std::string>{"1 + 1 + 1", "2 + 1", "3"}));
  EXPECT_FALSE(prompt().wants_number);
  EXPECT_EQ(run(SetNumber{2}).kind, Outcome::Kind::Refused);
  must(option("2 + 1"));
  EXPECT_EQ(seat(kAnn).gems, (ck::Gems{2, 1, 0, 0, 0, 0}));
  EXPECT_EQ(ck::gem_vp(seat(kAnn).gems).vp, 5);
  EXPECT_EQ(data().scoring->seat, kBen) << "Ann is done: no bastard shown, none asked";
}

TEST_F(CutthroatFeastTest, ScoringRefusesWhatItDoesNotAsk) {
  to_scoring();
  EXPECT_EQ(run(Ok{}).kind, Outcome::Kind::Refused);
  EXPECT_EQ(run(SetNumber{1000}).kind, Outcome::Kind::Refused);
  must(SetNumber{3});
  EXPECT_EQ(run(SetNumber{37}).kind, Outcome::Kind::Refused);
}

TEST_F(CutthroatFeastTest, AnUnmarriedLivingHeirDoublesCoinVp) {
  to_scoring();
  tell_purse(6);
  tell_purse(5);
  tell_purse(4);
  tell_purse(3);
  EXPECT_EQ(state_.players[kAnn].score, 12);
  EXPECT_TRUE(logged("Ann: 12 VP (coins 6 x2, food 0, gems 0)"));
  ASSERT_TRUE(state_.winner);
  EXPECT_EQ(state_.winner->players, (std::vector<int>{kAnn}));
  EXPECT_EQ(state_.winner->victory, "points");
  EXPECT_EQ(winner_text(state_), "Ann wins a points victory");
}

TEST_F(CutthroatFeastTest, TheFaqGemsCount29InASeatsTotal) {
  // CK:459-461: three of one colour and one of each other: 25 + 4 = 29.
  to_scoring();
  tell_purse(0, {3, 1, 1, 1, 1, 1});
  tell_purse(0);
  tell_purse(0);
  tell_purse(0);
  EXPECT_TRUE(logged("Ann: gems by colour 3, 1, 1, 1, 1, 1"));
  EXPECT_EQ(state_.players[kAnn].score, 29);
  EXPECT_TRUE(logged("Ann: 29 VP (coins 0 x2, food 0, gems 29 with 1 rainbow)"));
}

TEST_F(CutthroatFeastTest, TheOwnBastardsVpIsAskedAndCounted) {
  to_scoring();
  // Shown to the camera at the seat's first question; the question stays.
  const Outcome asked = run(scan("BASTARD-OF-HOUSE-BROM"));
  ASSERT_EQ(asked.kind, Outcome::Kind::Asked);
  EXPECT_EQ(asked.question->subject, (Subject{"BASTARD-OF-HOUSE-BROM", 0, {}}));
  EXPECT_EQ(asked.question->stat, "victory_points");
  state_.told.set(Subject{"BASTARD-OF-HOUSE-BROM", 0, {}}, "victory_points", ToldValue{7, {}});
  must(scan("BASTARD-OF-HOUSE-BROM"));
  EXPECT_EQ(seat(kAnn).own_bastard_vp, 7);
  EXPECT_EQ(data().scoring->seat, kAnn);
  EXPECT_EQ(prompt().text, "Ann: your coins' value (copper 1, silver 5)? Scan your own bastard if held");
  must(SetNumber{0});  // coins
  must(SetNumber{0});  // no gems: no colour is asked
  EXPECT_FALSE(logged("Ann does not hold"));
  tell_purse(0);
  tell_purse(0);
  tell_purse(0);
  EXPECT_EQ(state_.players[kAnn].score, 7);
  EXPECT_TRUE(logged("Ann: 7 VP (coins 0 x2, food 0, Bastard of House Brom 7, gems 0)"));
}

TEST_F(CutthroatFeastTest, AnotherHousesBastardScoresNothingAndIsRefused) {
  // CK:436: "Players may only score the bastard that bears their house crest".
  to_scoring();
  must(SetNumber{0});  // coins
  const Outcome refused = run(scan("BASTARD-OF-HOUSE-CRONE"));
  ASSERT_EQ(refused.kind, Outcome::Kind::Refused);
  EXPECT_NE(refused.message.find("scores nothing"), std::string::npos) << refused.message;
  EXPECT_NE(refused.message.find("Bastard of House Brom"), std::string::npos) << refused.message;
}

TEST_F(CutthroatFeastTest, ACoupleWinsTogetherWithTheSumOfTheirVp) {
  // CK:561, 785: Ann 10 + Ben 10 (no doubling, married) = 20 beats Cat's 2 x 9 = 18.
  marry(kAnn, kBen);
  to_scoring();
  tell_purse(10);
  tell_purse(10);
  tell_purse(9);
  tell_purse(0);
  EXPECT_EQ(state_.players[kAnn].score, 10);
  EXPECT_EQ(state_.players[kCat].score, 18);
  EXPECT_TRUE(logged("Ann and Ben, married: 20 VP together"));
  ASSERT_TRUE(state_.winner);
  EXPECT_EQ(state_.winner->players, (std::vector<int>{kAnn, kBen}));
  EXPECT_EQ(winner_text(state_), "Ann and Ben win a couple victory");
  // The screen says the couple's total beside each partner.
  const BoardView board = ck::make_module(cards_)->describe(state_);
  EXPECT_EQ(board.seats[kAnn].badges.back().label, "Couple 20 VP");
  EXPECT_EQ(board.seats[kBen].badges.back().label, "Couple 20 VP");
}

TEST_F(CutthroatFeastTest, FoodRetainedAtTheFeastCountsInTheScore) {
  to_tasting();
  tell_food(1, 6);
  must(option("Hireling: Dan\'s cards (1)"));
  must(scan(kFood, 1));
  must(Ok{});
  courses_ok();
  tell_purse(0);
  tell_purse(0);
  tell_purse(0);
  tell_purse(1);
  EXPECT_EQ(state_.players[kDan].score, 2 + 6);
  EXPECT_TRUE(logged("Dan: 8 VP (coins 1 x2, food 6, gems 0)"));
}

TEST_F(CutthroatFeastTest, ADeadHeirLosesTheBonusAndATieIsASharedVictory) {
  to_main_course();
  must(scan(kPoison));  // Cat's own heir
  courses_ok();
  must(option("The heir dies"));
  tell_purse(4);  // Ann 8
  tell_purse(0);
  tell_purse(8);  // Cat 8: no doubling with a dead heir
  tell_purse(0);
  EXPECT_EQ(state_.players[kCat].score, 8);
  ASSERT_TRUE(state_.winner);
  EXPECT_EQ(state_.winner->players, (std::vector<int>{kAnn, kCat}));
  EXPECT_EQ(state_.winner->victory, "shared");
}

}  // namespace

namespace {

TEST_F(CutthroatFeastTest, MoreGemsOfAStoneThanTheBoxHoldsIsRefused) {
  // "6 rubies, 6 sapphires ..." (CK:29): 16 typed for 6 would be worth 256 VP.
  to_scoring();
  must(SetNumber{10});
  EXPECT_EQ(run(SetNumber{37}).message, "The box holds 36 gems (CK:28)");
  must(SetNumber{20});
  const Outcome typo = run(SetNumber{16});
  EXPECT_EQ(typo.kind, Outcome::Kind::Refused);
  EXPECT_EQ(typo.message, "Gems of a colour are 0 to 6");
}

TEST_F(CutthroatFeastTest, AColourCannotHoldMoreGemsThanTheTotalLeavesToPlace) {
  to_scoring();
  // Seven gems fall 13 ways: the colours are asked one by one.
  tell_numbers({0, 7, 6});  // no coins, seven gems in all, six red
  EXPECT_EQ(prompt().number_max, 1);
  const Outcome more = run(SetNumber{2});
  EXPECT_EQ(more.kind, Outcome::Kind::Refused);
  EXPECT_EQ(more.message, "Only 1 of the gems told is left to place");
}

TEST_F(CutthroatFeastTest, TheGemsTotalEndsTheColoursOnceNoneIsLeftToPlace) {
  to_scoring();
  tell_numbers({0, 7, 6, 1});  // blue takes the last: the other four are 0 unasked
  EXPECT_EQ(seat(kAnn).gems, (ck::Gems{6, 1, 0, 0, 0, 0}));
  EXPECT_TRUE(logged("Ann: gems by colour 6, 1, 0, 0, 0, 0"));
  EXPECT_TRUE(logged("Ann does not hold the Bastard of House Brom"));
  EXPECT_EQ(prompt().seat, kBen) << prompt().text;  // no bastard question: Ben is next
}

TEST_F(CutthroatFeastTest, TheScoringStartsOnThePurseTheBooksSaw) {
  // Deals move coins and gems unseen (CK:137): the books' count is where the number starts, the
  // table's answer is what scores.
  to_scoring();
  seat(kAnn).coins_seen = 17;
  seat(kAnn).gems_seen = 4;
  EXPECT_EQ(prompt().number_start, 17);
  must(SetNumber{12});
  EXPECT_EQ(prompt().number_start, 4);
  seat(kBen).coins_seen = -3;  // paid more than the books saw come in: starts at 0
  must(SetNumber{0});  // no gems: Ann is done
  EXPECT_EQ(prompt().number_start, 0);
  EXPECT_EQ(seat(kAnn).coins.value(), 12);
}

TEST_F(CutthroatFeastTest, AFeastCardRevealedTwiceIsRefusedAndCountsOnce) {
  // A tasted food read again at the main course (a second look, a camera's second read) would
  // count its VP twice.
  tell_food(3, 5);
  to_tasting();
  must(option("Hireling: Cat\'s cards (1)"));
  must(scan(kFood, 3));
  must(Ok{});
  const Outcome again = run(scan(kFood, 3));  // Cat, first at the main course
  EXPECT_EQ(again.kind, Outcome::Kind::Refused);
  EXPECT_EQ(again.message, "Food (Feast Card) #3 is revealed already");
  courses_ok();
  EXPECT_EQ(seat(kCat).food_vp, 5);
}

TEST_F(CutthroatFeastTest, ABastardSacrificedForTheHeirScoresNothing) {
  // CK:622: the bastard is given up for the heir, so it cannot be claimed at scoring (CK:436).
  to_main_course();
  must(Ok{});
  must(Ok{});
  must(scan(kPoison));  // Ann's own heir
  courses_ok(2);
  must(scan("BASTARD-OF-HOUSE-BROM"));
  ASSERT_EQ(data().step, ck::Step::Scoring);
  state_.told.set(Subject{"BASTARD-OF-HOUSE-BROM", 0, {}}, "victory_points", ToldValue{7, {}});
  const Outcome claimed = run(scan("BASTARD-OF-HOUSE-BROM"));
  EXPECT_EQ(claimed.kind, Outcome::Kind::Refused);
  EXPECT_EQ(claimed.message, "The Bastard of House Brom was sacrificed at the Feast: it scores nothing");
}

}  // namespace

// ---------------------------------------------------------------- the camera names the seat (issue 42)

Placement in_front_of(int seat) {
  Placement where;
  where.seat = seat;
  return where;
}

TEST_F(CutthroatFeastTest, AFeastCardTurnedInASeatsAreaNamesWhoseCardsAreTasted) {
  to_tasting();
  must(scan("TASTER"));
  EXPECT_EQ(run(scan(kPoison, 1)).kind, Outcome::Kind::Refused) << "in no seat's area: whose cards is still asked";
  must(PresentCard{kPoison, 1, in_front_of(kDan)});
  EXPECT_EQ(feast().tasting, kDan);
  EXPECT_EQ(feast().reveals_left, 1);
  EXPECT_TRUE(logged("It tastes Dan's cards"));
  EXPECT_TRUE(logged("Tasted in front of Dan: poison, discarded without effect"));
  tell_food(2, 3);
  must(PresentCard{kFood, 2, in_front_of(kDan)});
  EXPECT_EQ(feast().food_vp[kDan], 3);
  EXPECT_FALSE(feast().tasting);
}

TEST_F(CutthroatFeastTest, AFeastCardTurnedInASeatsAreaWithNoTasteUnderWayBeginsTheMainCourse) {
  to_tasting();
  tell_food(1, 4);
  must(PresentCard{kFood, 1, in_front_of(kCat)});  // Cat drew the Feast: she reveals first
  EXPECT_EQ(feast().stage, ck::Feast::Stage::MainCourse);
  EXPECT_TRUE(logged("The main course: every seat reveals the rest of the feast cards in front of it, from Cat clockwise"));
  EXPECT_EQ(feast().food_vp[kCat], 4);
  EXPECT_EQ(feast().course, 0);
}

TEST_F(CutthroatFeastTest, ALaterSeatsCardAtTheMainCourseSaysTheSeatsBeforeAreDoneAndAnEarlierOneIsRefused) {
  to_main_course();  // from Cat: Cat, Dan, Ann, Ben
  must(PresentCard{kPoison, 1, in_front_of(kCat)});
  tell_food(2, 4);
  must(PresentCard{kFood, 2, in_front_of(kAnn)});  // Ann's card: Cat and Dan are done
  EXPECT_EQ(feast().course, 2);
  EXPECT_TRUE(logged("Cat keeps food worth"));
  EXPECT_TRUE(logged("Dan keeps food worth"));
  EXPECT_TRUE(logged("Untasted poison in front of Cat"));
  EXPECT_EQ(feast().food_vp[kAnn], 4);
  const Outcome late = run(PresentCard{kPoison, 3, in_front_of(kDan)});
  EXPECT_EQ(late.kind, Outcome::Kind::Refused);
  EXPECT_EQ(late.message, "Dan has revealed already: UNDO to reopen Dan's cards");
  must(Ok{});  // Ann
  must(Ok{});  // Ben
  ASSERT_EQ(feast().stage, ck::Feast::Stage::Poisoned);
  EXPECT_EQ(feast().poisoned_heirs, (std::vector<int>{kCat})) << "the poison in front of Cat poisons the heir lying there";
}
