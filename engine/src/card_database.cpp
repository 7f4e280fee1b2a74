#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "seneschal/engine/card.hpp"

namespace seneschal::engine {
namespace {

constexpr std::array<std::pair<CardType, std::string_view>, 12> kTypeNames{{
    {CardType::Stronghold, "stronghold"},
    {CardType::Castle, "castle"},
    {CardType::Hero, "hero"},
    {CardType::Cohort, "cohort"},
    {CardType::Item, "item"},
    {CardType::Spell, "spell"},
    {CardType::Guardian, "guardian"},
    {CardType::Property, "property"},
    {CardType::Quest, "quest"},
    {CardType::Tactic, "tactic"},
    {CardType::Token, "token"},
    {CardType::Other, "other"},
}};

std::string where(std::string_view origin, std::size_t index, std::string_view id) {
  std::string out(origin);
  out += ": card #" + std::to_string(index + 1);
  if (!id.empty()) out += " (" + std::string(id) + ")";
  return out;
}

Result<Card> parse_card(const nlohmann::json& j, std::string_view origin, std::size_t index) {
  if (!j.is_object()) return fail(where(origin, index, "") + ": expected an object");
  Card card;
  card.id = j.value("id", "");
  if (card.id.empty()) return fail(where(origin, index, "") + ": missing \"id\"");
  card.title = j.value("title", "");
  if (card.title.empty()) return fail(where(origin, index, card.id) + ": missing \"title\"");
  const std::string type = j.value("type", "");
  auto parsed = card_type_from_string(type);
  if (!parsed) {
    return fail(where(origin, index, card.id) + ": unknown type \"" + type +
                "\" (allowed: stronghold, castle, hero, cohort, item, spell, guardian, property, "
                "quest, tactic, token, other)");
  }
  card.type = *parsed;
  if (auto it = j.find("factions"); it != j.end()) card.factions = it->get<std::vector<std::string>>();
  if (auto it = j.find("keywords"); it != j.end()) card.keywords = it->get<std::vector<std::string>>();
  if (auto it = j.find("stats"); it != j.end()) {
    for (const auto& [name, value] : it->items()) {
      if (value.is_null()) continue;  // stated as unknown
      if (!value.is_number_integer()) {
        return fail(where(origin, index, card.id) + ": stat \"" + name + "\" must be a whole number or null");
      }
      card.stats.emplace(name, value.get<int>());
    }
  }
  return card;
}

}  // namespace

std::string_view to_string(CardType type) {
  for (const auto& [t, name] : kTypeNames) {
    if (t == type) return name;
  }
  return "other";
}

std::optional<CardType> card_type_from_string(std::string_view text) {
  for (const auto& [t, name] : kTypeNames) {
    if (name == text) return t;
  }
  return std::nullopt;
}

std::optional<int> Card::stat(std::string_view name) const {
  auto it = stats.find(name);
  if (it == stats.end()) return std::nullopt;
  return it->second;
}

Result<CardDatabase> CardDatabase::parse_json(std::string_view text, std::string_view origin) {
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return fail(std::string(origin) + ": not valid JSON");
  if (!doc.is_object()) return fail(std::string(origin) + ": expected a JSON object at the top");
  CardDatabase db;
  db.game_ = doc.value("game", "");
  if (db.game_.empty()) return fail(std::string(origin) + ": missing \"game\"");
  db.title_ = doc.value("title", db.game_);
  auto cards = doc.find("cards");
  if (cards == doc.end() || !cards->is_array()) return fail(std::string(origin) + ": missing \"cards\" array");
  try {
    for (std::size_t i = 0; i < cards->size(); ++i) {
      auto card = parse_card((*cards)[i], origin, i);
      if (!card) return fail(card.error().message);
      if (db.find(card->id)) return fail(where(origin, i, card->id) + ": duplicate id");
      db.cards_.push_back(std::move(card).value());
    }
  } catch (const nlohmann::json::exception& e) {
    // A field of the wrong JSON type (a number where a list of names belongs, say).
    return fail(std::string(origin) + ": " + e.what());
  }
  return db;
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
