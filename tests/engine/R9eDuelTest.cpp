// Duels (Arcane Fire appendix, "Dueling"), on the shipped card data: the two worked examples,
// who thrusts first, the two ways a duel ends, burying or keeping the loser, healing, the
// same-player refusal and the Duelist's raise.
#include <gtest/gtest.h>

#include "R9eTable.hpp"

namespace seneschal::engine {
namespace {

// No hero in the shipped data states the Duelist keyword, and most state no keywords at all: the
// device asks the table when a raise would help, and the table here says the two Tuatha heroes
// print it (the appendix's examples need a Duelist) and Zahir does not. Jack Newcomer's keywords
// are stated (Questor, Raid +1), so he is known not to be one and nothing is asked.
constexpr const char* kLokin = "Lokin o' Black Rose";
constexpr const char* kLeanan = "Leanan o' Black Rose";
constexpr const char* kJack = "Jack Newcomer";
constexpr const char* kZahir = "Zahir";  // Will 1 in the data
constexpr const char* kSalia = "Salia the Slaughterer";

class R9eDuelTest : public ::testing::Test {
 protected:
  R9eDuelTest() : t({"Mark", "Shawn"}) {
    t.tell("The Tuatha", "renown", 5);
    t.tell("The Tuatha", "castle_points", 5);
    t.tell("The Tuatha", "gold_production", 5);
    t.tell("Border Keep", "castle_point_cost", 1);
    t.tell("Border Keep", "storage", 5);
    for (const char* hero : {kLokin, kLeanan, kJack, kZahir, kSalia}) {
      t.tell(hero, "gold_cost", 0);
      t.tell(hero, "food_cost", 0);
    }
    t.tell_keyword(kLokin, "Duelist", true);
    t.tell_keyword(kLeanan, "Duelist", true);
    t.tell_keyword(kZahir, "Duelist", false);
    t.seat_setup("The Tuatha", {"Border Keep"});
    t.seat_setup("The Tuatha", {"Border Keep"});
    t.choose("Mark");
    t.ok();  // Spring's banner: Summer
  }

  // Mark brings `mark` into play, Shawn `shawn`; Mark acts next.
  void heroes(const std::string& mark, const std::string& shawn) {
    bring(mark);
    bring(shawn);
  }
  void bring(const std::string& title) {
    t.scan(title);
    if (!t.warning().empty()) t.ok();  // a faction check for a hero whose keywords are stated
  }

  // MENU -> Duel, then the challenger and the challenged hero.
  void duel(const std::string& challenger, const std::string& challenged) {
    t.menu("Duel");
    t.choose(challenger);
    t.choose(challenged);
  }

  // One opportunity taken: the thrusting player places a card, the other parries from hand,
  // both Fates are entered at the reveal.
  void exchange(int thrust, int parry) {
    t.ok();
    t.choose("From hand");
    t.set(thrust);
    t.set(parry);
  }

  int uid(const std::string& seat, const std::string& title) const {
    const CardInPlay* card = t.in_play(seat, title);
    return card ? card->uid : 0;
  }
  int wounds(const std::string& seat, const std::string& title) const {
    const auto mods = to_json(t.state())["detail"]["mods"];
    const std::string key = std::to_string(uid(seat, title));
    return mods.contains(key) ? mods[key].value("wounds", 0) : 0;
  }
  bool buried(const std::string& seat, const std::string& title) const {
    const auto list = to_json(t.state())["detail"]["seats"][t.seat(seat)]["buried"];
    for (const auto& id : list) {
      if (id == card_id_from_title(title)) return true;
    }
    return false;
  }
  std::string flow() const {
    const auto detail = to_json(t.state())["detail"];
    return detail["flow"].is_null() ? std::string() : detail["flow"].get<std::string>();
  }
  std::string log_text() const {
    std::string out;
    for (const auto& line : t.state().log) out += line.text + "\n";
    return out;
  }

