#include "seneschal/engine/state_json.hpp"

#include <algorithm>

namespace seneschal::engine {
namespace {

using nlohmann::json;

json seat_name(const TableState& state, int index) {
  if (index < 0 || index >= static_cast<int>(state.players.size())) return nullptr;
  return state.players[static_cast<std::size_t>(index)].name;
}

json card_json(const CardInPlay& c) {
  json card = {{"card", c.card}, {"copy", c.copy}, {"bowed", c.bowed}, {"uid", c.uid}};
  if (c.attached_to != 0) card["attached_to"] = c.attached_to;
  if (!c.tokens.empty()) card["tokens"] = c.tokens;
  return card;
}

json winner_json(const TableState& state) {
  if (!state.winner) return nullptr;
  json names = json::array();
  for (int seat : state.winner->players) names.push_back(seat_name(state, seat));
  // "player" names the first winner, as it always has; "players" names every one.
  const json first = seat_name(state, state.winner->first());
  return {{"player", first.is_null() ? json(std::string()) : first}, {"players", names}, {"victory", state.winner->victory}};
}

// What a question or a check waiting for the table looks like under "detail".
void add_pending(json& detail, const Pending& pending) {
  if (!detail.is_object()) detail = json::object();
  if (pending.kind == Pending::Kind::Warning) {
    detail["flow"] = "warning";
    detail["warning"] = pending.reason;
    return;
  }
  if (pending.kind == Pending::Kind::Told) {
    detail["flow"] = "told_values";
    return;
  }
  detail["flow"] = "question";
  json question = {{"card", pending.question.subject.key()}, {"stat", pending.question.stat}};
  if (!pending.question.words.empty()) question["words"] = pending.question.words;
  if (pending.roll) question["roll"] = pending.question.max;
  detail["question"] = std::move(question);
}

}  // namespace

json to_json(const TableState& state) {
  json players = json::array();
  for (const PlayerState& p : state.players) {
    json in_play = json::array();
    for (const CardInPlay& c : p.in_play) in_play.push_back(card_json(c));
    players.push_back({{"name", p.name}, {"score", p.score}, {"eliminated", p.eliminated}, {"in_play", in_play}});
  }
  json log = json::array();
  for (const LogEntry& entry : state.log) log.push_back({{"seq", entry.seq}, {"text", entry.text}});
  json timers = json::array();
  for (const TimerState& t : state.timers) {
    timers.push_back({{"name", t.name}, {"total_ms", t.total_ms}, {"left_ms", t.left_ms}, {"since_ms", t.since_ms},
                      {"running", t.running}});
  }
  json history = json::array();
  for (const TurnRecord& r : state.history) {
    json turn = {{"turn", r.turn}};
    for (const auto& [name, values] : r.series) turn[name] = values;
    history.push_back(std::move(turn));
  }
  // The physical table: seat by name ("" when the card lies in no seat's area), position null
  // when the camera is not calibrated.
  json table = json::array();
  for (const TableCard& c : state.table) {
    const json seat = seat_name(state, c.seat);
    table.push_back({{"card", c.card},
                     {"copy", c.copy},
                     {"seat", seat.is_null() ? json(std::string()) : seat},
                     {"zone", c.zone},
                     {"quarter", c.quarter},
                     {"x_mm", c.x_mm ? json(*c.x_mm) : json(nullptr)},
                     {"y_mm", c.y_mm ? json(*c.y_mm) : json(nullptr)}});
  }
  json disagreements = json::array();
  for (const Disagreement& d : state.disagreements) {
    disagreements.push_back({{"card", d.card}, {"copy", d.copy}, {"kind", d.kind}, {"text", d.text}});
  }
  json detail = state.data ? state.data.get()->to_json() : json(nullptr);
  if (state.pending) add_pending(detail, *state.pending);
  json out = {{"game", state.game},         {"rules_version", state.rules_version},
              {"turn", state.turn},         {"phase", state.phase},
              {"to_act", seat_name(state, state.to_act)},
              {"players", players},         {"winner", winner_json(state)},
              {"timers", timers},           {"history", history},
              {"clocks", clocks_json(state.clocks)},
              {"table", table},             {"disagreements", disagreements},
              {"log", log},                 {"told", state.told.to_json()},
              {"detail", detail}};
  if (!state.match.finished.empty()) {
    out["match"] = {{"game", state.match.game}, {"finished", state.match.finished}};
  }
  if (state.data) state.data.get()->add_keys(out);
  return out;
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

int seat_index(const TableState& state, const json& name) {
  if (!name.is_string()) return -1;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    if (state.players[i].name == name.get<std::string>()) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

Result<TableState> state_from_json(const json& in) {
  if (!in.is_object()) return fail("a state file holds one JSON object");
  TableState state;
  std::string where = "the state";
  try {
    where = "\"game\"";
    state.game = in.value("game", std::string());
    where = "\"turn\"";
    state.turn = in.value("turn", 0);
    where = "\"phase\"";
    state.phase = in.value("phase", std::string());
    int seat = 0;
    for (const auto& p : in.value("players", json::array())) {
      where = "players[" + std::to_string(seat++) + "]";
      PlayerState player;
      player.name = p.at("name").get<std::string>();
      // States saved before seats had a score kept R9E's renown.
      player.score = p.value("score", p.value("renown", 0));
      player.eliminated = p.value("eliminated", false);
      for (const auto& c : p.value("in_play", json::array())) {
        CardInPlay card;
        card.card = c.at("card").get<std::string>();
        card.copy = c.value("copy", 1);
        card.bowed = c.value("bowed", false);
        card.uid = c.value("uid", 0);
        card.attached_to = c.value("attached_to", 0);
        if (const auto tokens = c.find("tokens"); tokens != c.end() && tokens->is_object()) {
          for (const auto& [name, count] : tokens->items()) card.tokens[name] = count.get<int>();
        }
        player.in_play.push_back(std::move(card));
      }
      state.players.push_back(std::move(player));
    }
    where = "\"to_act\"";
    state.to_act = seat_index(state, in.value("to_act", json()));
    where = "\"winner\"";
    if (const auto w = in.value("winner", json()); w.is_object()) {
      Winner winner{{}, w.value("victory", std::string())};
      for (const auto& name : w.value("players", json::array())) winner.players.push_back(seat_index(state, name));
      if (winner.players.empty()) winner.players.push_back(seat_index(state, w.value("player", json())));
      state.winner = std::move(winner);
    }
    where = "\"log\"";
    for (const auto& e : in.value("log", json::array())) {
      state.log.push_back({e.value("seq", std::int64_t{0}), e.value("text", std::string())});
    }
    where = "\"timers\"";
    for (const auto& t : in.value("timers", json::array())) {
      state.timers.push_back({t.at("name").get<std::string>(), t.value("total_ms", std::int64_t{0}),
                              t.value("left_ms", std::int64_t{0}), t.value("since_ms", std::int64_t{0}),
                              t.value("running", false)});
    }
    where = "\"clocks\"";
    state.clocks = clocks_from_json(in.value("clocks", json::object()));
    where = "\"history\"";
    for (const auto& r : in.value("history", json::array())) {
      TurnRecord record{r.at("turn").get<int>(), {}};
      for (const auto& [name, values] : r.items()) {
        if (name != "turn") record.series.emplace_back(name, values.get<std::vector<int>>());
      }
      state.history.push_back(std::move(record));
    }
    where = "\"table\"";
    for (const auto& c : in.value("table", json::array())) {
      TableCard card;
      card.card = c.at("card").get<std::string>();
      card.copy = c.value("copy", 1);
      card.seat = seat_index(state, c.value("seat", json()));
      card.zone = c.value("zone", std::string());
      card.quarter = c.value("quarter", 0);
      if (const auto x = c.find("x_mm"); x != c.end() && x->is_number()) card.x_mm = x->get<double>();
      if (const auto y = c.find("y_mm"); y != c.end() && y->is_number()) card.y_mm = y->get<double>();
      state.table.push_back(std::move(card));
    }
    where = "\"told\"";
    state.told = ToldValues::from_json(in.value("told", json::object()));
  } catch (const json::exception& e) {
    return fail(where + ": " + e.what());
  }
  return state;
}

}  // namespace seneschal::engine
