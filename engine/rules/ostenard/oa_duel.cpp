// The duel segment of a battle (OA:549-553): after archery, before the totals, "Attacker
// may select one of the personalities in his company to duel with one of the personalities
// (defender's choice) of his company. Then defender and attacker switch roles dueling until a
// player passes. Treat this exactly as company vs company combat with both parties consisting of
// one personality": the pure rules' skirmish of one pair, its loser wounded, or killed at twice
// the strength, a wounded one wounded again discarded (OA:499-509). Cards discarded for +1 are not
// offered in a duel (the skirmish flow's; README).
#include <algorithm>

#include "oa_combat.hpp"
#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kDuelWith = N_("Duel with {0}");
constexpr const char* kFaceWith = N_("Face with {0}");

std::vector<Member*> duellists(const Table& table, int side) {
  std::vector<Member*> out;
  for (Member& m : battle_side(table, side).members) {
    if (m.kind == "personality") out.push_back(&m);
  }
  return out;
}

Member* duellist(const Table& table, int side, const std::string& label, const char* prefix) {
  for (Member* m : duellists(table, side)) {
    if (picked(label, say(prefix, table.title(m->card)))) return m;
  }
  return nullptr;
}

int strength(const Table& table, const Member& m) {
  const auto value = effective_strength({table.number(card_subject(m.card), "strength", 0, 20), m.bowed && !m.wounded, m.wounded, 0, 0});
  return value ? *value : 0;
}

std::string end_duels(Table& table) {
  table.data.battle->duel_turn = 2;
  return resolve_totals(table);
}

}  // namespace

void fight_duel(Table& table, int proposer, const std::string& a, const std::string& d) {
  Battle& b = *table.data.battle;
  const Member* challenger = duellist(table, proposer, say(kDuelWith, table.title(a)).en, kDuelWith);
  const Member* answer = duellist(table, 1 - proposer, say(kFaceWith, table.title(d)).en, kFaceWith);
  const int a_copy = challenger->copy;
  const int d_copy = answer->copy;
  const int as = strength(table, *challenger);
  const int ds = strength(table, *answer);
  const SkirmishResult result = skirmish({as, challenger->wounded}, {ds, answer->wounded});
  auto fate_of = [&](const std::string& card, Fate fate) {
    return fate == Fate::Unhurt ? std::string() : fate_words(table.title(card), fate);
  };
  const std::string wa = fate_of(a, result.attacker);
  const std::string wd = fate_of(d, result.defender);
  const std::string outcome = wa.empty() && wd.empty() ? tr("both stand") : wa + (wa.empty() || wd.empty() ? "" : ", ") + wd;
  table.log(trf("Duel: {0} ({1}) against {2} ({3}): {4} (OA:553)", table.title(a), as, table.title(d), ds, outcome));
  // The books follow; the table is expected to (a wound turned 180 degrees, a dead card taken away).
  suffer(table, b.companies[proposer], a, a_copy, result.attacker);
  suffer(table, b.companies[1 - proposer], d, d_copy, result.defender);
}

std::string next_duel(Table& table) {
  Battle& b = *table.data.battle;
  if (b.duel_turn < 2 && (duellists(table, 0).empty() || duellists(table, 1).empty())) return end_duels(table);
  if (b.duel_turn >= 2) return resolve_totals(table);
  return "duel_offered";
}

std::string duel_step(Table& table, const Command& command) {
  Battle& b = *table.data.battle;
  const int proposer = b.duel_turn;
  if (std::holds_alternative<Pass>(command) && b.duellist.empty()) {
    table.log(trf("{0} passes: the duels are over (OA:551)", table.name(b.seats[proposer])));
    return end_duels(table);
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(b.duellist.empty() ? tr("choose a duellist, or PASS") : trf("choose who faces {0}", table.title(b.duellist)));
  if (b.duellist.empty()) {
    const Member* m = duellist(table, proposer, choose->label, kDuelWith);
    if (!m) table.refuse(trf("\"{0}\" is no personality of {1}'s company", choose->label, table.name(b.seats[proposer])));
    b.duellist = m->card;
    return "duellist_chosen";
  }
  const Member* answer = duellist(table, 1 - proposer, choose->label, kFaceWith);
  if (!answer) table.refuse(trf("\"{0}\" is no personality of {1}'s company", choose->label, table.name(b.seats[1 - proposer])));
  fight_duel(table, proposer, b.duellist, answer->card);
  b.duellist.clear();
  // "Then defender and attacker switch roles dueling until a player passes" (OA:551).
  b.duel_turn = 1 - proposer;
  // A banner's bearer killed: its side's armies rout before the duels go on (OA:745).
  if (std::string routing = banners_fall(table); !routing.empty()) return routing;
  return next_duel(table);
}

Prompt duel_prompt(const Table& table) {
  const Battle& b = *table.data.battle;
  const int proposer = b.duel_turn;
  Prompt prompt;
  if (b.duellist.empty()) {
    prompt.seat = b.seats[proposer];
    prompt.text = trf("{0}: a duel? choose your duellist, or PASS (OA:551)", table.name(b.seats[proposer]));
    for (const Member* m : duellists(table, proposer)) prompt.add(say(kDuelWith, table.title(m->card)));
    prompt.pass = tr("no duel");
    return prompt;
  }
  prompt.seat = b.seats[1 - proposer];
  prompt.text = trf("{0}: who duels {1}?", table.name(b.seats[1 - proposer]), table.title(b.duellist));
  for (const Member* m : duellists(table, 1 - proposer)) prompt.add(say(kFaceWith, table.title(m->card)));
  return prompt;
}

}  // namespace seneschal::engine::ostenard
