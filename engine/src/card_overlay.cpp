#include "seneschal/engine/card_overlay.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "json_int.hpp"

namespace seneschal::engine {

Result<CardOverlay> CardOverlay::parse_json(std::string_view text, std::string_view origin) {
  const std::string file(origin);
  const auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return fail(file + ": not a JSON object");
  const auto schema = doc.find("schema");
  if (schema == doc.end() || detail::small_int(*schema) != 1) {
    return fail(file + ": expected \"schema\": 1");
  }
  CardOverlay overlay;
  try {
    // Cards the table named (titles no shipped data has): {"cutthroat": [{"title", "type"}]}.
    if (const auto named = doc.find("cards"); named != doc.end()) {
      for (const auto& [game, cards] : named->items()) {
        std::size_t index = 0;
        for (const auto& card : cards) {
          const std::string where = file + ": cards/" + game + "[" + std::to_string(index++) + "]";
          if (!card.is_object()) return fail(where + ": expected {\"title\": ..., \"type\": ...}");
          const auto title = card.value("title", std::string());
          const auto type = card.value("type", std::string());
          if (title.empty() || card_id_from_title(title).empty()) return fail(where + ": a title is needed");
          if (type.empty()) return fail(where + ": a type is needed");
          overlay.named_[game].push_back({title, type});
        }
      }
    }
    for (const auto& [game, cards] : doc.at("answers").items()) {
      for (const auto& [card, stats] : cards.items()) {
        for (const auto& [stat, value] : stats.items()) {
          const std::string where = file + ": " + game + "/" + card + "/" + stat;
          if (value.is_string()) {
            auto word = value.get<std::string>();
            if (word.empty()) return fail(where + " is an empty word");
            overlay.answers_[game][card][stat] = std::move(word);
            continue;
          }
          const auto number = detail::small_int(value);
          if (!number) return fail(where + " must be a whole number or a word");
          overlay.answers_[game][card][stat] = *number;
        }
      }
    }
  } catch (const nlohmann::json::exception& e) {
    return fail(file + ": " + e.what());
  }
  return overlay;
}

std::string CardOverlay::to_json() const {
  nlohmann::json answers = nlohmann::json::object();
  for (const auto& [game, cards] : answers_) {
    for (const auto& [card, stats] : cards) {
      for (const auto& [stat, value] : stats) {
        if (const auto* word = std::get_if<std::string>(&value)) {
          answers[game][card][stat] = *word;
        } else {
          answers[game][card][stat] = std::get<int>(value);
        }
      }
    }
  }
  nlohmann::json out{{"schema", 1}, {"answers", answers}};
  for (const auto& [game, cards] : named_) {
    for (const NamedCard& card : cards) out["cards"][game].push_back({{"title", card.title}, {"type", card.type}});
  }
  return out.dump(2) + "\n";
}

Result<void> CardOverlay::record(const CardDatabase& shipped, std::string_view card_id, std::string_view stat,
                                 int value) {
  const Card* card = shipped.find(card_id);
  if (!card) return fail("no card " + std::string(card_id) + " in the " + shipped.title() + " data");
  const auto& names = shipped.stat_names();
  if (std::find(names.begin(), names.end(), stat) == names.end()) {
    return fail(shipped.title() + " has no stat \"" + std::string(stat) + "\"");
  }
  // An answer laid over the data from this file may be corrected; a printed value may not.
  if (auto printed = card->stat(stat); printed && !answered_at_table(*card, stat)) {
    return fail(card->title + "'s " + std::string(stat) + " is printed as " + std::to_string(*printed) +
                "; a table answer cannot change it");
  }
  answers_[shipped.game()][card->id][std::string(stat)] = value;
  return {};
}

Result<void> CardOverlay::record_word(const CardDatabase& shipped, std::string_view card_id, std::string_view stat,
                                      std::string word) {
  const Card* card = shipped.find(card_id);
  if (!card) return fail("no card " + std::string(card_id) + " in the " + shipped.title() + " data");
  if (word.empty()) return fail(card->title + "'s " + std::string(stat) + ": an empty word is no answer");
  // An attribute the table answered before (laid over the data from this file) may be corrected;
  // one the data prints may not.
  if (auto printed = card->attributes.find(stat); printed != card->attributes.end() && !answered_at_table(*card, stat)) {
    if (printed->second == word) return {};  // the data says it already: nothing to keep
    return fail(card->title + "'s " + std::string(stat) + " is printed as " + printed->second +
                "; a table answer cannot change it");
  }
  answers_[shipped.game()][card->id][std::string(stat)] = std::move(word);
  return {};
}

const CardOverlay::Answer* CardOverlay::find(std::string_view game, std::string_view card_id,
                                             std::string_view stat) const {
  auto g = answers_.find(game);
  if (g == answers_.end()) return nullptr;
  auto c = g->second.find(card_id);
  if (c == g->second.end()) return nullptr;
  auto s = c->second.find(stat);
  if (s == c->second.end()) return nullptr;
  return &s->second;
}

std::optional<int> CardOverlay::answer(std::string_view game, std::string_view card_id, std::string_view stat) const {
  const Answer* found = find(game, card_id, stat);
  if (!found || !std::holds_alternative<int>(*found)) return std::nullopt;
  return std::get<int>(*found);
}

std::optional<std::string> CardOverlay::word_answer(std::string_view game, std::string_view card_id,
                                                    std::string_view stat) const {
  const Answer* found = find(game, card_id, stat);
  if (!found || !std::holds_alternative<std::string>(*found)) return std::nullopt;
  return std::get<std::string>(*found);
}

std::vector<CardOverlay::Kept> CardOverlay::kept() const {
  std::vector<Kept> out;
  for (const auto& [game, cards] : answers_) {
    for (const auto& [card, stats] : cards) {
      for (const auto& [stat, value] : stats) {
        Kept one{game, card, stat, 0, {}};
        if (const auto* word = std::get_if<std::string>(&value)) {
          one.word = *word;
        } else {
          one.number = std::get<int>(value);
        }
        out.push_back(std::move(one));
      }
    }
  }
  return out;
}

int CardOverlay::forget(std::string_view game, std::string_view card_id, std::string_view stat) {
  auto g = answers_.find(game);
  if (g == answers_.end()) return 0;
  auto c = g->second.find(card_id);
  if (c == g->second.end()) return 0;
  int forgotten = 0;
  if (stat.empty()) {
    forgotten = static_cast<int>(c->second.size());
    g->second.erase(c);
  } else if (auto s = c->second.find(stat); s != c->second.end()) {
    c->second.erase(s);
    forgotten = 1;
    if (c->second.empty()) g->second.erase(c);
  }
  if (g->second.empty()) answers_.erase(g);
  return forgotten;
}

Result<std::string> CardOverlay::name_card(const CardDatabase& shipped, const std::string& title, const std::string& type) {
  const std::string id = card_id_from_title(title);
  if (id.empty()) return fail("\"" + title + "\": a title needs a letter or a digit to make a tag from");
  if (const Card* card = shipped.find(id)) {
    if (card->title == title) return id;  // in the data already (shipped or named before): nothing to add
    return fail("\"" + title + "\" makes the tag id " + id + ", which " + card->title + " already has");
  }
  const auto& types = shipped.types();
  if (std::find(types.begin(), types.end(), type) == types.end()) {
    std::string known;
    for (const std::string& t : types) known += (known.empty() ? "" : ", ") + t;
    return fail("\"" + type + "\" is not a " + shipped.title() + " card type (types: " + known + ")");
  }
  named_[shipped.game()].push_back({title, type});
  return id;
}

const std::vector<CardOverlay::NamedCard>& CardOverlay::named(std::string_view game) const {
  static const std::vector<NamedCard> kNone;
  auto it = named_.find(game);
  return it == named_.end() ? kNone : it->second;
}

CardDatabase CardOverlay::apply(const CardDatabase& shipped, std::vector<std::string>& ignored) const {
  CardDatabase result = shipped;
  // The table's cards first, so answers about them apply like answers about shipped cards.
  for (const NamedCard& named : named(shipped.game())) {
    const std::string id = card_id_from_title(named.title);
    if (const Card* card = result.find(id)) {
      ignored.push_back("the table's card \"" + named.title + "\": " + card->title + " in the " + shipped.title() +
                        " data has its tag id " + id);
      continue;
    }
    Card card;
    card.id = id;
    card.title = named.title;
    card.type = named.type;
    card.sourced["title"] = kNamedAtTable;
    result = result.with_card(std::move(card));
  }
  auto game = answers_.find(shipped.game());
  if (game == answers_.end()) return result;
  for (const auto& [card_id, stats] : game->second) {
    for (const auto& [stat, answer] : stats) {
      // Looked up afresh: each answer applied replaces `result`, and with it the card it held.
      const Card* card = result.find(card_id);
      if (const auto* word = std::get_if<std::string>(&answer)) {
        // A word is an attribute, whose names no list declares: only the card must still be there.
        if (!card) {
          ignored.push_back(card_id + " " + stat + ": no longer in the " + shipped.title() + " data");
        } else if (auto printed = card->attributes.find(stat); printed != card->attributes.end()) {
          if (printed->second != *word) {
            ignored.push_back(card->title + " " + stat + ": the data now states " + printed->second +
                              ", the table had answered " + *word);
          }
        } else {
          result = result.with_attribute(card_id, stat, *word, kAnsweredAtTable);
        }
        continue;
      }
      const int value = std::get<int>(answer);
      const auto& names = shipped.stat_names();
      if (!card || std::find(names.begin(), names.end(), stat) == names.end()) {
        ignored.push_back(card_id + " " + stat + ": no longer in the " + shipped.title() + " data");
      } else if (auto printed = card->stat(stat)) {
        if (*printed != value) {
          ignored.push_back(card->title + " " + stat + ": the data now states " + std::to_string(*printed) +
                            ", the table had answered " + std::to_string(value));
        }
      } else {
        result = result.with_stat(card_id, stat, value, kAnsweredAtTable);
      }
    }
  }
  return result;
}

}  // namespace seneschal::engine
