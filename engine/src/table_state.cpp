#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

// A buried castle holds no food the player can use.
int PlayerState::food_total() const {
  int total = 0;
  for (const CastleState& castle : castles) total += castle.buried ? 0 : castle.food;
  return total;
}

CardInPlay* PlayerState::find_uid(int uid) {
  for (CardInPlay& card : in_play) {
    if (card.uid == uid) return &card;
  }
  return nullptr;
}

const CardInPlay* PlayerState::find_uid(int uid) const {
  return const_cast<PlayerState*>(this)->find_uid(uid);
}

TableState TableState::copy_without_log() const {
  TableState copy;
  copy.game = game;
  copy.turn = turn;
  copy.phase = phase;
  copy.ordained = ordained;
  copy.to_act = to_act;
  copy.passes_in_a_row = passes_in_a_row;
  copy.players = players;
  copy.winner = winner;
  copy.told = told;
  copy.timers = timers;
  copy.history = history;
  copy.data = data;
  return copy;
}

void TableState::note_turn() {
  if (players.empty() || turn <= 0) return;
  if (history.empty() || history.back().turn != turn) history.push_back({turn, {}, {}});
  TurnRecord& record = history.back();
  record.renown.clear();
  record.food.clear();
  for (const PlayerState& p : players) {
    record.renown.push_back(p.renown);
    record.food.push_back(p.food_total());
  }
}

}  // namespace seneschal::engine
