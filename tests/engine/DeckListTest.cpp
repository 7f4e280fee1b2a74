#include "seneschal/engine/deck_list.hpp"

#include <gtest/gtest.h>

#include "TestCards.hpp"
#include "seneschal/engine/module_registry.hpp"

namespace seneschal::engine {
namespace {

class DeckListTest : public ::testing::Test {
 protected:
  DeckListTest() : cards_(test::r9e_library().at("r9e")) {}
  std::shared_ptr<const CardDatabase> cards_;
};

TEST_F(DeckListTest, LinesResolveToCardsWithCounts) {
  auto deck = parse_deck_list("# a deck\n1 Hektor\n\n3  Zahir   # the weenie\n2 jack newcomer\n", "x.txt", *cards_);
  ASSERT_TRUE(deck.has_value()) << deck.error().message;
  ASSERT_EQ(deck->entries.size(), 3u);
  EXPECT_EQ(deck->entries[1].line, 4);
  EXPECT_EQ(deck->entries[1].count, 3);
  EXPECT_EQ(deck->entries[1].card->title, "Zahir");
  EXPECT_EQ(deck->entries[2].card->title, "Jack Newcomer");  // found by its id when the case differs
  EXPECT_EQ(deck->total(), 6);
}

TEST_F(DeckListTest, UnknownTitleNamesFileLineAndTheNearestTitle) {
  auto deck = parse_deck_list("1 Hektor\n2 Hecktor\n", "decks/malchior.txt", *cards_);
  ASSERT_FALSE(deck.has_value());
  EXPECT_EQ(deck.error().message,
            "decks/malchior.txt:2: no card titled \"Hecktor\" in the Romance of the Nine Empires data (did you mean "
            "\"Hektor\"?)");
}

TEST_F(DeckListTest, EveryBadLineIsNamedInOneRun) {
  auto deck = parse_deck_list("1 Hektor\n2 Hecktor\n3 zahyr\nthree Zahir\n1 Nothing Like It\n", "d.txt", *cards_);
  ASSERT_FALSE(deck.has_value());
  EXPECT_EQ(deck.error().message,
            "d.txt:2: no card titled \"Hecktor\" in the Romance of the Nine Empires data (did you mean \"Hektor\"?)\n"
            "d.txt:3: no card titled \"zahyr\" in the Romance of the Nine Empires data (did you mean \"Zahir\"?)\n"
            "d.txt:4: expected \"<count> <title>\", e.g. \"3 Hektor\"\n"
            "d.txt:5: no card titled \"Nothing Like It\" in the Romance of the Nine Empires data");
}

TEST_F(DeckListTest, MalformedLinesAreRefused) {
  for (const char* text : {"Hektor\n", "0 Hektor\n", "3\n", "3Hektor\n", "-1 Hektor\n", "100 Hektor\n"}) {
    auto deck = parse_deck_list(text, "d.txt", *cards_);
    ASSERT_FALSE(deck.has_value()) << text;
    EXPECT_EQ(deck.error().message, "d.txt:1: expected \"<count> <title>\", e.g. \"3 Hektor\"") << text;
  }
}

}  // namespace
}  // namespace seneschal::engine
