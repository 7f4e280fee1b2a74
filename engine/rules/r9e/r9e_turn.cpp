// The turn: Spring's banner, actions one at a time from the Ordained clockwise in Summer and
// Autumn, a phase ending when every seat still in the game passes in a row, and the MENU.
#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {


void begin_summer(Table& table) {
  table.data.spring_waiting = false;
  table.state.phase = kSummer;
  table.state.to_act = table.data.ordained;
  table.state.passes_in_a_row = 0;
  table.log(trf("Turn {0} - Summer: {1} acts first", table.state.turn, table.name(table.data.ordained)));
}

void end_phase(Table& table) {
  table.state.passes_in_a_row = 0;
  if (table.state.phase == kSummer) {
    table.state.phase = kAutumn;
    table.state.to_act = table.data.ordained;
    table.log(trf("Autumn: {0} acts first", table.name(table.data.ordained)));
  } else {
    begin_winter(table);
  }
}

std::string pass(Table& table) {
  const int seat = table.state.to_act;
  table.log(trf("{0} passes", table.name(seat)));
  ++table.state.passes_in_a_row;
  table.state.to_act = table.next_seat(seat);
  if (table.state.passes_in_a_row >= table.active_seats()) end_phase(table);
  return "passed";
}

}  // namespace

void begin_spring(Table& table) {
  table.state.phase = kSpring;
  std::string straightened;
  for (int seat = 0; seat < table.seats(); ++seat) {
    SeatBooks& books = table.data.seats[seat];
    books.attacked = false;
    books.raided = false;
    if (books.stronghold_bowed) {
      books.stronghold_bowed = false;
      straightened += (straightened.empty() ? "" : ", ") + table.title(books.stronghold);
    }
    for (CardInPlay& card : table.state.players[seat].in_play) {
      if (!card.bowed) continue;
      card.bowed = false;
      straightened += (straightened.empty() ? "" : ", ") + table.label(card.uid);
    }
  }
  table.data.spring_waiting = true;
  table.state.to_act = table.data.ordained;
  table.log(straightened.empty() ? trf("Turn {0} - Spring: nothing is bowed", table.state.turn)
                                 : trf("Turn {0} - Spring: straighten {1}", table.state.turn, straightened));
}

void end_action(Table& table, int seat) {
  table.state.passes_in_a_row = 0;
  // A card played during a battle or a raid (an override) leaves its order alone.
  if (table.data.battle || table.data.raid) return;
  table.state.to_act = table.next_seat(seat);
}

std::string phase_step(Table& table, const Command& command) {
  if (table.data.spring_waiting) {
    if (std::holds_alternative<Ok>(command)) {
      begin_summer(table);
      return "spring_done";
    }
    // A card shown in Spring is played, out of its phase: a check, since the card may say so
    // ("applies any effects that may or must be done in the Spring Phase", line 428).
    if (const auto* present = std::get_if<PresentCard>(&command)) return play_card(table, *present);
    table.refuse(tr("Spring: straighten your cards, then press OK"));
  }
  if (const auto* present = std::get_if<PresentCard>(&command)) return play_card(table, *present);
  if (std::holds_alternative<Pass>(command)) return pass(table);
  table.refuse(trf("{0}: scan a card to play it, PASS, or MENU for other moves", table.name(table.state.to_act)));
}

Prompt phase_prompt(const Table& table) {
  Prompt prompt;
  const std::string& name = table.name(table.state.to_act);
  if (table.data.spring_waiting) {
    prompt.text = tr("Spring: everyone straightens their cards. OK to begin Summer");
    prompt.ok = tr(kSummer);
    prompt.takes_cards = true;  // a card shown is played, a check out of Summer
    // Nothing to decide: the books straightened every card, the table turns them back as it
    // likes (the camera follows), and Summer comes by itself after the countdown.
    prompt.idle = true;
    return prompt;
  }
  prompt.takes_cards = true;
  prompt.pass = tr("pass");
  if (table.state.phase == kSummer) {
    prompt.text = trf("{0}: bring a card into play, or MENU to attack - PASS to pass", name);
  } else {
    prompt.text = trf("{0}: play an Autumn card, or MENU to raid - PASS to pass", name);
  }
  return prompt;
}

std::vector<Words> menu_items(const Table& table) {
  std::vector<Words> items;
  const Data& data = table.data;
  const bool busy = data.payment || data.setup || data.duel || data.adjust || data.winter || data.spring_waiting;
  if (!busy && !data.battle && !data.raid) {
    // Attack and Raid in both action phases, a second one too: out of its phase or once too
    // often is a check the card may override, never a move left out ("The First Rule").
    items.push_back(say(kAttack));
    items.push_back(say(kRaid));
  }
  // A player outside a battle may join it late (a card's doing): a check, never a move left out.
  if (!busy && data.battle) {
    for (const Words& join : join_items(table)) items.push_back(join);
  }
  // Duels come from card text, also in the middle of a battle or a raid, and a React may start
  // one in Spring or Winter (a check there); not while a payment, setup or Adjust is open.
  if (!data.payment && !data.setup && !data.duel && !data.adjust) items.push_back(say(kDuel));
  if (!data.setup) {
    for (int seat = 0; seat < table.seats(); ++seat) {
      for (const std::string& quest : incomplete_quests(table, seat)) {
        items.push_back(say("Complete quest: {0} ({1})", quest, table.name(seat)));
      }
    }
  }
  if (!data.adjust && !data.payment) items.push_back(say(kAdjust));
  return items;
}

std::string menu_step(Table& table, const std::string& label) {
  const std::vector<Words> items = menu_items(table);
  if (std::none_of(items.begin(), items.end(), [&](const Words& item) { return item.en == label; })) {
    table.refuse(trf("the menu has no \"{0}\" now", label));
  }
  if (label == kAttack) {
    begin_attack(table);
    return "attack_declared";
  }
  if (label == kRaid) {
    begin_raid(table);
    return "raid_declared";
  }
  if (label == kDuel) {
    begin_duel(table);
    return "duel_begun";
  }
  if (label == kAdjust) {
    begin_adjust(table);
    return "adjust_begun";
  }
  if (label.rfind(kCompletePrefix, 0) != 0) return join_battle(table, label);
  return complete_quest(table, label.substr(std::string(kCompletePrefix).size()));
}

}  // namespace seneschal::engine::r9e
