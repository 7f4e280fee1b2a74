// Cutthroat Kingdoms' setup sizes, event clock and votes (GAMES.md A4, A5.9, A5.10; CK:189-200,
// 219, 595, 832-840).

#include <gtest/gtest.h>

#include "cutthroat/ck_clock.hpp"

namespace ck = seneschal::engine::cutthroat;

TEST(CutthroatClockTest, FourSeatsPlaySixTerritoriesAndTheThreePlusAndFourPlusEvents) {
  // A5.10: "in a 4 player game, the 3+ and 4+ cards are used" (CK:189); "Draw two, plus one for
  // each player" (CK:219).
  EXPECT_EQ(ck::territories_in_play(4), 6);
  EXPECT_EQ(ck::indicators_in_deck(4), (std::vector<std::string>{"3+", "4+"}));
  EXPECT_TRUE(ck::event_in_deck("3+", 4));
  EXPECT_TRUE(ck::event_in_deck("4+", 4));
  EXPECT_FALSE(ck::event_in_deck("5+", 4));
  EXPECT_FALSE(ck::event_in_deck("6+", 4));
}

TEST(CutthroatClockTest, ThreeAndSixSeatsScaleTheKingdomAndTheEventDeck) {
  EXPECT_EQ(ck::territories_in_play(3), 5);
  EXPECT_EQ(ck::indicators_in_deck(3), (std::vector<std::string>{"3+"}));
  EXPECT_FALSE(ck::event_in_deck("4+", 3));
  EXPECT_EQ(ck::territories_in_play(6), 8);
  EXPECT_EQ(ck::indicators_in_deck(6), (std::vector<std::string>{"3+", "4+", "5+", "6+"}));
  EXPECT_TRUE(ck::event_in_deck("6+", 6));
}

TEST(CutthroatClockTest, IndicatorTextOtherThanNumberPlusIsNoIndicator) {
  EXPECT_EQ(ck::indicator_value("5+"), 5);
  EXPECT_FALSE(ck::indicator_value("5").has_value());
  EXPECT_FALSE(ck::indicator_value("+").has_value());
  EXPECT_FALSE(ck::indicator_value("x+").has_value());
  EXPECT_FALSE(ck::event_in_deck("all", 6));
}

TEST(CutthroatClockTest, TurnsGoClockwiseFromTheStartingSeat) {
  // Ann, Ben, Cat, Dan; Cat (seat 2) starts: turn t is seat (2 + t - 1) mod 4.
  EXPECT_EQ(ck::seat_for_turn(1, 2, 4), 2);
  EXPECT_EQ(ck::seat_for_turn(2, 2, 4), 3);
  EXPECT_EQ(ck::seat_for_turn(3, 2, 4), 0);
  EXPECT_EQ(ck::seat_for_turn(6, 2, 4), 3);
}

TEST(CutthroatClockTest, WhoeverPlaysTurnEDrawsTheRoyalFeastAndServesFirst) {
  // A deck of 15 events, Cat (seat 2) starting: Welcome to Aurum on turn 1, the Royal Wedding at
  // card 8 (about half-way, CK:192), drawn by (2 + 7) mod 4 = 1, Ben; the Royal Feast on turn 15 by
  // (2 + 14) mod 4 = 0,
  // Ann, who serves first (CK:595).
  const ck::EventClock clock = ck::event_clock(15, 2);
  EXPECT_EQ(clock.wedding_at, 8);
  EXPECT_EQ(clock.feast_at, 15);
  EXPECT_EQ(ck::wedding_drawer(clock, 4), 1);
  EXPECT_EQ(ck::feast_drawer(clock, 4), 0);
  // Five seats, the same deck: (2 + 14) mod 5 = 1, Ben.
  EXPECT_EQ(ck::feast_drawer(clock, 5), 1);
  // An even deck puts the Wedding at exactly half: 14 cards, card 7.
  EXPECT_EQ(ck::event_clock(14, 0).wedding_at, 7);
}

TEST(CutthroatClockTest, SeatsWithTheLeastGetOneExtraVoteEach) {
  // CK:836: one vote each, plus one for the player(s) with the least; a tie for the least gives
  // both the extra vote.
  EXPECT_EQ(ck::vote_weights(4, {1}), (std::vector<int>{1, 2, 1, 1}));
  EXPECT_EQ(ck::seats_with_least({7, 3, 9, 3}), (std::vector<int>{1, 3}));
  EXPECT_EQ(ck::vote_weights(4, ck::seats_with_least({7, 3, 9, 3})), (std::vector<int>{1, 2, 1, 2}));
  EXPECT_EQ(ck::vote_weights(3, {2, 2}), (std::vector<int>{1, 1, 2}));
}

TEST(CutthroatClockTest, MostVotesWinsAndATieDecidesNothing) {
  // A5.9 (CK:840): proposals Bob (0) and Maria (1); Jen's proposal, Maria, gets the most votes.
  // Bob, Jen, Maria, and a fourth player paid by Jen; Bob has the least and votes twice.
  const std::vector<int> weights = ck::vote_weights(4, {0});
  EXPECT_EQ(ck::vote_winner({0, 1, 1, 1}, weights, 2), 1);
  // Bob's two votes against two for Maria: no decision (CK:838).
  EXPECT_FALSE(ck::vote_winner({0, 1, 1, -1}, weights, 2).has_value());
  EXPECT_FALSE(ck::vote_winner({-1, -1, -1, -1}, weights, 2).has_value());
}
