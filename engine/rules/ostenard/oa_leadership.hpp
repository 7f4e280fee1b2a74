#pragma once
// Osten Ard organization arithmetic (OA:45, 57-89, 669-697; GAMES.md C2 "Resource" and
// "Organization", C4 "Leadership", "Army upkeep", "Draws"; checks OA-7, OA-11, OA-12): whether a
// player's leaders can hold his followers, how much leadership is left over, how many cards the
// armies cost, and how many cards the Resource phase draws. Plain data in, answers out; the
// module's Organization flow (the prompts, the discards, the camera) comes later and calls these.
// Rules text: shared/rules/osten-ard-ccg-rules.txt (OA:<line>).
//
// Why a flow and not two sums: "Add all the Leadership values ... Total the combined loyalty ...
// discard personalities until LE >= LO" (OA:61) compares totals, but the lines after it say which
// point may pay for which follower: generic "against everything", specific "against everything
// with a matching allegiance" (OA:65-69), generic may stand in for specific "but NOT vv" (OA:75),
// nothing across an enemy attribute (OA:73, 795), Aedon not for specific except priests (OA:81). So
// LE >= LO is necessary, not enough: the points are a bipartite flow from leaders to followers, and
// the organization is legal iff a flow pays every follower's loyalty (C4). Inputs are a handful of
// personalities; the flow is exact (Edmonds-Karp).
//
// Readings where the rules are silent (for the module README):
// - Followers (C7.6): every personality but the leaders that have the starting allegiance; a
//   leader of another allegiance is a follower too, and does not pay its own loyalty.
// - A point may be split: a follower's loyalty may be paid by several leaders (the rule compares
//   totals, OA:61).
// - "matching allegiance" (OA:69): the follower shares one of the leader's allegiances. "Aedon do
//   not count for conditional leadership (except for priests of course)" (OA:81): a shared Aedon
//   allegiance matches only a priest; another shared allegiance matches anyone.
// - Enmity (OA:73, 795): a pair of allegiances whose cards have an enemy attribute towards each
//   other (or one towards the other: either blocks both ways, since the rule forbids both
//   directions); a card's own enemy attributes, listed on it, block the same way. Blocked pairs get
//   no point, generic or specific.
// - A noble at its homebase (OA:79; C7.5): +1 generic per noble, and it is that noble's point:
//   the noble's enmity applies to it. A noble without a leadership value is not a leader (OA:61):
//   it is a follower that carries a point it may not spend on itself.
// - Not legal: the fewest followers whose discard leaves the rest paid (a discarded follower that
//   is also a leader takes its leadership with it), the least loyalty on a tie, then the lowest
//   indices. The rules let the player choose whom to discard (OA:61); this is the
//   device's proposal and the list of who is not held.
// - Unused LE is every point a maximum assignment leaves, generic or specific (C7.26).
// - Upkeep (C7.7): ">=", one point of unused leadership or one card per army. The literal ">" of
//   OA:85 ("unused LE + number of cards discarded > total number of armies") would make a player
//   with no army and no spare leadership discard a card every turn: max(0, W - unused + 1).
// - Draws (OA:45, 669-697): one per location controlled. A fortress and its outside held by one
//   player draw once (OA:697); the outside alone draws nothing while another player holds the
//   fortress ("but only you may draw a card from that location", OA:679), and draws one while
//   nobody holds the fortress. +1 per noble at its homebase (OA:79; C7.5).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace seneschal::engine::ostenard {

// "Aedon do not count for conditional leadership" (OA:81): the allegiance's code (CARDS.md "A") or
// its name, in any case. Allegiances are compared in any case, Aedon's code and name as one; other
// codes and names are not translated (the caller writes them one way, CARDS.md's codes).
bool is_aedon(std::string_view allegiance);

struct Leader {
  std::string name;
  int generic = 0;   // A: "Generic leadership (against everything)" (OA:67)
  int specific = 0;  // B: "Specific leadership (against everything with a matching allegiance)" (OA:69)
  std::vector<std::string> allegiances;
  std::vector<std::string> enemies;  // its enemy attributes, as allegiances
  bool noble_at_homebase = false;    // +1 generic (OA:79; C7.5)
};

