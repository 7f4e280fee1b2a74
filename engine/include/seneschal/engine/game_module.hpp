#pragma once
// A game's rules, as a pair of pure functions over the shared board: decide() turns a command
// into events or says why not; apply() folds one event into the state. Modules register like
// readers in a multi-format reader (see ModuleRegistry).

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/deck_list.hpp"
#include "seneschal/engine/event.hpp"
#include "seneschal/engine/prompt.hpp"
#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

// What a command brings besides itself. The engine reads no clock and draws no random numbers:
// the caller hands in entropy (a die roll, "Random" Ordained), and it is logged with the move.
struct Context {
  std::uint64_t entropy = 0;
  bool from_menu = false;  // a Choose picked in the menu, not in the current prompt
};

class GameModule {
 public:
  virtual ~GameModule() = default;
  virtual std::string_view id() const = 0;

  // Sets up the board for a new game from the game_started event.
  virtual void start(TableState& state, const Event& started) const = 0;
  // Commands other than StartGame/Undo/Redo, which the session handles for every game.
  virtual Result<std::vector<EventDraft>> decide(const TableState& state, const Command& command,
                                                 const Context& context) const = 0;
  // Must accept every event its decide() produced: the log is the truth on replay.
  virtual void apply(TableState& state, const Event& event) const = 0;
  // What the device asks the table now, with its options.
  virtual Prompt prompt(const TableState& state) const = 0;
  // The less common moves MENU offers now ("Attack", "Raid", "Adjust" ...); the session adds
  // Undo, Redo and Close.
  virtual std::vector<std::string> menu(const TableState& state) const {
    (void)state;
    return {};
  }

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
