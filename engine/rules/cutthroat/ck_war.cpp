// Conquest and attack (GAMES.md A2 "Combat loop", CK:377-422): military cards placed under a
// territory, and the attack loop - an attacking card, the owner's answer, a kill or nothing, until
// the attacker ceases or the stack is empty.
#include <algorithm>

#include "ck_clock.hpp"
#include "ck_combat.hpp"
#include "ck_flows.hpp"
#include "ck_map.hpp"

namespace seneschal::engine::cutthroat {
namespace {

// CK-21: "soldiers cannot change hands" (CK:128): a house's soldiers are played by that house
// (or, in defence, by the owner's marriage partner, with their own).
void own_soldier(const Table& table, const MilitaryCard& card, int seat, const std::string& what, Reasons& reasons) {
  if (card.kind != Military::Soldier || !card.house || *card.house == table.seat(seat).house) return;
  reasons.unless(false, table.name(seat) + " " + what + " a soldier of " + std::string(house_name(*card.house)) +
                            ": soldiers cannot change hands");
}

std::string top_words(const Table& table, const Territory& territory) {
  if (territory.stack.empty()) return "no defender";
  return table.describe_card(territory.stack.front());
}

// The top defender as the attacker must match it: "blue", "face down (any)".
std::string top_colour(const Territory& territory) {
  if (territory.stack.empty()) return "nothing";
  const MilitaryCard& top = territory.stack.front();
  if (top.kind == Military::Mercenary && top.face_down) return "face down (any)";
  return top.colour == Colour::Unknown ? "unknown" : std::string(colour_name(top.colour));
}

// Cards added under a held territory (MENU, its CK-22 check already overridden): they go below the
// stack, and nothing is conquered.
void finish_adding(Table& table, const Placing& placing) {
  Territory& territory = table.territory(placing.slot);
  for (MilitaryCard card : placing.cards) {
    card.face_down = card.kind == Military::Mercenary;
    territory.stack.push_back(card);
  }
  const std::size_t added = placing.cards.size();
  table.log(table.name(placing.seat) + " adds " + std::to_string(added) + (added == 1 ? " military card" : " military cards") +
            " under " + territory.title + " (" + std::to_string(territory.stack.size()) + " now)");
}

void finish_placing(Table& table) {
  Placing placing = *table.data.placing;
  table.data.placing.reset();
  if (placing.adding) {
    finish_adding(table, placing);
    return;
  }
  // CK-6: "Places 1 to 4 military cards below the territory" (CK:236, 414); the conquest is done
  // as the table did it once the players confirm, every reason on one screen.
  std::vector<MilitaryCard> top_first(placing.cards.begin(), placing.cards.end());
  Books trial = table.books();
  Reasons reasons;
  for (const std::string& reason : conquer(trial, placing.slot, placing.seat, top_first)) reasons.unless(false, reason);
  reasons.raise(table);
  conquer(table.books(), placing.slot, placing.seat, top_first);
  const Territory& after = table.territory(placing.slot);
  std::string text = table.name(placing.seat) + (placing.starting ? " starts in " : " conquers ") + after.title + " with " +
                     std::to_string(placing.cards.size()) + (placing.cards.size() == 1 ? " military card" : " military cards");
  if (!after.stack.empty()) text += " (top: " + top_words(table, after) + ")";
  table.log(text);
  if (placing.starting) {
    starting_territory_placed(table, placing.slot);
    return;
  }
  table.data.marks.conquered.push_back(placing.slot);
  table.data.attack.reset();
  // A passage granted through a territory lapses when it changes hands (ck_map.hpp).
  auto& passages = table.books().passages;
  passages.erase(std::remove_if(passages.begin(), passages.end(),
                                [&](const Passage& p) { return p.territory == placing.slot && p.owner != placing.seat; }),
                 passages.end());
}

void after_attack_step(Table& table, const AttackResult& result, const std::string& attack_words,
                       const std::optional<MilitaryCard>& defence, int defender) {
  Attack& attack = *table.data.attack;
  const Territory& territory = table.territory(attack.slot);
  const int attacker = table.acting();
  if (result.defended) {
    // A soldier of a house nobody plays defends only when the table overrode CK-20: no seat to name.
    const std::string who = defender >= 0 ? table.name(defender) : std::string("A house nobody plays");
    table.log(who + " defends " + territory.title + " with " + table.describe_card(*defence) + ": both cards are discarded");
  } else if (result.killed) {
    table.log(table.name(attacker) + "'s " + attack_words + " kills " + table.describe_card(*result.killed) + " on " +
              territory.title);
  }
  attack.attacking.reset();
  if (result.token_back_to) {
    // "The house token is returned to its owner" and the attacker "may conquer" (CK:405-408).
    table.log(territory.title + " is empty: " + table.name(*result.token_back_to) + "'s house token goes back; " +
              table.name(attacker) + " may conquer it now");
    attack.emptied = true;
    table.data.marks.last_emptied = attack.slot;
    // Pillage: "the former owner must give you 3, if available" (CK:930).
    if (table.seat(attacker).house == House::Tyber) {
      table.purse(attacker, kPillage);
      table.purse(*result.token_back_to, -kPillage);
      table.log("Pillage: " + table.name(*result.token_back_to) + " gives " + table.name(attacker) + " " +
                coins_text(kPillage) + ", if available");
    }
    table.data.marks.used_on_emptied.clear();
    begin_placing(table, attack.slot, attacker, false);
  }
}

// The defender's answer: a card of the attacking colour, or PASS (CK:399).
std::string defence_step(Table& table, const Command& command) {
  Attack& attack = *table.data.attack;
  const Territory& territory = table.territory(attack.slot);
  // An unheld territory is attacked only when the table overrode CK-16: nobody defends it.
  if (!territory.owner && !std::holds_alternative<Pass>(command)) {
    table.refuse("nobody holds " + territory.title + ", so nobody defends it: PASS");
  }
  const int owner = territory.owner.value_or(-1);
  std::optional<MilitaryCard> defence;
  int defender = owner;
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    defence = table.military(*present);
    if (defence->kind == Military::Soldier && defence->house) defender = table.seat_of_house(*defence->house);
    // CK-19, the defending card matches the attacking one, and CK-20, only the owner or the
    // owner's partner defends (CK:399, 562), on one screen.
    Reasons reasons;
    const auto attack_only = attack_checks(territory, *attack.attacking, std::nullopt);
    for (const std::string& reason : attack_checks(territory, *attack.attacking, defence)) {
      if (std::find(attack_only.begin(), attack_only.end(), reason) == attack_only.end()) reasons.unless(false, reason);
    }
    reasons.unless(defender == owner || table.married(owner, defender),
                   (defender >= 0 ? table.name(defender) : std::string("A house nobody plays")) + " may not defend " +
                       territory.title + ": only " + table.name(owner) + " or a marriage partner defends it");
    reasons.raise(table);
  } else if (!std::holds_alternative<Pass>(command)) {
    table.refuse(table.name(owner) + ": scan a card of the attacking colour to defend " + territory.title + ", or PASS");
  }
  const std::string words = attack.attacking_label;
  const AttackResult result = attack_step(table.books(), attack.slot, *attack.attacking, defence);
  after_attack_step(table, result, words, defence, defender);
  return defence ? "defended" : "killed";
}

}  // namespace

