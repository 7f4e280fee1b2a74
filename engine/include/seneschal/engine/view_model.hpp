#pragma once
// What the display may know: plain values, copied out of the session, so the display can never
// reach back and change the game. Card titles are resolved here; layout and styling are not.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/engine/session.hpp"

namespace seneschal::engine {

struct CardView {
  std::string title;
  std::string type;
  int copy = 1;
  bool bowed = false;
};

struct CastleView {
  std::string title;
  int food = 0;
  bool buried = false;
};

struct QuestView {
  std::string title;
  bool completed = false;
};

struct SeatView {
  std::string name;
  std::string faction;
  int renown = 0;
  int food_total = 0;
  bool acting = false;
  bool ordained = false;
  bool eliminated = false;
  std::vector<CastleView> castles;
  std::vector<CardView> in_play;
  std::vector<QuestView> quests;
};

// The answer to the last card shown: accepted (what it did) or refused (why).
struct ScanToast {
  enum class Verdict { Accepted, Refused };
  Verdict verdict = Verdict::Accepted;
  std::string title;   // the card's title, or the payload when no card matched
  std::string detail;  // what it did, or why it was refused
};

// A sand timer as the screen shows it at ViewModel::now_ms.
struct TimerView {
  std::string name;
  std::int64_t remaining_ms = 0;  // never below 0
  std::int64_t total_ms = 0;      // its length, minutes added included
  bool running = false;           // false: paused
  bool alarm = false;             // ran out and not yet acknowledged
};

// The seats' renown and food at the end of a turn (the current turn: as it stands), for the
// game-end charts. Indexed like ViewModel::seats.
struct TurnTally {
  int turn = 0;
  std::vector<int> renown;
  std::vector<int> food;
};

// Something about the device itself that the table must see: the start-up self-test failed, the
// camera went away. The firmware sets it (the engine never does) and it is drawn over the board
// until it clears; the buttons keep working under it.
struct DeviceNotice {
  std::string title;               // "No picture from the camera"
  std::vector<std::string> lines;  // what was found, then what to do
  bool failure = true;             // false: a check still under way ("Checking the camera...")
  bool operator==(const DeviceNotice&) const = default;
};

struct ViewModel {
  std::string game_title;
  int turn = 0;
  std::string phase;
  std::string prompt;                       // what the device asks now
  std::vector<std::string> prompt_options;  // its choices, in order (UP/DOWN + OK, or a script's choose)
  std::string ok_hint;                      // what OK does now, empty when nothing
  std::string pass_hint;                    // what PASS does now, empty when nothing
  bool wants_number = false;
  bool menu_open = false;
  std::vector<SeatView> seats;
  std::vector<std::string> log;  // newest last
  std::optional<ScanToast> toast;
  std::optional<std::string> winner;  // "Mark wins: dominance victory"
  int winner_seat = -1;                // index into seats, -1 while nobody has won
  std::string victory;                 // the kind of victory, e.g. "dominance victory"
  std::vector<TimerView> timers;       // oldest first
  std::vector<TurnTally> history;      // one per turn played, oldest first
  int highlighted = -1;                // the prompt option UP/DOWN point at (set by the firmware), -1: none
  std::int64_t now_ms = 0;             // the clock the timers were read at; also paces the alarm's flashing
  std::optional<DeviceNotice> device_notice;
};

// The timers as the screen shows them at now_ms (also what the buzzer follows).
std::vector<TimerView> timer_views(const TableState& state, std::int64_t now_ms);

// now_ms is the table's clock (wall clock, kept monotonic while the daemon runs): running
// timers are read at it.
ViewModel make_view_model(const Session& session, std::optional<ScanToast> toast, std::int64_t now_ms,
                          std::size_t log_lines = 6);
// The same from a bare state (a saved state file, see `seneschal render`): card titles come from
// card_data when given, else the ids are shown.
ViewModel make_view_model(const TableState& state, const CardDatabase* card_data, const Prompt& prompt, bool menu_open,
                          std::optional<ScanToast> toast, std::int64_t now_ms, std::size_t log_lines = 6);

}  // namespace seneschal::engine
