#include "ck_map.hpp"

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <tuple>

#include "seneschal/base/words.hpp"

namespace seneschal::engine::cutthroat {

std::vector<Link> row_links(int slots) {
  std::vector<Link> links;
  for (int slot = 0; slot + 1 < slots; ++slot) links.push_back({slot, slot + 1});
  return links;
}

Result<std::vector<Link>> links_from_titles(const nlohmann::json& pairs, const std::vector<Territory>& territories) {
  const auto slot_of = [&](const nlohmann::json& title) {
    for (std::size_t slot = 0; slot < territories.size(); ++slot) {
      if (title.is_string() && territories[slot].title == title.get<std::string>()) return static_cast<int>(slot);
    }
    return -1;
  };
  if (!pairs.is_array()) return fail("the map is not a list of territory pairs");
  std::vector<Link> links;
  for (const nlohmann::json& pair : pairs) {
    if (!pair.is_array() || pair.size() != 2) return fail("the map has an entry that is not a pair: " + pair.dump());
    const int a = slot_of(pair[0]);
    const int b = slot_of(pair[1]);
    if (a < 0 || b < 0)
      return fail("the map links " + pair.dump() + ", but no slot holds " + (a < 0 ? pair[0] : pair[1]).dump());
    links.push_back({a, b});
  }
  return links;
}

bool adjacent(const std::vector<Link>& links, int a, int b) {
  return std::any_of(links.begin(), links.end(),
                     [&](const Link& link) { return (link.a == a && link.b == b) || (link.a == b && link.b == a); });
}

namespace {

// What passing through one slot costs the attacker: passages still to negotiate, passages granted,
// and slots crossed. Routes compare in that order.
using Cost = std::tuple<int, int, int>;

bool granted(const Books& books, int slot, int owner, int attacker) {
  return std::any_of(books.passages.begin(), books.passages.end(),
                     [&](const Passage& p) { return p.territory == slot && p.owner == owner && p.to == attacker; });
}

Cost crossing(const Books& books, int slot, int attacker) {
  const Territory& territory = books.territories[static_cast<std::size_t>(slot)];
  // Unoccupied land needs no negotiation (CK:653); one's own is where a route may start anyway.
  if (!territory.occupied() || !territory.owner || *territory.owner == attacker) return {0, 0, 1};
  if (granted(books, slot, *territory.owner, attacker)) return {0, 1, 1};
  return {1, 0, 1};
}

Cost plus(const Cost& a, const Cost& b) {
  return {std::get<0>(a) + std::get<0>(b), std::get<1>(a) + std::get<1>(b), std::get<2>(a) + std::get<2>(b)};
}

}  // namespace

Accessibility accessibility(const Books& books, int attacker, int target) {
  const std::size_t n = books.territories.size();
  const std::size_t goal = static_cast<std::size_t>(target);
  if (goal >= n) return {Access::Unreachable, {}};  // no such slot
  constexpr int kFar = std::numeric_limits<int>::max() / 4;
  std::vector<Cost> best(n, Cost{kFar, kFar, kFar});
  std::vector<int> came_from(n, -1);
  std::vector<char> done(n, 0);
  bool owns_any = false;
  for (std::size_t slot = 0; slot < n; ++slot) {
    if (slot != goal && books.territories[slot].owner == attacker) {
      best[slot] = {0, 0, 0};
      owns_any = true;
    }
  }
  if (!owns_any) return {Access::OwnsNone, {}};

  // Dijkstra over a handful of slots: reaching a slot costs what crossing it costs, except the
  // target, which is attacked, not crossed.
  for (std::size_t round = 0; round < n; ++round) {
    std::size_t next = n;
    for (std::size_t slot = 0; slot < n; ++slot) {
      if (!done[slot] && std::get<0>(best[slot]) < kFar && (next == n || best[slot] < best[next])) next = slot;
    }
    if (next == n || next == goal) break;
    done[next] = 1;
    for (std::size_t slot = 0; slot < n; ++slot) {
      if (done[slot] || !adjacent(books.links, static_cast<int>(next), static_cast<int>(slot))) continue;
      const Cost step = slot == goal ? Cost{0, 0, 1} : crossing(books, static_cast<int>(slot), attacker);
      const Cost cost = plus(best[next], step);
      if (cost < best[slot]) {
        best[slot] = cost;
        came_from[slot] = static_cast<int>(next);
      }
    }
  }
  const auto [needs, passed, hops] = best[goal];
  if (needs >= kFar) return {Access::Unreachable, {}};
  Accessibility result;
  // Back from the target to the attacker's territory the route started from (the one with no hops).
  for (int slot = came_from[goal]; slot >= 0 && std::get<2>(best[static_cast<std::size_t>(slot)]) > 0;
       slot = came_from[static_cast<std::size_t>(slot)]) {
    if (std::get<0>(crossing(books, slot, attacker)) > 0) result.passage.insert(result.passage.begin(), slot);
  }
  if (needs > 0)
    result.how = Access::NeedsPassage;
  else if (passed > 0)
    result.how = Access::PassageGranted;
  else if (hops == 1)
    result.how = Access::Adjacent;
  else
    result.how = Access::UnoccupiedPath;
  return result;
}

std::string access_reason(const Books& books, int target, const Accessibility& access) {
  const std::string& title = books.territories.at(static_cast<std::size_t>(target)).title;
  if (access.how == Access::Unreachable) return trf("{0} is not accessible: no linked slots lead there", title);
  if (access.how != Access::NeedsPassage) return trf("{0} is accessible", title);
  std::vector<std::string> through;
  for (const int slot : access.passage) {
    const Territory& territory = books.territories.at(static_cast<std::size_t>(slot));
    const SeatBooks& owner = books.seats.at(static_cast<std::size_t>(*territory.owner));
    through.push_back(territory.title + " (" + std::string(house_name(owner.house)) + ")");
  }
  // TRANSLATORS: {1} the territories and their houses: "Nyghtwald (Slaine) and Marrow (Brom)".
  return trf("{0} is not accessible: passage through {1}", title, listed(through));
}

}  // namespace seneschal::engine::cutthroat
