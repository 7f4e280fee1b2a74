#pragma once
// What a test reads off a game's state the same way for every game: the check waiting for "Do it
// anyway" and whether the log holds a line.

#include <string>

#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine::test {

// The check waiting for "Do it anyway", or "" when none waits.
inline std::string waiting_check(const TableState& state) {
  const auto& pending = state.pending;
  return pending && pending->kind == Pending::Kind::Warning ? pending->reason : std::string();
}

inline bool has_log_line(const TableState& state, const std::string& line) {
  for (const LogEntry& entry : state.log) {
    if (entry.text == line) return true;
  }
  return false;
}

}  // namespace seneschal::engine::test
