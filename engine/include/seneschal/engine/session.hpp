#pragma once
// One game at the table: a module, the seats, and the event log. A command is decided by the
// module, its events are appended to the store (on disk), and only then folded into the state.
// Reopening the same log replays it to the same state; undo and redo are events too.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/event_store.hpp"
#include "seneschal/engine/game_module.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/timers.hpp"

namespace seneschal::engine {

// The card data of every game the device knows, by game id.
using CardLibrary = std::map<std::string, std::shared_ptr<const CardDatabase>, std::less<>>;

// What an accepted command did, for the scan toast and the logs.
struct Accepted {
  std::int64_t group = 0;
  std::string text;
};

class Session {
 public:
  // Replays whatever the store holds; an empty store is a session waiting for StartGame.
  static Result<Session> resume(EventStore store, const ModuleRegistry& registry, CardLibrary cards);

  // A refused command leaves both the log and the state untouched; the error says why. A command
  // from the table (a card appeared, turned, moved, left) is the exception: where the card lies is
  // a fact, logged even when the module finds the move it means refused.
  // entropy is the caller's randomness for moves that draw ("Random" Ordained); it is logged.
  Result<Accepted> apply(const Command& command, std::int64_t now_ms, std::uint64_t entropy = 0);

  // What the table is asked now: the open menu, else the module's prompt.
  Prompt prompt() const;
  bool menu_open() const { return menu_open_; }

  // The timers the menu and the TIMER button start; the game's own (default_timer_presets)
  // unless the device's configuration gives others. Not logged: a start event carries its length.
  void set_timer_presets(std::vector<TimerPreset> presets) { custom_presets_ = std::move(presets); }
  std::vector<TimerPreset> timer_presets() const;

  const TableState& state() const { return state_; }
  const GameModule* module() const { return module_.get(); }
  const std::vector<Event>& events() const { return events_; }
  const EventStore& store() const { return store_; }
  bool can_undo() const { return !applied_groups_.empty(); }
  // The moves in effect (each a group: the seq of its first event), oldest first; an undone move
  // is not among them.
  const std::vector<std::int64_t>& moves() const { return applied_groups_; }
  // The state as it stood once the log's events up to seq `upto` were folded, with only the moves
  // in effect now: stepping a finished game move by move (`seneschal review`) never shows a move
  // the table took back. The log is folded from the start each time (a game's log folds in a few
  // milliseconds).
  Result<TableState> state_at(std::int64_t upto) const;
  // The same fold once for the whole log: `seen` is called after each event with the state as it
  // stood then, so a caller needing a little of every step (a review's turn numbers) folds the
  // log once instead of once a step.
  Result<void> walk(const std::function<void(const Event&, const TableState&)>& seen) const;
  bool can_redo() const { return !undone_groups_.empty(); }

  // How the table and the books disagree now (the module's table_mismatches), those already put
  // to the players included: a mismatch lasts until the table or the books change (see Disagree).
  std::vector<Disagreement> mismatches() const;

 private:
  Session(EventStore store, const ModuleRegistry& registry, CardLibrary cards);
  Result<std::vector<EventDraft>> decide(const Command& command, const Context& context) const;
  Result<Accepted> record(std::vector<EventDraft> drafts, std::int64_t now_ms);
  Result<Accepted> apply_table(const Command& command, std::int64_t now_ms, const Context& context);
  void fold_table(const Event& event);
  // A disagreement between the table and the books waits for the players (before the game's prompt).
  bool settling() const;
  // The seat whose clock runs in `state`: the one the prompt waits for, else whose move it is;
  // -1 in setup (turn 0), at a prompt with nothing to decide, and once the game is won.
  int deciding(const TableState& state) const;
  std::optional<EventDraft> stop_clock_alarm(const TimerCommand& command, std::int64_t now_ms) const;
  Result<void> track(const Event& event);
  Result<void> fold(const Event& event);
  Result<void> rebuild(std::map<std::int64_t, nlohmann::json>* read);
  // Folds the whole log into `into` with only `in_effect`'s moves; rebuild() does it into the
  // live state, an undo's check into a copy (the state the undo would leave).
  Result<void> replay(TableState& into, const std::set<std::int64_t>& in_effect,
                      std::map<std::int64_t, nlohmann::json>* read, std::int64_t upto = INT64_MAX,
                      const std::function<void(const Event&, const TableState&)>* seen = nullptr) const;
  // The log line a move not in effect wrote, folded on a copy of `state`, kept by its group.
  void retell(const TableState& state, const Event& event, std::map<std::int64_t, std::string>& retold) const;
  // The check an undo raised (GameModule::undo_check) waits for Do it anyway or Cancel.
  const Pending* undo_check_waiting() const;
  // The current turn's values for the end charts, as the module tallies them, after every move.
  void note_turn(TableState& state) const;

  EventStore store_;
  const ModuleRegistry* registry_;
  CardLibrary cards_;
  std::unique_ptr<GameModule> module_;
  std::vector<Event> events_;
  std::vector<std::int64_t> applied_groups_;  // moves in effect, oldest first
  std::vector<std::int64_t> undone_groups_;   // moves undone and not yet redone, newest last
  TableState state_;
  // The menu is a view over the moves, not a move: it is not logged and a restart closes it.
  bool menu_open_ = false;
  std::vector<TimerPreset> custom_presets_;
};

}  // namespace seneschal::engine