  test::R9eTable t;
};

TEST_F(R9eDuelTest, WorkedExampleDuelistRaisesParryAndTakesOneWound) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  // Jason (Shawn, Leanan, challenged) strikes with 4; Sandy (Mark, Lokin) parries with 2.
  t.ok();
  t.choose("From hand");
  t.set(4);
  t.set(2);
  const Prompt raise = t.prompt();
  ASSERT_TRUE(raise.has_option("Raise to 3")) << raise.text;
  ASSERT_TRUE(raise.has_option("Keep 2"));
  EXPECT_EQ(raise.options.size(), 2u);
  t.choose("Raise to 3");
  EXPECT_EQ(wounds("Mark", kLokin), 1);
  EXPECT_EQ(wounds("Shawn", kLeanan), 0);
  EXPECT_NE(log_text().find("thrust 4 against parry 2 raised to 3 (Duelist): Lokin o' Black Rose takes 1 wound, Will 5 -> 4"),
            std::string::npos)
      << log_text();
  EXPECT_EQ(t.prompt().ok, "thrust");  // roles reverse: Mark's Lokin may thrust now
  EXPECT_NE(t.prompt().text.find("Mark, Lokin"), std::string::npos) << t.prompt().text;
}

TEST_F(R9eDuelTest, WorkedExampleParryAboveThrustIsNotRaisedAndTakesTwoWounds) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  // Jason strikes with 0; Sandy's Duelist parries with 2. Raising would only hurt: not offered.
  t.ok();
  t.choose("From hand");
  t.set(0);
  t.set(2);
  EXPECT_FALSE(t.prompt().has_option("Raise to 3")) << t.prompt().text;
  EXPECT_EQ(wounds("Mark", kLokin), 2);
  EXPECT_EQ(t.prompt().ok, "thrust");
}

TEST_F(R9eDuelTest, ChallengedHeroThrustsFirstAndRolesAlternate) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  t.menu("Duel");
  EXPECT_TRUE(t.prompt().has_option(kLokin));
  EXPECT_TRUE(t.prompt().has_option(kLeanan));
  t.choose(kLokin);
  EXPECT_EQ(t.prompt().labels(), (std::vector<std::string>{kLeanan, "Cancel"}));
  t.choose(kLeanan);
  const Prompt first = t.prompt();
  EXPECT_NE(first.text.find("Shawn, Leanan o' Black Rose"), std::string::npos) << first.text;
  EXPECT_EQ(first.ok, "thrust");
  EXPECT_EQ(first.pass, "pass");
  t.pass();  // Shawn passes; now Mark's Lokin thrusts
  EXPECT_NE(t.prompt().text.find("Mark, Lokin o' Black Rose"), std::string::npos) << t.prompt().text;
  exchange(3, 1);  // Shawn's Leanan parries
  t.choose("Keep 1");
  EXPECT_EQ(wounds("Shawn", kLeanan), 2);
  EXPECT_NE(t.prompt().text.find("Shawn, Leanan"), std::string::npos) << t.prompt().text;
}

TEST_F(R9eDuelTest, ParryCannotBePassed) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  t.ok();
  EXPECT_EQ(t.prompt().labels(), (std::vector<std::string>{"From hand", "Top of deck"}));
  EXPECT_EQ(t.refusal(Pass{}), "Mark must parry: from hand or the top of the deck");
  t.choose("Top of deck");
  EXPECT_NE(log_text().find("parries with Lokin o' Black Rose from the top of the deck"), std::string::npos);
  EXPECT_TRUE(t.prompt().takes_cards);
  EXPECT_TRUE(t.prompt().wants_number);
}

TEST_F(R9eDuelTest, FatesCanBeScannedAtTheReveal) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  t.ok();
  t.choose("From hand");
  t.scan("Undermarket Dealings");  // Fate 2 in the data
  t.scan("Blight");                // Fate 1
  t.choose("Keep 1");
  EXPECT_EQ(wounds("Mark", kLokin), 1);
}

