#pragma once
// The rules toolkit every module shares. A module written as flows gets, from FlowModule:
// - refusal: a command wrong here; nothing is logged (Rules::refuse);
// - check-with-override: a rulebook check the players may override ("The First Rule", "The Card
//   Abides"); the device asks "Do it anyway?" and logs "Override: <reason>" (Rules::check);
// - ask: a value the card data lacks, a number or one of listed words, remembered per card, per
//   physical copy or per face (Rules::number, Rules::word);
// - dice: a roll entered by hand (`set 4`) or drawn from the entropy the caller handed in, logged
//   either way (Rules::roll);
// - prompts addressed to one seat (Prompt::seat) and polls that collect one answer from every
//   seat (Poll);
// - matches of several games in one session (Rules::finish_game).
// A rule that stops a command throws (Refusal, Warning, Ask); FlowModule tries every command on a
// copy of the state first, so a throw never leaves half a move behind.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "seneschal/engine/game_module.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::engine {

struct Refusal {
  std::string message;
};
struct Warning {
  std::string reason;
};
struct Ask {
  Question question;
  bool roll = false;  // a die: the answer may also be drawn ("Roll for me")
};

// Labels and ids every module's prompts share. The labels are English: add them with
// say(kCancelLabel), and recognise a choice of one by its id or with chose_option().
inline constexpr const char* kCancelLabel = N_("Cancel");
inline constexpr const char* kCancelId = "cancel";
inline constexpr const char* kDoItAnywayLabel = N_("Do it anyway");
inline constexpr const char* kDoItAnywayId = "do-anyway";
inline constexpr const char* kRollForMeLabel = N_("Roll for me");
inline constexpr const char* kRollForMeId = "roll";

// A Choose of the option with this id: by the id the log keeps when it has one, else (a script's,
// a test's label without an id) by the label in English or as shown in the language set; never by
// the words alone, so a German table behaves as an English one.
bool chose_option(const Choose& choose, std::string_view id, const char* label);
bool chose_option(const Command& command, std::string_view id, const char* label);

// One command's view of the table: the state, the card data and what the command brought.
class Rules {
 public:
  Rules(TableState& state, const CardDatabase& cards, std::int64_t seq, Context context,
        std::vector<std::string> overridden = {}, std::vector<int> rolls = {});

  TableState& state;
  const CardDatabase& cards;
  const std::int64_t seq;  // the event being folded; 0 while a command is tried
  const Context context;
  // The checks the players confirmed for this command, in the order the rules met them, in the
  // words of the language the command was given in.
  const std::vector<std::string> overridden;
  // Folding a logged move: a check is also passed when its reason is one confirmed, as logs
  // written before checks were counted in order kept them (see check()).
  bool folding = false;
  std::int64_t at_ms = 0;  // the clock of the event being folded; 0 while a command is tried

  // --- stopping a command
  [[noreturn]] void refuse(std::string message) const;
  // A rulebook check: throws Warning unless the players already confirmed it. The rules meet a
  // command's failing checks in the same order every time, so the n-th one met is confirmed when
  // `overridden` holds n or more: the same in every language, which the reason's words are not.
  void check(bool ok, const std::string& reason) const;

  // --- card data and what the table told
  const Card& card(const std::string& id) const;  // refuses an id the data does not have
  // A card the table named (Osten Ard's, Cutthroat's hirelings) lives in the table's answers
  // file, not the shipped data: its title and type travel in the event like a told value
  // ({"NAGLIMUND": {"_title": "Naglimund", "_type": "location"}}), so a log replays without it.
  std::string title(const std::string& id) const;
  std::string type(const std::string& id) const;
  // A value answered at the table (card-answers.json), a number or a word, is read from the event
  // being replayed when it carries one, and noted in `used` while a command is tried, so that the
  // event alone restores the game: {"HEKTOR": {"renown": 3}}, {"3A": {"top_resource": "Crew"}}.
  std::optional<int> known(const Subject& subject, std::string_view stat) const;
  const nlohmann::json* given = nullptr;  // the event's "used", on replay
  nlohmann::json* used = nullptr;         // where the values answered at the table are noted
  // The value, or the table is asked for it (a whole number within min..max).
  int number(const Subject& subject, std::string_view stat, int min = 0, int max = 999) const;
  // The told word, the event's (on replay) or the card data's attribute, or the table is asked to
  // pick one of `words`.
  std::string word(const Subject& subject, std::string_view stat, const std::vector<std::string>& words) const;
  // A die of `sides`, for `what` ("Ann's archery"): the next roll this command was given, or the
  // table is asked to enter one or have it drawn.
  int roll(int sides, const std::string& what);

