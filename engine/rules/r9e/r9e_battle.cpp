// Battles ("Battles": Flow of a Battle, Engaging and Damage). One Attack Phase in Summer:
// the attacker names a defender, both assign units to the defender's castles, then the attacker
// picks castle after castle; at each, the two sides act in turn from the defender (engage,
// send a unit home, play a tactic, pass) until both pass in a row. An engagement bows cards
// of one unit for damage that the table may correct (abilities are not modelled), the attacker
// may declare cards immune to a defender's engagement, and the other side absorbs.
//
//   Defender -> AssignAttackers -> AssignDefenders -> PickCastle <-> Actions -> (Summer)
//   Actions: [engagement: pick cards -> confirm damage -> immunity -> absorb (-> discard)]
// One engagement (damage, immunity, absorbing) is r9e_engage.cpp; r9e_battle_parts.hpp is what
// the two files share.
#include <algorithm>

#include "r9e_battle_parts.hpp"
#include "r9e_flows.hpp"

namespace seneschal::engine::r9e::battle {

bool has(const std::vector<int>& list, int value) { return std::find(list.begin(), list.end(), value) != list.end(); }

Battle& battle_of(Table& table) { return *table.data.battle; }

std::string castle_name(const Table& table, const Battle& battle, int castle) {
  return table.castle_label(battle.defender, castle);
}

std::string joined(const std::vector<std::string>& words) {
  if (words.empty()) return {};
  std::string out;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) out += (i > 0 ? ", " : "") + words[i];
  // TRANSLATORS: the last of a list of cards: "Hektor, Louis and Mira"
  return words.size() == 1 ? words[0] : trf("{0} and {1}", out, words.back());
}

// A hero that left play (buried through Adjust, a Will of zero ...) leaves the battle too.
void prune(Table& table) {
  Battle& battle = battle_of(table);
  for (auto* side : {&battle.attackers, &battle.defenders}) {
    const bool attacking = side == &battle.attackers;
    for (auto it = side->begin(); it != side->end();) {
      const Table::Found found = table.find(it->first);
      const bool stays = found.card && in_battle(battle, found.seat) && on_attacking_side(battle, found.seat) == attacking;
      it = stays ? std::next(it) : side->erase(it);
    }
  }
  if (battle.engagement && !battle.engagement->chosen) {
    auto& cards = battle.engagement->cards;
    cards.erase(std::remove_if(cards.begin(), cards.end(), [&](int uid) { return !table.find(uid).card; }),
                cards.end());
    if (cards.empty()) battle.engagement.reset();
  }
}

namespace {

const std::map<int, int>& side_map(const Battle& battle, int seat) {
  return on_attacking_side(battle, seat) ? battle.attackers : battle.defenders;
}

// Heroes of this seat at this castle.
std::vector<int> heroes_at(const Table& table, const Battle& battle, int seat, int castle) {
  std::vector<int> out;
  for (const auto& [uid, at] : side_map(battle, seat)) {
    if (at == castle && table.find(uid).seat == seat) out.push_back(uid);
  }
  return out;
}

// Heroes of this seat's whole side at this castle, allies included.
std::vector<int> army_heroes_at(const Table& table, const Battle& battle, int seat, int castle) {
  std::vector<int> out;
  for (const auto& [uid, at] : side_map(battle, seat)) {
    if (at == castle && table.find(uid).card) out.push_back(uid);
  }
  return out;
}

std::vector<int> with_cohorts(const Table& table, const std::vector<int>& heroes) {
  std::vector<int> out;
  for (int hero : heroes) {
    out.push_back(hero);
    for (int other : table.attached(hero)) {
      if (table.type(table.find(other).card->card) == "cohort") out.push_back(other);
    }
  }
  return out;
}

}  // namespace

// Heroes and their cohorts: the cards that engage and absorb.
std::vector<int> fighters_at(const Table& table, const Battle& battle, int seat, int castle) {
  return with_cohorts(table, heroes_at(table, battle, seat, castle));
}

std::vector<int> army_at(const Table& table, const Battle& battle, int seat, int castle) {
  return with_cohorts(table, army_heroes_at(table, battle, seat, castle));
}

int hero_of(const Table& table, int uid) {
  const Table::Found found = table.find(uid);
  return found.card && found.card->attached_to != 0 && !table.is_hero(uid) ? found.card->attached_to : uid;
}

