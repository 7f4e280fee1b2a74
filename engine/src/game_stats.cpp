#include "seneschal/engine/game_stats.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "seneschal/engine/timers.hpp"

namespace seneschal::engine {

using nlohmann::json;

GameSummary summarize(const TableState& state, const std::vector<Event>& events, std::string title, std::string file) {
  GameSummary game;
  game.file = std::move(file);
  game.game = state.game;
  game.title = title.empty() ? state.game : std::move(title);
  for (const PlayerState& p : state.players) {
    game.seats.push_back(p.name);
    game.scores.push_back(p.score);
  }
  game.clock_ms = state.clocks.total_ms;
  game.clock_ms.resize(game.seats.size(), 0);
  if (state.winner) {
    game.winners = state.winner->players;
    game.victory = state.winner->victory;
  }
  game.turns = std::max(0, state.turn);
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].type == "game_started" && game.started_ms == 0) game.started_ms = events[i].at_ms;
    if (i == 0) continue;
    const std::int64_t gap = events[i].at_ms - events[i - 1].at_ms;
    if (gap > 0 && gap <= kClockBreakMs) game.length_ms += gap;
  }
  return game;
}

std::vector<SeatRecord> seat_records(const std::vector<GameSummary>& games) {
  std::map<std::string, SeatRecord> by_name;
  std::map<std::string, long long> score_sum;
  for (const GameSummary& game : games) {
    for (std::size_t i = 0; i < game.seats.size(); ++i) {
      SeatRecord& r = by_name[game.seats[i]];
      r.name = game.seats[i];
      ++r.games;
      if (game.finished()) ++r.finished;
      if (std::count(game.winners.begin(), game.winners.end(), static_cast<int>(i))) ++r.wins;
      score_sum[r.name] += i < game.scores.size() ? game.scores[i] : 0;
      r.clock_ms += i < game.clock_ms.size() ? game.clock_ms[i] : 0;
      r.turns += game.turns;
    }
  }
  std::vector<SeatRecord> out;
  for (auto& [name, r] : by_name) {
    r.average_score = static_cast<double>(score_sum[name]) / r.games;
    out.push_back(r);
  }
  std::sort(out.begin(), out.end(), [](const SeatRecord& a, const SeatRecord& b) {
    if (a.games != b.games) return a.games > b.games;
    if (a.wins != b.wins) return a.wins > b.wins;
    return a.name < b.name;
  });
  return out;
}

