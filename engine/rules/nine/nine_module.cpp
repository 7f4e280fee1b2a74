// Nine as a module: which flow has the player's attention, what the camera's sightings mean, the
// screen of one seat (the play area, the city in round columns, the match) and the state's keys.
#include "nine_module.hpp"

#include <nlohmann/json.hpp>

#include "nine_flows.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::engine::nine {
namespace {

// Raised whenever a log written by an earlier version would replay differently.
constexpr int kRulesVersion = 2;  // 2: payments entered as the table made them, round options combined

const Data& data_of(const TableState& state) { return static_cast<const Data&>(*state.data.get()); }

constexpr const char* kStepNames[] = {"target", "target_side", "top_card", "play", "paying", "round_end", "over"};

// The flows in the order they take the table's attention: a menu's move in progress (the
// Demolition Team), then the game's step. Written once: the command and the prompt go to the same
// flow.
bool setting_up(const Table& table) {
  const Step step = table.data.step;
  return step == Step::Target || step == Step::TargetSide || step == Step::TopCard;
}
bool playing(const Table& table) { return table.data.step == Step::Play; }
bool paying(const Table& table) { return table.data.step == Step::Paying; }
bool round_ending(const Table& table) { return table.data.step == Step::RoundEnd; }
// At a round's end a card shown to the camera still means what it means in play (where it lies
// and how it is turned); the buttons answer the round's end.
std::string round_end_or_sighting(Table& table, const Command& command) {
  if (const auto* present = std::get_if<PresentCard>(&command)) return card_sighted(table, present->card_id, present->where);
  return round_end_step(table, command);
}
std::string match_over(Table& table, const Command&) { table.refuse(tr("the match is over")); }
Prompt nothing_to_ask(const Table&) { return {}; }

const std::vector<Flow<Table>>& flows() {
  static const std::vector<Flow<Table>> kFlows = {
      {menu_flow_open, menu_flow_step, menu_flow_prompt}, {setting_up, setup_step, setup_prompt},
      {playing, play_step, play_prompt},                  {paying, paying_step, paying_prompt},
      {round_ending, round_end_or_sighting, round_end_prompt}, {nullptr, match_over, nothing_to_ask},
  };
  return kFlows;
}

std::string run_flow(Table& table, const Command& command) {
  if (table.context.from_menu) {
    const auto* choose = std::get_if<Choose>(&command);
    if (!choose) table.refuse(tr("a menu choice needs a label"));
    return menu_step(table, *choose);
  }
  return flow_on(flows(), table).run(table, command);
}

Prompt prompt_of(const Table& table) { return flow_on(flows(), table).prompt(table); }

// What the screen says of a card in play without asking anything: "5A Lumber".
std::string lie_text(const Table& table, int n) {
  const PhysicalCard& c = table.card(n);
  std::string text = face_id(n, c.face);
  if (c.quarter && (*c.quarter == 0 || *c.quarter == 180) && table.face_known(n, c.face)) {
    text += " " + resource_said(table.resource_at(n, c.face, *c.quarter));
  }
  return text;
}

template <typename F>
auto or_fallback(F f, decltype(f()) fallback) -> decltype(f()) {
  try {
    return f();
  } catch (const Ask&) {
    return fallback;
  }
}

// The game's score as the city stands (the rounds begun subtracted), or nothing while a built
// structure's shield is still to be told.
std::optional<GameScore> running_score(const Table& table) {
  return or_fallback(
      [&]() -> std::optional<GameScore> {
        std::vector<Structure> built;
        for (const Built& b : table.data.city) built.push_back(table.structure(b.name));
        return score_game(built, table.data.round);
      },
      std::nullopt);
}

// The games side by side (B5): one list, game 1's line then game 2's, so the panel's two columns
// read one game each; in one column each line still names its game.
ListView games_list(const std::vector<GameRecord>& games) {
  ListView list{tr("Games"), {}};
  // `what`: an N_ word, or nullptr for the game's total.
  auto lines = [&](const char* what, auto value) {
    for (std::size_t g = 0; g < games.size(); ++g) {
      ItemView item;
      // TRANSLATORS: a line of Nine's score sheet: "Game 1 shields", "Game 2 rounds".
      item.title = what ? trf("Game {0} {1}", g + 1, tr(what)) : trf("Game {0}", g + 1);
      item.count = value(games[g].score);
      list.items.push_back(std::move(item));
    }
  };
  lines(nullptr, [](const GameScore& s) { return s.total(); });
  lines(N_("shields"), [](const GameScore& s) { return s.shields; });
  lines(N_("basic"), [](const GameScore& s) { return s.basic; });
  lines(N_("same type"), [](const GameScore& s) { return s.doubles; });
  lines(N_("more high"), [](const GameScore& s) { return s.high_bonus; });
  lines(N_("rounds"), [](const GameScore& s) { return -s.rounds; });
  return list;
}

SeatView describe_seat(const Table& table) {
  const Data& data = table.data;
  const TableState& state = table.state;
  SeatView view;
  view.name = state.players[0].name;
  view.acting = true;
  int finished = 0;
  for (const GameRecord& g : data.games) finished += g.score.total();
  const auto running = data.step == Step::Over ? std::nullopt : running_score(table);
  view.score = finished + (running ? running->total() : 0);
  if (data.step != Step::Over) {
    view.counters.push_back({tr("Game"), trf("{0} of 2", state.match.game)});
    // The round says how far the game is; this game's score and the match's are what the player plays for.
    view.counters.push_back({tr("Round"), std::to_string(data.round), true});
    view.counters.push_back({tr("This game"), running ? std::to_string(running->total()) : "?", true});
  }
  view.counters.push_back({tr("Match"), std::to_string(view.score), true});
  if (data.step == Step::Over) {
    const int total = match_total(data.games[0].score, data.games[1].score);
    view.badges.push_back({tr(king_says(total)), "", BadgeView::Tone::Highlight});
    view.lists.push_back(games_list(data.games));
    return view;
  }
  if (data.step == Step::Play || data.step == Step::Paying) {
    // A build waiting for its payment lies in the city already: not in the play area, and its
    // own resource pays nothing (B7.2).
    const int building = data.paying ? data.paying->card : 0;
    const std::string free = or_fallback(
        [&] {
          std::vector<Resource> resources;
          for (const Source& s : table.sources(building)) resources.push_back(s.resource);
          return resource_list(resources);
        },
        std::string("?"));
    // TRANSLATORS: Nine: the resources free to use now.
    view.counters.push_back({tr("Free"), free});
    ListView play{tr("Play area"), {}};
    // `where`: "Deck {0}", "Centre {0}", "Pile {0}" (N_), {0} the card as it lies.
    auto card_item = [&](std::optional<int> n, const char* where, bool used) {
      if (!n || *n == building) return;
      ItemView item;
      item.icon = ItemView::Icon::Card;
      item.quarter = table.card(*n).quarter.value_or(0);
      item.title = trf(where, lie_text(table, *n));
      item.note = used ? tr("used") : "";
      item.muted = used;
      play.items.push_back(std::move(item));
    };
    card_item(data.deck_top, N_("Deck {0}"), false);
    card_item(data.center, N_("Centre {0}"), false);
    card_item(table.discard_top(), N_("Pile {0}"), table.discard_top() && !table.discard_usable());
    if (data.paying) {
      ItemView item;
      item.icon = ItemView::Icon::Card;
      item.quarter = data.paying->left ? 90 : 270;
      item.title = trf("Building {0}", data.paying->name);
      item.note = face_id(data.paying->card, data.paying->face);
      play.items.push_back(std::move(item));
    }
    if (data.target && data.target != building && table.card(data.target).place == Place::Target) {
      ItemView target;
      target.title = trf("Target {0}", data.target_name);
      target.note = face_id(data.target, data.target_face);
      play.items.push_back(std::move(target));
    }
    for (int n : data.more_targets) {  // set aside beside the target (N-2 overridden)
      if (n == building || table.card(n).place != Place::Target) continue;
      ItemView aside;
      aside.title = trf("Set aside {0}", face_id(n, table.card(n).face));
      play.items.push_back(std::move(aside));
    }
    view.lists.push_back(std::move(play));
  }
  // The city in round columns (N9:111): one list per round.
  for (int round = 1; round <= data.round; ++round) {
    ListView column{trf("City, round {0}", round), {}};
    for (const Built& built : data.city) {
      if (built.round != round) continue;
      ItemView item;
      item.icon = ItemView::Icon::Card;
      item.quarter = built.left ? 90 : 270;
      item.title = built.name;
      item.note = built.tilted ? tr("used") : "";
      item.muted = built.tilted;
      column.items.push_back(std::move(item));
    }
    if (!column.items.empty()) view.lists.push_back(std::move(column));
  }
  if (!data.games.empty()) view.lists.push_back(games_list(data.games));
  return view;
}

// N-15: a card the books flipped onto the pile (it paid, or the centre flipped on a pass) or laid
// in the city whose tag still lies on the deck or in the centre: the player has not moved it yet,
// or the books are wrong. The firmware asks once it lasts (TableDriver::kMismatchMs).
std::vector<Disagreement> cards_left_in_play(const Table& table) {
  std::vector<Disagreement> found;
  const Data& data = table.data;
  if (data.step != Step::Play && data.step != Step::Paying) return found;
  for (const TableCard& lying : table.state.table) {
    if (!lying.placed || (lying.zone != "deck" && lying.zone != "centre")) continue;
    const auto face = face_of_id(lying.card);
    if (!face) continue;
    const PhysicalCard& books = table.card(face->card);
    const bool deck = lying.zone == "deck";
    if (books.place == Place::Discard && books.face != face->face) {
      found.push_back({lying.card, lying.copy, "paid",
                       deck ? trf("card {0} still lies on the deck, but the books have it flipped onto the discard pile", lying.card)
                            : trf("card {0} still lies in the centre, but the books have it flipped onto the discard pile", lying.card),
                       lying});
    } else if (books.place == Place::City) {
      found.push_back({lying.card, lying.copy, "built",
                       deck ? trf("card {0} still lies on the deck, but the books have it built in the city", lying.card)
                            : trf("card {0} still lies in the centre, but the books have it built in the city", lying.card),
                       lying});
    }
  }
  return found;
}

std::string headline(const Table& table) {
  const Data& data = table.data;
  const int game = table.state.match.game;
  switch (data.step) {
    case Step::Target:
    case Step::TargetSide:
    case Step::TopCard:
      return trf("Game {0} of 2 - setup", game);
    case Step::Over:
      return tr("Match over");
    default:
      break;
  }
  // TRANSLATORS: Nine's banner: game, round, turn, cards left in the deck, the target structure.
  if (data.target_name.empty()) {
    return trf("Game {0} of 2 - round {1}, turn {2} - deck {3}", game, data.round, data.turn, table.deck_count());
  }
  return trf("Game {0} of 2 - round {1}, turn {2} - deck {3} - target {4}", game, data.round, data.turn,
             table.deck_count(), data.target_name);
}

class Module final : public TableFlowModule<Table> {
 public:
  explicit Module(std::shared_ptr<const CardDatabase> cards) : TableFlowModule(std::move(cards)) {}

