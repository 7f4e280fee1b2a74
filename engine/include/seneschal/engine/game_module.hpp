#pragma once
// A game's rules, as pure functions over the shared board: decide() turns a command into events
// or says why not; apply() folds one event into the state; prompt() says what the table is asked;
// describe() says what the screen shows of each seat. Modules register by one line each (see
// ModuleRegistry and engine/rules/CMakeLists.txt). Most modules are written as flows over the
// shared rules toolkit (rules_kit.hpp), which implements decide/apply/prompt for them.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/deck_list.hpp"
#include "seneschal/engine/event.hpp"
#include "seneschal/engine/prompt.hpp"
#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

struct BoardView;

// What a command brings besides itself. The engine reads no clock and draws no random numbers:
// the caller hands in entropy (a die roll, "Random" Ordained), and it is logged with the move.
struct Context {
  std::uint64_t entropy = 0;
  bool from_menu = false;  // a Choose picked in the menu, not in the current prompt
};

// What `seneschal games` lists and what game_started records.
struct ModuleInfo {
  std::string id;       // "r9e": the folder under engine/rules/ and the card data's game
  int rules_version = 1;  // raised whenever a log written before would replay differently
  int min_seats = 1;
  int max_seats = 8;
};

// One chart series the session records per turn: a name and one value per seat.
using Series = std::vector<std::pair<std::string, std::vector<int>>>;
// The values of one named series, made empty the first time it is asked for. Adding a series may
// move the others: reserve the series first when holding several at once.
std::vector<int>& series_values(Series& series, std::string_view name);

class GameModule {
 public:
  virtual ~GameModule() = default;
  virtual const ModuleInfo& info() const = 0;
  std::string_view id() const { return info().id; }

  // Sets up the board for a new game from the game_started event (seats already seated).
  virtual void start(TableState& state, const Event& started) const = 0;
  // Commands other than StartGame/Undo/Redo, which the session handles for every game.
  virtual Result<std::vector<EventDraft>> decide(const TableState& state, const Command& command,
                                                 const Context& context) const = 0;
  // Must accept every event its decide() produced: the log is the truth on replay. An event it
  // cannot replay (a damaged row, a log from other rules) is an error saying why, never a guess.
  // `read`, when given, collects the values answered at the table that the replay read from the
  // card data and the event does not carry (logs written before events carried them).
  virtual Result<void> apply(TableState& state, const Event& event, nlohmann::json* read) const = 0;
  // What the device asks the table now, with its options.
  virtual Prompt prompt(const TableState& state) const = 0;
  // The less common moves MENU offers now ("Attack", "Raid", "Adjust" ...); the session adds
  // the timers, Undo, Redo and Close.
  virtual std::vector<Option> menu(const TableState& state) const {
    (void)state;
    return {};
  }
  // Each seat's panel (badges, counters, card lists with their marks) and the end charts.
  virtual BoardView describe(const TableState& state) const = 0;
  // What the session records per seat after every move, for the end charts; by default the score.
  // Written into the current turn's series in place: it runs after every event of a replay, so
  // it reuses the vectors already there (series::set) rather than allocating anew.
  virtual void tally(const TableState& state, Series& series) const;
  // The zones of its table a card may lie in besides the seats' areas ("centre", "discard", a
  // location, a city): the names the calibration's zone areas and a script's `zone` use.
  virtual std::vector<std::string> zones() const { return {}; }
  // How the table and the books disagree now about the cards lying on it (R9E: a card bowed in
  // the books lying straight, a seat's card lying in another seat's area): each with its kind,
  // the words the players read and, as `was`, the table as the books would have it (what "It was
  // a misread" restores). A moment's mismatch is a turn about to be made; the firmware puts one
  // to the players (Disagree) only when it lasts. Cards told only by a tag read (not `placed`)
  // are never judged.
  virtual std::vector<Disagreement> table_mismatches(const TableState& state) const {
    (void)state;
    return {};
  }
  // What the log calls a move taken back ("Undone: Mark plays Hektor"); Cutthroat's tome calls it
  // "Takebacksies" (CK:110-114).
  // In the language set (the log line is built at fold time).
  virtual std::string_view undo_word() const { return tr(N_("Undone")); }
  // A move the rules make final (Cutthroat's cast votes, CK:838): taking it back is then a check
  // the table may override, like any other. `with_move` is the state now, `without_move` the one
  // the undo would leave; the check's reason, or none for a plain undo.
  virtual std::optional<std::string> undo_check(const TableState& with_move, const TableState& without_move) const {
    (void)with_move;
    (void)without_move;
    return std::nullopt;
  }
  // The timers the menu and the TIMER button offer; a plain 3:00 unless the game has its own.
  // Their names are English (the log keeps them) and marked N_: the screen translates them.
  virtual std::vector<TimerPreset> timer_presets() const { return {{N_("Timer"), 180}}; }

  // The game's deck-building rules; a game without them says so.
  virtual Result<DeckReport> check_deck(const DeckList& deck) const {
    (void)deck;
    return fail(std::string(id()) + " has no deck-building rules to check");
  }

  const CardDatabase& cards() const { return *cards_; }

 protected:
  explicit GameModule(std::shared_ptr<const CardDatabase> cards) : cards_(std::move(cards)) {}

 private:
  std::shared_ptr<const CardDatabase> cards_;
};

}  // namespace seneschal::engine
