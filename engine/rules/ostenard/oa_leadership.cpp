#include "oa_leadership.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <queue>

#include "seneschal/base/words.hpp"

namespace seneschal::engine::ostenard {
namespace {

bool same_word(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

bool aedon_word(std::string_view word) { return same_word(word, "A") || same_word(word, "Aedon"); }

// Allegiances as the table writes them: any case, and Aedon by its code or its name.
bool same_allegiance(std::string_view a, std::string_view b) { return same_word(a, b) || (aedon_word(a) && aedon_word(b)); }

bool holds(const std::vector<std::string>& list, std::string_view allegiance) {
  return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return same_allegiance(s, allegiance); });
}

// A maximum flow on a few dozen nodes: a capacity matrix and breadth-first augmenting paths
// (Edmonds-Karp), exact and small enough to read.
class Flow {
 public:
  explicit Flow(std::size_t nodes) : capacity_(nodes, std::vector<int>(nodes, 0)), flow_(nodes, std::vector<int>(nodes, 0)) {}

  void add(std::size_t from, std::size_t to, int capacity) { capacity_[from][to] += capacity; }
  int flow(std::size_t from, std::size_t to) const { return flow_[from][to]; }

  int run(std::size_t source, std::size_t sink) {
    const std::size_t n = capacity_.size();
    int total = 0;
    while (true) {
      std::vector<std::optional<std::size_t>> parent(n);
      parent[source] = source;
      std::queue<std::size_t> queue;
      queue.push(source);
      while (!queue.empty() && !parent[sink]) {
        const std::size_t u = queue.front();
        queue.pop();
        for (std::size_t v = 0; v < n; ++v) {
          if (!parent[v] && residual(u, v) > 0) {
            parent[v] = u;
            queue.push(v);
          }
        }
      }
      if (!parent[sink]) return total;
      int push = std::numeric_limits<int>::max();
      for (std::size_t v = sink; v != source; v = *parent[v]) push = std::min(push, residual(*parent[v], v));
      for (std::size_t v = sink; v != source; v = *parent[v]) {
        const std::size_t u = *parent[v];
        // Cancel flow the other way first, so flow_ keeps one direction per pair.
        const int back = std::min(push, flow_[v][u]);
        flow_[v][u] -= back;
        flow_[u][v] += push - back;
      }
      total += push;
    }
  }

 private:
  int residual(std::size_t u, std::size_t v) const { return capacity_[u][v] - flow_[u][v] + flow_[v][u]; }

