// Winter, in the printed order: food from heroes onto castles (what cannot be stored is
// discarded), ability effects end, dominance, elimination from the Ordained clockwise, incomplete
// quests buried, popular victory from the Ordained clockwise, draw and discard, and the Ordained
// passes one seat to the left.
#include <algorithm>

#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {


// The first seat from the Ordained clockwise with a hero carrying food, and that hero.
std::pair<int, int> next_carrier(const Table& table) {
  int seat = table.data.ordained;
  for (int step = 0; step < table.seats(); ++step, seat = (seat + 1) % table.seats()) {
    if (table.state.players[seat].eliminated) continue;
    for (const CardInPlay& card : table.state.players[seat].in_play) {
      if (card.token(kFoodToken) > 0) return {seat, card.uid};
    }
  }
  return {-1, 0};
}

std::vector<int> castles_with_room(const Table& table, int seat) {
  std::vector<int> out;
  for (int index : table.live_castles(seat)) {
    const CastleState& castle = table.books(seat).castles[index];
    if (castle.food < castle.storage) out.push_back(index);
  }
  return out;
}

void end_of_turn_checks(Table& table) {
  TableState& state = table.state;
  for (auto& [uid, mods] : table.data.mods) {
    mods.strength_turn = 0;
    mods.will_turn = 0;
    mods.glory_turn = 0;
  }
  std::vector<int> fed;
  for (int seat = 0; seat < table.seats(); ++seat) {
    if (!state.players[seat].eliminated && table.food_total(seat) > 0) fed.push_back(seat);
  }
  if (fed.size() == 1 && table.active_seats() > 1) {
    table.win(fed[0], N_("dominance"));  // the victory's kind, kept in the state: the view shows it
    return;
  }
  int seat = table.data.ordained;
  for (int step = 0; step < table.seats(); ++step, seat = (seat + 1) % table.seats()) {
    if (state.players[seat].eliminated || table.food_total(seat) > 0) continue;
    if (table.active_seats() == 1) break;
    table.eliminate(seat, tr("no food in Winter"));
  }
  if (table.active_seats() == 1) {
    for (int s = 0; s < table.seats(); ++s) {
      if (!state.players[s].eliminated) table.win(s, N_("last standing"));
    }
    return;
  }
  for (int s = 0; s < table.seats(); ++s) {
    PlayerState& player = state.players[s];
    std::vector<QuestState>& quests = table.books(s).quests;
    for (const QuestState& quest : quests) {
      if (quest.completed) continue;
      table.data.seats[s].buried.push_back(quest.card);
      table.log(trf("{0} buries the incomplete quest {1}", player.name, table.title(quest.card)));
    }
    quests.erase(std::remove_if(quests.begin(), quests.end(), [](const QuestState& q) { return !q.completed; }),
                 quests.end());
  }
  seat = table.data.ordained;
  for (int step = 0; step < table.seats(); ++step, seat = (seat + 1) % table.seats()) {
    const PlayerState& player = state.players[seat];
    if (!player.eliminated && player.score >= 50 && table.books(seat).quests.size() >= 3) {
      table.win(seat, N_("popular"));
      return;
    }
  }
  table.data.winter->stage = Winter::Stage::Draw;
}

void store_food(Table& table, int seat, int hero, int castle) {
  table.find(hero).card->tokens[kFoodToken] -= 1;
  table.books(seat).castles[castle].food += 1;
  table.log(trf("{0} moves a food token from {1} to {2}", table.state.players[seat].name, table.label(hero),
                table.castle_label(seat, castle)));
}

// Each hero's food, token by token. Where exactly one castle has room the token goes there
// unasked: discarding food that fits, or piling it onto a full castle, are both checks (issue
// [3/8]: a question with one sensible answer is not asked). Two castles with room, or none, ask.
void advance(Table& table) {
  if (table.data.winter->stage != Winter::Stage::HeroFood) return;
  for (;;) {
    const auto [seat, hero] = next_carrier(table);
    if (seat < 0) break;
    const std::vector<int> room = castles_with_room(table, seat);
    if (room.size() != 1) {
      table.state.to_act = seat;
      return;
    }
    store_food(table, seat, hero, room.front());
  }
  end_of_turn_checks(table);
}

