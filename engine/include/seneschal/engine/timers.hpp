#pragma once
// Sand timers: named countdowns for negotiations, wooing and tournament rounds. Every change is
// an event in the log carrying the table's clock, so after a restart each timer shows the time
// really left (the wall clock ran on while the device was off). Timers are not moves: undo and
// redo pass them by.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/event.hpp"

namespace seneschal::engine {

struct TimerState {
  std::string name;
  std::int64_t total_ms = 0;  // its length, minutes added included
  std::int64_t left_ms = 0;   // time left at since_ms
  std::int64_t since_ms = 0;  // the clock of its last change
  bool running = false;

  std::int64_t left_at(std::int64_t now_ms) const;  // never below 0
  // Ran out and still waiting for someone to acknowledge the alarm.
  bool ringing_at(std::int64_t now_ms) const { return running && left_at(now_ms) == 0; }
};

// Some timer has run out and waits to be acknowledged: OK and TIMER then stop the alarm.
bool any_ringing(const std::vector<TimerState>& timers, std::int64_t now_ms);

struct TimerPreset {
  std::string name;
  int seconds = 0;
};

// "3:00", "12:05", "1:02:03".
std::string clock_text(std::int64_t ms);

// A timer's name as the screen says it: the names are kept in English (a preset's name, marked N_
// by its module; "Timer 1:30" for one named by its length) and translated here.
std::string timer_shown_name(const std::string& name);

// The event type every timer change is logged as.
inline constexpr const char* kTimerEvent = "timer";

// What a timer command becomes at now_ms, or why it cannot be done. `Press` is the TIMER
// button: it stops a ringing alarm first, else pauses or resumes the named (or newest) timer,
// else starts the named preset (or the first preset).
Result<EventDraft> decide_timer(const std::vector<TimerState>& timers, const TimerCommand& command,
                                const std::vector<TimerPreset>& presets, std::int64_t now_ms);

// Folds a timer event in at its own clock (event.at_ms); returns the log line.
std::string apply_timer(std::vector<TimerState>& timers, const Event& event);

// The menu's timer moves ("Start Negotiation 3:00", "Pause Negotiation", ...) and the command
// each stands for. A game's presets come from its module (GameModule::timer_presets).
struct TimerMenuItem {
  std::string id;  // "timer:pause:Negotiation", stable whatever the label says
  Words label;     // in the language set, and in English
  TimerCommand command;
};
std::vector<TimerMenuItem> timer_menu(const std::vector<TimerState>& timers, const std::vector<TimerPreset>& presets);

}  // namespace seneschal::engine
