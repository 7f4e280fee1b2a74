// The MENU's less common moves: deals and passage (logged, never judged, CK:122-137, 812), the
// Negotiation timer, a vote on anything, the lords' and ladies' abilities with their counters
// (CK:172, 874-934), a Sneak's return of a stack, an heir killed, a territory plagued or cured.
#include <algorithm>

#include "ck_clock.hpp"
#include "ck_combat.hpp"
#include "ck_flows.hpp"
#include "ck_map.hpp"

namespace seneschal::engine::cutthroat {
namespace {

// The MENU's labels; the items' ids are given beside them (menu_items), so the log never
// depends on the words.
constexpr const char* kDeal = N_("Deal");
constexpr const char* kPassage = N_("Passage");
// TRANSLATORS: MENU: call a vote on anything (CK:832).
constexpr const char* kVote = N_("Vote");
constexpr const char* kSneak = N_("Sneak: the stack goes back to its owner");
constexpr const char* kRoyalPillow = N_("Royal Pillow variant");
constexpr const char* kMap = N_("Map: link or unlink two slots");
constexpr const char* kKillTop = N_("Kill the top card of a territory");
constexpr const char* kAddMilitary = N_("Add military under a territory");

// Setup and the game's end offer no deals, votes or abilities: turn 1 has not begun, or the last
// turn is over (an ability spent before turn 1 would be lost to the counter).
bool busy(const Data& data) {
  return is_setup(data.step) || data.step == Step::Feast || data.step == Step::Scoring ||
         data.step == Step::Over;
}

// Abilities the menu offers, per seat: "Knowledge (Cat)".
struct Ability {
  std::string name;
  bool twice_per_game = false;
  bool own_turn = false;
  bool once_per_turn = false;
  bool after_emptying = false;  // Fury, Pillage, Bedlam (CK:884, 930, 934)
  bool aimed = false;           // at a territory, asked next: Fury, Bedlam, Death
};

std::vector<Ability> abilities(House house) {
  switch (house) {
    case House::Brom:
      return {{"Fury", true, false, false, true, true}};
    case House::Crone:
      return {{"Knowledge", false, true, true, false}, {"The Eye", true, true, false, false}};
    case House::Cawdwell:
      return {{"Taxes", false, true, true, false}, {"Opulence", true, false, false, false}};
    case House::Slaine:
      return {{"Dark Influence", false, false, false, false}, {"Venom", true, false, false, false}};
    case House::Dravanof:
      return {{"Life", true, true, false, false}, {"Death", true, false, false, false, true}};
    case House::Tyber:
      // Pillage is no choice ("the former owner must give you 3", CK:930): the attack says it.
      return {{"Bedlam", false, false, false, true, true}};
  }
  return {};
}

// The ability's name is printed on its lord's or lady's card: it stays as printed.
Words ability_label(const Table& table, int s, const Ability& a) {
  if (a.twice_per_game) {
    for (const auto& [name, left] : table.seat(s).uses_left) {
      // TRANSLATORS: MENU: an ability, its seat and its uses left: "Fury (Ann, 2 left)".
      if (name == a.name) return say("{0} ({1}, {2} left)", a.name, table.name(s), left);
    }
  }
  return as_is(a.name + " (" + table.name(s) + ")");
}

int& uses_left(Table& table, int s, const std::string& ability) {
  for (auto& [name, left] : table.seat(s).uses_left) {
    if (name == ability) return left;
  }
  table.refuse(trf("{0} is not a twice-per-game ability of {1}", ability, table.house_of(s)));
}

// The ability's own rules join `reasons` (an aimed one's target adds its own after) and are raised
// together by the caller, in the book's order: CK-35, then CK-36/37, then CK-39.
void use_ability(Table& table, int s, const Ability& a, Reasons& reasons) {
  const int acting = table.acting();
  if (a.twice_per_game) {
    int& left = uses_left(table, s, a.name);
    // CK-35: twice per game (CK:172).
    reasons.unless(left > 0, trf("{0} has used {1} twice", table.name(s), a.name));
    left = std::max(0, left - 1);
  }
  // CK-36, CK-37: "on your turn" (CK:890, 894, 900, 920).
  if (a.own_turn) reasons.unless(s == acting, trf("{0} is used on {1}'s own turn", a.name, table.name(s)));
  if (a.once_per_turn) {
    auto& used = table.data.marks.abilities_used;
    reasons.unless(std::find(used.begin(), used.end(), a.name) == used.end(), trf("{0} has been used this turn", a.name));
    used.push_back(a.name);
  }
  // CK-39: only right after the player killed the last military card on a territory.
  if (a.after_emptying) {
    auto& used = table.data.marks.used_on_emptied;
    const bool fresh = std::find(used.begin(), used.end(), a.name) == used.end();
    reasons.unless(s == acting && table.data.marks.last_emptied.has_value() && fresh,
                   trf("{0} follows killing the last military card on a territory", a.name));
    if (fresh) used.push_back(a.name);
  }
  std::string text = trf("{0} uses {1}", table.name(s), a.name);
  if (a.name == "Opulence") {
    // "for the duration of the turn, you or another player ... may collect both" (CK:904): the
    // player whose turn it is collects, so the grant is theirs.
    table.data.marks.opulence_to = acting;
    text = trf("{0} uses {1}: {2} may collect both coins and gems this turn", table.name(s), a.name, table.name(acting));
  } else if (a.name == "Dark Influence") {
    table.purse(s, kDarkInfluence);
    text = trf("{0} uses {1}: {2} from the bank", table.name(s), a.name, coins_text(kDarkInfluence));
  } else if (a.name == "Venom") {
    // TRANSLATORS: {2} "the Sneak" or "a hireling".
    text = trf("{0} uses {1}: {2} is killed as it is played, its effect cancelled", table.name(s), a.name,
               venom(table, reasons));
  }
  table.log(text);
  if (a.name == "Venom") table.dark_influence();  // the hireling Venom kills (CK:910)
}

// "take 3 from any 1 player that is neighboring any of your territories (or any player if you
// own no territories)" (CK:900): a neighbour holds a territory linked to one of the taxing seat's.
bool neighbours(const Table& table, int s, int other) {
  const std::vector<int> own = table.owned_by(s);
  if (own.empty()) return true;
  for (int a : own) {
    for (int b : table.owned_by(other)) {
      if (adjacent(table.books().links, a, b)) return true;
    }
  }
  return false;
}

// Taxes, from the seat chosen: CK-37's reasons (own turn, once a turn), then CK-38's neighbour.
std::string taxes_step(Table& table, const Aiming& aiming, const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  const int victim = choose ? table.seat_by_name(choose->label) : -1;
  if (victim < 0 || victim == aiming.seat) table.refuse(tr("choose the seat Taxes are taken from, or PASS"));
  table.data.aiming.reset();
  Reasons reasons;
  for (const Ability& a : abilities(table.seat(aiming.seat).house)) {
    if (a.name == "Taxes") use_ability(table, aiming.seat, a, reasons);
  }
  reasons.unless(neighbours(table, aiming.seat, victim),
                 trf("{0} holds no territory next to {1}'s: Taxes come from a neighbour", table.name(victim),
                     table.name(aiming.seat)));
  reasons.raise(table);
  table.purse(aiming.seat, kTaxes);
  table.purse(victim, -kTaxes);
  table.log(trf("Taxes: {0} gives {1} {2}", table.name(victim), table.name(aiming.seat), coins_text(kTaxes)));
  return "taxes";
}

// The parties in English, as the state's "deals" keep them (data, not words).
std::string deal_text(const Table& table, const std::vector<int>& parties) {
  std::string text;
  for (std::size_t i = 0; i < parties.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == parties.size() ? " and " : ", ") + table.name(parties[i]);
  }
  return text;
}

// The parties in the language set: "Ann, Ben and Cat".
std::string deal_words(const Table& table, const std::vector<int>& parties) {
  std::vector<std::string> names;
  for (const int s : parties) names.push_back(table.name(s));
  return listed(names);
}

// An attack on a territory whose stack is gone (Death "at any time", CK:924) is over: a card
// played and waiting for the defender was spent all the same (CK:395).
void end_attack_on(Table& table, int slot) {
  if (!table.data.attack || table.data.attack->slot != slot || table.territory(slot).occupied()) return;
  if (table.data.attack->attacking) discard_card(table.books(), *table.data.attack->attacking);
  table.data.attack.reset();
  table.data.placing.reset();
  table.log(trf("The attack on {0} is over: nothing is left to attack", table.territory(slot).title));
}

std::string cards_words(const Table& table, const std::vector<MilitaryCard>& cards) {
  std::vector<std::string> words;
  for (const MilitaryCard& card : cards) words.push_back(table.describe_card(card));
  return words.empty() ? std::string(tr("nothing")) : listed(words);
}

// CK-22: "This is the only opportunity to place military cards; they cannot be added or removed
// later" (CK:422). The owner's cards go below the stack as they are scanned; OK ends.
std::string add_military(Table& table, int slot) {
  if (slot < 0 || !table.territory(slot).owner) table.refuse(tr("choose a territory a house holds, or PASS"));
  table.data.aiming.reset();
  table.check(false, tr("Military cards are placed only when a territory is conquered"));
  begin_placing(table, slot, *table.territory(slot).owner, false);
  table.data.placing->adding = true;
  return "add_military_begun";
}

// Fury, Bedlam, Death or a plain kill, at the territory chosen.
std::string aimed_step(Table& table, const Command& command) {
  const Aiming aiming = *table.data.aiming;
  if (std::holds_alternative<Pass>(command)) {
    table.data.aiming.reset();
    return "aiming_called_off";
  }
  if (aiming.ability == "Taxes") return taxes_step(table, aiming, command);
  const auto* choose = std::get_if<Choose>(&command);
  const int slot = choose ? table.slot_by_title(choose->label) : -1;
  if (aiming.ability == "add") return add_military(table, slot);
  if (slot < 0 || !table.territory(slot).occupied()) table.refuse(tr("choose a territory with military cards on it, or PASS"));
  table.data.aiming.reset();
  const std::optional<int> owner = table.territory(slot).owner;
  const std::string& title = table.territory(slot).title;
  std::string text;
  if (aiming.ability == "kill") {
    text = trf("Killed on {0}: {1}", title, cards_words(table, kill_top(table.books(), slot, 1)));
  } else {
    Reasons reasons;
    for (const Ability& a : abilities(table.seat(aiming.seat).house)) {
      if (a.name == aiming.ability) use_ability(table, aiming.seat, a, reasons);
    }
    // CK-39: Fury and Bedlam aim at a territory adjacent to the one just emptied (CK:884, 934).
    if (aiming.ability != "Death") {
      const auto& emptied = table.data.marks.last_emptied;
      reasons.unless(emptied && adjacent(table.books().links, *emptied, slot),
                     trf("{0} aims at a territory next to the one just emptied", aiming.ability));
    }
    reasons.raise(table);
    if (aiming.ability == "Fury") {
      text = trf("Fury kills {0} on {1}", cards_words(table, kill_top(table.books(), slot, 2)), title);
    } else if (aiming.ability == "Bedlam") {
      text = trf("Bedlam: {0} from {1} to {2}'s hand", cards_words(table, take_mercenaries(table.books(), slot)), title,
                 table.name(aiming.seat));
    } else {
      // "kill all military cards off any 1 territory. Flip it over to its plagued side" (CK:924).
      const auto killed = kill_top(table.books(), slot, static_cast<int>(table.territory(slot).stack.size()));
      table.territory(slot).side = Side::Plagued;
      text = trf("Death kills {0} on {1}; it lies plagued", cards_words(table, killed), title);
    }
  }
  // TRANSLATORS: {0} what the kill did (a sentence of its own), {1} the former owner.
  if (owner && !table.territory(slot).owner) text = trf("{0}; {1}'s house token goes back", text, table.name(*owner));
  table.log(text);
  end_attack_on(table, slot);
  return "aimed";
}

Prompt aimed_prompt(const Table& table) {
  const Aiming& aiming = *table.data.aiming;
  Prompt prompt;
  if (aiming.ability == "Taxes") {
    prompt.text = trf("Taxes: {0} takes {1} from whom?", table.name(aiming.seat), coins_text(kTaxes));
    for (int s = 0; s < table.seats(); ++s) {
      if (s != aiming.seat) prompt.add(table.name(s), "seat:" + std::to_string(s));
    }
    prompt.pass = tr("call it off");
    return prompt;
  }
  const bool adding = aiming.ability == "add";
  prompt.text = aiming.ability == "kill" ? std::string(tr("Kill the top card: which territory?"))
                : adding                 ? std::string(tr("Add military: which territory?"))
                                         // TRANSLATORS: {0} an ability printed on a card: Fury, Bedlam, Death.
                                         : trf("{0}: which territory?", aiming.ability);
  for (int slot = 0; slot < table.slots(); ++slot) {
    const Territory& t = table.territory(slot);
    if (adding ? t.owner.has_value() : t.occupied()) prompt.add(t.title, "slot:" + std::to_string(slot));
  }
  prompt.pass = tr("call it off");
  return prompt;
}

}  // namespace

