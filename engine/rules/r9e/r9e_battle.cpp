// Battles ("Battles": Flow of a Battle, Engaging and Damage). One Attack Phase in Summer:
// the attacker names a defender, both assign units to the defender's castles, then the attacker
// picks castle after castle; at each, the two sides act in turn from the defender (engage,
// send a unit home, play a tactic, pass) until both pass in a row. An engagement bows cards
// of one unit for damage that the table may correct (abilities are not modelled), the attacker
// may declare cards immune to a defender's engagement, and the other side absorbs.
//
//   Defender -> AssignAttackers -> AssignDefenders -> PickCastle <-> Actions -> (Summer)
//   Actions: [engagement: pick cards -> confirm damage -> immunity -> absorb (-> discard)]
#include <algorithm>

#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {


bool has(const std::vector<int>& list, int value) { return std::find(list.begin(), list.end(), value) != list.end(); }

Battle& battle_of(Table& table) { return *table.data.battle; }

int other_side(const Battle& battle, int seat) { return seat == battle.defender ? battle.attacker : battle.defender; }

std::string castle_name(const Table& table, const Battle& battle, int castle) {
  return table.castle_label(battle.defender, castle);
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? " and " : ", ";
    out += words[i];
  }
  return out;
}

// A hero that left play (buried through Adjust, a Will of zero ...) leaves the battle too.
void prune(Table& table) {
  Battle& battle = battle_of(table);
  for (auto* side : {&battle.attackers, &battle.defenders}) {
    const int seat = side == &battle.attackers ? battle.attacker : battle.defender;
    for (auto it = side->begin(); it != side->end();) {
      const Table::Found found = table.find(it->first);
      it = (!found.card || found.seat != seat) ? side->erase(it) : std::next(it);
    }
  }
  if (battle.engagement && !battle.engagement->chosen) {
    auto& cards = battle.engagement->cards;
    cards.erase(std::remove_if(cards.begin(), cards.end(), [&](int uid) { return !table.find(uid).card; }),
                cards.end());
    if (cards.empty()) battle.engagement.reset();
  }
}

const std::map<int, int>& side_map(const Battle& battle, int seat) {
  return seat == battle.attacker ? battle.attackers : battle.defenders;
}

// Heroes of this seat at this castle.
std::vector<int> heroes_at(const Table& table, const Battle& battle, int seat, int castle) {
  std::vector<int> out;
  for (const auto& [uid, at] : side_map(battle, seat)) {
    if (at == castle && table.find(uid).card) out.push_back(uid);
  }
  return out;
}

// Heroes and their cohorts: the cards that engage and absorb.
std::vector<int> fighters_at(const Table& table, const Battle& battle, int seat, int castle) {
  std::vector<int> out;
  for (int hero : heroes_at(table, battle, seat, castle)) {
    out.push_back(hero);
    for (int other : table.attached(hero)) {
      if (table.type(table.find(other).card->card) == "cohort") out.push_back(other);
    }
  }
  return out;
}

int hero_of(const Table& table, int uid) {
  const Table::Found found = table.find(uid);
  return found.card && found.card->attached_to != 0 && !table.is_hero(uid) ? found.card->attached_to : uid;
}

bool bowed(const Table& table, int uid) {
  const Table::Found found = table.find(uid);
  return found.card && found.card->bowed;
}

std::vector<std::string> labels_with_prefix(const Table& table, const std::string& prefix,
                                            const std::vector<int>& uids) {
  std::vector<std::string> out;
  for (int uid : uids) out.push_back(prefix + table.label(uid));
  return out;
}

// The Strength players see, or "?" while the data does not know it (the step asks).
std::string strength_text(const Table& table, int uid) {
  try {
    return std::to_string(table.strength(uid));
  } catch (const Ask&) {
    return "?";
  }
}

// --- assigning

std::vector<int> free_heroes(const Table& table, const Battle& battle, int seat) {
  std::vector<int> out;
  for (int uid : table.heroes(seat, true)) {
    if (!battle.attackers.count(uid) && !battle.defenders.count(uid)) out.push_back(uid);
  }
  return out;
}

