#include "oa_map.hpp"

#include <cstddef>
#include <deque>

#include "seneschal/base/words.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr std::size_t kN = static_cast<std::size_t>(kRegionCount);

constexpr std::array<std::string_view, kN> kNames = {"Nornfells", "Yiqanuc",   "Rimmersgard", "Erkynland",
                                                     "Nabban",    "Thrithing", "Wran",        "Aldheorte",
                                                     "Hernystir", "Frostmarch", "Perdruin"};

// The adjacency table as printed, row by row, the cells in column order (OA:115-399). The text
// has each cell on a line of its own, so row r's cells are the 11 lines after its label.
constexpr std::array<std::string_view, kN> kPrinted = {
    "YYYNNNNNNNN",  // Nornfells     OA:137-159
    "YYYNNNNYNNN",  // Yiqanuc       OA:161-183
    "YYYNNNNNNYN",  // Rimmers-gard  OA:185-207
    "NNNYNYNYYYY",  // Erkynland     OA:209-231
    "NNNNYYYNNNY",  // Nabban        OA:233-255
    "NNNYYYYYNNY",  // Thrithing     OA:257-279
    "NNNNYYYNNNN",  // Wran          OA:281-303
    "NYNYNYNYNYN",  // Aldheorte     OA:305-327
    "NNNYNNNNYYN",  // Hernystir     OA:329-351
    "NNYYNNNYYYN",  // Frost-march   OA:353-375
    "NNNYYYNNNNY",  // Perdruin      OA:377-399
};

// The table is symmetric and its diagonal Y as printed (C5.6); were a cell mistyped here, the
// distances would quietly depend on the direction of travel, so the compiler checks it.
constexpr bool printed_table_is_sound() {
  for (std::size_t r = 0; r < kN; ++r) {
    if (kPrinted[r].size() != kN || kPrinted[r][r] != 'Y') return false;
    for (std::size_t c = 0; c < kN; ++c) {
      if (kPrinted[r][c] != 'Y' && kPrinted[r][c] != 'N') return false;
      if (kPrinted[r][c] != kPrinted[c][r]) return false;
    }
  }
  return true;
}
static_assert(printed_table_is_sound(), "the adjacency table of OA:115-399 is symmetric with a Y diagonal");

std::size_t index(Region region) { return static_cast<std::size_t>(region); }

// Lower case, without hyphens or spaces, and without a leading "the " ("the Frostmarch", OA:419).
std::string folded(std::string_view name) {
  while (!name.empty() && (name.front() == ' ' || name.front() == '\t')) name.remove_prefix(1);
  std::string lower;
  for (char c : name) lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  if (lower.rfind("the ", 0) == 0) lower.erase(0, 4);
  std::string out;
  for (char c : lower) {
    if (c != '-' && c != ' ' && c != '\t') out += c;
  }
  return out;
}

}  // namespace

const std::array<Region, kRegionCount>& all_regions() {
  static const std::array<Region, kRegionCount> kAll = {
      Region::Nornfells, Region::Yiqanuc,   Region::Rimmersgard, Region::Erkynland,  Region::Nabban,  Region::Thrithing,
      Region::Wran,      Region::Aldheorte, Region::Hernystir,   Region::Frostmarch, Region::Perdruin};
  return kAll;
}

std::string_view region_name(Region region) { return kNames.at(index(region)); }

std::optional<Region> region_from_name(std::string_view name) {
  const std::string key = folded(name);
  for (Region region : all_regions()) {
    if (key == folded(region_name(region))) return region;
  }
  // The text's own misspelling of Rimmersgard (OA:419 "from Rimmergard to Erkynland", OA:849).
  if (key == "rimmergard") return Region::Rimmersgard;
  return std::nullopt;
}

bool adjacent(Region a, Region b) { return a != b && kPrinted[index(a)][index(b)] == 'Y'; }

std::vector<Region> neighbours(Region region) {
  std::vector<Region> out;
  for (Region other : all_regions()) {
    if (adjacent(region, other)) out.push_back(other);
  }
  return out;
}

int distance(Region a, Region b) {
  std::array<int, kN> steps;
  steps.fill(-1);
  steps[index(a)] = 0;
  std::deque<Region> queue{a};
  while (!queue.empty()) {
    const Region here = queue.front();
    queue.pop_front();
    if (here == b) return steps[index(here)];
    for (Region next : neighbours(here)) {
      if (steps[index(next)] >= 0) continue;
      steps[index(next)] = steps[index(here)] + 1;
      queue.push_back(next);
    }
  }
  return steps[index(b)];  // -1 if the table ever fell apart; it is connected as printed
}

std::vector<Region> middle_regions(Region a, Region b) {
  std::vector<Region> middles;
  if (distance(a, b) != 2) return middles;
  for (Region middle : all_regions()) {
    if (adjacent(a, middle) && adjacent(middle, b)) middles.push_back(middle);
  }
  return middles;
}

bool move_allowed(Region from, Region to) {
  const int d = distance(from, to);
  return d >= 0 && d <= 2;
}

std::string move_refusal(Region from, Region to) {
  if (move_allowed(from, to)) return {};
  return trf("{0} to {1} is {2} regions away: a company moves at most 2 (OA:107)", region_name(from), region_name(to),
             distance(from, to));
}

}  // namespace seneschal::engine::ostenard