struct Follower {
  std::string name;
  int loyalty = 0;  // "the amount of leadership needed to control the personality" (OA:845)
  std::vector<std::string> allegiances;
  std::vector<std::string> enemies;
  bool priest = false;
  std::optional<std::size_t> as_leader;  // the same card among the leaders: it does not lead itself
};

// Cards of allegiance `a` and cards of allegiance `b` have an enemy attribute between them.
struct Enmity {
  std::string a;
  std::string b;
};

// A personality as the table knows it, before it is sorted into leaders and followers.
struct Personality {
  std::string name;
  int generic = 0;
  int specific = 0;
  int loyalty = 0;
  std::vector<std::string> allegiances;
  std::vector<std::string> enemies;
  bool priest = false;
  bool noble_at_homebase = false;
};

struct Organization {
  std::vector<Leader> leaders;
  std::vector<Follower> followers;
  std::vector<std::size_t> leader_of;    // leaders[i] is personalities[leader_of[i]]
  std::vector<std::size_t> follower_of;  // followers[j] is personalities[follower_of[j]]
};

// Sorts a player's personalities (OA:61; C7.6): leaders are "personalities with a leadership
// value", and a noble at its homebase for its +1; followers are all "except leaders with your
// starting allegiance".
Organization organize(const std::vector<Personality>& personalities, std::string_view starting_allegiance);

// Which points of a leader may pay a follower's loyalty.
enum class Points { Generic, Specific };
bool may_lead(const Leader& leader, const Follower& follower, Points points, const std::vector<Enmity>& enmity);

// Points paid by one leader to one follower in the assignment found.
struct Grant {
  std::size_t leader = 0;
  std::size_t follower = 0;
  Points points = Points::Generic;
  int amount = 0;
};

struct LeadershipCheck {
  bool legal = false;  // every follower's loyalty paid
  int le = 0;          // all leadership, the nobles' +1 included
  int lo = 0;          // all loyalty
  int used = 0;        // the points a maximum assignment pays
  int unused = 0;      // le - used
  std::vector<Grant> grants;
  // Not legal: the fewest followers to discard for the rest to be paid (indices into followers).
  // Searched exactly up to 16 followers; beyond, those a maximum assignment leaves unpaid.
  std::vector<std::size_t> uncovered;
  // "LE 5 against LO 6 (OA:61)" or "LE 7 against LO 6, but only 4 can be paid under the matching
  // rules (OA:65-81)", then "Not held: Isorn (loyalty 3)"; empty when legal.
  std::vector<std::string> reasons;
};

LeadershipCheck check_leadership(const std::vector<Leader>& leaders, const std::vector<Follower>& followers,
                                 const std::vector<Enmity>& enmity);

// ---- Army upkeep (OA:85; C5.5, C7.7) ------------------------------------------------------------

inline constexpr int kArmyAwayWeight = 3;  // "count armies in a region not their home region as 3 armies" (OA:85)

// W: each army in its home region 1, each elsewhere 3.
int army_weight(int armies_in_home_region, int armies_elsewhere);
// Cards to discard from hand: max(0, W - unused LE) (C7.7).
int upkeep_discards(int army_weight, int unused_leadership);

// ---- Draws in the Resource phase (OA:45, 79, 669-697; C4, C7.5) ---------------------------------

// A location on the table and who holds it. A fortress has an inside (`controller`) and an outside
// (`outside_controller`, OA:677-695); a normal location only `controller`.
struct HeldLocation {
  std::string name;
  bool fortress = false;
  std::optional<int> controller;
  std::optional<int> outside_controller;
};

// The cards `seat` draws for its locations.
int location_draws(int seat, const std::vector<HeldLocation>& locations);
// "Draw cards equal to the number of locations you control" (OA:45) + 1 per noble at its homebase.
int resource_draws(int seat, const std::vector<HeldLocation>& locations, int nobles_at_homebase);

}  // namespace seneschal::engine::ostenard
