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

std::string export_text(const TableState& state) {
  std::string out;
  if (!state.started()) return "No game in this log.\n";
  out += "Game: " + state.game + "\n";
  out += "Seats (clockwise):\n";
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerState& player = state.players[i];
    out += "  " + std::to_string(i + 1) + ". " + player.name;
    if (!player.faction.empty()) out += " (" + player.faction + ")";
    out += ": renown " + std::to_string(player.renown) + ", food " + std::to_string(player.food_total());
    if (player.eliminated) out += ", eliminated";
    out += "\n";
  }
  out += "Turn: " + std::to_string(state.turn);
  if (!state.phase.empty()) out += " (" + state.phase + ")";
  out += "\n";
  if (state.winner && state.winner->player >= 0 &&
      state.winner->player < static_cast<int>(state.players.size())) {
    out += "Winner: " + state.players[static_cast<std::size_t>(state.winner->player)].name + " (" +
           state.winner->victory + " victory)\n";
  } else {
    out += "Winner: none yet\n";
  }
  out += "\nLog:\n";
  for (const LogEntry& entry : state.log) out += "  " + std::to_string(entry.seq) + "  " + entry.text + "\n";
  return out;
}

}  // namespace seneschal::engine
