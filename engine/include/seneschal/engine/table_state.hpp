#pragma once
// The board every game shares (boardgame.io's `ctx`): seats in order, turn, phase, whose move,
// the cards each seat has on the table, timers, the winner and the log, with the stable keys of
// DESIGN.md's JSON state. A module keeps its own books (R9E's castles and food, a Cutthroat
// house's territories) in a GameData of its own; all of it is rebuilt from the event log.

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/base/words.hpp"
#include "seneschal/engine/seat_clocks.hpp"
#include "seneschal/engine/told.hpp"
#include "seneschal/engine/timers.hpp"

namespace seneschal::engine {

// A card a seat has on the table, as the books know it.
struct CardInPlay {
  std::string card;
  int copy = 1;
  bool bowed = false;
  int uid = 0;          // unique on the table for the whole game; 0 only before a module numbers it
  int attached_to = 0;  // uid of the card this one is attached to (a cohort on its hero), 0 = none
  // Tokens lying on the card, by the module's name for them (R9E's "food" carried off in a raid).
  std::map<std::string, int, std::less<>> tokens;

  int token(std::string_view name) const;
  bool operator==(const CardInPlay&) const = default;
};

// A tag on the physical table as the camera (or a script) last told of it: the table's truth,
// kept beside the books a module keeps. Never undone with a move: undoing "Mark plays Hektor"
// leaves Hektor lying where he lies.
struct TableCard {
  std::string card;
  int copy = 1;
  int seat = -1;                // the seat whose area holds it (or whose it is, in a zone), -1: none
  std::string zone;             // a zone the module declares ("centre", "discard"), "" none
  int quarter = 0;              // 0, 90, 180 or 270 from its seat's facing
  std::optional<double> x_mm;   // its tag's centre on the table, when the camera is calibrated
  std::optional<double> y_mm;
  std::int64_t seen_ms = 0;     // the clock of the last event that told of it
  // How it lies was told (a quarter, by the camera or a script's `turned`): a tag only read (a
  // script's bare scan-card, a code held up to an uncalibrated camera) is never judged against
  // the books' bowed cards.
  bool placed = false;

  bool operator==(const TableCard&) const = default;
};

// The table and the books disagree about a card (it left the table while the books hold it in
// play ...): said on the screen until the players answer (Reconcile); nothing changes the books
// silently. `was`: how the card lay before the table's change, for "it was a misread".
struct Disagreement {
  std::string card;
  int copy = 1;
  std::string kind;  // "gone", or a module's table_mismatches kind ("bowed", "seat")
  std::string text;  // "Hektor left the table, but Mark has him in play"
  TableCard was;     // the table as it is taken to be when the players say "It was a misread"

  bool operator==(const Disagreement&) const = default;
};

struct PlayerState {
  std::string name;
  int score = 0;  // the game's score: R9E renown, victory points, Nine's score, control points
  bool eliminated = false;
  std::vector<CardInPlay> in_play;

  CardInPlay* find_uid(int uid);
  const CardInPlay* find_uid(int uid) const;
};

// Who won. Several seats may win together: a married couple, a shared first place.
struct Winner {
  std::vector<int> players;  // seat indexes, in seat order
  std::string victory;       // "dominance", "most victory points"

  int first() const { return players.empty() ? -1 : players.front(); }
  bool includes(int seat) const;
};

// "Mark wins a dominance victory", "Ann and Ben win a couple victory"; empty while nobody has won.
// In the language set: the victory kind, an id the module keeps in English, is translated here.
std::string winner_text(const struct TableState& state);

// Names as a list is said: "Ann", "Ann and Ben", "Ann, Ben and Cy" ("and" in the language set).
std::string join_names(const std::vector<std::string>& names);

// "Mark's clock": a seat clock's name on the timer panel and in the log, shown and in English
// (the English is what a timer event keeps and what a script's `timer acknowledge` may name).
Words seat_clock_name(const struct TableState& state, int seat);

// The values the module charts per seat as a turn ended (the current turn: as it stands):
// series name ("renown", "food") -> one value per seat.
struct TurnRecord {
  int turn = 0;
  std::vector<std::pair<std::string, std::vector<int>>> series;

