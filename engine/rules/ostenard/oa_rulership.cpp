// Rulership (OA:849-859, OA-53): "The personality with the lowest attribute to that region is the
// current ruler of that region"; a newcomer with a lower attribute rules at once (C7.17), and
// "Ruler of Frostmarch is the second-lowest high king attribute in play". No card data states a
// rulership attribute, so the table tells it: MENU "Rulership of <personality>" asks the card's
// rulership (of the card data's list) and attribute once a card (one a card, README choice 33).
// The books then keep each rulership's current ruler among the told personalities in play, logged
// as it changes.
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kRulershipOf = N_("Rulership of {0}");
constexpr const char* kNone = "None";
constexpr const char* kHighKing = "High King";
constexpr const char* kFrostmarch = "Frostmarch";

// The rulerships as the card data lists them (OA:849, printed spellings).
std::vector<std::string> rulerships(const Table& table) {
  std::vector<std::string> out;
  if (const auto& found = table.cards.tables().find("rulerships"); found != table.cards.tables().end() && found->contains("values")) {
    for (const auto& name : found->at("values")) out.push_back(name.get<std::string>());
  }
  return out;
}

std::vector<std::string> rulership_words(const Table& table) {
  std::vector<std::string> words = {kNone};
  for (const std::string& r : rulerships(table)) words.push_back(r);
  return words;
}

// The personalities in play, every seat's, in the order of the companies.
std::vector<std::string> personalities_in_play(const Table& table) {
  std::vector<std::string> out;
  for (const Company& c : table.data.companies) {
    for (const Member& m : c.members) {
      if (m.kind == "personality" && std::find(out.begin(), out.end(), m.card) == out.end()) out.push_back(m.card);
    }
  }
  return out;
}

bool told(const Table& table, const std::string& card) {
  const auto& t = table.data.rulership_told;
  return std::find(t.begin(), t.end(), card) != t.end();
}

// The told personalities in play holding `rulership`, lowest attribute first; on a tie the one
// ruling now stays first (a newcomer must be lower to take over, OA:855).
std::vector<std::string> claimants(const Table& table, const std::string& rulership, const std::string& ruling) {
  std::vector<std::pair<int, std::string>> ranked;
  for (const std::string& card : personalities_in_play(table)) {
    if (!told(table, card) || table.word(card_subject(card), "rulership", rulership_words(table)) != rulership) continue;
    ranked.push_back({table.number(card_subject(card), "rulership_attribute", 0, 20), card});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [&](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    return a.second == ruling && b.second != ruling;
  });
  std::vector<std::string> out;
  for (const auto& [attribute, card] : ranked) out.push_back(card);
  return out;
}

std::string ruling_now(const Table& table, const std::string& rulership) {
  for (const auto& [r, card] : table.data.rulers) {
    if (r == rulership) return card;
  }
  return "";
}

}  // namespace

std::vector<Option> rulership_items(const Table& table) {
  std::vector<Option> items;
  if (table.data.step == Step::Over) return items;
  for (const std::string& card : personalities_in_play(table)) {
    if (told(table, card)) continue;
    items.push_back(option_of(say(kRulershipOf, table.title(card))));
  }
  return items;
}

std::string rulership_step(Table& table, const std::string& label) {
  for (const std::string& card : personalities_in_play(table)) {
    if (told(table, card) || !picked(label, say(kRulershipOf, table.title(card)))) continue;
    const std::string rulership = table.word(card_subject(card), "rulership", rulership_words(table));
    const int attribute = rulership == kNone ? 0 : table.number(card_subject(card), "rulership_attribute", 0, 20);
    table.data.rulership_told.push_back(card);
    table.log(rulership == kNone ? trf("{0}: no rulership (OA:849-853)", table.title(card))
                                 : trf("{0}: {1} rulership {2} (OA:849-853)", table.title(card), rulership, attribute));
    return "rulership_told";
  }
  return "";
}

void settle_rulers(Table& table) {
  if (table.data.rulership_told.empty()) return;
  std::vector<std::pair<std::string, std::string>> now;
  for (const std::string& r : rulerships(table)) {
    const std::vector<std::string> ranked = claimants(table, r, ruling_now(table, r));
    if (!ranked.empty()) now.push_back({r, ranked.front()});
    // "Ruler of Frostmarch is the second-lowest high king attribute in play" (OA:859).
    if (r == kHighKing && ranked.size() >= 2) {
      const std::string frost_now = ruling_now(table, kFrostmarch);
      const std::vector<std::string> second(ranked.begin() + 1, ranked.end());
      now.push_back({kFrostmarch, std::find(second.begin(), second.end(), frost_now) != second.end() &&
                                          table.number(card_subject(frost_now), "rulership_attribute", 0, 20) ==
                                              table.number(card_subject(second.front()), "rulership_attribute", 0, 20)
                                      ? frost_now
                                      : second.front()});
    }
  }
  for (const auto& [r, card] : now) {
    if (ruling_now(table, r) != card) {
      table.log(r == kFrostmarch ? trf("{0} is the ruler of {1} (OA:859)", table.title(card), r)
                                 : trf("{0} is the ruler of {1} (OA:853-855)", table.title(card), r));
    }
  }
  for (const auto& [r, card] : table.data.rulers) {
    if (std::none_of(now.begin(), now.end(), [&](const auto& x) { return x.first == r; })) table.log(trf("Nobody rules {0} now", r));
  }
  table.data.rulers = std::move(now);
}

}  // namespace seneschal::engine::ostenard
