// Combat for hosts (OA:531-601, GAMES.md C2's battle flow): each side names a vanguard and a
// rearguard (OA:541), the combat segment's totals with the D6 for the highest initiative
// (OA:561-569), then the forfeits each side chooses, checked by the rules (OA:573-581), and the
// routing (oa_rout.cpp); archery (oa_archery.cpp) and the duel segment (oa_duel.cpp) come between
// the roles and the totals.
#include <algorithm>

#include "oa_combat.hpp"
#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kNoVanguard = N_("No vanguard");
constexpr const char* kNoRearguard = N_("No rearguard");
constexpr const char* kForfeit = N_("Forfeit {0}");
constexpr const char* kDone = N_("Done");
constexpr const char* kAgain = N_("Choose again");

std::vector<const Member*> armies_of(const Company& c) { return members_of_kind(c, "army"); }

// A side as the rules reckon it: each army's combat value, cohesion, role and cavalry (asked once
// an army), the unused tactics of its ready personalities beyond the armies they lead (OA:841;
// the device's reading), and its initiative: the highest of its armies' (C7.16).
BattleSide reckon(const Table& table, int side) {
  const Battle& b = *table.data.battle;
  const Company& c = battle_side(table, side);
  BattleSide out;
  int tactics = 0;
  for (const Member& m : c.members) {
    if (m.kind == "personality" && !m.wounded) tactics += table.number(card_subject(m.card), "tactics", 0, 20);
  }
  int initiative = 0;
  for (const Member* m : armies_of(c)) {
    BattleArmy army;
    army.name = table.title(m->card);
    army.combat_value = table.number(card_subject(m->card), "combat_value", 0, 30);
    army.cohesion = table.number(card_subject(m->card), "cohesion", 0, 30);
    army.cavalry = table.word(card_subject(m->card), "cavalry", {"Yes", "No"}) == "Yes";
    army.bowed = m->bowed;
    army.role = m->card == b.vanguard[side] ? ArmyRole::Vanguard : m->card == b.rearguard[side] ? ArmyRole::Rearguard : ArmyRole::Line;
    initiative = std::max(initiative, table.number(card_subject(m->card), "initiative", 0, 20));
    out.armies.push_back(army);
  }
  out.unused_tactics = std::max(0, tactics - static_cast<int>(out.armies.size()));
  out.initiative = initiative;
  return out;
}

// The armies forfeited leave play (OA:573-581).
void forfeit(Table& table, int side) {
  Battle& b = *table.data.battle;
  Company* c = table.company(b.companies[side]);
  for (const std::string& card : b.forfeits[side]) {
    std::erase_if(c->members, [&](const Member& m) { return m.kind == "army" && m.card == card; });
  }
  if (!b.forfeits[side].empty()) {
    std::string names;
    for (const std::string& card : b.forfeits[side]) names += (names.empty() ? "" : ", ") + table.title(card);
    table.log(trf("{0} forfeits {1} (OA:573-581)", table.name(b.seats[side]), names));
  }
}

std::vector<std::size_t> indices(const Table& table, int side, const std::vector<std::string>& cards) {
  std::vector<std::size_t> out;
  const auto armies = armies_of(battle_side(table, side));
  for (const std::string& card : cards) {
    for (std::size_t i = 0; i < armies.size(); ++i) {
      if (armies[i]->card == card) out.push_back(i);
    }
  }
  return out;
}

}  // namespace

std::string resolve_totals(Table& table) {
  Battle& b = *table.data.battle;
  const BattleSide attacker = reckon(table, 0);
  const BattleSide defender = reckon(table, 1);
  std::optional<int> roll;
  if (die_roller(attacker, defender)) roll = table.roll(6, N_("the battle's D6"));  // kept in the log in English, shown translated
  auto result = resolve_battle(attacker, defender, roll);
  if (!result) table.refuse(result.error().message);
  b.resolved = true;
  b.difference = result->difference;
  b.full_rout = result->full_rout;
  b.loser = !result->winner ? -1 : *result->winner == Side::Attacker ? 1 : 0;
  auto total = [&](int side, int value) {
    const bool rolled = result->roller && (*result->roller == Side::Attacker) == (side == 0);
    return rolled ? trf("{0} {1} (D6 {2})", table.name(b.seats[side]), value, *roll) : trf("{0} {1}", table.name(b.seats[side]), value);
  };
  const std::string totals = trf("{0} against {1}", total(0, result->attacker_total), total(1, result->defender_total));
  if (b.loser < 0) {
    table.log(trf("{0}: {1}: no winner, no forfeits (GAMES.md C7.15) (OA:561-569)", b.what, totals));
  } else if (b.full_rout) {
    table.log(trf("{0}: {1}: {2} wins by {3}, a full rout (OA:585) (OA:561-569)", b.what, totals, table.name(b.seats[1 - b.loser]),
                  b.difference));
  } else {
    table.log(trf("{0}: {1}: {2} wins by {3} (OA:561-569)", b.what, totals, table.name(b.seats[1 - b.loser]), b.difference));
  }
  if (b.loser < 0) {
    std::erase_if(table.data.companies, [](const Company& c) { return c.hazard; });
    table.data.battle.reset();
    return "battle_over";
  }
  return "battle_resolved";
}

