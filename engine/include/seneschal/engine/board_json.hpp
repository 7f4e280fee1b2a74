#pragma once
// The board a module described, as JSON: saved beside a state by `seneschal play --state-out`
// (under "board"), so `seneschal render` draws a saved game without knowing its rules.

#include <nlohmann/json.hpp>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::engine {

nlohmann::json board_to_json(const BoardView& board);
// The error names the key that is wrong ("seats[1].lists[0].items[2].quarter").
Result<BoardView> board_from_json(const nlohmann::json& json);

}  // namespace seneschal::engine
