#include "seneschal/engine/view_model.hpp"

#include <algorithm>

namespace seneschal::engine {
namespace {

std::string title_of(const CardDatabase& cards, const std::string& id) {
  const Card* card = cards.find(id);
  return card ? card->title : id;
}

// Until the modules describe their own boards: R9E's board as its panels have always shown it.
BoardView describe_board(const TableState& state, const CardDatabase& cards) {
  BoardView board;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerState& player = state.players[i];
    SeatView seat;
    seat.name = player.name;
    seat.subtitle = player.faction;
    seat.score = player.renown;
    seat.eliminated = player.eliminated;
    if (static_cast<int>(i) == state.ordained) seat.badges.push_back({"Ordained", "Ord.", BadgeView::Tone::Highlight});
    if (player.eliminated) seat.badges.push_back({"Eliminated", "Out", BadgeView::Tone::Muted});
    seat.counters = {{"Renown", std::to_string(player.renown)}, {"Food", std::to_string(player.food_total())}};
    ListView castles{"Castles", {}};
    for (const CastleState& c : player.castles) {
      ItemView item;
      item.title = title_of(cards, c.card);
      if (c.buried) {
        item.note = "buried";
        item.muted = true;
      } else {
        item.count = c.food;
        item.pips = true;
      }
      castles.items.push_back(std::move(item));
    }
    ListView in_play{"In play", {}};
    for (const CardInPlay& c : player.in_play) {
      ItemView item;
      item.title = title_of(cards, c.card) + (c.copy > 1 ? " (" + std::to_string(c.copy) + ")" : std::string());
      item.icon = ItemView::Icon::Card;
      item.quarter = c.bowed ? 90 : 0;
      item.note = c.bowed ? "bowed" : "";
      item.muted = c.bowed;
      in_play.items.push_back(std::move(item));
    }
    ListView quests{"Quests", {}};
    for (const QuestState& q : player.quests) {
      ItemView item;
      item.title = title_of(cards, q.card);
      item.icon = q.completed ? ItemView::Icon::Done : ItemView::Icon::Open;
      item.muted = q.completed;
      quests.items.push_back(std::move(item));
    }
    for (ListView* list : {&castles, &in_play, &quests}) {
      if (!list->items.empty()) seat.lists.push_back(std::move(*list));
    }
    board.seats.push_back(std::move(seat));
  }
  ChartView renown{"Renown", {}};
  ChartView food{"Food", {}};
  for (const TurnRecord& r : state.history) {
    renown.points.push_back({r.turn, r.renown});
    food.points.push_back({r.turn, r.food});
  }
  if (!state.history.empty()) board.charts = {std::move(renown), std::move(food)};
  return board;
}

}  // namespace

bool ViewModel::won_by(std::size_t seat) const {
  return std::find(winner_seats.begin(), winner_seats.end(), static_cast<int>(seat)) != winner_seats.end();
}

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
    view.now_ms = now_ms;
    view.timers = timer_views(session.state(), now_ms);
    return view;
  }
  const CardDatabase& cards = session.module()->cards();
  return make_view_model(session.state(), describe_board(session.state(), cards), cards.title(), session.prompt(),
                         session.menu_open(), std::move(toast), now_ms, log_lines);
}

ViewModel make_view_model(const TableState& state, const BoardView& board, const std::string& game_title,
                          const Prompt& prompt, bool menu_open, std::optional<ScanToast> toast, std::int64_t now_ms,
                          std::size_t log_lines) {
  ViewModel view;
  view.toast = std::move(toast);
  view.now_ms = now_ms;
  view.timers = timer_views(state, now_ms);
  view.game_title = game_title.empty() ? state.game : game_title;
  view.headline = board.headline;
  view.turn = state.turn;
  view.phase = state.phase;
  view.prompt = prompt.text;
  view.prompt_options = prompt.options;
  view.ok_hint = prompt.ok;
  view.pass_hint = prompt.pass;
  view.wants_number = prompt.wants_number;
  view.menu_open = menu_open;
  view.seats = board.seats;
  view.charts = board.charts;
  for (std::size_t i = 0; i < view.seats.size(); ++i) {
    view.seats[i].acting = static_cast<int>(i) == state.to_act && !state.winner;
  }
  const std::size_t first = state.log.size() > log_lines ? state.log.size() - log_lines : 0;
  for (std::size_t i = first; i < state.log.size(); ++i) view.log.push_back(state.log[i].text);
  if (state.winner && state.winner->player >= 0 && state.winner->player < static_cast<int>(state.players.size())) {
    view.winner = state.players[state.winner->player].name + " wins: " + state.winner->victory;
    view.winner_seats = {state.winner->player};
    view.victory = state.winner->victory;
  }
  return view;
}

}  // namespace seneschal::engine
