#pragma once
// Whole numbers from JSON that fit an int. JSON allows numbers of any size, and narrowing one
// that does not fit (or casting a float out of range, which is undefined) would turn a typo in
// a file into a wrong value.

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>

namespace seneschal::engine::detail {

inline std::optional<int> small_int(const nlohmann::json& value) {
  if (value.is_number_unsigned()) {
    const auto v = value.get<std::uint64_t>();
    if (v <= static_cast<std::uint64_t>(std::numeric_limits<int>::max())) return static_cast<int>(v);
    return std::nullopt;
  }
  if (!value.is_number_integer()) return std::nullopt;
  const auto v = value.get<std::int64_t>();
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) return std::nullopt;
  return static_cast<int>(v);
}

}  // namespace seneschal::engine::detail
