// One engagement in a battle ("Engaging and Damage"): the cards of one unit bow for damage the
// table confirms or corrects, the attacker may declare cards immune to a defender's engagement,
// and the other side absorbs: heroes and cohorts buried for their Strength, food and then the
// castle for the defender, a card discarded for its Fate after a hero (not against Brutal).
//
//   pick cards -> Engage now -> confirm damage -> (immunity) -> absorb (-> discard for Fate)
#include <algorithm>

#include "r9e_battle_parts.hpp"
#include "r9e_flows.hpp"

namespace seneschal::engine::r9e::battle {
namespace {

// The Strength players see, or "?" while the data does not know it (the step asks).
std::string strength_text(const Table& table, int uid) {
  try {
    return std::to_string(table.strength(uid));
  } catch (const Ask&) {
    return "?";
  }
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

// Who may declare cards immune to this engagement: against the defending side, the attacker and
// the attacking allies; against the attacking side, only the defending allies ("allies (both
// attacking and defending) can choose", line 683; "The defender is not allowed", line 685).
std::vector<int> declarers(const Battle& battle) {
  const int side = battle.engagement->side;
  if (!on_attacking_side(battle, side)) return side_seats(battle, true);
  return battle.defending_allies;
}

// Every card of the declarers' own here not yet immune: one whose Strength is not above the
// damage is offered too, since a card's text may make it immune (a check, line 681).
std::vector<int> immune_candidates(const Table& table, const Battle& battle) {
  const Engagement& engagement = *battle.engagement;
  std::vector<int> out;
  for (int seat : declarers(battle)) {
    for (int uid : fighters_at(table, battle, seat, battle.castle)) {
      if (!has(engagement.immune, uid)) out.push_back(uid);
    }
  }
  return out;
}

std::string declarer_names(const Table& table, const Battle& battle) {
  std::vector<std::string> names;
  for (int seat : declarers(battle)) names.push_back(table.name(seat));
  return joined(names);
}

// The leader of the side that takes the damage: "The attacker and defender make all choices
// about which cards in their armies get buried to absorb damage" (line 689).
int absorber(const Battle& battle) { return leader_against(battle, battle.engagement->side); }

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
  if (seat == battle.attacker && army_at(table, battle, seat, battle.castle).empty()) {
    table.log(trf("{0} has nothing left at {1} to absorb the last {2}", table.name(seat),
                  castle_name(table, battle, battle.castle), engagement.remaining));
    finish_engagement(table);
  }
}

void start_absorbing(Table& table) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  engagement.immunity_done = true;
  engagement.remaining = engagement.damage;
  (on_attacking_side(battle, engagement.side) ? battle.dealt_by_attacker : battle.dealt_by_defender) += engagement.damage;
  if (engagement.damage == 0) {
    table.log(tr("No damage to absorb"));
    return finish_engagement(table);
  }
  continue_absorbing(table);
}

// "Items that add to a hero's Strength must engage when the hero is engaging; they cannot engage
// at other times, nor can you decline to engage them" (rules of play, line 679): they bow with
// their hero. They have no Strength of their own; their bonus is in the hero's (line 460).
std::string engage(Table& table) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  int damage = 0;
  std::vector<int> items;
  for (int uid : engagement.cards) {
    damage += table.strength(uid);
    if (!table.is_hero(uid)) continue;
    for (int other : table.attached(uid)) {
      if (table.item_bonus(other, "strength_bonus") > 0 && !bowed(table, other)) items.push_back(other);
    }
  }
  for (int uid : engagement.cards) table.find(uid).card->bowed = true;
  for (int uid : items) table.find(uid).card->bowed = true;
  engagement.items = items;
  engagement.damage = damage;
  engagement.chosen = true;
  table.log(items.empty() ? trf("{0} engages {1} for {2} damage", table.name(engagement.side),
                                joined(labels_of(table, engagement.cards)), damage)
                          : trf("{0} engages {1} (with {2}) for {3} damage", table.name(engagement.side),
                                joined(labels_of(table, engagement.cards)), joined(labels_of(table, items)), damage));
  return "engaged";
}

