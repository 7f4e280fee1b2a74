// Osten Ard deck construction (OA:927-949; GAMES.md C4 "Deck", C5.3, C5.7, C7.21; check OA-56):
// the book's points, the seven ultrarares, the limits exactly met and just passed, decks legal by
// one rule only each way, and the reasons the device shows.

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ShippedCards.hpp"
#include "ostenard/oa_deck.hpp"

namespace seneschal::engine::ostenard {
namespace {

DeckCheck checked(const RarityCounts& counts, int size) {
  const Result<DeckCheck> check = check_deck(counts, size);
  if (!check) ADD_FAILURE() << check.error().message;
  return check ? check.value() : DeckCheck{};
}

// C5.3, OA:929: "Ultrarares count as 8 points, rares ... 5 ..., Uncommon as 2, and Commons and
// missions as 0. Your deck may not have more than 100 points."
TEST(OstenArdDeckTest, PointsAreTheBooksEightFiveTwoZeroZeroUpToAHundred) {
  EXPECT_EQ(rarity_points(Rarity::Ultrarare), 8);
  EXPECT_EQ(rarity_points(Rarity::Rare), 5);
  EXPECT_EQ(rarity_points(Rarity::Uncommon), 2);
  EXPECT_EQ(rarity_points(Rarity::Common), 0);
  EXPECT_EQ(rarity_points(Rarity::Mission), 0);
  EXPECT_EQ(kMaxDeckPoints, 100);
  // 3 ultrarares, 8 rares, 6 uncommons: 24 + 40 + 12 = 76.
  EXPECT_EQ(checked({3, 8, 6, 40, 3}, 60).points, 76);
}

// C5.7, OA:935-949: the seven ultrarares, as printed and in the printed order.
TEST(OstenArdDeckTest, TheSevenUltrararesAreTheListAsPrinted) {
  const std::array<std::string_view, 7> printed = {"Dragon-Winged Imperator Helmet", "Mind of the Master",
                                                   "Sphere of Annihilation",         "No Dishonor In Failing Now",
                                                   "Gathering of the Sithi",         "Rhuyans Own",
                                                   "Threat Of War"};
  EXPECT_EQ(ultrarare_titles(), printed);
  for (std::string_view title : printed) EXPECT_TRUE(is_ultrarare(title)) << title;
}

// C5.7: each of the seven counts 8 points: all seven are 56, within the 100 (OA:929).
TEST(OstenArdDeckTest, AllSevenUltrararesCountEightPointsEach) {
  RarityCounts counts;
  for (std::string_view title : ultrarare_titles()) {
    if (is_ultrarare(title)) counts.add(Rarity::Ultrarare);
  }
  counts.add(Rarity::Common, 53);
  const DeckCheck check = checked(counts, 60);
  EXPECT_EQ(check.points, 56);
  EXPECT_EQ(check.points_words, "8x7 + 5x0 + 2x0 = 56 points: at most 100");
  EXPECT_TRUE(check.legal());
}

// OA:935-949 checked by title from a deck list: case and apostrophes aside, spelt as printed.
TEST(OstenArdDeckTest, DeckListTitlesFindTheUltrararesDespiteCaseAndApostrophes) {
  EXPECT_TRUE(is_ultrarare("Rhuyan's Own"));
  EXPECT_TRUE(is_ultrarare("Rhuyan\xE2\x80\x99s Own"));  // the printed ’
  EXPECT_TRUE(is_ultrarare("threat of war"));
  EXPECT_FALSE(is_ultrarare("Gathering of the Norns"));
  EXPECT_FALSE(is_ultrarare("Mind of the Masters"));
  EXPECT_FALSE(is_ultrarare(""));
}

// The card data marks the same seven `rarity: ultrarare` and lists them in `tables.ultrarares`.
TEST(OstenArdDeckTest, ShippedCardDataNamesTheSameSevenUltrarares) {
  const auto cards = test::shipped_cards("ostenard");
  std::set<std::string> marked;
  for (const Card& card : cards->cards()) {
    const auto rarity = card.attributes.find("rarity");
    if (rarity != card.attributes.end() && rarity->second == "ultrarare") marked.insert(card.title);
    EXPECT_EQ(is_ultrarare(card.title), rarity != card.attributes.end() && rarity->second == "ultrarare")
        << card.title;
  }
  EXPECT_EQ(marked.size(), 7u);
  const nlohmann::json& listed = cards->tables().at("ultrarares");
  ASSERT_EQ(listed.size(), 7u);
  for (std::size_t i = 0; i < listed.size(); ++i) EXPECT_EQ(listed[i].get<std::string>(), ultrarare_titles()[i]);
}

// OA:927 "max 1/6 rares, max 1/3 uncommons": exactly 1/6 and exactly 1/3 are allowed.
TEST(OstenArdDeckTest, ExactlyASixthRaresAndAThirdUncommonsPassTheRatioRule) {
  const DeckCheck check = checked({0, 10, 20, 30, 0}, 60);
  EXPECT_EQ(check.rare_limit, 10);
  EXPECT_EQ(check.uncommon_limit, 20);
  EXPECT_EQ(check.passed, DeckRule::Both);  // 90 points as well
  EXPECT_EQ(check.ratio_words, "10 rares and 20 uncommons in 60 cards: within 1/6 (10) and 1/3 (20)");
  EXPECT_TRUE(check.reason.empty());
}

// OA:927 with C7.21's rounding down: 11 rares are too many in 61 cards (61/6 rounds to 10), not in 66.
TEST(OstenArdDeckTest, OneRareOverASixthFailsTheRatioRuleWithTheSixthRoundedDown) {
  const DeckCheck over = checked({0, 11, 0, 50, 0}, 61);
  EXPECT_EQ(over.rare_limit, 10);
  EXPECT_EQ(over.passed, DeckRule::Points);  // 55 points keep it legal
  EXPECT_EQ(over.ratio_words, "11 rares in 61 cards: more than 1/6 (10)");
  EXPECT_EQ(checked({0, 11, 0, 55, 0}, 66).passed, DeckRule::Both);  // 55 points too
}

// OA:929 "may not have more than 100 points": exactly 100 is allowed. 20 rares in 60 cards break
// the ratio rule, so the deck stands on the points rule alone.
TEST(OstenArdDeckTest, ExactlyAHundredPointsIsLegalByThePointsRuleAlone) {
  const DeckCheck check = checked({0, 20, 0, 40, 0}, 60);
  EXPECT_EQ(check.points, 100);
  EXPECT_EQ(check.passed, DeckRule::Points);
  EXPECT_TRUE(check.legal());
  EXPECT_EQ(check.points_words, "8x0 + 5x20 + 2x0 = 100 points: at most 100");
  EXPECT_EQ(check.ratio_words, "20 rares in 60 cards: more than 1/6 (10)");
}

// OA:927-929 each way: a 120-card deck at exactly its sixth and third of rares and uncommons has
// 5x20 + 2x40 = 180 points and stands on the ratio rule alone.
TEST(OstenArdDeckTest, ABigDeckAtItsRatioLimitsIsLegalByTheRatioRuleAlone) {
  const DeckCheck check = checked({0, 20, 40, 50, 10}, 120);
  EXPECT_EQ(check.passed, DeckRule::Ratio);
  EXPECT_TRUE(check.legal());
  EXPECT_EQ(check.points_words, "8x0 + 5x20 + 2x40 = 180 points: more than 100");
}

// OA:929: 101 points break the points rule; 48 uncommons in 60 break the ratio rule: illegal, and
// the reason names the numbers of both.
TEST(OstenArdDeckTest, OnePointOverAHundredAndTooManyUncommonsIsIllegal) {
  const DeckCheck check = checked({0, 1, 48, 11, 0}, 60);
  EXPECT_EQ(check.points, 101);
  EXPECT_EQ(check.passed, DeckRule::Neither);
  EXPECT_FALSE(check.legal());
  EXPECT_EQ(check.reason,
            "48 uncommons in 60 cards: more than 1/3 (20); 8x0 + 5x1 + 2x48 = 101 points: more than 100");
}

// OA-56 / GAMES.md C4 "Deck": too many rares for the ratio rule and too many points for the points
// rule; the reason gives both rules' numbers, the ultrarares among the rares named (our reading, C7.21).
TEST(OstenArdDeckTest, IllegalDeckReasonNamesBothRulesNumbers) {
  const DeckCheck check = checked({2, 12, 20, 26, 0}, 60);
  EXPECT_EQ(check.passed, DeckRule::Neither);
  EXPECT_EQ(check.points, 116);
  EXPECT_EQ(check.reason,
            "14 rares (2 ultrarares among them) in 60 cards: more than 1/6 (10); "
            "8x2 + 5x12 + 2x20 = 116 points: more than 100");
  EXPECT_EQ(deck_rule_name(check.passed), "neither rule");
}

// Both parts of the ratio rule failing are both named.
TEST(OstenArdDeckTest, RatioRuleNamesTooManyRaresAndTooManyUncommonsTogether) {
  const DeckCheck check = checked({0, 11, 21, 28, 0}, 60);
  EXPECT_EQ(check.ratio_words,
            "11 rares in 60 cards: more than 1/6 (10), 21 uncommons in 60 cards: more than 1/3 (20)");
}

// C7.21 leaves ultrarares out of the ratio rule; we count them with the rares (oa_deck.hpp): 9 rares
// and an ultrarare fit the sixth of 60, 10 rares and an ultrarare do not.
TEST(OstenArdDeckTest, UltrararesShareTheRaresSixthUnderTheRatioRule) {
  const DeckCheck within = checked({1, 9, 20, 30, 0}, 60);
  EXPECT_EQ(within.rares, 10);
  EXPECT_EQ(within.ratio_words,
            "10 rares (1 ultrarare among them) and 20 uncommons in 60 cards: within 1/6 (10) and 1/3 (20)");
  const DeckCheck over = checked({1, 10, 0, 49, 0}, 60);
  EXPECT_EQ(over.rares, 11);
  EXPECT_EQ(over.passed, DeckRule::Points);  // 8 + 50 = 58 points
  EXPECT_EQ(over.ratio_words, "11 rares (1 ultrarare among them) in 60 cards: more than 1/6 (10)");
}

// OA:927 "as many commons and missions as you wish"; OA:929 "Commons and missions as 0".
TEST(OstenArdDeckTest, CommonsAndMissionsAreUnlimitedByBothRules) {
  const DeckCheck check = checked({0, 0, 0, 400, 200}, 600);
  EXPECT_EQ(check.points, 0);
  EXPECT_EQ(check.passed, DeckRule::Both);
}

// The rules set no deck size (C7.3): cards of a rarity the counts do not give count in the size only.
TEST(OstenArdDeckTest, CardsBeyondTheCountsCountTowardTheSizeOnly) {
  const DeckCheck check = checked({0, 10, 0, 40, 0}, 60);
  EXPECT_EQ(check.unrated, 10);
  EXPECT_EQ(check.rare_limit, 10);
  EXPECT_EQ(check.passed, DeckRule::Both);
}

// Errors are values: counts no deck can hold are refused with what is wrong.
TEST(OstenArdDeckTest, ImpossibleCountsAreRefusedWithWhatIsWrong) {
  const Result<DeckCheck> small = check_deck({0, 10, 20, 30, 0}, 50);
  ASSERT_FALSE(small.has_value());
  EXPECT_EQ(small.error().message, "a deck of 50 cards cannot hold the 60 counted by rarity");
  const Result<DeckCheck> negative = check_deck({0, -1, 0, 0, 0}, 10);
  ASSERT_FALSE(negative.has_value());
  EXPECT_EQ(negative.error().message, "a deck cannot hold -1 rares");
}

// A deck list's rarity words (the card data's `rarity` attribute, CARDS.md) and counting by them.
TEST(OstenArdDeckTest, RarityWordsAndCountingByRarity) {
  EXPECT_EQ(rarity_from_name("ultrarare"), Rarity::Ultrarare);
  EXPECT_EQ(rarity_from_name("Ultra-rare"), Rarity::Ultrarare);
  EXPECT_EQ(rarity_from_name("Mission"), Rarity::Mission);
  EXPECT_FALSE(rarity_from_name("fixed").has_value());
  for (Rarity r : {Rarity::Ultrarare, Rarity::Rare, Rarity::Uncommon, Rarity::Common, Rarity::Mission})
    EXPECT_EQ(rarity_from_name(rarity_name(r)), r);
  RarityCounts counts;
  counts.add(Rarity::Rare, 3);
  counts.add(Rarity::Mission);
  EXPECT_EQ(counts.rare, 3);
  EXPECT_EQ(counts.mission, 1);
  EXPECT_EQ(counts.total(), 4);
}

}  // namespace
}  // namespace seneschal::engine::ostenard
