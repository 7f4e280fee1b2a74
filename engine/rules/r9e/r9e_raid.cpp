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

constexpr Table::Assault kARaid{kAutumn,
                                N_("raids are declared in {0}; it is {1}"),
                                N_("{0} has already raided this turn: one raid per player per turn"),
                                N_("no other player has a castle to raid"),
                                N_("{0} raids {1}"),
                                N_("{0} declares a raid"),
                                N_("{0} calls off the raid"),
                                N_("{0}: choose the player to raid"),
                                N_("\"{0}\" is not a player {1} can raid"),
                                &SeatBooks::raided};

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
      table.log(trf("No raider at {0}: nothing happens there", castle_name(table, raid, castle)));
    }
  }
  const int raider = raid.raider;
  table.data.raid.reset();
  table.log(tr("The Raiding Phase ends"));
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
  const std::string& defender = table.name(raid.defender);
  const std::string where = castle_name(table, raid, castle);
  table.log(slot.defender != 0 ? trf("The raid on {0}'s {1}: {2} raids, {3} defends; {0} acts first", defender, where,
                                     table.label(slot.raider), table.label(slot.defender))
                               : trf("The raid on {0}'s {1}: {2} raids, undefended; {0} acts first", defender, where,
                                     table.label(slot.raider)));
}

