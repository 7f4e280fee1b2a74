#pragma once
// The state as JSON with DESIGN.md's stable keys, and a hash over it so tests and recovery can
// tell two states apart without comparing every field.

#include <cstdint>
#include <nlohmann/json.hpp>

#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

nlohmann::json to_json(const TableState& state);
// FNV-1a 64 over the canonical (sorted-key) JSON dump: stable across runs and machines.
std::uint64_t state_hash(const TableState& state);

}  // namespace seneschal::engine