  // --- seats
  int seats() const { return static_cast<int>(state.players.size()); }
  const std::string& name(int seat) const { return state.players.at(seat).name; }
  int next_seat(int seat) const;  // clockwise, skipping the eliminated
  int active_seats() const;
  int seat_by_name(const std::string& name) const;  // -1 when none

  // --- outcome
  void log(std::string text) const;
  // Ends the game; several seats may win together. Later calls change nothing.
  void win(std::vector<int> seats, const std::string& victory);
  void eliminate(int seat, const std::string& why);
  // A match: this game's scores are kept and the next game begins (the module resets its books).
  void finish_game(std::vector<int> scores);
  // The table and the books disagree about a card: said on the screen until the players settle
  // it (Reconcile). Part of the move: undone with it.
  void disagree(Disagreement disagreement) const;
  // A sand timer the rules start (Cutthroat's Royal Wedding: 3:00 once it is revealed), running
  // from this event's clock; one of the same name starts again. Part of the move: undone with it.
  void start_timer(const std::string& name, int seconds);

 private:
  // A card's title or type (key "_title" or "_type"): the data's, noted when the table named it,
  // else the replayed event's.
  std::optional<std::string> named(const std::string& id, const char* key) const;
  std::vector<int> rolls_;
  mutable std::size_t checks_met_ = 0;  // failing checks met so far by this command
  std::size_t next_roll_ = 0;
};

// One answer from every seat, in order (a vote, scoring inputs): the device is passed round the
// table, and the prompt says whose answer it waits for. Where the seats still to answer agree, one
// choice answers for them all ("Everyone: Cat", offered after the seat's own options), so a
// unanimous vote is one act and not one press round the table.
struct Poll {
  std::string question;         // "Crown Ann's proposal?"
  std::vector<Option> options;  // empty: each seat answers with a number
  int min = 0;
  int max = 999;
  std::vector<int> order;                          // the seats to ask, in the order asked
  std::vector<std::optional<std::string>> answers;  // by seat: an option's id, or a number as text

  static Poll ask_everyone(const TableState& state, int first_seat, std::string question, std::vector<Option> options);
  int waiting_for() const;  // the next seat to answer, -1 when all have
  bool complete() const { return waiting_for() < 0; }
  int count(const std::string& option_id) const;
  nlohmann::json to_json() const;
};
Prompt poll_prompt(const Rules& rules, const Poll& poll);
// Takes the waiting seat's answer (a Choose of an option, or a SetNumber) and logs it, or every
// waiting seat's at once ("Everyone: ..."); returns how many seats answered.
int poll_answer(Rules& rules, Poll& poll, const Command& command);

// The base of modules written as flows: decide, apply and prompt with the toolkit's questions,
// checks and dice, and the log's option ids, for every such module alike.
class FlowModule : public GameModule {
 public:
  void start(TableState& state, const Event& started) const final;
  Result<std::vector<EventDraft>> decide(const TableState& state, const Command& command,
                                         const Context& context) const final;
  Result<void> apply(TableState& state, const Event& event, nlohmann::json* read) const final;
  Prompt prompt(const TableState& state) const final;
  std::vector<Option> menu(const TableState& state) const final;

 protected:
  using GameModule::GameModule;

  // The game's own books for a new game, the seats already seated.
  virtual void begin(Rules& rules, const Event& started) const = 0;
  // The command the table gave, in whatever flow is in progress; returns the event type it
  // amounts to. A Choose arrives with both its label and its id.
  virtual std::string run(Rules& rules, const Command& command) const = 0;
  // A card on the table turned, moved or left (TurnCard, MoveCard, CardLeft): the event type it
  // amounts to in the books, or "" when it means nothing there (the table keeps it all the same).
  // Rules::state.table is the table before the change.
  virtual std::string on_table(Rules& rules, const Command& command) const {
    (void)rules;
    (void)command;
    return {};
  }
  // "Update the books" for a disagreement (already taken off the list): the event type it
  // amounts to; by default the game cannot, and says so.
  virtual std::string update_books(Rules& rules, const Disagreement& disagreement) const {
    (void)disagreement;
    rules.refuse(trf("{0} cannot change its books from the table: Ignore, or It was a misread", id()));
  }
  // Rules over the state for reading only (describe, table_mismatches): a flow's view of the books
  // is built on it to say what the screen shows. Nothing may change the state through it.
  Rules reading(const TableState& state, Context context = {}) const;
  // What the flow in progress asks, with exactly the options its run() accepts.
  virtual Prompt flow_prompt(const Rules& rules) const = 0;
  // The less common moves now; chosen ones reach run() with context.from_menu set.
  virtual std::vector<Option> flow_menu(const Rules& rules) const {
    (void)rules;
    return {};
  }
  // Whether a card value of 0 is rare enough to ask again ("Is Malchior's renown really 0?"):
  // a stray OK on a number prompt enters 0, which was kept for every later game. Costs and
  // bonuses are often 0, so a module names the stats where 0 is unusual.
  virtual bool zero_is_unusual(std::string_view stat) const {
    (void)stat;
    return false;
  }