TEST_F(R9eDuelTest, BothPassLowerWillLosesAndIsBuried) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  exchange(3, 1);  // Shawn thrusts, Mark's Lokin parries
  t.choose("Keep 1");
  ASSERT_EQ(wounds("Mark", kLokin), 2);  // Lokin Will 3, Leanan Will 5
  t.pass();  // Mark
  t.pass();  // Shawn: both passed in a row
  const Prompt outcome = t.prompt();
  EXPECT_EQ(outcome.labels(), (std::vector<std::string>{"Bury", "Keep them"}));
  EXPECT_EQ(outcome.ok, "bury");
  EXPECT_NE(outcome.text.find("Lokin o' Black Rose (Mark) loses"), std::string::npos) << outcome.text;
  t.ok();
  EXPECT_EQ(t.in_play("Mark", kLokin), nullptr);
  EXPECT_TRUE(buried("Mark", kLokin));
  ASSERT_NE(t.in_play("Shawn", kLeanan), nullptr);
  EXPECT_EQ(flow(), "");
}

TEST_F(R9eDuelTest, BothPassWithEqualWillBothLose) {
  t.tell(kLokin, "will", 4);
  t.tell(kLeanan, "will", 4);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  t.pass();
  t.pass();
  EXPECT_NE(t.prompt().text.find("Lokin o' Black Rose (Mark) and Leanan o' Black Rose (Shawn) lose"), std::string::npos)
      << t.prompt().text;
  EXPECT_NE(log_text().find("both lose"), std::string::npos) << log_text();
  t.choose("Bury");
  EXPECT_EQ(t.in_play("Mark", kLokin), nullptr);
  EXPECT_EQ(t.in_play("Shawn", kLeanan), nullptr);
  EXPECT_TRUE(buried("Mark", kLokin));
  EXPECT_TRUE(buried("Shawn", kLeanan));
}

TEST_F(R9eDuelTest, AThrustBreaksTheRunOfPasses) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  t.pass();        // Shawn
  exchange(2, 2);  // Mark thrusts, no wounds
  t.pass();        // Shawn
  EXPECT_EQ(flow(), "duel");
  EXPECT_EQ(t.prompt().ok, "thrust");  // Mark still may thrust: one pass since the thrust
  t.pass();
  EXPECT_TRUE(t.prompt().has_option("Keep them"));
}

TEST_F(R9eDuelTest, ZeroWillEndsTheDuelAtOnce) {
  t.tell(kLokin, "will", 5);
  heroes(kLokin, kZahir);
  duel(kLokin, kZahir);
  t.pass();        // Shawn's Zahir passes
  exchange(3, 1);  // Mark's Lokin thrusts 3, Zahir (Will 1, no Duelist) parries 1
  const Prompt outcome = t.prompt();
  EXPECT_EQ(outcome.labels(), (std::vector<std::string>{"Bury", "Keep them"})) << outcome.text;
  EXPECT_NE(outcome.text.find("Zahir (Shawn) loses"), std::string::npos) << outcome.text;
  EXPECT_NE(log_text().find("Zahir has no Will left"), std::string::npos);
  t.ok();
  EXPECT_EQ(t.in_play("Shawn", kZahir), nullptr);
  EXPECT_TRUE(buried("Shawn", kZahir));
}

TEST_F(R9eDuelTest, SamePlayerDuelIsRefused) {
  t.tell(kLokin, "will", 5);
  t.tell(kSalia, "will", 5);
  t.tell(kLeanan, "will", 5);
  bring(kLokin);   // Mark
  bring(kLeanan);  // Shawn
  bring(kSalia);   // Mark
  t.menu("Duel");
  t.choose(kLokin);
  EXPECT_FALSE(t.prompt().has_option(kSalia));
  const std::string refused = t.refusal(Choose{kSalia});
  EXPECT_NE(refused.find("under no circumstances can two heroes controlled by the same player duel each other"),
            std::string::npos)
      << refused;
  EXPECT_EQ(t.warning(), "");  // a refusal, not a check to override
  EXPECT_EQ(t.refusal(Choose{kLokin}).find("under no circumstances"), 0u);
}