std::vector<Option> menu_items(const Table& table) {
  std::vector<Option> items;
  const Data& data = table.data;
  // In the Action phase a passage is the MENU's likeliest move (a fight through another seat's
  // land needs one, CK:389): it comes first, so MENU and OK take it.
  if (data.step == Step::Action && !busy(data)) items.push_back(option_of("passage", say(kPassage)));
  items.push_back(option_of(kNegotiationId, say(kNegotiation)));
  // The optional Royal Pillow (CK:158-160) is chosen while the houses are named, before any deal.
  if (data.step == Step::Houses && !data.royal_pillow) items.push_back(option_of("royal-pillow", say(kRoyalPillow)));
  // The playmat's adjacency is the table's (A7.5): a row unless linked otherwise.
  if (data.step != Step::Houses && data.step != Step::EventDeck && data.step != Step::Kingdom && data.step != Step::Over) {
    items.push_back(option_of("map", say(kMap)));
  }
  // "Once cast, votes cannot be changed" (CK:838): a cast vote may be cast again, with CK-34's check.
  if (data.vote && data.vote->poll) {
    for (int s = 0; s < table.seats(); ++s) {
      if (data.vote->poll->answers[static_cast<std::size_t>(s)]) {
        items.push_back(option_of("change-vote:" + std::to_string(s), say("Change the vote: {0}", table.name(s))));
      }
    }
  }
  if (busy(data)) return items;
  items.push_back(option_of("deal", say(kDeal)));
  // Any seat, at any time of a turn: a card may allow what CK-10, CK-13 and CK-42 check.
  for (int s = 0; s < table.seats(); ++s) {
    items.push_back(option_of("collect-dead:" + std::to_string(s), say("Collect the dead: {0}", table.name(s))));
  }
  // Hirelings are played "on any player's turn" unless marked otherwise (CK:287-289, CK-41).
  for (int s = 0; s < table.seats(); ++s) {
    items.push_back(option_of("hireling:" + std::to_string(s), say("Play a hireling: {0}", table.name(s))));
  }
  if (!data.vote) items.push_back(option_of("vote", say(kVote)));
  if (data.attack && !data.placing) items.push_back(option_of("sneak", say(kSneak)));
  for (int s = 0; s < table.seats(); ++s) {
    for (const Ability& a : abilities(table.seat(s).house)) {
      items.push_back(option_of("ability:" + a.name + ":" + std::to_string(s), ability_label(table, s, a)));
    }
  }
  // An event's or a card's kill the device has no flow for (A2: "kills ... are MENU adjustments").
  items.push_back(option_of("kill-top", say(kKillTop)));
  // "they cannot be added or removed later" (CK:422): a card that allows it is entered here (CK-22).
  if (!data.placing) items.push_back(option_of("add-military", say(kAddMilitary)));
  for (int s = 0; s < table.seats(); ++s) {
    // TRANSLATORS: MENU: the royal heir of this seat is killed.
    if (table.seat(s).heir.alive) items.push_back(option_of("heir-killed:" + std::to_string(s), say("Heir killed: {0}'s", table.name(s))));
  }
  for (int s = 0; s < table.seats(); ++s) {
    const std::optional<int> partner = table.seat(s).heir.married_to;
    if (partner && *partner > s) {
      items.push_back(option_of("annul:" + std::to_string(s),
                                say("End the marriage: {0} and {1}", table.name(s), table.name(*partner))));
    }
  }
  for (int slot = 0; slot < table.slots(); ++slot) {
    const Territory& t = table.territory(slot);
    // TRANSLATORS: MENU: turn a territory card to its plagued side, or back to its healthy one.
    items.push_back(option_of("flip:" + std::to_string(slot),
                              t.side == Side::Healthy ? say("Flip {0} (plague)", t.title) : say("Flip {0} (cure)", t.title)));
  }
  return items;
}

