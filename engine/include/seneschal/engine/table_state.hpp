#pragma once
// The board every game shares, with the stable keys of DESIGN.md's JSON state. A module keeps
// its game's books in these fields; it is rebuilt from the event log at any time.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace seneschal::engine {

struct CardInPlay {
  std::string card;
  int copy = 1;
  bool bowed = false;
};

struct CastleState {
  std::string card;
  int food = 0;
  bool buried = false;
};

struct QuestState {
  std::string card;
  bool completed = false;
};

struct PlayerState {
  std::string name;
  std::string faction;
  int renown = 0;
  bool eliminated = false;
  std::vector<CastleState> castles;
  std::vector<CardInPlay> in_play;
  std::vector<QuestState> quests;

  int food_total() const;
};

struct Winner {
  int player = -1;
  std::string victory;
};

struct LogEntry {
  std::int64_t seq = 0;
  std::string text;
};

struct TableState {
  std::string game;
  int turn = 0;
  std::string phase;
  int ordained = 0;
  int to_act = 0;
  int passes_in_a_row = 0;
  std::vector<PlayerState> players;
  std::optional<Winner> winner;
  std::vector<LogEntry> log;

  bool started() const { return !game.empty(); }
};

}  // namespace seneschal::engine
