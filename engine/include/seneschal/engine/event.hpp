#pragma once
// An event is a fact the log keeps for ever. Every accepted command becomes one or more events
// sharing a group (the seq of the first), so undo and redo can name a whole move.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace seneschal::engine {

struct Event {
  std::int64_t seq = 0;    // assigned by the store, 1, 2, 3 ... without gaps
  std::int64_t group = 0;  // seq of the first event of the command that produced it
  std::string type;        // "game_started", "card_played", "undone", ...
  nlohmann::json data = nlohmann::json::object();
  std::int64_t at_ms = 0;  // wall clock handed in with the command; the engine reads no clock
};

// What a module decides a command becomes, before the store numbers it.
struct EventDraft {
  std::string type;
  nlohmann::json data = nlohmann::json::object();
};

}  // namespace seneschal::engine
