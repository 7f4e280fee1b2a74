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
  // In the language set: `export --text` is read by people (the CSV's columns and the JSON stay English).
  if (!state.started()) return std::string(tr("No game in this log.")) + "\n";
  out += trf("Game: {0}", state.game) + "\n";
  out += std::string(tr("Seats (clockwise):")) + "\n";
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerState& player = state.players[i];
    out += "  " + std::to_string(i + 1) + ". " + player.name;
    const SeatView* seat = i < board.seats.size() ? &board.seats[i] : nullptr;
    if (seat && !seat->subtitle.empty()) out += " (" + seat->subtitle + ")";
    std::string counters;
    if (seat) {
      for (const CounterView& c : seat->counters) counters += (counters.empty() ? "" : ", ") + c.label + " " + c.value;
    }
    out += ": " + (counters.empty() ? trf("score {0}", player.score) : counters);
    if (player.eliminated) out += std::string(", ") + tr("eliminated");
    if (i < state.clocks.total_ms.size() && state.clocks.total_ms[i] > 0) {
      out += ", " + trf("time deciding {0}", clock_text(state.clocks.total_ms[i]));
    }
    out += "\n";
  }
  out += (state.phase.empty() ? trf("Turn: {0}", state.turn) : trf("Turn: {0} ({1})", state.turn, tr_id(state.phase))) + "\n";
  out += (state.winner ? trf("Winner: {0}", winner_text(state)) : std::string(tr("Winner: none yet"))) + "\n";
  out += "\n" + std::string(tr("Log:")) + "\n";
  for (const LogEntry& entry : state.log) out += "  " + std::to_string(entry.seq) + "  " + entry.text + "\n";
  return out;
}

}  // namespace seneschal::engine
