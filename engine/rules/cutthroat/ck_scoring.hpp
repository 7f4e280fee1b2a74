#pragma once
// Victory points at the end (CK:424-447; GAMES.md A4). Every number here is told at scoring or
// kept in the books; the device adds and compares, the players keep the judgement.

#include <vector>

#include "ck_books.hpp"

namespace seneschal::engine::cutthroat {

inline constexpr int kRainbowVp = 25;  // "25 VP for each full set of ALL colors" (CK:438)

// "1 VP for each [copper] 5 VP for each [silver]" (CK:428): the coin value (CK:866).
int coin_vp(const Coins& coins);

// 2 while the seat's royal heir is "unmarried and still alive" (CK:432, 824), else 1. It doubles
// the coin VP only: the glossary says "from coins" (CK:824), and the two lost icons of CK:432 are
// read as copper and silver, the two of CK:428.
int heir_multiplier(const SeatBooks& seat);

// The food retained at the Feast (CK:618) and the bastard of the seat's own house, if held
// (CK:436); a bastard of another house scores nothing.
int card_vp(const SeatBooks& seat);

// Gems: k full rainbows at 25 each, and what is left scored colour by colour as n squared
// (CK:438-447), each gem once. The FAQ takes the rainbow first (CK:461); we take the best k
// (A7.6), which gives the FAQ's own 29, and keep k so the screen can show the split.
struct GemScore {
  int vp = 0;
  int rainbows = 0;
};
GemScore gem_vp(const Gems& gems);

// The ways `gems` stones fall into the six colours, as counts of the colours held, largest first
// ({2, 1}: two of one colour and one of another), at most 6 of a colour (CK:29). A score reads
// only these counts (which colour holds which does not matter, A7.6). Ordered most colours first,
// then the evenest: a rainbow before the rest, one stone of each before a pair.
std::vector<std::vector<int>> gem_shapes(int gems);

// VP(P) = m x coin VP + card VP + gem VP.
int seat_vp(const SeatBooks& seat);

// Who scores together: a couple married at the end, or one unmarried seat (CK:561, 785).
struct Team {
  std::vector<int> seats;  // one, or the two partners, lowest seat first
  int vp = 0;
};

struct Outcome {
  std::vector<Team> teams;   // in seat order of their first seat
  std::vector<int> winners;  // every seat of every team with the most VP (CK:426)
  bool shared = false;       // more than one team tied for the most: a shared victory (A7.7)
};
Outcome score(const std::vector<SeatBooks>& seats);

}  // namespace seneschal::engine::cutthroat
