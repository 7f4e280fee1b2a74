#include "seneschal/firmware/table/table_sighting.hpp"

namespace seneschal::firmware {

TableSighting table_sighting(const vision::TagEvent& event, const engine::TableState& state) {
  using Kind = vision::TagEvent::Kind;
  using Change = TableSighting::Change;
  TableSighting out;
  out.payload = event.payload;
  switch (event.kind) {
    case Kind::Appeared: out.change = Change::Appeared; break;
    case Kind::Rotated: out.change = Change::Turned; break;
    case Kind::Moved: out.change = Change::Moved; break;
    case Kind::Left: out.change = Change::Left; break;
  }
  const vision::Place& place = event.pose.place;
  if (place.seat >= 1 && place.seat <= static_cast<int>(state.players.size())) out.where.seat = place.seat - 1;
  out.where.zone = place.zone;
  out.where.quarter = event.pose.quarter;
  if (place.at) {
    // Calibrated: the area is known, a card in none of them included.
    out.where.x_mm = place.at->x_mm;
    out.where.y_mm = place.at->y_mm;
    out.where.area_said = true;
  }
  return out;
}

}  // namespace seneschal::firmware
