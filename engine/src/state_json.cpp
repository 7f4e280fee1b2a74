#include "seneschal/engine/state_json.hpp"

#include <algorithm>

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
  json timers = json::array();
  for (const TimerState& t : state.timers) {
    timers.push_back({{"name", t.name}, {"total_ms", t.total_ms}, {"left_ms", t.left_ms}, {"since_ms", t.since_ms},
                      {"running", t.running}});
  }
  json history = json::array();
  for (const TurnRecord& r : state.history) history.push_back({{"turn", r.turn}, {"renown", r.renown}, {"food", r.food}});
  auto seat_name = [&](int index) -> json {
    if (index < 0 || index >= static_cast<int>(state.players.size())) return nullptr;
    return state.players[index].name;
  };
  return {{"game", state.game},        {"turn", state.turn},   {"phase", state.phase},
          {"ordained", seat_name(state.ordained)}, {"to_act", seat_name(state.to_act)},
          {"players", players},        {"winner", winner},     {"timers", timers}, {"history", history},
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

namespace {

int seat_index(const TableState& state, const nlohmann::json& name) {
  if (!name.is_string()) return -1;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    if (state.players[i].name == name.get<std::string>()) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

Result<TableState> state_from_json(const nlohmann::json& json) {
  if (!json.is_object()) return fail("a state file holds one JSON object");
  TableState state;
  std::string where = "the state";
  try {
    where = "\"game\"";
    state.game = json.value("game", std::string());
    where = "\"turn\"";
    state.turn = json.value("turn", 0);
    where = "\"phase\"";
    state.phase = json.value("phase", std::string());
    int seat = 0;
    for (const auto& p : json.value("players", nlohmann::json::array())) {
      where = "players[" + std::to_string(seat++) + "]";
      PlayerState player;
      player.name = p.at("name").get<std::string>();
      player.faction = p.value("faction", std::string());
      player.renown = p.value("renown", 0);
      player.eliminated = p.value("eliminated", false);
      for (const auto& c : p.value("castles", nlohmann::json::array())) {
        player.castles.push_back({c.at("card").get<std::string>(), c.value("food", 0), c.value("buried", false),
                                  c.value("storage", 0)});
      }
      for (const auto& c : p.value("in_play", nlohmann::json::array())) {
        CardInPlay card;
        card.card = c.at("card").get<std::string>();
        card.copy = c.value("copy", 1);
        card.bowed = c.value("bowed", false);
        card.uid = c.value("uid", 0);
        card.food = c.value("food", 0);
        card.attached_to = c.value("attached_to", 0);
        player.in_play.push_back(std::move(card));
      }
      for (const auto& q : p.value("quests", nlohmann::json::array())) {
        player.quests.push_back({q.at("card").get<std::string>(), q.value("completed", false)});
      }
      state.players.push_back(std::move(player));
    }
    where = "\"ordained\"";
    state.ordained = std::max(0, seat_index(state, json.value("ordained", nlohmann::json())));
    where = "\"to_act\"";
    state.to_act = seat_index(state, json.value("to_act", nlohmann::json()));
    where = "\"winner\"";
    if (const auto w = json.value("winner", nlohmann::json()); w.is_object()) {
      state.winner = Winner{seat_index(state, w.value("player", nlohmann::json())), w.value("victory", std::string())};
    }
    where = "\"log\"";
    for (const auto& e : json.value("log", nlohmann::json::array())) {
      state.log.push_back({e.value("seq", std::int64_t{0}), e.value("text", std::string())});
    }
    where = "\"timers\"";
    for (const auto& t : json.value("timers", nlohmann::json::array())) {
      state.timers.push_back({t.at("name").get<std::string>(), t.value("total_ms", std::int64_t{0}),
                              t.value("left_ms", std::int64_t{0}), t.value("since_ms", std::int64_t{0}),
                              t.value("running", false)});
    }
    where = "\"history\"";
    for (const auto& r : json.value("history", nlohmann::json::array())) {
      state.history.push_back({r.at("turn").get<int>(), r.value("renown", std::vector<int>{}),
                               r.value("food", std::vector<int>{})});
    }
    where = "\"told\"";
    state.told = json.value("told", decltype(state.told){});
  } catch (const nlohmann::json::exception& e) {
    return fail(where + ": " + e.what());
  }
  return state;
}

}  // namespace seneschal::engine
