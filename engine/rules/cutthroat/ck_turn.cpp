// The turn of a seat (GAMES.md A2 "The turn", CK:344-375): Resource, Action (purchases,
// mercenaries, conquests, attacks, collecting the dead, then one collection from a territory
// conquered this turn), Event.
#include <algorithm>

#include "ck_clock.hpp"
#include "ck_flows.hpp"

namespace seneschal::engine::cutthroat {
namespace {

// The labels, each with its option's id.
constexpr const char* kConquer = N_("Conquer");
constexpr const char* kAttack = N_("Attack");
constexpr const char* kBuyHireling = N_("Buy a hireling");
constexpr const char* kBuyMercenaries = N_("Buy mercenaries");
constexpr const char* kCollectDead = N_("Collect the dead");
constexpr const char* kNoTerritoryLabel = N_("Collect 3 (no territory)");
constexpr const char* kAsLastTime = N_("Every territory as last time");
// TRANSLATORS: no collection from a territory conquered this turn.
constexpr const char* kNone = N_("None");
// An event card without a tag has no flow here: the table draws it, resolves it by hand, then
// says so with this one choice.
constexpr const char* kUntaggedEvent = N_("Untagged event, resolved");

// The option's id ("coins:3") -> the slot and "coins"; a label no id came with by its English
// ("<title>: Coins"); -1 when it is no collection.
std::pair<int, std::string> collection_of(const Table& table, const Choose& choose) {
  if (!choose.id.empty()) {
    for (const char* kind : {"coins", "gems", "both"}) {
      const std::string prefix = std::string(kind) + ":";
      if (choose.id.rfind(prefix, 0) == 0) {
        const int slot = std::stoi(choose.id.substr(prefix.size()));
        return {slot >= 0 && slot < table.slots() ? slot : -1, kind};
      }
    }
    return {-1, {}};
  }
  const std::string& label = choose.label;
  for (const char* what : {": Coins", ": Gems", ": Both"}) {
    const std::string suffix = what;
    if (label.size() > suffix.size() && label.compare(label.size() - suffix.size(), suffix.size(), suffix) == 0) {
      const int slot = table.slot_by_title(label.substr(0, label.size() - suffix.size()));
      std::string kind = suffix.substr(2);
      std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return std::tolower(c); });
      return {slot, kind};
    }
  }
  return {-1, {}};
}

// "Both" is always offered: a card may grant it (Opulence, CK:904); without one it is CK-7's check.
void add_collections(const Table& table, Prompt& prompt, const std::vector<int>& slots) {
  for (int slot : slots) {
    const std::string& title = table.territory(slot).title;
    // TRANSLATORS: a territory's title, and what is collected from it.
    prompt.add(say("{0}: Coins", title), "coins:" + std::to_string(slot));
    prompt.add(say("{0}: Gems", title), "gems:" + std::to_string(slot));
    prompt.add(say("{0}: Both", title), "both:" + std::to_string(slot));
  }
}

std::vector<int> uncollected(const Table& table, int s) {
  std::vector<int> out;
  const auto& done = table.data.marks.collected;
  for (int slot : table.owned_by(s)) {
    if (std::find(done.begin(), done.end(), slot) == done.end()) out.push_back(slot);
  }
  return out;
}

// Whether the seat has collected from each of `slots` before: "as last time" then means something.
bool collected_before(const Table& table, int s, const std::vector<int>& slots) {
  return std::all_of(slots.begin(), slots.end(), [&](int slot) { return table.data.collected_as.count({s, slot}) > 0; });
}

// Blackmail: "display, publicly, a blackmail card listing the house", the Bastard of that house
// (A7.11); that collection comes from the house's player; the card goes back to hand (CK:539-541).
std::string blackmail(Table& table, const PresentCard& present) {
  const int s = table.acting();
  const auto house = table.house_of_card(present.card_id);
  if (!house || *house == table.seat(s).house) {
    table.refuse(trf("{0} cannot blackmail their own house", table.name(s)));
  }
  const int victim = table.seat_of_house(*house);
  if (victim < 0) table.refuse(trf("nobody plays House {0}", house_name(*house)));
  auto& used = table.data.marks.blackmail_used;
  // CK-9: once per card per Resource phase (CK:519).
  table.check(std::find(used.begin(), used.end(), present.card_id) == used.end(),
              trf("{0} has blackmailed once this Resource phase", table.title(present.card_id)));
  used.push_back(present.card_id);
  table.data.bastards_shown[present.card_id] = s;
  table.data.marks.blackmail_from = victim;
  table.log(trf("{0} shows the {1}: the next collection is paid by {2}", table.name(s), table.title(present.card_id),
                table.name(victim)));
  return "blackmail";
}

