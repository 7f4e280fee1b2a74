// Ranged attacks in a skirmish of two companies (OA:471-475, OA-38): "A personality with a ranged
// attack may bow to wound a personality with strength < total ranged attack value. Several
// archers may combine their ranged attack". Before the pairs, the attacker's side then the
// defender's, each when it has a ready personality with a ranged attack (asked once a card, 0 for
// none), bows archers and names the personality they wound; one volley a side. A bowed archer of
// the attacking side no longer attacks (OA:485); one of the defending side defends bowed.
#include <algorithm>

#include "oa_combat.hpp"
#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

// TRANSLATORS: a personality bows (is turned 90 degrees) for a ranged attack; not the weapon
constexpr const char* kBow = N_("Bow {0}");
constexpr const char* kWound = N_("Wound {0}");
constexpr const char* kNoRanged = N_("No ranged attack");
constexpr const char* kHoldFire = N_("Hold fire");

std::vector<SkirmishFighter>& side_fighters(Skirmish& sk, int side) { return side == 0 ? sk.attackers : sk.defenders; }
const std::vector<SkirmishFighter>& side_fighters(const Skirmish& sk, int side) { return side == 0 ? sk.attackers : sk.defenders; }


bool has_archers(const Table& table, int side) {
  for (const SkirmishFighter& f : side_fighters(*table.data.skirmish, side)) {
    const Member* m = fighter_member(table, f);
    if (m && !m->bowed && !m->wounded && ranged_attack(table, f.card) > 0) return true;
  }
  return false;
}

int volley(const Table& table) { return volley_total(table, table.data.skirmish->ranged); }

std::string next_side(Table& table) {
  next_volley(table.data.skirmish->ranged);
  return next_ranged(table);
}

}  // namespace

std::string next_ranged(Table& table) {
  Skirmish& sk = *table.data.skirmish;
  while (sk.ranged.turn < 2 && !has_archers(table, sk.ranged.turn)) ++sk.ranged.turn;
  if (sk.ranged.turn < 2) return "ranged_begun";
  // The pairs: the attacking side's archers who bowed do not attack; the dead fight no more.
  Skirmish pairs = std::move(sk);
  table.data.skirmish.reset();
  std::erase_if(pairs.attackers, [&](const SkirmishFighter& f) {
    const Member* m = fighter_member(table, f);
    return !m || m->bowed || m->wounded;
  });
  std::erase_if(pairs.defenders, [&](const SkirmishFighter& f) { return !fighter_member(table, f); });
  if (pairs.attackers.empty() || pairs.defenders.empty()) {
    table.log(trf("{0}: no pairs left after the ranged attacks (OA:471-475)", pairs.what));
    return "skirmish_over";
  }
  begin_skirmish(table, std::move(pairs));
  return "skirmish_begun";
}

std::string ranged_step(Table& table, const Command& command) {
  Skirmish& sk = *table.data.skirmish;
  const int side = sk.ranged.turn;
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(trf("bow archers and wound, or {0}", tr(kNoRanged)));
  if (picked(*choose, say(kNoRanged)) || picked(*choose, say(kHoldFire))) {
    hold_fire(table, sk.ranged);
    return next_ranged(table);
  }
  if (reads_as(choose->label, kBow)) {
    for (const SkirmishFighter& f : side_fighters(sk, side)) {
      Member* m = fighter_member(table, f);
      if (!m || m->bowed || m->wounded || !picked(*choose, say(kBow, f.label))) continue;
      if (ranged_attack(table, f.card) == 0) table.refuse(trf("{0} has no ranged attack", f.label));
      m->bowed = true;
      sk.ranged.archers.push_back(f.card);
      table.log(trf("{0} bows for a ranged attack of {1} (OA:471)", f.label, ranged_attack(table, f.card)));
      return "archer_bowed";
    }
    table.refuse(trf("\"{0}\" is no ready personality of this company", choose->label));
  }
  if (reads_as(choose->label, kWound) && !sk.ranged.archers.empty()) {
    for (const SkirmishFighter& f : side_fighters(sk, 1 - side)) {
      Member* m = fighter_member(table, f);
      if (!m || !picked(*choose, say(kWound, f.label))) continue;
      const int base = table.number(card_subject(f.card), "strength", 0, 20);
      const int strength = m->wounded ? wounded_value(base) : base;
      const int total = volley(table);
      // OA-38: "to wound a personality with strength < total ranged attack value" (OA:471).
      table.check(strength < total, trf("{0}'s strength {1} is not below the ranged attack {2} (OA:471)", f.label, strength, total));
      // "A wounded personality wounded again is discarded" (OA:509).
      const Fate fate = m->wounded ? Fate::Discarded : Fate::Wounded;
      suffer(table, f.company, f.card, f.copy, fate);
      const std::string& shooter = table.name(side == 0 ? sk.attacker_seat : sk.defender_seat);
      table.log(fate == Fate::Wounded ? trf("{0}'s ranged attack ({1}) wounds {2} (OA:471)", shooter, total, f.label)
                                      : trf("{0}'s ranged attack ({1}) kills {2}, wounded already (OA:471, 509)", shooter, total, f.label));
      return next_side(table);
    }
    table.refuse(trf("\"{0}\" is no personality of the other company", choose->label));
  }
  table.refuse(trf("\"{0}\" is not offered now", choose->label));
}

Prompt ranged_prompt(const Table& table) {
  const Skirmish& sk = *table.data.skirmish;
  const int side = sk.ranged.turn;
  Prompt prompt;
  prompt.seat = side == 0 ? sk.attacker_seat : sk.defender_seat;
  prompt.text = sk.ranged.archers.empty() ? trf("{0}: a ranged attack? bow your archers (OA:471)", table.name(prompt.seat))
                                         : trf("{0}: ranged attack {1}: wound whom?", table.name(prompt.seat), volley(table));
  for (const SkirmishFighter& f : side_fighters(sk, side)) {
    const Member* m = fighter_member(table, f);
    if (m && !m->bowed && !m->wounded && ranged_attack_known(table, f.card) > 0) prompt.add(say(kBow, f.label));
  }
  if (!sk.ranged.archers.empty()) {
    for (const SkirmishFighter& f : side_fighters(sk, 1 - side)) {
      if (fighter_member(table, f)) prompt.add(say(kWound, f.label));
    }
  }
  prompt.add(say(sk.ranged.archers.empty() ? kNoRanged : kHoldFire));
  return prompt;
}

}  // namespace seneschal::engine::ostenard
