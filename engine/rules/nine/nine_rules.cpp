#include "nine_rules.hpp"

#include <algorithm>
#include <array>
#include <map>

#include "seneschal/base/words.hpp"

namespace seneschal::engine::nine {
namespace {

// The rulebook's resources: ids in the card data and the state, said with resource_said().
constexpr std::array<std::string_view, 6> kResourceNames = {N_("Food"), N_("Lumber"), N_("Stone"),
                                                            N_("Ore"),  N_("Gold"),   N_("Crew")};

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
  for (Resource r : item) words += (words.empty() ? "" : "/") + resource_said(r);
  return words;
}

std::string list_words(const std::vector<Resource>& resources) {
  if (resources.empty()) return tr("nothing");
  std::string words;
  for (std::size_t i = 0; i + 1 < resources.size(); ++i) words += (i == 0 ? "" : ", ") + resource_said(resources[i]);
  if (resources.size() == 1) return resource_said(resources.back());
  return trf("{0} and {1}", words, resource_said(resources.back()));
}

// "Tavern needs Lumber: Crew and Crew do not pay it".
std::string not_paid(const std::string& structure, const std::string& need, const std::vector<Resource>& offered) {
  return trn("{0} needs {1}: {2} does not pay it", "{0} needs {1}: {2} do not pay it", static_cast<long>(offered.size()),
             structure, need, list_words(offered));
}

// Kuhn's matching of offered units to cost items, an exact resource tried before Gold, so that
// Gold is what is left over when it could not pay (N9:41).
bool match_item(const std::vector<CostItem>& cost, std::size_t item, const std::vector<Resource>& offered,
                std::vector<int>& item_of, std::vector<bool>& tried) {
  for (int gold_pass = 0; gold_pass < 2; ++gold_pass) {
    for (std::size_t i = 0; i < offered.size(); ++i) {
      const bool exact = std::find(cost[item].begin(), cost[item].end(), offered[i]) != cost[item].end();
      if (tried[i] || exact == (gold_pass == 1) || !pays(offered[i], cost[item])) continue;
      tried[i] = true;
      if (item_of[i] < 0 || match_item(cost, static_cast<std::size_t>(item_of[i]), offered, item_of, tried)) {
        item_of[i] = static_cast<int>(item);
        return true;
      }
    }
  }
  return false;
}

}  // namespace

std::vector<CostFault> cost_faults(const Structure& structure, const std::vector<Resource>& offered) {
  std::vector<int> item_of(offered.size(), -1);  // per offered unit: the cost item it pays
  std::vector<bool> paid(structure.cost.size(), false);
  for (std::size_t item = 0; item < structure.cost.size(); ++item) {
    std::vector<bool> tried(offered.size(), false);
    match_item(structure.cost, item, offered, item_of, tried);
  }
  std::vector<bool> spare(offered.size(), false);
  for (std::size_t i = 0; i < offered.size(); ++i) {
    if (item_of[i] >= 0) paid[static_cast<std::size_t>(item_of[i])] = true;
    else spare[i] = true;
  }
  // A spare unit the table meant for an unpaid item: the first one that fits the rule's case.
  auto take_spare = [&](auto fits) -> std::optional<Resource> {
    for (std::size_t i = 0; i < offered.size(); ++i) {
      if (spare[i] && fits(offered[i])) {
        spare[i] = false;
        return offered[i];
      }
    }
    return std::nullopt;
  };
  std::vector<CostFault> faults;
  std::vector<CostItem> unpaid;
  for (std::size_t item = 0; item < structure.cost.size(); ++item) {
    if (paid[item]) continue;
    const CostItem& cost = structure.cost[item];
    if (cost == CostItem{Resource::Crew} && take_spare([](Resource r) { return r == Resource::Gold; })) {
      faults.push_back({10, tr("Gold does not stand for Crew (N9:41)")});
    } else if (cost.size() > 1) {
      if (auto other = take_spare([](Resource r) { return r != Resource::Gold; })) {
        faults.push_back({9, trf("{0} takes one of the two, not {1} (N9:49)", item_words(cost), resource_said(*other))});
      } else {
        unpaid.push_back(cost);
      }
    } else {
      unpaid.push_back(cost);
    }
  }
  if (!unpaid.empty()) {
    std::string need;
    for (const CostItem& item : unpaid) need += (need.empty() ? "" : " + ") + item_words(item);
    faults.push_back({7, (offered.empty() ? trf("{0} needs {1}: nothing paid for it", structure.name, need)
                                          : not_paid(structure.name, need, offered)) +
                             " (N9:43)"});
  }
  std::vector<Resource> extra;
  for (std::size_t i = 0; i < offered.size(); ++i) {
    if (spare[i]) extra.push_back(offered[i]);
  }
  // Left over beside an unpaid item, a unit was meant for it: the item's reason says so already.
  if (!extra.empty() && unpaid.empty()) {
    faults.push_back({7, trf("{0} does not need the {1} (N9:110)", structure.name, list_words(extra))});
  }
  std::stable_sort(faults.begin(), faults.end(), [](const CostFault& a, const CostFault& b) { return a.rule < b.rule; });
  return faults;
}

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

std::string resource_said(Resource resource) { return tr(std::string(resource_name(resource))); }

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
    payment.reason = not_paid(structure.name, need, offered);
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
  if (total >= 25) return N_("Our next King!");
  if (total >= 21) return N_("The King is worried");
  if (total >= 17) return N_("The King is impressed");
  if (total >= 13) return N_("The King shrugs");
  return N_("The King is displeased");
}

}  // namespace seneschal::engine::nine