std::string hand_sizes(const Table& table) {
  std::string out;
  for (int seat = 0; seat < table.seats(); ++seat) {
    if (table.state.players[seat].eliminated) continue;
    out += (out.empty() ? "" : ", ") + table.name(seat) + " " +
           std::to_string(table.hand_size(seat));
  }
  return out;
}

}  // namespace

void begin_winter(Table& table) {
  table.state.phase = kWinter;
  table.state.passes_in_a_row = 0;
  table.state.to_act = table.data.ordained;
  table.data.winter = Winter{};
  table.log(tr(kWinter));
  advance(table);
}

std::string winter_step(Table& table, const Command& command) {
  // A card shown in Winter is played, out of its phase: a check the card may override.
  if (const auto* present = std::get_if<PresentCard>(&command)) return play_card(table, *present);
  Winter& winter = *table.data.winter;
  if (winter.stage == Winter::Stage::Draw) {
    if (!std::holds_alternative<Ok>(command)) table.refuse(tr("Winter: draw 4 and discard down to your hand size, then OK"));
    TableState& state = table.state;
    const int from = table.data.ordained;
    table.data.ordained = table.next_seat(from);
    table.log(trf("Everyone draws four and discards down to hand size; {0} passes the Ordained marker to {1}",
                  table.name(from), table.name(table.data.ordained)));
    table.data.winter.reset();
    state.turn += 1;
    begin_spring(table);
    return "winter_done";
  }
  const auto [seat, hero] = next_carrier(table);
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(trf("Winter: choose the castle for {0}'s food", table.name(seat)));
  CardInPlay& carrier = *table.find(hero).card;
  PlayerState& player = table.state.players[seat];
  if (choose->label == kDiscard) {
    // "Food tokens that can't be stored in castles are discarded" (rules of play, line 484): food
    // that fits goes onto a castle.
    const auto room = castles_with_room(table, seat);
    table.check(room.empty(), trf("{0} has room: food that can be stored in a castle is not discarded (Winter)",
                                  table.castle_label(seat, room.empty() ? 0 : room.front())));
    carrier.tokens[kFoodToken] -= 1;
    table.log(trf("{0} discards a food token from {1}", player.name, table.label(hero)));
  } else {
    const int castle = table.castle_by_label(seat, choose->label);
    if (castle < 0) table.refuse(trf("{0} has no castle \"{1}\" in play", player.name, choose->label));
    CastleState& target = table.books(seat).castles[castle];
    table.check(target.food < target.storage, trf("{0} is full (storage {1})", choose->label, target.storage));
    store_food(table, seat, hero, castle);
  }
  advance(table);
  return "hero_food_placed";
}

Prompt winter_prompt(const Table& table) {
  Prompt prompt;
  if (table.data.winter->stage == Winter::Stage::Draw) {
    prompt.text = trf("Winter: everyone draws 4 and discards down to hand size ({0}). OK when done", hand_sizes(table));
    prompt.ok = tr("pass the Ordained");
    return prompt;
  }
  const auto [seat, hero] = next_carrier(table);
  if (seat < 0) return prompt;
  const CardInPlay& carrier = *table.find(hero).card;
  prompt.text = trf("Winter: {0}, put the food on {1} ({2}) onto a castle", table.name(seat), table.label(hero),
                    carrier.token(kFoodToken));
  // Every castle standing, full ones too: a card may let a castle hold more (a check, line 152).
  for (int castle : table.live_castles(seat)) offer(prompt, table.castle_label(seat, castle));
  offer(prompt, kDiscard);
  return prompt;
}

}  // namespace seneschal::engine::r9e
