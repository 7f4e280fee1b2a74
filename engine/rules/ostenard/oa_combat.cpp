#include "oa_combat.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>

#include "seneschal/base/words.hpp"

namespace seneschal::engine::ostenard {
namespace {

const char* side_name(Side side) { return side == Side::Attacker ? tr("Attacker") : tr("Defender"); }

std::string army_words(const std::vector<BattleArmy>& armies, std::size_t index) {
  const BattleArmy& army = armies[index];
  if (!army.name.empty()) return army.name;
  return trf("army {0}", index + 1);
}

std::optional<std::size_t> find_role(const std::vector<BattleArmy>& armies, ArmyRole role) {
  for (std::size_t i = 0; i < armies.size(); ++i) {
    if (armies[i].role == role) return i;
  }
  return std::nullopt;
}

int cohesion_of(const std::vector<BattleArmy>& armies, const std::vector<std::size_t>& picked) {
  int sum = 0;
  for (std::size_t i : picked) sum += armies[i].cohesion;
  return sum;
}

// "The rearguard may only be forfeited if already two armies were forfeited this round" (OA:577):
// with fewer than two other armies the rearguard can never be reached.
std::size_t forfeitable_count(const std::vector<BattleArmy>& armies) {
  const std::optional<std::size_t> rearguard = find_role(armies, ArmyRole::Rearguard);
  if (!rearguard) return armies.size();
  return armies.size() - 1 >= 2 ? armies.size() : armies.size() - 1;
}

// Beyond this many candidates the exact search (every subset, 2^n) gives way to taking the largest
// cohesions first, which finds few armies, not always the fewest nor the least cohesion. A host's
// armies are bounded by its personalities' tactics (OA:841); sixteen is far above a real table.
constexpr std::size_t kExactSearchLimit = 16;

// The armies after the vanguard that take the forfeited cohesion above the difference: the fewest,
// then the least cohesion, then the lowest indices; the rearguard only where it would be third or
// later. `start` is what is forfeited already (the vanguard, or nothing). Empty when no choice
// passes the difference.
std::vector<std::size_t> cohesion_part(const std::vector<BattleArmy>& armies, const std::vector<std::size_t>& start,
                                       int difference) {
  const int already = cohesion_of(armies, start);
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < armies.size(); ++i) {
    if (std::find(start.begin(), start.end(), i) == start.end()) candidates.push_back(i);
  }
  const std::optional<std::size_t> rearguard = find_role(armies, ArmyRole::Rearguard);
  const auto rearguard_allowed = [&](std::size_t chosen) { return start.size() + chosen >= 3; };

  if (candidates.size() > kExactSearchLimit) {
    std::vector<std::size_t> sorted = candidates;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [&](std::size_t a, std::size_t b) { return armies[a].cohesion > armies[b].cohesion; });
    std::vector<std::size_t> chosen;
    int sum = already;
    bool rearguard_waiting = false;
    for (std::size_t i : sorted) {
      if (sum > difference) break;
      if (rearguard && i == *rearguard && !rearguard_allowed(chosen.size() + 1)) {
        rearguard_waiting = true;
        continue;
      }
      chosen.push_back(i);
      sum += armies[i].cohesion;
    }
    if (sum <= difference && rearguard_waiting && rearguard_allowed(chosen.size() + 1)) {
      chosen.push_back(*rearguard);
      sum += armies[*rearguard].cohesion;
    }
    return sum > difference ? chosen : std::vector<std::size_t>{};
  }

