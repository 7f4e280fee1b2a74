#include "r9e_module.hpp"

#include "deck_check.hpp"
#include "seneschal/base/language.hpp"
#include "r9e_flows.hpp"
#include "seneschal/engine/rules_kit.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::engine::r9e {
namespace {

// Raised whenever a log written by an earlier version would replay differently. 1: the first
// version with stable option ids (logs from before keep the labels and still replay).
constexpr int kRulesVersion = 2;  // 2: keywords and item bonuses asked, payment and battle log lines ([7/8])

const Data& data_of(const TableState& state) { return static_cast<const Data&>(*state.data.get()); }

// The flows in the order they take the table's attention: a payment before the move that asked
// for it, an adjustment, a duel, a battle or a raid before the phase they interrupt, setup and
// Winter before the phases. Written once: the command and the prompt go to the same flow.
bool paying(const Table& table) { return static_cast<bool>(table.data.payment); }
bool adjusting(const Table& table) { return static_cast<bool>(table.data.adjust); }
bool dueling(const Table& table) { return static_cast<bool>(table.data.duel); }
bool in_battle(const Table& table) { return static_cast<bool>(table.data.battle); }
bool raiding(const Table& table) { return static_cast<bool>(table.data.raid); }
bool setting_up(const Table& table) { return static_cast<bool>(table.data.setup); }
bool wintering(const Table& table) { return static_cast<bool>(table.data.winter); }

const std::vector<Flow<Table>>& flows() {
  static const std::vector<Flow<Table>> kFlows = {
      {paying, payment_step, payment_prompt},  {adjusting, adjust_step, adjust_prompt},
      {dueling, duel_step, duel_prompt},       {in_battle, battle_step, battle_prompt},
      {raiding, raid_step, raid_prompt},       {setting_up, setup_step, setup_prompt},
      {wintering, winter_step, winter_prompt}, {nullptr, phase_step, phase_prompt},
  };
  return kFlows;
}

// The rules read a chosen option in English, whatever the language shown: its label is compared
// with the English words and names it was built from ("Bury " + a hero's label). An option chosen
// by its id (the session names it) is given its English label; English needs nothing.
Command in_english(const Table& table, const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose || choose->id.empty() || seneschal::language() == "en") return command;
  std::vector<Option> options;
  try {
    if (table.context.from_menu) {
      Prompt items;
      offer(items, menu_items(table));
      options = std::move(items.options);
    } else {
      options = flow_on(flows(), table).prompt(table).options;
    }
  } catch (...) {
    return command;
  }
  for (const Option& option : options) {
    if (option.id == choose->id) return Command{Choose{option.en.empty() ? option.label : option.en, option.id}};
  }
  return command;
}

// The one place commands reach the flows.
std::string run_flow(Table& table, const Command& given) {
  const Command command = in_english(table, given);
  if (table.context.from_menu) {
    const auto* choose = std::get_if<Choose>(&command);
    if (!choose) table.refuse(tr("a menu choice needs a label"));
    return menu_step(table, choose->label);
  }
  return flow_on(flows(), table).run(table, command);
}

std::string title_of(const CardDatabase& cards, const std::string& id) {
  const Card* card = cards.find(id);
  return card ? card->title : id;
}

