#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine {

// A buried castle holds no food the player can use.
int PlayerState::food_total() const {
  int total = 0;
  for (const CastleState& castle : castles) total += castle.buried ? 0 : castle.food;
  return total;
}

}  // namespace seneschal::engine