bool bowed(const Table& table, int uid) {
  const Table::Found found = table.find(uid);
  return found.card && found.card->bowed;
}

std::vector<Words> labels_said(const Table& table, const char* format, const std::vector<int>& uids) {
  std::vector<Words> out;
  for (int uid : uids) out.push_back(say(format, table.label(uid)));
  return out;
}

namespace {

// --- assigning

// Heroes not yet assigned, bowed ones too: "Bowed cards cannot attack, defend, or raid" (line
// 402) is a check when one is chosen, since a card may allow it.
std::vector<int> free_heroes(const Table& table, const Battle& battle, int seat) {
  std::vector<int> out;
  for (int uid : table.heroes(seat, false)) {
    if (!battle.attackers.count(uid) && !battle.defenders.count(uid)) out.push_back(uid);
  }
  return out;
}

bool anyone_at(const Table& table, const Battle& battle, int castle) {
  return !army_heroes_at(table, battle, battle.attacker, castle).empty() ||
         !army_heroes_at(table, battle, battle.defender, castle).empty();
}

std::vector<int> castles_to_pick(const Table& table, const Battle& battle) {
  std::vector<int> out;
  for (int castle : table.live_castles(battle.defender)) {
    if (!has(battle.resolved, castle) && anyone_at(table, battle, castle)) out.push_back(castle);
  }
  return out;
}

void start_castle(Table& table, int castle) {
  Battle& battle = battle_of(table);
  battle.castle = castle;
  battle.stage = Battle::Stage::Actions;
  battle.to_act = battle.defender;
  battle.passes = 0;
  battle.engagement.reset();
  battle.dealt_by_attacker = 0;
  battle.dealt_by_defender = 0;
  table.state.to_act = battle.to_act;
  const std::vector<std::string> attacking = army_labels(table, battle, army_heroes_at(table, battle, battle.attacker, castle));
  const std::vector<std::string> defending = army_labels(table, battle, army_heroes_at(table, battle, battle.defender, castle));
  table.log(trf("The battle at {0}'s {1}: {2}, {3}; {0} acts first", table.name(battle.defender),
                castle_name(table, battle, castle),
                attacking.empty() ? std::string(tr("no attackers")) : trf("{0} attacking", joined(attacking)),
                defending.empty() ? std::string(tr("no defenders")) : trf("{0} defending", joined(defending))));
}

void finish_attack(Table& table) {
  Battle& battle = battle_of(table);
  for (int castle : table.live_castles(battle.defender)) {
    if (!has(battle.resolved, castle)) {
      table.log(trf("No one is at {0}: that battle ends at once", castle_name(table, battle, castle)));
    }
  }
  const int attacker = battle.attacker;
  const bool defenders_left = !battle.defenders.empty();
  table.data.battle.reset();
  table.log(defenders_left ? tr("The defenders go home. The Attack Phase ends") : tr("The Attack Phase ends"));
  for (int seat = 0; seat < table.seats(); ++seat) {
    if (!table.state.players[seat].eliminated && table.live_castles(seat).empty()) {
      table.eliminate(seat, tr("no castles left at the end of the Attack Phase"));
    }
  }
  end_action(table, attacker);
}

// The seat assigning units now: the side's leader, then its allies in the order they joined.
int assigner(const Battle& battle) {
  const std::vector<int> seats = side_seats(battle, battle.stage == Battle::Stage::AssignAttackers);
  return battle.assign_turn < static_cast<int>(seats.size()) ? seats[battle.assign_turn] : -1;
}

bool sent_any(const Table& table, const Battle& battle, int seat) {
  for (const auto& [uid, at] : side_map(battle, seat)) {
    if (table.find(uid).seat == seat) return true;
  }
  return false;
}

}  // namespace

