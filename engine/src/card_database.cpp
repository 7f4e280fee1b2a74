#include <algorithm>

#include "json_int.hpp"
#include "seneschal/engine/card.hpp"

namespace seneschal::engine {
namespace {

using nlohmann::json;

constexpr int kSchema = 2;
constexpr std::size_t kMaxIdLength = 60;  // what vision::parse_tag accepts

std::string where(std::string_view origin, std::size_t index, std::string_view title) {
  std::string out(origin);
  out += ": card #" + std::to_string(index + 1);
  if (!title.empty()) out += " (" + std::string(title) + ")";
  return out;
}

using detail::small_int;

bool contains(const std::vector<std::string>& list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

std::string joined(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& item : list) out += (out.empty() ? "" : ", ") + item;
  return out;
}

std::vector<std::string> strings(const json& card, const char* key) {
  auto it = card.find(key);
  return it == card.end() ? std::vector<std::string>{} : it->get<std::vector<std::string>>();
}

// Rule zero: every stated value says where a source states it.
Result<void> check_sourced(const Card& card, const std::string& at) {
  std::vector<std::string> stated;
  for (const auto& [name, value] : card.stats) stated.push_back(name);
  for (const auto& [name, value] : card.attributes) stated.push_back(name);
  if (!card.keywords.empty()) stated.push_back("keywords");
  if (!card.factions.empty()) stated.push_back("factions");
  if (!card.text.empty()) stated.push_back("text");
  if (card.count) stated.push_back("count");
  for (const std::string& field : stated) {
    if (!card.sourced.count(field)) return fail(at + ": \"" + field + "\" is stated without a \"sourced\" entry");
  }
  return {};
}

Result<Card> parse_card(const json& j, const CardDatabase& db, std::string_view origin, std::size_t index) {
  if (!j.is_object()) return fail(where(origin, index, "") + ": expected an object");
  Card card;
  card.title = j.value("title", "");
  if (card.title.empty()) return fail(where(origin, index, "") + ": missing \"title\"");
  const std::string at = where(origin, index, card.title);
  card.id = card_id_from_title(card.title);
  if (card.id.empty()) return fail(at + ": the title gives an empty card id");
  if (card.id.size() > kMaxIdLength) {
    return fail(at + ": its id " + card.id + " is longer than the " + std::to_string(kMaxIdLength) +
                " characters a tag holds");
  }
  card.type = j.value("type", "");
  if (!contains(db.types(), card.type)) {
    return fail(at + ": unknown type \"" + card.type + "\" (allowed: " + joined(db.types()) + ")");
  }
  if (auto it = j.find("count"); it != j.end()) {
    const auto count = small_int(*it);
    if (!count || *count < 1) return fail(at + ": \"count\" must be a whole number >= 1");
    card.count = count;
  }
  card.factions = strings(j, "factions");
  card.keywords = strings(j, "keywords");
  card.sets = strings(j, "sets");
  card.text = j.value("text", "");
  if (auto it = j.find("stats"); it != j.end()) {
    for (const auto& [name, value] : it->items()) {
      if (!contains(db.stat_names(), name)) {
        return fail(at + ": stat \"" + name + "\" is not in stat_names (" + joined(db.stat_names()) + ")");
      }
      if (value.is_null()) continue;  // written out as unknown
      const auto number = small_int(value);
      if (!number) return fail(at + ": stat \"" + name + "\" must be a whole number or null");
      card.stats.emplace(name, *number);
    }
  }
  if (auto it = j.find("attributes"); it != j.end()) {
    for (const auto& [name, value] : it->items()) {
      if (!value.is_string()) return fail(at + ": attribute \"" + name + "\" must be text");
      card.attributes.emplace(name, value.get<std::string>());
    }
  }
  if (auto it = j.find("sourced"); it != j.end()) {
    for (const auto& [name, value] : it->items()) card.sourced.emplace(name, value.get<std::string>());
  }
  if (auto r = check_sourced(card, at); !r) return fail(r.error().message);
  return card;
}

}  // namespace

std::optional<int> Card::stat(std::string_view name) const {
  auto it = stats.find(name);
  if (it == stats.end()) return std::nullopt;
  return it->second;
}

bool Card::has_keyword(std::string_view keyword) const { return contains(keywords, keyword); }

Result<CardDatabase> CardDatabase::parse_json(std::string_view text, std::string_view origin) {
  const std::string file(origin);
  json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return fail(file + ": not valid JSON");
  if (!doc.is_object()) return fail(file + ": expected a JSON object at the top");
  try {
    const auto schema = doc.find("schema");
    if (schema == doc.end() || small_int(*schema) != kSchema) {
      const std::string said = schema == doc.end() ? "none" : schema->dump().substr(0, 40);
      return fail(file + ": card data schema " + said + ", this build reads schema " + std::to_string(kSchema));
    }
    CardDatabase db;
    db.game_ = doc.value("game", "");
    if (db.game_.empty()) return fail(file + ": missing \"game\"");
    db.tag_code_ = doc.value("tag_code", "");
    // The tag parser's rules for a game code: up to 8 of A-Z0-9, and not a word it reserves.
    if (db.tag_code_.empty() || db.tag_code_.size() > 8 || card_id_from_title(db.tag_code_) != db.tag_code_ ||
        db.tag_code_.find('-') != std::string::npos || db.tag_code_ == "CTL" || db.tag_code_ == "SEAT" ||
        db.tag_code_ == "CAL") {
      return fail(file + ": \"tag_code\" must be 1-8 upper-case letters and digits, not CTL, SEAT or CAL (e.g. R9E)");
    }
    db.title_ = doc.value("title", db.game_);
    db.types_ = strings(doc, "types");
    if (db.types_.empty()) return fail(file + ": missing \"types\" (the game's card types)");
    db.stat_names_ = strings(doc, "stat_names");
    if (auto it = doc.find("tables"); it != doc.end()) db.tables_ = *it;
    auto cards = doc.find("cards");
    if (cards == doc.end() || !cards->is_array()) return fail(file + ": missing \"cards\" array");
    for (std::size_t i = 0; i < cards->size(); ++i) {
      auto card = parse_card((*cards)[i], db, origin, i);
      if (!card) return fail(card.error().message);
      if (const Card* same = db.find(card->id)) {
        return fail(where(origin, i, card->title) + ": its id " + card->id + " is already the id of \"" +
                    same->title + "\"");
      }
      db.cards_.push_back(std::move(card).value());
    }
    return db;
  } catch (const json::exception& e) {
    // A field of the wrong JSON type (a number where a list of names belongs, say).
    return fail(file + ": " + e.what());
  }
}

CardDatabase CardDatabase::with_stat(std::string_view card_id, const std::string& stat, int value,
                                     std::string source) const {
  CardDatabase copy = *this;
  for (Card& card : copy.cards_) {
    if (card.id != card_id) continue;
    card.stats[stat] = value;
    card.sourced[stat] = std::move(source);
    break;
  }
  return copy;
}

CardDatabase CardDatabase::with_attribute(std::string_view card_id, const std::string& attribute, std::string value,
                                          std::string source) const {
  CardDatabase copy = *this;
  for (Card& card : copy.cards_) {
    if (card.id != card_id) continue;
    card.attributes[attribute] = std::move(value);
    card.sourced[attribute] = std::move(source);
    break;
  }
  return copy;
}

CardDatabase CardDatabase::with_card(Card card) const {
  CardDatabase copy = *this;
  copy.cards_.push_back(std::move(card));
  return copy;
}

const Card* CardDatabase::find(std::string_view id) const {
  auto it = std::find_if(cards_.begin(), cards_.end(), [&](const Card& c) { return c.id == id; });
  return it == cards_.end() ? nullptr : &*it;
}

const Card* CardDatabase::find_by_title(std::string_view title) const {
  auto it = std::find_if(cards_.begin(), cards_.end(), [&](const Card& c) { return c.title == title; });
  return it == cards_.end() ? nullptr : &*it;
}

}  // namespace seneschal::engine
