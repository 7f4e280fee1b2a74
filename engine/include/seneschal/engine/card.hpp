#pragma once
// Card data as the engine sees it. The engine is handed the text of a card file (firmware reads
// it); values a rulebook never states stay absent, so "unknown" can never pass for zero.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"

namespace seneschal::engine {

enum class CardType {
  Stronghold, Castle, Hero, Cohort, Item, Spell, Guardian, Property, Quest, Tactic, Token, Other
};

std::string_view to_string(CardType type);
std::optional<CardType> card_type_from_string(std::string_view text);

struct Card {
  std::string id;     // the name printed in its tag, e.g. HEKTOR
  std::string title;  // as printed on the card, e.g. Hektor
  CardType type = CardType::Other;
  std::vector<std::string> factions;
  std::vector<std::string> keywords;
  std::map<std::string, int, std::less<>> stats;  // only the values a source states

  std::optional<int> stat(std::string_view name) const;
};

class CardDatabase {
 public:
  // origin names the file in error messages ("assets/cards/r9e.json").
  static Result<CardDatabase> parse_json(std::string_view text, std::string_view origin);

  const std::string& game() const { return game_; }
  const std::string& title() const { return title_; }
  const Card* find(std::string_view id) const;
  const Card* find_by_title(std::string_view title) const;
  std::size_t size() const { return cards_.size(); }

 private:
  std::string game_;
  std::string title_;
  std::vector<Card> cards_;
};

}  // namespace seneschal::engine