TEST_F(R9eDuelTest, WoundsHealAfterTheDuelAndKeptLosersStay) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  exchange(4, 1);  // Lokin parries: 3 wounds (kept, not raised)
  t.choose("Keep 1");
  exchange(3, 2);  // Leanan parries: 1 wound (kept)
  t.choose("Keep 2");
  ASSERT_EQ(wounds("Mark", kLokin), 3);
  ASSERT_EQ(wounds("Shawn", kLeanan), 1);
  t.pass();
  t.pass();
  t.choose("Keep them");  // the card said the loser lives
  ASSERT_NE(t.in_play("Mark", kLokin), nullptr);
  EXPECT_FALSE(buried("Mark", kLokin));
  EXPECT_EQ(wounds("Mark", kLokin), 0);
  EXPECT_EQ(wounds("Shawn", kLeanan), 0);
  EXPECT_NE(log_text().find("Duel: all wounds heal"), std::string::npos);
  EXPECT_NE(log_text().find("stays in play"), std::string::npos);
  EXPECT_EQ(flow(), "");
}

TEST_F(R9eDuelTest, WinnerHealsWhenTheLoserIsBuried) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  exchange(1, 0);  // Lokin: 1 wound
  t.choose("Keep 0");
  exchange(5, 0);  // Leanan: 5 wounds, Will 0
  t.choose("Keep 0");
  t.ok();
  EXPECT_EQ(t.in_play("Shawn", kLeanan), nullptr);
  EXPECT_EQ(wounds("Mark", kLokin), 0);
}

// "If the parrying player's hero has the Duelist trait, that player may choose to increase (not
// decrease) the card's parry value by 1" (appendix, line 33): asked once, when it would help.
TEST_F(R9eDuelTest, TheDuelistKeywordIsAskedWhenARaiseWouldHelpAndRemembered) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  exchange(0, 2);  // parry above the thrust: a raise cannot help, nothing is asked
  EXPECT_EQ(to_json(t.state())["told"].dump().find("Duelist"), std::string::npos);
  t.ok();  // Mark's Lokin thrusts, Leanan parries from hand
  t.choose("From hand");
  t.set(4);
  ASSERT_TRUE(t.session().apply(SetNumber{2}, 1000).has_value());
  EXPECT_EQ(t.prompt().text, "Look at the card: Leanan o' Black Rose's Duelist keyword?");
  t.choose("printed");
  EXPECT_NE(log_text().find("Leanan o' Black Rose's Duelist keyword is printed (told at the table)"), std::string::npos);
  EXPECT_TRUE(t.prompt().has_option("Raise to 3")) << t.prompt().text;
  EXPECT_NE(t.prompt().text.find("Leanan o' Black Rose is a Duelist"), std::string::npos) << t.prompt().text;
  t.choose("Raise to 3");
  exchange(4, 2);  // Leanan thrusts, Lokin parries below: Lokin is asked about (the table told)
  t.choose("Keep 2");
  exchange(4, 2);  // Lokin thrusts, Leanan parries below again: known now, no question
  EXPECT_TRUE(t.prompt().has_option("Raise to 3")) << t.prompt().text;
  const std::string told = "Leanan o' Black Rose's Duelist keyword is printed";
  const std::string log = log_text();
  EXPECT_EQ(log.find(told), log.rfind(told)) << "asked twice";
}

TEST_F(R9eDuelTest, AHeroTheTableSaysIsNoDuelistGetsNoRaise) {
  t.tell(kLokin, "will", 5);
  heroes(kLokin, kZahir);
  duel(kLokin, kZahir);
  t.pass();        // Shawn's Zahir passes
  exchange(1, 0);  // Lokin thrusts 1, Zahir parries 0: a raise would help, but he prints no Duelist
  EXPECT_FALSE(t.prompt().has_option("Raise to 1")) << t.prompt().text;
  EXPECT_NE(log_text().find("Zahir's Duelist keyword is not printed (told at the table)"), std::string::npos);
}