// "If you have no territories, collect 3" (CK:350): chosen, or taken by the OK that ends the
// phase of a seat with no territory (it is no choice: only a blackmail card shown first changes
// who pays). Chosen with a territory, or twice, it is CK-8's check.
std::string collect_three(Table& table, int s) {
  Reasons reasons;
  reasons.unless(table.owned_by(s).empty(), trf("{0} owns a territory: the 3 is for a house with none", table.name(s)));
  reasons.unless(!table.data.marks.no_territory_income, trf("{0} has collected the 3 already", table.name(s)));
  reasons.raise(table);
  table.data.marks.no_territory_income = true;
  table.purse(s, kNoTerritoryIncome);
  table.log(trf("{0} owns no territory and collects {1}, paid by {2}", table.name(s), coins_text(kNoTerritoryIncome),
                table.paid_by(kNoTerritoryIncome)));
  return "collected";
}

std::string resource_step(Table& table, const Command& command) {
  const int s = table.acting();
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    if (table.type(present->card_id) == "bastard") return blackmail(table, *present);
    table.refuse(trf("{0}: in the Resource phase only a bastard is shown (blackmail)", table.title(present->card_id)));
  }
  if (const auto* choose = std::get_if<Choose>(&command)) {
    if (chose_option(*choose, "no-territory", kNoTerritoryLabel)) return collect_three(table, s);
    if (chose_option(*choose, "as-last-time", kAsLastTime)) {
      const std::vector<int> left = uncollected(table, s);
      if (!collected_before(table, s, left)) table.refuse(trf("{0} has not collected from every territory before", table.name(s)));
      for (int slot : left) table.collect(s, slot, table.data.collected_as.at({s, slot}));
      return "collected";
    }
    const auto [slot, kind] = collection_of(table, *choose);
    if (slot < 0) table.refuse(trf("no collection \"{0}\"", choose->label));
    Reasons reasons;
    reasons.unless(table.territory(slot).owner == s, trf("{0} is not {1}'s", table.territory(slot).title, table.name(s)));
    const auto& done = table.data.marks.collected;
    reasons.unless(std::find(done.begin(), done.end(), slot) == done.end(),
                   trf("{0} has been collected from this turn", table.territory(slot).title));
    table.collect(s, slot, kind, reasons);
    return "collected";
  }
  if (std::holds_alternative<Ok>(command) || std::holds_alternative<Pass>(command)) {
    if (table.owned_by(s).empty() && !table.data.marks.no_territory_income) collect_three(table, s);
    std::string left;
    for (int slot : uncollected(table, s)) left += (left.empty() ? "" : ", ") + table.territory(slot).title;
    Reasons reasons;
    // TRANSLATORS: {1} the territories' titles: "Marrow, Nyghtwald".
    reasons.unless(left.empty(), trf("{0} has not collected from {1}", table.name(s), left));
    reasons.raise(table);
    begin_action(table);
    return "resource_done";
  }
  table.refuse(trf("{0}: collect from each territory (choose Coins or Gems), then OK", table.name(s)));
}