// Moves past every stage with nothing to choose.
void advance(Table& table) {
  Battle& battle = battle_of(table);
  if (battle.stage == Battle::Stage::Allies) {
    const int seat = ally_to_ask(table, battle);
    if (seat >= 0) {
      table.state.to_act = seat;
      return;
    }
    battle.stage = Battle::Stage::AssignAttackers;
    battle.assign_turn = 0;
  }
  while (battle.picking == 0 &&
         (battle.stage == Battle::Stage::AssignAttackers || battle.stage == Battle::Stage::AssignDefenders)) {
    const bool attacking = battle.stage == Battle::Stage::AssignAttackers;
    const int seat = assigner(battle);
    const bool nothing_to_defend = !attacking && battle.attackers.empty();
    if (seat < 0 || nothing_to_defend) {  // this side is done
      battle.stage = attacking ? Battle::Stage::AssignDefenders : Battle::Stage::PickCastle;
      battle.assign_turn = 0;
      continue;
    }
    if (!free_heroes(table, battle, seat).empty()) break;
    if (!sent_any(table, battle, seat))
      table.log(attacking ? trf("{0} has no hero to attack with", table.name(seat))
                          : trf("{0} has no hero to defend with", table.name(seat)));
    ++battle.assign_turn;
  }
  if (battle.stage == Battle::Stage::AssignAttackers || battle.stage == Battle::Stage::AssignDefenders) {
    table.state.to_act = assigner(battle);
  }
  if (battle.stage != Battle::Stage::PickCastle) return;
  table.state.to_act = battle.attacker;
  const std::vector<int> castles = castles_to_pick(table, battle);
  if (castles.empty()) return finish_attack(table);
  if (castles.size() == 1) start_castle(table, castles[0]);
}

namespace {

void assign(Table& table, int hero, int castle) {
  Battle& battle = battle_of(table);
  const bool attacking = battle.stage == Battle::Stage::AssignAttackers;
  (attacking ? battle.attackers : battle.defenders)[hero] = castle;
  battle.picking = 0;
  table.log(attacking ? trf("{0} sends {1} to attack {2}", table.name(assigner(battle)), table.label(hero),
                            castle_name(table, battle, castle))
                      : trf("{0} defends with {1} at {2}", table.name(assigner(battle)), table.label(hero),
                            castle_name(table, battle, castle)));
}

std::string assign_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  const bool attacking = battle.stage == Battle::Stage::AssignAttackers;
  const int seat = assigner(battle);
  const auto* choose = std::get_if<Choose>(&command);
  const bool pass = std::holds_alternative<Pass>(command);
  const std::string label = choose ? choose->label : std::holds_alternative<Ok>(command) ? kDone : "";
  if (battle.picking != 0) {
    if (pass || label == kCancel) {
      table.log(trf("{0} does not send {1} after all", table.name(seat), table.label(battle.picking)));
      battle.picking = 0;
      return "assign_cancelled";
    }
    const int castle = table.castle_by_label(battle.defender, label);
    if (castle < 0)
      table.refuse(trf("choose one of {0}'s castles for {1}", table.name(battle.defender), table.label(battle.picking)));
    assign(table, battle.picking, castle);
    advance(table);
    return attacking ? "attacker_assigned" : "defender_assigned";
  }
  if (seat == battle.attacker && battle.attackers.empty() && (pass || label == kCancel)) {
    table.data.seats[battle.attacker].attacked = false;
    table.log(trf("{0} calls off the attack", table.name(battle.attacker)));
    table.state.to_act = battle.attacker;
    table.data.battle.reset();
    return "attack_cancelled";
  }
  // PASS is Done, but the attacker's calls the attack off until a unit goes (above).
  if (label == kDone || pass) {
    const bool none = !sent_any(table, battle, seat);
    ++battle.assign_turn;
    table.log(attacking ? (none ? trf("{0} sends no units", table.name(seat)) : trf("{0} sends no more units", table.name(seat)))
                        : (none ? trf("{0} sends no defenders", table.name(seat))
                                : trf("{0} sends no more defenders", table.name(seat))));
    advance(table);
    return attacking ? "attackers_done" : "defenders_done";
  }
  if (!choose) {
    table.refuse(attacking ? trf("{0}: choose a hero to attack, or Done", table.name(seat))
                           : trf("{0}: choose a hero to defend, or Done", table.name(seat)));
  }
  const int hero = table.uid_by_label(free_heroes(table, battle, seat), label);
  if (hero == 0) table.refuse(trf("no hero \"{0}\" of {1} left to assign", label, table.name(seat)));
  check_unbowed(table, hero);
  const std::vector<int> castles = table.live_castles(battle.defender);
  if (castles.size() == 1) {
    assign(table, hero, castles[0]);
    advance(table);
  } else {
    battle.picking = hero;
    table.log(attacking ? trf("{0} picks {1} to attack", table.name(seat), table.label(hero))
                        : trf("{0} picks {1} to defend", table.name(seat), table.label(hero)));
  }
  return attacking ? "attacker_picked" : "defender_picked";
}

// --- one castle's battle