namespace {

std::string fixed1(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

std::string pad(std::string text, std::size_t width) {
  // Widths count code points, so "Zoë" lines up with "Zoe".
  std::size_t shown = 0;
  for (unsigned char c : text) shown += (c & 0xC0) != 0x80;
  if (shown < width) text.append(width - shown, ' ');
  return text;
}

std::string winners_of(const GameSummary& game) {
  if (!game.finished()) return tr("not finished");
  std::vector<std::string> names;
  for (int seat : game.winners) {
    const bool known = seat >= 0 && static_cast<std::size_t>(seat) < game.seats.size();
    names.push_back(known ? game.seats[static_cast<std::size_t>(seat)] : std::string("?"));
  }
  // TRANSLATORS: `seneschal stats`: the winners, then the kind of victory.
  return game.victory.empty() ? join_names(names) : trf("{0} ({1})", join_names(names), tr_id(game.victory));
}

}  // namespace

std::string stats_text(const std::vector<GameSummary>& games) {
  // The human table is read by people: in the language set (the JSON's keys stay English).
  if (games.empty()) return std::string(tr("No games in this folder.")) + "\n";
  std::string out = std::string(tr("Players")) + "\n";
  // TRANSLATORS: `seneschal stats` column heads: a player's name, games played, games won,
  // average score, time deciding per turn.
  out += "  " + pad(tr("name"), 16) + pad(tr("games"), 7) + pad(tr("wins"), 6) + pad(tr("avg score"), 11) +
         tr("a turn") + "\n";
  for (const SeatRecord& r : seat_records(games)) {
    out += "  " + pad(r.name, 16) + pad(std::to_string(r.games), 7) + pad(std::to_string(r.wins), 6) +
           pad(fixed1(r.average_score), 11) + clock_text(r.per_turn_ms()) + "\n";
  }
  out += "\n" + std::string(tr("Games")) + "\n";
  for (const GameSummary& game : games) {
    const long seats = static_cast<long>(game.seats.size());
    // TRANSLATORS: `seneschal stats`: a log file, its game, how many seats and turns, how long,
    // who won.
    out += "  " + trf("{0}: {1}, {2}, {3}, {4} long; {5}", game.file, game.title, trn("{0} seat", "{0} seats", seats, seats),
                      trn("{0} turn", "{0} turns", game.turns, game.turns), clock_text(game.length_ms), winners_of(game)) +
           "\n";
  }
  return out;
}

json stats_json(const std::vector<GameSummary>& games) {
  json players = json::array();
  for (const SeatRecord& r : seat_records(games)) {
    players.push_back({{"name", r.name},
                       {"games", r.games},
                       {"finished", r.finished},
                       {"wins", r.wins},
                       {"average_score", r.average_score},
                       {"clock_ms", r.clock_ms},
                       {"turns", r.turns},
                       {"per_turn_ms", r.per_turn_ms()}});
  }
  json list = json::array();
  for (const GameSummary& game : games) {
    json winners = json::array();
    for (int seat : game.winners) {
      if (seat >= 0 && static_cast<std::size_t>(seat) < game.seats.size()) winners.push_back(game.seats[static_cast<std::size_t>(seat)]);
    }
    list.push_back({{"file", game.file},
                    {"game", game.game},
                    {"title", game.title},
                    {"seats", game.seats},
                    {"scores", game.scores},
                    {"clock_ms", game.clock_ms},
                    {"winners", winners},
                    {"victory", game.victory},
                    {"turns", game.turns},
                    {"started_ms", game.started_ms},
                    {"length_ms", game.length_ms}});
  }
  return {{"players", players}, {"games", list}};
}

namespace {

// A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string seconds(std::int64_t ms) { return fixed1(static_cast<double>(ms) / 1000.0); }

}  // namespace

std::string export_csv(const TableState& state) {
  // The series in the order the module first names them, across every turn.
  std::vector<std::string> series;
  for (const TurnRecord& record : state.history) {
    for (const auto& [name, values] : record.series) {
      if (std::find(series.begin(), series.end(), name) == series.end()) series.push_back(name);
    }
  }
  std::string out = "turn,seat";
  for (const std::string& name : series) out += "," + csv_field(name);
  out += ",clock_s,clock_total_s\n";
  std::map<int, const TurnClock*> clock_of;
  for (const TurnClock& turn : state.clocks.turns) clock_of[turn.turn] = &turn;
  std::set<int> turns;
  for (const TurnRecord& record : state.history) turns.insert(record.turn);
  for (const TurnClock& turn : state.clocks.turns) turns.insert(turn.turn);
  std::vector<std::int64_t> total(state.players.size(), 0);
  for (int turn : turns) {
    const TurnRecord* record = nullptr;
    for (const TurnRecord& r : state.history) {
      if (r.turn == turn) record = &r;
    }
    const TurnClock* clock = clock_of.count(turn) ? clock_of[turn] : nullptr;
    for (std::size_t seat = 0; seat < state.players.size(); ++seat) {
      out += std::to_string(turn) + "," + csv_field(state.players[seat].name);
      for (const std::string& name : series) {
        const std::vector<int>* values = record ? record->find(name) : nullptr;
        out += ",";
        if (values && seat < values->size()) out += std::to_string((*values)[seat]);
      }
      const std::int64_t ms = clock && seat < clock->ms.size() ? clock->ms[seat] : 0;
      total[seat] += ms;
      out += "," + seconds(ms) + "," + seconds(total[seat]) + "\n";
    }
  }
  return out;
}

}  // namespace seneschal::engine