 private:
  Prompt pending_prompt(const TableState& state, const Pending& pending) const;
  // run() for what the table gave, on_table() for what it did, settle() for a Reconcile, raise()
  // for a Disagree.
  std::string dispatch(Rules& rules, const Command& command) const;
  std::string settle(Rules& rules, const Reconcile& reconcile) const;
  // A Disagree: the mismatch, if the table and the books still disagree so, is put to the players.
  std::string raise(Rules& rules, const Disagree& disagree) const;
  // The option a logged Choose names, looked up where it was chosen (the flow's prompt or menu).
  std::optional<Command> resolve(const TableState& state, const Command& command, bool from_menu,
                                 const nlohmann::json* given = nullptr) const;
};

// One flow of a game (a payment, a battle, a vote, the phase's own moves): while it has the
// table's attention, the command it answers and the prompt it shows, declared together.
template <class Table>
struct Flow {
  bool (*open)(const Table& table) = nullptr;  // nullptr: always (the game's last flow)
  std::string (*run)(Table& table, const Command& command) = nullptr;
  Prompt (*prompt)(const Table& table) = nullptr;
};

// A game's flows in the order they take the table's attention, written once: the first open one
// runs the command and builds the prompt, so the two can never disagree on which flow is on. The
// last must be always open.
template <class Table>
const Flow<Table>& flow_on(const std::vector<Flow<Table>>& flows, const Table& table) {
  for (const Flow<Table>& flow : flows) {
    if (!flow.open || flow.open(table)) return flow;
  }
  return flows.back();
}

// The adapter between the toolkit and a game's own view of one command: every game builds a
// `Table` (a Rules with the game's books under one name) for each call, and says only what to do
// with it. Table derives from Rules and is made from a const Rules& (as the toolkit's reading
// Rules are); Table::DataType is the game's books (its GameData), made empty for a new game.
// What the game leaves out behaves as FlowModule's defaults.
template <class Table>
class TableFlowModule : public FlowModule {
 protected:
  using FlowModule::FlowModule;

  // begin() on the game's Table, its books new and empty: the game's setup.
  virtual void table_begin(Table& table) const = 0;

  // run(), flow_prompt() and flow_menu() on the game's Table.
  virtual std::string run_table(Table& table, const Command& command) const = 0;
  virtual Prompt table_prompt(const Table& table) const = 0;
  virtual std::vector<Option> table_menu(const Table& table) const {
    (void)table;
    return {};
  }
  // on_table() and update_books() on the game's Table.
  virtual std::string table_changed(Table& table, const Command& command) const {
    return FlowModule::on_table(table, command);
  }
  virtual std::string books_follow(Table& table, const Disagreement& disagreement) const {
    return FlowModule::update_books(table, disagreement);
  }

 private:
  void begin(Rules& rules, const Event& started) const final {
    (void)started;
    rules.state.data = GameDataPtr(std::make_unique<typename Table::DataType>());
    Table table(rules);
    table_begin(table);
  }
  std::string run(Rules& rules, const Command& command) const final {
    Table table(rules);
    return run_table(table, command);
  }
  std::string on_table(Rules& rules, const Command& command) const final {
    Table table(rules);
    return table_changed(table, command);
  }
  std::string update_books(Rules& rules, const Disagreement& disagreement) const final {
    Table table(rules);
    return books_follow(table, disagreement);
  }
  Prompt flow_prompt(const Rules& rules) const final {
    const Table table(rules);
    return table_prompt(table);
  }
  std::vector<Option> flow_menu(const Rules& rules) const final {
    const Table table(rules);
    return table_menu(table);
  }
};

}  // namespace seneschal::engine