  // Every subset once, the best kept by (size, cohesion, index list).
  const std::size_t n = candidates.size();
  const auto indices = [&](std::uint32_t mask) {
    std::vector<std::size_t> out;
    for (std::size_t bit = 0; bit < n; ++bit) {
      if (mask & (std::uint32_t{1} << bit)) out.push_back(candidates[bit]);
    }
    return out;
  };
  std::optional<std::uint32_t> best;
  int best_size = 0;
  int best_sum = 0;
  for (std::uint32_t mask = 1; mask < (std::uint32_t{1} << n); ++mask) {
    const int size = std::popcount(mask);
    if (best && size > best_size) continue;
    int sum = already;
    bool has_rearguard = false;
    for (std::size_t bit = 0; bit < n; ++bit) {
      if (!(mask & (std::uint32_t{1} << bit))) continue;
      sum += armies[candidates[bit]].cohesion;
      if (rearguard && candidates[bit] == *rearguard) has_rearguard = true;
    }
    if (sum <= difference || (has_rearguard && !rearguard_allowed(static_cast<std::size_t>(size)))) continue;
    const bool better = !best || size < best_size || (size == best_size && sum < best_sum) ||
                        (size == best_size && sum == best_sum && indices(mask) < indices(*best));
    if (!better) continue;
    best = mask;
    best_size = size;
    best_sum = sum;
  }
  if (!best) return {};
  std::vector<std::size_t> chosen = indices(*best);
  // The rearguard goes last, where it is third or later.
  std::stable_partition(chosen.begin(), chosen.end(), [&](std::size_t i) { return !rearguard || i != *rearguard; });
  return chosen;
}

// The army of least cohesion not yet forfeited that may be forfeited next (the rearguard only
// after two), lowest index on a tie.
std::optional<std::size_t> next_cheapest(const std::vector<BattleArmy>& armies, const std::vector<std::size_t>& taken) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < armies.size(); ++i) {
    if (std::find(taken.begin(), taken.end(), i) != taken.end()) continue;
    if (armies[i].role == ArmyRole::Rearguard && taken.size() < 2) continue;
    if (!best || armies[i].cohesion < armies[*best].cohesion) best = i;
  }
  return best;
}

// The winner's forfeit: one army "unless opponent lost only one army" (OA:573); the vanguard
// first, never the rearguard (it would be the first forfeited, OA:577).
std::size_t winner_forfeit_count(const std::vector<BattleArmy>& winner, std::size_t loser_lost) {
  if (loser_lost == 1) return 0;
  const bool any_line_or_vanguard =
      std::any_of(winner.begin(), winner.end(), [](const BattleArmy& a) { return a.role != ArmyRole::Rearguard; });
  return any_line_or_vanguard ? 1 : 0;
}

std::string armies_words(std::size_t n) { return trn("{0} army", "{0} armies", static_cast<long>(n), n); }

// The shared checks of one side's list: indices known and distinct, the vanguard first, the
// rearguard not before two others.
void order_checks(const std::vector<BattleArmy>& armies, const std::vector<std::size_t>& list, const char* who,
                  std::vector<std::string>& reasons) {
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (list[k] >= armies.size()) {
      reasons.push_back(trf("{0}: no army {1} ({2})", who, list[k] + 1, armies_words(armies.size())));
      return;
    }
    if (std::find(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(k), list[k]) !=
        list.begin() + static_cast<std::ptrdiff_t>(k)) {
      reasons.push_back(trf("{0}: {1} is forfeited twice", who, army_words(armies, list[k])));
      return;
    }
  }
  const std::optional<std::size_t> vanguard = find_role(armies, ArmyRole::Vanguard);
  if (vanguard && !list.empty() && list.front() != *vanguard) {
    reasons.push_back(trf("{0}: the first forfeited army must be the vanguard, {1} (OA:577)", who, army_words(armies, *vanguard)));
  }
  for (std::size_t k = 0; k < list.size() && k < 2; ++k) {
    if (armies[list[k]].role == ArmyRole::Rearguard) {
      reasons.push_back(
          trf("{0}: the rearguard {1} may only be forfeited after two other armies (OA:577)", who, army_words(armies, list[k])));
    }
  }
}

}  // namespace

int wounded_value(int value) { return std::max(value - 2, std::min(value, 1)); }

Result<int> effective_strength(const StrengthInputs& inputs) {
  if (inputs.base < 0) return fail(trf("Strength {0} is below 0", inputs.base));
  if (inputs.discarded < 0 || inputs.discarded > kMaxCombatDiscards) {
    return fail(trf("{0} cards discarded for one card: 0 to 3 (OA:867)", inputs.discarded));
  }
  // A wounded card shows the wound, not a bow (OA:507-509): the -1 is for a bowed card only.
  int strength = inputs.wounded ? wounded_value(inputs.base) : inputs.base;
  if (inputs.bowed && !inputs.wounded) strength -= kBowedPenalty;
  strength += inputs.discarded + inputs.modifier;
  return std::max(strength, 0);
}

