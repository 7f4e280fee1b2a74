#include "deck_check.hpp"

#include <algorithm>
#include <map>

namespace seneschal::engine::r9e {
namespace {

constexpr int kDeckMinimum = 55;
constexpr int kMaxCopies = 3;
constexpr const char* kStartingProperty = "Motte and Bailey";

// "Faction keywords include the nine factions (page 18) as well as Mercenary, Renowned, and Zealous."
bool is_faction_keyword(const std::string& keyword) {
  for (const char* faction : {"Ixhasa", "Tuatha", "Arcanix", "Esh", "Malchior", "Ord", "Shad-Hujem", "Holden",
                              "Displaced", "Unaligned", "Mercenary", "Renowned", "Zealous"}) {
    if (keyword == faction) return true;
  }
  return false;
}

bool counts_toward_deck(const Card& card) {
  return card.type != "stronghold" && card.type != "castle" && card.title != kStartingProperty;
}

}  // namespace

DeckReport check_deck(const DeckList& deck) {
  DeckReport report;
  int unknown_factions = 0;
  const DeckEntry* stronghold = nullptr;
  std::map<std::string, int> copies;
  for (const DeckEntry& entry : deck.entries) {
    const Card& card = *entry.card;
    copies[card.id] += entry.count;
    if (counts_toward_deck(card)) report.counted_cards += entry.count;
    if (card.type == "stronghold") {
      if (stronghold) {
        report.problems.push_back({entry.line, card.title, "a deck has one stronghold; this is a second"});
      } else {
        stronghold = &entry;
      }
    }
  }
  if (!stronghold) report.problems.push_back({0, "", "the deck has no stronghold"});

  for (const DeckEntry& entry : deck.entries) {
    const Card& card = *entry.card;
    if (card.has_keyword("Epic") && entry.count > 1) {
      report.problems.push_back({entry.line, card.title, "Epic cards can appear only once per deck"});
    } else if (counts_toward_deck(card) && entry.count > kMaxCopies) {
      report.problems.push_back({entry.line, card.title, "no more than 3 copies of a card"});
    }
    if (!stronghold || card.type == "stronghold") continue;
    std::vector<std::string> factions;
    std::copy_if(card.factions.begin(), card.factions.end(), std::back_inserter(factions), is_faction_keyword);
    if (card.factions.empty() && !card.sourced.count("factions")) {
      ++unknown_factions;
      continue;
    }
    if (factions.empty()) continue;
    const auto& own = stronghold->card->factions;
    const bool shared = std::any_of(factions.begin(), factions.end(), [&](const std::string& f) {
      return std::find(own.begin(), own.end(), f) != own.end();
    });
    if (!shared) {
      report.problems.push_back({entry.line, card.title,
                                 "shares no faction keyword with " + stronghold->card->title});
    }
  }
  // The same title on two lines is one card for the copy limit.
  for (const auto& [card_id, total] : copies) {
    // A named copy: clang 14 (the fuzz build) cannot capture a structured binding.
    const auto& id = card_id;
    const auto is_it = [&id](const DeckEntry& e) { return e.card->id == id; };
    const auto first = std::find_if(deck.entries.begin(), deck.entries.end(), is_it);
    const Card& card = *first->card;
    const bool split = std::count_if(deck.entries.begin(), deck.entries.end(), is_it) > 1;
    if (split && counts_toward_deck(card) && total > (card.has_keyword("Epic") ? 1 : kMaxCopies)) {
      report.problems.push_back({first->line, card.title, "too many copies across lines"});
    }
  }

  if (report.counted_cards < kDeckMinimum) {
    report.problems.push_back({0, "", "the deck has " + std::to_string(report.counted_cards) +
                                          " cards apart from stronghold, castles and Motte and Bailey; at least 55"});
  }
  if (stronghold) {
    const auto points = stronghold->card->stat("castle_points");
    int spent = 0;
    bool all_known = points.has_value();
    for (const DeckEntry& entry : deck.entries) {
      if (entry.card->type != "castle") continue;
      const auto cost = entry.card->stat("castle_point_cost");
      all_known = all_known && cost.has_value();
      spent += cost.value_or(0) * entry.count;
    }
    if (!all_known) {
      report.unchecked.push_back("castle points: the data does not give " + stronghold->card->title +
                                 "'s castle points and every castle's point cost");
    }
    if (all_known && spent > *points) {
      report.problems.push_back({0, "", "castles cost " + std::to_string(spent) + " castle points; " +
                                            stronghold->card->title + " has " + std::to_string(*points)});
    }
  }
  if (unknown_factions > 0) {
    report.unchecked.push_back("faction keywords: unknown for " + std::to_string(unknown_factions) + " cards");
  }
  return report;
}

}  // namespace seneschal::engine::r9e