// "Cards cannot be discarded to absorb damage from Brutal attacks" (line 695): asked about each
// card that engaged only now, when a hero has absorbed and damage is left, the one moment the
// keyword changes anything. A card that left play since is not asked about.
bool brutal(Table& table, const Engagement& engagement) {
  std::vector<int> engaged = engagement.cards;
  engaged.insert(engaged.end(), engagement.items.begin(), engagement.items.end());
  for (int uid : engaged) {
    const Table::Found found = table.find(uid);
    if (!found.card || !table.keyword(found.card->card, "Brutal")) continue;
    table.log(trf("{0} is Brutal: no card may be discarded to absorb more", table.label(uid)));
    return true;
  }
  return false;
}

std::string confirm_damage(Table& table) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  engagement.confirmed = true;
  const std::string dealt = trf("{0} deals {1} damage", table.name(engagement.side), engagement.damage);
  if (engagement.damage > 0 && !immune_candidates(table, battle).empty()) {
    table.state.to_act = declarers(battle).front();
    table.log(trf("{0} deals {1} damage; {2} may declare cards immune", table.name(engagement.side), engagement.damage,
                  declarer_names(table, battle)));
    return "damage_confirmed";  // the attacker may declare cards immune first
  }
  if (engagement.damage > 0) table.log(dealt);  // none: start_absorbing says so
  start_absorbing(table);
  return "damage_confirmed";
}

// The castle's own line: its food absorbs, or, with none, the castle itself.
Words castle_line(int food, const std::string& where) {
  return food > 0 ? say("Food on {0}", where) : say("Bury castle {0}", where);
}

std::vector<Words> absorb_options(const Table& table, const Battle& battle) {
  const int seat = absorber(battle);
  std::vector<Words> out;
  for (const std::string& label : army_labels(table, battle, army_at(table, battle, seat, battle.castle)))
    out.push_back(say("Bury {0}", label));
  if (seat == battle.defender) {
    const CastleState& castle = table.books(seat).castles[battle.castle];
    out.push_back(castle_line(castle.food, castle_name(table, battle, battle.castle)));
  } else {
    out.push_back(say(kDone));
  }
  return out;
}

std::vector<int> non_immune_left(const Table& table, const Battle& battle) {
  std::vector<int> out;
  for (int uid : army_at(table, battle, absorber(battle), battle.castle)) {
    if (!has(battle.engagement->immune, uid)) out.push_back(uid);
  }
  return out;
}

// "Because of the text on Hammerdoom's Roost, Mark adds one food to it" (line 859), once the
// battle buried Shawn's castle: the food a castle's text adds when its player takes a castle,
// told once per card (0 for most), for each castle of the attacker still standing.
std::vector<std::pair<int, int>> food_for_a_castle_taken(const Table& table, int attacker) {
  std::vector<std::pair<int, int>> out;
  for (int castle : table.live_castles(attacker)) {
    const int food = table.value(table.books(attacker).castles[castle].card, "food_per_castle_taken");
    if (food > 0) out.emplace_back(castle, food);
  }
  return out;
}

// Up to its storage ("Storage is also the maximum amount of food that the castle can hold", line
// 152); what does not fit is not added.
void feed_castles(Table& table, int seat, const std::vector<std::pair<int, int>>& fed) {
  for (const auto& [index, food] : fed) {
    CastleState& castle = table.books(seat).castles[index];
    const int before = castle.food;
    castle.food = std::min(castle.storage, castle.food + food);
    const std::string where = table.castle_label(seat, index);
    table.log(castle.food - before == food
                  ? trf("{0}'s text adds {1} food to it: {2} -> {3}", where, food, before, castle.food)
                  : trf("{0}'s text adds {1} food to it, but it stores {2}: {3} -> {2}", where, food, castle.storage,
                        before));
  }
}

