#pragma once
// A game taken out of the device: the event log as JSON lines (for tools, and to attach to a bug
// report), and a readable record of the game (for people). Both are pure functions of what the
// session holds; reading the log file is the caller's business.

#include <string>
#include <vector>

#include "seneschal/engine/event.hpp"
#include "seneschal/engine/table_state.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::engine {

// One compact JSON object per event and line, in log order: {seq, group, type, data, at_ms}.
std::string export_jsonl(const std::vector<Event>& events);
// A header (game, seats in clockwise order with the counters the module shows for them, turn and
// phase, winner) and then every log line with its seq.
std::string export_text(const TableState& state, const BoardView& board);

}  // namespace seneschal::engine