bool anyone_at(const Table& table, const Battle& battle, int castle) {
  return !heroes_at(table, battle, battle.attacker, castle).empty() ||
         !heroes_at(table, battle, battle.defender, castle).empty();
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
  table.state.to_act = battle.to_act;
  const std::vector<std::string> attacking = labels_of(table, heroes_at(table, battle, battle.attacker, castle));
  const std::vector<std::string> defending = labels_of(table, heroes_at(table, battle, battle.defender, castle));
  table.log("The battle at " + table.name(battle.defender) + "'s " + castle_name(table, battle, castle) + ": " +
            (attacking.empty() ? std::string("no attackers") : joined(attacking) + " attacking") + ", " +
            (defending.empty() ? std::string("no defenders") : joined(defending) + " defending") + "; " +
            table.name(battle.defender) + " acts first");
}

void finish_attack(Table& table) {
  Battle& battle = battle_of(table);
  for (int castle : table.live_castles(battle.defender)) {
    if (!has(battle.resolved, castle)) {
      table.log("No one is at " + castle_name(table, battle, castle) + ": that battle ends at once");
    }
  }
  const int attacker = battle.attacker;
  const bool defenders_left = !battle.defenders.empty();
  table.data.battle.reset();
  table.log(std::string(defenders_left ? "The defenders go home. " : "") + "The Attack Phase ends");
  for (int seat = 0; seat < table.seats(); ++seat) {
    if (!table.state.players[seat].eliminated && table.live_castles(seat).empty()) {
      table.eliminate(seat, "no castles left at the end of the Attack Phase");
    }
  }
  end_action(table, attacker);
}

// Moves past every stage with nothing to choose.
void advance(Table& table) {
  Battle& battle = battle_of(table);
  if (battle.stage == Battle::Stage::AssignAttackers && battle.picking == 0 &&
      free_heroes(table, battle, battle.attacker).empty()) {
    if (battle.attackers.empty()) table.log(table.name(battle.attacker) + " has no unbowed hero to attack with");
    battle.stage = Battle::Stage::AssignDefenders;
  }
  if (battle.stage == Battle::Stage::AssignDefenders && battle.attackers.empty()) {
    battle.stage = Battle::Stage::PickCastle;  // nothing attacks: nothing to defend against
  }
  if (battle.stage == Battle::Stage::AssignDefenders && battle.picking == 0 &&
      free_heroes(table, battle, battle.defender).empty()) {
    if (battle.defenders.empty()) table.log(table.name(battle.defender) + " has no unbowed hero to defend with");
    battle.stage = Battle::Stage::PickCastle;
  }
  if (battle.stage == Battle::Stage::AssignAttackers) table.state.to_act = battle.attacker;
  if (battle.stage == Battle::Stage::AssignDefenders) table.state.to_act = battle.defender;
  if (battle.stage != Battle::Stage::PickCastle) return;
  table.state.to_act = battle.attacker;
  const std::vector<int> castles = castles_to_pick(table, battle);
  if (castles.empty()) return finish_attack(table);
  if (castles.size() == 1) start_castle(table, castles[0]);
}

void assign(Table& table, int hero, int castle) {
  Battle& battle = battle_of(table);
  const bool attacking = battle.stage == Battle::Stage::AssignAttackers;
  (attacking ? battle.attackers : battle.defenders)[hero] = castle;
  battle.picking = 0;
  table.log(table.name(attacking ? battle.attacker : battle.defender) + (attacking ? " sends " : " defends with ") +
            table.label(hero) + (attacking ? " to attack " : " at ") + castle_name(table, battle, castle));
}

