// Where a card lies on the table (C9): beside which location card, and there with which of a
// seat's companies. A company's cards lie beside its location's card, a card width or two away;
// the next location lies further. The camera's millimetres say it, so the table is asked only
// what they leave open (issue [3/8]).
#include <cmath>
#include <limits>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

std::optional<double> distance_to(const Table& table, const std::string& card, int copy, double x, double y) {
  const TableCard* lying = table.state.on_table(card, copy);
  if (!lying || !lying->x_mm || !lying->y_mm) return std::nullopt;
  return std::hypot(*lying->x_mm - x, *lying->y_mm - y);
}

}  // namespace

int location_beside(const Table& table, const Placement& where) {
  if (!where.x_mm || !where.y_mm) return -1;
  int nearest = -1;
  double best = kBesideMm;
  for (std::size_t i = 0; i < table.data.locations.size(); ++i) {
    const Location& l = table.data.locations[i];
    const auto d = distance_to(table, l.card, l.copy, *where.x_mm, *where.y_mm);
    if (d && *d < best) {
      best = *d;
      nearest = static_cast<int>(i);
    }
  }
  return nearest;
}

Beside laid_beside(const Table& table, int seat, const Placement& where) {
  Beside out;
  out.location = location_beside(table, where);
  if (out.location < 0) return out;
  const Location& at = table.data.locations.at(static_cast<std::size_t>(out.location));
  const double to_location = *distance_to(table, at.card, at.copy, *where.x_mm, *where.y_mm);
  // The seat's companies at that location; the one whose card lies nearest, if nearer than the
  // location's own card. Cards of companies that have moved on lie elsewhere and do not count.
  std::vector<const Company*> here;
  bool all_seen = true;  // every company here has a card whose place the camera knows
  const Company* nearest = nullptr;
  double best = std::numeric_limits<double>::max();
  for (const Company& c : table.data.companies) {
    if (c.owner != seat || c.hazard || c.location != out.location) continue;
    here.push_back(&c);
    bool seen = false;
    for (const Member& m : c.members) {
      const auto d = distance_to(table, m.card, m.copy, *where.x_mm, *where.y_mm);
      if (!d) continue;
      seen = true;
      if (*d < best) {
        best = *d;
        nearest = &c;
      }
    }
    all_seen = all_seen && seen;
  }
  if (nearest && best < to_location) {
    out.company = nearest;
    out.by_card = true;
  } else if (here.size() == 1) {
    out.company = here.front();
    out.apart = all_seen;  // nearer the location's card than any card of the company there
  } else {
    out.apart = all_seen;
  }
  return out;
}

}  // namespace seneschal::engine::ostenard
