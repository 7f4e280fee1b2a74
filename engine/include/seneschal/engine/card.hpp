#pragma once
// Card data as the engine sees it (schema 2, documented in assets/cards/README.md). The engine is
// handed the text of a card file (firmware reads it); values no source states stay absent, so
// "unknown" can never pass for zero. Types and stat names are each game's own words.

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"

namespace seneschal::engine {

struct Card {
  std::string id;     // derived from the title (card_id_from_title), what the tag prints
  std::string title;  // as printed on the card
  std::string type;   // one of the game's types ("hero", "event", "structure", ...)
  std::optional<int> count;  // copies in the box, for component games
  std::vector<std::string> factions;
  std::vector<std::string> keywords;
  std::map<std::string, int, std::less<>> stats;                 // only stated values
  std::map<std::string, std::string, std::less<>> attributes;    // only stated values
  std::string text;
  std::vector<std::string> sets;
  std::map<std::string, std::string, std::less<>> sourced;       // field -> where a source states it

  std::optional<int> stat(std::string_view name) const;
  bool has_keyword(std::string_view keyword) const;
};

// The id a tag prints for a title: ASCII upper case (accents dropped), quotes and apostrophes
// dropped, every other run outside A-Z0-9 one '-', trimmed. "Hammerdoom's Roost" ->
// HAMMERDOOMS-ROOST. Only QR alphanumeric characters, so codes stay at version 1-2.
std::string card_id_from_title(std::string_view title);

class CardDatabase {
 public:
  // origin names the file in error messages ("assets/cards/r9e.json"). Refuses a stated value
  // without a "sourced" entry: rule zero of the card data is that nothing is invented.
  static Result<CardDatabase> parse_json(std::string_view text, std::string_view origin);

  const std::string& game() const { return game_; }
  const std::string& tag_code() const { return tag_code_; }
  const std::string& title() const { return title_; }
  const std::vector<std::string>& types() const { return types_; }
  const std::vector<std::string>& stat_names() const { return stat_names_; }
  const std::vector<Card>& cards() const { return cards_; }
  const nlohmann::json& tables() const { return tables_; }
  const Card* find(std::string_view id) const;
  const Card* find_by_title(std::string_view title) const;
  std::size_t size() const { return cards_.size(); }

  // A copy with one more stated value; only CardOverlay adds values after parsing.
  CardDatabase with_stat(std::string_view card_id, const std::string& stat, int value, std::string source) const;
  // A copy with one more stated attribute (a word); only CardOverlay adds attributes after parsing.
  CardDatabase with_attribute(std::string_view card_id, const std::string& attribute, std::string value,
                              std::string source) const;
  // A copy with one more card (a card the table named); only CardOverlay adds cards after parsing.
  CardDatabase with_card(Card card) const;


 private:
  std::string game_;
  std::string tag_code_;
  std::string title_;
  std::vector<std::string> types_;
  std::vector<std::string> stat_names_;
  std::vector<Card> cards_;
  nlohmann::json tables_ = nlohmann::json::object();
};

}  // namespace seneschal::engine