std::string assign_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  const bool attacking = battle.stage == Battle::Stage::AssignAttackers;
  const int seat = attacking ? battle.attacker : battle.defender;
  const auto* choose = std::get_if<Choose>(&command);
  const bool pass = std::holds_alternative<Pass>(command);
  const std::string label = choose ? choose->label : std::holds_alternative<Ok>(command) ? kDone : "";
  if (battle.picking != 0) {
    if (pass || label == kCancel) {
      battle.picking = 0;
      return "assign_cancelled";
    }
    const int castle = table.castle_by_label(battle.defender, label);
    if (castle < 0)
      table.refuse("choose one of " + table.name(battle.defender) + "'s castles for " + table.label(battle.picking));
    assign(table, battle.picking, castle);
    advance(table);
    return attacking ? "attacker_assigned" : "defender_assigned";
  }
  if (attacking && battle.attackers.empty() && (pass || label == kCancel)) {
    table.data.seats[battle.attacker].attacked = false;
    table.log(table.name(battle.attacker) + " calls off the attack");
    table.state.to_act = battle.attacker;
    table.data.battle.reset();
    return "attack_cancelled";
  }
  if (label == kDone || (!attacking && pass)) {
    battle.stage = attacking ? Battle::Stage::AssignDefenders : Battle::Stage::PickCastle;
    if (attacking && battle.attackers.empty()) table.log(table.name(seat) + " sends no units");
    if (!attacking && battle.defenders.empty()) table.log(table.name(seat) + " sends no defenders");
    advance(table);
    return attacking ? "attackers_done" : "defenders_done";
  }
  if (!choose) table.refuse(table.name(seat) + ": choose a hero to " + (attacking ? "attack" : "defend") + ", or Done");
  const int hero = table.uid_by_label(free_heroes(table, battle, seat), label);
  if (hero == 0) table.refuse("no unbowed hero \"" + label + "\" of " + table.name(seat) + " left to assign");
  const std::vector<int> castles = table.live_castles(battle.defender);
  if (castles.size() == 1) {
    assign(table, hero, castles[0]);
    advance(table);
  } else {
    battle.picking = hero;
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
  auto& side = seat == battle.attacker ? battle.attackers : battle.defenders;
  for (int hero : heroes_at(table, battle, seat, castle)) {
    set_unit_bowed(table, hero, bowed);
    side.erase(hero);
  }
}

// The battle at the current castle is over: by passing, or with the castle buried.
void end_castle(Table& table, bool castle_buried) {
  Battle& battle = battle_of(table);
  const int castle = battle.castle;
  const std::string where = castle_name(table, battle, castle);
  const std::vector<std::string> attackers = labels_of(table, heroes_at(table, battle, battle.attacker, castle));
  const std::vector<std::string> defenders = labels_of(table, heroes_at(table, battle, battle.defender, castle));
  send_home_from(table, battle, battle.attacker, castle, true);
  std::string text = "The battle at " + where + " ends";
  if (!attackers.empty())
    text += ": " + joined(attackers) + " go" + (attackers.size() == 1 ? "es" : "") + " home bowed";
  if (castle_buried) {
    send_home_from(table, battle, battle.defender, castle, false);
    if (!defenders.empty())
      text += (attackers.empty() ? ": " : "; ") + joined(defenders) + " go" + (defenders.size() == 1 ? "es" : "") +
              " home unbowed";
  } else if (!defenders.empty()) {
    text += (attackers.empty() ? ": " : "; ") + joined(defenders) + " stay" + (defenders.size() == 1 ? "s" : "") +
            " at the castle";
  }
  table.log(text);
  battle.resolved.push_back(castle);
  battle.castle = -1;
  battle.engagement.reset();
  battle.passes = 0;
  battle.stage = Battle::Stage::PickCastle;
  advance(table);
}

