// Duels proposed instead of a battle (situation 6, OA:445, OA-45): "If you have a host with a
// personality with an enemy attribute towards a personality in another players' host, you may
// propose a succession of duels (you select a Knight champion, opponent selects one of his
// personalities) until you have no personalities with an enemy attribute towards a personality in
// another players' company left. If opponent declines, normal combat occurs, but all hosts with a
// knight must join your meta-company." Offered beside "Attack" when two hosts meet; a host without
// such a personality, a champion who is no Knight (asked once a card) and stopping while an enemy
// is left are checks. Declined, the battle flow begins; meta-companies are the players' to lay out
// (not kept, as for OA-32). Each duel is the duel segment's one-pair skirmish (oa_duel.cpp).
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kChampion = N_("Champion {0}");
constexpr const char* kFaceWith = N_("Face with {0}");
constexpr const char* kDecline = N_("Decline: a battle");

std::vector<const Member*> personalities(const Company& c) { return members_of_kind(c, "personality"); }

// A personality of `ours` with an enemy attribute towards one of `theirs` (OA:445).
bool enemy_left(const Table& table, const Company& ours, const Company& theirs) {
  for (const Member* p : personalities(ours)) {
    for (const Member* q : personalities(theirs)) {
      if (shares_any(table.enemies(p->card), table.allegiances(q->card))) return true;
    }
  }
  return false;
}

std::string no_enemy_words(const Table& table, const Company& ours, const Company& theirs) {
  return trf("no personality of {0} is at enmity with one of {1}'s", table.company_words(ours), table.name(theirs.owner));
}

const Member* named(const Company& c, const Table& table, const std::string& label, const char* prefix) {
  for (const Member* m : personalities(c)) {
    if (picked(label, say(prefix, table.title(m->card)))) return m;
  }
  return nullptr;
}

}  // namespace

std::string propose_duels(Table& table, const Company& proposer, const Company& other, const std::string& label) {
  table.check(enemy_left(table, proposer, other),
              trf("{0}: duels are proposed by a host with one (OA:445)", no_enemy_words(table, proposer, other)));
  Battle b = battle_of(proposer, other, label);
  b.proposed = true;
  table.data.battle = b;
  table.log(trf("{0} proposes duels to {1} instead of a battle (OA:445)", table.company_words(proposer), table.company_words(other)));
  return "duels_proposed";
}

std::string proposal_step(Table& table, const Command& command) {
  Battle& b = *table.data.battle;
  Company& ours = battle_side(table, 0);
  Company& theirs = battle_side(table, 1);
  const auto* choose = std::get_if<Choose>(&command);
  if (b.duellist.empty()) {
    if (std::holds_alternative<Pass>(command)) {
      table.check(!enemy_left(table, ours, theirs),
                  trf("{0} still has a personality at enmity with one of {1}'s: the duels go on until none is left (OA:445)",
                      table.company_words(ours), table.name(theirs.owner)));
      table.log(trf("{0} proposes no more duels (OA:445)", table.name(b.seats[0])));
      return finish_battle(table);
    }
    const Member* champion = choose ? named(ours, table, choose->label, kChampion) : nullptr;
    if (!champion) table.refuse(tr("choose your champion, or PASS"));
    const std::string knight = table.word(card_subject(champion->card), "knight", {"Yes", "No"});
    table.check(knight == "Yes" || knight == "yes",
                trf("{0} is no Knight: the proposer's champion is a Knight (OA:445)", table.title(champion->card)));
    b.duellist = champion->card;
    return "champion_chosen";
  }
  if (!choose) table.refuse(trf("choose who faces {0}, or decline", table.title(b.duellist)));
  if (picked(*choose, say(kDecline))) {
    table.log(trf("{0} declines the duels: a battle, and the hosts with a knight join {1}'s meta-company (OA:445)", table.name(b.seats[1]),
                  table.name(b.seats[0])));
    const std::string what = trf("{0} attacks {1}", table.company_words(ours), table.company_words(theirs));
    table.data.battle.reset();
    return begin_battle(table, ours, theirs, what);
  }
  const Member* answer = named(theirs, table, choose->label, kFaceWith);
  if (!answer) table.refuse(trf("\"{0}\" is no personality of {1}'s company", choose->label, table.name(b.seats[1])));
  fight_duel(table, 0, b.duellist, answer->card);
  b.duellist.clear();
  const Company* a = table.company(b.companies[0]);
  const Company* d = table.company(b.companies[1]);
  if (!a || !d || personalities(*a).empty() || personalities(*d).empty() || !enemy_left(table, *a, *d)) {
    table.log(trf("{0} has no personality at enmity left: the duels are over (OA:445)", table.name(b.seats[0])));
    return finish_battle(table);
  }
  return "duel_fought";
}

Prompt proposal_prompt(const Table& table) {
  const Battle& b = *table.data.battle;
  Prompt prompt;
  if (b.duellist.empty()) {
    prompt.seat = b.seats[0];
    prompt.text = trf("{0}: your Knight champion? PASS ends the duels (OA:445)", table.name(b.seats[0]));
    for (const Member* m : personalities(battle_side(table, 0))) prompt.add(say(kChampion, table.title(m->card)));
    prompt.pass = tr("no more duels");
    return prompt;
  }
  prompt.seat = b.seats[1];
  prompt.text = trf("{0}: who faces {1}? or decline the duels", table.name(b.seats[1]), table.title(b.duellist));
  for (const Member* m : personalities(battle_side(table, 1))) prompt.add(say(kFaceWith, table.title(m->card)));
  prompt.add(say(kDecline));
  return prompt;
}

}  // namespace seneschal::engine::ostenard