  const ModuleInfo& info() const override {
    // Solitaire: one seat (N9:1-20).
    static const ModuleInfo kInfo{"nine", kRulesVersion, 1, 1};
    return kInfo;
  }

  BoardView describe(const TableState& state) const override {
    BoardView board;
    if (!state.data) return board;
    const Table table(reading(state));
    board.headline = headline(table);
    board.seats.push_back(describe_seat(table));
    return board;
  }

  void tally(const TableState& state, Series& series) const override {
    std::vector<int>& built = series_values(series, "structures");
    built.assign(state.players.size(), 0);
    if (!state.data || built.empty()) return;
    built[0] = static_cast<int>(data_of(state).city.size());
  }

  std::vector<Disagreement> table_mismatches(const TableState& state) const override {
    if (!state.data) return {};
    const Table table(reading(state));
    return cards_left_in_play(table);
  }

  // The deck lies left of centre, the centre card beside it, the pile right of it (N9:109); the
  // city in front of the player; the target set aside.
  std::vector<std::string> zones() const override { return {"deck", "centre", "discard", "city", "target"}; }

 protected:
  void table_begin(Table& table) const override { begin_game(table); }

  std::string run_table(Table& table, const Command& command) const override {
    return run_flow(table, command);
  }

  std::string table_changed(Table& table, const Command& command) const override {
    const Step step = table.data.step;
    const auto* move = std::get_if<MoveCard>(&command);
    // A card already on the table slid into the target's or the deck's place at setup (a card of
    // the last game dealt again) is shown there.
    if (move && (step == Step::Target || step == Step::TopCard) && !move->where.zone.empty()) {
      return setup_step(table, PresentCard{move->card_id, move->copy, move->where});
    }
    if (step != Step::Play && step != Step::Paying) return "";  // the round's end asks by prompt
    if (move) return card_sighted(table, move->card_id, move->where);
    if (const auto* turn = std::get_if<TurnCard>(&command)) return card_turned(table, *turn);
    return "";  // a tag leaving (a card flipped or covered) says nothing the books need
  }

