#pragma once
// The stabilizer's tag events in the engine's words: the change (appeared, turned, moved, left)
// and where the tag lies as the calibration places it - the seat whose area holds it (areas are
// numbered as the seat tags are, 1 for the game's first seat), the zone, the quarter turn from that
// seat's facing and the position in mm. A seat area beyond the game's seats is no seat.

#include "seneschal/engine/table_state.hpp"
#include "seneschal/firmware/table/table_driver.hpp"
#include "seneschal/vision/stabilizer.hpp"

namespace seneschal::firmware {

TableSighting table_sighting(const vision::TagEvent& event, const engine::TableState& state);

}  // namespace seneschal::firmware
