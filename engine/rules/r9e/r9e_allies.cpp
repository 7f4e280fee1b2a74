// Allies in a multiplayer battle (rules of play, "Multiplayer note", lines 604, 683, 689). With
// more than two players, once the defender is named, every other player in clockwise order from
// the attacker chooses whether to ally and with which side. Allies assign after their side's
// leader, act in turn clockwise from the defender, declare their own cards immune; the attacker
// and the defender choose what absorbs, their allies' cards included.
//
// A player who joins once units are being assigned (a card's doing, or the table's word) is a
// check: "allies are called when the attack is declared", offered in the MENU.
#include <algorithm>

#include "r9e_battle_parts.hpp"
#include "r9e_flows.hpp"

namespace seneschal::engine::r9e::battle {

bool on_attacking_side(const Battle& battle, int seat) {
  return seat == battle.attacker || has(battle.attacking_allies, seat);
}

bool in_battle(const Battle& battle, int seat) {
  return seat == battle.attacker || seat == battle.defender || has(battle.attacking_allies, seat) ||
         has(battle.defending_allies, seat);
}

std::vector<int> side_seats(const Battle& battle, bool attacking) {
  std::vector<int> out{attacking ? battle.attacker : battle.defender};
  const std::vector<int>& allies = attacking ? battle.attacking_allies : battle.defending_allies;
  out.insert(out.end(), allies.begin(), allies.end());
  return out;
}

int leader_against(const Battle& battle, int seat) {
  return on_attacking_side(battle, seat) ? battle.defender : battle.attacker;
}

int next_in_battle(const Table& table, const Battle& battle, int seat) {
  int next = seat;
  for (int i = 0; i < table.seats(); ++i) {
    next = table.next_seat(next);
    if (in_battle(battle, next)) return next;
  }
  return seat;
}

int players_in_battle(const Table& table, const Battle& battle) {
  int count = 0;
  for (int seat = 0; seat < table.seats(); ++seat) {
    count += in_battle(battle, seat) && !table.state.players[seat].eliminated ? 1 : 0;
  }
  return count;
}

// An ally's card carries its owner's name: two players may hold cards of the same title, and a
// leader absorbing with an ally's card should see whose it is. Without allies, labels are as ever.
std::string army_label(const Table& table, const Battle& battle, int uid) {
  const int owner = table.find(uid).seat;
  const bool ally = owner != battle.attacker && owner != battle.defender;
  return table.label(uid) + (ally ? " (" + table.name(owner) + ")" : "");
}

std::vector<std::string> army_labels(const Table& table, const Battle& battle, const std::vector<int>& uids) {
  std::vector<std::string> out;
  for (int uid : uids) out.push_back(army_label(table, battle, uid));
  return out;
}

int uid_by_army_label(const Table& table, const Battle& battle, const std::vector<int>& uids,
                      const std::string& label) {
  for (int uid : uids) {
    if (army_label(table, battle, uid) == label) return uid;
  }
  return 0;
}

// The next player to ask, clockwise from the attacker ("not the Ordained"); -1 when all answered.
int ally_to_ask(const Table& table, const Battle& battle) {
  int seat = battle.attacker;
  for (int i = 1; i < table.seats(); ++i) {
    seat = (seat + 1) % table.seats();
    if (table.state.players[seat].eliminated || in_battle(battle, seat) || has(battle.stayed_out, seat)) continue;
    return seat;
  }
  return -1;
}

namespace {

void join(Battle& battle, int seat, int leader) {
  (leader == battle.attacker ? battle.attacking_allies : battle.defending_allies).push_back(seat);
  battle.stayed_out.erase(std::remove(battle.stayed_out.begin(), battle.stayed_out.end(), seat),
                          battle.stayed_out.end());
}

}  // namespace

std::string allies_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  const int seat = ally_to_ask(table, battle);
  const std::string& name = table.name(seat);
  const auto* choose = std::get_if<Choose>(&command);
  if (std::holds_alternative<Pass>(command) || (choose && choose->label == kStayOut)) {
    battle.stayed_out.push_back(seat);
    table.log(trf("{0} stays out of the battle", name));
    advance(table);
    return "ally_declined";
  }
  if (!choose) {
    table.refuse(trf("{0}: join {1} or {2}, or Stay out", name, table.name(battle.attacker), table.name(battle.defender)));
  }
  for (int leader : {battle.attacker, battle.defender}) {
    if (choose->label != kJoinPrefix + table.name(leader)) continue;
    join(battle, seat, leader);
    table.log(leader == battle.attacker ? trf("{0} allies with {1} (attacking)", name, table.name(leader))
                                        : trf("{0} allies with {1} (defending)", name, table.name(leader)));
    advance(table);
    return "ally_joined";
  }
  table.refuse(trf("\"{0}\" is not a side of this battle", choose->label));
}

Prompt allies_prompt(const Table& table) {
  const Battle& battle = *table.data.battle;
  const int seat = ally_to_ask(table, battle);
  Prompt prompt;
  prompt.text = trf("{0}: ally in {1}'s attack on {2}? Join a side, or Stay out (an ally gains nothing by it)",
                    table.name(seat), table.name(battle.attacker), table.name(battle.defender));
  offer(prompt, say("Join {0}", table.name(battle.attacker)));
  offer(prompt, say("Join {0}", table.name(battle.defender)));
  offer(prompt, kStayOut);
  prompt.pass = tr("stay out");
  return prompt;
}

}  // namespace seneschal::engine::r9e::battle

namespace seneschal::engine::r9e {

using namespace battle;

// "<seat> joins <leader>" for every player outside the battle, once the allies were asked: a card
// may bring one in later, so the move is offered, and it is a check.
std::vector<Words> join_items(const Table& table) {
  std::vector<Words> out;
  if (!table.data.battle) return out;
  const Battle& battle = *table.data.battle;
  if (battle.stage == Battle::Stage::Defender || battle.stage == Battle::Stage::Allies) return out;
  for (int seat = 0; seat < table.seats(); ++seat) {
    if (table.state.players[seat].eliminated || in_battle(battle, seat)) continue;
    for (int leader : {battle.attacker, battle.defender}) out.push_back(say("{0} joins {1}", table.name(seat), table.name(leader)));
  }
  return out;
}

std::string join_battle(Table& table, const std::string& label) {
  Battle& battle = *table.data.battle;
  for (int seat = 0; seat < table.seats(); ++seat) {
    for (int leader : {battle.attacker, battle.defender}) {
      if (label != table.name(seat) + kJoinsWord + table.name(leader)) continue;
      table.check(false, trf("{0} joins once units are being assigned: allies are called when the attack is declared",
                             table.name(seat)));
      join(battle, seat, leader);
      table.log(leader == battle.attacker
                    ? trf("{0} allies with {1} (attacking) during the battle", table.name(seat), table.name(leader))
                    : trf("{0} allies with {1} (defending) during the battle", table.name(seat), table.name(leader)));
      // While its side still assigns, the ally's turn to assign comes after the others'; later it
      // joins with no unit and acts in turn.
      const bool assigning = battle.stage == Battle::Stage::AssignAttackers || battle.stage == Battle::Stage::AssignDefenders;
      if (assigning) advance(table);
      return "ally_joined";
    }
  }
  table.refuse(trf("the menu has no \"{0}\" now", label));
}

}  // namespace seneschal::engine::r9e
