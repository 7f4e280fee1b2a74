// Raids ("Raids": Flow of a Raid). One Raiding Phase in Autumn: the raider names a defender,
// sends at most one unit to each of the defender's castles with a stealth card, the defender
// may put one unit with a stealth card at each castle (a bowed one is a check), then the raider picks
// raid after raid: Raid actions from the defender until both pass, the stealth cards are
// revealed (scanned, or their Fate set), Fate plus Raid bonuses decide, and a successful raider
// carries 1 + Carry food off the castle.
//
//   Defender -> AssignRaiders -> AssignDefenders -> PickCastle <-> Actions -> RevealRaider
//   -> RevealDefender (when defended) -> PickCastle ... -> (Autumn)
#include <algorithm>

#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {

constexpr Table::Assault kARaid{kAutumn, "raid", "raids", "raided", "a", &SeatBooks::raided};

Raid& raid_of(Table& table) { return *table.data.raid; }

int other_side(const Raid& raid, int seat) { return seat == raid.defender ? raid.raider : raid.defender; }

std::string castle_name(const Table& table, const Raid& raid, int castle) {
  return table.castle_label(raid.defender, castle);
}

// A hero that left play (through Adjust) leaves its raid.
void prune(Table& table) {
  Raid& raid = raid_of(table);
  for (auto& [castle, slot] : raid.slots) {
    if (slot.raider != 0 && table.find(slot.raider).seat != raid.raider) slot.raider = 0;
    if (slot.defender != 0 && table.find(slot.defender).seat != raid.defender) slot.defender = 0;
  }
}

bool assigned(const Raid& raid, int uid) {
  for (const auto& [castle, slot] : raid.slots) {
    if (slot.raider == uid || slot.defender == uid) return true;
  }
  return false;
}

// Heroes not yet assigned, bowed ones too: a bowed one is a check when chosen (line 753).
std::vector<int> free_heroes(const Table& table, const Raid& raid, int seat) {
  std::vector<int> out;
  for (int uid : table.heroes(seat, false)) {
    if (!assigned(raid, uid)) out.push_back(uid);
  }
  return out;
}

// Castles still open to the side that is assigning.
std::vector<int> open_castles(const Table& table, const Raid& raid) {
  const bool raiding = raid.stage == Raid::Stage::AssignRaiders;
  std::vector<int> out;
  for (int castle : table.live_castles(raid.defender)) {
    auto it = raid.slots.find(castle);
    const int there = it == raid.slots.end() ? 0 : raiding ? it->second.raider : it->second.defender;
    if (there == 0) out.push_back(castle);
  }
  return out;
}

std::vector<int> raids_to_pick(const Table& table, const Raid& raid) {
  std::vector<int> out;
  for (int castle : table.live_castles(raid.defender)) {
    auto it = raid.slots.find(castle);
    if (it != raid.slots.end() && it->second.raider != 0 && !it->second.resolved) out.push_back(castle);
  }
  return out;
}

// "Raid +1" and "Carry X" from the keywords of the hero and everything attached; a card whose
// keywords the data does not state is asked about ("raid_bonus", "carry_bonus").
int unit_bonus(const Table& table, int hero, std::string_view keyword, std::string_view stat) {
  std::vector<int> unit = {hero};
  for (int other : table.attached(hero)) unit.push_back(other);
  int total = 0;
  for (int uid : unit) {
    const std::string& id = table.find(uid).card->card;
    if (table.keywords_known(id)) {
      total += table.keyword_number(id, keyword);
    } else {
      total += table.value(id, stat);
    }
  }
  return total;
}

void finish_raids(Table& table) {
  Raid& raid = raid_of(table);
  for (int castle : table.live_castles(raid.defender)) {
    auto it = raid.slots.find(castle);
    if (it == raid.slots.end() || it->second.raider == 0) {
      table.log("No raider at " + castle_name(table, raid, castle) + ": nothing happens there");
    }
  }
  const int raider = raid.raider;
  table.data.raid.reset();
  table.log("The Raiding Phase ends");
  end_action(table, raider);
}

