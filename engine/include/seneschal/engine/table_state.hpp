#pragma once
// The board every game shares, with the stable keys of DESIGN.md's JSON state. A module keeps
// its game's books in these fields, and whatever only its own rules need in a GameData of its
// own; all of it is rebuilt from the event log at any time.

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/engine/timers.hpp"

namespace seneschal::engine {

struct CardInPlay {
  std::string card;
  int copy = 1;
  bool bowed = false;
  int uid = 0;          // unique on the table for the whole game; 0 only before a module numbers it
  int attached_to = 0;  // uid of the card this one is attached to (a cohort on its hero), 0 = none
  int food = 0;         // food tokens carried (stolen in a raid), not in any castle
};

struct CastleState {
  std::string card;
  int food = 0;
  bool buried = false;
  int storage = 0;  // the most food it can hold
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
  CardInPlay* find_uid(int uid);
  const CardInPlay* find_uid(int uid) const;
};

struct Winner {
  int player = -1;
  std::string victory;
};

// The seats' renown and food as a turn ended (the current turn: as it stands), for the charts.
struct TurnRecord {
  int turn = 0;
  std::vector<int> renown;  // by seat
  std::vector<int> food;
};

struct LogEntry {
  std::int64_t seq = 0;
  std::string text;
};

// A module's own books (a battle in progress, values learned at the table ...). Copied with the
// state, so a module can try a command on a copy before it is logged.
class GameData {
 public:
  virtual ~GameData() = default;
  virtual std::unique_ptr<GameData> clone() const = 0;
  // Part of the exported state and its hash, under "detail".
  virtual nlohmann::json to_json() const = 0;
};

class GameDataPtr {
 public:
  GameDataPtr() = default;
  explicit GameDataPtr(std::unique_ptr<GameData> data) : data_(std::move(data)) {}
  GameDataPtr(const GameDataPtr& other) : data_(other.data_ ? other.data_->clone() : nullptr) {}
  GameDataPtr& operator=(const GameDataPtr& other) {
    if (this != &other) data_ = other.data_ ? other.data_->clone() : nullptr;
    return *this;
  }
  GameDataPtr(GameDataPtr&&) noexcept = default;
  GameDataPtr& operator=(GameDataPtr&&) noexcept = default;

  GameData* get() const { return data_.get(); }
  explicit operator bool() const { return data_ != nullptr; }

 private:
  std::unique_ptr<GameData> data_;
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
  // Card values the players entered because the card data lacks them: card id -> stat -> value.
  // Any game has such values; the firmware keeps them for later games (card-answers.json).
  std::map<std::string, std::map<std::string, int>> told;
  std::vector<TimerState> timers;   // sand timers, oldest first; not moves (undo passes them by)
  std::vector<TurnRecord> history;  // one per turn, kept by the session after every move
  GameDataPtr data;

  bool started() const { return !game.empty(); }
  // Everything but the log, which only grows and is not needed to try a command.
  TableState copy_without_log() const;
  // Brings the current turn's record in history up to date.
  void note_turn();
};

}  // namespace seneschal::engine