namespace {

// The forfeiting side now: the loser first, then the winner (OA:573).
int forfeiting(const Battle& b) { return !b.forfeits_done[b.loser] ? b.loser : 1 - b.loser; }

ForfeitCase forfeit_case(const Table& table, const Battle& b) {
  return {reckon(table, b.loser).armies, reckon(table, 1 - b.loser).armies, b.difference};
}

// OA-42: why `side`'s forfeits so far break the rules (the loser's alone, or the winner's after
// the loser's), checked side by side as they are made.
std::vector<std::string> forfeit_reasons(const Table& table, const Battle& b, int side) {
  Forfeits chosen;
  chosen.loser = indices(table, b.loser, b.forfeits[b.loser]);
  if (side != b.loser) chosen.winner = indices(table, side, b.forfeits[side]);
  return forfeit_checks(forfeit_case(table, b), chosen, side == b.loser);
}

// The forfeit the table most probably means (issue [3/8]): Done once the side's choices pass the
// rules (OA:573-581), else the next army of the rules' smallest legal forfeit; "" when a value is
// still untold (a prompt cannot ask). In English, as Prompt::find_label finds it.
std::string likely_forfeit(const Table& table, const Battle& b, int side) {
  try {
    if (forfeit_reasons(table, b, side).empty()) return kDone;
    const Forfeits proposal = propose_forfeits(forfeit_case(table, b));
    const auto armies = armies_of(battle_side(table, side));
    for (std::size_t index : side == b.loser ? proposal.loser : proposal.winner) {
      const std::string& card = armies.at(index)->card;
      if (std::find(b.forfeits[side].begin(), b.forfeits[side].end(), card) == b.forfeits[side].end()) {
        return say(kForfeit, table.title(card)).en;
      }
    }
  } catch (const Ask&) {
  }
  return "";
}

// A side whose own forfeit just made its forfeits pass the rules is done without a Done (issue
// [3/8]): the loser forfeits "until" its cohesion is above the difference, the winner one army
// (OA:573-577), so no further choice is sensible; UNDO takes the forfeit back, a set chosen in
// another order still ends with Done, a check. The other side is asked as ever (a winner owing
// none starts on Done). Both done, the forfeits leave play and the routing follows.
std::string forfeits_settled(Table& table, int chose, const char* done) {
  Battle& b = *table.data.battle;
  if (chose >= 0 && forfeit_reasons(table, b, chose).empty()) b.forfeits_done[chose] = true;
  if (!b.forfeits_done[0] || !b.forfeits_done[1]) return done;
  forfeit(table, b.loser);
  forfeit(table, 1 - b.loser);
  if (std::string routing = begin_rout(table); !routing.empty()) return routing;
  return finish_battle(table);
}

}  // namespace

Battle battle_of(const Company& attacker, const Company& defender, const std::string& label) {
  Battle b;
  b.what = label;
  b.companies[0] = attacker.id;
  b.companies[1] = defender.id;
  b.seats[0] = attacker.owner;
  b.seats[1] = defender.owner;
  return b;
}

std::string begin_battle(Table& table, const Company& attacker, const Company& defender, const std::string& label) {
  table.data.battle = battle_of(attacker, defender, label);
  table.log(trf("{0}: a battle of hosts (OA:531)", label));
  return "battle_begun";
}

std::string finish_battle(Table& table) {
  // Hazard armies that fought are discarded after the battle (OA:433).
  std::erase_if(table.data.companies, [](const Company& c) { return c.members.empty() || c.hazard; });
  table.log(trf("{0}: over", table.data.battle->what));
  table.data.battle.reset();
  return "battle_over";
}

