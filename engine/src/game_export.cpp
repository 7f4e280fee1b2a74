#include "seneschal/engine/game_export.hpp"

#include <nlohmann/json.hpp>

namespace seneschal::engine {

std::string export_jsonl(const std::vector<Event>& events) {
  std::string out;
  for (const Event& event : events) {
    const nlohmann::json line = {
        {"seq", event.seq}, {"group", event.group}, {"type", event.type}, {"data", event.data}, {"at_ms", event.at_ms}};
    out += line.dump();
    out += '\n';
  }
  return out;
}

std::string export_text(const TableState& state, const BoardView& board) {
  std::string out;
  if (!state.started()) return "No game in this log.\n";
  out += "Game: " + state.game + "\n";
  out += "Seats (clockwise):\n";
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerState& player = state.players[i];
    out += "  " + std::to_string(i + 1) + ". " + player.name;
    const SeatView* seat = i < board.seats.size() ? &board.seats[i] : nullptr;
    if (seat && !seat->subtitle.empty()) out += " (" + seat->subtitle + ")";
    std::string counters;
    if (seat) {
      for (const CounterView& c : seat->counters) counters += (counters.empty() ? "" : ", ") + c.label + " " + c.value;
    }
    out += ": " + (counters.empty() ? "score " + std::to_string(player.score) : counters);
    if (player.eliminated) out += ", eliminated";
    if (i < state.clocks.total_ms.size() && state.clocks.total_ms[i] > 0) {
      out += ", time deciding " + clock_text(state.clocks.total_ms[i]);
    }
    out += "\n";
  }
  out += "Turn: " + std::to_string(state.turn);
  if (!state.phase.empty()) out += " (" + state.phase + ")";
  out += "\n";
  out += state.winner ? "Winner: " + winner_text(state) + "\n" : "Winner: none yet\n";
  out += "\nLog:\n";
  for (const LogEntry& entry : state.log) out += "  " + std::to_string(entry.seq) + "  " + entry.text + "\n";
  return out;
}

}  // namespace seneschal::engine