// An action at the castle is over: the other side acts next.
void after_action(Table& table, int seat) {
  Battle& battle = battle_of(table);
  battle.passes = 0;
  battle.to_act = other_side(battle, seat);
  table.state.to_act = battle.to_act;
  if (!anyone_at(table, battle, battle.castle)) {
    table.log("No one is left at " + castle_name(table, battle, battle.castle));
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

std::vector<int> homeable(const Table& table, const Battle& battle, int seat) {
  std::vector<int> out;
  for (int hero : heroes_at(table, battle, seat, battle.castle)) {
    if (!bowed(table, hero)) out.push_back(hero);
  }
  return out;
}

// Cards still free to add to the engagement: unbowed, of the same unit.
std::vector<int> engage_more(const Table& table, const Battle& battle) {
  const Engagement& engagement = *battle.engagement;
  const int hero = hero_of(table, engagement.cards.front());
  std::vector<int> out;
  for (int uid : engageable(table, battle, engagement.side)) {
    if (hero_of(table, uid) == hero && !has(engagement.cards, uid)) out.push_back(uid);
  }
  return out;
}

std::vector<int> immune_candidates(const Table& table, const Battle& battle) {
  const Engagement& engagement = *battle.engagement;
  std::vector<int> out;
  for (int uid : fighters_at(table, battle, battle.attacker, battle.castle)) {
    if (!has(engagement.immune, uid) && table.strength(uid) > engagement.damage) out.push_back(uid);
  }
  return out;
}

int absorber(const Battle& battle) { return other_side(battle, battle.engagement->side); }

void finish_engagement(Table& table) {
  Battle& battle = battle_of(table);
  const int seat = battle.engagement->side;
  battle.engagement.reset();
  after_action(table, seat);
}

// Absorbing goes on while damage is left and something can take it.
void continue_absorbing(Table& table) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  if (engagement.discard_for != 0) return;
  if (engagement.remaining <= 0) return finish_engagement(table);
  const int seat = absorber(battle);
  table.state.to_act = seat;
  if (seat == battle.attacker && fighters_at(table, battle, seat, battle.castle).empty()) {
    table.log(table.name(seat) + " has nothing left at " + castle_name(table, battle, battle.castle) +
              " to absorb the last " + std::to_string(engagement.remaining));
    finish_engagement(table);
  }
}

void start_absorbing(Table& table) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  engagement.immunity_done = true;
  engagement.remaining = engagement.damage;
  if (engagement.damage == 0) {
    table.log("No damage to absorb");
    return finish_engagement(table);
  }
  continue_absorbing(table);
}

std::string engage(Table& table) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  std::vector<int> bowing = engagement.cards;
  int damage = 0;
  for (int uid : engagement.cards) {
    damage += table.strength(uid);  // a hero's Strength counts its items
    if (!table.is_hero(uid)) continue;
    // "items that add to a hero's Strength must engage when the hero is engaging"
    for (int other : table.attached(uid)) {
      const std::string& id = table.find(other).card->card;
      if (table.type(id) == "item" && table.known(id, "strength_bonus").value_or(0) > 0) bowing.push_back(other);
    }
  }
  for (int uid : bowing) {
    CardInPlay* card = table.find(uid).card;
    card->bowed = true;
    engagement.brutal = engagement.brutal || table.keyword(card->card, "Brutal");
  }
  engagement.damage = damage;
  engagement.chosen = true;
  table.log(table.name(engagement.side) + " engages " + joined(labels_of(table, engagement.cards)) + " for " +
            std::to_string(damage) + " damage" + (engagement.brutal ? " (Brutal)" : ""));
  return "engaged";
}

std::string confirm_damage(Table& table) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  engagement.confirmed = true;
  if (engagement.side == battle.defender && engagement.damage > 0 && !immune_candidates(table, battle).empty()) {
    table.state.to_act = battle.attacker;
    return "damage_confirmed";  // the attacker may declare cards immune first
  }
  start_absorbing(table);
  return "damage_confirmed";
}

std::vector<std::string> absorb_options(const Table& table, const Battle& battle) {
  const int seat = absorber(battle);
  std::vector<std::string> out =
      labels_with_prefix(table, kBuryPrefix, fighters_at(table, battle, seat, battle.castle));
  if (seat == battle.defender) {
    const CastleState& castle = table.books(seat).castles[battle.castle];
    const std::string where = castle_name(table, battle, battle.castle);
    out.push_back(castle.food > 0 ? kFoodOnPrefix + where : kBuryCastlePrefix + where);
  } else {
    out.push_back(kDone);
  }
  return out;
}

std::vector<int> non_immune_left(const Table& table, const Battle& battle) {
  std::vector<int> out;
  for (int uid : fighters_at(table, battle, absorber(battle), battle.castle)) {
    if (!has(battle.engagement->immune, uid)) out.push_back(uid);
  }
  return out;
}

