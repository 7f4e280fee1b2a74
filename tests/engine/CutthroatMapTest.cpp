// Cutthroat Kingdoms' accessibility on the combat examples' map (GAMES.md A5.2-A5.4; CK:381-389,
// 627-663, 812): Three Rivers (Dravanof) - Nyghtwald (Slaine) - The Hanging Tongue (unoccupied) -
// Marrow (Brom), linked as the shipped card data's `tables.example_map` says.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "CutthroatExamples.hpp"
#include "cutthroat/ck_map.hpp"
#include "seneschal/engine/card.hpp"

namespace ck = seneschal::engine::cutthroat;
using namespace ck::test;

namespace {

// Slots dealt in another order than the example's row, so that the row must come from the data.
constexpr int kMarrow = 0;
constexpr int kThreeRivers = 1;
constexpr int kHangingTongue = 2;
constexpr int kNyghtwald = 3;

nlohmann::json shipped_example_map() {
  const std::string path = std::string(SENESCHAL_SOURCE_DIR) + "/assets/cards/cutthroat.json";
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  auto cards = seneschal::engine::CardDatabase::parse_json(text.str(), path);
  if (!cards) throw std::runtime_error(cards.error().message);
  return cards->tables().at("example_map").at("adjacent");
}

ck::Territory held(const char* title, int owner, ck::House house) {
  return {"", title, ck::Side::Healthy, owner, {soldier(house, ck::Colour::Blue)}};
}

ck::Books example_kingdom() {
  ck::Books books = combat_examples_books();
  books.territories = {held("Marrow", kBrom, ck::House::Brom), held("Three Rivers", kDravanof, ck::House::Dravanof),
                       ck::Territory{"", "The Hanging Tongue", ck::Side::Healthy, std::nullopt, {}},
                       held("Nyghtwald", kSlaine, ck::House::Slaine)};
  auto links = ck::links_from_titles(shipped_example_map(), books.territories);
  if (!links) throw std::runtime_error(links.error().message);
  books.links = std::move(links).value();
  return books;
}

// Accessible without a check, in the way `how` names, and no passage left to negotiate.
void expect_open(const ck::Accessibility& access, ck::Access how) {
  EXPECT_TRUE(access.accessible());
  EXPECT_EQ(access.how, how);
  EXPECT_TRUE(access.passage.empty());
}

}  // namespace

TEST(CutthroatMapTest, ExampleMapIsARowOfFour) {
  const ck::Books books = example_kingdom();
  EXPECT_TRUE(ck::adjacent(books.links, kThreeRivers, kNyghtwald));
  EXPECT_TRUE(ck::adjacent(books.links, kNyghtwald, kHangingTongue));
  EXPECT_TRUE(ck::adjacent(books.links, kMarrow, kHangingTongue));
  EXPECT_FALSE(ck::adjacent(books.links, kThreeRivers, kHangingTongue));
  EXPECT_FALSE(ck::adjacent(books.links, kNyghtwald, kMarrow));
  EXPECT_EQ(books.links.size(), 3u);
}

TEST(CutthroatMapTest, AttackingANeighbourRaisesNoCheck) {
  // A5.2, Scenario 1 (CK:647): Dravanof's Three Rivers is adjacent to Nyghtwald.
  const ck::Books books = example_kingdom();
  const ck::Accessibility access = ck::accessibility(books, kDravanof, kNyghtwald);
  expect_open(access, ck::Access::Adjacent);
}

TEST(CutthroatMapTest, PassingThroughUnoccupiedTerritoryNeedsNoPassage) {
  // A5.3, Scenario 2 (CK:653): Slaine attacks Marrow across the unoccupied Hanging Tongue.
  const ck::Books books = example_kingdom();
  const ck::Accessibility access = ck::accessibility(books, kSlaine, kMarrow);
  expect_open(access, ck::Access::UnoccupiedPath);
}

