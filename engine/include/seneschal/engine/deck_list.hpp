#pragma once
// A deck list as players write it: "<count> <title>" per line, '#' comments, blank lines.
//   # Malchior championship deck
//   1 Protectorate of Malchior
//   3 Hektor
// Titles resolve against the game's card data; a line that does not is an error naming file
// and line, so a typo never silently drops a card from a deck. Every bad line is named in one
// error (a line each, with the nearest title when one is near), so one run finds every typo.

#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card.hpp"

namespace seneschal::engine {

struct DeckEntry {
  int line = 0;
  int count = 0;
  const Card* card = nullptr;  // points into the CardDatabase the list was parsed against
};

struct DeckList {
  std::string origin;
  std::vector<DeckEntry> entries;

  int total() const;
};

// A rule of deck building that a list breaks, for the player to fix.
struct DeckProblem {
  int line = 0;       // 0: the deck as a whole
  std::string title;  // the card concerned, if any
  std::string rule;
};

// What a game's deck rules say of a list.
struct DeckReport {
  std::vector<DeckProblem> problems;
  int counted_cards = 0;               // the cards that count toward the game's deck size
  std::vector<std::string> unchecked;  // what the card data does not know enough to check
  // How the rules found the deck, legal or not, where a game has more than one way to be legal
  // ("legal by the points rule: 8x0 + 5x6 + 2x6 = 42 points"); shown after the problems.
  std::vector<std::string> notes;
};

Result<DeckList> parse_deck_list(std::string_view text, std::string_view origin, const CardDatabase& cards);

}  // namespace seneschal::engine
