// Osten Ard organization arithmetic (GAMES.md C2 Resource and Organization, C4 "Leadership", "Army
// upkeep", "Draws", C5.5, C7.5-C7.7; checks OA-7, OA-11, OA-12): the leadership flow with its
// matching rules, unused leadership, army upkeep and the Resource phase's draws.
#include <gtest/gtest.h>

#include "ostenard/oa_leadership.hpp"

namespace seneschal::engine::ostenard {
namespace {

using Indices = std::vector<std::size_t>;
using Strings = std::vector<std::string>;

Leader leader(const char* name, int generic, int specific, Strings allegiances) {
  Leader l;
  l.name = name;
  l.generic = generic;
  l.specific = specific;
  l.allegiances = std::move(allegiances);
  return l;
}

Follower follower(const char* name, int loyalty, Strings allegiances, bool priest = false) {
  Follower f;
  f.name = name;
  f.loyalty = loyalty;
  f.allegiances = std::move(allegiances);
  f.priest = priest;
  return f;
}

int paid_to(const LeadershipCheck& check, std::size_t follower_index, Points points) {
  int sum = 0;
  for (const Grant& g : check.grants) {
    if (g.follower == follower_index && g.points == points) sum += g.amount;
  }
  return sum;
}

// ---- Leadership ---------------------------------------------------------------------------------

TEST(OstenArdLeadershipTest, LegalOrganizationWithUnusedLeadership) {
  // LE 3 + 3 = 6 against LO 3 + 2 = 5 (OA:61): the specific points pay the Erkynlander, the generic
  // the Hernystiri; one point is left for upkeep (OA:85).
  const LeadershipCheck check =
      check_leadership({leader("Josua", 3, 3, {"E"})}, {follower("Deornoth", 3, {"E"}), follower("Maegwin", 2, {"H"})}, {});
  EXPECT_TRUE(check.legal);
  EXPECT_EQ(check.le, 6);
  EXPECT_EQ(check.lo, 5);
  EXPECT_EQ(check.used, 5);
  EXPECT_EQ(check.unused, 1);
  EXPECT_EQ(paid_to(check, 1, Points::Specific), 0);  // "Specific ... with a matching allegiance" (OA:69)
  EXPECT_EQ(paid_to(check, 1, Points::Generic), 2);
  EXPECT_TRUE(check.uncovered.empty());
  EXPECT_TRUE(check.reasons.empty());
}

TEST(OstenArdLeadershipTest, IllegalWhenLoyaltyExceedsLeadershipDiscardsTheFewest) {
  // LE 4 against LO 3 + 2 + 2 = 7: "discard personalities until LE >= LO" (OA:61). One discard
  // does it (the 3), two would also: the fewest is proposed.
  const LeadershipCheck check = check_leadership(
      {leader("Josua", 4, 0, {"E"})},
      {follower("Isorn", 3, {"R"}), follower("Sludig", 2, {"R"}), follower("Haestan", 2, {"E"})}, {});
  EXPECT_FALSE(check.legal);
  EXPECT_EQ(check.le, 4);
  EXPECT_EQ(check.lo, 7);
  EXPECT_EQ(check.used, 4);
  EXPECT_EQ(check.unused, 0);
  EXPECT_EQ(check.uncovered, (Indices{0}));
  EXPECT_EQ(check.reasons, (Strings{"LE 4 against LO 7 (OA:61)", "Not held: Isorn (loyalty 3)"}));
}

TEST(OstenArdLeadershipTest, SpecificLeadershipOnlyForAMatchingAllegiance) {
  // LE 1 + 4 = 5 covers LO 3 as a sum, but B is "against everything with a matching allegiance"
  // (OA:69): the Hernystiri follower takes only the generic point.
  const std::vector<Leader> leaders = {leader("Josua", 1, 4, {"E"})};
  const LeadershipCheck check = check_leadership(leaders, {follower("Maegwin", 3, {"H"})}, {});
  EXPECT_FALSE(check.legal);
  EXPECT_EQ(check.used, 1);
  EXPECT_EQ(check.unused, 4);
  EXPECT_EQ(check.uncovered, (Indices{0}));
  EXPECT_EQ(check.reasons[0], "LE 5 against LO 3, but only 1 can be paid under the matching rules (OA:65-81)");
  // The same follower with the leader's allegiance among hers is held.
  EXPECT_TRUE(check_leadership(leaders, {follower("Maegwin", 3, {"H", "E"})}, {}).legal);
}

TEST(OstenArdLeadershipTest, GenericStandsInForSpecificButNotTheOtherWay) {
  // "Every point of generic leadership can be used as a point of conditional leadership, but NOT vv"
  // (OA:75): the specific points must go to the Erkynlander for the generic ones to reach the
  // Hernystiri; the flow finds it.
  const LeadershipCheck check = check_leadership(
      {leader("Isgrimnur", 2, 0, {"R"}), leader("Josua", 0, 2, {"E"})},
      {follower("Haestan", 2, {"E"}), follower("Maegwin", 2, {"H"})}, {});
  EXPECT_TRUE(check.legal);
  EXPECT_EQ(paid_to(check, 0, Points::Specific), 2);
  EXPECT_EQ(paid_to(check, 1, Points::Generic), 2);
  EXPECT_EQ(check.unused, 0);
}

TEST(OstenArdLeadershipTest, AedonCountsForSpecificLeadershipOnlyOnPriests) {
  // "Aedon do not count for conditional leadership (except for priests of course)" (OA:81).
  const std::vector<Leader> leaders = {leader("Father Dreosan", 0, 3, {"A"})};
  EXPECT_FALSE(check_leadership(leaders, {follower("Strangyeard", 2, {"Aedon"})}, {}).legal);
  EXPECT_TRUE(check_leadership(leaders, {follower("Strangyeard", 2, {"Aedon"}, true)}, {}).legal);
  // Another shared allegiance still matches a layman.
  const std::vector<Leader> both = {leader("Camaris", 0, 3, {"A", "NA"})};
  EXPECT_TRUE(check_leadership(both, {follower("Benigaris", 2, {"A", "NA"})}, {}).legal);
  // Generic leadership is "against everything" (OA:67), Aedon or not.
  EXPECT_TRUE(check_leadership({leader("Elias", 2, 0, {"A"})}, {follower("Pryrates", 2, {"A"})}, {}).legal);
}

TEST(OstenArdLeadershipTest, NoLeadershipAcrossEnmity) {
  // "Leadership may not be used towards cards with an enemy attribute toward that leader or if the
  // leader has an enemy attribute towards that card" (OA:73, 795): neither generic nor specific.
  const std::vector<Leader> leaders = {leader("Josua", 3, 3, {"E", "N"})};
  const std::vector<Follower> followers = {follower("Ingen Jegger", 2, {"N"})};
  EXPECT_TRUE(check_leadership(leaders, followers, {}).legal);
  EXPECT_FALSE(check_leadership(leaders, followers, {{"E", "N"}}).legal);
  EXPECT_FALSE(check_leadership(leaders, followers, {{"N", "E"}}).legal);  // either way (OA:73)
  // An enemy attribute printed on the follower blocks the same way.
  std::vector<Follower> marked = followers;
  marked[0].allegiances = {"S"};
  marked[0].enemies = {"E"};
  EXPECT_FALSE(check_leadership(leaders, marked, {}).legal);
  EXPECT_TRUE(check_leadership(leaders, {follower("Jiriki", 2, {"S"})}, {}).legal);
}

TEST(OstenArdLeadershipTest, NobleAtHomebaseAddsOneGeneric) {
  // "Noble at homebase : add 1 to your generic leadership" (OA:79; C7.5, one per noble).
  Leader noble = leader("Isgrimnur", 1, 0, {"R"});
  noble.noble_at_homebase = true;
  const LeadershipCheck check = check_leadership({noble}, {follower("Sludig", 2, {"R"})}, {});
  EXPECT_EQ(check.le, 2);
  EXPECT_TRUE(check.legal);
}

TEST(OstenArdLeadershipTest, LeadersOfTheStartingAllegianceAreNoFollowers) {
  // "all personalities except leaders with your starting allegiance" (OA:61; C7.6): Josua (E) leads
  // only; Jarnauga (R), a leader of another allegiance, is a follower too; Isorn follows.
  Personality josua{"Josua", 2, 0, 3, {"E"}, {}, false, false};
  Personality jarnauga{"Jarnauga", 2, 0, 2, {"R"}, {}, false, false};
  Personality isorn{"Isorn", 0, 0, 1, {"R"}, {}, false, false};
  const Organization org = organize({josua, jarnauga, isorn}, "E");
  ASSERT_EQ(org.leaders.size(), 2u);
  ASSERT_EQ(org.followers.size(), 2u);
  EXPECT_EQ(org.followers[0].name, "Jarnauga");
  EXPECT_EQ(org.followers[0].as_leader, std::optional<std::size_t>{1});
  EXPECT_EQ(org.follower_of, (Indices{1, 2}));
  // Josua's 2 pay Jarnauga, Jarnauga's 2 pay Isorn's 1: LE 4, LO 3, one unused.
  const LeadershipCheck check = check_leadership(org.leaders, org.followers, {});
  EXPECT_TRUE(check.legal);
  EXPECT_EQ(check.le, 4);
  EXPECT_EQ(check.lo, 3);
  EXPECT_EQ(check.unused, 1);
}

TEST(OstenArdLeadershipTest, ALeaderDoesNotHoldItselfAndTakesItsLeadershipWhenDiscarded) {
  // With Josua at 1, Jarnauga's loyalty 2 cannot be paid (his own points do not count), though LE 4
  // covers LO 3 as a sum. Discarding Jarnauga takes his leadership too; Josua still holds Isorn.
  Personality josua{"Josua", 1, 0, 3, {"E"}, {}, false, false};
  Personality jarnauga{"Jarnauga", 3, 0, 2, {"R"}, {}, false, false};
  Personality isorn{"Isorn", 0, 0, 1, {"R"}, {}, false, false};
  const Organization org = organize({josua, jarnauga, isorn}, "E");
  const LeadershipCheck check = check_leadership(org.leaders, org.followers, {});
  EXPECT_FALSE(check.legal);
  EXPECT_EQ(check.le, 4);
  EXPECT_EQ(check.lo, 3);
  EXPECT_EQ(check.uncovered, (Indices{0}));  // Jarnauga
}

TEST(OstenArdLeadershipTest, NobleWithoutLeadershipCarriesItsPointButFollows) {
  // A noble at its homebase with no leadership value is no leader (OA:61) but brings +1 generic
  // (OA:79): it pays another's loyalty, never its own.
  Personality josua{"Josua", 1, 0, 3, {"H"}, {}, false, false};
  Personality noble{"Gwythinn", 0, 0, 1, {"H"}, {}, false, true};
  Personality other{"Eolair", 0, 0, 1, {"H"}, {}, false, false};
  const Organization org = organize({josua, noble, other}, "H");
  ASSERT_EQ(org.leaders.size(), 2u);
  EXPECT_EQ(org.leaders[1].generic, 0);
  EXPECT_TRUE(org.leaders[1].noble_at_homebase);
  ASSERT_EQ(org.followers.size(), 2u);  // Gwythinn and Eolair; Josua leads the starting allegiance
  const LeadershipCheck check = check_leadership(org.leaders, org.followers, {});
  EXPECT_EQ(check.le, 2);
  EXPECT_EQ(check.lo, 2);
  EXPECT_TRUE(check.legal);

  // Alone, his point cannot hold him: LE 1 against LO 1, not legal.
  const Organization alone = organize({noble}, "H");
  const LeadershipCheck lonely = check_leadership(alone.leaders, alone.followers, {});
  EXPECT_EQ(lonely.le, 1);
  EXPECT_EQ(lonely.lo, 1);
  EXPECT_FALSE(lonely.legal);
  EXPECT_EQ(lonely.unused, 1);
  EXPECT_EQ(lonely.uncovered, (Indices{0}));
}

TEST(OstenArdLeadershipTest, ManyFollowersStillNameTheUnpaid) {
  // Past the exact search (16 followers) the followers a maximum assignment leaves unpaid are named:
  // LE 17 against 18 followers of loyalty 1 leaves exactly one (OA:61).
  std::vector<Follower> followers;
  for (int i = 0; i < 18; ++i) followers.push_back(follower("Soldier", 1, {"E"}));
  const LeadershipCheck check = check_leadership({leader("Josua", 17, 0, {"E"})}, followers, {});
  EXPECT_FALSE(check.legal);
  EXPECT_EQ(check.used, 17);
  EXPECT_EQ(check.uncovered.size(), 1u);
}

// ---- Army upkeep --------------------------------------------------------------------------------

TEST(OstenArdLeadershipTest, ArmyOutsideItsHomeRegionCountsAsThree) {
  // "count armies in a region not their home region as 3 armies" (OA:85; C5.5): one at home and one
  // away weigh 4; with 1 unused leadership, 3 cards are discarded (C7.7).
  EXPECT_EQ(army_weight(1, 1), 4);
  EXPECT_EQ(army_weight(2, 0), 2);
  EXPECT_EQ(upkeep_discards(army_weight(1, 1), 1), 3);
}

TEST(OstenArdLeadershipTest, UpkeepIsPaidByUnusedLeadershipFirst) {
  // C7.7 reads ">" as ">=": no army and no spare leadership costs nothing; spare leadership above the
  // weight costs nothing.
  EXPECT_EQ(upkeep_discards(0, 0), 0);
  EXPECT_EQ(upkeep_discards(army_weight(0, 1), 3), 0);
  EXPECT_EQ(upkeep_discards(army_weight(0, 1), 5), 0);
  EXPECT_EQ(upkeep_discards(army_weight(2, 1), 2), 3);
}

// ---- Draws --------------------------------------------------------------------------------------

TEST(OstenArdLeadershipTest, FortressAndItsOutsideHeldTogetherDrawOnce) {
  // "Draw cards equal to the number of locations you control" (OA:45); "If both locations are
  // controlled by the same player, he draws only one card for it!" (OA:697).
  const std::vector<HeldLocation> table = {
      {"Naglimund", true, 0, 0},
      {"Hayholt", true, 1, 1},
      {"Erchester", false, 0, std::nullopt},
  };
  EXPECT_EQ(location_draws(0, table), 2);
  EXPECT_EQ(location_draws(1, table), 1);
}

TEST(OstenArdLeadershipTest, OnlyTheFortressHolderDrawsForASplitLocation) {
  // "you control the fortress and your opponent controls the exterior (but only you may draw a card
  // from that location)" (OA:677-679); the outside alone, nobody in the fortress, is a normal
  // location (OA:695).
  const std::vector<HeldLocation> table = {
      {"Naglimund", true, 0, 1},
      {"Sesuad'ra", true, std::nullopt, 1},
  };
  EXPECT_EQ(location_draws(0, table), 1);
  EXPECT_EQ(location_draws(1, table), 1);  // Sesuad'ra's outside only
}

TEST(OstenArdLeadershipTest, NoblesAtHomebaseDrawOneMoreEach) {
  // "Noble at homebase : ... you may draw an additional card" (OA:79), in the Resource phase (C7.5).
  const std::vector<HeldLocation> table = {{"Naglimund", true, 0, 0}, {"Erchester", false, 0, std::nullopt}};
  EXPECT_EQ(resource_draws(0, table, 2), 4);
  EXPECT_EQ(resource_draws(1, table, 0), 0);
}

}  // namespace
}  // namespace seneschal::engine::ostenard