  std::vector<std::vector<int>> capacity_;
  std::vector<std::vector<int>> flow_;
};

bool enemies(const Leader& leader, const Follower& follower, const std::vector<Enmity>& enmity) {
  for (const std::string& x : leader.allegiances) {
    if (holds(follower.enemies, x)) return true;  // the follower is an enemy of the leader's allegiance
    for (const std::string& y : follower.allegiances) {
      for (const Enmity& pair : enmity) {
        if ((same_allegiance(pair.a, x) && same_allegiance(pair.b, y)) ||
            (same_allegiance(pair.a, y) && same_allegiance(pair.b, x))) {
          return true;
        }
      }
    }
  }
  return std::any_of(follower.allegiances.begin(), follower.allegiances.end(),
                     [&](const std::string& y) { return holds(leader.enemies, y); });
}

int generic_points(const Leader& leader) { return std::max(leader.generic, 0) + (leader.noble_at_homebase ? 1 : 0); }

// The flow over the followers kept (`kept`): node 0 the source, then each leader's specific points, then its
// generic points (specific listed first, so the search spends it before the freer generic), then
// the followers, then the sink.
struct Assignment {
  int paid = 0;
  std::vector<Grant> grants;
  std::vector<int> unpaid;  // per follower kept or not: loyalty not paid (0 for one left out)
};

Assignment assign(const std::vector<Leader>& leaders, const std::vector<Follower>& followers,
                  const std::vector<Enmity>& enmity, const std::vector<bool>& kept) {
  const std::size_t l = leaders.size();
  const std::size_t f = followers.size();
  const std::size_t source = 0;
  const auto specific_node = [&](std::size_t i) { return 1 + i; };
  const auto generic_node = [&](std::size_t i) { return 1 + l + i; };
  const auto follower_node = [&](std::size_t j) { return 1 + 2 * l + j; };
  const std::size_t sink = 1 + 2 * l + f;
  Flow flow(sink + 1);
  // A follower left out is discarded, and a leader who was that follower leads no more.
  std::vector<bool> leading(l, true);
  for (std::size_t j = 0; j < f; ++j) {
    if (!kept[j] && followers[j].as_leader && *followers[j].as_leader < l) leading[*followers[j].as_leader] = false;
  }
  for (std::size_t i = 0; i < l; ++i) {
    if (!leading[i]) continue;
    flow.add(source, specific_node(i), std::max(leaders[i].specific, 0));
    flow.add(source, generic_node(i), generic_points(leaders[i]));
  }
  const int unlimited = std::numeric_limits<int>::max() / 4;
  for (std::size_t j = 0; j < f; ++j) {
    if (!kept[j]) continue;
    flow.add(follower_node(j), sink, std::max(followers[j].loyalty, 0));
    for (std::size_t i = 0; i < l; ++i) {
      if (followers[j].as_leader == i) continue;
      if (may_lead(leaders[i], followers[j], Points::Specific, enmity)) flow.add(specific_node(i), follower_node(j), unlimited);
      if (may_lead(leaders[i], followers[j], Points::Generic, enmity)) flow.add(generic_node(i), follower_node(j), unlimited);
    }
  }
  Assignment out;
  out.paid = flow.run(source, sink);
  out.unpaid.assign(f, 0);
  for (std::size_t j = 0; j < f; ++j) {
    if (!kept[j]) continue;
    int paid = 0;
    for (std::size_t i = 0; i < l; ++i) {
      for (Points points : {Points::Specific, Points::Generic}) {
        const std::size_t pool = points == Points::Specific ? specific_node(i) : generic_node(i);
        const int amount = flow.flow(pool, follower_node(j));
        if (amount <= 0) continue;
        out.grants.push_back({i, j, points, amount});
        paid += amount;
      }
    }
    out.unpaid[j] = std::max(followers[j].loyalty, 0) - paid;
  }
  std::sort(out.grants.begin(), out.grants.end(), [](const Grant& a, const Grant& b) {
    return a.follower != b.follower ? a.follower < b.follower : a.leader < b.leader;
  });
  return out;
}

int loyalty_of(const std::vector<Follower>& followers, const std::vector<bool>& kept) {
  int sum = 0;
  for (std::size_t j = 0; j < followers.size(); ++j) {
    if (kept[j]) sum += std::max(followers[j].loyalty, 0);
  }
  return sum;
}

// Beyond this many followers the search for the fewest to discard (subsets, 2^n flows) gives way to
// naming those a maximum assignment leaves unpaid. A player's personalities are far fewer.
constexpr std::size_t kExactSearchLimit = 16;

// The fewest followers to leave out for the rest to be paid; the least loyalty among those, then
// the lowest indices.
std::vector<std::size_t> fewest_to_discard(const std::vector<Leader>& leaders, const std::vector<Follower>& followers,
                                           const std::vector<Enmity>& enmity, const Assignment& everyone) {
  const std::size_t n = followers.size();
  if (n > kExactSearchLimit) {
    std::vector<std::size_t> unpaid;
    for (std::size_t j = 0; j < n; ++j) {
      if (everyone.unpaid[j] > 0) unpaid.push_back(j);
    }
    return unpaid;
  }
  int all_le = 0;
  for (const Leader& l : leaders) all_le += generic_points(l) + std::max(l.specific, 0);
  for (std::size_t size = 1; size <= n; ++size) {
    std::optional<std::vector<std::size_t>> best;
    int best_loyalty = 0;
    // Every set of `size` followers in turn (Gosper's next-combination step).
    for (std::uint32_t mask = (std::uint32_t{1} << size) - 1; mask < (std::uint32_t{1} << n);) {
      std::vector<std::size_t> out;
      std::vector<bool> kept(n, true);
      int out_loyalty = 0;
      int le = all_le;
      for (std::size_t j = 0; j < n; ++j) {
        if (!(mask & (std::uint32_t{1} << j))) continue;
        out.push_back(j);
        kept[j] = false;
        out_loyalty += std::max(followers[j].loyalty, 0);
        if (followers[j].as_leader && *followers[j].as_leader < leaders.size()) {
          const Leader& gone = leaders[*followers[j].as_leader];
          le -= generic_points(gone) + std::max(gone.specific, 0);
        }
      }
      const bool worse = best && (out_loyalty > best_loyalty || (out_loyalty == best_loyalty && out >= *best));
      // The totals first: no flow pays more than LE (OA:61).
      if (!worse && loyalty_of(followers, kept) <= le &&
          assign(leaders, followers, enmity, kept).paid == loyalty_of(followers, kept)) {
        best = out;
        best_loyalty = out_loyalty;
      }
      const std::uint32_t low = mask & (~mask + 1);
      const std::uint32_t ripple = mask + low;
      mask = ripple | (((mask ^ ripple) >> 2) / low);
    }
    if (best) return *best;
  }
  return {};  // unreachable: with every follower left out nothing is owed
}

std::string follower_words(const std::vector<Follower>& followers, std::size_t j) {
  return followers[j].name.empty() ? trf("follower {0}", j + 1) : followers[j].name;
}

}  // namespace

