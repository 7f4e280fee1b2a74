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

// TRANSLATORS: an army bows (is turned 90 degrees) to shoot as an archer; not the weapon
constexpr const char* kBow = N_("Bow {0}");
constexpr const char* kShoot = N_("Shoot {0}");
constexpr const char* kNoArchery = N_("No archery");
constexpr const char* kHoldFire = N_("Hold fire");

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
  if (!choose) table.refuse(trf("bow archers and shoot, or {0}", tr(kNoArchery)));
  Company& ours = battle_side(table, side);
  if (picked(*choose, say(kNoArchery)) || picked(*choose, say(kHoldFire))) {
    hold_fire(table, b.archery);
    return next_archery(table);
  }
  if (reads_as(choose->label, kBow)) {
    for (Member& m : ours.members) {
      if (m.kind != "army" || m.bowed || !picked(*choose, say(kBow, table.title(m.card)))) continue;
      if (ranged_attack(table, m.card) == 0) table.refuse(trf("{0} has no ranged attack", table.title(m.card)));
      m.bowed = true;
      b.archery.archers.push_back(m.card);
      table.log(trf("{0} bows to shoot: ranged {1} (OA:545)", table.title(m.card), ranged_attack(table, m.card)));
      return "archer_bowed";
    }
    table.refuse(trf("\"{0}\" is no ready army of this host", choose->label));
  }
  if (reads_as(choose->label, kShoot) && !b.archery.archers.empty()) {
    Company& theirs = battle_side(table, 1 - side);
    for (const Member& m : theirs.members) {
      if (m.kind != "army" || !picked(*choose, say(kShoot, table.title(m.card)))) continue;
      const std::string target = m.card;
      const int cohesion = table.number(card_subject(target), "cohesion", 0, 30);
      const int total = volley(table);
      // OA-38: "to kill an army with cohesion < total combined ranged attack" (OA:545).
      table.check(cohesion < total, trf("{0}'s cohesion {1} is not below the archers' {2} (OA:545)", table.title(target), cohesion, total));
      std::erase_if(theirs.members, [&](const Member& x) { return x.kind == "army" && x.card == target; });
      for (std::string* role : {&b.vanguard[1 - side], &b.rearguard[1 - side]}) {
        if (*role == target) role->clear();
      }
      table.log(trf("{0}'s archers ({1}) kill {2} (cohesion {3}) (OA:545)", table.name(b.seats[side]), total, table.title(target), cohesion));
      return next_side(table);
    }
    table.refuse(trf("\"{0}\" is no army of the other host", choose->label));
  }
  table.refuse(trf("\"{0}\" is not offered now", choose->label));
}

Prompt archery_prompt(const Table& table) {
  const Battle& b = *table.data.battle;
  const int side = b.archery.turn;
  Prompt prompt;
  prompt.seat = b.seats[side];
  prompt.text = b.archery.archers.empty() ? trf("{0}: archery? bow your archers (OA:545)", table.name(b.seats[side]))
                                         : trf("{0}: archers {1}: shoot at?", table.name(b.seats[side]), volley(table));
  for (const Member& m : battle_side(table, side).members) {
    if (m.kind == "army" && !m.bowed && ranged_attack_known(table, m.card) > 0) prompt.add(say(kBow, table.title(m.card)));
  }
  if (!b.archery.archers.empty()) {
    for (const Member& m : battle_side(table, 1 - side).members) {
      if (m.kind == "army") prompt.add(say(kShoot, table.title(m.card)));
    }
  }
  prompt.add(say(b.archery.archers.empty() ? kNoArchery : kHoldFire));
  return prompt;
}

}  // namespace seneschal::engine::ostenard