SeatView describe_seat(const TableState& state, const Data& data, const CardDatabase& cards, std::size_t seat) {
  const PlayerState& player = state.players[seat];
  const SeatBooks& books = data.seats[seat];
  SeatView view;
  view.name = player.name;
  view.subtitle = books.faction;
  view.score = player.score;
  view.eliminated = player.eliminated;
  if (static_cast<int>(seat) == data.ordained) view.badges.push_back({"Ordained", "Ord.", BadgeView::Tone::Highlight});
  if (player.eliminated) view.badges.push_back({tr("Eliminated"), tr("Out"), BadgeView::Tone::Muted});
  // Renown decides the game and food pays for everything: the two a glance across the table needs.
  view.counters = {{tr("Renown"), std::to_string(player.score), true},
                   {tr("Food"), std::to_string(data.food_total(static_cast<int>(seat))), true}};
  ListView castles{tr("Castles"), {}};
  for (const CastleState& c : books.castles) {
    ItemView item;
    item.title = title_of(cards, c.card);
    if (c.buried) {
      item.note = tr("buried");
      item.muted = true;
    } else {
      item.count = c.food;
      item.pips = true;
    }
    castles.items.push_back(std::move(item));
  }
  ListView in_play{tr("In play"), {}};
  // The stronghold first: whether it is bowed decides whether it can still pay gold this turn.
  if (!books.stronghold.empty()) {
    ItemView item;
    item.title = title_of(cards, books.stronghold);
    item.icon = ItemView::Icon::Card;
    item.quarter = books.stronghold_bowed ? 90 : 0;
    item.note = books.stronghold_bowed ? tr("bowed") : "";
    item.muted = books.stronghold_bowed;
    in_play.items.push_back(std::move(item));
  }
  for (const CardInPlay& c : player.in_play) {
    ItemView item;
    item.title = title_of(cards, c.card) + (c.copy > 1 ? " (" + std::to_string(c.copy) + ")" : std::string());
    item.icon = ItemView::Icon::Card;
    item.quarter = c.bowed ? 90 : 0;
    item.note = c.bowed ? tr("bowed") : "";
    item.muted = c.bowed;
    if (const int food = c.token(kFoodToken); food > 0) item.count = food;
    in_play.items.push_back(std::move(item));
  }
  ListView quests{tr("Quests"), {}};
  for (const QuestState& q : books.quests) {
    ItemView item;
    item.title = title_of(cards, q.card);
    item.icon = q.completed ? ItemView::Icon::Done : ItemView::Icon::Open;
    item.muted = q.completed;
    quests.items.push_back(std::move(item));
  }
  for (ListView* list : {&castles, &in_play, &quests}) {
    if (!list->items.empty()) view.lists.push_back(std::move(*list));
  }
  return view;
}

class Module final : public TableFlowModule<Table> {
 public:
  explicit Module(std::shared_ptr<const CardDatabase> cards) : TableFlowModule(std::move(cards)) {}

  const ModuleInfo& info() const override {
    // The rulebook names no seat limit; one seat is allowed for practice, six is what a table seats.
    static const ModuleInfo kInfo{"r9e", kRulesVersion, 1, 6};
    return kInfo;
  }

  BoardView describe(const TableState& state) const override {
    BoardView board;
    if (!state.data) return board;
    const Data& data = data_of(state);
    for (std::size_t seat = 0; seat < state.players.size(); ++seat) {
      board.seats.push_back(describe_seat(state, data, cards(), seat));
    }
    ChartView renown{tr("Renown"), {}};
    ChartView food{tr("Food"), {}};
    for (const TurnRecord& r : state.history) {
      if (const auto* v = r.find("renown")) renown.points.push_back({r.turn, *v});
      if (const auto* v = r.find("food")) food.points.push_back({r.turn, *v});
    }
    if (!state.history.empty()) board.charts = {std::move(renown), std::move(food)};
    return board;
  }

  void tally(const TableState& state, Series& series) const override {
    series.reserve(2);  // both series in place before either is held: no reallocation under them
    std::vector<int>& renown = series_values(series, "renown");
    std::vector<int>& food = series_values(series, "food");
    renown.clear();
    food.clear();
    const Data& data = data_of(state);
    for (std::size_t seat = 0; seat < state.players.size(); ++seat) {
      renown.push_back(state.players[seat].score);
      food.push_back(data.food_total(static_cast<int>(seat)));
    }
  }

  // The rulebook gives no tournament length; 50 minutes, see README.md.
  // Beyond the seats' areas: the centre (battles, shared cards), the decks and the discard piles.
  std::vector<std::string> zones() const override { return {"centre", "deck", "discard"}; }

  std::vector<Disagreement> table_mismatches(const TableState& state) const override {
    if (!state.data) return {};
    return r9e::table_mismatches(state, data_of(state), cards());
  }