const char* fate_name(Fate fate) {
  switch (fate) {
    case Fate::Unhurt: return N_("unhurt");
    case Fate::Wounded: return N_("wounded");
    case Fate::Killed: return N_("killed");
    case Fate::Discarded: return N_("discarded");
  }
  return "unhurt";
}

SkirmishResult skirmish(const Fighter& attacker, const Fighter& defender) {
  // A loser that was wounded already is discarded (OA:509); one facing twice its strength is killed
  // whatever its state (OA:501). Both end in the discard pile; the fate says which rule sent it.
  const auto lost = [](const Fighter& loser, const Fighter& winner) {
    if (winner.strength >= 2 * loser.strength) return Fate::Killed;
    return loser.wounded ? Fate::Discarded : Fate::Wounded;
  };
  SkirmishResult result;
  if (attacker.strength == defender.strength) {
    // Both have "the lowest strength" (OA:499); neither "has twice as much" as the other (C7.12).
    result.tie = true;
    result.attacker = attacker.wounded ? Fate::Discarded : Fate::Wounded;
    result.defender = defender.wounded ? Fate::Discarded : Fate::Wounded;
  } else if (attacker.strength < defender.strength) {
    result.attacker = lost(attacker, defender);
  } else {
    result.defender = lost(defender, attacker);
  }
  return result;
}

StrikeCount count_strikes(int attacking_strikes, int defending_personalities, int ready_defenders) {
  const int strikes = std::max(attacking_strikes, 0);
  const int defenders = std::max(defending_personalities, 0);
  const int ready = std::clamp(ready_defenders, 0, defenders);
  StrikeCount count;
  count.dealt = std::min(strikes, defenders);
  count.leftover_strikes = strikes - count.dealt;
  // The defender answers with ready personalities first (OA:481): the ready ones beyond the dealt
  // strikes are the leftover ones.
  count.leftover_defenders = std::max(ready - count.dealt, 0);
  count.strike_penalty = count.leftover_defenders;
  return count;
}

std::vector<int> hazard_army_as_company(int cohesion, int combat_value) {
  return std::vector<int>(static_cast<std::size_t>(std::max(cohesion, 0)), combat_value);
}

std::vector<int> automatic_attack_as_company(int strikes, int strength, AttackBonus bonus) {
  const int bonus_points = bonus == AttackBonus::EnemyAttribute ? 1 : 0;
  return std::vector<int>(static_cast<std::size_t>(std::max(strikes, 0)), strength + bonus_points);
}

std::vector<std::string> battle_side_checks(const BattleSide& side, Side which) {
  std::vector<std::string> reasons;
  for (ArmyRole role : {ArmyRole::Vanguard, ArmyRole::Rearguard}) {
    std::vector<std::size_t> holders;
    for (std::size_t i = 0; i < side.armies.size(); ++i) {
      if (side.armies[i].role == role) holders.push_back(i);
    }
    if (holders.size() < 2) continue;
    std::string names;
    for (std::size_t k = 0; k < holders.size(); ++k) {
      names += (k == 0 ? std::string() : k + 1 == holders.size() ? std::string(tr(" and ")) : std::string(", ")) +
               army_words(side.armies, holders[k]);
    }
    reasons.push_back(role == ArmyRole::Vanguard
                          ? trf("{0} has {1} vanguards: {2} (OA:541)", side_name(which), holders.size(), names)
                          : trf("{0} has {1} rearguards: {2} (OA:541)", side_name(which), holders.size(), names));
  }
  for (std::size_t i = 0; i < side.armies.size(); ++i) {
    const int discarded = side.armies[i].discarded;
    if (discarded < 0 || discarded > kMaxCombatDiscards) {
      reasons.push_back(
          trf("{0}: {1} cards discarded for {2}: 0 to 3 (OA:867)", side_name(which), discarded, army_words(side.armies, i)));
    }
  }
  return reasons;
}

