// Printing a championship deck's stickers and reading them back with the project's own vision:
// exactly the card ids and copies asked for, no more, no fewer.

#include <gtest/gtest.h>

#include "common/SheetReader.hpp"
#include "common/TempDir.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/camera/tag_printing.hpp"
#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

class DeckTagsRoundTripTest : public ::testing::TestWithParam<const char*> {};

TEST_P(DeckTagsRoundTripTest, EveryCopyDecodesOnceFromThePrintedSheet) {
  auto library = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
  ASSERT_TRUE(library.has_value()) << library.error().message;
  const engine::CardDatabase& cards = *library->at("r9e");
  const std::string deck_path = std::string(SENESCHAL_SOURCE_DIR "/assets/decks/r9e/") + GetParam() + ".txt";
  auto text = read_text_file(deck_path);
  ASSERT_TRUE(text.has_value());
  auto deck = engine::parse_deck_list(*text, deck_path, cards);
  ASSERT_TRUE(deck.has_value()) << deck.error().message;
  auto stickers = stickers_for_deck(*deck, cards);
  ASSERT_TRUE(stickers.has_value()) << stickers.error().message;
  ASSERT_EQ(static_cast<int>(stickers->size()), deck->total());

  test::TempDir dir;
  const fs::path pdf = dir.path() / "deck.pdf";
  const vision::SheetOptions options;  // A4, 18 mm: the size that fits a card's margin
  ASSERT_TRUE(vision::write_tag_sheet_pdf(*stickers, options, pdf.string()).has_value());
  auto geometry = vision::sheet_geometry(options);
  ASSERT_TRUE(geometry.has_value());
  const auto pages = test::rasterise(pdf, 150);
  ASSERT_FALSE(pages.empty());

  // What was read, as (card id, copy) counts, against the deck list's own counts.
  std::map<std::string, std::set<int>> copies_read;
  for (const auto& [payload, times] : test::decode_sheet(pages, *geometry, 150)) {
    EXPECT_EQ(times, 1) << payload;
    auto tag = vision::parse_tag(payload);
    ASSERT_TRUE(tag.has_value()) << tag.error().message;
    EXPECT_EQ(tag->game, "R9E");
    EXPECT_TRUE(copies_read[tag->card].insert(tag->copy).second) << payload;
  }
  std::map<std::string, std::set<int>> copies_asked;
  for (const engine::DeckEntry& entry : deck->entries) {
    auto& copies = copies_asked[entry.card->id];
    const int first = static_cast<int>(copies.size()) + 1;
    for (int copy = first; copy < first + entry.count; ++copy) copies.insert(copy);
  }
  EXPECT_EQ(copies_read, copies_asked);
}

INSTANTIATE_TEST_SUITE_P(ChampionshipDecks, DeckTagsRoundTripTest,
                         ::testing::Values("displaced", "holden", "ixhasa", "malchior", "ord"),
                         [](const auto& test_param) { return std::string(test_param.param); });

TEST(TagPrintingTest, CardListGivesCopiesOneToN) {
  auto library = load_card_library(SENESCHAL_SOURCE_DIR "/assets");
  ASSERT_TRUE(library.has_value());
  auto stickers = stickers_for_cards("Hektor:2, Hammerdoom's Roost", *library->at("r9e"));
  ASSERT_TRUE(stickers.has_value()) << stickers.error().message;
  ASSERT_EQ(stickers->size(), 3u);
  EXPECT_EQ((*stickers)[0].payload, "S1:R9E:HEKTOR:1");
  EXPECT_EQ((*stickers)[1].payload, "S1:R9E:HEKTOR:2");
  EXPECT_EQ((*stickers)[2].payload, "S1:R9E:HAMMERDOOMS-ROOST:1");
  EXPECT_EQ((*stickers)[2].caption, "Hammerdoom's Roost");

  auto typo = stickers_for_cards("Hecktor:2", *library->at("r9e"));
  ASSERT_FALSE(typo.has_value());
  EXPECT_EQ(typo.error().message, "--cards: no card titled \"Hecktor\" in the Romance of the Nine Empires data");
  EXPECT_FALSE(stickers_for_cards("Hektor:0", *library->at("r9e")).has_value());
}

TEST(TagPrintingTest, TableStickersAreAllValidTags) {
  const auto stickers = table_stickers(6);
  EXPECT_EQ(stickers.size(), 8u + 6u + 4u);
  for (const auto& sticker : stickers) EXPECT_TRUE(vision::parse_tag(sticker.payload).has_value()) << sticker.payload;
}

}  // namespace
}  // namespace seneschal::firmware