void check_target(Table& table, int slot, bool attack) {
  const int s = table.acting();
  const Territory& territory = table.territory(slot);
  Reasons reasons;  // every rule the target breaks, in the book's order, on one screen
  // CK-14: only an unoccupied territory is conquered outright (CK:367, 412, 828).
  if (!attack) reasons.unless(!territory.occupied(), territory.title + " is occupied: attack it to conquer it");
  // CK-15: accessibility (CK:383-389, 812), again after every conquest this turn.
  const Accessibility access = accessibility(table.books(), s, slot);
  reasons.unless(access.accessible(), access_reason(table.books(), slot, access));
  if (attack) {
    // CK-16: "an occupied territory of another player" (CK:467, 731).
    reasons.unless(territory.occupied(), territory.title + " is unoccupied: conquer it, there is nothing to attack");
    reasons.unless(territory.owner != s, territory.title + " is " + table.name(s) + "'s own");
    // CK-17: married players may not attack each other (CK:553, 788).
    if (territory.owner && *territory.owner != s) {
      reasons.unless(!table.married(s, *territory.owner), table.name(s) + " and " + table.name(*territory.owner) +
                                                               " are married: they may not attack each other's lands");
    }
  }
  reasons.raise(table);
}

void begin_placing(Table& table, int slot, int seat, bool starting) {
  table.data.placing = Placing{slot, seat, starting, false, {}};
}

