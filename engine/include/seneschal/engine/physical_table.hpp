#pragma once
// The physical table in the core: what a camera command (a card appeared, turned, moved, left)
// changes of where each tag lies, whatever the game. The module reads the table and says what a
// change means in its game (R9E: a hero turned 90 is bowed); the core keeps the rest as the
// table's truth. A table event is not a move: undo passes it by, as it passes timers by, because
// undoing a move in the books does not pick a card up off the table.

#include <optional>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/event.hpp"
#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

inline constexpr const char* kTableEvent = "table";

// The table event a camera command amounts to, or nothing when the table is unchanged (a card
// shown again where it lies, turned to the quarter it was at). Refuses a seat, a zone (not among
// the module's `zones`) or a quarter turn this table cannot have, and a turn, move or leave of a
// card that is not on the table.
Result<std::optional<EventDraft>> table_change(const TableState& state, const Command& command,
                                               const std::vector<std::string>& zones, const CardDatabase& cards);

// The table event that puts a card back as it lay ("it was a misread": it never left).
EventDraft table_restored(const TableCard& was);

// Folds a table event into state.table. `alone`: the move had nothing for the books, so the
// table's change is the log's line ("Hektor #1 turned to 90 at Mark's seat").
void apply_table_event(TableState& state, const Event& event, const CardDatabase& cards, bool alone);

// "Hektor #1 at Mark's seat, turned 90": for the log and the screen.
std::string table_card_words(const TableState& state, const TableCard& card, const CardDatabase& cards);

}  // namespace seneschal::engine