bool is_aedon(std::string_view allegiance) { return aedon_word(allegiance); }

bool may_lead(const Leader& leader, const Follower& follower, Points points, const std::vector<Enmity>& enmity) {
  // "Leadership may not be used towards cards with an enemy attribute toward that leader or if the
  // leader has an enemy attribute towards that card" (OA:73, 795).
  if (enemies(leader, follower, enmity)) return false;
  if (points == Points::Generic) return true;  // "against everything" (OA:67)
  // "against everything with a matching allegiance" (OA:69), Aedon only for priests (OA:81).
  for (const std::string& allegiance : follower.allegiances) {
    if (!holds(leader.allegiances, allegiance)) continue;
    if (!is_aedon(allegiance) || follower.priest) return true;
  }
  return false;
}

Organization organize(const std::vector<Personality>& personalities, std::string_view starting_allegiance) {
  Organization org;
  for (std::size_t k = 0; k < personalities.size(); ++k) {
    const Personality& p = personalities[k];
    const bool leader = p.generic > 0 || p.specific > 0;  // "personalities with a leadership value" (OA:61)
    std::optional<std::size_t> as_leader;
    if (leader || p.noble_at_homebase) {
      as_leader = org.leaders.size();
      org.leaders.push_back({p.name, leader ? p.generic : 0, leader ? p.specific : 0, p.allegiances, p.enemies,
                             p.noble_at_homebase});
      org.leader_of.push_back(k);
    }
    // "all personalities except leaders with your starting allegiance" (OA:61; C7.6).
    if (leader && holds(p.allegiances, starting_allegiance)) continue;
    org.followers.push_back({p.name, p.loyalty, p.allegiances, p.enemies, p.priest, as_leader});
    org.follower_of.push_back(k);
  }
  return org;
}

LeadershipCheck check_leadership(const std::vector<Leader>& leaders, const std::vector<Follower>& followers,
                                 const std::vector<Enmity>& enmity) {
  LeadershipCheck check;
  for (const Leader& leader : leaders) check.le += generic_points(leader) + std::max(leader.specific, 0);
  const std::vector<bool> everyone(followers.size(), true);
  check.lo = loyalty_of(followers, everyone);

  const Assignment assignment = assign(leaders, followers, enmity, everyone);
  check.used = assignment.paid;
  check.unused = check.le - check.used;
  check.grants = assignment.grants;
  check.legal = check.used == check.lo;
  if (check.legal) return check;

  check.uncovered = fewest_to_discard(leaders, followers, enmity, assignment);
  check.reasons.push_back(check.le < check.lo
                              ? trf("LE {0} against LO {1} (OA:61)", check.le, check.lo)
                              : trf("LE {0} against LO {1}, but only {2} can be paid under the matching rules (OA:65-81)", check.le,
                                    check.lo, check.used));
  std::string names;
  for (std::size_t k = 0; k < check.uncovered.size(); ++k) {
    const std::size_t j = check.uncovered[k];
    names += (k == 0 ? "" : ", ") + trf("{0} (loyalty {1})", follower_words(followers, j), followers[j].loyalty);
  }
  check.reasons.push_back(trf("Not held: {0}", names));
  return check;
}

int army_weight(int armies_in_home_region, int armies_elsewhere) {
  return std::max(armies_in_home_region, 0) + kArmyAwayWeight * std::max(armies_elsewhere, 0);
}

int upkeep_discards(int army_weight, int unused_leadership) {
  // C7.7 reads OA:85's ">" as ">=": the literal sign would be max(0, W - unused + 1).
  return std::max(0, army_weight - std::max(unused_leadership, 0));
}

int location_draws(int seat, const std::vector<HeldLocation>& locations) {
  int draws = 0;
  for (const HeldLocation& location : locations) {
    if (location.controller == seat) {
      ++draws;  // a fortress with its outside too: "he draws only one card for it!" (OA:697)
    } else if (location.fortress && !location.controller && location.outside_controller == seat) {
      ++draws;  // the outside "counts as a normal location" (OA:695) while nobody holds the fortress
    }
    // The outside while another holds the fortress: "only you may draw a card from that location" (OA:679).
  }
  return draws;
}

int resource_draws(int seat, const std::vector<HeldLocation>& locations, int nobles_at_homebase) {
  return location_draws(seat, locations) + std::max(nobles_at_homebase, 0);
}

}  // namespace seneschal::engine::ostenard