  // The presets' names are the timers' ids (kept in the log, compared): the view translates them.
  std::vector<TimerPreset> timer_presets() const override {
    return {{N_("Tournament round"), 50 * 60}, {N_("Timer"), 180}};
  }

  // A stronghold with no renown, castle points or gold, a castle that stores nothing: no card the
  // books show has one, so a 0 told for them is asked again (a stray OK enters 0). Costs,
  // bonuses and rewards are often 0 and are taken at once.
  bool zero_is_unusual(std::string_view stat) const override {
    return stat == "renown" || stat == "castle_points" || stat == "storage" || stat == "gold_production";
  }

  Result<DeckReport> check_deck(const DeckList& deck) const override { return r9e::check_deck(deck); }

 protected:
  void table_begin(Table& table) const override { begin_setup(table); }

  std::string run_table(Table& table, const Command& command) const override {
    return run_flow(table, command);
  }

  std::string table_changed(Table& table, const Command& command) const override {
    return table_step(table, command);
  }

  std::string books_follow(Table& table, const Disagreement& disagreement) const override {
    return books_follow_table(table, disagreement);
  }

  Prompt table_prompt(const Table& table) const override { return flow_on(flows(), table).prompt(table); }

  std::vector<Option> table_menu(const Table& table) const override {
    Prompt items;
    offer(items, menu_items(table));
    return items.options;
  }
};

}  // namespace

int Data::food_total(int seat) const {
  int total = 0;
  for (const CastleState& castle : seats.at(static_cast<std::size_t>(seat)).castles) total += castle.buried ? 0 : castle.food;
  return total;
}

nlohmann::json Data::to_json() const {
  using nlohmann::json;
  json seats_json = json::array();
  for (const SeatBooks& seat : seats) {
    seats_json.push_back({{"stronghold", seat.stronghold},
                          {"stronghold_bowed", seat.stronghold_bowed},
                          {"attacked", seat.attacked},
                          {"raided", seat.raided},
                          {"buried", seat.buried}});
  }
  json mods_json = json::object();
  for (const auto& [uid, m] : mods) {
    mods_json[std::to_string(uid)] = {{"strength_turn", m.strength_turn}, {"will_turn", m.will_turn},
                                      {"glory_turn", m.glory_turn},       {"strength_marker", m.strength_marker},
                                      {"will_marker", m.will_marker},     {"wounds", m.wounds}};
  }
  json flow = nullptr;
  if (payment) flow = "payment";
  else if (adjust) flow = "adjust";
  else if (duel) flow = "duel";
  else if (battle) flow = "battle";
  else if (raid) flow = "raid";
  else if (setup) flow = "setup";
  else if (winter) flow = "winter";
  return {{"seats", seats_json}, {"mods", mods_json}, {"flow", flow}};
}

// The keys DESIGN.md fixed for R9E before the core and the modules were parted.
void Data::add_keys(nlohmann::json& state) const {
  using nlohmann::json;
  json& players = state["players"];
  for (std::size_t seat = 0; seat < seats.size() && seat < players.size(); ++seat) {
    const SeatBooks& books = seats[seat];
    json& player = players[seat];
    json castles = json::array();
    for (const CastleState& c : books.castles) {
      castles.push_back({{"card", c.card}, {"food", c.food}, {"buried", c.buried}, {"storage", c.storage}});
    }
    json quests = json::array();
    for (const QuestState& q : books.quests) quests.push_back({{"card", q.card}, {"completed", q.completed}});
    player["faction"] = books.faction;
    player["renown"] = player["score"];
    player["food_total"] = food_total(static_cast<int>(seat));
    player["castles"] = std::move(castles);
    player["quests"] = std::move(quests);
    for (json& card : player["in_play"]) card["food"] = card.contains("tokens") ? card["tokens"].value(kFoodToken, 0) : 0;
  }
  const int count = static_cast<int>(players.size());
  state["ordained"] = ordained >= 0 && ordained < count ? players[static_cast<std::size_t>(ordained)]["name"] : json(nullptr);
}

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards) {
  return std::make_unique<Module>(std::move(cards));
}

}  // namespace seneschal::engine::r9e
