// Cutthroat Kingdoms' victory points (GAMES.md A4, A5.1; CK:424-447, 461, 561, 785, 824).

#include <gtest/gtest.h>

#include "cutthroat/ck_scoring.hpp"

namespace ck = seneschal::engine::cutthroat;

namespace {

ck::SeatBooks seat(ck::House house, ck::Coins coins = {}, ck::Gems gems = {}, int food_vp = 0) {
  ck::SeatBooks books = ck::SeatBooks::of(house);
  books.coins = coins;
  books.gems = gems;
  books.food_vp = food_vp;
  return books;
}

void marry(std::vector<ck::SeatBooks>& seats, int a, int b) {
  seats[static_cast<std::size_t>(a)].heir.married_to = b;
  seats[static_cast<std::size_t>(b)].heir.married_to = a;
}

}  // namespace

TEST(CutthroatScoringTest, ThreeGreenAndOneOfEachOtherColourScore29NotFourteen) {
  // CK:459-461: the rainbow 25 + the two greens left 4 = 29; no rainbow would give 9 + 5 = 14.
  const ck::GemScore score = ck::gem_vp({3, 1, 1, 1, 1, 1});
  EXPECT_EQ(score.vp, 29);
  EXPECT_EQ(score.rainbows, 1);
}

TEST(CutthroatScoringTest, GemsTakeTheBestNumberOfRainbows) {
  // A7.6: two full sixes and four singles: no rainbow 36 + 36 + 4 = 76 beats one rainbow
  // 25 + 25 + 25 = 75.
  EXPECT_EQ(ck::gem_vp({6, 6, 1, 1, 1, 1}).vp, 76);
  EXPECT_EQ(ck::gem_vp({6, 6, 1, 1, 1, 1}).rainbows, 0);
  // Same-colour sets score n squared (CK:444-445); two rainbows and nothing left: 50.
  EXPECT_EQ(ck::gem_vp({4, 0, 0, 0, 0, 0}).vp, 16);
  EXPECT_EQ(ck::gem_vp({2, 2, 2, 2, 2, 2}).vp, 50);
  EXPECT_EQ(ck::gem_vp({}).vp, 0);
}

// How gems fall into colours, as the counts a score reads (A7.6): most colours first, then the
// evenest; at most six colours and six of a colour (CK:29).
TEST(CutthroatScoringTest, GemShapesListEveryWayTheStonesFallIntoColours) {
  using Shapes = std::vector<std::vector<int>>;
  EXPECT_EQ(ck::gem_shapes(0), (Shapes{{}}));
  EXPECT_EQ(ck::gem_shapes(3), (Shapes{{1, 1, 1}, {2, 1}, {3}}));
  const Shapes six = ck::gem_shapes(6);
  ASSERT_EQ(six.size(), 11U);
  EXPECT_EQ(six.front(), (std::vector<int>{1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(six[1], (std::vector<int>{2, 1, 1, 1, 1}));
  EXPECT_EQ(six[2], (std::vector<int>{2, 2, 1, 1}));
  EXPECT_EQ(six[3], (std::vector<int>{3, 1, 1, 1}));
  EXPECT_EQ(six.back(), (std::vector<int>{6}));
  EXPECT_EQ(ck::gem_shapes(7).size(), 13U) << "seven stones: no 7 of a colour, no seventh colour";
  EXPECT_EQ(ck::gem_shapes(36), (Shapes{{6, 6, 6, 6, 6, 6}}));
  EXPECT_TRUE(ck::gem_shapes(37).empty());
}

TEST(CutthroatScoringTest, CoinVpIsCopperPlusFiveTimesSilver) {
  EXPECT_EQ(ck::coin_vp({7, 3}), 22);  // CK:428, 866
  EXPECT_EQ(ck::coin_vp({0, 0}), 0);
}

TEST(CutthroatScoringTest, UnmarriedLivingHeirDoublesCoinVpOnly) {
  // 7 copper + 3 silver = 22 coin VP, doubled; 3 food VP and 29 gem VP are not.
  const ck::SeatBooks alone = seat(ck::House::Brom, {7, 3}, {3, 1, 1, 1, 1, 1}, 3);
  EXPECT_EQ(ck::heir_multiplier(alone), 2);
  EXPECT_EQ(ck::seat_vp(alone), 2 * 22 + 3 + 29);

  ck::SeatBooks dead_heir = alone;
  dead_heir.heir.alive = false;  // "provided their royal heir remains alive" (CK:824)
  EXPECT_EQ(ck::heir_multiplier(dead_heir), 1);
  EXPECT_EQ(ck::seat_vp(dead_heir), 22 + 3 + 29);
}

TEST(CutthroatScoringTest, OnlyTheBastardOfTheSeatsOwnHouseScores) {
  ck::SeatBooks books = seat(ck::House::Slaine, {}, {}, 5);
  books.own_bastard_vp = 4;  // CK:436
  EXPECT_EQ(ck::card_vp(books), 9);
  books.own_bastard_vp.reset();
  EXPECT_EQ(ck::card_vp(books), 5);
}

TEST(CutthroatScoringTest, MarriedCoupleScoresTogetherWithoutTheDoubleAndWinsTogether) {
  // Ann and Cat married: each scores coins once (CK:432), the couple adds (CK:561):
  // Ann 10 + Cat 12 = 22 beats Ben's doubled 2 x 9 = 18 and Dan's 20.
  std::vector<ck::SeatBooks> seats = {seat(ck::House::Brom, {10, 0}), seat(ck::House::Crone, {4, 1}),
                                      seat(ck::House::Slaine, {2, 2}), seat(ck::House::Tyber, {0, 2}, {}, 10)};
  seats[3].heir.alive = false;
  marry(seats, 0, 2);
  const ck::Outcome outcome = ck::score(seats);
  ASSERT_EQ(outcome.teams.size(), 3u);
  EXPECT_EQ(outcome.teams[0].seats, (std::vector<int>{0, 2}));
  EXPECT_EQ(outcome.teams[0].vp, 22);
  EXPECT_EQ(outcome.teams[1].vp, 18);
  EXPECT_EQ(outcome.teams[2].vp, 20);
  EXPECT_EQ(outcome.winners, (std::vector<int>{0, 2}));
  EXPECT_FALSE(outcome.shared);
}

TEST(CutthroatScoringTest, MarriedCoupleLosesTogether) {
  // The same couple against Ben's 30 copper, doubled to 60: the couple's 22 loses, both partners
  // with it (CK:785).
  std::vector<ck::SeatBooks> seats = {seat(ck::House::Brom, {10, 0}), seat(ck::House::Crone, {30, 0}),
                                      seat(ck::House::Slaine, {2, 2})};
  marry(seats, 0, 2);
  const ck::Outcome outcome = ck::score(seats);
  EXPECT_EQ(outcome.winners, (std::vector<int>{1}));
}

TEST(CutthroatScoringTest, TieForTheMostIsASharedVictory) {
  // Ben 2 x 15 = 30 and Dan 1 x 30 (dead heir) = 30 tie above Ann's 2 x 10 and Cat's 2 x 5 (A7.7).
  std::vector<ck::SeatBooks> seats = {seat(ck::House::Brom, {10, 0}), seat(ck::House::Crone, {0, 3}),
                                      seat(ck::House::Cawdwell, {5, 0}), seat(ck::House::Tyber, {0, 6})};
  seats[3].heir.alive = false;
  const ck::Outcome outcome = ck::score(seats);
  EXPECT_EQ(outcome.winners, (std::vector<int>{1, 3}));
  EXPECT_TRUE(outcome.shared);
}