std::string absorb_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  const int seat = absorber(battle);
  const std::string& name = table.name(seat);
  const std::string where = castle_name(table, battle, battle.castle);
  if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 0) table.refuse("damage is never below zero");
    table.log("Damage left to absorb set by hand: " + std::to_string(engagement.remaining) + " -> " +
              std::to_string(number->value));
    engagement.remaining = number->value;
    continue_absorbing(table);
    return "damage_corrected";
  }
  const auto* choose = std::get_if<Choose>(&command);
  const std::string label = choose ? choose->label : std::holds_alternative<Ok>(command) ? kDone : "";
  if (label.empty()) table.refuse(name + ": choose what absorbs the damage");
  if (seat == battle.attacker && label == kDone) {
    const std::vector<int> left = non_immune_left(table, battle);
    table.check(left.empty(), joined(labels_of(table, left)) + (left.size() == 1 ? " is" : " are") +
                                  " not immune and " + std::to_string(engagement.remaining) +
                                  " damage is left: non-immune cards at the battle must absorb while damage is left");
    table.log(name + " absorbs no more: " + std::to_string(engagement.remaining) + " damage goes unabsorbed");
    finish_engagement(table);
    return "absorbed";
  }
  if (seat == battle.defender) {
    CastleState& castle = table.books(seat).castles[battle.castle];
    if (label == kFoodOnPrefix + where && castle.food > 0) {
      const int tokens = std::min(castle.food, engagement.remaining);
      castle.food -= tokens;
      engagement.remaining -= tokens;
      table.log(name + " absorbs " + std::to_string(tokens) + " with the food on " + where + " (" +
                (castle.food > 0 ? std::to_string(castle.food) + " food" : std::string("none")) + " left there)");
      continue_absorbing(table);
      return "absorbed";
    }
    if (label == kBuryCastlePrefix + where && castle.food == 0) {
      table.log(name + " absorbs the remaining " + std::to_string(engagement.remaining) + " with " + where + " itself");
      table.bury_castle(seat, battle.castle);
      table.check_conquest(battle.attacker);
      end_castle(table, true);
      return "castle_buried";
    }
  }
  if (label.rfind(kBuryPrefix, 0) != 0) table.refuse("\"" + label + "\" cannot absorb damage here");
  const int uid = table.uid_by_label(fighters_at(table, battle, seat, battle.castle), label.substr(5));
  if (uid == 0) table.refuse("no card \"" + label.substr(5) + "\" of " + name + " at " + where + " to absorb damage");
  const int absorbs = table.strength(uid);
  const bool hero = table.is_hero(uid);
  const std::string what = table.label(uid);
  engagement.remaining = std::max(0, engagement.remaining - absorbs);
  table.log(name + " absorbs " + std::to_string(absorbs) + " with " + what +
            (has(engagement.immune, uid) ? " (immune, by choice)" : "") + " (" + std::to_string(engagement.remaining) +
            " left)");
  table.remove(uid, true, true);
  prune(table);
  if (hero && engagement.remaining > 0 && !engagement.brutal) {
    engagement.discard_for = uid;
    engagement.discard_label = what;
  }
  continue_absorbing(table);
  return "absorbed";
}

std::string discard_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  const std::string& name = table.name(absorber(battle));
  int fate = -1;
  std::string card;
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    fate = table.value(table.card(present->card_id).id, "fate");
    card = table.title(present->card_id);
  } else if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 0) table.refuse("a Fate value is never below zero");
    fate = number->value;
    card = "a card";
  } else {
    const auto* choose = std::get_if<Choose>(&command);
    if (std::holds_alternative<Pass>(command) || (choose && choose->label == kNoDiscard)) {
      engagement.discard_for = 0;
      engagement.discard_label.clear();
      continue_absorbing(table);
      return "no_discard";
    }
    table.refuse(name + ": scan the card you discard, set its Fate, or No discard");
  }
  engagement.remaining = std::max(0, engagement.remaining - fate);
  table.log(name + " discards " + card + " (Fate " + std::to_string(fate) + "): " + engagement.discard_label +
            " absorbs " + std::to_string(fate) + " more (" + std::to_string(engagement.remaining) + " left)");
  engagement.discard_for = 0;
  engagement.discard_label.clear();
  continue_absorbing(table);
  return "discarded_for_fate";
}

