// The leftover strikes of a skirmish (OA:513-525, OA-35): "All leftover strikes may be used once
// as a -1 strength modifier ... give a -1 strength penalty to one personality in this skirmish".
// Before the pairs the attacker (the table, for an automatic attack) places each leftover's -1 on a
// personality: the defending ones are offered first, the first preselected (C7.13, choice 11:
// several on one allowed); one of the attacking side's own personalities is offered too, since a
// card's text may allow it, and is a check.
#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kMinusOneTo = N_("-1 to {0}");

// The personalities that may take a leftover's -1: the defenders, then the attacking personalities
// (a strike is no personality), by side and place.
struct Target {
  bool defending;
  std::size_t index;
};

std::vector<Target> targets(const Skirmish& sk) {
  std::vector<Target> out;
  for (std::size_t i = 0; i < sk.defenders.size(); ++i) {
    if (!sk.defenders[i].card.empty()) out.push_back({true, i});
  }
  for (std::size_t i = 0; i < sk.attackers.size(); ++i) {
    if (!sk.attackers[i].card.empty()) out.push_back({false, i});
  }
  return out;
}

const SkirmishFighter& fighter(const Skirmish& sk, Target t) { return (t.defending ? sk.defenders : sk.attackers).at(t.index); }

}  // namespace

bool placing_leftovers(const Skirmish& sk) { return sk.ranged.turn >= 2 && sk.leftover_strikes > 0; }

std::string leftover_step(Table& table, const Command& command) {
  Skirmish& sk = *table.data.skirmish;
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(tr("choose who takes the leftover strike's -1"));
  for (const Target& t : targets(sk)) {
    const Words& label = fighter(sk, t).label;
    if (!picked(*choose, say(kMinusOneTo, label))) continue;
    table.check(t.defending, trf("{0} is not defending: a leftover strike's -1 goes to a defender (OA:523-525, C7.13)", label));
    ++(t.defending ? sk.defenders : sk.attackers).at(t.index).leftovers;
    --sk.leftover_strikes;
    table.log(trf("{0}: a leftover strike, -1 to {1} (OA:513, 525)", sk.what, label));
    return "leftover_placed";
  }
  table.refuse(trf("\"{0}\" is no personality of this skirmish", choose->label));
}

Prompt leftover_prompt(const Table& table) {
  const Skirmish& sk = *table.data.skirmish;
  Prompt prompt;
  prompt.seat = sk.attacker_seat;
  prompt.text = sk.attacker_seat >= 0
                    ? trf("{0}: a leftover strike ({1} to place): -1 to whom?", table.name(sk.attacker_seat), sk.leftover_strikes)
                    : trf("a leftover strike ({0} to place): -1 to whom?", sk.leftover_strikes);
  for (const Target& t : targets(sk)) prompt.add(say(kMinusOneTo, fighter(sk, t).label));
  return prompt;
}

}  // namespace seneschal::engine::ostenard