std::optional<Side> die_roller(const BattleSide& attacker, const BattleSide& defender) {
  if (attacker.initiative != defender.initiative) {
    return attacker.initiative > defender.initiative ? Side::Attacker : Side::Defender;
  }
  if (attacker.unused_tactics != defender.unused_tactics) {
    return attacker.unused_tactics > defender.unused_tactics ? Side::Attacker : Side::Defender;
  }
  return std::nullopt;
}

int side_total(const BattleSide& side) {
  int total = side.unused_tactics;
  for (const BattleArmy& army : side.armies) {
    if (army.bowed || army.role == ArmyRole::Rearguard) continue;  // "have no strength" (OA:565)
    total += army.combat_value + army.discarded;
  }
  return total;
}

bool full_rout(int winner_total, int loser_total) { return winner_total > 2 * loser_total; }

Result<BattleResult> resolve_battle(const BattleSide& attacker, const BattleSide& defender, std::optional<int> roll) {
  BattleResult result;
  result.roller = die_roller(attacker, defender);
  if (result.roller && !roll) {
    return fail(trf("{0} rolls a D6 for the highest initiative (OA:569): enter it", side_name(*result.roller)));
  }
  if (!result.roller && roll) {
    return fail(tr("Nobody rolls: initiative and unused tactics are equal (OA:569)"));
  }
  if (roll && (*roll < 1 || *roll > 6)) return fail(trf("A D6 shows 1 to 6, not {0}", *roll));

  result.attacker_total = side_total(attacker) + (result.roller == Side::Attacker ? *roll : 0);
  result.defender_total = side_total(defender) + (result.roller == Side::Defender ? *roll : 0);
  result.difference = std::abs(result.attacker_total - result.defender_total);
  if (result.attacker_total == result.defender_total) return result;  // no winner (C7.15)
  result.winner = result.attacker_total > result.defender_total ? Side::Attacker : Side::Defender;
  const int high = std::max(result.attacker_total, result.defender_total);
  const int low = std::min(result.attacker_total, result.defender_total);
  result.full_rout = full_rout(high, low);
  return result;
}

int cavalry_extra(const ForfeitCase& battle) {
  return static_cast<int>(
      std::count_if(battle.winner.begin(), battle.winner.end(), [](const BattleArmy& a) { return a.cavalry; }));
}

Forfeits propose_forfeits(const ForfeitCase& battle) {
  Forfeits forfeits;
  std::vector<std::size_t>& loser = forfeits.loser;
  if (const std::optional<std::size_t> vanguard = find_role(battle.loser, ArmyRole::Vanguard)) {
    loser.push_back(*vanguard);
  }
  if (cohesion_of(battle.loser, loser) <= battle.difference) {
    std::vector<std::size_t> more = cohesion_part(battle.loser, loser, battle.difference);
    if (more.empty()) {
      // Nothing passes the difference: everything that may go, goes (the rearguard after two).
      while (const std::optional<std::size_t> next = next_cheapest(battle.loser, loser)) loser.push_back(*next);
    }
    loser.insert(loser.end(), more.begin(), more.end());
  }
  for (int extra = cavalry_extra(battle); extra > 0; --extra) {
    const std::optional<std::size_t> next = next_cheapest(battle.loser, loser);
    if (!next) break;
    loser.push_back(*next);
  }

  if (winner_forfeit_count(battle.winner, loser.size()) == 1) {
    if (const std::optional<std::size_t> vanguard = find_role(battle.winner, ArmyRole::Vanguard)) {
      forfeits.winner.push_back(*vanguard);
    } else if (const std::optional<std::size_t> next = next_cheapest(battle.winner, {})) {
      forfeits.winner.push_back(*next);
    }
  }
  return forfeits;
}

std::vector<std::string> forfeit_checks(const ForfeitCase& battle, const Forfeits& proposed) {
  std::vector<std::string> reasons = forfeit_checks(battle, proposed, true);
  for (std::string& reason : forfeit_checks(battle, proposed, false)) reasons.push_back(std::move(reason));
  return reasons;
}