void start_raid(Table& table, int castle) {
  Raid& raid = raid_of(table);
  raid.castle = castle;
  raid.stage = Raid::Stage::Actions;
  raid.to_act = raid.defender;
  raid.passes = 0;
  table.state.to_act = raid.to_act;
  const RaidSlot& slot = raid.slots.at(castle);
  table.log("The raid on " + table.name(raid.defender) + "'s " + castle_name(table, raid, castle) + ": " +
            table.label(slot.raider) + " raids, " +
            (slot.defender != 0 ? table.label(slot.defender) + " defends" : std::string("undefended")) + "; " +
            table.name(raid.defender) + " acts first");
}

void advance(Table& table) {
  Raid& raid = raid_of(table);
  if (raid.stage == Raid::Stage::AssignRaiders && raid.picking == 0 &&
      (free_heroes(table, raid, raid.raider).empty() || open_castles(table, raid).empty())) {
    if (raids_to_pick(table, raid).empty()) table.log(table.name(raid.raider) + " has no hero to raid with");
    raid.stage = Raid::Stage::AssignDefenders;
  }
  if (raid.stage == Raid::Stage::AssignDefenders && raids_to_pick(table, raid).empty()) {
    raid.stage = Raid::Stage::PickCastle;  // no raider: nothing to defend against
  }
  if (raid.stage == Raid::Stage::AssignDefenders && raid.picking == 0 &&
      (free_heroes(table, raid, raid.defender).empty() || open_castles(table, raid).empty())) {
    bool any = false;
    for (const auto& [castle, slot] : raid.slots) any = any || slot.defender != 0;
    if (!any) table.log(table.name(raid.defender) + " has no hero to defend with");
    raid.stage = Raid::Stage::PickCastle;
  }
  if (raid.stage == Raid::Stage::AssignRaiders) table.state.to_act = raid.raider;
  if (raid.stage == Raid::Stage::AssignDefenders) table.state.to_act = raid.defender;
  if (raid.stage != Raid::Stage::PickCastle) return;
  table.state.to_act = raid.raider;
  const std::vector<int> castles = raids_to_pick(table, raid);
  if (castles.empty()) return finish_raids(table);
  if (castles.size() == 1) start_raid(table, castles[0]);
}

void assign(Table& table, int hero, int castle) {
  Raid& raid = raid_of(table);
  const bool raiding = raid.stage == Raid::Stage::AssignRaiders;
  RaidSlot& slot = raid.slots[castle];
  (raiding ? slot.raider : slot.defender) = hero;
  raid.picking = 0;
  table.log(table.name(raiding ? raid.raider : raid.defender) + (raiding ? " sends " : " defends ") +
            (raiding ? table.label(hero) + " to raid " + castle_name(table, raid, castle)
                     : castle_name(table, raid, castle) + " with " + table.label(hero)) +
            ", with a stealth card face down");
}

std::string assign_step(Table& table, const Command& command) {
  Raid& raid = raid_of(table);
  const bool raiding = raid.stage == Raid::Stage::AssignRaiders;
  const int seat = raiding ? raid.raider : raid.defender;
  const auto* choose = std::get_if<Choose>(&command);
  const bool pass = std::holds_alternative<Pass>(command);
  const std::string label = choose ? choose->label : std::holds_alternative<Ok>(command) ? kDone : "";
  if (raid.picking != 0) {
    if (pass || label == kCancel) {
      table.log(table.name(seat) + " does not send " + table.label(raid.picking) + " after all");
      raid.picking = 0;
      return "assign_cancelled";
    }
    const int castle = table.castle_by_label(raid.defender, label);
    const std::vector<int> open = open_castles(table, raid);
    if (castle < 0 || std::find(open.begin(), open.end(), castle) == open.end()) {
      table.refuse("\"" + label + "\" is not one of " + table.name(raid.defender) + "'s castles open to " +
                   table.label(raid.picking));
    }
    assign(table, raid.picking, castle);
    advance(table);
    return raiding ? "raider_assigned" : "raid_defender_assigned";
  }
  if (raiding && raids_to_pick(table, raid).empty() && (pass || label == kCancel)) {
    table.data.seats[raid.raider].raided = false;
    table.log(table.name(raid.raider) + " calls off the raid");
    table.state.to_act = raid.raider;
    table.data.raid.reset();
    return "raid_cancelled";
  }
  // PASS is Done, but the raider's calls the raid off until a raid is set up (above).
  if (label == kDone || pass) {
    raid.stage = raiding ? Raid::Stage::AssignDefenders : Raid::Stage::PickCastle;
    table.log(table.name(seat) + (raiding ? " sends no more raiders" : " sends no more defenders"));
    advance(table);
    return raiding ? "raiders_done" : "raid_defenders_done";
  }
  if (!choose) table.refuse(table.name(seat) + ": choose a hero, or Done");
  const int hero = table.uid_by_label(free_heroes(table, raid, seat), label);
  if (hero == 0) table.refuse("no hero \"" + label + "\" of " + table.name(seat) + " left to assign");
  check_unbowed(table, hero);
  const std::vector<int> open = open_castles(table, raid);
  if (open.size() == 1) {
    assign(table, hero, open[0]);
    advance(table);
  } else {
    raid.picking = hero;
    table.log(table.name(seat) + " picks " + table.label(hero) + (raiding ? " to raid" : " to defend"));
  }
  return raiding ? "raider_picked" : "raid_defender_picked";
}