std::string engagement_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  const auto* choose = std::get_if<Choose>(&command);
  if (!engagement.chosen) {
    if (std::holds_alternative<Pass>(command) || (choose && choose->label == kCancel)) {
      battle.engagement.reset();
      return "engage_cancelled";
    }
    if (std::holds_alternative<Ok>(command) || (choose && choose->label == kEngageNow)) return engage(table);
    if (!choose) table.refuse("choose more cards of the unit, Engage now, or Cancel");
    const int uid = table.uid_by_label(engage_more(table, battle), choose->label);
    if (uid == 0) table.refuse("\"" + choose->label + "\" is not an unbowed card of the same unit here");
    engagement.cards.push_back(uid);
    return "engage_card";
  }
  if (!engagement.confirmed) {
    if (const auto* present = std::get_if<PresentCard>(&command)) {
      const Card& card = table.card(present->card_id);
      if (card.type != "tactic") table.refuse("only a tactic (a React) can be played now, not " + card.title);
      table.log(card.title + " is played as a React");
      return "react_played";
    }
    if (const auto* number = std::get_if<SetNumber>(&command)) {
      if (number->value < 0) table.refuse("damage is never below zero");
      table.log("The damage is changed by card abilities: " + std::to_string(engagement.damage) + " -> " +
                std::to_string(number->value));
      engagement.damage = number->value;
      return "damage_corrected";
    }
    if (std::holds_alternative<Ok>(command)) return confirm_damage(table);
    table.refuse("OK to deal " + std::to_string(engagement.damage) +
                 " damage, or set the damage as abilities change it");
  }
  if (!engagement.immunity_done) {
    const std::string label = choose ? choose->label : std::holds_alternative<Ok>(command) ? kDone : "";
    if (label == kDone || std::holds_alternative<Pass>(command)) {
      if (!engagement.immune.empty()) {
        table.log(table.name(battle.attacker) + " declares " + joined(labels_of(table, engagement.immune)) + " immune");
      }
      start_absorbing(table);
      return "immunity_declared";
    }
    const int uid = table.uid_by_label(immune_candidates(table, battle), label);
    if (uid == 0) {
      table.refuse("\"" + label + "\" cannot be declared immune: only the attacker's cards here with Strength above " +
                   std::to_string(engagement.damage));
    }
    engagement.immune.push_back(uid);
    return "immune_picked";
  }
  if (engagement.discard_for != 0) return discard_step(table, command);
  return absorb_step(table, command);
}

std::string actions_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  if (battle.engagement) return engagement_step(table, command);
  const int seat = battle.to_act;
  const std::string& name = table.name(seat);
  const std::string where = castle_name(table, battle, battle.castle);
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    const Card& card = table.card(present->card_id);
    if (card.type != "tactic") table.refuse("in a battle only tactics are played, not " + card.title);
    table.check(!heroes_at(table, battle, seat, battle.castle).empty(),
                name + " has no hero at " + where + ": a tactic needs a unit in the battle (unless it moves one in)");
    table.log(name + " plays " + card.title + " at " + where);
    after_action(table, seat);
    return "tactic_played";
  }
  if (std::holds_alternative<Pass>(command)) {
    table.log(name + " passes at " + where);
    battle.passes += 1;
    battle.to_act = other_side(battle, seat);
    table.state.to_act = battle.to_act;
    if (battle.passes >= 2) end_castle(table, false);
    return "battle_passed";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(name + ": choose cards to engage, send a unit home, scan a tactic, or PASS");
  const std::string& label = choose->label;
  if (label.rfind(kHomePrefix, 0) == 0) {
    const int hero = table.uid_by_label(homeable(table, battle, seat), label.substr(6));
    if (hero == 0) table.refuse("no unbowed hero \"" + label.substr(6) + "\" of " + name + " at " + where);
    bow_unit(table, hero);
    (seat == battle.attacker ? battle.attackers : battle.defenders).erase(hero);
    table.log(name + " bows " + table.label(hero) + " and sends it home from " + where);
    after_action(table, seat);
    return "unit_home";
  }
  const int uid = table.uid_by_label(engageable(table, battle, seat), label);
  if (uid == 0) table.refuse("no unbowed card \"" + label + "\" of " + name + " at " + where + " to engage");
  Engagement engagement;
  engagement.side = seat;
  engagement.cards = {uid};
  battle.engagement = engagement;
  return "engage_card";
}

}  // namespace