// "Bow your target unit": the hero and everything attached to it.
// A hero and the cards attached to it, bowed or straightened together.
void set_unit_bowed(Table& table, int hero, bool bowed) {
  table.find(hero).card->bowed = bowed;
  for (int other : table.attached(hero)) table.find(other).card->bowed = bowed;
}

void bow_unit(Table& table, int hero) { set_unit_bowed(table, hero, true); }

// "Attacking units return home bowed; defending units return home unbowed" (rules of play, line
// 697): each unit going home from `castle` ends `bowed` or straight, whatever it did there.
void send_home_from(Table& table, Battle& battle, int seat, int castle, bool bowed) {
  auto& side = on_attacking_side(battle, seat) ? battle.attackers : battle.defenders;
  for (int hero : army_heroes_at(table, battle, seat, castle)) {
    set_unit_bowed(table, hero, bowed);
    side.erase(hero);
  }
}

}  // namespace

void end_castle(Table& table, bool castle_buried) {
  Battle& battle = battle_of(table);
  const int castle = battle.castle;
  const std::string where = castle_name(table, battle, castle);
  const std::vector<std::string> attackers = army_labels(table, battle, army_heroes_at(table, battle, battle.attacker, castle));
  const std::vector<std::string> defenders = army_labels(table, battle, army_heroes_at(table, battle, battle.defender, castle));
  send_home_from(table, battle, battle.attacker, castle, true);
  // Who won: the attacker when the castle fell, else the defender, who holds it.
  const std::string& attacker = table.name(battle.attacker);
  const std::string& defender = table.name(battle.defender);
  std::string text =
      castle_buried
          ? trf("The battle at {0} ends: {1} takes it (damage dealt: {1} {2}, {3} {4})", where, attacker,
                battle.dealt_by_attacker, defender, battle.dealt_by_defender)
          : trf("The battle at {0} ends: {3} holds it (damage dealt: {1} {2}, {3} {4})", where, attacker,
                battle.dealt_by_attacker, defender, battle.dealt_by_defender);
  const auto count = [](const std::vector<std::string>& cards) { return static_cast<long>(cards.size()); };
  if (!attackers.empty()) {
    text += "; " + trn("{0} goes home bowed", "{0} go home bowed", count(attackers), joined(attackers));
  }
  if (castle_buried) {
    send_home_from(table, battle, battle.defender, castle, false);
    if (!defenders.empty()) {
      text += "; " + trn("{0} goes home unbowed", "{0} go home unbowed", count(defenders), joined(defenders));
    }
  } else if (!defenders.empty()) {
    text += "; " + trn("{0} stays at the castle", "{0} stay at the castle", count(defenders), joined(defenders));
  }
  table.log(text);
  battle.resolved.push_back(castle);
  battle.castle = -1;
  battle.engagement.reset();
  battle.passes = 0;
  battle.stage = Battle::Stage::PickCastle;
  advance(table);
}

void after_action(Table& table, int seat) {
  Battle& battle = battle_of(table);
  battle.passes = 0;
  battle.to_act = next_in_battle(table, battle, seat);
  table.state.to_act = battle.to_act;
  if (!anyone_at(table, battle, battle.castle)) {
    table.log(trf("No one is left at {0}", castle_name(table, battle, battle.castle)));
    end_castle(table, false);
  }
}

std::vector<int> engageable(const Table& table, const Battle& battle, int seat) {
  std::vector<int> out;
  for (int uid : fighters_at(table, battle, seat, battle.castle)) {
    if (!bowed(table, uid)) out.push_back(uid);
  }
  return out;
}

