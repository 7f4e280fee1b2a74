#pragma once
// Values the table tells the device because no card data states them: a hero's Strength
// (R9E), the colour of one soldier copy (Cutthroat), the resource on a face's long edge (Nine),
// the region of a location (Osten Ard). A value is a number or one of a listed set of words, and
// belongs to a card, to one physical copy of it, or to one face of it.

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace seneschal::engine {

// What a told value is about.
struct Subject {
  std::string card;  // card id
  int copy = 0;      // > 0: this physical copy only
  std::string face;  // not empty: this face of the card (Nine's "3A")

  // "HEKTOR", "HEKTOR#2", "HEKTOR@3A": the key in the state's "told" object.
  std::string key() const;
  static Subject from_key(std::string_view key);
  bool operator==(const Subject&) const = default;
};

// A value the module needs and the data lacks: asked once, then remembered.
struct Question {
  Subject subject;
  std::string stat;                // "strength", "colour", "region"
  std::vector<std::string> words;  // empty: a whole number; else exactly one of these
  int min = 0;                     // a number's bounds, both included
  int max = 999;

  bool wants_number() const { return words.empty(); }
  bool operator==(const Question&) const = default;
};

struct ToldValue {
  std::optional<int> number;
  std::string word;
  // Neither a number nor a word: the players forgot what they told (MENU, Told values), so the
  // table is asked again, and an answer kept from an earlier game no longer counts.
  bool forgotten() const { return !number && word.empty(); }
  bool operator==(const ToldValue&) const = default;
};

class ToldValues {
 public:
  using Stats = std::map<std::string, ToldValue, std::less<>>;

  void set(const Subject& subject, const std::string& stat, ToldValue value);
  // A copy's or a face's own value first, then the card's.
  const ToldValue* find(const Subject& subject, std::string_view stat) const;
  std::optional<int> number(const Subject& subject, std::string_view stat) const;
  std::optional<std::string> word(const Subject& subject, std::string_view stat) const;

  // subject key -> stat -> value, in key order.
  const std::map<std::string, Stats, std::less<>>& entries() const { return values_; }
  bool empty() const { return values_.empty(); }

  // {"HEKTOR": {"strength": 3}, "SOLDIER#2": {"colour": "red"}}
  nlohmann::json to_json() const;
  static ToldValues from_json(const nlohmann::json& json);  // skips what is neither a number nor a word

 private:
  std::map<std::string, Stats, std::less<>> values_;
};

}  // namespace seneschal::engine
