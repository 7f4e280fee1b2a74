#include "ck_clock.hpp"

#include <algorithm>
#include <charconv>

namespace seneschal::engine::cutthroat {

int territories_in_play(int seats) { return 2 + seats; }

std::optional<int> indicator_value(std::string_view indicator) {
  if (indicator.size() < 2 || indicator.back() != '+') return std::nullopt;
  int value = 0;
  const char* last = indicator.data() + indicator.size() - 1;
  const auto [end, error] = std::from_chars(indicator.data(), last, value);
  if (error != std::errc() || end != last) return std::nullopt;
  return value;
}

bool event_in_deck(std::string_view indicator, int seats) {
  const std::optional<int> value = indicator_value(indicator);
  return value && *value <= seats;
}

std::vector<std::string> indicators_in_deck(int seats) {
  std::vector<std::string> indicators;
  for (int k = kMinSeats; k <= seats && k <= kMaxSeats; ++k) indicators.push_back(std::to_string(k) + "+");
  return indicators;
}

EventClock event_clock(int deck_size, int starting_seat) {
  EventClock clock;
  clock.deck_size = deck_size;
  clock.wedding_at = (deck_size + 1) / 2;
  clock.feast_at = deck_size;
  clock.starting_seat = starting_seat;
  return clock;
}

int seat_for_turn(int turn, int starting_seat, int seats) { return (starting_seat + turn - 1) % seats; }

int feast_drawer(const EventClock& clock, int seats) {
  return seat_for_turn(clock.feast_at, clock.starting_seat, seats);
}

int wedding_drawer(const EventClock& clock, int seats) {
  return seat_for_turn(clock.wedding_at, clock.starting_seat, seats);
}

std::vector<int> vote_weights(int seats, const std::vector<int>& least) {
  std::vector<int> weights(static_cast<std::size_t>(seats), 1);
  for (int seat : least) {
    // One extra vote per seat, however often the table named it.
    if (seat >= 0 && seat < seats) weights[static_cast<std::size_t>(seat)] = 2;
  }
  return weights;
}

std::vector<int> seats_with_least(const std::vector<int>& counts) {
  std::vector<int> least;
  if (counts.empty()) return least;
  const int fewest = *std::min_element(counts.begin(), counts.end());
  for (std::size_t seat = 0; seat < counts.size(); ++seat) {
    if (counts[seat] == fewest) least.push_back(static_cast<int>(seat));
  }
  return least;
}

std::optional<int> vote_winner(const std::vector<int>& votes, const std::vector<int>& weights, int proposals) {
  std::vector<int> tally(static_cast<std::size_t>(std::max(proposals, 0)), 0);
  for (std::size_t seat = 0; seat < votes.size() && seat < weights.size(); ++seat) {
    if (votes[seat] >= 0 && votes[seat] < proposals) tally[static_cast<std::size_t>(votes[seat])] += weights[seat];
  }
  if (tally.empty()) return std::nullopt;
  const auto top = std::max_element(tally.begin(), tally.end());
  if (*top == 0 || std::count(tally.begin(), tally.end(), *top) > 1) return std::nullopt;
  return static_cast<int>(top - tally.begin());
}

}  // namespace seneschal::engine::cutthroat