// Reveal done on both sides: decide, move the food, send the units home.
void resolve(Table& table) {
  Raid& raid = raid_of(table);
  const int castle_index = raid.castle;
  RaidSlot& slot = raid.slots.at(castle_index);
  CastleState& castle = table.books(raid.defender).castles[castle_index];
  const std::string where = castle_name(table, raid, castle_index);
  const int raider_bonus = unit_bonus(table, slot.raider, "Raid", "raid_bonus");
  const int raider_total = slot.raider_fate + raider_bonus;
  const std::string raider_sum = std::to_string(raider_total) + " (Fate " + std::to_string(slot.raider_fate) +
                                 (raider_bonus != 0 ? " + Raid " + std::to_string(raider_bonus) : "") + ")";
  bool success = false;
  if (slot.defender != 0) {
    const int defender_bonus = unit_bonus(table, slot.defender, "Raid", "raid_bonus");
    const int defender_total = slot.defender_fate + defender_bonus;
    success = raider_total > defender_total;
    table.log(table.label(slot.raider) + " " + raider_sum + " against " + table.label(slot.defender) + " " +
              std::to_string(defender_total) + " (Fate " + std::to_string(slot.defender_fate) +
              (defender_bonus != 0 ? " + Raid " + std::to_string(defender_bonus) : "") +
              "): " + (success ? "the raid succeeds, " + table.name(raid.raider) + " wins"
                               : "the raid fails, " + table.name(raid.defender) + " wins (the defender wins ties)"));
  } else {
    const int might = table.value(castle.card, "might");
    success = raider_total > might;
    table.log(table.label(slot.raider) + " " + raider_sum + " against the Might " + std::to_string(might) + " of " +
              where + ": " + (success ? "the raid succeeds, " + table.name(raid.raider) + " wins"
                                      : "the raid fails, " + table.name(raid.defender) + " wins (it must exceed the Might)"));
  }
  if (success) {
    const int carry = unit_bonus(table, slot.raider, "Carry", "carry_bonus");
    const int take = std::min(castle.food, 1 + carry);
    castle.food -= take;
    table.find(slot.raider).card->tokens[kFoodToken] += take;
    table.log(table.name(raid.raider) + " moves " + std::to_string(take) + " food from " + where + " onto " +
              table.label(slot.raider) + (carry > 0 ? " (Carry " + std::to_string(carry) + ")" : "") +
              (take < 1 + carry ? " - all there was" : ""));
  }
  CardInPlay& raider = *table.find(slot.raider).card;
  raider.bowed = true;
  for (int other : table.attached(slot.raider)) table.find(other).card->bowed = true;
  table.log(std::string(slot.defender != 0 ? "The stealth cards are" : "The stealth card is") + " discarded; " +
            table.label(slot.raider) + " goes home bowed" +
            (slot.defender != 0 ? ", " + table.label(slot.defender) + " goes home unbowed" : ""));
  slot.resolved = true;
  raid.castle = -1;
  raid.stage = Raid::Stage::PickCastle;
  advance(table);
}