void begin_attack(Table& table) {
  const int seat = table.state.to_act;
  table.check(table.state.phase == kSummer, "attacks are declared in Summer; it is " + table.state.phase);
  SeatBooks& books = table.data.seats[seat];
  table.check(!books.attacked, table.name(seat) + " has already attacked this turn: one attack per player per turn");
  const std::vector<int> targets = table.opponents_with_castles(seat);
  if (targets.empty()) table.refuse("no other player has a castle to attack");
  books.attacked = true;
  Battle battle;
  battle.attacker = seat;
  table.data.battle = battle;
  if (targets.size() == 1) {
    table.data.battle->defender = targets[0];
    table.data.battle->stage = Battle::Stage::AssignAttackers;
    table.log(table.name(seat) + " attacks " + table.name(targets[0]));
    advance(table);
  } else {
    table.log(table.name(seat) + " declares an attack");
  }
}

std::string battle_step(Table& table, const Command& command) {
  prune(table);
  Battle& battle = battle_of(table);
  const auto* choose = std::get_if<Choose>(&command);
  switch (battle.stage) {
    case Battle::Stage::Defender: {
      if (std::holds_alternative<Pass>(command) || (choose && choose->label == kCancel)) {
        table.data.seats[battle.attacker].attacked = false;
        table.log(table.name(battle.attacker) + " calls off the attack");
        table.data.battle.reset();
        return "attack_cancelled";
      }
      if (!choose) table.refuse(table.name(battle.attacker) + ": choose the player to attack");
      const int seat = table.seat_by_name(choose->label);
      const std::vector<int> targets = table.opponents_with_castles(battle.attacker);
      if (std::find(targets.begin(), targets.end(), seat) == targets.end()) {
        table.refuse("\"" + choose->label + "\" is not a player " + table.name(battle.attacker) + " can attack");
      }
      battle.defender = seat;
      battle.stage = Battle::Stage::AssignAttackers;
      table.log(table.name(battle.attacker) + " attacks " + table.name(seat));
      advance(table);
      return "defender_chosen";
    }
    case Battle::Stage::AssignAttackers:
    case Battle::Stage::AssignDefenders:
      return assign_step(table, command);
    case Battle::Stage::PickCastle: {
      if (!choose) table.refuse(table.name(battle.attacker) + ": choose the castle whose battle comes next");
      const int castle = table.castle_by_label(battle.defender, choose->label);
      if (castle < 0 || !has(castles_to_pick(table, battle), castle)) {
        table.refuse("no battle left to fight at \"" + choose->label + "\"");
      }
      start_castle(table, castle);
      return "castle_picked";
    }
    case Battle::Stage::Actions:
      return actions_step(table, command);
  }
  table.refuse("no battle in progress");
}