std::string placing_step(Table& table, const Command& command) {
  Placing& placing = *table.data.placing;
  const std::string& where = table.territory(placing.slot).title;
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    MilitaryCard card = table.military(*present);
    Reasons reasons;
    own_soldier(table, card, placing.seat, "places", reasons);
    reasons.raise(table);
    // CK-6's count (1 to 4, CK:236, 414) is checked once, at OK, over the cards placed.
    // "Mercenaries are placed face down" (CK:414).
    if (card.kind == Military::Mercenary) card.face_down = true;
    placing.cards.push_back(card);
    table.log(table.name(placing.seat) + " places " + table.describe_card(card) + " under " + where);
    return "military_placed";
  }
  if (const auto* number = std::get_if<SetNumber>(&command)) {
    // Told by count: the cards went down unseen. Taken as the seat's own soldiers of no known
    // colour (a face-down mercenary would be attackable by anything; a soldier is the common case).
    if (number->value < 0 || number->value > 8) table.refuse("a number of military cards, 0 to 8");
    for (int i = 0; i < number->value; ++i) {
      placing.cards.push_back(MilitaryCard::soldier(table.seat(placing.seat).house, Colour::Unknown));
    }
    table.log(table.name(placing.seat) + " places " + std::to_string(number->value) + " military cards under " + where);
    return "military_placed";
  }
  if (std::holds_alternative<Ok>(command)) {
    const bool starting = placing.starting, adding = placing.adding;  // finish_placing ends the placing
    finish_placing(table);
    return starting ? "start_territory_placed" : adding ? "military_added" : "conquered";
  }
  if (std::holds_alternative<Pass>(command) && !placing.starting) {
    if (!placing.cards.empty()) table.refuse("the cards are placed: OK to conquer " + where + ", or UNDO them");
    const bool emptied = table.data.attack && table.data.attack->emptied;
    table.log(table.name(placing.seat) + (emptied ? " leaves " + where + " unoccupied" : " calls off the conquest of " + where));
    table.data.placing.reset();
    table.data.attack.reset();
    return "conquest_called_off";
  }
  table.refuse(table.name(placing.seat) + ": scan each military card as it goes under " + where + " (top first), then OK");
}

Prompt placing_prompt(const Table& table) {
  const Placing& placing = *table.data.placing;
  Prompt prompt;
  prompt.seat = placing.seat;
  const std::string& where = table.territory(placing.slot).title;
  prompt.text = table.name(placing.seat) + ": cards under " + where + ", top first (" +
                std::to_string(placing.cards.size()) + "/4)";
  prompt.takes_cards = true;
  prompt.wants_number = true;
  prompt.number_min = 0;
  prompt.number_max = 8;
  prompt.ok = "conquer";
  if (!placing.starting && placing.cards.empty()) {
    prompt.pass = table.data.attack && table.data.attack->emptied ? "leave it unoccupied" : "call it off";
  }
  return prompt;
}

void begin_attack(Table& table, int slot) {
  table.data.attack = Attack{slot, std::nullopt, {}, false};
  const Territory& territory = table.territory(slot);
  table.log(table.name(table.acting()) + " attacks " + territory.title + " (" +
            (territory.owner ? table.name(*territory.owner) : std::string("nobody")) + "'s; top: " +
            top_words(table, territory) + ")");
}

std::string attack_step(Table& table, const Command& command) {
  Attack& attack = *table.data.attack;
  if (attack.attacking) return defence_step(table, command);
  const Territory& territory = table.territory(attack.slot);
  const int s = table.acting();
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    const MilitaryCard card = table.military(*present);
    // CK-21 (CK:128), then CK-18: the attacking card matches the top card; a face-down mercenary
    // takes any (CK:395, 414). One screen for both.
    Reasons reasons;
    own_soldier(table, card, s, "attacks with", reasons);
    for (const std::string& reason : attack_checks(territory, card, std::nullopt)) reasons.unless(false, reason);
    reasons.raise(table);
    attack.attacking = card;
    attack.attacking_label = table.describe_card(card).substr(2);
    table.log(table.name(s) + " attacks " + territory.title + " with " + table.describe_card(card));
    return "attack_card";
  }
  if (std::holds_alternative<Ok>(command)) {
    // OK would read as "go on" (CK:403 "cease the attack or continue it"): the next card is scanned.
    table.refuse(table.name(s) + ": scan the next attacking card, or PASS to cease the attack");
  }
  if (std::holds_alternative<Pass>(command)) {
    // "The attacking player may cease the attack at any time" (CK:403).
    table.log(table.name(s) + " ceases the attack on " + territory.title);
    table.data.attack.reset();
    return "attack_ceased";
  }
  table.refuse(table.name(s) + ": scan the attacking military card, or PASS to cease the attack");
}

Prompt attack_prompt(const Table& table) {
  const Attack& attack = *table.data.attack;
  const Territory& territory = table.territory(attack.slot);
  Prompt prompt;
  prompt.takes_cards = true;
  if (attack.attacking && !territory.owner) {
    prompt.text = "Nobody holds " + territory.title + " to defend it: PASS";
    prompt.pass = "no defence";
    return prompt;
  }
  if (attack.attacking) {
    const int owner = *territory.owner;
    prompt.seat = owner;
    prompt.text = table.name(owner) + ": defend " + territory.title + " with a " +
                  std::string(colour_name(attack.attacking->colour)) + " card?";
    prompt.pass = "do not defend";
    return prompt;
  }
  prompt.seat = table.acting();
  prompt.text = table.name(table.acting()) + " attacks " + territory.title + ": " + top_colour(territory) +
                " on top - scan a card";
  prompt.pass = "cease the attack";
  return prompt;
}

}  // namespace seneschal::engine::cutthroat
