#pragma once
// Each game's story afterwards: what `seneschal stats` says over the games a state folder keeps,
// and the per-turn table `seneschal export --csv` writes. Pure functions of a folded game; which
// files hold the games is the caller's business.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "seneschal/engine/event.hpp"
#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

// One game, as the folder's statistics count it.
struct GameSummary {
  std::string file;   // where it was read from, as the caller names it
  std::string game;   // module id
  std::string title;  // the game's name as printed ("Cutthroat Kingdoms")
  std::vector<std::string> seats;
  std::vector<int> scores;            // per seat, the game's score at its end
  std::vector<std::int64_t> clock_ms;  // per seat, its time deciding
  std::vector<int> winners;           // seat indexes; empty: not finished
  std::string victory;
  int turns = 0;
  std::int64_t started_ms = 0;  // the wall clock of game_started
  // From the first event to the last, breaks of over an hour between two events left out (the
  // seat clocks' rule: a game put away for the night).
  std::int64_t length_ms = 0;

  bool finished() const { return !winners.empty(); }
};

GameSummary summarize(const TableState& state, const std::vector<Event>& events, std::string title, std::string file);

// One seat name across games: a weekly group keeps its names, so "Mark" in two games is one player.
struct SeatRecord {
  std::string name;
  int games = 0;   // games played in
  int wins = 0;    // finished games won (a shared win counts for each winner)
  int finished = 0;
  double average_score = 0;   // over every game played in
  std::int64_t clock_ms = 0;  // time deciding, every game
  int turns = 0;              // turns of the games played in
  std::int64_t per_turn_ms() const { return turns > 0 ? clock_ms / turns : 0; }
};

// By name, the most games first (then wins, then the name).
std::vector<SeatRecord> seat_records(const std::vector<GameSummary>& games);

// The report `seneschal stats` prints: the players, then the games, oldest first.
std::string stats_text(const std::vector<GameSummary>& games);
nlohmann::json stats_json(const std::vector<GameSummary>& games);

// Scores and counters per turn per seat, CSV (RFC 4180, a header line): turn, seat, each series
// the module charts (R9E renown and food, victory points ...), and the seat's time deciding in
// that turn and in the game so far, in seconds.
std::string export_csv(const TableState& state);

}  // namespace seneschal::engine