namespace {

std::vector<int> homeable(const Table& table, const Battle& battle, int seat) {
  std::vector<int> out;
  for (int hero : heroes_at(table, battle, seat, battle.castle)) {
    if (!bowed(table, hero)) out.push_back(hero);
  }
  return out;
}

// The acting seat's heroes elsewhere (at home or at another castle): "players may have cards or
// abilities that can move a unit to attack or defend a different castle" (line 620), so moving
// one in is offered, and it is a check, since only a card's ability does it (line 658).
std::vector<int> movable(const Table& table, const Battle& battle, int seat) {
  std::vector<int> out;
  const std::map<int, int>& side = side_map(battle, seat);
  for (int uid : table.heroes(seat, false)) {
    const auto at = side.find(uid);
    if (at == side.end() || at->second != battle.castle) out.push_back(uid);
  }
  return out;
}

std::string move_in(Table& table, int seat, const std::string& label) {
  Battle& battle = battle_of(table);
  const std::string where = castle_name(table, battle, battle.castle);
  const int hero = table.uid_by_label(movable(table, battle, seat), label);
  if (hero == 0) table.refuse(trf("no hero \"{0}\" of {1} away from {2}", label, table.name(seat), where));
  std::vector<std::string> broken{trf("{0} is not at {1}: only a card's ability moves a unit into a battle", label, where)};
  if (bowed(table, hero)) broken.push_back(trf("{0} is bowed: bowed cards cannot attack, defend, or raid", label));
  table.check_all(broken);
  (on_attacking_side(battle, seat) ? battle.attackers : battle.defenders)[hero] = battle.castle;
  table.log(trf("{0} moves {1} into the battle at {2} (a card's ability)", table.name(seat), label, where));
  after_action(table, seat);
  return "unit_moved_in";
}

// The acting seat's fighters at the castle, the tactic's likely targets.
std::vector<int> tactic_targets(const Table& table, const Battle& battle) {
  return fighters_at(table, battle, battle.to_act, battle.castle);
}

// The tactic's Strength goes on a card of the acting seat's at the castle, or on none (a card
// whose bonus needs a condition the table says is not met).
std::string tactic_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  const int seat = battle.to_act;
  const std::string title = table.title(battle.tactic);
  const auto* choose = std::get_if<Choose>(&command);
  if (std::holds_alternative<Pass>(command) || (choose && choose->label == kNoCard)) {
    table.log(trf("{0} gives its Strength to no card", title));
  } else {
    if (!choose) table.refuse(trf("{0}: choose the card {1} gives +{2} Strength, or No card", table.name(seat), title,
                                  battle.tactic_bonus));
    const int uid = table.uid_by_label(tactic_targets(table, battle), choose->label);
    if (uid == 0) table.refuse(trf("no card \"{0}\" of {1} at {2}", choose->label, table.name(seat),
                                   castle_name(table, battle, battle.castle)));
    const int before = table.strength(uid);
    table.data.mods[uid].strength_turn += battle.tactic_bonus;
    table.log(trf("{0} gives {1} +{2} Strength this turn: {3} -> {4}", title, table.label(uid), battle.tactic_bonus,
                  before, table.strength(uid)));
  }
  battle.tactic.clear();
  battle.tactic_bonus = 0;
  after_action(table, seat);
  return "tactic_bonus";
}

Prompt tactic_prompt(const Table& table) {
  const Battle& battle = *table.data.battle;
  Prompt prompt;
  prompt.text = trf("{0}: {1} gives +{2} Strength this turn to which card?", table.name(battle.to_act),
                    table.title(battle.tactic), battle.tactic_bonus);
  const std::vector<int> targets = tactic_targets(table, battle);
  set_options(prompt, labels_of(table, targets));
  // The unbowed card first: one bowed has engaged already, where Strength changes nothing more.
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (!bowed(table, targets[i])) {
      prompt.likely = static_cast<int>(i);
      break;
    }
  }
  offer(prompt, kNoCard);
  prompt.pass = tr("no card");
  return prompt;
}

