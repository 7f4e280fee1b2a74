#pragma once
// The kingdom map and accessibility (CK:381-389, 721-727, 812; GAMES.md A5.2-A5.4).
//
// The tome never gives the playmat's adjacency (A7.5): the default is a row of slots in the order
// dealt, the table may link any two slots, and the combat examples' row (Three Rivers - Nyghtwald -
// The Hanging Tongue - Marrow, `tables.example_map`) can be laid onto the slots holding those cards.
//
// How "path" is read (CK:386, 653-663): a target is accessible across "All territories ...
// unoccupied in between one territory owned by the attacking player and the target". We read "in
// between" as the inner slots of a chain of linked slots from one of the attacker's territories to
// the target; any such chain will do (the tome's row has only one). An occupied territory of
// another seat in the chain needs that owner's passage (CK:389, "negotiate for each territory they
// must pass through", CK:812); a granted passage makes the territory beyond accessible (CK:812).
// Among the chains we choose the one needing the fewest passages, so the check names the fewest
// owners to deal with.

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "ck_books.hpp"
#include "seneschal/base/result.hpp"

namespace seneschal::engine::cutthroat {

// Slots 0..n-1 in a row (A7.5).
std::vector<Link> row_links(int slots);
// Title pairs, as in the card data's `tables.example_map.adjacent`, laid onto the slots holding
// those titles. A title no slot holds is an error naming it.
Result<std::vector<Link>> links_from_titles(const nlohmann::json& pairs, const std::vector<Territory>& territories);
bool adjacent(const std::vector<Link>& links, int a, int b);

enum class Access {
  OwnsNone,        // the attacker owns no territory: any is accessible (CK:387)
  Adjacent,        // next to one of the attacker's (CK:385)
  UnoccupiedPath,  // only unoccupied territories in between (CK:386)
  PassageGranted,  // through another's territory by a logged deal (CK:812)
  NeedsPassage,    // a check: passage through `passage` is still to be negotiated (CK:389)
  Unreachable,     // no chain of linked slots reaches the target at all
};

struct Accessibility {
  Access how = Access::Unreachable;
  std::vector<int> passage;  // slots whose owners must let the attacker through, attacker's side first
  bool accessible() const { return how != Access::NeedsPassage && how != Access::Unreachable; }
};

// Whether `attacker` (a seat) may attack or conquer the territory in slot `target` now, with the
// passages granted this turn (Books::passages). A marriage grants no passage: a partner's
// territory needs a deal like anyone's (choice; deals are free, CK:124).
Accessibility accessibility(const Books& books, int attacker, int target);

// The check's words: "Three Rivers is not accessible: passage through Nyghtwald (Slaine)".
std::string access_reason(const Books& books, int target, const Accessibility& access);

}  // namespace seneschal::engine::cutthroat