std::string menu_step(Table& table, const Choose& choose) {
  const std::vector<Option> items = menu_items(table);
  // By the id the log keeps; a label no id came with, by its words or their English.
  const auto item = std::find_if(items.begin(), items.end(), [&](const Option& o) {
    if (!choose.id.empty()) return o.id == choose.id;
    return o.label == choose.label || (!o.en.empty() && o.en == choose.label);
  });
  if (item == items.end()) table.refuse(trf("the menu has no \"{0}\" now", choose.label));
  const std::string& id = item->id;
  if (id == "negotiation") {
    table.data.negotiation_asked = true;
    return "negotiation_asked";
  }
  if (id == "royal-pillow") {
    table.data.royal_pillow = true;
    table.log(trf("The Royal Pillow variant: shuffle the Royal Pillow with {0} random hirelings and deal one to each seat "
                  "(CK:160)",
                  table.seats()));
    return "royal_pillow";
  }
  if (id == "map") {
    table.data.linking = -1;
    return "map_begun";
  }
    if (id == "deal") {
    table.data.deal = std::vector<int>{};
    return "deal_begun";
  }
  if (id == "passage") {
    table.data.passage_asked = true;
    return "passage_asked";
  }
  if (id == "vote") {
    begin_vote(table, Vote::Purpose::Free);
    return "vote_called";
  }
  if (id == "sneak") {
    // "returns ALL the military cards to [the owner's] hand" with the house token (CK:714).
    const int slot = table.data.attack->slot;
    const std::optional<int> owner = table.territory(slot).owner;
    const auto back = return_stack(table.books(), slot);
    table.log(owner ? trf("A Sneak returns {0} military cards on {1} to {2}'s hand, with the house token; {3} may conquer it",
                          back.size(), table.territory(slot).title, table.name(*owner), table.name(table.acting()))
                    : trf("A Sneak returns {0} military cards on {1} to their owner's hand, with the house token; {2} may "
                          "conquer it",
                          back.size(), table.territory(slot).title, table.name(table.acting())));
    // A card played and waiting for the defender's answer was spent all the same (CK:395).
    if (table.data.attack->attacking) discard_card(table.books(), *table.data.attack->attacking);
    table.data.attack->attacking.reset();
    table.data.attack->emptied = true;
    begin_placing(table, slot, table.acting(), false);
    return "sneak";
  }
  if (id.rfind("ability:", 0) == 0) {
    const std::size_t colon = id.rfind(':');
    const int s = std::stoi(id.substr(colon + 1));
    const std::string name = id.substr(8, colon - 8);
    for (const Ability& a : abilities(table.seat(s).house)) {
      if (a.name != name) continue;
      if (a.aimed || a.name == "Taxes") {  // Taxes ask their seat (CK-38)
        table.data.aiming = Aiming{a.name, s};  // the checks and the counter when aimed
        return "ability_aiming";
      }
      Reasons reasons;
      use_ability(table, s, a, reasons);
      reasons.raise(table);
    }
    return "ability_used";
  }
  if (id == "add-military") {
    table.data.aiming = Aiming{"add", -1};
    return "add_aiming";
  }
  if (id == "kill-top") {
    table.data.aiming = Aiming{"kill", -1};
    return "kill_aiming";
  }
  if (id.rfind("collect-dead:", 0) == 0) return collect_dead(table, std::stoi(id.substr(13)));
  if (id.rfind("hireling:", 0) == 0) {
    begin_hireling_play(table, std::stoi(id.substr(9)));
    return "hireling_asked";
  }
  if (id.rfind("change-vote:", 0) == 0) {
    // CK-34: the seat is asked again; the poll goes on from it.
    const int s = std::stoi(id.substr(12));
    table.check(false, trf("{0} has voted: once cast, votes cannot be changed", table.name(s)));
    table.data.vote->poll->answers[static_cast<std::size_t>(s)].reset();
    table.log(trf("{0} takes back their vote, to cast it again", table.name(s)));
    return "vote_changed";
  }
  if (id.rfind("annul:", 0) == 0) {
    // CK-30: "A marriage cannot be ended unless one or both royal heirs have been killed" (CK:568).
    const int s = std::stoi(id.substr(6));
    table.check(false, tr("A marriage cannot be ended unless a royal heir has been killed"));
    // TRANSLATORS: why a marriage is dissolved, inside "The marriage of Ann and Ben is dissolved (...)".
    table.dissolve_marriage(s, tr("ended by the table"));
    return "marriage_ended";
  }
  if (id.rfind("heir-killed:", 0) == 0) {
    const int s = std::stoi(id.substr(12));
    table.kill_heir(s, false);  // CK-31 (CK:566, 759)
    return "heir_killed";
  }
  if (id.rfind("flip:", 0) == 0) {
    Territory& t = table.territory(std::stoi(id.substr(5)));
    t.side = t.side == Side::Healthy ? Side::Plagued : Side::Healthy;
    table.log(t.side == Side::Plagued ? trf("{0} is plagued", t.title) : trf("{0} is cured", t.title));
    return "territory_flipped";
  }
  table.refuse(trf("the menu has no \"{0}\"", choose.label));
}

