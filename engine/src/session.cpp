#include "seneschal/engine/session.hpp"

#include <algorithm>
#include <set>

#include "seneschal/engine/physical_table.hpp"
#include "seneschal/engine/rules_kit.hpp"

namespace seneschal::engine {
namespace {

constexpr const char* kGameStarted = "game_started";
constexpr const char* kUndone = "undone";
constexpr const char* kRedone = "redone";
// An undo a module's rule made a check of (GameModule::undo_check), and that check cancelled; the
// undo itself, overridden, is an "undone" carrying the reason. None of them is a move.
constexpr const char* kUndoWarned = "undo_warned";
constexpr const char* kUndoKept = "undo_kept";

bool is_bookkeeping(const Event& event) {
  return event.type == kGameStarted || event.type == kUndone || event.type == kRedone || event.type == kTimerEvent ||
         event.type == kTableEvent || event.type == kUndoWarned || event.type == kUndoKept;
}

bool is_undo_check(const Pending& pending) {
  return pending.kind == Pending::Kind::Warning && pending.command == command_to_json(Command{Undo{}});
}

// The check an undo raised, kept in the state like any check (its prompt is the module's warning
// prompt), and what ends it: cancelled, or the undo done anyway. `move`: what the undone move
// said, in the language set (see told_again).
void fold_undo_check(TableState& state, const Event& event, std::string_view undo_word, const std::string& move) {
  const bool waiting = state.pending && is_undo_check(*state.pending);
  if (event.type == kUndoWarned) {
    Pending pending;
    pending.kind = Pending::Kind::Warning;
    pending.reason = event.data.value("reason", std::string());
    pending.command = command_to_json(Command{Undo{}});
    state.pending = std::move(pending);
  } else if (event.type == kUndoKept) {
    // The reason is the module's words as the undo check said them when it was logged.
    state.log.push_back({event.seq, trf("Cancelled: {0}", event.data.value("reason", std::string()))});
    if (waiting) state.pending.reset();
  } else if (event.type == kUndone) {
    if (waiting) state.pending.reset();
    if (event.data.contains("override")) {
      state.log.push_back({event.seq, trf("Override: {0}", event.data.value("override", std::string()))});
    }
    // TRANSLATORS: {0} the word for a move taken back ("Undone"), {1} what the move said.
    state.log.push_back({event.seq, trf("{0}: {1}", undo_word, move)});
  }
}

void fold_timer(TableState& state, const Event& event) {
  if (event.data.value("action", std::string()) == kClockStopAction) {
    const int seat = event.data.value("seat", -1);
    state.clocks.stopped.push_back({seat, event.data.value("turn", 0)});
    state.log.push_back({event.seq, trf("{0}: time is up", seat_clock_name(state, seat))});
    return;
  }
  const std::string line = apply_timer(state.timers, event);
  if (!line.empty()) state.log.push_back({event.seq, line});
}

// A log written by another version of the module's rules replays what it can, and says so.
void note_rules_version(TableState& state, const Event& started, const ModuleInfo& info) {
  const int written = started.data.value("rules_version", 0);
  if (written == info.rules_version) return;
  state.log.push_back(
      {started.seq,
       written == 0
           ? trf("This game was logged before rules versions were recorded; this device plays version {0} and "
                 "replays what it can",
                 info.rules_version)
           : trf("This game was logged under {0} rules version {1}; this device plays version {2} and replays what "
                 "it can",
                 info.id, written, info.rules_version)});
}

// "[json.exception.type_error.302] type must be string, but is number" without its bracket.
std::string json_error_text(const nlohmann::json::exception& error) {
  std::string text = error.what();
  if (auto close = text.find("] "); !text.empty() && text.front() == '[' && close != std::string::npos) {
    text.erase(0, close + 2);
  }
  return text;
}

// Runs one event's fold; stored JSON of the wrong shape (a damaged row, a hand-edited file)
// throws from the reads, and becomes "event 14 of <file>: <what is wrong>" instead of an abort.
template <typename Fold>
Result<void> guarded(const Event& event, const std::string& path, Fold&& fold) {
  std::string why;
  try {
    auto r = fold();
    if (r) return r;
    why = r.error().message;
  } catch (const nlohmann::json::exception& error) {
    why = json_error_text(error);
  } catch (const std::exception& error) {
    why = error.what();
  }
  return fail("event " + std::to_string(event.seq) + " of " + path + ": " + why);
}

// What a move said in the log, or, for a move that wrote no line (a seat chosen for a deal, a
// menu opened), the command that made it: "choose \"Ben\"".
std::string text_of_group(const TableState& state, const std::vector<Event>& events, std::int64_t group) {
  for (const LogEntry& entry : state.log) {
    if (entry.seq == group) return entry.text;
  }
  for (const Event& event : events) {
    if (event.seq != group || !event.data.is_object() || !event.data.contains("command")) continue;
    if (auto command = command_from_json(event.data["command"])) return describe(*command);
  }
  return trf("move {0}", group);
}

// What an undone or redone move said, in the language set: its own log line when the move is in
// effect in `state`, else the line it wrote when folded on a copy (`retold`, see Session::replay),
// else the words the undone event kept (in the language it was logged in).
std::string told_again(const TableState& state, const std::map<std::int64_t, std::string>& retold,
                       std::int64_t group, const Event& event) {
  for (const LogEntry& entry : state.log) {
    if (entry.seq == group) return entry.text;
  }
  if (auto it = retold.find(group); it != retold.end()) return it->second;
  return event.data.value("text", std::string());
}

Result<std::vector<EventDraft>> start_game(const StartGame& start, const ModuleRegistry& registry,
                                           const CardLibrary& cards) {
  if (start.seats.empty()) return fail(tr("a game needs at least one seat"));
  std::set<std::string> names;
  for (const std::string& seat : start.seats) {
    if (seat.empty()) return fail(tr("a seat needs a name"));
    if (!names.insert(seat).second) return fail(trf("two seats are named \"{0}\"", seat));
  }
  auto found = cards.find(start.game);
  auto module = registry.create(start.game, found == cards.end() ? nullptr : found->second);
  if (!module) return fail(module.error().message);
  const ModuleInfo& info = (*module)->info();
  const int seats = static_cast<int>(start.seats.size());
  if (seats < info.min_seats || seats > info.max_seats) {
    if (info.min_seats == info.max_seats) {
      return fail(trn("{0} is played by {1} seat, not {2}", "{0} is played by {1} seats, not {2}", info.max_seats,
                      start.game, info.min_seats, seats));
    }
    return fail(trn("{0} is played by {1} to {2} seat, not {3}", "{0} is played by {1} to {2} seats, not {3}",
                    info.max_seats, start.game, info.min_seats, info.max_seats, seats));
  }
  nlohmann::json data = {{"game", start.game}, {"seats", start.seats}, {"rules_version", info.rules_version}};
  if (start.clocks != SeatClockRules{}) data["clocks"] = clock_rules_json(start.clocks);
  return std::vector<EventDraft>{{kGameStarted, std::move(data)}};
}

}  // namespace

Session::Session(EventStore store, const ModuleRegistry& registry, CardLibrary cards)
    : store_(std::move(store)), registry_(&registry), cards_(std::move(cards)) {}

Result<Session> Session::resume(EventStore store, const ModuleRegistry& registry, CardLibrary cards) {
  auto events = store.load_all();
  if (!events) return fail(events.error().message);
  Session session(std::move(store), registry, std::move(cards));
  session.events_ = std::move(events).value();
  const std::string& path = session.store_.path();
  // First which moves are in effect once every undo and redo is counted, then one fold: folding
  // again at each undo, as play does, made a restart grow with the square of the log.
  for (const Event& event : session.events_) {
    if (auto r = guarded(event, path, [&] { return session.track(event); }); !r) return fail(r.error().message);
  }
  // A log from before events carried the values answered at the table gets them now, once.
  std::map<std::int64_t, nlohmann::json> read;
  if (auto r = session.rebuild(session.store_.schema() < EventStore::kSchema ? &read : nullptr); !r) {
    return fail(r.error().message);
  }
  if (session.store_.schema() < EventStore::kSchema) {
    std::vector<const Event*> changed;
    for (auto& [seq, used] : read) {
      Event& event = session.events_.at(static_cast<std::size_t>(seq - 1));
      event.data["used"] = std::move(used);
      changed.push_back(&event);
    }
    if (auto r = session.store_.migrate(changed); !r) return fail(r.error().message);
  }
  return session;
}

// The disagreement prompt's options, shown before the game's own prompt while any waits.
constexpr std::pair<Reconcile::Resolution, std::pair<const char*, const char*>> kSettle[] = {
    {Reconcile::Resolution::UpdateBooks, {N_("Update the books"), "reconcile-books"}},
    {Reconcile::Resolution::Ignore, {N_("Ignore"), "reconcile-ignore"}},
    {Reconcile::Resolution::Misread, {N_("It was a misread"), "reconcile-misread"}},
};

constexpr const char* kMenuClose = N_("Close");
constexpr const char* kMenuUndo = N_("Undo");
constexpr const char* kMenuRedo = N_("Redo");

std::vector<TimerPreset> Session::timer_presets() const {
  if (!custom_presets_.empty()) return custom_presets_;
  return module_ ? module_->timer_presets() : std::vector<TimerPreset>{{N_("Timer"), 180}};
}

Prompt Session::prompt() const {
  if (!module_) {
    Prompt none;
    none.text = tr("No game yet: start one");
    return none;
  }
  if (!menu_open_ && settling()) {
    Prompt settle;
    settle.text = trf("The table and the books disagree: {0}", state_.disagreements.front().text);
    for (const auto& [resolution, option] : kSettle) settle.add(say(option.first), option.second);
    settle.pass = tr("ignore");
    return settle;
  }
  if (!menu_open_) return module_->prompt(state_);
  Prompt menu;
  menu.text = tr("Menu: choose a move");
  menu.options = module_->menu(state_);
  for (const TimerMenuItem& item : timer_menu(state_.timers, timer_presets())) menu.add(item.label, item.id);
  if (can_undo()) menu.add(say(kMenuUndo), "undo");
  if (can_redo()) menu.add(say(kMenuRedo), "redo");
  menu.add(say(kMenuClose), "close");
  menu.pass = tr("close the menu");
  return menu;
}

Result<Accepted> Session::apply(const Command& command, std::int64_t now_ms, std::uint64_t entropy) {
  Context context{entropy, false};
  // Timers run beside the game, whatever the prompt or the menu is asking.
  if (const auto* timer = std::get_if<TimerCommand>(&command)) {
    if (auto stop = stop_clock_alarm(*timer, now_ms)) return record({std::move(*stop)}, now_ms);
    auto draft = decide_timer(state_.timers, *timer, timer_presets(), now_ms);
    if (!draft) return fail(draft.error().message);
    return record({std::move(draft).value()}, now_ms);
  }
  if (is_table_command(command)) return apply_table(command, now_ms, context);
  if (std::holds_alternative<Menu>(command)) {
    if (!module_) return fail(tr("no game is running: start one first"));
    menu_open_ = !menu_open_;
    return Accepted{0, menu_open_ ? tr("Menu") : tr("Menu closed")};
  }
  if (menu_open_) {
    // While the menu is open every button speaks to it; PASS backs out.
    const auto* choose = std::get_if<Choose>(&command);
    const Prompt menu = prompt();
    const Option* option = choose ? (choose->id.empty() ? menu.find_label(choose->label) : menu.find_id(choose->id)) : nullptr;
    if (std::holds_alternative<Pass>(command) || (option && option->id == "close")) {
      menu_open_ = false;
      return Accepted{0, tr("Menu closed")};
    }
    if (!choose) return fail(tr("the menu is open: choose a move or PASS to close it"));
    if (!option) return fail(trf("the menu has no \"{0}\"", choose->label.empty() ? choose->id : choose->label));
    menu_open_ = false;
    if (option->id == "undo") return apply(Undo{}, now_ms, entropy);
    if (option->id == "redo") return apply(Redo{}, now_ms, entropy);
    for (const TimerMenuItem& item : timer_menu(state_.timers, timer_presets())) {
      if (item.id == option->id) return apply(item.command, now_ms, entropy);
    }
    context.from_menu = true;
    auto drafts = decide(Choose{option->label, option->id}, context);
    if (!drafts) return fail(drafts.error().message);
    return record(std::move(drafts).value(), now_ms);
  }
  if (settling()) {
    // The disagreement on the screen takes PASS and its own options; anything else (a card
    // shown, OK) goes on to the game, and the disagreement waits.
    const auto* choose = std::get_if<Choose>(&command);
    for (const auto& [resolution, option] : kSettle) {
      if (choose && (choose->id == option.second ||
                     (choose->id.empty() && (choose->label == option.first || choose->label == tr(option.first))))) {
        return apply(Reconcile{resolution}, now_ms, entropy);
      }
    }
    if (std::holds_alternative<Pass>(command)) return apply(Reconcile{Reconcile::Resolution::Ignore}, now_ms, entropy);
  }
  auto drafts = decide(command, context);
  if (!drafts) return fail(drafts.error().message);
  // "It was a misread": the table's change is taken back, after the books have said so.
  const auto* reconcile = std::get_if<Reconcile>(&command);
  if (reconcile && reconcile->resolution == Reconcile::Resolution::Misread && !state_.disagreements.empty()) {
    drafts->push_back(table_restored(state_.disagreements.front().was));
  }
  return record(std::move(drafts).value(), now_ms);
}

// OK and TIMER stop a ringing seat clock as they stop a sand timer's alarm; a sand timer ringing
// as well is heard first (decide_timer), and the clock's alarm waits for the next press.
std::optional<EventDraft> Session::stop_clock_alarm(const TimerCommand& command, std::int64_t now_ms) const {
  using Action = TimerCommand::Action;
  const auto countdown = state_.clocks.countdown(now_ms);
  if (!countdown || countdown->left_ms > 0 || any_ringing(state_.timers, now_ms)) return std::nullopt;
  const Words name = seat_clock_name(state_, countdown->seat);
  const bool meant = command.action == Action::Press ||
                     (command.action == Action::Acknowledge &&
                      (command.name.empty() || command.name == name.en || command.name == name.shown));
  if (!meant) return std::nullopt;
  // The log keeps the clock's English name; the fold says it from the seat.
  return EventDraft{kTimerEvent,
                    {{"action", kClockStopAction}, {"name", name.en}, {"seat", countdown->seat}, {"turn", countdown->turn}}};
}

int Session::deciding(const TableState& state) const {
  if (!module_ || !state.started() || state.winner || state.turn <= 0) return -1;
  // A prompt with nothing to decide (Spring straightens) is nobody's thinking.
  const Prompt prompt = module_->prompt(state);
  if (prompt.idle) return -1;
  return prompt.seat >= 0 ? prompt.seat : state.to_act;
}

bool Session::settling() const {
  return module_ && !state_.disagreements.empty() && !state_.pending && !state_.winner;
}

std::vector<Disagreement> Session::mismatches() const {
  if (!module_ || state_.winner) return {};
  return module_->table_mismatches(state_);
}

// A card appeared, turned, moved or left: the module's meaning first (it reads the table as it
// was), then the table's change, in one append, so the move and the fact are one group. The table
// is logged even when the move is refused: the card lies where it lies.
Result<Accepted> Session::apply_table(const Command& command, std::int64_t now_ms, const Context& context) {
  if (!module_) return fail(tr("no game is running: start one first"));
  auto change = table_change(state_, command, module_->zones(), module_->cards());
  if (!change) return fail(change.error().message);
  const bool shown = std::holds_alternative<PresentCard>(command);
  Result<std::vector<EventDraft>> drafts = std::vector<EventDraft>{};
  // A card shown asks for a move, which the menu or the game's end refuses as ever; a turn,
  // move or leave still means what it means in the books while the menu is open.
  if (state_.winner) {
    if (shown) drafts = fail(tr("the game is over; undo to go back"));
  } else if (menu_open_ && shown) {
    drafts = fail(tr("the menu is open: choose a move or PASS to close it"));
  } else {
    drafts = module_->decide(state_, command, context);
  }
  std::vector<EventDraft> all = drafts ? std::move(drafts).value() : std::vector<EventDraft>{};
  if (*change) all.push_back(std::move(**change));
  if (all.empty()) {
    if (!drafts) return fail(drafts.error().message);
    return Accepted{0, ""};
  }
  auto recorded = record(std::move(all), now_ms);
  if (!recorded || drafts) return recorded;
  return fail(drafts.error().message);
}

// The module had nothing for the books when the table event heads its group.
void Session::fold_table(const Event& event) {
  apply_table_event(state_, event, module_->cards(), event.seq == event.group);
}

Result<Accepted> Session::record(std::vector<EventDraft> drafts, std::int64_t now_ms) {
  std::vector<Event> events;
  for (EventDraft& draft : drafts) {
    Event event;
    event.type = std::move(draft.type);
    event.data = std::move(draft.data);
    event.at_ms = now_ms;
    events.push_back(std::move(event));
  }
  // The log is written before the state changes: a power cut after this line loses nothing
  // that was shown, and one before it shows nothing that was lost.
  if (auto r = store_.append(events); !r) return fail(r.error().message);

  const std::size_t log_before = state_.log.size();
  for (Event& event : events) {
    state_.clocks.charge(event.at_ms);
    events_.push_back(std::move(event));
    if (auto r = guarded(events_.back(), store_.path(), [&] { return fold(events_.back()); }); !r) {
      // Only a module bug gets here: decide() made an event apply() refuses.
      return fail("internal: event " + std::to_string(events_.back().seq) + " could not be applied: " +
                  r.error().message);
    }
  }
  state_.clocks.run_for(deciding(state_), state_.turn, now_ms);
  Accepted accepted;
  accepted.group = events_.back().group;
  accepted.text = state_.log.size() > log_before ? state_.log.back().text : std::string();
  // An undo folds the log again without the move, so it grows no line: say what was taken back.
  // The undone move's words were said in the language set when the undo was decided; a redone
  // move's are its log line again.
  if (accepted.text.empty() && (events_.back().type == kUndone || events_.back().type == kRedone)) {
    const Event& last = events_.back();
    const bool undone = last.type == kUndone;
    const std::string move =
        undone ? last.data.value("text", std::string())
               : told_again(state_, {}, last.data.value("group", std::int64_t{0}), last);
    if (move.empty()) accepted.text = undone ? tr("Undone") : tr("Redone");
    else accepted.text = undone ? trf("Undone: {0}", move) : trf("Redone: {0}", move);
  }
  return accepted;
}

Result<std::vector<EventDraft>> Session::decide(const Command& command, const Context& context) const {
  if (const auto* start = std::get_if<StartGame>(&command)) {
    if (module_) return fail(trf("a game of {0} is already running in this log", state_.game));
    return start_game(*start, *registry_, cards_);
  }
  if (!module_) return fail(tr("no game is running: start one first"));
  if (const Pending* check = undo_check_waiting()) {
    const bool cancel = std::holds_alternative<Pass>(command) || chose_option(command, kCancelId, kCancelLabel);
    const bool anyway = std::holds_alternative<Ok>(command) || chose_option(command, kDoItAnywayId, kDoItAnywayLabel);
    if (cancel) return std::vector<EventDraft>{{kUndoKept, {{"reason", check->reason}}}};
    if (!anyway || applied_groups_.empty()) {
      return fail(trf("the check \"{0}\" waits: choose Do it anyway, or PASS to cancel", check->reason));
    }
    const std::int64_t group = applied_groups_.back();
    return std::vector<EventDraft>{
        {kUndone, {{"group", group}, {"text", text_of_group(state_, events_, group)}, {"override", check->reason}}}};
  }
  if (std::holds_alternative<Undo>(command)) {
    if (applied_groups_.empty()) return fail(tr("nothing to undo"));
    const std::int64_t group = applied_groups_.back();
    std::set<std::int64_t> in_effect(applied_groups_.begin(), applied_groups_.end() - 1);
    TableState without;
    if (replay(without, in_effect, nullptr)) {
      if (auto reason = module_->undo_check(state_, without)) {
        return std::vector<EventDraft>{{kUndoWarned, {{"group", group}, {"reason", *reason}}}};
      }
    }
    return std::vector<EventDraft>{{kUndone, {{"group", group}, {"text", text_of_group(state_, events_, group)}}}};
  }
  if (std::holds_alternative<Redo>(command)) {
    if (undone_groups_.empty()) return fail(tr("nothing to redo"));
    const std::int64_t group = undone_groups_.back();
    // The undone event kept the move's words; the move's own log line is gone with it.
    auto it = std::find_if(events_.rbegin(), events_.rend(), [&](const Event& e) {
      return e.type == kUndone && e.data.value("group", std::int64_t{0}) == group;
    });
    const std::string text = it != events_.rend() ? it->data.value("text", std::string()) : std::string();
    return std::vector<EventDraft>{{kRedone, {{"group", group}, {"text", text}}}};
  }
  if (state_.winner) return fail(tr("the game is over; undo to go back"));
  return module_->decide(state_, command, context);
}

// The bookkeeping of one event: the game it starts, the moves in effect, undo and redo.
Result<void> Session::track(const Event& event) {
  if (event.type == kGameStarted) {
    if (module_) return fail("a second game_started");
    const std::string game = event.data.value("game", "");
    auto found = cards_.find(game);
    auto module = registry_->create(game, found == cards_.end() ? nullptr : found->second);
    if (!module) return fail(module.error().message);
    module_ = std::move(module).value();
    return {};
  }
  if (event.type == kTimerEvent) return {};
  if (!module_) return fail("\"" + event.type + "\" before any game_started");
  // The table's truth is no move: never undone, so never in effect or not; nor is an undo's check.
  if (event.type == kTableEvent || event.type == kUndoWarned || event.type == kUndoKept) return {};
  if (event.type == kUndone) {
    const std::int64_t group = event.data.value("group", std::int64_t{0});
    if (applied_groups_.empty() || applied_groups_.back() != group) return fail("undoes a move not last in effect");
    applied_groups_.pop_back();
    undone_groups_.push_back(group);
    return {};
  }
  if (event.type == kRedone) {
    const std::int64_t group = event.data.value("group", std::int64_t{0});
    if (undone_groups_.empty() || undone_groups_.back() != group) return fail("redoes a move not last undone");
    undone_groups_.pop_back();
    applied_groups_.push_back(group);
    return {};
  }
  if (event.seq == event.group) {
    applied_groups_.push_back(event.group);
    undone_groups_.clear();
  }
  return {};
}

// A new event during play: tracked, then folded onto the state (undo and redo fold again).
Result<void> Session::fold(const Event& event) {
  const bool started = event.type == kGameStarted;
  if (auto r = track(event); !r) return r;
  if (started || event.type == kUndone || event.type == kRedone) return rebuild(nullptr);
  if (event.type == kTimerEvent) {
    fold_timer(state_, event);
    return {};
  }
  if (event.type == kTableEvent) {
    fold_table(event);
    return {};
  }
  if (event.type == kUndoWarned || event.type == kUndoKept) {
    fold_undo_check(state_, event, module_->undo_word(), {});
    return {};
  }
  if (auto r = module_->apply(state_, event, nullptr); !r) return r;
  note_turn(state_);
  return {};
}

void Session::note_turn(TableState& state) const {
  if (TurnRecord* record = state.current_turn_record()) module_->tally(state, record->series);
}

// Undo and redo change which moves are in effect; the state is folded again from the start,
// which at a card table (thousands of events) costs far less than a frame. `read` collects, by
// event, the values answered at the table an event used and does not carry.
Result<void> Session::rebuild(std::map<std::int64_t, nlohmann::json>* read) {
  state_ = TableState{};
  return replay(state_, std::set<std::int64_t>(applied_groups_.begin(), applied_groups_.end()), read);
}

Result<TableState> Session::state_at(std::int64_t upto) const {
  TableState state;
  if (!module_) return state;
  if (auto r = replay(state, std::set<std::int64_t>(applied_groups_.begin(), applied_groups_.end()), nullptr, upto); !r) {
    return fail(r.error().message);
  }
  return state;
}

Result<void> Session::walk(const std::function<void(const Event&, const TableState&)>& seen) const {
  if (!module_) return {};
  TableState state;
  return replay(state, std::set<std::int64_t>(applied_groups_.begin(), applied_groups_.end()), nullptr, INT64_MAX, &seen);
}

Result<void> Session::replay(TableState& into, const std::set<std::int64_t>& in_effect,
                             std::map<std::int64_t, nlohmann::json>* read, std::int64_t upto,
                             const std::function<void(const Event&, const TableState&)>* seen) const {
  const std::string& path = store_.path();
  nlohmann::json used = nlohmann::json::object();
  // A move not in effect (undone) is folded on a copy, so that the undo's log line says it in the
  // language set rather than in the words its undone event kept (see told_again).
  std::map<std::int64_t, std::string> retold;
  for (std::size_t i = 0; i < events_.size() && events_[i].seq <= upto; ++i) {
    const Event& event = events_[i];
    into.clocks.charge(event.at_ms);
    auto folded = guarded(event, path, [&]() -> Result<void> {
      if (event.type == kGameStarted) {
        module_->start(into, event);
        into.clocks = SeatClocks::start(clock_rules_from_json(event.data.value("clocks", nlohmann::json::object())),
                                        into.players.size());
        note_rules_version(into, event, module_->info());
        note_turn(into);
      } else if (event.type == kTimerEvent) {
        fold_timer(into, event);
      } else if (event.type == kTableEvent) {
        apply_table_event(into, event, module_->cards(), event.seq == event.group);
      } else if (event.type == kUndone || event.type == kUndoWarned || event.type == kUndoKept) {
        const std::string move =
            event.type == kUndone ? told_again(into, retold, event.data.value("group", std::int64_t{0}), event)
                                  : std::string();
        fold_undo_check(into, event, module_->undo_word(), move);
      } else if (event.type == kRedone) {
        into.log.push_back(
            {event.seq, trf("Redone: {0}", told_again(into, retold, event.data.value("group", std::int64_t{0}), event))});
      } else if (!is_bookkeeping(event) && !in_effect.count(event.group)) {
        if (event.seq == event.group) retell(into, event, retold);
      } else if (!is_bookkeeping(event)) {
        if (auto r = module_->apply(into, event, read ? &used : nullptr); !r) return r;
        note_turn(into);
        if (read && !used.empty()) {
          (*read)[event.seq] = std::move(used);
          used = nlohmann::json::object();
        }
      }
      return {};
    });
    if (!folded) return folded;
    // The clock runs for whoever the move left deciding; a move taken back still took its time.
    const bool move_ends = i + 1 == events_.size() || events_[i + 1].seq > upto || events_[i + 1].group != event.group;
    if (move_ends) into.clocks.run_for(deciding(into), into.turn, event.at_ms);
    if (seen) (*seen)(event, into);
  }
  return {};
}

// What a move no longer in effect said when it was made, in the language set: its first event
// folded on a copy of the state it was made on. A move that fails so (it was made on a move
// undone since) keeps the words its undone event holds.
void Session::retell(const TableState& state, const Event& event, std::map<std::int64_t, std::string>& retold) const {
  TableState copy = state.copy_without_log();
  try {
    if (!module_->apply(copy, event, nullptr)) return;
  } catch (const std::exception&) {
    return;
  }
  for (const LogEntry& entry : copy.log) {
    if (entry.seq == event.group) {
      retold[event.group] = entry.text;
      return;
    }
  }
}

const Pending* Session::undo_check_waiting() const {
  return state_.pending && is_undo_check(*state_.pending) ? &*state_.pending : nullptr;
}

}  // namespace seneschal::engine