void advance(Table& table) {
  Raid& raid = raid_of(table);
  if (raid.stage == Raid::Stage::AssignRaiders && raid.picking == 0 &&
      (free_heroes(table, raid, raid.raider).empty() || open_castles(table, raid).empty())) {
    if (raids_to_pick(table, raid).empty()) table.log(trf("{0} has no hero to raid with", table.name(raid.raider)));
    raid.stage = Raid::Stage::AssignDefenders;
  }
  if (raid.stage == Raid::Stage::AssignDefenders && raids_to_pick(table, raid).empty()) {
    raid.stage = Raid::Stage::PickCastle;  // no raider: nothing to defend against
  }
  if (raid.stage == Raid::Stage::AssignDefenders && raid.picking == 0 &&
      (free_heroes(table, raid, raid.defender).empty() || open_castles(table, raid).empty())) {
    bool any = false;
    for (const auto& [castle, slot] : raid.slots) any = any || slot.defender != 0;
    if (!any) table.log(trf("{0} has no hero to defend with", table.name(raid.defender)));
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
  table.log(raiding ? trf("{0} sends {1} to raid {2}, with a stealth card face down", table.name(raid.raider),
                          table.label(hero), castle_name(table, raid, castle))
                    : trf("{0} defends {1} with {2}, with a stealth card face down", table.name(raid.defender),
                          castle_name(table, raid, castle), table.label(hero)));
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
      table.log(trf("{0} does not send {1} after all", table.name(seat), table.label(raid.picking)));
      raid.picking = 0;
      return "assign_cancelled";
    }
    const int castle = table.castle_by_label(raid.defender, label);
    const std::vector<int> open = open_castles(table, raid);
    if (castle < 0 || std::find(open.begin(), open.end(), castle) == open.end()) {
      table.refuse(trf("\"{0}\" is not one of {1}'s castles open to {2}", label, table.name(raid.defender),
                       table.label(raid.picking)));
    }
    assign(table, raid.picking, castle);
    advance(table);
    return raiding ? "raider_assigned" : "raid_defender_assigned";
  }
  if (raiding && raids_to_pick(table, raid).empty() && (pass || label == kCancel)) {
    table.data.seats[raid.raider].raided = false;
    table.log(trf("{0} calls off the raid", table.name(raid.raider)));
    table.state.to_act = raid.raider;
    table.data.raid.reset();
    return "raid_cancelled";
  }
  // PASS is Done, but the raider's calls the raid off until a raid is set up (above).
  if (label == kDone || pass) {
    raid.stage = raiding ? Raid::Stage::AssignDefenders : Raid::Stage::PickCastle;
    table.log(raiding ? trf("{0} sends no more raiders", table.name(seat)) : trf("{0} sends no more defenders", table.name(seat)));
    advance(table);
    return raiding ? "raiders_done" : "raid_defenders_done";
  }
  if (!choose) table.refuse(trf("{0}: choose a hero, or Done", table.name(seat)));
  const int hero = table.uid_by_label(free_heroes(table, raid, seat), label);
  if (hero == 0) table.refuse(trf("no hero \"{0}\" of {1} left to assign", label, table.name(seat)));
  check_unbowed(table, hero);
  const std::vector<int> open = open_castles(table, raid);
  if (open.size() == 1) {
    assign(table, hero, open[0]);
    advance(table);
  } else {
    raid.picking = hero;
    table.log(raiding ? trf("{0} picks {1} to raid", table.name(seat), table.label(hero))
                      : trf("{0} picks {1} to defend", table.name(seat), table.label(hero)));
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
  // "9 (Fate 7 + Raid 2)"
  const auto sum = [](int total, int fate, int bonus) {
    return bonus != 0 ? trf("{0} (Fate {1} + Raid {2})", total, fate, bonus) : trf("{0} (Fate {1})", total, fate);
  };
  const std::string raider_sum = sum(raider_total, slot.raider_fate, raider_bonus);
  bool success = false;
  if (slot.defender != 0) {
    const int defender_bonus = unit_bonus(table, slot.defender, "Raid", "raid_bonus");
    const int defender_total = slot.defender_fate + defender_bonus;
    success = raider_total > defender_total;
    table.log(trf("{0} {1} against {2} {3}: {4}", table.label(slot.raider), raider_sum, table.label(slot.defender),
                  sum(defender_total, slot.defender_fate, defender_bonus),
                  success ? trf("the raid succeeds, {0} wins", table.name(raid.raider))
                          : trf("the raid fails, {0} wins (the defender wins ties)", table.name(raid.defender))));
  } else {
    const int might = table.value(castle.card, "might");
    success = raider_total > might;
    table.log(trf("{0} {1} against the Might {2} of {3}: {4}", table.label(slot.raider), raider_sum, might, where,
                  success ? trf("the raid succeeds, {0} wins", table.name(raid.raider))
                          : trf("the raid fails, {0} wins (it must exceed the Might)", table.name(raid.defender))));
  }
  if (success) {
    const int carry = unit_bonus(table, slot.raider, "Carry", "carry_bonus");
    const int take = std::min(castle.food, 1 + carry);
    castle.food -= take;
    table.find(slot.raider).card->tokens[kFoodToken] += take;
    std::string moved = trn("{0} moves {1} food from {2} onto {3}", "{0} moves {1} food from {2} onto {3}", take,
                            table.name(raid.raider), take, where, table.label(slot.raider));
    if (carry > 0) moved = trf("{0} (Carry {1})", moved, carry);
    if (take < 1 + carry) moved = trf("{0} - all there was", moved);
    table.log(moved);
  }
  CardInPlay& raider = *table.find(slot.raider).card;
  raider.bowed = true;
  for (int other : table.attached(slot.raider)) table.find(other).card->bowed = true;
  table.log(slot.defender != 0 ? trf("The stealth cards are discarded; {0} goes home bowed, {1} goes home unbowed",
                                     table.label(slot.raider), table.label(slot.defender))
                               : trf("The stealth card is discarded; {0} goes home bowed", table.label(slot.raider)));
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
    shown = trf("{0} (Fate {1})", card.title, fate);
  } else if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 0) table.refuse(tr("a Fate value is never below zero"));
    fate = number->value;
    shown = trf("a stealth card of Fate {0}", fate);
  } else {
    table.refuse(trf("{0}: scan the stealth card on {1}, or set its Fate", table.name(seat), table.label(hero)));
  }
  (raider_side ? slot.raider_fate : slot.defender_fate) = fate;
  table.log(trf("{0} reveals {1} on {2}", table.name(seat), shown, table.label(hero)));
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
    table.check(mine != 0,
                trf("{0} has no hero in the raid on {1}: a tactic needs a unit in the raid (unless it moves one in)", name, where));
    table.log(trf("{0} plays {1} in the raid on {2}", name, card.title, where));
    raid.passes = 0;
    raid.to_act = other_side(raid, seat);
    table.state.to_act = raid.to_act;
    return "tactic_played";
  }
  if (std::holds_alternative<Pass>(command)) {
    table.log(trf("{0} passes in the raid on {1}", name, where));
    raid.passes += 1;
    raid.to_act = other_side(raid, seat);
    table.state.to_act = raid.to_act;
    if (raid.passes >= 2) {
      raid.stage = Raid::Stage::RevealRaider;
      table.state.to_act = raid.raider;
    }
    return "raid_passed";
  }
  table.refuse(trf("{0}: scan a tactic for a Raid ability, or PASS", name));
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
    table.log(trf("The raider at {0} left play: nothing is stolen there", castle_name(table, raid, raid.castle)));
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
      if (!choose) table.refuse(trf("{0}: choose the raid to resolve next", table.name(raid.raider)));
      const int castle = table.castle_by_label(raid.defender, choose->label);
      const std::vector<int> open = raids_to_pick(table, raid);
      if (castle < 0 || std::find(open.begin(), open.end(), castle) == open.end()) {
        table.refuse(trf("no raid left at \"{0}\"", choose->label));
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
  table.refuse(tr("no raid in progress"));
}

