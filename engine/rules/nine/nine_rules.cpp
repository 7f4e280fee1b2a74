#include "nine_rules.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace seneschal::engine::nine {
namespace {

constexpr std::array<std::string_view, 6> kResourceNames = {"Food", "Lumber", "Stone", "Ore", "Gold", "Crew"};

bool pays(Resource offered, const CostItem& item) {
  if (std::find(item.begin(), item.end(), offered) != item.end()) return true;
  // "Gold may be used in place of any other resource except Crew" (N9:41).
  if (offered != Resource::Gold) return false;
  return std::any_of(item.begin(), item.end(), [](Resource r) { return r != Resource::Crew; });
}

// Assigns offered units to cost items, each unit once (a cost has a handful of items: a search
// over them is exact and cheap). Returns the offered units used, or nothing.
bool assign(const std::vector<CostItem>& cost, std::size_t item, const std::vector<Resource>& offered,
            std::vector<bool>& used) {
  if (item == cost.size()) return true;
  for (std::size_t i = 0; i < offered.size(); ++i) {
    if (used[i] || !pays(offered[i], cost[item])) continue;
    used[i] = true;
    if (assign(cost, item + 1, offered, used)) return true;
    used[i] = false;
  }
  return false;
}

std::string item_words(const CostItem& item) {
  std::string words;
  for (Resource r : item) words += (words.empty() ? "" : "/") + std::string(resource_name(r));
  return words;
}

std::string list_words(const std::vector<Resource>& resources) {
  if (resources.empty()) return "nothing";
  std::string words;
  for (std::size_t i = 0; i < resources.size(); ++i) {
    words += (i == 0 ? "" : i + 1 == resources.size() ? " and " : ", ") + std::string(resource_name(resources[i]));
  }
  return words;
}

}  // namespace

const std::vector<std::string>& structure_names() {
  static const std::vector<std::string> kNames = {"Tavern",    "Saw Mill",   "Quarry", "Farm",    "Demolition Team",
                                                  "Armoury",   "Stonemason", "Goldsmith", "Castle", "Cathedral",
                                                  "Monument",  "Harbour",    "Town Square"};
  return kNames;
}

bool is_high_structure(std::string_view name) {
  for (std::string_view high : {"Castle", "Cathedral", "Monument", "Harbour", "Town Square"}) {
    if (name == high) return true;
  }
  return false;
}

std::string_view resource_name(Resource resource) { return kResourceNames.at(static_cast<std::size_t>(resource)); }

std::optional<Resource> resource_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kResourceNames.size(); ++i) {
    if (kResourceNames[i] == name) return static_cast<Resource>(i);
  }
  return std::nullopt;
}

Payment pay(const Structure& structure, const std::vector<Resource>& offered) {
  Payment payment;
  std::vector<bool> used(offered.size(), false);
  if (!assign(structure.cost, 0, offered, used)) {
    // Name the first item nothing can pay on its own, else the cost as a whole.
    std::string need;
    for (const CostItem& item : structure.cost) {
      const bool payable = std::any_of(offered.begin(), offered.end(), [&](Resource r) { return pays(r, item); });
      if (!payable) {
        need = item_words(item);
        break;
      }
    }
    if (need.empty()) {
      for (const CostItem& item : structure.cost) need += (need.empty() ? "" : " + ") + item_words(item);
    }
    payment.reason = structure.name + " needs " + need + ": " + list_words(offered) + (offered.size() == 1 ? " does not pay it" : " do not pay it");
    return payment;
  }
  payment.paid = true;
  for (std::size_t i = 0; i < offered.size(); ++i) {
    if (!used[i]) payment.unused.push_back(offered[i]);
  }
  return payment;
}

std::vector<std::string> missing_requirements(const Structure& structure, const std::vector<std::string>& city) {
  std::vector<std::string> missing;
  for (const std::string& needed : structure.needs) {
    if (std::find(city.begin(), city.end(), needed) == city.end()) missing.push_back(needed);
  }
  return missing;
}

GameScore score_game(const std::vector<Structure>& city, int rounds_played) {
  GameScore score;
  std::map<std::string, int> built;
  int high = 0;
  for (const Structure& s : city) {
    score.shields += s.vp;
    if (s.high) ++high;
    else ++score.basic;  // "Any structure other than a high structure" (N9:85; B7.6)
    ++built[s.name];
  }
  // "+1 VP bonus for each additional structure of the same type (if 3 ... gain +2 VPs)" (N9:163).
  for (const auto& [name, n] : built) score.doubles += n - 1;
  score.high_bonus = 3 * std::max(0, high - 1);
  score.rounds = rounds_played;
  return score;
}

int match_total(const GameScore& first, const GameScore& second) { return first.total() + second.total(); }

std::string_view king_says(int total) {
  if (total >= 25) return "Our next King!";
  if (total >= 21) return "The King is worried";
  if (total >= 17) return "The King is impressed";
  if (total >= 13) return "The King shrugs";
  return "The King is displeased";
}

}  // namespace seneschal::engine::nine