std::string absorb_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  const int seat = absorber(battle);
  const std::string& name = table.name(seat);
  const std::string where = castle_name(table, battle, battle.castle);
  if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 0) table.refuse(tr("damage is never below zero"));
    table.log(trf("Damage left to absorb set by hand: {0} -> {1}", engagement.remaining, number->value));
    engagement.remaining = number->value;
    continue_absorbing(table);
    return "damage_corrected";
  }
  const auto* choose = std::get_if<Choose>(&command);
  const std::string label = choose ? choose->label : std::holds_alternative<Ok>(command) ? kDone : "";
  if (label.empty()) table.refuse(trf("{0}: choose what absorbs the damage", name));
  if (seat == battle.attacker && label == kDone) {
    const std::vector<int> left = non_immune_left(table, battle);
    table.check(left.empty(),
                trn("{0} is not immune and {1} damage is left: non-immune cards at the battle must absorb while damage "
                    "is left",
                    "{0} are not immune and {1} damage is left: non-immune cards at the battle must absorb while damage "
                    "is left",
                    static_cast<long>(left.size()), joined(army_labels(table, battle, left)), engagement.remaining));
    table.log(trf("{0} absorbs no more: {1} damage goes unabsorbed", name, engagement.remaining));
    finish_engagement(table);
    return "absorbed";
  }
  if (seat == battle.defender) {
    CastleState& castle = table.books(seat).castles[battle.castle];
    if (label == kFoodOnPrefix + where && castle.food > 0) {
      const int tokens = std::min(castle.food, engagement.remaining);
      castle.food -= tokens;
      engagement.remaining -= tokens;
      table.log(castle.food > 0 ? trn("{0} absorbs {1} with the food on {2} ({3} food left there)",
                                      "{0} absorbs {1} with the food on {2} ({3} food left there)", castle.food, name,
                                      tokens, where, castle.food)
                                : trf("{0} absorbs {1} with the food on {2} (none left there)", name, tokens, where));
      continue_absorbing(table);
      return "absorbed";
    }
    if (label == kBuryCastlePrefix + where && castle.food == 0) {
      table.log(trf("{0} absorbs the remaining {1} with {2} itself", name, engagement.remaining, where));
      // The attacker's castles' text first: a question it raises re-runs this move whole.
      const std::vector<std::pair<int, int>> fed = food_for_a_castle_taken(table, battle.attacker);
      table.bury_castle(seat, battle.castle);
      feed_castles(table, battle.attacker, fed);
      table.check_conquest(battle.attacker);
      end_castle(table, true);
      return "castle_buried";
    }
  }
  if (label.rfind(kBuryPrefix, 0) != 0) table.refuse(trf("\"{0}\" cannot absorb damage here", label));
  const int uid = uid_by_army_label(table, battle, army_at(table, battle, seat, battle.castle), label.substr(5));
  if (uid == 0) table.refuse(trf("no card \"{0}\" of {1} at {2} to absorb damage", label.substr(5), name, where));
  const int absorbs = table.strength(uid);
  const bool hero = table.is_hero(uid);
  const std::string what = army_label(table, battle, uid);
  engagement.remaining = std::max(0, engagement.remaining - absorbs);
  table.log(has(engagement.immune, uid)
                ? trf("{0} absorbs {1} with {2} (immune, by choice) ({3} left)", name, absorbs, what, engagement.remaining)
                : trf("{0} absorbs {1} with {2} ({3} left)", name, absorbs, what, engagement.remaining));
  table.remove(uid, true, true);
  prune(table);
  if (hero && engagement.remaining > 0 && !brutal(table, engagement)) {
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
    if (number->value < 0) table.refuse(tr("a Fate value is never below zero"));
    fate = number->value;
    card = tr("a card");
  } else {
    const auto* choose = std::get_if<Choose>(&command);
    if (std::holds_alternative<Pass>(command) || (choose && choose->label == kNoDiscard)) {
      table.log(trf("{0} discards no card for its Fate", name));
      engagement.discard_for = 0;
      engagement.discard_label.clear();
      continue_absorbing(table);
      return "no_discard";
    }
    table.refuse(trf("{0}: scan the card you discard, set its Fate, or No discard", name));
  }
  engagement.remaining = std::max(0, engagement.remaining - fate);
  table.log(trf("{0} discards {1} (Fate {2}): {3} absorbs {2} more ({4} left)", name, card, fate,
                engagement.discard_label, engagement.remaining));
  engagement.discard_for = 0;
  engagement.discard_label.clear();
  continue_absorbing(table);
  return "discarded_for_fate";
}

}  // namespace