std::string raid_assign_by_moving(Table& table, int uid, const Placement& where) {
  Raid& raid = raid_of(table);
  const bool raiding = raid.stage == Raid::Stage::AssignRaiders;
  if ((!raiding && raid.stage != Raid::Stage::AssignDefenders) || raid.picking != 0) return {};
  const int seat = raiding ? raid.raider : raid.defender;
  if (where.seat != raid.defender || table.find(uid).seat != seat || assigned(raid, uid)) return {};
  const int castle = castle_nearest(table, raid.defender, where);
  const std::vector<int> open = open_castles(table, raid);
  const bool castle_open = std::find(open.begin(), open.end(), castle) != open.end();
  const std::string picked = assign_step(table, Choose{table.label(uid)});
  if (raid_of(table).picking != uid || !castle_open) return picked;
  return assign_step(table, Choose{castle_name(table, raid, castle)});
}

Prompt raid_prompt(const Table& table) {
  const Raid& raid = *table.data.raid;
  Prompt prompt;
  switch (raid.stage) {
    case Raid::Stage::Defender:
      prompt.text = trf("{0}: raid which player?", table.name(raid.raider));
      for (int seat : table.opponents_with_castles(raid.raider)) offer(prompt, table.name(seat));
      offer(prompt, kCancel);
      prompt.pass = tr("call off the raid");
      return prompt;
    case Raid::Stage::AssignRaiders:
    case Raid::Stage::AssignDefenders: {
      const bool raiding = raid.stage == Raid::Stage::AssignRaiders;
      const int seat = raiding ? raid.raider : raid.defender;
      if (raid.picking != 0) {
        prompt.text = raiding ? trf("{0}: {1} raids which castle? (one unit per castle, with a stealth card face down)",
                                    table.name(seat), table.label(raid.picking))
                              : trf("{0}: {1} defends which castle? (one unit per castle, with a stealth card face down)",
                                    table.name(seat), table.label(raid.picking));
        for (int castle : open_castles(table, raid)) offer(prompt, castle_name(table, raid, castle));
        offer(prompt, kCancel);
        prompt.pass = tr("choose another hero");
        return prompt;
      }
      prompt.text = raiding ? trf("{0}: choose a hero to raid {1}'s castles (one per castle, each with a stealth card), "
                                  "or Done",
                                  table.name(seat), table.name(raid.defender))
                            : trf("{0}: choose a hero to defend a castle (one per castle, each with a stealth card), or Done",
                                  table.name(seat));
      offer_heroes(table, prompt, free_heroes(table, raid, seat), raiding ? tr("raiders done") : tr("defenders done"),
                   raiding && raids_to_pick(table, raid).empty() ? tr("call off the raid") : "");
      return prompt;
    }
    case Raid::Stage::PickCastle:
      prompt.text = trf("{0}: which raid is resolved next?", table.name(raid.raider));
      for (int castle : raids_to_pick(table, raid)) offer(prompt, castle_name(table, raid, castle));
      return prompt;
    case Raid::Stage::Actions: {
      const std::string where = castle_name(table, raid, raid.castle);
      prompt.text = trf("{0}'s Raid action at {1}: scan a tactic, or PASS", table.name(raid.to_act), where);
      prompt.takes_cards = true;
      prompt.pass = raid.passes > 0 ? tr("pass (reveal the stealth cards)") : tr("pass");
      return prompt;
    }
    case Raid::Stage::RevealRaider:
    case Raid::Stage::RevealDefender: {
      const bool raider_side = raid.stage == Raid::Stage::RevealRaider;
      const RaidSlot& slot = raid.slots.at(raid.castle);
      prompt.text = trf("{0}: reveal the stealth card on {1} - scan it, or set its Fate",
                        table.name(raider_side ? raid.raider : raid.defender),
                        table.label(raider_side ? slot.raider : slot.defender));
      prompt.takes_cards = true;
      prompt.wants_number = true;
      return prompt;
    }
  }
  return prompt;
}

}  // namespace seneschal::engine::r9e