std::vector<std::string> forfeit_checks(const ForfeitCase& battle, const Forfeits& proposed, bool loser_side) {
  std::vector<std::string> reasons;
  std::vector<std::string> winner_reasons;
  order_checks(battle.loser, proposed.loser, tr("Loser"), reasons);
  order_checks(battle.winner, proposed.winner, tr("Winner"), winner_reasons);
  if (!reasons.empty() || !winner_reasons.empty()) return loser_side ? reasons : winner_reasons;

  // The loser: in the order given, armies until the forfeited cohesion is above the difference,
  // then one per cavalry army of the winner; or every army that may go, when that is fewer.
  const std::size_t available = forfeitable_count(battle.loser);
  const std::size_t cavalry = static_cast<std::size_t>(cavalry_extra(battle));
  int sum = 0;
  std::optional<std::size_t> passed_at;  // how many armies it took to pass the difference
  for (std::size_t k = 0; k < proposed.loser.size(); ++k) {
    sum += battle.loser[proposed.loser[k]].cohesion;
    if (sum > battle.difference) {
      passed_at = k + 1;
      break;
    }
  }
  const std::size_t required = passed_at ? std::min(*passed_at + cavalry, available) : available;
  const std::size_t given = proposed.loser.size();
  const std::string cavalry_words =
      cavalry == 0 ? "" : trf(", then {0} more for the winner's cavalry (OA:581)", cavalry);
  if (given < required) {
    reasons.push_back(trf("Loser: {0} with cohesion {1} forfeited; armies are forfeited until their cohesion is higher than the "
                          "difference {2} (OA:573){3}",
                          armies_words(given), cohesion_of(battle.loser, proposed.loser), battle.difference, cavalry_words));
  } else if (given > required) {
    reasons.push_back(trf("Loser: {0} forfeited, {1} are due: the cohesion passes the difference {2} with the first {3}{4}",
                          armies_words(given), required, battle.difference, passed_at.value_or(given), cavalry_words));
  }

  const std::size_t winner_due = winner_forfeit_count(battle.winner, given);
  if (proposed.winner.size() != winner_due) {
    winner_reasons.push_back(winner_due == 0 ? (given == 1 ? tr("Winner: forfeits no army, the loser lost only one (OA:573)")
                                                           : tr("Winner: no army may be forfeited, only the rearguard is left (OA:577)"))
                                             : tr("Winner: forfeits one army unless the loser lost only one (OA:573)"));
  }
  return loser_side ? reasons : winner_reasons;
}

int casting_mind(const SpellCast& cast) {
  const int mind = cast.wounded ? wounded_value(cast.mind) : cast.mind;
  return mind + (cast.ritual ? std::max(cast.ritual_helpers, 0) : 0);
}

bool spell_castable(const SpellCast& cast) { return casting_mind(cast) >= cast.spell_level; }

std::vector<std::string> spell_checks(const SpellCast& cast) {
  std::vector<std::string> reasons;
  const auto helpers_words = [](int n) { return trn("{0} helper", "{0} helpers", n, n); };
  if (!cast.ritual && cast.ritual_helpers > 0) {
    reasons.push_back(trf("Only a ritual takes helpers: {0} add nothing (OA:647)", helpers_words(cast.ritual_helpers)));
  }
  if (!spell_castable(cast)) {
    const int mind = cast.wounded ? wounded_value(cast.mind) : cast.mind;
    const std::string mind_words = cast.wounded ? trf("Mind {0} (wounded)", mind) : trf("Mind {0}", mind);
    if (cast.ritual && cast.ritual_helpers > 0) {
      reasons.push_back(trf("{0} with {1} makes {2}, below the spell's level {3} (OA:657)", mind_words, helpers_words(cast.ritual_helpers),
                            casting_mind(cast), cast.spell_level));
    } else {
      reasons.push_back(trf("{0} is below the spell's level {1} (OA:657)", mind_words, cast.spell_level));
    }
  }
  return reasons;
}

}  // namespace seneschal::engine::ostenard
