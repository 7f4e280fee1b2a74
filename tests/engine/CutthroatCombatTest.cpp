// Cutthroat Kingdoms' attack step (GAMES.md A5.5, A5.7; CK:391-416, 667-715).

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "CutthroatExamples.hpp"
#include "cutthroat/ck_combat.hpp"

namespace ck = seneschal::engine::cutthroat;
using namespace ck::test;

namespace {

constexpr int kTarget = 0;

// The one territory an example's combat is fought over, in slot 0.
ck::Books kingdom(const char* title, int owner, std::vector<ck::MilitaryCard> stack) {
  ck::Books books = combat_examples_books();
  books.territories = {ck::Territory{"", title, ck::Side::Healthy, owner, std::move(stack)}};
  return books;
}

std::size_t dead(const ck::Books& books, int seat) {
  return books.seats[static_cast<std::size_t>(seat)].dead_pile.size();
}

// One step as the module will run it: the checks first (every one here must pass), then the step.
ck::AttackResult step(ck::Books& books, const ck::MilitaryCard& attack, std::optional<ck::MilitaryCard> defence = {}) {
  EXPECT_EQ(ck::attack_checks(books.territories[kTarget], attack, defence), std::vector<std::string>{});
  return ck::attack_step(books, kTarget, attack, defence);
}

}  // namespace

TEST(CutthroatCombatTest, StraightCombatEmptiesNyghtwaldWithTheTomesDeadPiles) {
  // A5.5, Scenario 4 (CK:671-682): Nyghtwald (Slaine), top to bottom: blue soldier, a face-down
  // mercenary, yellow soldier.
  using ck::Colour;
  using ck::House;
  ck::Books books = kingdom("Nyghtwald", kSlaine,
                            {soldier(House::Slaine, Colour::Blue), ck::MilitaryCard::mercenary(Colour::Unknown, true),
                             soldier(House::Slaine, Colour::Yellow)});

  ck::AttackResult r = step(books, soldier(House::Dravanof, Colour::Blue), soldier(House::Slaine, Colour::Blue));
  EXPECT_TRUE(r.defended);
  EXPECT_EQ(books.territories[kTarget].stack.size(), 3u);

  r = step(books, soldier(House::Dravanof, Colour::Blue));
  ASSERT_TRUE(r.killed.has_value());
  EXPECT_EQ(r.killed->colour, Colour::Blue);

  r = step(books, soldier(House::Dravanof, Colour::Red));  // "susceptible to any type" (CK:677)
  ASSERT_TRUE(r.killed.has_value());
  EXPECT_EQ(r.killed->kind, ck::Military::Mercenary);

  r = step(books, soldier(House::Dravanof, Colour::Yellow), ck::MilitaryCard::mercenary(Colour::Yellow));
  EXPECT_TRUE(r.defended);

  r = step(books, ck::MilitaryCard::mercenary(Colour::Yellow));
  EXPECT_FALSE(r.defended);
  EXPECT_EQ(r.token_back_to, kSlaine);  // CK:682

  const ck::Territory& nyghtwald = books.territories[kTarget];
  EXPECT_FALSE(nyghtwald.occupied());
  EXPECT_FALSE(nyghtwald.owner.has_value());
  EXPECT_EQ(dead(books, kSlaine), 3u);                  // her blue from hand, the killed blue and yellow
  EXPECT_EQ(dead(books, kDravanof), 4u);                // blue, blue, red, yellow
  EXPECT_EQ(books.piles.mercenary_discard.size(), 3u);  // the killed defender, Slaine's yellow, his yellow
  EXPECT_EQ(dead(books, kBrom), 0u);

  // The state export says the same, and keeps the purse private (CK:356).
  const nlohmann::json exported = books;
  EXPECT_EQ(exported["territories"][0]["owner"], nullptr);
  EXPECT_EQ(exported["territories"][0]["stack"].size(), 0u);
  EXPECT_EQ(exported["seats"][kSlaine]["dead_pile"], 3);
  EXPECT_EQ(exported["seats"][kDravanof]["dead_pile"], 4);
  EXPECT_EQ(exported["seats"][kDravanof]["uses_left"]["Death"], 2);
  EXPECT_EQ(exported["piles"]["mercenary_discard"], 3);
  EXPECT_FALSE(exported["seats"][kSlaine].contains("coins"));
}

TEST(CutthroatCombatTest, MismatchedAttackOrDefenceRaisesChecks) {
  // CK:395, 399: red on a blue soldier, and a green defence against red.
  using ck::Colour;
  using ck::House;
  const ck::Books books = kingdom("Nyghtwald", kSlaine, {soldier(House::Slaine, Colour::Blue)});
  const std::vector<std::string> reasons = ck::attack_checks(
      books.territories[kTarget], soldier(House::Dravanof, Colour::Red), soldier(House::Slaine, Colour::Green));
  ASSERT_EQ(reasons.size(), 2u);
  EXPECT_EQ(reasons[0], "A red soldier does not match the blue soldier on top of Nyghtwald");
  EXPECT_EQ(reasons[1], "A green soldier does not match the attacking red soldier");
}

TEST(CutthroatCombatTest, ReinforcedSneakReturnsDravanofsStackAndBromConquersWithTwo) {
  // A5.7, Scenario 6 (CK:709-715): Three Rivers (Dravanof): green soldier, mercenary, red, red.
  using ck::Colour;
  using ck::House;
  ck::Books books = kingdom("Three Rivers", kDravanof,
                            {soldier(House::Dravanof, Colour::Green), ck::MilitaryCard::mercenary(Colour::Red, true),
                             soldier(House::Dravanof, Colour::Red), soldier(House::Dravanof, Colour::Red)});
  const ck::AttackResult r =
      step(books, ck::MilitaryCard::mercenary(Colour::Green), soldier(House::Dravanof, Colour::Green));
  EXPECT_TRUE(r.defended);
  EXPECT_EQ(books.piles.mercenary_discard.size(), 1u);
  EXPECT_EQ(dead(books, kDravanof), 1u);

  const std::vector<ck::MilitaryCard> back = ck::return_stack(books, kTarget);  // the Sneak (CK:714)
  EXPECT_EQ(back.size(), 4u);
  EXPECT_FALSE(books.territories[kTarget].owner.has_value());

  const std::vector<std::string> reasons =
      ck::conquer(books, kTarget, kBrom, {soldier(House::Brom, Colour::Blue), soldier(House::Brom, Colour::Red)});
  EXPECT_TRUE(reasons.empty());
  EXPECT_EQ(books.territories[kTarget].owner, kBrom);
  EXPECT_EQ(books.territories[kTarget].stack.size(), 2u);
  EXPECT_EQ(dead(books, kDravanof), 1u);  // the Sneak kills nothing
}

TEST(CutthroatCombatTest, ConquestPlacesOneToFourCardsOnUnoccupiedLandMercenariesFaceDown) {
  using ck::Colour;
  using ck::House;
  ck::Books books = kingdom("Marrow", kBrom, {soldier(House::Brom, Colour::Green)});
  EXPECT_EQ(ck::conquer(books, kTarget, kSlaine, {}),
            (std::vector<std::string>{"Marrow is occupied: attack it first",
                                      "0 military cards under Marrow: 1 to 4 are placed"}));
  books.territories[kTarget].stack.clear();
  const std::vector<ck::MilitaryCard> five(5, ck::MilitaryCard::mercenary(Colour::Red));
  EXPECT_EQ(ck::conquer(books, kTarget, kSlaine, five).size(), 1u);
  EXPECT_TRUE(books.territories[kTarget].stack.front().face_down);
}