TEST_F(R9eDuelTest, NonDuelistGetsNoRaiseOption) {
  t.tell(kLokin, "will", 5);
  t.tell(kJack, "will", 4);
  heroes(kLokin, kJack);  // Jack's keywords are known: Questor, Raid +1
  duel(kJack, kLokin);    // Mark's Lokin, challenged, thrusts first at Jack
  exchange(3, 1);
  EXPECT_FALSE(t.prompt().has_option("Raise to 2")) << t.prompt().text;
  EXPECT_EQ(wounds("Shawn", kJack), 2);
  EXPECT_EQ(t.prompt().ok, "thrust");  // straight on: Jack may thrust back
}

TEST_F(R9eDuelTest, ADuelOfTheActingSeatsHeroIsItsAction) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  ASSERT_EQ(t.state().to_act, t.seat("Mark"));
  duel(kLokin, kLeanan);  // Mark's own hero challenges
  t.pass();
  t.pass();
  t.ok();  // both lose, both buried
  EXPECT_EQ(t.state().to_act, t.seat("Shawn"));
  EXPECT_EQ(t.state().phase, "Summer");
}

TEST_F(R9eDuelTest, ADuelStartedForAnotherSeatsHeroLeavesTheTurnAlone) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 4);
  heroes(kLokin, kLeanan);
  ASSERT_EQ(t.state().to_act, t.seat("Mark"));
  duel(kLeanan, kLokin);  // Shawn's hero challenges (a card already played started it)
  t.pass();               // Mark's Lokin, challenged, passes first
  t.pass();
  t.ok();  // Leanan (Will 4) loses
  EXPECT_EQ(t.in_play("Shawn", kLeanan), nullptr);
  EXPECT_EQ(t.state().to_act, t.seat("Mark"));
}

TEST_F(R9eDuelTest, CancelBeforeTheFirstThrust) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  t.menu("Duel");
  t.choose(kLokin);
  t.choose("Cancel");
  EXPECT_EQ(flow(), "");
  EXPECT_EQ(t.state().to_act, t.seat("Mark"));
}

TEST_F(R9eDuelTest, ADuelNeedsHeroesOfTwoPlayers) {
  bring(kLokin);
  t.must(Menu{});
  EXPECT_EQ(t.refusal(Choose{"Duel"}), "a duel needs heroes of two players in play");
}

TEST_F(R9eDuelTest, AnUnknownWillIsAskedWhenTheDuelBegins) {
  // The test fixture answers from what the test told; an untold Will stops the command.
  heroes(kLokin, kLeanan);
  t.menu("Duel");
  t.choose(kLokin);
  auto asked = t.attempt(Choose{kLeanan});
  ASSERT_FALSE(asked.has_value());
  EXPECT_NE(asked.error().message.find("will"), std::string::npos) << asked.error().message;
}

TEST_F(R9eDuelTest, ADuelReplaysFromTheLog) {
  t.tell(kLokin, "will", 5);
  t.tell(kLeanan, "will", 5);
  heroes(kLokin, kLeanan);
  duel(kLokin, kLeanan);
  exchange(4, 2);
  t.choose("Raise to 3");
  t.ok();
  t.choose("Top of deck");
  ModuleRegistry registry;
  register_builtin_modules(registry);
  CardLibrary library;
  library.emplace("r9e", test::shipped_r9e_cards());
  auto store = EventStore::open(t.db_path());
  ASSERT_TRUE(store.has_value());
  auto again = Session::resume(std::move(store).value(), registry, std::move(library));
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_EQ(to_json(again->state()), to_json(t.state()));
  EXPECT_EQ(again->prompt().text, t.prompt().text);
}

}  // namespace
}  // namespace seneschal::engine