TEST(CutthroatMapTest, PassingThroughOccupiedTerritoryNeedsItsOwnersPassage) {
  // A5.4, Scenario 3 (CK:659-661): Brom (Marrow) to Three Rivers: The Hanging Tongue is free, but
  // Nyghtwald is Slaine's.
  const ck::Books books = example_kingdom();
  const ck::Accessibility access = ck::accessibility(books, kBrom, kThreeRivers);
  EXPECT_FALSE(access.accessible());
  EXPECT_EQ(access.how, ck::Access::NeedsPassage);
  EXPECT_EQ(access.passage, (std::vector<int>{kNyghtwald}));
  EXPECT_EQ(ck::access_reason(books, kThreeRivers, access),
            "Three Rivers is not accessible: passage through Nyghtwald (Slaine)");
}

TEST(CutthroatMapTest, PassageGrantedByADealMakesTheTerritoryBeyondAccessible) {
  // A5.4 (CK:663): "Brom agrees to pay lady Slaine 2 gold coins to be permitted passage through
  // Nyghtwald"; the deal is logged as a passage for this turn.
  ck::Books books = example_kingdom();
  books.passages.push_back({kNyghtwald, kSlaine, kBrom});
  const ck::Accessibility access = ck::accessibility(books, kBrom, kThreeRivers);
  expect_open(access, ck::Access::PassageGranted);
}

TEST(CutthroatMapTest, PassageLapsesForAnotherAttackerOrAnotherOwner) {
  ck::Books books = example_kingdom();
  books.passages.push_back({kNyghtwald, kSlaine, kDravanof});  // granted to someone else
  EXPECT_EQ(ck::accessibility(books, kBrom, kThreeRivers).how, ck::Access::NeedsPassage);
  books.passages = {{kNyghtwald, kSlaine, kBrom}};
  books.territories[kNyghtwald].owner = kDravanof;  // Nyghtwald changed hands: Slaine's grant is void
  EXPECT_EQ(ck::accessibility(books, kBrom, kThreeRivers).how, ck::Access::NeedsPassage);
}

TEST(CutthroatMapTest, WithoutTerritoriesEverythingIsAccessible) {
  // CK:387, 497.
  ck::Books books = example_kingdom();
  books.territories[kMarrow].owner.reset();
  books.territories[kMarrow].stack.clear();
  EXPECT_EQ(ck::accessibility(books, kBrom, kThreeRivers).how, ck::Access::OwnsNone);
}

TEST(CutthroatMapTest, EveryOccupiedTerritoryInTheWayIsNamed) {
  // The Hanging Tongue occupied by Dravanof too: Brom needs both owners' passage, nearest first.
  ck::Books books = example_kingdom();
  books.territories[kHangingTongue] = held("The Hanging Tongue", kDravanof, ck::House::Dravanof);
  const ck::Accessibility access = ck::accessibility(books, kBrom, kThreeRivers);
  EXPECT_EQ(access.passage, (std::vector<int>{kHangingTongue, kNyghtwald}));
  EXPECT_EQ(ck::access_reason(books, kThreeRivers, access),
            "Three Rivers is not accessible: passage through The Hanging Tongue (Dravanof) and Nyghtwald (Slaine)");
}

TEST(CutthroatMapTest, UnlinkedSlotIsUnreachable) {
  ck::Books books = example_kingdom();
  books.links = ck::row_links(3);  // Marrow - Three Rivers - The Hanging Tongue; Nyghtwald left out
  const ck::Accessibility access = ck::accessibility(books, kDravanof, kNyghtwald);
  EXPECT_EQ(access.how, ck::Access::Unreachable);
  EXPECT_FALSE(access.accessible());
}

TEST(CutthroatMapTest, MapNamingATerritoryNoSlotHoldsIsRefused) {
  const ck::Books books = example_kingdom();
  const auto links = ck::links_from_titles(nlohmann::json::parse(R"([["Marrow", "Stonehold"]])"), books.territories);
  ASSERT_FALSE(links.has_value());
  EXPECT_NE(links.error().message.find("Stonehold"), std::string::npos);
}
