#include "ck_scoring.hpp"

#include <algorithm>

namespace seneschal::engine::cutthroat {

int coin_vp(const Coins& coins) { return coins.value(); }

namespace {

// Every way to write `left` as at most `parts` counts, none above `most`, largest first.
void shapes_into(int left, int parts, int most, std::vector<int>& shape, std::vector<std::vector<int>>& out) {
  if (left == 0) {
    out.push_back(shape);
    return;
  }
  if (parts == 0) return;
  for (int count = std::min(left, most); count >= 1; --count) {
    shape.push_back(count);
    shapes_into(left - count, parts - 1, count, shape, out);
    shape.pop_back();
  }
}

}  // namespace

std::vector<std::vector<int>> gem_shapes(int gems) {
  constexpr int kMostOfAColour = 6;  // CK:29
  std::vector<std::vector<int>> out;
  if (gems < 0) return out;
  std::vector<int> shape;
  shapes_into(gems, kGemColours, kMostOfAColour, shape, out);
  // Most colours first, then the evenest (the smaller largest counts first).
  std::stable_sort(out.begin(), out.end(), [](const std::vector<int>& a, const std::vector<int>& b) {
    if (a.size() != b.size()) return a.size() > b.size();
    return a < b;
  });
  return out;
}

int heir_multiplier(const SeatBooks& seat) { return seat.heir.alive && !seat.heir.married_to ? 2 : 1; }

int card_vp(const SeatBooks& seat) { return seat.food_vp + seat.own_bastard_vp.value_or(0); }

GemScore gem_vp(const Gems& gems) {
  GemScore best;
  const int most_rainbows = *std::min_element(gems.begin(), gems.end());
  for (int k = 0; k <= most_rainbows; ++k) {
    int vp = kRainbowVp * k;
    for (int count : gems) vp += (count - k) * (count - k);
    // Ties keep the fewer rainbows: the same VP, and the split the FAQ would not need to explain.
    if (vp > best.vp) best = {vp, k};
  }
  return best;
}

int seat_vp(const SeatBooks& seat) {
  return heir_multiplier(seat) * coin_vp(seat.coins) + card_vp(seat) + gem_vp(seat.gems).vp;
}

Outcome score(const std::vector<SeatBooks>& seats) {
  Outcome outcome;
  const int n = static_cast<int>(seats.size());
  for (int seat = 0; seat < n; ++seat) {
    const std::optional<int> partner = seats[static_cast<std::size_t>(seat)].heir.married_to;
    // A couple counts once, at its lower seat; a marriage the books hold one-sided is no couple.
    const bool couple =
        partner && *partner >= 0 && *partner < n && seats[static_cast<std::size_t>(*partner)].heir.married_to == seat;
    if (couple && *partner < seat) continue;
    Team team{{seat}, seat_vp(seats[static_cast<std::size_t>(seat)])};
    if (couple) {
      team.seats.push_back(*partner);
      team.vp += seat_vp(seats[static_cast<std::size_t>(*partner)]);
    }
    outcome.teams.push_back(std::move(team));
  }
  if (outcome.teams.empty()) return outcome;
  const int top = std::max_element(outcome.teams.begin(), outcome.teams.end(), [](const Team& a, const Team& b) {
                    return a.vp < b.vp;
                  })->vp;
  int winning_teams = 0;
  for (const Team& team : outcome.teams) {
    if (team.vp != top) continue;
    ++winning_teams;
    outcome.winners.insert(outcome.winners.end(), team.seats.begin(), team.seats.end());
  }
  std::sort(outcome.winners.begin(), outcome.winners.end());
  outcome.shared = winning_teams > 1;
  return outcome;
}

}  // namespace seneschal::engine::cutthroat