std::string battle_step(Table& table, const Command& command) {
  Battle& b = *table.data.battle;
  if (!b.routed.empty()) return rout_step(table, command);
  if (b.proposed) return proposal_step(table, command);
  const auto* choose = std::get_if<Choose>(&command);
  if (b.roles_told < 4) {
    if (!choose) table.refuse(tr("choose the vanguard and the rearguard"));
    const int side = b.roles_told / 2;
    const bool vanguard = b.roles_told % 2 == 0;
    std::string card;
    if (!picked(*choose, say(vanguard ? kNoVanguard : kNoRearguard))) {
      for (const Member* m : armies_of(battle_side(table, side))) {
        if (table.title(m->card) == choose->label) card = m->card;
      }
      if (card.empty()) table.refuse(trf("\"{0}\" is no army of this host", choose->label));
      // OA-40: one vanguard and one rearguard (OA:541): the same army both is a check.
      table.check(vanguard || card != b.vanguard[side],
                  trf("{0} is the vanguard already: up to one vanguard and one rearguard (OA:541)", choose->label));
    }
    (vanguard ? b.vanguard : b.rearguard)[side] = card;
    if (++b.roles_told == 4) return next_archery(table);
    return "battle_role";
  }
  if (!b.resolved) return b.archery.turn < 2 ? archery_step(table, command) : duel_step(table, command);
  const int side = forfeiting(b);
  if (!choose) table.refuse(trf("choose the armies {0} forfeits, then Done", table.name(b.seats[side])));
  if (picked(*choose, say(kAgain))) {
    b.forfeits[side].clear();
    return "forfeits_cleared";
  }
  if (picked(*choose, say(kDone))) {
    check_all(table, forfeit_reasons(table, b, side));
    b.forfeits_done[side] = true;
    return forfeits_settled(table, -1, "forfeits_chosen");
  }
  for (const Member* m : armies_of(battle_side(table, side))) {
    if (!picked(*choose, say(kForfeit, table.title(m->card)))) continue;
    auto& chosen = b.forfeits[side];
    if (std::find(chosen.begin(), chosen.end(), m->card) != chosen.end()) table.refuse(trf("{0} is forfeited already", table.title(m->card)));
    chosen.push_back(m->card);
    return forfeits_settled(table, side, "army_forfeited");
  }
  table.refuse(trf("\"{0}\" is not offered now", choose->label));
}

Prompt battle_prompt(const Table& table) {
  const Battle& b = *table.data.battle;
  if (!b.routed.empty()) return rout_prompt(table);
  if (b.proposed) return proposal_prompt(table);
  if (b.roles_told == 4 && !b.resolved) return b.archery.turn < 2 ? archery_prompt(table) : duel_prompt(table);
  Prompt prompt;
  if (b.roles_told < 4) {
    const int side = b.roles_told / 2;
    const bool vanguard = b.roles_told % 2 == 0;
    prompt.seat = b.seats[side];
    prompt.text = vanguard ? trf("{0}: your vanguard?", table.name(b.seats[side])) : trf("{0}: your rearguard?", table.name(b.seats[side]));
    for (const Member* m : armies_of(battle_side(table, side))) {
      if (vanguard || m->card != b.vanguard[side]) prompt.add(table.title(m->card));
    }
    prompt.add(say(vanguard ? kNoVanguard : kNoRearguard));
    // The vanguard as rearguard too, last: a card's text may allow it (a check, OA:541).
    if (!vanguard && !b.vanguard[side].empty()) prompt.add(table.title(b.vanguard[side]));
    return prompt;
  }
  const int side = forfeiting(b);
  prompt.seat = b.seats[side];
  std::string chosen;
  for (const std::string& card : b.forfeits[side]) chosen += (chosen.empty() ? "" : ", ") + table.title(card);
  if (side == b.loser) {
    prompt.text = chosen.empty() ? trf("{0} lost by {1}: forfeit which armies?", table.name(b.seats[side]), b.difference)
                                 : trf("{0} lost by {1}: forfeit {2}, and?", table.name(b.seats[side]), b.difference, chosen);
  } else {
    prompt.text = chosen.empty() ? trf("{0} won: forfeit which armies?", table.name(b.seats[side]))
                                 : trf("{0} won: forfeit {1}, and?", table.name(b.seats[side]), chosen);
  }
  for (const Member* m : armies_of(battle_side(table, side))) {
    if (std::find(b.forfeits[side].begin(), b.forfeits[side].end(), m->card) == b.forfeits[side].end()) {
      prompt.add(say(kForfeit, table.title(m->card)));
    }
  }
  prompt.add(say(kDone));
  if (!b.forfeits[side].empty()) prompt.add(say(kAgain));
  if (const Option* likely = prompt.find_label(likely_forfeit(table, b, side))) {
    prompt.likely = static_cast<int>(likely - prompt.options.data());
  }
  return prompt;
}

}  // namespace seneschal::engine::ostenard
