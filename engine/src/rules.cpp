// Rules: one command's view of the table, with the ways a rule can stop it.
#include "seneschal/engine/rules_kit.hpp"

#include <algorithm>

#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/engine/timers.hpp"

namespace seneschal::engine {

Rules::Rules(TableState& state_in, const CardDatabase& cards_in, std::int64_t seq_in, Context context_in,
             std::vector<std::string> overridden_in, std::vector<int> rolls)
    : state(state_in),
      cards(cards_in),
      seq(seq_in),
      context(context_in),
      overridden(std::move(overridden_in)),
      rolls_(std::move(rolls)) {}

void Rules::refuse(std::string message) const { throw Refusal{std::move(message)}; }

void Rules::check(bool ok, const std::string& reason) const {
  if (ok) return;
  if (checks_met_++ < overridden.size()) return;
  // A log from before checks were counted confirmed by reason: a reason met twice was confirmed
  // once. Only a fold reads it so; a command at the table counts.
  if (folding && std::find(overridden.begin(), overridden.end(), reason) != overridden.end()) return;
  throw Warning{reason};
}

const Card& Rules::card(const std::string& id) const {
  const Card* found = cards.find(id);
  if (!found) refuse(trf("no card {0} in the {1} card data", id, cards.title()));
  return *found;
}

namespace {

constexpr const char* kNamedTitle = "_title";
constexpr const char* kNamedType = "_type";

}  // namespace

std::optional<std::string> Rules::named(const std::string& id, const char* key) const {
  if (const Card* found = cards.find(id)) {
    if (used) {
      if (auto source = found->sourced.find("title"); source != found->sourced.end() && source->second == kNamedAtTable) {
        (*used)[id][kNamedTitle] = found->title;
        (*used)[id][kNamedType] = found->type;
      }
    }
    return key == kNamedTitle ? found->title : found->type;
  }
  if (given) {
    if (auto card = given->find(id); card != given->end() && card->is_object()) {
      if (auto value = card->find(key); value != card->end() && value->is_string()) return value->get<std::string>();
    }
  }
  return std::nullopt;
}

std::string Rules::title(const std::string& id) const { return named(id, kNamedTitle).value_or(id); }

std::string Rules::type(const std::string& id) const { return named(id, kNamedType).value_or(std::string()); }

// An answer kept from an earlier game (card-answers.json, laid over the data) that the players
// forgot in this one: the table is asked again.
static bool forgotten_answer(const TableState& state, const Card& card, const Subject& subject, std::string_view stat) {
  const ToldValue* told = state.told.find(subject, stat);
  return told && told->forgotten() && answered_at_table(card, stat);
}

std::optional<int> Rules::known(const Subject& subject, std::string_view stat) const {
  if (auto told = state.told.number(subject, stat)) return told;
  if (given) {
    if (auto card = given->find(subject.card); card != given->end() && card->is_object()) {
      if (auto value = card->find(stat); value != card->end() && value->is_number_integer()) return value->get<int>();
    }
  }
  const Card* found = cards.find(subject.card);
  if (!found || forgotten_answer(state, *found, subject, stat)) return std::nullopt;
  const std::optional<int> value = found->stat(stat);
  // Printed values ship with the build; a value the table answered lives in a file beside the
  // log, which may be gone by the next start: the event keeps it.
  if (value && used && answered_at_table(*found, stat)) (*used)[subject.card][std::string(stat)] = *value;
  return value;
}

int Rules::number(const Subject& subject, std::string_view stat, int min, int max) const {
  if (auto v = known(subject, stat)) return *v;
  throw Ask{Question{subject, std::string(stat), {}, min, max}, false};
}

std::string Rules::word(const Subject& subject, std::string_view stat, const std::vector<std::string>& words) const {
  if (auto told = state.told.word(subject, stat)) return *told;
  if (given) {
    if (auto card = given->find(subject.card); card != given->end() && card->is_object()) {
      if (auto value = card->find(stat); value != card->end() && value->is_string()) return value->get<std::string>();
    }
  }
  if (const Card* found = cards.find(subject.card); found && !forgotten_answer(state, *found, subject, stat)) {
    if (auto it = found->attributes.find(stat); it != found->attributes.end()) {
      // As in known(): a word the table answered in an earlier game travels in the event.
      if (used && answered_at_table(*found, stat)) (*used)[subject.card][std::string(stat)] = it->second;
      return it->second;
    }
  }
  throw Ask{Question{subject, std::string(stat), words, 0, 0}, false};
}

int Rules::roll(int sides, const std::string& what) {
  if (next_roll_ < rolls_.size()) return rolls_[next_roll_++];
  throw Ask{Question{Subject{}, what, {}, 1, sides}, true};
}

int Rules::next_seat(int seat) const {
  const int n = seats();
  for (int step = 1; step <= n; ++step) {
    const int candidate = (seat + step) % n;
    if (!state.players[candidate].eliminated) return candidate;
  }
  return seat;
}

int Rules::active_seats() const {
  return static_cast<int>(std::count_if(state.players.begin(), state.players.end(),
                                        [](const PlayerState& p) { return !p.eliminated; }));
}

int Rules::seat_by_name(const std::string& wanted) const {
  for (int seat = 0; seat < seats(); ++seat) {
    if (state.players[seat].name == wanted) return seat;
  }
  return -1;
}

void Rules::log(std::string text) const { state.log.push_back({seq, std::move(text)}); }

void Rules::win(std::vector<int> winners, const std::string& victory) {
  if (state.winner || winners.empty()) return;
  std::sort(winners.begin(), winners.end());
  winners.erase(std::unique(winners.begin(), winners.end()), winners.end());
  state.winner = Winner{std::move(winners), victory};
  log(winner_text(state));
}

void Rules::eliminate(int seat, const std::string& why) {
  PlayerState& player = state.players.at(seat);
  if (player.eliminated) return;
  player.eliminated = true;
  // TRANSLATORS: {1} why, as the module says it.
  log(trf("{0} is eliminated: {1}", player.name, why));
}

void Rules::finish_game(std::vector<int> scores) {
  std::string list;
  for (std::size_t seat = 0; seat < scores.size() && seat < state.players.size(); ++seat) {
    list += (seat == 0 ? "" : ", ") + state.players[seat].name + " " + std::to_string(scores[seat]);
  }
  // TRANSLATORS: {1} each seat's name and score: "Ann 12, Ben 9".
  std::string line = list.empty() ? trf("Game {0} ends:", state.match.game) : trf("Game {0} ends: {1}", state.match.game, list);
  state.match.finished.push_back(std::move(scores));
  ++state.match.game;
  log(line);
}

void Rules::disagree(Disagreement disagreement) const {
  log(trf("Table and books disagree: {0}", disagreement.text));
  state.disagreements.push_back(std::move(disagreement));
}

void Rules::start_timer(const std::string& name, int seconds) {
  const std::int64_t length = std::int64_t{seconds} * 1000;
  const TimerState timer{name, length, length, at_ms, true};
  auto same = std::find_if(state.timers.begin(), state.timers.end(), [&](const TimerState& t) { return t.name == name; });
  if (same != state.timers.end()) *same = timer;
  else state.timers.push_back(timer);
  log(trf("{0}: {1} on the timer", timer_shown_name(name), clock_text(length)));
}

}  // namespace seneschal::engine
