#include "seneschal/engine/table_state.hpp"

#include <algorithm>

namespace seneschal::engine {

int CardInPlay::token(std::string_view name) const {
  auto it = tokens.find(name);
  return it == tokens.end() ? 0 : it->second;
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

bool Winner::includes(int seat) const { return std::find(players.begin(), players.end(), seat) != players.end(); }

const std::vector<int>* TurnRecord::find(std::string_view name) const {
  for (const auto& [key, values] : series) {
    if (key == name) return &values;
  }
  return nullptr;
}

int MatchState::total(std::size_t seat) const {
  int sum = 0;
  for (const std::vector<int>& scores : finished) sum += seat < scores.size() ? scores[seat] : 0;
  return sum;
}

std::string winner_text(const TableState& state) {
  if (!state.winner) return {};
  std::string names;
  const auto& seats = state.winner->players;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const bool known = seats[i] >= 0 && seats[i] < static_cast<int>(state.players.size());
    names += (i == 0 ? "" : i + 1 == seats.size() ? " and " : ", ") +
             (known ? state.players[static_cast<std::size_t>(seats[i])].name : std::string("?"));
  }
  return names + (seats.size() == 1 ? " wins a " : " win a ") + state.winner->victory + " victory";
}

TableState TableState::copy_without_log() const {
  TableState copy;
  copy.game = game;
  copy.rules_version = rules_version;
  copy.turn = turn;
  copy.phase = phase;
  copy.to_act = to_act;
  copy.passes_in_a_row = passes_in_a_row;
  copy.players = players;
  copy.winner = winner;
  copy.told = told;
  copy.pending = pending;
  copy.timers = timers;
  copy.clocks = clocks;
  copy.table = table;
  copy.disagreements = disagreements;
  copy.history = history;
  copy.match = match;
  copy.data = data;
  return copy;
}

const TableCard* TableState::on_table(std::string_view card, int copy) const {
  for (const TableCard& entry : table) {
    if (entry.card == card && entry.copy == copy) return &entry;
  }
  return nullptr;
}

TurnRecord* TableState::current_turn_record() {
  if (players.empty() || turn <= 0) return nullptr;
  if (history.empty() || history.back().turn != turn) history.push_back({turn, {}});
  return &history.back();
}

bool alarm_ringing(const TableState& state, std::int64_t now_ms) {
  return any_ringing(state.timers, now_ms) || state.clocks.ringing_at(now_ms);
}

}  // namespace seneschal::engine
