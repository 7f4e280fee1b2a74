// Where a military card lies (issue [3/8]): beside which territory card. A soldier or mercenary
// laid onto a territory at the acting seat's Action prompt is the attack on it (another seat's)
// or its conquest (an empty one), the move the menu would otherwise name. The camera's millimetres
// say it; without them (no calibration, an untagged territory) the prompt asks as before.
#include <cmath>

#include "ck_flows.hpp"

namespace seneschal::engine::cutthroat {

int territory_beside(const Table& table, const Placement& where) {
  if (!where.x_mm || !where.y_mm) return -1;
  int nearest = -1;
  double best = kBesideTerritoryMm;
  for (int slot = 0; slot < table.slots(); ++slot) {
    const Territory& t = table.territory(slot);
    if (t.card.empty()) continue;  // an untagged territory: no camera knows where it lies
    const TableCard* lying = table.state.on_table(t.card, 1);
    if (!lying || !lying->x_mm || !lying->y_mm) continue;
    const double d = std::hypot(*lying->x_mm - *where.x_mm, *lying->y_mm - *where.y_mm);
    if (d < best) {
      best = d;
      nearest = slot;
    }
  }
  return nearest;
}

}  // namespace seneschal::engine::cutthroat
