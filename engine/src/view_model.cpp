#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine {
namespace {

std::string title_of(const CardDatabase& cards, const std::string& id) {
  const Card* card = cards.find(id);
  return card ? card->title : id;
}

void add_timers(ViewModel& view, const TableState& state, std::int64_t now_ms) {
  view.now_ms = now_ms;
  view.timers = timer_views(state, now_ms);
}

}  // namespace

std::vector<TimerView> timer_views(const TableState& state, std::int64_t now_ms) {
  std::vector<TimerView> views;
  for (const TimerState& t : state.timers) {
    views.push_back({t.name, t.left_at(now_ms), t.total_ms, t.running, t.ringing_at(now_ms)});
  }
  return views;
}

ViewModel make_view_model(const Session& session, std::optional<ScanToast> toast, std::int64_t now_ms,
                          std::size_t log_lines) {
  if (!session.module()) {
    ViewModel view;
    view.toast = std::move(toast);
    view.game_title = "Seneschal";
    view.prompt = "No game yet: start one";
    add_timers(view, session.state(), now_ms);
    return view;
  }
  return make_view_model(session.state(), &session.module()->cards(), session.prompt(), session.menu_open(),
                         std::move(toast), now_ms, log_lines);
}

ViewModel make_view_model(const TableState& state, const CardDatabase* card_data, const Prompt& prompt, bool menu_open,
                          std::optional<ScanToast> toast, std::int64_t now_ms, std::size_t log_lines) {
  static const CardDatabase kNoCards;
  const CardDatabase& cards = card_data ? *card_data : kNoCards;
  ViewModel view;
  view.toast = std::move(toast);
  add_timers(view, state, now_ms);
  view.game_title = card_data ? cards.title() : state.game;
  view.turn = state.turn;
  view.phase = state.phase;
  view.prompt = prompt.text;
  view.prompt_options = prompt.options;
  view.ok_hint = prompt.ok;
  view.pass_hint = prompt.pass;
  view.wants_number = prompt.wants_number;
  view.menu_open = menu_open;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerState& player = state.players[i];
    SeatView seat;
    seat.name = player.name;
    seat.faction = player.faction;
    seat.renown = player.renown;
    seat.food_total = player.food_total();
    seat.acting = static_cast<int>(i) == state.to_act && !state.winner;
    seat.ordained = static_cast<int>(i) == state.ordained;
    seat.eliminated = player.eliminated;
    for (const CastleState& c : player.castles) seat.castles.push_back({title_of(cards, c.card), c.food, c.buried});
    for (const CardInPlay& c : player.in_play) {
      const Card* card = cards.find(c.card);
      seat.in_play.push_back({card ? card->title : c.card, card ? card->type : std::string(), c.copy,
                              c.bowed});
    }
    for (const QuestState& q : player.quests) seat.quests.push_back({title_of(cards, q.card), q.completed});
    view.seats.push_back(std::move(seat));
  }
  const std::size_t first = state.log.size() > log_lines ? state.log.size() - log_lines : 0;
  for (std::size_t i = first; i < state.log.size(); ++i) view.log.push_back(state.log[i].text);
  if (state.winner && state.winner->player >= 0 && state.winner->player < static_cast<int>(state.players.size())) {
    view.winner = state.players[state.winner->player].name + " wins: " + state.winner->victory;
    view.winner_seat = state.winner->player;
    view.victory = state.winner->victory;
  }
  for (const TurnRecord& r : state.history) view.history.push_back({r.turn, r.renown, r.food});
  return view;
}

}  // namespace seneschal::engine
