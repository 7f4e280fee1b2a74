#pragma once
// A clock for every seat: the time each seat spends deciding, added up per seat and per turn from
// the clock every event already carries (Event::at_ms), the way a chess clock runs for the player
// to move. It runs for the seat the prompt waits for (a vote, a defender), else for the seat whose
// move it is, from the move that put the question to the move that answers it. Setup (before
// turn 1) and a finished game run no clock. Like the log it is folded from the events: a restart,
// an undo or `seneschal review` gives the same times back. A move taken back keeps its time, and
// the time until the undo, with the seat that made it: the move was still in the making.
//
// Limits (a tournament's chess-clock use) are set when the game starts and logged with it: a
// seat's time for the whole game and for one turn. The running seat's clock then counts down on
// the timer panel, warns like the sand timers and rings at 0:00 until acknowledged (a `timer`
// event, "Mark's clock: time is up") or answered; the seat plays on in overtime, as the table
// decides. The engine reads no clock: "now" is handed in, as for the sand timers.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "seneschal/base/result.hpp"

namespace seneschal::engine {

struct SeatClockRules {
  bool shown = false;        // drawn on the seat panels; a limit shows them too
  std::int64_t game_ms = 0;  // each seat's time for the whole game; 0: no limit
  std::int64_t turn_ms = 0;  // each seat's time in one turn; 0: no limit

  bool visible() const { return shown || game_ms > 0 || turn_ms > 0; }
  bool operator==(const SeatClockRules&) const = default;
};

// game_started's "clocks" key: {"shown": true, "game_ms": 1500000, "turn_ms": 120000}; absent
// in a log from before seat clocks (the clocks still run, unshown and without limits).
nlohmann::json clock_rules_json(const SeatClockRules& rules);
SeatClockRules clock_rules_from_json(const nlohmann::json& in);
// "25m", "90s", "1h30m", "0" (none): a limit as a config or script writes it.
Result<std::int64_t> parse_clock_limit(std::string_view text);

// A gap between two events longer than this is a break (the game put away for the night, the
// device off), not thinking: such a stretch is charged to nobody.
inline constexpr std::int64_t kClockBreakMs = 60 * 60 * 1000;

struct TurnClock {
  int turn = 0;
  std::vector<std::int64_t> ms;  // one per seat
  bool operator==(const TurnClock&) const = default;
};

struct SeatClocks {
  SeatClockRules rules;
  std::vector<std::int64_t> total_ms;  // per seat, the whole game
  std::vector<TurnClock> turns;        // turns in which any clock ran, oldest first
  int running = -1;                    // the seat whose clock runs, -1: none
  int running_turn = 0;                // the turn it runs in
  std::int64_t since_ms = 0;           // the clock of the move that started it
  // Alarms acknowledged: {seat, turn}, turn 0 for the whole game's limit.
  std::vector<std::pair<int, int>> stopped;

  // A new game's clocks: every seat at 0:00, none running.
  static SeatClocks start(SeatClockRules rules, std::size_t seats);

  // The time a seat has used in the game, and in one turn, counting the running stretch to now.
  std::int64_t used_ms(int seat, std::int64_t now_ms) const;
  std::int64_t used_in_turn_ms(int seat, int turn, std::int64_t now_ms) const;
  // The running stretch up to now_ms; 0 for a break (kClockBreakMs).
  std::int64_t running_ms(std::int64_t now_ms) const;

  // Charges the running stretch up to at_ms to the running seat (every event, in log order).
  void charge(std::int64_t at_ms);
  // After a move: the clock now runs for `seat` (-1: none) in `turn`, from at_ms.
  void run_for(int seat, int turn, std::int64_t at_ms);

  // The running seat's countdown against the tighter limit not yet acknowledged, if a limit
  // applies to it: the time left (0 when out) and that limit's length.
  struct Countdown {
    int seat = -1;
    std::int64_t left_ms = 0;
    std::int64_t limit_ms = 0;
    int turn = 0;  // 0: the whole game's limit, else the turn's
  };
  std::optional<Countdown> countdown(std::int64_t now_ms) const;
  // The running seat's time is up and nobody has acknowledged it.
  bool ringing_at(std::int64_t now_ms) const;

  bool operator==(const SeatClocks&) const = default;
};

// The timer-event action that acknowledges a seat clock's alarm, and its log line.
inline constexpr const char* kClockStopAction = "clock-stop";

nlohmann::json clocks_json(const SeatClocks& clocks);
SeatClocks clocks_from_json(const nlohmann::json& in);

}  // namespace seneschal::engine