std::string reveal_step(Table& table, const Command& command) {
  Raid& raid = raid_of(table);
  RaidSlot& slot = raid.slots.at(raid.castle);
  const bool raider_side = raid.stage == Raid::Stage::RevealRaider;
  const int seat = raider_side ? raid.raider : raid.defender;
  const int hero = raider_side ? slot.raider : slot.defender;
  int fate = -1;
  std::string shown;
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    const Card& card = table.card(present->card_id);
    fate = table.value(card.id, "fate");
    shown = card.title + " (Fate " + std::to_string(fate) + ")";
  } else if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 0) table.refuse("a Fate value is never below zero");
    fate = number->value;
    shown = "a stealth card of Fate " + std::to_string(fate);
  } else {
    table.refuse(table.name(seat) + ": scan the stealth card on " + table.label(hero) + ", or set its Fate");
  }
  (raider_side ? slot.raider_fate : slot.defender_fate) = fate;
  table.log(table.name(seat) + " reveals " + shown + " on " + table.label(hero));
  if (raider_side && slot.defender != 0) {
    raid.stage = Raid::Stage::RevealDefender;
    table.state.to_act = raid.defender;
    return "stealth_revealed";
  }
  resolve(table);
  return "raid_resolved";
}

std::string actions_step(Table& table, const Command& command) {
  Raid& raid = raid_of(table);
  const int seat = raid.to_act;
  const std::string& name = table.name(seat);
  const RaidSlot& slot = raid.slots.at(raid.castle);
  const std::string where = castle_name(table, raid, raid.castle);
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    const Card& card = table.card(present->card_id);
    if (card.type != "tactic") return play_in_battle(table, *present, "raid");
    const int mine = seat == raid.raider ? slot.raider : slot.defender;
    table.check(mine != 0, name + " has no hero in the raid on " + where +
                               ": a tactic needs a unit in the raid (unless it moves one in)");
    table.log(name + " plays " + card.title + " in the raid on " + where);
    raid.passes = 0;
    raid.to_act = other_side(raid, seat);
    table.state.to_act = raid.to_act;
    return "tactic_played";
  }
  if (std::holds_alternative<Pass>(command)) {
    table.log(name + " passes in the raid on " + where);
    raid.passes += 1;
    raid.to_act = other_side(raid, seat);
    table.state.to_act = raid.to_act;
    if (raid.passes >= 2) {
      raid.stage = Raid::Stage::RevealRaider;
      table.state.to_act = raid.raider;
    }
    return "raid_passed";
  }
  table.refuse(name + ": scan a tactic for a Raid ability, or PASS");
}

}  // namespace

void begin_raid(Table& table) {
  Raid raid;
  raid.raider = table.state.to_act;
  const std::optional<int> defender = table.declare(kARaid);
  table.data.raid = raid;
  if (defender) {
    table.data.raid->defender = *defender;
    table.data.raid->stage = Raid::Stage::AssignRaiders;
    advance(table);
  }
}

