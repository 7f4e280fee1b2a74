#include "seneschal/engine/state_json.hpp"

namespace seneschal::engine {

nlohmann::json to_json(const TableState& state) {
  using nlohmann::json;
  json players = json::array();
  for (const PlayerState& p : state.players) {
    json castles = json::array();
    for (const CastleState& c : p.castles) castles.push_back({{"card", c.card}, {"food", c.food}, {"buried", c.buried}, {"storage", c.storage}});
    json in_play = json::array();
    for (const CardInPlay& c : p.in_play) {
      json card = {{"card", c.card}, {"copy", c.copy}, {"bowed", c.bowed}, {"uid", c.uid}, {"food", c.food}};
      if (c.attached_to != 0) card["attached_to"] = c.attached_to;
      in_play.push_back(std::move(card));
    }
    json quests = json::array();
    for (const QuestState& q : p.quests) quests.push_back({{"card", q.card}, {"completed", q.completed}});
    players.push_back({{"name", p.name},
                       {"faction", p.faction},
                       {"renown", p.renown},
                       {"food_total", p.food_total()},
                       {"eliminated", p.eliminated},
                       {"castles", castles},
                       {"in_play", in_play},
                       {"quests", quests}});
  }
  json log = json::array();
  for (const LogEntry& entry : state.log) log.push_back({{"seq", entry.seq}, {"text", entry.text}});
  json winner = nullptr;
  if (state.winner) {
    const int index = state.winner->player;
    const bool known = index >= 0 && index < static_cast<int>(state.players.size());
    winner = {{"player", known ? state.players[index].name : std::string()}, {"victory", state.winner->victory}};
  }
  auto seat_name = [&](int index) -> json {
    if (index < 0 || index >= static_cast<int>(state.players.size())) return nullptr;
    return state.players[index].name;
  };
  return {{"game", state.game},        {"turn", state.turn},   {"phase", state.phase},
          {"ordained", seat_name(state.ordained)}, {"to_act", seat_name(state.to_act)},
          {"players", players},        {"winner", winner},     {"timers", json::array()},
          {"log", log},                {"told", state.told},                {"detail", state.data ? state.data.get()->to_json() : json(nullptr)}};
}

std::uint64_t state_hash(const TableState& state) {
  const std::string text = to_json(state).dump();  // nlohmann's object keys are sorted
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

}  // namespace seneschal::engine