std::string actions_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  if (!battle.tactic.empty()) return tactic_step(table, command);
  if (battle.engagement) return engagement_step(table, command);
  const int seat = battle.to_act;
  const std::string& name = table.name(seat);
  const std::string where = castle_name(table, battle, battle.castle);
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    const Card& card = table.card(present->card_id);
    if (card.type != "tactic") return play_in_battle(table, *present, "battle");
    table.check(!heroes_at(table, battle, seat, battle.castle).empty(),
                trf("{0} has no hero at {1}: a tactic needs a unit in the battle (unless it moves one in)", name, where));
    // The Strength the tactic gives a hero this turn ("At Your Command on Zahir, who now has 2
    // Strength"), told once per card: 0 for a tactic that does something else.
    const int bonus = table.value(card.id, "strength_bonus");
    table.log(trf("{0} plays {1} at {2}", name, card.title, where));
    if (bonus > 0) {
      battle.tactic = card.id;
      battle.tactic_bonus = bonus;
      return "tactic_played";
    }
    after_action(table, seat);
    return "tactic_played";
  }
  if (std::holds_alternative<Pass>(command)) {
    table.log(trf("{0} passes at {1}", name, where));
    battle.passes += 1;
    battle.to_act = next_in_battle(table, battle, seat);
    table.state.to_act = battle.to_act;
    if (battle.passes >= players_in_battle(table, battle)) end_castle(table, false);
    return "battle_passed";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(trf("{0}: choose cards to engage, send a unit home, scan a tactic, or PASS", name));
  const std::string& label = choose->label;
  if (label.rfind(kMoveInPrefix, 0) == 0) return move_in(table, seat, label.substr(std::string(kMoveInPrefix).size()));
  if (label.rfind(kHomePrefix, 0) == 0) {
    const int hero = table.uid_by_label(homeable(table, battle, seat), label.substr(6));
    if (hero == 0) table.refuse(trf("no unbowed hero \"{0}\" of {1} at {2}", label.substr(6), name, where));
    bow_unit(table, hero);
    (seat == battle.attacker ? battle.attackers : battle.defenders).erase(hero);
    table.log(trf("{0} bows {1} and sends it home from {2}", name, table.label(hero), where));
    after_action(table, seat);
    return "unit_home";
  }
  const int uid = table.uid_by_label(engageable(table, battle, seat), label);
  if (uid == 0) table.refuse(trf("no unbowed card \"{0}\" of {1} at {2} to engage", label, name, where));
  Engagement engagement;
  engagement.side = seat;
  engagement.cards = {uid};
  battle.engagement = engagement;
  table.log(trf("{0} picks {1} to engage", name, table.label(uid)));
  return "engage_card";
}

}  // namespace
}  // namespace seneschal::engine::r9e::battle

