// The Osten Ard map against the rules' adjacency table and GAMES.md Part C: the eleven regions
// (C5.6), every cell of the C4 distance matrix against the breadth-first search, the one middle
// region of Rimmersgard - Erkynland (C5.1, OA:419), the seven pairs with two middle regions (C4),
// the two-region move (OA:107) and the spellings the rules print (OA:115-377, 419, 849).

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>
#include <utility>

#include "ShippedCards.hpp"
#include "ostenard/oa_map.hpp"

namespace seneschal::engine::ostenard {
namespace {

using R = Region;

// GAMES.md C4, row to column, regions in table order. Typed in from the spec, not computed: the
// code searches the printed table, and this is what it must find.
constexpr std::array<std::array<int, kRegionCount>, kRegionCount> kC4Distances = {{
    // Norn Yiqa Rimm Erky Nabb Thri Wran Aldh Hern Fros Perd
    {0, 1, 1, 3, 4, 3, 4, 2, 3, 2, 4},  // Nornfells
    {1, 0, 1, 2, 3, 2, 3, 1, 3, 2, 3},  // Yiqanuc
    {1, 1, 0, 2, 4, 3, 4, 2, 2, 1, 3},  // Rimmersgard
    {3, 2, 2, 0, 2, 1, 2, 1, 1, 1, 1},  // Erkynland
    {4, 3, 4, 2, 0, 1, 1, 2, 3, 3, 1},  // Nabban
    {3, 2, 3, 1, 1, 0, 1, 1, 2, 2, 1},  // Thrithing
    {4, 3, 4, 2, 1, 1, 0, 2, 3, 3, 2},  // Wran
    {2, 1, 2, 1, 2, 1, 2, 0, 2, 1, 2},  // Aldheorte
    {3, 3, 2, 1, 3, 2, 3, 2, 0, 1, 2},  // Hernystir
    {2, 2, 1, 1, 3, 2, 3, 1, 1, 0, 2},  // Frostmarch
    {4, 3, 3, 1, 1, 1, 2, 2, 2, 2, 0},  // Perdruin
}};

int c4(Region a, Region b) { return kC4Distances[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)]; }

std::string pair_name(Region a, Region b) { return std::string(region_name(a)) + "-" + std::string(region_name(b)); }

// C5.6: "symmetric, 11 regions" (OA:115-399).
TEST(OstenArdMapTest, ElevenRegionsInTheTablesOrder) {
  const std::array<std::string_view, 11> printed_order = {"Nornfells", "Yiqanuc",   "Rimmersgard", "Erkynland",
                                                          "Nabban",    "Thrithing", "Wran",        "Aldheorte",
                                                          "Hernystir", "Frostmarch", "Perdruin"};
  ASSERT_EQ(all_regions().size(), 11u);
  for (std::size_t i = 0; i < printed_order.size(); ++i) EXPECT_EQ(region_name(all_regions()[i]), printed_order[i]);
}

// C5.6: the printed table is symmetric; a region is not its own neighbour (distance 0, not 1).
TEST(OstenArdMapTest, AdjacencyIsSymmetricAndNoRegionIsItsOwnNeighbour) {
  for (Region a : all_regions()) {
    EXPECT_FALSE(adjacent(a, a)) << region_name(a);
    for (Region b : all_regions()) EXPECT_EQ(adjacent(a, b), adjacent(b, a)) << pair_name(a, b);
  }
}

// C4 / C5.6: adjacency is exactly distance 1 of the C4 matrix, which is also what the Y cells of
// OA:137-399 say (Yiqanuc's row: Nornfells, Rimmersgard, Aldheorte).
TEST(OstenArdMapTest, AdjacentExactlyWhereTheC4MatrixSaysOne) {
  for (Region a : all_regions()) {
    for (Region b : all_regions()) EXPECT_EQ(adjacent(a, b), c4(a, b) == 1) << pair_name(a, b);
  }
  EXPECT_EQ(neighbours(R::Yiqanuc), (std::vector<Region>{R::Nornfells, R::Rimmersgard, R::Aldheorte}));
  EXPECT_EQ(neighbours(R::Wran), (std::vector<Region>{R::Nabban, R::Thrithing}));
}

// C5.6 / C4: the whole matrix, cell by cell, against the search over the printed table.
TEST(OstenArdMapTest, SearchedDistancesMatchTheC4MatrixCellByCell) {
  for (Region a : all_regions()) {
    for (Region b : all_regions()) {
      EXPECT_EQ(distance(a, b), c4(a, b)) << pair_name(a, b);
      EXPECT_EQ(distance(a, b), distance(b, a)) << pair_name(a, b);
    }
  }
}

// C5.1, OA:419: "a company moving from Rimmergard to Erkynland moves through the Frostmarch".
TEST(OstenArdMapTest, RimmersgardToErkynlandPassesThroughTheFrostmarchOnly) {
  EXPECT_EQ(distance(R::Rimmersgard, R::Erkynland), 2);
  EXPECT_TRUE(move_allowed(R::Rimmersgard, R::Erkynland));
  EXPECT_EQ(middle_regions(R::Rimmersgard, R::Erkynland), std::vector<Region>{R::Frostmarch});
  EXPECT_EQ(middle_regions(R::Erkynland, R::Rimmersgard), std::vector<Region>{R::Frostmarch});
}

// C4: "Pairs at distance 2 with two possible middle regions (the device asks which)": these seven,
// with these middles; every other pair at distance 2 has exactly one.
TEST(OstenArdMapTest, ExactlySevenPairsAtDistanceTwoHaveTwoMiddleRegions) {
  using Pair = std::pair<Region, Region>;
  const std::vector<std::pair<Pair, std::set<Region>>> two_middles = {
      {{R::Erkynland, R::Nabban}, {R::Thrithing, R::Perdruin}},
      {{R::Aldheorte, R::Rimmersgard}, {R::Yiqanuc, R::Frostmarch}},
      {{R::Aldheorte, R::Hernystir}, {R::Erkynland, R::Frostmarch}},
      {{R::Aldheorte, R::Perdruin}, {R::Erkynland, R::Thrithing}},
      {{R::Frostmarch, R::Yiqanuc}, {R::Rimmersgard, R::Aldheorte}},
      {{R::Frostmarch, R::Thrithing}, {R::Erkynland, R::Aldheorte}},
      {{R::Perdruin, R::Wran}, {R::Nabban, R::Thrithing}},
  };
  const auto listed = [&](Region a, Region b) -> const std::set<Region>* {
    for (const auto& [pair, middles] : two_middles) {
      if (pair == Pair{a, b} || pair == Pair{b, a}) return &middles;
    }
    return nullptr;
  };
  int pairs_with_two = 0;
  for (Region a : all_regions()) {
    for (Region b : all_regions()) {
      if (static_cast<int>(a) >= static_cast<int>(b) || distance(a, b) != 2) continue;
      const std::vector<Region> middles = middle_regions(a, b);
      const std::set<Region> found(middles.begin(), middles.end());
      if (const std::set<Region>* expected = listed(a, b)) {
        EXPECT_EQ(found, *expected) << pair_name(a, b);
        ++pairs_with_two;
      } else {
        EXPECT_EQ(middles.size(), 1u) << pair_name(a, b);
      }
    }
  }
  EXPECT_EQ(pairs_with_two, 7);
}

// The middle region is a thing only at distance 2: no choice to ask for otherwise.
TEST(OstenArdMapTest, MiddleRegionsAreEmptyAwayFromDistanceTwo) {
  EXPECT_TRUE(middle_regions(R::Erkynland, R::Erkynland).empty());  // same region
  EXPECT_TRUE(middle_regions(R::Erkynland, R::Hernystir).empty());  // adjacent
  EXPECT_TRUE(middle_regions(R::Nornfells, R::Erkynland).empty());  // 3 away
  EXPECT_TRUE(middle_regions(R::Nornfells, R::Nabban).empty());     // 4 away
}

// OA:107 "in same region, in an adjacent region or ... a region adjacent to a region adjacent":
// allowed iff the C4 distance is at most 2 (OA-25).
TEST(OstenArdMapTest, MoveAllowedUpToTwoRegionsAway) {
  for (Region a : all_regions()) {
    for (Region b : all_regions()) {
      EXPECT_EQ(move_allowed(a, b), c4(a, b) <= 2) << pair_name(a, b);
      EXPECT_EQ(move_refusal(a, b).empty(), move_allowed(a, b)) << pair_name(a, b);
    }
  }
  EXPECT_TRUE(move_allowed(R::Wran, R::Wran));
  EXPECT_TRUE(move_allowed(R::Nornfells, R::Aldheorte));  // 2, through Yiqanuc
  EXPECT_FALSE(move_allowed(R::Nornfells, R::Erkynland));  // 3
}

// OA-25's check names both regions and the distance.
TEST(OstenArdMapTest, RefusedMoveSaysHowFarAndTheRule) {
  EXPECT_EQ(move_refusal(R::Nornfells, R::Nabban),
            "Nornfells to Nabban is 4 regions away: a company moves at most 2 (OA:107)");
}

// The spellings the rules print: column headers OA:115-135, row labels OA:137-377, "from
// Rimmergard" and "the Frostmarch" (OA:419), "Rimmergard" again (OA:849), lower case "hernystir"
// (OA:633).
TEST(OstenArdMapTest, EveryPrintedSpellingNamesItsRegion) {
  const std::vector<std::pair<std::string_view, Region>> printed = {
      {"Norn-fells", R::Nornfells},     {"Nornfells", R::Nornfells},     {"Yiqa-nuc", R::Yiqanuc},
      {"Yiqanuc", R::Yiqanuc},          {"Rimmersgard", R::Rimmersgard}, {"Rimmers-gard", R::Rimmersgard},
      {"Rimmergard", R::Rimmersgard},   {"Erkynland", R::Erkynland},     {"Nabban", R::Nabban},
      {"Thri-thing", R::Thrithing},     {"Thrithing", R::Thrithing},     {"Wran", R::Wran},
      {"Ald-heorte", R::Aldheorte},     {"Aldheorte", R::Aldheorte},     {"Herny-stir", R::Hernystir},
      {"Hernystir", R::Hernystir},      {"hernystir", R::Hernystir},     {"Frost-march", R::Frostmarch},
      {"Frostmarch", R::Frostmarch},    {"the Frostmarch", R::Frostmarch}, {"Perdruin", R::Perdruin},
  };
  for (const auto& [name, region] : printed) {
    const std::optional<Region> found = region_from_name(name);
    ASSERT_TRUE(found.has_value()) << name;
    EXPECT_EQ(*found, region) << name;
  }
  for (Region region : all_regions()) EXPECT_EQ(region_from_name(region_name(region)), region);
}

// "Qanuc" is a people and a rulership (OA:849, 913), "Hernystiri" an adjective (OA:633): a scanned
// name that is not a region is refused, not guessed.
TEST(OstenArdMapTest, PeoplesRulershipsAndNonsenseAreNoRegion) {
  for (std::string_view name : {"Qanuc", "Hernystiri", "Erkynlander", "Osten Ard", "", "Frost"}) {
    EXPECT_FALSE(region_from_name(name).has_value()) << name;
  }
}

// The card data's `tables.adjacency` (CARDS.md, copied from OA:115-399 on its own) is the same table.
TEST(OstenArdMapTest, ShippedCardDataPrintsTheSameAdjacency) {
  const auto cards = test::shipped_cards("ostenard");
  const nlohmann::json& table = cards->tables().at("adjacency");
  const nlohmann::json& columns = table.at("columns_as_printed");
  ASSERT_EQ(columns.size(), 11u);
  ASSERT_EQ(table.at("rows").size(), 11u);
  for (const nlohmann::json& row : table.at("rows")) {
    const std::optional<Region> from = region_from_name(row.at("row_label_as_printed").get<std::string>());
    ASSERT_TRUE(from.has_value()) << row.dump();
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const std::optional<Region> to = region_from_name(columns[c].get<std::string>());
      ASSERT_TRUE(to.has_value()) << columns[c].dump();
      const bool y = row.at("values").at(c).get<std::string>() == "Y";
      // The printed diagonal is Y (a move within the region); adjacency starts off the diagonal.
      EXPECT_EQ(y, *from == *to || adjacent(*from, *to)) << pair_name(*from, *to);
    }
  }
}

}  // namespace
}  // namespace seneschal::engine::ostenard