  Prompt table_prompt(const Table& table) const override {
    return prompt_of(table);
  }

  std::vector<Option> table_menu(const Table& table) const override {
    return menu_items(table);
  }
};

nlohmann::json or_null(const std::optional<int>& value) { return value ? nlohmann::json(*value) : nlohmann::json(nullptr); }

nlohmann::json score_json(const GameScore& s) {
  return {{"shields", s.shields}, {"basic", s.basic}, {"same_type", s.doubles},
          {"high", s.high_bonus}, {"rounds", s.rounds}, {"total", s.total()}};
}

}  // namespace

nlohmann::json Data::to_json() const {
  nlohmann::json out;
  out["step"] = kStepNames[static_cast<int>(step)];
  out["round"] = round;
  out["turn"] = turn;
  out["target"] = target ? nlohmann::json{{"card", face_id(target, target_face)}, {"structure", target_name}} : nlohmann::json(nullptr);
  out["deck_top"] = or_null(deck_top);
  out["centre"] = or_null(center);
  out["discard"] = discard;
  nlohmann::json city_json = nlohmann::json::array();
  for (const Built& b : city) {
    city_json.push_back({{"card", face_id(b.card, b.face)}, {"structure", b.name}, {"round", b.round}, {"tilted", b.tilted}});
  }
  out["city"] = std::move(city_json);
  nlohmann::json games_json = nlohmann::json::array();
  for (const GameRecord& g : games) games_json.push_back(score_json(g.score));
  out["games"] = std::move(games_json);
  if (games.size() == 2) {
    const int total = match_total(games[0].score, games[1].score);
    out["match_total"] = total;
    out["king"] = std::string(king_says(total));
  }
  return out;
}

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards) {
  return std::make_unique<Module>(std::move(cards));
}

}  // namespace seneschal::engine::nine