namespace seneschal::engine::r9e {

using namespace battle;

namespace {
constexpr Table::Assault kAnAttack{kSummer,
                                   N_("attacks are declared in {0}; it is {1}"),
                                   N_("{0} has already attacked this turn: one attack per player per turn"),
                                   N_("no other player has a castle to attack"),
                                   N_("{0} attacks {1}"),
                                   N_("{0} declares an attack"),
                                   N_("{0} calls off the attack"),
                                   N_("{0}: choose the player to attack"),
                                   N_("\"{0}\" is not a player {1} can attack"),
                                   &SeatBooks::attacked};
}  // namespace

void begin_attack(Table& table) {
  Battle battle;
  battle.attacker = table.state.to_act;
  const std::optional<int> defender = table.declare(kAnAttack);
  table.data.battle = battle;
  if (defender) {
    table.data.battle->defender = *defender;
    table.data.battle->stage = Battle::Stage::Allies;
    advance(table);
  }
}

std::string battle_step(Table& table, const Command& command) {
  prune(table);
  Battle& battle = battle_of(table);
  const auto* choose = std::get_if<Choose>(&command);
  switch (battle.stage) {
    case Battle::Stage::Defender: {
      const std::optional<int> defender = table.defender_chosen(kAnAttack, battle.attacker, command);
      if (!defender) {
        table.data.battle.reset();
        return "attack_cancelled";
      }
      battle.defender = *defender;
      battle.stage = Battle::Stage::Allies;
      advance(table);
      return "defender_chosen";
    }
    case Battle::Stage::Allies:
      return allies_step(table, command);
    case Battle::Stage::AssignAttackers:
    case Battle::Stage::AssignDefenders:
      return assign_step(table, command);
    case Battle::Stage::PickCastle: {
      if (!choose) table.refuse(trf("{0}: choose the castle whose battle comes next", table.name(battle.attacker)));
      const int castle = table.castle_by_label(battle.defender, choose->label);
      if (castle < 0 || !has(castles_to_pick(table, battle), castle)) {
        table.refuse(trf("no battle left to fight at \"{0}\"", choose->label));
      }
      start_castle(table, castle);
      return "castle_picked";
    }
    case Battle::Stage::Actions:
      return actions_step(table, command);
  }
  table.refuse(tr("no battle in progress"));
}

std::string assign_by_moving(Table& table, int uid, const Placement& where) {
  Battle& battle = battle_of(table);
  const bool attacking = battle.stage == Battle::Stage::AssignAttackers;
  if ((!attacking && battle.stage != Battle::Stage::AssignDefenders) || battle.picking != 0) return {};
  const int seat = assigner(battle);
  // Attackers go to the defender's castles, defenders stay in their own area: either way the
  // defender's area.
  if (seat < 0 || where.seat != battle.defender || table.find(uid).seat != seat ||
      !has(free_heroes(table, battle, seat), uid)) {
    return {};
  }
  const int castle = castle_nearest(table, battle.defender, where);
  const std::string picked = assign_step(table, Choose{table.label(uid)});
  if (battle_of(table).picking != uid || castle < 0) return picked;
  return assign_step(table, Choose{castle_name(table, battle, castle)});
}

// "Bow your target unit" (line 672): at a battle's actions, the acting seat's unbowed fighter at
// the castle turned on the table is that seat engaging it (issue [3/8]: the camera instead of a
// choice). With no other card of the unit left to add, the engagement is dealt at once: "Engage
// now" has one sensible answer then, and UNDO takes the engagement back.
std::string engage_by_turning(Table& table, int uid) {
  // A duel, a payment or an Adjust opened during the battle has the table's attention first.
  if (!table.data.battle || table.data.duel || table.data.payment || table.data.adjust) return {};
  prune(table);
  Battle& battle = battle_of(table);
  if (battle.stage != Battle::Stage::Actions || battle.engagement || !has(engageable(table, battle, battle.to_act), uid)) {
    return {};
  }
  const std::string picked = actions_step(table, Choose{table.label(uid)});
  // The prompt offers the unit's other cards, then "Engage now" and "Cancel".
  if (engagement_prompt(table).options.size() > 2) return picked;
  return engagement_step(table, Ok{});
}

Prompt battle_prompt(const Table& table) {
  const Battle& battle = *table.data.battle;
  Prompt prompt;
  switch (battle.stage) {
    case Battle::Stage::Defender: {
      prompt.text = trf("{0}: attack which player?", table.name(battle.attacker));
      for (int seat : table.opponents_with_castles(battle.attacker)) offer(prompt, table.name(seat));
      offer(prompt, kCancel);
      prompt.pass = tr("call off the attack");
      return prompt;
    }
    case Battle::Stage::Allies:
      return allies_prompt(table);
    case Battle::Stage::AssignAttackers:
    case Battle::Stage::AssignDefenders: {
      const bool attacking = battle.stage == Battle::Stage::AssignAttackers;
      const int seat = assigner(battle);
      if (battle.picking != 0) {
        prompt.text = attacking ? trf("{0}: {1} attacks which of {2}'s castles?", table.name(seat),
                                      table.label(battle.picking), table.name(battle.defender))
                                : trf("{0}: {1} defends which of {2}'s castles?", table.name(seat),
                                      table.label(battle.picking), table.name(battle.defender));
        for (int castle : table.live_castles(battle.defender))
          offer(prompt, castle_name(table, battle, castle));
        offer(prompt, kCancel);
        prompt.pass = tr("choose another hero");
        return prompt;
      }
      prompt.text =
          attacking
              ? trf("{0}: choose a hero to attack {1}'s castles (its cohorts, items and spells go with it), or Done",
                    table.name(seat), table.name(battle.defender))
              : trf("{0}: choose a hero to defend a castle (its cohorts, items and spells go with it), or Done",
                    table.name(seat));
      offer_heroes(table, prompt, free_heroes(table, battle, seat), attacking ? tr("attackers done") : tr("defenders done"),
                   seat == battle.attacker && battle.attackers.empty() ? tr("call off the attack") : "");
      return prompt;
    }
    case Battle::Stage::PickCastle: {
      prompt.text = trf("{0}: which castle's battle is fought next?", table.name(battle.attacker));
      for (int castle : castles_to_pick(table, battle)) offer(prompt, castle_name(table, battle, castle));
      return prompt;
    }
    case Battle::Stage::Actions:
      break;
  }
  if (!battle.tactic.empty()) return tactic_prompt(table);
  if (!battle.engagement) {
    const int seat = battle.to_act;
    prompt.text = trf("{0}'s action at {1}: choose a card to engage, Home: to bow a unit and send it home, scan a "
                      "tactic, or PASS",
                      table.name(seat), castle_name(table, battle, battle.castle));
    set_options(prompt, labels_of(table, engageable(table, battle, seat)));
    offer(prompt, labels_said(table, N_("Home: {0}"), homeable(table, battle, seat)));
    offer(prompt, labels_said(table, N_("Move in: {0}"), movable(table, battle, seat)));
    prompt.takes_cards = true;
    prompt.pass = battle.passes > 0 ? tr("pass (ends the battle here)") : tr("pass");
    return prompt;
  }
  return engagement_prompt(table);
}

}  // namespace seneschal::engine::r9e