bool menu_flow_open(const Table& table) {
  return table.data.negotiation_asked || table.data.deal || table.data.passage_asked || table.data.linking ||
         table.data.aiming || table.data.hireling_play;
}

namespace {

// MENU "Map": two slots chosen one after the other; a link between them is made, or unmade if
// it was there. OK ends.
std::string map_step(Table& table, const Command& command) {
  Data& data = table.data;
  if (std::holds_alternative<Ok>(command) || std::holds_alternative<Pass>(command)) {
    data.linking.reset();
    return "map_done";
  }
  const auto* choose = std::get_if<Choose>(&command);
  const int slot = choose ? table.slot_by_title(choose->label) : -1;
  if (slot < 0) table.refuse(tr("choose two territories to link or unlink, OK when the map is right"));
  if (*data.linking < 0) {
    data.linking = slot;
    return "map_slot";
  }
  const int first = *data.linking;
  data.linking = -1;
  if (first == slot) table.refuse(tr("a territory touches itself already: choose another"));
  auto& links = table.books().links;
  const auto it = std::find_if(links.begin(), links.end(), [&](const Link& l) {
    return (l.a == first && l.b == slot) || (l.a == slot && l.b == first);
  });
  const std::string& a = table.territory(first).title;
  const std::string& b = table.territory(slot).title;
  if (it == links.end()) {
    links.push_back(Link{first, slot});
    table.log(trf("Map: {0} and {1} touch", a, b));
  } else {
    links.erase(it);
    table.log(trf("Map: {0} and {1} do not touch", a, b));
  }
  return "map_link";
}

Prompt map_prompt(const Table& table) {
  Prompt prompt;
  const int first = *table.data.linking;
  prompt.text = first < 0 ? std::string(tr("Map: a territory to link or unlink?"))
                          : trf("Map: {0} and which territory?", table.territory(first).title);
  for (int slot = 0; slot < table.slots(); ++slot) {
    if (slot != first) prompt.add(table.territory(slot).title, "slot:" + std::to_string(slot));
  }
  prompt.ok = tr("the map is right");
  return prompt;
}

}  // namespace