// The option of the collection this seat took from `slot` last time, or -1 (CK:350: the choice is
// made each turn, and a house that needs coins or gems mostly needs them again).
int last_collection(const Table& table, const Prompt& prompt, int s, int slot) {
  const auto last = table.data.collected_as.find({s, slot});
  if (last == table.data.collected_as.end()) return -1;
  const std::string id = last->second + ":" + std::to_string(slot);
  for (std::size_t i = 0; i < prompt.options.size(); ++i) {
    if (prompt.options[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

Prompt resource_prompt(const Table& table) {
  const int s = table.acting();
  Prompt prompt;
  prompt.seat = s;
  prompt.takes_cards = true;
  const bool none = table.owned_by(s).empty();
  const std::vector<int> left = uncollected(table, s);
  // Short enough for the banner at 800x480; showing a bastard (blackmail) is in the README.
  prompt.text = none ? trf("{0}: no territory, OK collects 3", table.name(s))
                     : trf("{0}: Coins or Gems per territory; then OK", table.name(s));
  add_collections(table, prompt, left);
  // Two territories or more, each collected from before: one OK takes them all as last time.
  const bool as_before = left.size() > 1 && collected_before(table, s, left);
  if (as_before) prompt.add(say(kAsLastTime), "as-last-time");
  // Always offered: with a territory, or a second time, it is CK-8's check (a card may allow it).
  prompt.add(say(kNoTerritoryLabel), "no-territory");
  if (left.empty()) {
    // Every territory collected (or none held: OK collects the 3): nothing is left to decide, so
    // the phase moves on by itself unless a blackmail card or a button stops it.
    prompt.ok = none && !table.data.marks.no_territory_income ? tr("collect 3, end the Resource phase")
                                                              : tr("end the Resource phase");
    prompt.idle = true;
    return prompt;
  }
  // A territory left: OK takes the highlighted collection, the one this seat took there last
  // time; ending the phase before every territory is collected is PASS (and a check).
  prompt.likely = as_before ? static_cast<int>(prompt.options.size()) - 2 : last_collection(table, prompt, s, left.front());
  prompt.pass = tr("end the Resource phase");
  return prompt;
}

// "Once you take one action, you must complete it before you take one of the other actions. For
// example, after a player starts attacking territories, they may not collect their dead until
// after they have finished attacking all territories" (CK:360-362; CK-10). Conquering and attacking
// are one kind of action (fighting), so a turn of several fights raises nothing; going back to a
// kind of action left for another is the check.
// Ids kept in the turn's marks, translated where a reason says them.
// TRANSLATORS: a kind of action, in "Ann has finished {1} this turn".
constexpr const char* kPurchasing = N_("purchasing");
// TRANSLATORS: a kind of action, in "Ann has finished {1} this turn".
constexpr const char* kFighting = N_("conquering and attacking");
// TRANSLATORS: a kind of action, in "Ann has finished {1} this turn".
constexpr const char* kCollecting = N_("collecting the dead");

// The kind of action under way becomes `kind`; going back to one left is CK-10's reason.
void start_action(Table& table, const std::string& kind, Reasons& reasons) {
  TurnMarks& marks = table.data.marks;
  if (marks.action_kind == kind) return;
  const auto& done = marks.actions_finished;
  reasons.unless(std::find(done.begin(), done.end(), kind) == done.end(),
                 trf("{0} has finished {1} this turn: one action is completed before another", table.name(table.acting()),
                     tr(kind)));
  if (!marks.action_kind.empty()) marks.actions_finished.push_back(marks.action_kind);
  marks.action_kind = kind;
}

void start_action(Table& table, const std::string& kind) {
  Reasons reasons;
  start_action(table, kind, reasons);
  reasons.raise(table);
}

// "Make up to 3 purchases" (CK:365): a hireling is one, each coin spent on mercenaries one (A7.8).
// Any purchase beyond the third is the check, whatever it is.
void purchase_limit(const Table& table, int count, Reasons& reasons) {
  const TurnMarks& marks = table.data.marks;
  reasons.unless(marks.purchases + count <= kMaxPurchasesPerTurn,
                 trf("{0} has made {1} of {2} purchases this turn", table.name(table.acting()), marks.purchases,
                     kMaxPurchasesPerTurn));
}

// `what` is the whole sentence's format: {0} the seat, {1} the purchases so far, {2} of how many,
// {3} and {4} its own values.
template <class... Values>
void add_purchases(Table& table, int count, const char* what, const Values&... values) {
  TurnMarks& marks = table.data.marks;
  marks.purchases += count;
  table.log(trf(what, table.name(table.acting()), marks.purchases, kMaxPurchasesPerTurn, values...));
}

std::string purchase_step(Table& table, const Command& command) {
  const auto* number = std::get_if<SetNumber>(&command);
  if (std::holds_alternative<Pass>(command)) {
    table.data.pending_purchase = 0;
    return "purchase_called_off";
  }
  if (!number) table.refuse(tr("set the coins paid, or PASS"));
  if (number->value < 0) table.refuse(tr("a price is 0 coins or more"));
  Reasons reasons;  // CK-10, CK-11, CK-12 in the book's order (CK:360, 365, 792)
  start_action(table, kPurchasing, reasons);
  Piles& piles = table.books().piles;
  if (table.data.pending_purchase == kPayingHireling) {
    purchase_limit(table, 1, reasons);
    reasons.raise(table);
    piles.hireling_deck = std::max(0, piles.hireling_deck - 1);
    table.purse(table.acting(), -number->value);
    add_purchases(table, 1, N_("{0} buys a hireling for {3} (purchases {1} of {2})"), coins_text(number->value));
  } else {
    // "For each coin you spend on mercenaries, you draw 2 cards" (CK:792; CK-12).
    if (number->value < 1) table.refuse(tr("at least 1 coin buys 2 mercenaries"));
    const int cards = number->value * kMercenariesPerCoin;
    purchase_limit(table, number->value, reasons);
    reasons.unless(cards <= piles.mercenary_deck, trf("the mercenary deck holds {0} cards", piles.mercenary_deck));
    reasons.raise(table);
    piles.mercenary_deck = std::max(0, piles.mercenary_deck - cards);
    table.purse(table.acting(), -number->value);
    add_purchases(table, number->value, N_("{0} spends {3} on {4} mercenaries (purchases {1} of {2})"), coins_text(number->value),
                  cards);
  }
  table.data.pending_purchase = 0;
  return "purchased";
}

}  // namespace

// CK-10, CK-13, CK-42: "Once per turn, but not during attacks, a player may pay 2" (CK:371);
// "Players may collect their dead soldiers during their turn" (CK:747). Offered in the Action
// prompt and, for every seat at any time of a turn, in the MENU: the checks say what it breaks.
std::string collect_dead(Table& table, int s) {
  const Data& data = table.data;
  const int acting = table.acting();
  Reasons reasons;
  const bool action_phase = data.step == Step::Action;
  reasons.unless(action_phase, tr("the dead are collected in the Action phase"));
  reasons.unless(!data.attack, trf("{0} is attacking: the dead are not collected during attacks", table.name(acting)));
  reasons.unless(s != acting || !data.marks.collected_dead, trf("{0} has collected the dead this turn", table.name(s)));
  reasons.unless(s == acting, trf("{0} collects the dead on {1}'s turn: only on one's own", table.name(s), table.name(acting)));
  // Collecting ends the kind of action under way (CK:360), unless it interrupts an attack, which
  // goes on once the table overrides; collected twice, it is the once-per-turn reason above.
  if (action_phase && !data.attack && !data.placing && s == acting && !data.marks.collected_dead) {
    start_action(table, kCollecting, reasons);
  }
  reasons.raise(table);
  if (s == acting) table.data.marks.collected_dead = true;
  const std::size_t count = table.seat(s).dead_pile.size();
  table.seat(s).dead_pile.clear();
  table.purse(s, -kCollectTheDeadCost);
  table.log(trn("{0} pays {1} and takes {2} dead soldier back to hand", "{0} pays {1} and takes {2} dead soldiers back to hand",
                static_cast<long>(count), table.name(s), coins_text(kCollectTheDeadCost), count));
  return "dead_collected";
}

namespace {

std::vector<int> targets(const Table& table, bool attack) {
  std::vector<int> out;
  for (int slot = 0; slot < table.slots(); ++slot) {
    const Territory& t = table.territory(slot);
    if (attack ? (t.occupied() && t.owner != table.acting()) : !t.occupied()) out.push_back(slot);
  }
  return out;
}

std::string target_chosen(Table& table, int slot) {
  const bool attack = *table.data.choosing == kChoosingAttack;
  start_action(table, kFighting);
  check_target(table, slot, attack);
  table.data.choosing.reset();
  if (attack) {
    begin_attack(table, slot);
    return "attack_declared";
  }
  table.log(trf("{0} conquers {1}", table.name(table.acting()), table.territory(slot).title));
  begin_placing(table, slot, table.acting(), false);
  return "conquest_declared";
}

std::string choose_target(Table& table, const Command& command) {
  if (std::holds_alternative<Pass>(command)) {
    table.data.choosing.reset();
    return "target_called_off";
  }
  int slot = -1;
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    slot = table.slot_of_card(present->card_id);
    // "Attack" or "Conquer" chosen, then a soldier laid onto the territory: it names the target.
    if (slot < 0) {
      if (std::string laid = laid_on_territory(table, *present); !laid.empty()) return laid;
    }
  }
  if (const auto* choose = std::get_if<Choose>(&command)) slot = table.slot_by_title(choose->label);
  if (slot < 0) table.refuse(tr("scan or choose a territory of the kingdom, or PASS"));
  return target_chosen(table, slot);
}

}  // namespace

// A soldier or mercenary laid onto a territory's card at the Action prompt is the fight there: the
// attack on an occupied territory (the card is its first attacking card) or the conquest of an
// empty one (the card is the first under it), with the same checks as "Attack" or "Conquer" and
// the territory chosen (CK-14..17), and UNDO takes it back as one move. "" when the card lies by
// no territory the camera placed: the prompt then asks what to do, as before.
std::string laid_on_territory(Table& table, const PresentCard& present) {
  if (!table.is_military(present.card_id)) return {};
  const int slot = territory_beside(table, present.where);
  if (slot < 0) return {};
  // The kind the menu chose stands (its checks say what the territory breaks); else the stack says.
  if (!table.data.choosing) table.data.choosing = table.territory(slot).occupied() ? kChoosingAttack : kChoosingConquest;
  if (target_chosen(table, slot) == "attack_declared") {
    attack_step(table, present);
    return "attack_card";
  }
  placing_step(table, present);
  return "military_placed";
}

namespace {

// The territories conquered this turn that the acting seat still holds, each once.
std::vector<int> conquered_held(const Table& table) {
  std::vector<int> slots;
  for (int slot : table.data.marks.conquered) {
    if (table.territory(slot).owner == table.acting() && std::find(slots.begin(), slots.end(), slot) == slots.end()) {
      slots.push_back(slot);
    }
  }
  return slots;
}

// "Attack any number territories. Afterwards, collect resources from one territory conquered"
// (CK:369); "you may collect resources from one of them. Gain its [coins] or [gems] from the bank"
// (CK:416). The actions come in any order (CK:360), so it is offered from the conquest on; a second
// one, or one from a territory not conquered this turn, is CK-23's check (A7.10).
std::string conquest_collection(Table& table, int slot, const std::string& kind) {
  const auto& conquered = table.data.marks.conquered;
  Reasons reasons;
  reasons.unless(std::find(conquered.begin(), conquered.end(), slot) != conquered.end() &&
                     table.territory(slot).owner == table.acting(),
                 trf("{0} did not conquer {1} this turn", table.name(table.acting()), table.territory(slot).title));
  reasons.unless(!table.data.marks.post_collected,
                 trf("{0} has collected from a conquered territory: one territory a turn", table.name(table.acting())));
  table.data.marks.post_collected = true;
  table.collect(table.acting(), slot, kind, reasons);
  return "post_collection";
}

std::string end_actions(Table& table) {
  if (!table.data.marks.post_collected && !conquered_held(table).empty()) {
    table.data.step = Step::PostCollection;
    return "actions_done";
  }
  table.data.step = Step::Event;
  table.state.phase = N_("Event");
  return "actions_done";
}

std::string event_step(Table& table, const Command& command);

std::string action_step(Table& table, const Command& command) {
  const int s = table.acting();
  if (table.data.pending_purchase) return purchase_step(table, command);
  if (table.data.choosing) return choose_target(table, command);
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    if (table.type(present->card_id) == "hireling") return hireling_played(table, *present);
    if (table.type(present->card_id) == "event") {
      // The turn's event drawn says the actions are over (CK:373-375): no OK is needed first. A
      // collection from a territory conquered this turn is asked before: it is the seat's to take.
      if (!table.data.marks.post_collected && !conquered_held(table).empty()) {
        table.refuse(trf("{0}: first collect from a territory conquered this turn (or OK, then None)", table.name(s)));
      }
      end_actions(table);
      return event_step(table, command);
    }
    if (std::string laid = laid_on_territory(table, *present); !laid.empty()) return laid;
    const int slot = table.slot_of_card(present->card_id);
    if (slot < 0) table.refuse(trf("{0}: choose what to do first, or scan a hireling played", table.title(present->card_id)));
    // A territory shown in the Action phase is a target: attacked if it is occupied.
    table.data.choosing = table.territory(slot).occupied() ? kChoosingAttack : kChoosingConquest;
    return choose_target(table, command);
  }
  if (const auto* choose = std::get_if<Choose>(&command)) {
    // An action starts when its target or its price is told: one called off before starts nothing.
    if (chose_option(*choose, "conquer", kConquer) || chose_option(*choose, "attack", kAttack)) {
      table.data.choosing = chose_option(*choose, "conquer", kConquer) ? kChoosingConquest : kChoosingAttack;
    } else if (chose_option(*choose, "buy-hireling", kBuyHireling) || chose_option(*choose, "buy-mercenaries", kBuyMercenaries)) {
      table.data.pending_purchase = chose_option(*choose, "buy-hireling", kBuyHireling) ? kPayingHireling : kPayingMercenaries;
    } else if (chose_option(*choose, "collect-dead", kCollectDead)) {
      return collect_dead(table, s);
    } else if (const auto [slot, kind] = collection_of(table, *choose); slot >= 0) {
      return conquest_collection(table, slot, kind);
    } else {
      table.refuse(trf("no action \"{0}\"", choose->label));
    }
    return "action_chosen";
  }
  if (std::holds_alternative<Ok>(command)) return end_actions(table);
  table.refuse(trf("{0}: choose an action, scan a hireling or a territory, or OK to end the actions", table.name(s)));
}

Prompt action_prompt(const Table& table) {
  const int s = table.acting();
  Prompt prompt;
  prompt.seat = s;
  prompt.takes_cards = true;
  if (table.data.pending_purchase == kPayingHireling) {
    prompt.text = trf("{0}: the hireling's price, in coins?", table.name(s));
    prompt.wants_number = true;
    prompt.number_max = 50;
    prompt.takes_cards = false;
    prompt.pass = tr("call it off");
    return prompt;
  }
  if (table.data.pending_purchase == kPayingMercenaries) {
    prompt.text = trf("{0}: coins on mercenaries (2 cards each)?", table.name(s));
    prompt.wants_number = true;
    prompt.number_min = 1;
    prompt.number_start = 1;  // the least purchase: 1 coin, 2 cards
    // Up to the whole deck of 36: beyond three purchases (CK-11) or the cards left (CK-12) are checks.
    prompt.number_max = 36;
    prompt.takes_cards = false;
    prompt.pass = tr("call it off");
    return prompt;
  }
  if (table.data.choosing) {
    const bool attack = *table.data.choosing == kChoosingAttack;
    prompt.text = attack ? trf("{0}: which territory to attack?", table.name(s)) : trf("{0}: which territory to conquer?", table.name(s));
    // The usual targets first, then every other slot: a card may allow what CK-14 and CK-16 check.
    const std::vector<int> usual = targets(table, attack);
    for (int slot : usual) prompt.add(table.territory(slot).title, "slot:" + std::to_string(slot));
    for (int slot = 0; slot < table.slots(); ++slot) {
      if (std::find(usual.begin(), usual.end(), slot) == usual.end()) {
        prompt.add(table.territory(slot).title, "slot:" + std::to_string(slot));
      }
    }
    prompt.pass = tr("call it off");
    return prompt;
  }
  const TurnMarks& marks = table.data.marks;
  prompt.text = trf("{0}: act ({1}/3 bought), or OK to end the actions", table.name(s), marks.purchases);
  // Offered with no usual target too: the target's checks say what it breaks (CK-14, CK-16).
  prompt.add(say(kConquer), "conquer");
  prompt.add(say(kAttack), "attack");
  // Offered at 3 of 3 too: a fourth purchase is CK-11's check, not a wall.
  prompt.add(say(kBuyHireling), "buy-hireling");
  prompt.add(say(kBuyMercenaries), "buy-mercenaries");
  if (marks.collected_dead || !table.seat(s).dead_pile.empty()) prompt.add(say(kCollectDead), "collect-dead");
  add_collections(table, prompt, conquered_held(table));
  prompt.ok = tr("end the actions");
  return prompt;
}

// "After you have finished conquering all territories for the turn, you may collect resources
// from one of them" (CK:416): once, from a territory conquered this turn (A7.10).
std::string post_collection_step(Table& table, const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  if (std::holds_alternative<Pass>(command) || (choose && chose_option(*choose, "none", kNone))) {
    table.log(trf("{0} takes no collection from a conquered territory", table.name(table.acting())));
  } else if (choose) {
    const auto [slot, kind] = collection_of(table, *choose);
    if (slot < 0) table.refuse(tr("choose a territory conquered this turn, or None"));
    conquest_collection(table, slot, kind);
  } else {
    table.refuse(tr("choose Coins or Gems from a territory conquered this turn, or None"));
  }
  table.data.step = Step::Event;
  table.state.phase = N_("Event");
  return "post_collection";
}

Prompt post_collection_prompt(const Table& table) {
  Prompt prompt;
  prompt.seat = table.acting();
  prompt.text = trf("{0}: collect from one territory conquered this turn?", table.name(table.acting()));
  const std::vector<int> conquered = conquered_held(table);
  add_collections(table, prompt, conquered);
  prompt.add(say(kNone), "none");
  if (!conquered.empty()) prompt.likely = last_collection(table, prompt, table.acting(), conquered.front());
  // TRANSLATORS: what PASS does: no collection from a conquered territory.
  prompt.pass = tr("none");
  return prompt;
}

std::string event_resolved(Table& table) {
  table.log(trf("{0} has resolved {1}", table.name(table.acting()), table.data.event_title));
  next_turn(table);
  return "event_resolved";
}

std::string event_step(Table& table, const Command& command) {
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    if (table.type(present->card_id) != "event") {
      table.refuse(trf("{0} is no event: {1} draws the event card", table.title(present->card_id), table.name(table.acting())));
    }
    return event_drawn(table, present->card_id, table.title(present->card_id));
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (choose && chose_option(*choose, "untagged-event", kUntaggedEvent)) {
    event_drawn(table, "", tr("an untagged event"));
    return event_resolved(table);
  }
  table.refuse(trf("{0}: draw the top event card and scan it", table.name(table.acting())));
}

Prompt event_prompt(const Table& table) {
  const EventClock& clock = table.books().clock;
  Prompt prompt;
  prompt.seat = table.acting();
  prompt.takes_cards = true;
  prompt.text = clock.deck_size > 0
                    ? trf("{0}: scan event card {1} of {2}", table.name(table.acting()), clock.drawn + 1, clock.deck_size)
                    : trf("{0}: scan event card {1}", table.name(table.acting()), clock.drawn + 1);
  prompt.add(say(kUntaggedEvent), "untagged-event");
  return prompt;
}

std::string event_resolve_step(Table& table, const Command& command) {
  if (!std::holds_alternative<Ok>(command)) table.refuse(trf("resolve {0} at the table, then OK", table.data.event_title));
  return event_resolved(table);
}

}  // namespace

void begin_action(Table& table) {
  // A bastard shown and not used pays nothing later: blackmail is a Resource phase's (CK:539).
  table.data.marks.blackmail_from.reset();
  table.data.step = Step::Action;
  table.state.phase = N_("Action");
  table.log(trf("{0} - Action", table.name(table.acting())));
}

// "After the event resolves, discard it and the next player clockwise ... takes their turn" (CK:375).
void next_turn(Table& table) {
  ++table.state.turn;
  table.books().clock.turn = table.state.turn;
  table.begin_turn(table.next_seat(table.acting()));
}

std::string turn_step(Table& table, const Command& command) {
  switch (table.data.step) {
    case Step::Resource:
      return resource_step(table, command);
    case Step::Action:
      return action_step(table, command);
    case Step::PostCollection:
      return post_collection_step(table, command);
    case Step::Event:
      return event_step(table, command);
    case Step::EventResolve:
      return event_resolve_step(table, command);
    default:
      table.refuse(tr("no turn is being played"));
  }
}

Prompt turn_prompt(const Table& table) {
  switch (table.data.step) {
    case Step::Resource:
      return resource_prompt(table);
    case Step::Action:
      return action_prompt(table);
    case Step::PostCollection:
      return post_collection_prompt(table);
    case Step::Event:
      return event_prompt(table);
    case Step::EventResolve: {
      Prompt prompt;
      prompt.text = trf("Resolve {0} at the table, then OK", table.data.event_title);
      prompt.ok = tr("resolved");
      return prompt;
    }
    default:
      return {};
  }
}

}  // namespace seneschal::engine::cutthroat
