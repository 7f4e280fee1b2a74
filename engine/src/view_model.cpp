#include "seneschal/engine/view_model.hpp"

namespace seneschal::engine {
namespace {

std::string title_of(const CardDatabase& cards, const std::string& id) {
  const Card* card = cards.find(id);
  return card ? card->title : id;
}

}  // namespace

ViewModel make_view_model(const Session& session, std::optional<ScanToast> toast, std::size_t log_lines) {
  ViewModel view;
  view.toast = std::move(toast);
  const TableState& state = session.state();
  const GameModule* module = session.module();
  if (!module) {
    view.game_title = "Seneschal";
    view.prompt = "No game yet: start one";
    return view;
  }
  const CardDatabase& cards = module->cards();
  view.game_title = cards.title();
  view.turn = state.turn;
  view.phase = state.phase;
  const Prompt prompt = session.prompt();
  view.prompt = prompt.text;
  view.prompt_options = prompt.options;
  view.ok_hint = prompt.ok;
  view.pass_hint = prompt.pass;
  view.wants_number = prompt.wants_number;
  view.menu_open = session.menu_open();
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
  }
  return view;
}

}  // namespace seneschal::engine
