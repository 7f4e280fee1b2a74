#pragma once
// A game's rules, as a pair of pure functions over the shared board: decide() turns a command
// into events or says why not; apply() folds one event into the state. Modules register like
// readers in a multi-format reader (see ModuleRegistry).

#include <memory>
#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/deck_list.hpp"
#include "seneschal/engine/event.hpp"
#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

class GameModule {
 public:
  virtual ~GameModule() = default;
  virtual std::string_view id() const = 0;

  // Sets up the board for a new game from the game_started event.
  virtual void start(TableState& state, const Event& started) const = 0;
  // Commands other than StartGame/Undo/Redo, which the session handles for every game.
  virtual Result<std::vector<EventDraft>> decide(const TableState& state, const Command& command) const = 0;
  // Must accept every event its decide() produced: the log is the truth on replay.
  virtual void apply(TableState& state, const Event& event) const = 0;
  // One line for the players: what to do now.
  virtual std::string prompt(const TableState& state) const = 0;

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