Prompt battle_prompt(const Table& table) {
  const Battle& battle = *table.data.battle;
  Prompt prompt;
  switch (battle.stage) {
    case Battle::Stage::Defender: {
      prompt.text = table.name(battle.attacker) + ": attack which player?";
      for (int seat : table.opponents_with_castles(battle.attacker)) offer(prompt, table.name(seat));
      offer(prompt, kCancel);
      prompt.pass = "call off the attack";
      return prompt;
    }
    case Battle::Stage::AssignAttackers:
    case Battle::Stage::AssignDefenders: {
      const bool attacking = battle.stage == Battle::Stage::AssignAttackers;
      const int seat = attacking ? battle.attacker : battle.defender;
      if (battle.picking != 0) {
        prompt.text = table.name(seat) + ": " + table.label(battle.picking) + (attacking ? " attacks" : " defends") +
                      " which of " + table.name(battle.defender) + "'s castles?";
        for (int castle : table.live_castles(battle.defender))
          offer(prompt, castle_name(table, battle, castle));
        offer(prompt, kCancel);
        prompt.pass = "choose another hero";
        return prompt;
      }
      prompt.text = table.name(seat) + ": choose an unbowed hero to " +
                    (attacking ? "attack " + table.name(battle.defender) + "'s castles" : "defend a castle") +
                    " (its cohorts, items and spells go with it), or Done";
      set_options(prompt, labels_of(table, free_heroes(table, battle, seat)));
      offer(prompt, kDone);
      prompt.ok = attacking ? "attackers done" : "defenders done";
      if (attacking && battle.attackers.empty()) {
        offer(prompt, kCancel);
        prompt.pass = "call off the attack";
      } else if (!attacking) {
        prompt.pass = "defenders done";
      }
      return prompt;
    }
    case Battle::Stage::PickCastle: {
      prompt.text = table.name(battle.attacker) + ": which castle's battle is fought next?";
      for (int castle : castles_to_pick(table, battle)) offer(prompt, castle_name(table, battle, castle));
      return prompt;
    }
    case Battle::Stage::Actions:
      break;
  }
  const std::string where = castle_name(table, battle, battle.castle);
  if (!battle.engagement) {
    const int seat = battle.to_act;
    prompt.text = table.name(seat) + "'s action at " + where +
                  ": choose a card to engage, Home: to bow a unit and send it home, scan a tactic, or PASS";
    set_options(prompt, labels_of(table, engageable(table, battle, seat)));
    for (const std::string& home : labels_with_prefix(table, kHomePrefix, homeable(table, battle, seat))) {
      offer(prompt, home);
    }
    prompt.takes_cards = true;
    prompt.pass = "pass" + std::string(battle.passes > 0 ? " (ends the battle here)" : "");
    return prompt;
  }
  const Engagement& engagement = *battle.engagement;
  const std::string& side = table.name(engagement.side);
  if (!engagement.chosen) {
    prompt.text = side + " engages " + joined(labels_of(table, engagement.cards)) +
                  ": add more cards of the same unit, or Engage now (items adding Strength engage with their hero)";
    set_options(prompt, labels_of(table, engage_more(table, battle)));
    offer(prompt, kEngageNow);
    offer(prompt, kCancel);
    prompt.ok = "engage now";
    prompt.pass = "cancel";
    return prompt;
  }
  if (!engagement.confirmed) {
    prompt.text = side + " engages for " + std::to_string(engagement.damage) +
                  " damage. OK, or set the damage if card abilities change it (a React tactic may be scanned)";
    prompt.wants_number = true;
    prompt.takes_cards = true;
    prompt.ok = "deal " + std::to_string(engagement.damage) + " damage";
    return prompt;
  }
  if (!engagement.immunity_done) {
    prompt.text = table.name(battle.attacker) + ": declare cards with Strength above " +
                  std::to_string(engagement.damage) + " immune" +
                  (engagement.immune.empty() ? "" : " (" + joined(labels_of(table, engagement.immune)) + " so far)") +
                  ", then Done";
    set_options(prompt, labels_of(table, immune_candidates(table, battle)));
    offer(prompt, kDone);
    prompt.ok = "done declaring immunity";
    prompt.pass = "done declaring immunity";
    return prompt;
  }
  const int seat = absorber(battle);
  const std::string& name = table.name(seat);
  if (engagement.discard_for != 0) {
    prompt.text = name + ": " + engagement.discard_label + " absorbed; " + std::to_string(engagement.remaining) +
                  " damage left. Discard a card to add its Fate? Scan it or set its Fate, or No discard";
    set_options(prompt, {kNoDiscard});
    prompt.wants_number = true;
    prompt.takes_cards = true;
    prompt.pass = "no discard";
    return prompt;
  }
  std::string cards;
  for (int uid : fighters_at(table, battle, seat, battle.castle)) {
    cards += (cards.empty() ? "" : ", ") + table.label(uid) + " S" + strength_text(table, uid) +
             (has(engagement.immune, uid) ? " (immune)" : "");
  }
  prompt.text = name + ": absorb " + std::to_string(engagement.remaining) + " damage at " + where;
  if (!cards.empty()) prompt.text += " - " + cards;
  if (seat == battle.defender) {
    const int food = table.books(seat).castles[battle.castle].food;
    prompt.text += food > 0 ? "; food " + std::to_string(food) : "; no food: the castle absorbs all that is left";
  } else {
    prompt.text += "; non-immune cards must absorb while damage is left, Done when only immune cards remain";
    prompt.ok = "absorb no more";
  }
  set_options(prompt, absorb_options(table, battle));
  prompt.wants_number = true;  // abilities that prevent damage: set what is left
  return prompt;
}

}  // namespace seneschal::engine::r9e
