#pragma once
// Nine's pure rules (GAMES.md Part B, B4-B5): resources, what a structure costs and whether the
// resources offered pay it, and the score of a game and a match with the King's verdict. Plain
// data in, numbers and reasons out: the module's flows (rounds, the city, the camera's quarter
// turns) come later and call these. Rules text: shared/rules/nine-solitaire-rules.txt (N9:<line>).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace seneschal::engine::nine {

// The six resources a card's long edge shows (N9:35-41). Gold stands for any but Crew (N9:41).
enum class Resource { Food, Lumber, Stone, Ore, Gold, Crew };
std::string_view resource_name(Resource resource);
std::optional<Resource> resource_from_name(std::string_view name);
// The resource as the screen says it, in the language set ("Lumber"); resource_name is its id.
std::string resource_said(Resource resource);

// The 13 structures the rules name (N9:77-85, 132-138, 187), and the five high ones.
const std::vector<std::string>& structure_names();
bool is_high_structure(std::string_view name);

// One unit of a cost: one resource, or a slash alternative ("Stone/Ore", N9:49).
using CostItem = std::vector<Resource>;

// A structure as the table taught it (B8): its cost, the structures it needs in the city, what it
// provides once per round or the VP in its shield.
struct Structure {
  std::string name;  // "Tavern"
  bool high = false;  // Castle, Cathedral, Monument, Harbour, Town Square (N9:77-85)
  std::vector<CostItem> cost;
  std::vector<std::string> needs;  // "Armoury", ... present in the city (N9:55; B7.7)
  std::optional<Resource> provides;   // "provide (up to once per round) 1 Crew" (N9:47)
  int vp = 0;                         // the number in its shield; none: 0 (B7.13)
};

// Why the resources offered do not pay the cost, or nothing when they do. Each offered unit pays
// one cost item at most; Gold pays any item but one of Crew only (N9:41, N-10); a slash item takes
// either resource (N-9); every item must be paid (N-7). `unused` names what was offered and not
// needed (a resource it does not need is not taken, N-7).
struct Payment {
  bool paid = false;
  std::vector<Resource> unused;
  std::string reason;  // "Tavern needs Lumber: Crew and Crew do not pay it"
};
Payment pay(const Structure& structure, const std::vector<Resource>& offered);

// What a payment the table made breaks, whatever it is (issue 37: a payment is entered as the
// table made it, and each rule it breaks is said). Units are matched to cost items, a resource
// before Gold standing for it; an item left unpaid is named with the rule that blocks it: Gold
// offered where Crew is due (N-10, N9:41), a resource that is neither side of a slash (N-9,
// N9:49), else the cost not covered (N-7, N9:43); a resource left over was not needed (N-7).
struct CostFault {
  int rule = 7;  // the check's number: 7, 9 or 10 (N-7 ...)
  std::string reason;
};
std::vector<CostFault> cost_faults(const Structure& structure, const std::vector<Resource>& offered);

// N-14: the required structures missing from the city ("Stonemason"), in the order required.
std::vector<std::string> missing_requirements(const Structure& structure, const std::vector<std::string>& city);

// A game's score (N9:159-166; B4), over the structures in the city at the end.
struct GameScore {
  int shields = 0;     // S: the VP in the shields
  int basic = 0;       // B: +1 for each basic (non-high) structure (B7.6)
  int doubles = 0;     // D: +1 for each additional structure of the same name
  int high_bonus = 0;  // H: +3 for each high structure beyond the first (B7.5)
  int rounds = 0;      // R: rounds played, subtracted
  int total() const { return shields + basic + doubles + high_bonus - rounds; }
};
GameScore score_game(const std::vector<Structure>& city, int rounds_played);

// The match: two games (N9:69, 155); its object is both games' VP minus all rounds (N9:89).
int match_total(const GameScore& first, const GameScore& second);

// The King's words for a match total (N9:170-180; B7.10: the match's total, negatives displeased).
// English (the state keeps it): said with tr().
std::string_view king_says(int match_total);

}  // namespace seneschal::engine::nine
