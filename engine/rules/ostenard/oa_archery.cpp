// Archery in a battle (OA:545, OA-38): "Archery companies have ranged attacks and can bow (with any
// amount of other archers) to kill an army with cohesion < total combined ranged attack". Between
// the roles and the totals, the attacker's side then the defender's, each when it has a ready army
// with a ranged attack (its value asked once an army, 0 for none): its player bows archers one by
// one, then names the enemy army they shoot; one volley a side (the text names no more). Bowed
// archers have no strength in the totals that follow (OA:565).
#include <algorithm>
#include <numeric>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kBow = "Bow ";
constexpr const char* kShoot = "Shoot ";
constexpr const char* kNoArchery = "No archery";
constexpr const char* kHoldFire = "Hold fire";

bool has_archers(const Table& table, int side) {
  const Company& c = battle_side(table, side);
  return std::any_of(c.members.begin(), c.members.end(),
                     [&](const Member& m) { return m.kind == "army" && !m.bowed && ranged_attack(table, m.card) > 0; });
}

int volley(const Table& table) { return volley_total(table, table.data.battle->archery); }

std::string next_side(Table& table) {
  next_volley(table.data.battle->archery);
  return next_archery(table);
}

}  // namespace

int ranged_attack(const Table& table, const std::string& card) { return table.number(card_subject(card), "ranged", 0, 30); }

int ranged_attack_known(const Table& table, const std::string& card) {
  return table.known(card_subject(card), "ranged").value_or(0);
}

int volley_total(const Table& table, const Volley& volley) {
  return std::accumulate(volley.archers.begin(), volley.archers.end(), 0,
                         [&](int sum, const std::string& card) { return sum + ranged_attack(table, card); });
}

void hold_fire(Table& table, Volley& volley) {
  for (Company& c : table.data.companies) {
    for (Member& m : c.members) {
      if (std::find(volley.archers.begin(), volley.archers.end(), m.card) != volley.archers.end()) m.bowed = false;
    }
  }
  next_volley(volley);
}

void next_volley(Volley& volley) {
  volley.archers.clear();
  ++volley.turn;
}

std::string next_archery(Table& table) {
  Battle& b = *table.data.battle;
  while (b.archery.turn < 2 && !has_archers(table, b.archery.turn)) ++b.archery.turn;
  if (b.archery.turn >= 2) return next_duel(table);
  return "archery_begun";
}

std::string archery_step(Table& table, const Command& command) {
  Battle& b = *table.data.battle;
  const int side = b.archery.turn;
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse("bow archers and shoot, or " + std::string(kNoArchery));
  Company& ours = battle_side(table, side);
  if (choose->label == kNoArchery || choose->label == kHoldFire) {
    hold_fire(table, b.archery);
    return next_archery(table);
  }
  if (choose->label.starts_with(kBow)) {
    for (Member& m : ours.members) {
      if (m.kind != "army" || m.bowed || kBow + table.title(m.card) != choose->label) continue;
      if (ranged_attack(table, m.card) == 0) table.refuse(table.title(m.card) + " has no ranged attack");
      m.bowed = true;
      b.archery.archers.push_back(m.card);
      table.log(table.title(m.card) + " bows to shoot: ranged " + std::to_string(ranged_attack(table, m.card)) + " (OA:545)");
      return "archer_bowed";
    }
    table.refuse("\"" + choose->label + "\" is no ready army of this host");
  }
  if (choose->label.starts_with(kShoot) && !b.archery.archers.empty()) {
    Company& theirs = battle_side(table, 1 - side);
    for (const Member& m : theirs.members) {
      if (m.kind != "army" || kShoot + table.title(m.card) != choose->label) continue;
      const std::string target = m.card;
      const int cohesion = table.number(card_subject(target), "cohesion", 0, 30);
      const int total = volley(table);
      // OA-38: "to kill an army with cohesion < total combined ranged attack" (OA:545).
      table.check(cohesion < total, table.title(target) + "'s cohesion " + std::to_string(cohesion) + " is not below the archers' " +
                                        std::to_string(total) + " (OA:545)");
      std::erase_if(theirs.members, [&](const Member& x) { return x.kind == "army" && x.card == target; });
      for (std::string* role : {&b.vanguard[1 - side], &b.rearguard[1 - side]}) {
        if (*role == target) role->clear();
      }
      table.log(table.name(b.seats[side]) + "'s archers (" + std::to_string(total) + ") kill " + table.title(target) + " (cohesion " +
                std::to_string(cohesion) + ") (OA:545)");
      return next_side(table);
    }
    table.refuse("\"" + choose->label + "\" is no army of the other host");
  }
  table.refuse("\"" + choose->label + "\" is not offered now");
}

Prompt archery_prompt(const Table& table) {
  const Battle& b = *table.data.battle;
  const int side = b.archery.turn;
  Prompt prompt;
  prompt.seat = b.seats[side];
  prompt.text = table.name(b.seats[side]) + (b.archery.archers.empty() ? ": archery? bow your archers (OA:545)"
                                                                 : ": archers " + std::to_string(volley(table)) + ": shoot at?");
  for (const Member& m : battle_side(table, side).members) {
    if (m.kind == "army" && !m.bowed && ranged_attack_known(table, m.card) > 0) prompt.add(kBow + table.title(m.card));
  }
  if (!b.archery.archers.empty()) {
    for (const Member& m : battle_side(table, 1 - side).members) {
      if (m.kind == "army") prompt.add(kShoot + table.title(m.card));
    }
  }
  prompt.add(b.archery.archers.empty() ? kNoArchery : kHoldFire);
  return prompt;
}

}  // namespace seneschal::engine::ostenard
