// libFuzzer target for deck lists: players write them by hand, so
// seneschal::engine::parse_deck_list sees arbitrary text. The card data it resolves titles
// against is the shipped R9E file, loaded once at start (SENESCHAL_FUZZ_CARDS=<file> picks
// another game's file).
//
// Invariants:
//   - an error has a message, and the message starts with "<origin>:<line>:", so it names file
//     and line, with the line inside the text;
//   - for a parsed list: the origin is kept; every entry's count is 1-99 and its card is non-null
//     and one of the database's cards; entry lines are increasing and inside the text; total()
//     is the sum of the counts;
//   - every entry's line names its card: card_id_from_title of the line (comment cut, trimmed)
//     is the count as written, '-', and the card's id. This catches a line that resolves to
//     the wrong card.

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "fuzz_lines.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/deck_list.hpp"

#ifndef SENESCHAL_FUZZ_CARDS_FILE
#error "SENESCHAL_FUZZ_CARDS_FILE must name the card file the deck lists resolve against"
#endif

namespace {

using seneschal::engine::CardDatabase;
using seneschal::engine::card_id_from_title;
using seneschal::fuzz::lines_of;

constexpr std::string_view kOrigin = "fuzz-deck.txt";

std::optional<CardDatabase> g_cards;

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  const char* path = std::getenv("SENESCHAL_FUZZ_CARDS");
  if (!path || !*path) path = SENESCHAL_FUZZ_CARDS_FILE;
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) {
    std::fprintf(stderr, "deck_list_fuzzer: cannot read card file %s\n", path);
    std::exit(1);
  }
  auto db = CardDatabase::parse_json(text, path);
  if (!db) {
    std::fprintf(stderr, "deck_list_fuzzer: %s\n", db.error().message.c_str());
    std::exit(1);
  }
  g_cards.emplace(std::move(db).value());
  std::fprintf(stderr, "deck_list_fuzzer: %zu cards from %s\n", g_cards->size(), path);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const CardDatabase& cards = *g_cards;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto lines = lines_of(text);
  const auto deck = seneschal::engine::parse_deck_list(text, kOrigin, cards);
  if (!deck) {
    seneschal::fuzz::check_names_a_line(deck.error().message, kOrigin, lines);
    return 0;
  }
  SENESCHAL_FUZZ_CHECK(deck->origin == kOrigin, "a deck keeps its origin");
  const auto* first = cards.cards().data();
  const auto* last = first + cards.cards().size();
  int previous_line = 0;
  long sum = 0;
  for (const auto& entry : deck->entries) {
    SENESCHAL_FUZZ_CHECK(entry.count >= 1 && entry.count <= 99, "an entry's count is 1-99");
    SENESCHAL_FUZZ_CHECK(entry.card != nullptr, "an entry's card is non-null");
    SENESCHAL_FUZZ_CHECK(entry.card >= first && entry.card < last, "an entry's card is one of the database's");
    SENESCHAL_FUZZ_CHECK(entry.line > previous_line, "entry lines increase");
    SENESCHAL_FUZZ_CHECK(static_cast<std::size_t>(entry.line) <= lines.size(), "an entry's line is inside the text");
    previous_line = entry.line;
    sum += entry.count;

    std::string_view line = lines[static_cast<std::size_t>(entry.line - 1)];
    line = trimmed(line.substr(0, line.find('#')));
    std::size_t digits = 0;
    while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
    SENESCHAL_FUZZ_CHECK(digits > 0, "an entry's line starts with its count");
    const std::string expected = std::string(line.substr(0, digits)) + "-" + entry.card->id;
    SENESCHAL_FUZZ_CHECK(card_id_from_title(line) == expected, "an entry's line names its card");
  }
  SENESCHAL_FUZZ_CHECK(deck->total() == sum, "total() is the sum of the counts");
  return 0;
}