std::string menu_flow_step(Table& table, const Command& command) {
  Data& data = table.data;
  if (data.negotiation_asked) return negotiation_step(table, command);
  if (data.linking) return map_step(table, command);
  if (data.aiming) return aimed_step(table, command);
  if (data.hireling_play) return hireling_play_step(table, command);
  if (data.deal) {
    std::vector<int>& parties = *data.deal;
    if (std::holds_alternative<Pass>(command)) {
      data.deal.reset();
      return "deal_called_off";
    }
    if (std::holds_alternative<Ok>(command)) {
      if (parties.size() < 2) table.refuse(tr("a deal takes two seats or more"));
      // Deals are free and social (CK:124): logged with a handshake, never judged. CK-32 (no
      // trading heirs, soldiers, territories, lords) is the table's to keep: the device cannot see it.
      data.deals.push_back(deal_text(table, parties));
      table.log(trf("Deal: {0} shake hands", deal_words(table, parties)));
      data.deal.reset();
      return "deal";
    }
    const auto* choose = std::get_if<Choose>(&command);
    if (choose && chose_option(*choose, kNegotiationId, kNegotiation)) {
      data.negotiation_asked = true;
      return "negotiation_asked";
    }
    const int s = choose ? table.seat_by_name(choose->label) : -1;
    if (s < 0) table.refuse(tr("choose the seats of the deal, OK on the handshake, PASS to call it off"));
    const auto it = std::find(parties.begin(), parties.end(), s);
    if (it == parties.end()) parties.push_back(s);
    else parties.erase(it);
    return "deal_party";
  }
  // Passage: "the owner ... lets you pass through" (CK:389, 812), for this turn.
  if (std::holds_alternative<Pass>(command)) {
    data.passage_asked = false;
    return "passage_called_off";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (choose && chose_option(*choose, kNegotiationId, kNegotiation)) {
    data.negotiation_asked = true;
    return "negotiation_asked";
  }
  int slot = -1;
  if (choose) {
    const std::size_t paren = choose->label.rfind(" (");
    slot = table.slot_by_title(paren == std::string::npos ? choose->label : choose->label.substr(0, paren));
  }
  if (const auto* present = std::get_if<PresentCard>(&command)) slot = table.slot_of_card(present->card_id);
  if (slot < 0 || !table.territory(slot).owner || *table.territory(slot).owner == table.acting()) {
    table.refuse(tr("choose another house's territory to pass through, or PASS"));
  }
  const int owner = *table.territory(slot).owner;
  table.books().passages.push_back(Passage{slot, owner, table.acting()});
  data.deals.push_back("Passage: " + table.name(owner) + " lets " + table.name(table.acting()) + " through " + table.territory(slot).title);
  table.log(trf("Passage (a deal): {0} lets {1} through {2} this turn", table.name(owner), table.name(table.acting()),
                table.territory(slot).title));
  data.passage_asked = false;
  return "passage";
}

Prompt menu_flow_prompt(const Table& table) {
  const Data& data = table.data;
  if (data.negotiation_asked) return negotiation_prompt(table);
  if (data.linking) return map_prompt(table);
  if (data.aiming) return aimed_prompt(table);
  if (data.hireling_play) return hireling_play_prompt(table);
  Prompt prompt;
  if (data.deal) {
    prompt.text = data.deal->empty() ? std::string(tr("Deal: choose the seats (none yet), OK on the handshake"))
                                     : trf("Deal: choose the seats ({0}), OK on the handshake", deal_words(table, *data.deal));
    for (int s = 0; s < table.seats(); ++s) prompt.add(table.name(s), "seat:" + std::to_string(s));
    offer_negotiation(prompt);
    prompt.ok = tr("handshake");
    prompt.pass = tr("call it off");
    return prompt;
  }
  prompt.text = trf("Passage for {0}: through which territory?", table.name(table.acting()));
  prompt.takes_cards = true;
  for (int slot = 0; slot < table.slots(); ++slot) {
    const Territory& t = table.territory(slot);
    if (t.owner && *t.owner != table.acting()) prompt.add(t.title + " (" + table.name(*t.owner) + ")", "slot:" + std::to_string(slot));
  }
  offer_negotiation(prompt);
  prompt.pass = tr("call it off");
  return prompt;
}

}  // namespace seneschal::engine::cutthroat
