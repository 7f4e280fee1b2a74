#pragma once
// The Osten Ard map (GAMES.md C4 "Region distance", C5.1, C5.6; check OA-25): the eleven regions,
// which touch which, how far apart two regions are and whether a company may move between them.
// Plain regions in, answers out; the module's movement flow (which company, which location, the
// hazards on the way) comes later and calls these. Rules text: shared/rules/osten-ard-ccg-rules.txt
// (OA:<line>).
//
// Why a printed table and a search rather than a distance matrix: the rules print only the
// adjacency table (OA:115-399, one Y/N cell per line in the text we have) and define movement by it
// ("in an adjacent region or ... a region adjacent to a region adjacent to their current region",
// OA:107). Distances are searched on that table, so the one thing copied from the rules is the thing
// they print; GAMES.md C4's matrix is the test's expectation, not the code's data.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace seneschal::engine::ostenard {

// In the order of the table's columns and rows (OA:115-135, 137-377).
enum class Region {
  Nornfells,
  Yiqanuc,
  Rimmersgard,
  Erkynland,
  Nabban,
  Thrithing,
  Wran,
  Aldheorte,
  Hernystir,
  Frostmarch,
  Perdruin,
};
inline constexpr int kRegionCount = 11;

// The eleven, in table order.
const std::array<Region, kRegionCount>& all_regions();

// The unhyphenated name the rules also print (the row labels, CARDS.md): "Frostmarch".
std::string_view region_name(Region region);

// A region from any way the rules print it: the column headers' hyphenations ("Norn-fells",
// "Yiqa-nuc", "Thri-thing", "Ald-heorte", "Herny-stir", "Frost-march"), the row labels'
// ("Rimmers-gard"), the plain names, the text's "Rimmergard" (OA:419, 849) and "the Frostmarch"
// (OA:419). Case, hyphens, spaces and a leading "the " do not matter. Peoples and rulerships are
// not regions: "Qanuc" (OA:849, 913), "Hernystiri" (OA:633) give nothing.
std::optional<Region> region_from_name(std::string_view name);

// Y in the printed table, off the diagonal: the diagonal is printed Y too (a company may always
// move within its region, OA:107), but a region is at distance 0 from itself, not 1.
bool adjacent(Region a, Region b);

// The regions adjacent to `region`, in table order.
std::vector<Region> neighbours(Region region);

// The fewest steps between adjacent regions from a to b: 0 for the same region. Searched
// breadth-first on the printed table. The table joins all eleven, so there is always an answer.
int distance(Region a, Region b);

// For a pair at distance 2, the regions a company may pass through: those adjacent to both, in table
// order. One for most pairs (Rimmersgard - Erkynland: the Frostmarch only, OA:419); two for seven
// pairs (GAMES.md C4), and then the device asks which, because hazards are keyed to the regions
// moved through (OA:419, C7.10). Empty for any other distance: there is no middle to choose.
std::vector<Region> middle_regions(Region a, Region b);

// "your companies may move ... to a location in same region, in an adjacent region or to a location
// in a region adjacent to a region adjacent to their current region" (OA:107): distance <= 2.
// "Unless prohibited by another card": cards are the caller's business.
bool move_allowed(Region from, Region to);

// Why a move is refused, for the check (OA-25), or empty when it is allowed:
// "Nornfells to Nabban is 4 regions away: a company moves at most 2 (OA:107)".
std::string move_refusal(Region from, Region to);

}  // namespace seneschal::engine::ostenard