std::string engagement_step(Table& table, const Command& command) {
  Battle& battle = battle_of(table);
  Engagement& engagement = *battle.engagement;
  const auto* choose = std::get_if<Choose>(&command);
  if (!engagement.chosen) {
    if (std::holds_alternative<Pass>(command) || (choose && choose->label == kCancel)) {
      table.log(trf("{0} does not engage after all", table.name(engagement.side)));
      battle.engagement.reset();
      return "engage_cancelled";
    }
    if (std::holds_alternative<Ok>(command) || (choose && choose->label == kEngageNow)) return engage(table);
    if (!choose) table.refuse(tr("choose more cards of the unit, Engage now, or Cancel"));
    const int uid = table.uid_by_label(engage_more(table, battle), choose->label);
    if (uid == 0) table.refuse(trf("\"{0}\" is not an unbowed card of the same unit here", choose->label));
    engagement.cards.push_back(uid);
    table.log(trf("{0} adds {1} to the engagement", table.name(engagement.side), table.label(uid)));
    return "engage_card";
  }
  // A card shown while damage is dealt, declared immune against or absorbed (but not the card
  // discarded for its Fate): a tactic is a React, only logged (its effect is the number the table
  // sets); any other card is the battle's check, played as in Summer, the engagement kept.
  const auto* present = std::get_if<PresentCard>(&command);
  if (present && engagement.discard_for == 0) {
    const Card& card = table.card(present->card_id);
    if (card.type != "tactic") return play_in_battle(table, *present, "battle");
    table.log(trf("{0} is played as a React", card.title));
    return "react_played";
  }
  if (!engagement.confirmed) {
    if (const auto* number = std::get_if<SetNumber>(&command)) {
      if (number->value < 0) table.refuse(tr("damage is never below zero"));
      table.log(trf("The damage is changed by card abilities: {0} -> {1}", engagement.damage, number->value));
      engagement.damage = number->value;
      // The number set is the damage the table means: dealt at once, as OK deals the damage shown
      // (a later React sets the damage left while absorbing).
      confirm_damage(table);
      return "damage_corrected";
    }
    if (std::holds_alternative<Ok>(command)) return confirm_damage(table);
    table.refuse(trf("OK to deal {0} damage, or set the damage as abilities change it", engagement.damage));
  }
  if (!engagement.immunity_done) {
    const std::string label = choose ? choose->label : std::holds_alternative<Ok>(command) ? kDone : "";
    if (label == kDone || std::holds_alternative<Pass>(command)) {
      const std::vector<int> seats = declarers(battle);
      const std::string immune = engagement.immune.empty() ? std::string(tr("no card"))
                                                           : joined(army_labels(table, battle, engagement.immune));
      table.log(trn("{0} declares {1} immune", "{0} declare {1} immune", static_cast<long>(seats.size()),
                    declarer_names(table, battle), immune));
      start_absorbing(table);
      return "immunity_declared";
    }
    const int uid = uid_by_army_label(table, battle, immune_candidates(table, battle), label);
    if (uid == 0) table.refuse(trf("no card \"{0}\" of {1} here to declare immune", label, declarer_names(table, battle)));
    const int strength = table.strength(uid);
    table.check(strength > engagement.damage,
                trf("{0}'s Strength {1} is not above the {2} damage: only a card with more Strength is immune",
                    army_label(table, battle, uid), strength, engagement.damage));
    engagement.immune.push_back(uid);
    table.log(trf("{0} picks {1} to be immune", table.name(table.find(uid).seat), army_label(table, battle, uid)));
    return "immune_picked";
  }
  if (engagement.discard_for != 0) return discard_step(table, command);
  return absorb_step(table, command);
}

