// libFuzzer target for card data: card files are edited by hand and shared, so
// seneschal::engine::CardDatabase::parse_json must refuse any text with a message, never crash.
//
// Invariants, for any input:
//   - an error has a message, and the message starts with the origin, so it names the file;
//   - card_id_from_title of the raw bytes (malformed UTF-8 included) uses only A-Z0-9 and
//     single inner '-', and is its own id (a tag's card id maps to itself).
// For a parsed database:
//   - game, tag_code and types are present; tag_code is A-Z0-9 only;
//   - no two cards share an id; every id equals card_id_from_title(title) and uses only A-Z0-9
//     and single inner '-';
//   - find(id) and find_by_title(title) give the card back;
//   - every type is one of types, every stat one of stat_names, every count >= 1, and every
//     stated value has a "sourced" entry (rule zero of the card data).

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "seneschal/engine/card.hpp"

namespace {

using seneschal::engine::Card;
using seneschal::engine::CardDatabase;
using seneschal::engine::card_id_from_title;

constexpr std::string_view kOrigin = "fuzz.json";

bool is_upper_alnum(char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// A-Z0-9 words joined by single dashes: the shape card_id_from_title promises.
bool is_id_shape(std::string_view id) {
  if (id.empty()) return true;
  if (id.front() == '-' || id.back() == '-' || id.find("--") != std::string_view::npos) return false;
  for (char c : id) {
    if (!is_upper_alnum(c) && c != '-') return false;
  }
  return true;
}

bool contains(const std::vector<std::string>& list, std::string_view item) {
  for (const auto& x : list) {
    if (x == item) return true;
  }
  return false;
}

void check_card(const CardDatabase& db, const Card& card) {
  SENESCHAL_FUZZ_CHECK(!card.title.empty(), "a card has a title");
  SENESCHAL_FUZZ_CHECK(!card.id.empty(), "a card has an id");
  SENESCHAL_FUZZ_CHECK(card.id == card_id_from_title(card.title), "a card's id is card_id_from_title(title)");
  SENESCHAL_FUZZ_CHECK(is_id_shape(card.id), "a card id is A-Z0-9 words joined by single '-'");
  SENESCHAL_FUZZ_CHECK(db.find(card.id) == &card, "find(id) gives the card back");
  SENESCHAL_FUZZ_CHECK(db.find_by_title(card.title) == &card, "find_by_title(title) gives the card back");
  SENESCHAL_FUZZ_CHECK(contains(db.types(), card.type), "a card's type is one of the game's types");
  SENESCHAL_FUZZ_CHECK(!card.count || *card.count >= 1, "a card count is >= 1");
  for (const auto& [name, value] : card.stats) {
    SENESCHAL_FUZZ_CHECK(contains(db.stat_names(), name), "a stat is one of stat_names");
    SENESCHAL_FUZZ_CHECK(card.sourced.count(name), "a stated stat is sourced");
    SENESCHAL_FUZZ_CHECK(card.stat(name) == value, "Card::stat finds a stated stat");
  }
  for (const auto& [name, value] : card.attributes) {
    SENESCHAL_FUZZ_CHECK(card.sourced.count(name), "a stated attribute is sourced");
  }
  SENESCHAL_FUZZ_CHECK(card.keywords.empty() || card.sourced.count("keywords"), "stated keywords are sourced");
  SENESCHAL_FUZZ_CHECK(card.factions.empty() || card.sourced.count("factions"), "stated factions are sourced");
  SENESCHAL_FUZZ_CHECK(card.text.empty() || card.sourced.count("text"), "stated text is sourced");
  SENESCHAL_FUZZ_CHECK(!card.count || card.sourced.count("count"), "a stated count is sourced");
  for (const auto& keyword : card.keywords) {
    SENESCHAL_FUZZ_CHECK(card.has_keyword(keyword), "Card::has_keyword finds a stated keyword");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  // Titles reach card_id_from_title from deck lists as raw bytes too, not only from valid JSON.
  const std::string raw_id = card_id_from_title(text);
  SENESCHAL_FUZZ_CHECK(is_id_shape(raw_id), "card_id_from_title gives A-Z0-9 words joined by single '-'");
  SENESCHAL_FUZZ_CHECK(card_id_from_title(raw_id) == raw_id, "an id is its own id");

  const auto db = CardDatabase::parse_json(text, kOrigin);
  if (!db) {
    const std::string& message = db.error().message;
    SENESCHAL_FUZZ_CHECK(!message.empty(), "an error message is never empty");
    SENESCHAL_FUZZ_CHECK(message.rfind(kOrigin, 0) == 0, "an error message starts with the origin");
    return 0;
  }
  SENESCHAL_FUZZ_CHECK(!db->game().empty(), "a database names its game");
  SENESCHAL_FUZZ_CHECK(!db->tag_code().empty(), "a database has a tag code");
  for (char c : db->tag_code()) SENESCHAL_FUZZ_CHECK(is_upper_alnum(c), "a tag code is A-Z0-9 only");
  SENESCHAL_FUZZ_CHECK(!db->types().empty(), "a database has types");
  SENESCHAL_FUZZ_CHECK(db->size() == db->cards().size(), "size() counts the cards");
  std::set<std::string, std::less<>> ids;
  for (const Card& card : db->cards()) {
    SENESCHAL_FUZZ_CHECK(ids.insert(card.id).second, "no two cards share an id");
    check_card(*db, card);
  }
  return 0;
}