std::string raid_step(Table& table, const Command& command) {
  prune(table);
  Raid& raid = raid_of(table);
  const bool at_castle = raid.stage == Raid::Stage::Actions || raid.stage == Raid::Stage::RevealRaider ||
                         raid.stage == Raid::Stage::RevealDefender;
  if (at_castle && raid.slots.at(raid.castle).raider == 0) {
    // The raider left play (Adjust): that raid is over, nothing is stolen.
    table.log("The raider at " + castle_name(table, raid, raid.castle) + " left play: nothing is stolen there");
    raid.slots.at(raid.castle).resolved = true;
    raid.castle = -1;
    raid.stage = Raid::Stage::PickCastle;
    advance(table);
    return "raid_resolved";
  }
  if (raid.stage == Raid::Stage::RevealDefender && raid.slots.at(raid.castle).defender == 0) {
    resolve(table);  // the defender left play: the raid is undefended
    return "raid_resolved";
  }
  const auto* choose = std::get_if<Choose>(&command);
  switch (raid.stage) {
    case Raid::Stage::Defender: {
      const std::optional<int> defender = table.defender_chosen(kARaid, raid.raider, command);
      if (!defender) {
        table.data.raid.reset();
        return "raid_cancelled";
      }
      raid.defender = *defender;
      raid.stage = Raid::Stage::AssignRaiders;
      advance(table);
      return "raid_defender_chosen";
    }
    case Raid::Stage::AssignRaiders:
    case Raid::Stage::AssignDefenders:
      return assign_step(table, command);
    case Raid::Stage::PickCastle: {
      if (!choose) table.refuse(table.name(raid.raider) + ": choose the raid to resolve next");
      const int castle = table.castle_by_label(raid.defender, choose->label);
      const std::vector<int> open = raids_to_pick(table, raid);
      if (castle < 0 || std::find(open.begin(), open.end(), castle) == open.end()) {
        table.refuse("no raid left at \"" + choose->label + "\"");
      }
      start_raid(table, castle);
      return "raid_picked";
    }
    case Raid::Stage::Actions:
      return actions_step(table, command);
    case Raid::Stage::RevealRaider:
    case Raid::Stage::RevealDefender:
      return reveal_step(table, command);
  }
  table.refuse("no raid in progress");
}

Prompt raid_prompt(const Table& table) {
  const Raid& raid = *table.data.raid;
  Prompt prompt;
  switch (raid.stage) {
    case Raid::Stage::Defender:
      prompt.text = table.name(raid.raider) + ": raid which player?";
      for (int seat : table.opponents_with_castles(raid.raider)) offer(prompt, table.name(seat));
      offer(prompt, kCancel);
      prompt.pass = "call off the raid";
      return prompt;
    case Raid::Stage::AssignRaiders:
    case Raid::Stage::AssignDefenders: {
      const bool raiding = raid.stage == Raid::Stage::AssignRaiders;
      const int seat = raiding ? raid.raider : raid.defender;
      if (raid.picking != 0) {
        prompt.text = table.name(seat) + ": " + table.label(raid.picking) + (raiding ? " raids" : " defends") +
                      " which castle? (one unit per castle, with a stealth card face down)";
        for (int castle : open_castles(table, raid)) offer(prompt, castle_name(table, raid, castle));
        offer(prompt, kCancel);
        prompt.pass = "choose another hero";
        return prompt;
      }
      prompt.text = table.name(seat) + ": choose a hero to " +
                    (raiding ? "raid " + table.name(raid.defender) + "'s castles" : "defend a castle") +
                    " (one per castle, each with a stealth card), or Done";
      offer_heroes(table, prompt, free_heroes(table, raid, seat), raiding ? "raiders done" : "defenders done",
                   raiding && raids_to_pick(table, raid).empty() ? "call off the raid" : "");
      return prompt;
    }
    case Raid::Stage::PickCastle:
      prompt.text = table.name(raid.raider) + ": which raid is resolved next?";
      for (int castle : raids_to_pick(table, raid)) offer(prompt, castle_name(table, raid, castle));
      return prompt;
    case Raid::Stage::Actions: {
      const std::string where = castle_name(table, raid, raid.castle);
      prompt.text = table.name(raid.to_act) + "'s Raid action at " + where + ": scan a tactic, or PASS";
      prompt.takes_cards = true;
      prompt.pass = raid.passes > 0 ? "pass (reveal the stealth cards)" : "pass";
      return prompt;
    }
    case Raid::Stage::RevealRaider:
    case Raid::Stage::RevealDefender: {
      const bool raider_side = raid.stage == Raid::Stage::RevealRaider;
      const RaidSlot& slot = raid.slots.at(raid.castle);
      prompt.text = table.name(raider_side ? raid.raider : raid.defender) + ": reveal the stealth card on " +
                    table.label(raider_side ? slot.raider : slot.defender) + " - scan it, or set its Fate";
      prompt.takes_cards = true;
      prompt.wants_number = true;
      return prompt;
    }
  }
  return prompt;
}

}  // namespace seneschal::engine::r9e