Prompt engagement_prompt(const Table& table) {
  const Battle& battle = *table.data.battle;
  const std::string where = castle_name(table, battle, battle.castle);
  Prompt prompt;
  const Engagement& engagement = *battle.engagement;
  const std::string& side = table.name(engagement.side);
  if (!engagement.chosen) {
    prompt.text = trf("{0} engages {1}: add more cards of the same unit, or Engage now (items adding Strength engage "
                      "with their hero)",
                      side, joined(labels_of(table, engagement.cards)));
    set_options(prompt, labels_of(table, engage_more(table, battle)));
    // Most units are a hero alone: engaging now is what the table most probably means.
    prompt.likely = static_cast<int>(prompt.options.size());
    offer(prompt, kEngageNow);
    offer(prompt, kCancel);
    prompt.ok = tr("engage now");
    prompt.pass = tr("cancel");
    prompt.takes_cards = true;  // a React, or another card as a check
    return prompt;
  }
  if (!engagement.confirmed) {
    prompt.text = trf("{0} engages for {1} damage. OK, or set the damage if card abilities change it (a React tactic "
                      "may be scanned)",
                      side, engagement.damage);
    prompt.wants_number = true;
    prompt.takes_cards = true;
    prompt.ok = trf("deal {0} damage", engagement.damage);
    return prompt;
  }
  if (!engagement.immunity_done) {
    prompt.text =
        engagement.immune.empty()
            ? trf("{0}: declare cards with Strength above {1} immune (others are a check), then Done",
                  declarer_names(table, battle), engagement.damage)
            : trf("{0}: declare cards with Strength above {1} immune (others are a check) ({2} so far), then Done",
                  declarer_names(table, battle), engagement.damage, joined(army_labels(table, battle, engagement.immune)));
    set_options(prompt, army_labels(table, battle, immune_candidates(table, battle)));
    offer(prompt, kDone);
    prompt.ok = tr("done declaring immunity");
    prompt.pass = tr("done declaring immunity");
    prompt.takes_cards = true;  // a React, or another card as a check
    return prompt;
  }
  const int seat = absorber(battle);
  const std::string& name = table.name(seat);
  if (engagement.discard_for != 0) {
    prompt.text = trf("{0}: {1} absorbed; {2} damage left. Discard a card to add its Fate? Scan it or set its Fate, or "
                      "No discard",
                      name, engagement.discard_label, engagement.remaining);
    set_options(prompt, std::vector<Words>{say(kNoDiscard)});
    prompt.wants_number = true;
    prompt.takes_cards = true;
    prompt.pass = tr("no discard");
    return prompt;
  }
  std::string cards;
  for (int uid : army_at(table, battle, seat, battle.castle)) {
    // TRANSLATORS: a card and its Strength: "Hektor S4"
    const std::string card = trf("{0} S{1}", army_label(table, battle, uid), strength_text(table, uid));
    cards += (cards.empty() ? "" : ", ") + (has(engagement.immune, uid) ? trf("{0} (immune)", card) : card);
  }
  prompt.text = trf("{0}: absorb {1} damage at {2}", name, engagement.remaining, where);
  if (!cards.empty()) prompt.text += " - " + cards;
  if (seat == battle.defender) {
    const int food = table.books(seat).castles[battle.castle].food;
    prompt.text += food > 0 ? trf("; food {0}", food) : std::string(tr("; no food: the castle absorbs all that is left"));
  } else {
    prompt.text += tr("; non-immune cards must absorb while damage is left, Done when only immune cards remain");
    prompt.ok = tr("absorb no more");
  }
  set_options(prompt, absorb_options(table, battle));
  if (seat == battle.defender) {
    // The castle's own line when it takes all that is left (its food covers the damage, or it has
    // none and is buried): no card need go, so the table most probably means it (issue [3/8]).
    const int food = table.books(seat).castles[battle.castle].food;
    const Option* line = prompt.find_id(option_id(castle_line(food, where).en));
    if (line && (food == 0 || food >= engagement.remaining)) prompt.likely = static_cast<int>(line - prompt.options.data());
  }
  prompt.wants_number = true;  // abilities that prevent damage: set what is left
  prompt.takes_cards = true;   // a React, or another card as a check
  return prompt;
}

}  // namespace seneschal::engine::r9e::battle
