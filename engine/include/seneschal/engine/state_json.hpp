#pragma once
// The state as JSON with DESIGN.md's stable keys, and a hash over it so tests and recovery can
// tell two states apart without comparing every field.

#include <cstdint>
#include <nlohmann/json.hpp>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

nlohmann::json to_json(const TableState& state);
// FNV-1a 64 over the canonical (sorted-key) JSON dump: stable across runs and machines.
std::uint64_t state_hash(const TableState& state);

// Reads back what to_json wrote, for rendering a saved state (`seneschal render`): every shared
// key; a module's "detail" is its own and is not read. The error names the key that is wrong.
Result<TableState> state_from_json(const nlohmann::json& json);

}  // namespace seneschal::engine