  const std::vector<int>* find(std::string_view name) const;
};

// A match of several games in one session (Nine is played twice): each finished game's scores.
struct MatchState {
  int game = 1;                                // the game being played, 1-based
  std::vector<std::vector<int>> finished;      // per finished game, one score per seat
  int total(std::size_t seat) const;           // the finished games' scores added up
};

struct LogEntry {
  std::int64_t seq = 0;
  std::string text;
};

// A module's own books (a battle in progress, R9E's castles ...). Copied with the state, so a
// module can try a command on a copy before it is logged.
class GameData {
 public:
  virtual ~GameData() = default;
  virtual std::unique_ptr<GameData> clone() const = 0;
  // Part of the exported state and its hash, under "detail".
  virtual nlohmann::json to_json() const = 0;
  // The module's keys beside the core's, for states whose keys DESIGN.md fixed before the core
  // and the modules were parted (R9E's players[].renown, castles ...). New modules keep theirs
  // under "detail".
  virtual void add_keys(nlohmann::json& state) const { (void)state; }
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

// A question that stopped a command (a value the card data lacks, a rulebook check the table
// may override); answering it runs the command again. Kept by the core for every module.
struct Pending {
  // Value: a question; Warning: a check; Told: the list of told values (MENU), to pick one to
  // change or forget.
  enum class Kind { Value, Warning, Told };
  Kind kind = Kind::Value;
  Question question;   // Value: what is asked
  bool roll = false;   // Value: a die roll (question.max is its sides), not a card's value
  std::string reason;  // Warning: what rule
  nlohmann::json command;
  bool from_menu = false;
  std::uint64_t entropy = 0;
  std::vector<std::string> overridden;  // warnings already confirmed for this command
  std::vector<int> rolls;               // dice already rolled for this command
  bool zero_told = false;               // Value: 0 was entered where 0 is unusual; OK keeps it
  bool correcting = false;              // Value: a told value asked again from the menu; Forget forgets it
};

struct TableState {
  std::string game;
  int rules_version = 0;  // of the module that wrote the log's game_started
  int turn = 0;
  std::string phase;
  int to_act = 0;  // whose move it is, or whose answer the prompt waits for
  int passes_in_a_row = 0;
  std::vector<PlayerState> players;
  std::optional<Winner> winner;
  std::vector<LogEntry> log;
  // Values the players entered because the card data lacks them (see told.hpp). Any game has
  // such values; the firmware keeps the numbers per card for later games (card-answers.json).
  ToldValues told;
  std::optional<Pending> pending;
  std::vector<TimerState> timers;   // sand timers, oldest first; not moves (undo passes them by)
  SeatClocks clocks{};              // each seat's time deciding, from the events' clocks
  std::vector<TableCard> table;     // the physical table, in the order cards arrived; not moves either
  std::vector<Disagreement> disagreements;  // oldest first; a module's, so undone with the move
  std::vector<TurnRecord> history;  // one per turn, kept by the session after every move
  MatchState match;
  GameDataPtr data;

  bool started() const { return !game.empty(); }
  // The copy of a card lying on the table, or null.
  const TableCard* on_table(std::string_view card, int copy) const;
  // Everything but the log, which only grows and is not needed to try a command.
  TableState copy_without_log() const;
  // The current turn's record in history (made when the turn is new), for the session to bring
  // up to date; null before the game has seats and a turn.
  TurnRecord* current_turn_record();
};

// A sand timer or the running seat's clock has run out and waits to be acknowledged: OK and
// TIMER then stop the alarm.
bool alarm_ringing(const TableState& state, std::int64_t now_ms);

}  // namespace seneschal::engine
