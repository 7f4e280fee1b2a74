#pragma once
// Values the players gave at the table for what no rulebook states: a number ("what is Hektor's
// strength?", laid over the card's stats) or a word picked from a listed set ("which resource is
// at the top of face 3A?", laid over the card's attributes). The firmware keeps them in a file
// under the state folder and lays them over the shipped card data at start; the shipped data is
// never edited, and a printed value always wins over an answer.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card.hpp"

namespace seneschal::engine {

// How an answer laid over the card data is sourced: Rules notes every such value an event uses.
inline constexpr const char* kAnsweredAtTable = "answered at the table";
// Whether the card's value of `field` is one the table answered (laid over the data from the
// answers file), not one a book prints: an answer may be corrected, forgotten, and travels in events.
inline bool answered_at_table(const Card& card, std::string_view field) {
  const auto source = card.sourced.find(field);
  return source != card.sourced.end() && source->second == kAnsweredAtTable;
}
// How a card the table named is sourced (its title): Rules notes its title and type likewise.
inline constexpr const char* kNamedAtTable = "named at the table";

class CardOverlay {
 public:
  // A card the table named because no card data names it (Cutthroat's hirelings and events,
  // most Osten Ard cards): resolved like the shipped cards, its tag printed by
  // `seneschal tags --title`.
  struct NamedCard {
    std::string title;
    std::string type;
  };

  // {"schema": 1, "answers": {"r9e": {"HEKTOR": {"strength": 3}}, "nine": {"3A": {"top": "Lumber"}}},
  //  "cards": {"cutthroat": [{"title": "Bors the Sellsword", "type": "hireling"}]}}
  static Result<CardOverlay> parse_json(std::string_view text, std::string_view origin);
  std::string to_json() const;

  // Refuses an unknown card or stat name, and a value the shipped data already states.
  Result<void> record(const CardDatabase& shipped, std::string_view card_id, std::string_view stat, int value);
  std::optional<int> answer(std::string_view game, std::string_view card_id, std::string_view stat) const;
  // A word for an attribute. Attributes have no declared list of names, so any name is taken;
  // refuses an unknown card, an empty word, and an attribute the shipped data states otherwise
  // (the same word printed is nothing to keep).
  Result<void> record_word(const CardDatabase& shipped, std::string_view card_id, std::string_view stat,
                           std::string word);
  std::optional<std::string> word_answer(std::string_view game, std::string_view card_id, std::string_view stat) const;

  // One told value as kept: a number, or a word when `word` is not empty.
  struct Kept {
    std::string game;
    std::string card;  // card id
    std::string stat;
    int number = 0;
    std::string word;
  };
  // Every answer kept, by game, card and stat.
  std::vector<Kept> kept() const;
  // Forgets a card's answer to `stat`, or all its answers when `stat` is empty, so the table is
  // asked again; how many were forgotten.
  int forget(std::string_view game, std::string_view card_id, std::string_view stat = {});

  // Names a card for this game's data and returns its tag id; a title the data has already is
  // its id as it is. Refuses a type the game does not have and a title whose id another card has.
  Result<std::string> name_card(const CardDatabase& shipped, const std::string& title, const std::string& type);
  const std::vector<NamedCard>& named(std::string_view game) const;

  // The shipped data with the table's cards added (sourced as named at the table) and this game's
  // answers filled in (numbers as stats, words as attributes), each sourced as answered at the
  // table. A named card the data now has and answers the data contradicts or no longer knows
  // come back in `ignored`.
  CardDatabase apply(const CardDatabase& shipped, std::vector<std::string>& ignored) const;

 private:
  using Answer = std::variant<int, std::string>;  // a whole number or a word
  using Stats = std::map<std::string, Answer, std::less<>>;
  const Answer* find(std::string_view game, std::string_view card_id, std::string_view stat) const;

  std::map<std::string, std::map<std::string, Stats, std::less<>>, std::less<>> answers_;  // game, card, stat
  std::map<std::string, std::vector<NamedCard>, std::less<>> named_;                       // game
};

}  // namespace seneschal::engine
