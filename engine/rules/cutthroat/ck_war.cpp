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
void own_soldier(const Table& table, const MilitaryCard& card, int seat, bool attacking, Reasons& reasons) {
  if (card.kind != Military::Soldier || !card.house || *card.house == table.seat(seat).house) return;
  reasons.unless(false, attacking ? trf("{0} attacks with a soldier of {1}: soldiers cannot change hands", table.name(seat),
                                        house_name(*card.house))
                                  : trf("{0} places a soldier of {1}: soldiers cannot change hands", table.name(seat),
                                        house_name(*card.house)));
}

std::string top_words(const Table& table, const Territory& territory) {
  if (territory.stack.empty()) return tr("no defender");
  return table.describe_card(territory.stack.front());
}

// The attacking card as the log names it without an article: "Ann's blue soldier of Brom kills ...".
std::string attacking_words(const MilitaryCard& card) {
  const std::string colour = tr(colour_name(card.colour));
  if (card.kind == Military::Mercenary) {
    return card.face_down ? std::string(tr("face-down mercenary")) : trf("{0} mercenary", colour);
  }
  if (card.colour == Colour::Unknown) return trf("soldier of {0}", house_name(*card.house));
  return trf("{0} soldier of {1}", colour, house_name(*card.house));
}

// The top defender as the attacker must match it: "blue", "face down (any)".
std::string top_colour(const Territory& territory) {
  if (territory.stack.empty()) return tr("nothing");
  const MilitaryCard& top = territory.stack.front();
  // TRANSLATORS: the top defender's colour: a face-down mercenary is attacked by any colour.
  if (top.kind == Military::Mercenary && top.face_down) return tr("face down (any)");
  return tr(colour_name(top.colour));
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
  table.log(trn("{0} adds {1} military card under {2} ({3} now)", "{0} adds {1} military cards under {2} ({3} now)",
                static_cast<long>(added), table.name(placing.seat), added, territory.title, territory.stack.size()));
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
  const long count = static_cast<long>(placing.cards.size());
  std::string text = placing.starting ? trn("{0} starts in {1} with {2} military card", "{0} starts in {1} with {2} military cards",
                                            count, table.name(placing.seat), after.title, count)
                                      : trn("{0} conquers {1} with {2} military card", "{0} conquers {1} with {2} military cards",
                                            count, table.name(placing.seat), after.title, count);
  // TRANSLATORS: {1} the top card: "a blue soldier of Brom".
  if (!after.stack.empty()) text = trf("{0} (top: {1})", text, top_words(table, after));
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
    const std::string who = defender >= 0 ? table.name(defender) : std::string(tr("A house nobody plays"));
    table.log(trf("{0} defends {1} with {2}: both cards are discarded", who, territory.title, table.describe_card(*defence)));
  } else if (result.killed) {
    // TRANSLATORS: {1} the attacking card: "blue soldier of Brom"; {2} the card killed: "a red mercenary".
    table.log(trf("{0}'s {1} kills {2} on {3}", table.name(attacker), attack_words, table.describe_card(*result.killed),
                  territory.title));
  }
  attack.attacking.reset();
  if (result.token_back_to) {
    // "The house token is returned to its owner" and the attacker "may conquer" (CK:405-408).
    table.log(trf("{0} is empty: {1}'s house token goes back; {2} may conquer it now", territory.title,
                  table.name(*result.token_back_to), table.name(attacker)));
    attack.emptied = true;
    table.data.marks.last_emptied = attack.slot;
    // Pillage: "the former owner must give you 3, if available" (CK:930).
    if (table.seat(attacker).house == House::Tyber) {
      table.purse(attacker, kPillage);
      table.purse(*result.token_back_to, -kPillage);
      table.log(trf("Pillage: {0} gives {1} {2}, if available", table.name(*result.token_back_to), table.name(attacker),
                    coins_text(kPillage)));
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
    table.refuse(trf("nobody holds {0}, so nobody defends it: PASS", territory.title));
  }
  const int owner = territory.owner.value_or(-1);
  const int attacker = table.acting();
  if (const auto* present = std::get_if<PresentCard>(&command);
      present && attacker != owner && table.type(present->card_id) == "soldier" &&
      table.house_of_card(present->card_id) == table.seat(attacker).house) {
    // The attacker lays its next soldier: the owner did not defend (CK:399), for only the owner or
    // a partner defends and soldiers do not change hands (CK:128). The card laid is the PASS, then
    // the next attacking card, or the first under the territory that kill emptied (CK:405-414). A
    // mercenary could be either side's: it is taken as the defence, as asked.
    const std::string words = attack.attacking_label;
    const AttackResult result = attack_step(table.books(), attack.slot, *attack.attacking, std::nullopt);
    after_attack_step(table, result, words, std::nullopt, owner);
    if (table.data.placing) return placing_step(table, command);
    return attack_step(table, command);
  }
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
                   defender >= 0 ? trf("{0} may not defend {1}: only {2} or a marriage partner defends it", table.name(defender),
                                       territory.title, table.name(owner))
                                 : trf("A house nobody plays may not defend {0}: only {1} or a marriage partner defends it",
                                       territory.title, table.name(owner)));
    reasons.raise(table);
  } else if (!std::holds_alternative<Pass>(command)) {
    table.refuse(trf("{0}: scan a card of the attacking colour to defend {1}, or PASS", table.name(owner), territory.title));
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
  if (!attack) reasons.unless(!territory.occupied(), trf("{0} is occupied: attack it to conquer it", territory.title));
  // CK-15: accessibility (CK:383-389, 812), again after every conquest this turn.
  const Accessibility access = accessibility(table.books(), s, slot);
  reasons.unless(access.accessible(), access_reason(table.books(), slot, access));
  if (attack) {
    // CK-16: "an occupied territory of another player" (CK:467, 731).
    reasons.unless(territory.occupied(), trf("{0} is unoccupied: conquer it, there is nothing to attack", territory.title));
    reasons.unless(territory.owner != s, trf("{0} is {1}'s own", territory.title, table.name(s)));
    // CK-17: married players may not attack each other (CK:553, 788).
    if (territory.owner && *territory.owner != s) {
      reasons.unless(!table.married(s, *territory.owner),
                     trf("{0} and {1} are married: they may not attack each other's lands", table.name(s),
                         table.name(*territory.owner)));
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
    own_soldier(table, card, placing.seat, false, reasons);
    reasons.raise(table);
    // CK-6's count (1 to 4, CK:236, 414) is checked once, at OK, over the cards placed.
    // "Mercenaries are placed face down" (CK:414).
    if (card.kind == Military::Mercenary) card.face_down = true;
    placing.cards.push_back(card);
    table.log(trf("{0} places {1} under {2}", table.name(placing.seat), table.describe_card(card), where));
    return "military_placed";
  }
  if (const auto* number = std::get_if<SetNumber>(&command)) {
    // Told by count: the cards went down unseen. Taken as the seat's own soldiers of no known
    // colour (a face-down mercenary would be attackable by anything; a soldier is the common case).
    if (number->value < 0 || number->value > 8) table.refuse(tr("a number of military cards, 0 to 8"));
    for (int i = 0; i < number->value; ++i) {
      placing.cards.push_back(MilitaryCard::soldier(table.seat(placing.seat).house, Colour::Unknown));
    }
    table.log(trf("{0} places {1} military cards under {2}", table.name(placing.seat), number->value, where));
    return "military_placed";
  }
  if (std::holds_alternative<Ok>(command)) {
    const bool starting = placing.starting, adding = placing.adding;  // finish_placing ends the placing
    finish_placing(table);
    return starting ? "start_territory_placed" : adding ? "military_added" : "conquered";
  }
  if (std::holds_alternative<Choose>(command) && !placing.adding && !placing.cards.empty()) {
    // The collection that follows (the first one at setup, CK:237; the conquest's, CK:416) chosen
    // here says the cards are all down: the conquest is done, then the collection is taken.
    const bool starting = placing.starting;
    finish_placing(table);
    return starting ? setup_step(table, command) : turn_step(table, command);
  }
  if (std::holds_alternative<Pass>(command) && !placing.starting) {
    if (!placing.cards.empty()) table.refuse(trf("the cards are placed: OK to conquer {0}, or UNDO them", where));
    const bool emptied = table.data.attack && table.data.attack->emptied;
    table.log(emptied ? trf("{0} leaves {1} unoccupied", table.name(placing.seat), where)
                      : trf("{0} calls off the conquest of {1}", table.name(placing.seat), where));
    table.data.placing.reset();
    table.data.attack.reset();
    return "conquest_called_off";
  }
  table.refuse(trf("{0}: scan each military card as it goes under {1} (top first), then OK", table.name(placing.seat), where));
}

namespace {

// "Coins" (a first collection's option) or "Nyghtwald: Coins" (a conquest's): the labels the
// setup's and the Action prompt's own collections have, so that either step takes the choice.
Words collection_words(const std::string& kind, const std::string& title) {
  const char* word = kind == "gems" ? N_("Gems") : kind == "both" ? N_("Both") : N_("Coins");
  if (title.empty()) return say(word);
  return kind == "gems" ? say("{0}: Gems", title) : kind == "both" ? say("{0}: Both", title) : say("{0}: Coins", title);
}

}  // namespace

Prompt placing_prompt(const Table& table) {
  const Placing& placing = *table.data.placing;
  Prompt prompt;
  prompt.seat = placing.seat;
  const std::string& where = table.territory(placing.slot).title;
  prompt.text = trf("{0}: cards under {1}, top first ({2}/4)", table.name(placing.seat), where, placing.cards.size());
  prompt.takes_cards = true;
  prompt.wants_number = true;
  prompt.number_min = 0;
  prompt.number_max = 8;
  prompt.ok = tr("conquer");
  if (!placing.adding && !placing.cards.empty() && (placing.starting || !table.data.marks.post_collected)) {
    // The collection that follows the conquest, offered at once while none was taken this turn
    // (CK:416): choosing it says the cards are down. It starts on the seat's last collection
    // there, else Coins; once one is taken this turn OK only conquers.
    const std::string& title = table.territory(placing.slot).title;
    const auto last = table.data.collected_as.find({placing.seat, placing.slot});
    const std::string likely = last == table.data.collected_as.end() ? "coins" : last->second;
    for (const char* kind : {"coins", "gems", "both"}) {
      if (likely == kind) prompt.likely = static_cast<int>(prompt.options.size());
      prompt.add(collection_words(kind, placing.starting ? std::string() : title),
                 placing.starting ? std::string(kind) : std::string(kind) + ":" + std::to_string(placing.slot));
    }
  }
  if (!placing.starting && placing.cards.empty()) {
    prompt.pass = table.data.attack && table.data.attack->emptied ? tr("leave it unoccupied") : tr("call it off");
  }
  return prompt;
}

void begin_attack(Table& table, int slot) {
  table.data.attack = Attack{slot, std::nullopt, {}, false};
  const Territory& territory = table.territory(slot);
  // TRANSLATORS: {2} the owner, {3} the top card: "Ann attacks Marrow (Ben's; top: a blue soldier of Brom)".
  table.log(territory.owner ? trf("{0} attacks {1} ({2}'s; top: {3})", table.name(table.acting()), territory.title,
                                  table.name(*territory.owner), top_words(table, territory))
                            : trf("{0} attacks {1} (nobody's; top: {2})", table.name(table.acting()), territory.title,
                                  top_words(table, territory)));
}

std::string attack_step(Table& table, const Command& command) {
  Attack& attack = *table.data.attack;
  if (attack.attacking) return defence_step(table, command);
  const Territory& territory = table.territory(attack.slot);
  const int s = table.acting();
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    // Laid onto another territory's card, the attacker has moved on: this attack ceases (CK:403)
    // and the card is the fight there, as PASS and then the card at the Action prompt would be.
    if (const int there = territory_beside(table, present->where);
        there >= 0 && there != attack.slot && table.is_military(present->card_id)) {
      table.log(trf("{0} ceases the attack on {1}", table.name(s), territory.title));
      table.data.attack.reset();
      return laid_on_territory(table, *present);
    }
    const MilitaryCard card = table.military(*present);
    // CK-21 (CK:128), then CK-18: the attacking card matches the top card; a face-down mercenary
    // takes any (CK:395, 414). One screen for both.
    Reasons reasons;
    own_soldier(table, card, s, true, reasons);
    for (const std::string& reason : attack_checks(territory, card, std::nullopt)) reasons.unless(false, reason);
    reasons.raise(table);
    attack.attacking = card;
    attack.attacking_label = attacking_words(card);
    table.log(trf("{0} attacks {1} with {2}", table.name(s), territory.title, table.describe_card(card)));
    return "attack_card";
  }
  if (std::holds_alternative<Ok>(command)) {
    // OK would read as "go on" (CK:403 "cease the attack or continue it"): the next card is scanned.
    table.refuse(trf("{0}: scan the next attacking card, or PASS to cease the attack", table.name(s)));
  }
  if (std::holds_alternative<Pass>(command)) {
    // "The attacking player may cease the attack at any time" (CK:403).
    table.log(trf("{0} ceases the attack on {1}", table.name(s), territory.title));
    table.data.attack.reset();
    return "attack_ceased";
  }
  table.refuse(trf("{0}: scan the attacking military card, or PASS to cease the attack", table.name(s)));
}

Prompt attack_prompt(const Table& table) {
  const Attack& attack = *table.data.attack;
  const Territory& territory = table.territory(attack.slot);
  Prompt prompt;
  prompt.takes_cards = true;
  if (attack.attacking && !territory.owner) {
    prompt.text = trf("Nobody holds {0} to defend it: PASS", territory.title);
    prompt.pass = tr("no defence");
    return prompt;
  }
  if (attack.attacking) {
    const int owner = *territory.owner;
    prompt.seat = owner;
    prompt.text = trf("{0}: defend {1} with a {2} card?", table.name(owner), territory.title,
                      tr(colour_name(attack.attacking->colour)));
    prompt.pass = tr("do not defend");
    return prompt;
  }
  prompt.seat = table.acting();
  // TRANSLATORS: {2} the top defender's colour, "blue" or "face down (any)".
  prompt.text = trf("{0} attacks {1}: {2} on top - scan a card", table.name(table.acting()), territory.title,
                    top_colour(territory));
  prompt.pass = tr("cease the attack");
  return prompt;
}

}  // namespace seneschal::engine::cutthroat
