#pragma once
// Osten Ard deck construction (OA:927-949; GAMES.md C4 "Deck", C5.3, C5.7, C7.21; check OA-56).
// Counts per rarity in, a verdict with its numbers out; reading a deck list and telling each card's
// rarity is the caller's (the card data states the rarity of the seven ultrarares only, C8).
//
// The rules give two ways to build a deck, joined by "OR" (OA:927-929):
//   ratio:  "max 1/6 rares, max 1/3 uncommons, as many commons and missions as you wish"
//   points: "Ultrarares count as 8 points, rares count as 5 points for deck construction, Uncommon
//            as 2, and Commons and missions as 0. Your deck may not have more than 100 points."
// A deck is legal if either holds (C4, C7.21); the verdict says which did, or both.
//
// Readings where the rules are silent (for the module README):
// - Ultrarares under the ratio rule count as rares: they share the 1/6. The ratio rule does not name
//   them (C7.21), but its "as many commons and missions as you wish" lists what is unlimited, so
//   ultrarares are limited; they are rarer than rares and the points rule prices them above rares,
//   so the rares' limit is the least they can be held to, and forbidding them outright is more than
//   the text says.
// - "1/6" and "1/3" of the deck round down (C7.21): with 61 cards, at most 10 rares and 20
//   uncommons; exactly 1/6 and exactly 1/3 are allowed ("max").
// - "may not have more than 100 points": exactly 100 is allowed.
// - A mission counts as a mission whatever rarity it bears: both rules say missions are free
//   ("as many ... missions as you wish", "missions as 0"). A title on the ultrarares list counts as
//   an ultrarare whatever its type: the list is the rules' only word on those cards.
// - The deck size is not given by the rules (C7.3) and the check sets none. Cards beyond the counts
//   (a rarity the list does not give) count toward the size only: they are `unrated` in the verdict.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "seneschal/base/result.hpp"

namespace seneschal::engine::ostenard {

// The classes deck construction prices (OA:927-929): the four rarities, and missions beside them.
enum class Rarity { Ultrarare, Rare, Uncommon, Common, Mission };
std::string_view rarity_name(Rarity rarity);  // "ultrarare", as the card data's `rarity` attribute
std::optional<Rarity> rarity_from_name(std::string_view name);  // any case; "ultra-rare" too

// "Ultrarares count as 8 points, rares ... 5 ..., Uncommon as 2, and Commons and missions as 0"
// (OA:929).
int rarity_points(Rarity rarity);
inline constexpr int kMaxDeckPoints = 100;  // "Your deck may not have more than 100 points" (OA:929)

struct RarityCounts {
  int ultrarare = 0;
  int rare = 0;
  int uncommon = 0;
  int common = 0;
  int mission = 0;

  int total() const { return ultrarare + rare + uncommon + common + mission; }
  void add(Rarity rarity, int count = 1);
};

// Which of the two ways a deck meets (C4: legal iff either).
enum class DeckRule { Neither, Ratio, Points, Both };
std::string_view deck_rule_name(DeckRule rule);  // "neither rule", "the ratio rule", ...

// The verdict, with the numbers behind it so the device can show them either way.
struct DeckCheck {
  DeckRule passed = DeckRule::Neither;
  int size = 0;            // the deck size given
  int unrated = 0;         // cards in the size beyond the counts
  int rares = 0;           // rares and ultrarares, as the ratio rule counts them
  int rare_limit = 0;      // size / 6, rounded down
  int uncommon_limit = 0;  // size / 3, rounded down
  int points = 0;          // 8 UR + 5 R + 2 U
  // Each rule's sentence, filled whatever the verdict:
  //   "12 rares in 60 cards: more than 1/6 (10)"
  //   "8x2 + 5x12 + 2x20 = 116 points: more than 100"
  std::string ratio_words;
  std::string points_words;
  // Empty for a legal deck; otherwise both rules' sentences: "<ratio_words>; <points_words>".
  std::string reason;

  bool legal() const { return passed != DeckRule::Neither; }
};

// The deck check (OA-56). An error for counts no deck can have: a negative count, or a size smaller
// than the cards counted ("a deck of 50 cards cannot hold the 60 counted by rarity").
Result<DeckCheck> check_deck(const RarityCounts& counts, int deck_size);

// The ultrarares list (OA:935-949), as printed ("Rhuyans Own" without an apostrophe, "Threat Of War"
// with a capital O).
const std::array<std::string_view, 7>& ultrarare_titles();

// Whether a deck list's title is on the list. Case and apostrophes (' and ’) do not matter, so a
// list's "Rhuyan's Own" or "Threat of War" is found; anything else must be spelt as printed.
bool is_ultrarare(std::string_view title);

}  // namespace seneschal::engine::ostenard
