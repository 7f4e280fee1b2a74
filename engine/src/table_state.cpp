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

std::string join_names(const std::vector<std::string>& names) {
  if (names.empty()) return {};
  std::string head = names.front();
  for (std::size_t i = 1; i + 1 < names.size(); ++i) head += ", " + names[i];
  if (names.size() == 1) return head;
  // TRANSLATORS: the last two of a list of names: "Ann, Ben and Cy" ({0} is "Ann, Ben").
  return trf("{0} and {1}", head, names.back());
}

std::string winner_text(const TableState& state) {
  if (!state.winner) return {};
  std::vector<std::string> names;
  const auto& seats = state.winner->players;
  for (int seat : seats) {
    const bool known = seat >= 0 && seat < static_cast<int>(state.players.size());
    names.push_back(known ? state.players[static_cast<std::size_t>(seat)].name : std::string("?"));
  }
  // TRANSLATORS: {0} the winners' names, {1} the kind of victory ("dominance", "most victory points").
  return trn("{0} wins a {1} victory", "{0} win a {1} victory", static_cast<long>(seats.size()), join_names(names),
             tr_id(state.winner->victory));
}

Words seat_clock_name(const TableState& state, int seat) {
  const bool known = seat >= 0 && static_cast<std::size_t>(seat) < state.players.size();
  if (!known) return say("A seat's clock");
  return say("{0}'s clock", state.players[static_cast<std::size_t>(seat)].name);
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
