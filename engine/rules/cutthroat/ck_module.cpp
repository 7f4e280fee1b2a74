// Cutthroat Kingdoms as a module: which flow has the table's attention, what the screen shows of
// each house, and the state's keys (GAMES.md Part D.10).
#include "ck_module.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

#include "ck_clock.hpp"
#include "ck_flows.hpp"
#include "ck_scoring.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::engine::cutthroat {
namespace {

// Raised whenever a log written by an earlier version would replay differently.
constexpr int kRulesVersion = 1;

constexpr const char* kVotesAreFinal = N_("Once cast, votes cannot be changed (CK:838)");

const Data& data_of(const TableState& state) { return static_cast<const Data&>(*state.data.get()); }

constexpr const char* kStepNames[] = {"houses",    "event_deck", "kingdom", "start_vote", "start_territory",
                                      "resource",  "action",     "post_collection", "event", "event_resolve",
                                      "welcome",   "wedding",    "feast",   "scoring",    "over"};

// The flows in the order they take the table's attention: a menu's move in progress, a
// territory's placing, an attack and a vote before the step they interrupt; the special events
// and the end by their step; then setup or the turn. Written once: the command and the prompt go
// to the same flow.
bool placing(const Table& table) { return static_cast<bool>(table.data.placing); }
bool attacking(const Table& table) { return static_cast<bool>(table.data.attack); }
bool voting(const Table& table) { return static_cast<bool>(table.data.vote); }
bool welcoming(const Table& table) { return table.data.step == Step::Welcome; }
bool wedding(const Table& table) { return table.data.step == Step::Wedding; }
bool feasting(const Table& table) { return table.data.step == Step::Feast; }
bool scoring(const Table& table) { return table.data.step == Step::Scoring; }
bool over(const Table& table) { return table.data.step == Step::Over; }
bool setting_up(const Table& table) { return is_setup(table.data.step); }
std::string game_over(Table& table, const Command&) { table.refuse(tr("the game is over")); }
Prompt nothing_to_ask(const Table&) { return {}; }

const std::vector<Flow<Table>>& flows() {
  static const std::vector<Flow<Table>> kFlows = {
      {menu_flow_open, menu_flow_step, menu_flow_prompt},
      {placing, placing_step, placing_prompt},
      {attacking, attack_step, attack_prompt},
      {voting, vote_step, vote_prompt},
      {welcoming, welcome_step, welcome_prompt},
      {wedding, wedding_step, wedding_prompt},
      {feasting, feast_step, feast_prompt},
      {scoring, scoring_step, scoring_prompt},
      {over, game_over, nothing_to_ask},
      {setting_up, setup_step, setup_prompt},
      {nullptr, turn_step, turn_prompt},
  };
  return kFlows;
}

std::string run_flow(Table& table, const Command& command) {
  Data& data = table.data;
  // "As it is played" (CK:914): only the move right after a hireling's sees it in play.
  table.hireling_before = std::exchange(data.hireling_in_play, {});
  if (table.context.from_menu) {
    const auto* choose = std::get_if<Choose>(&command);
    if (!choose) table.refuse(tr("a menu choice needs a label"));
    return menu_step(table, *choose);
  }
  // A hireling is played at any step of the Action phase, an attack's included (CK:287, 455),
  // unless a menu's move is in progress.
  if (const auto* present = std::get_if<PresentCard>(&command);
      present && !menu_flow_open(table) && data.step == Step::Action && table.type(present->card_id) == "hireling") {
    return hireling_played(table, *present);
  }
  return flow_on(flows(), table).run(table, command);
}

Prompt prompt_of(const Table& table) { return flow_on(flows(), table).prompt(table); }

std::string headline(const TableState& state, const Data& data) {
  const EventClock& clock = data.books.clock;
  // state.phase is kept in English (N_ where it is set): translated here, where it is shown.
  const std::string text = is_setup(data.step) ? std::string(tr("Setup")) : trf("Turn {0} - {1}", state.turn, tr_id(state.phase));
  if (clock.deck_size > 0) {
    // TRANSLATORS: the headline; {0} "Turn 3 - Action", then the event deck's cards drawn of all, and
    // the positions of the Royal Wedding and the Royal Feast cards in it.
    return trf("{0} - events {1}/{2} (Wedding {3}, Feast {4})", text, clock.drawn, clock.deck_size, clock.wedding_at,
               clock.feast_at);
  }
  if (clock.drawn > 0) return trf("{0} - events drawn {1}", text, clock.drawn);
  return text;
}

SeatView describe_seat(const TableState& state, const Data& data, int s) {
  const PlayerState& player = state.players[static_cast<std::size_t>(s)];
  const SeatBooks& books = data.books.seats[static_cast<std::size_t>(s)];
  SeatView view;
  view.name = player.name;
  const bool named = data.step != Step::Houses || s < data.setup_seat;
  view.score = player.score;
  // A couple scores together at the end (CK:561): the screen keeps it together.
  if (books.heir.married_to) view.team = std::min(s, *books.heir.married_to);
  if (books.heir.married_to) {
    const std::string partner = state.players[static_cast<std::size_t>(*books.heir.married_to)].name;
    view.badges.push_back({trf("Married to {0}", partner), trf("Wed {0}", partner), BadgeView::Tone::Highlight});
  }
  if (!books.heir.alive) view.badges.push_back({tr("Heir dead"), tr("No heir"), BadgeView::Tone::Muted});
  // At the end a married couple scores together (CK:561): its total beside each partner's own.
  if (data.step == Step::Over && books.heir.married_to) {
    const int together = player.score + state.players[static_cast<std::size_t>(*books.heir.married_to)].score;
    view.badges.push_back({trf("Couple {0} VP", together), trf("{0} VP", together), BadgeView::Tone::Highlight});
  }
  if (data.books.clock.feast_drawn_by == s) view.badges.push_back({tr("Drew the Feast"), tr("Feast"), BadgeView::Tone::Highlight});
  // No heading: a line with a count of defenders is plainly a territory, and the row it would
  // take keeps the house on a six-seat screen.
  ListView lands{"", {}};
  for (const Territory& t : data.books.territories) {
    if (t.owner != s) continue;
    ItemView item;
    item.title = t.title;
    item.count = static_cast<int>(t.stack.size());
    // No pips: in a narrow panel they take the room the territory's name needs.
    item.note = t.side == Side::Plagued ? tr("plagued") : "";
    lands.items.push_back(std::move(item));
  }
  // The territories are listed under their heading, so no counter repeats how many.
  // The house is a counter rather than the subtitle: a compact panel (six seats at 800x480) drops
  // the subtitle, and the house is what the table calls a seat by.
  // Unlabelled: "Dravanof" alone fits a 110 px panel, "House Dravanof" does not.
  // Key at a glance (victory points stay private until the Feast): the house the table calls a
  // seat by. Not the feast cards as well: four seats beside the choices at 800x480 leave each
  // block two lines at the size read from the chairs, and "Dravanof  Feast 1" does not fit one;
  // the dead and the feast cards are on the details page, a press away.
  if (named) view.counters.push_back({"", std::string(house_name(books.house)), true});
  view.counters.push_back({tr("Dead"), std::to_string(books.dead_pile.size())});
  view.counters.push_back({tr("Feast"), std::to_string(books.feast_cards)});
  if (!lands.items.empty()) view.lists.push_back(std::move(lands));
  return view;
}

// Where the books have a house's royal heir lie: in front of its own seat, or of the partner's
// while married ("the royal heirs are swapped", CK:555). The camera sees the heir card's seat area.
std::vector<Disagreement> heirs_out_of_place(const TableState& state, const Data& data, const CardDatabase& cards) {
  std::vector<Disagreement> found;
  const int seats = static_cast<int>(state.players.size());
  for (const TableCard& lying : state.table) {
    const Card* card = cards.find(lying.card);
    if (!lying.placed || lying.seat < 0 || lying.seat >= seats || !lying.zone.empty() || !card ||
        card->type != "royal-heir") {
      continue;
    }
    const auto house = house_of_title(card->title);
    const int owner = house ? data.books.seat_of(*house) : -1;
    if (owner < 0 || !data.books.seats[static_cast<std::size_t>(owner)].heir.alive) continue;
    const int expected = data.books.seats[static_cast<std::size_t>(owner)].heir.married_to.value_or(owner);
    if (lying.seat == expected) continue;
    const std::string& here = state.players[static_cast<std::size_t>(lying.seat)].name;
    const std::string& there = state.players[static_cast<std::size_t>(expected)].name;
    TableCard as_booked = lying;
    as_booked.seat = expected;
    found.push_back({lying.card, lying.copy, "seat",
                     expected == owner
                         ? trf("{0} lies in front of {1}, but the books have it in front of {2}", card->title, here, there)
                         : trf("{0} lies in front of {1}, but the books have it in front of {2} (married: the heirs are "
                               "swapped)",
                               card->title, here, there),
                     as_booked});
  }
  return found;
}

class Module final : public TableFlowModule<Table> {
 public:
  explicit Module(std::shared_ptr<const CardDatabase> cards) : TableFlowModule(std::move(cards)) {}

  const ModuleInfo& info() const override {
    // Six houses (CK:116), and 3+ the lowest indicator the tome shows (CK:189; A7.1).
    static const ModuleInfo kInfo{"cutthroat", kRulesVersion, kMinSeats, kMaxSeats};
    return kInfo;
  }

  BoardView describe(const TableState& state) const override {
    BoardView board;
    if (!state.data) return board;
    const Data& data = data_of(state);
    board.headline = headline(state, data);
    for (int s = 0; s < static_cast<int>(state.players.size()); ++s) board.seats.push_back(describe_seat(state, data, s));
    // Victory points are told only at the end (the purses are private), so the charts follow what
    // the table saw turn by turn: the land each house held and the soldiers it lost.
    ChartView lands{tr("Territories"), {}};
    ChartView dead{tr("Dead soldiers"), {}};
    for (const TurnRecord& r : state.history) {
      if (const auto* v = r.find("territories")) lands.points.push_back({r.turn, *v});
      if (const auto* v = r.find("dead")) dead.points.push_back({r.turn, *v});
    }
    if (!state.history.empty()) board.charts = {std::move(lands), std::move(dead)};
    return board;
  }

  void tally(const TableState& state, Series& series) const override {
    series.reserve(2);
    std::vector<int>& lands = series_values(series, "territories");
    std::vector<int>& dead = series_values(series, "dead");
    lands.assign(state.players.size(), 0);
    dead.assign(state.players.size(), 0);
    if (!state.data) return;
    const Data& data = data_of(state);
    for (const Territory& t : data.books.territories) {
      if (t.owner && *t.owner < static_cast<int>(lands.size())) ++lands[static_cast<std::size_t>(*t.owner)];
    }
    for (std::size_t s = 0; s < data.books.seats.size() && s < dead.size(); ++s) {
      dead[s] = static_cast<int>(data.books.seats[s].dead_pile.size());
    }
  }

  // A royal heir in front of the wrong seat: the Royal Wedding swaps the heirs (CK:555), a
  // dissolved marriage sends them back (CK:566), and the camera sees where each heir card lies.
  std::vector<Disagreement> table_mismatches(const TableState& state) const override {
    if (!state.data) return {};
    return heirs_out_of_place(state, data_of(state), cards());
  }

  // An heir slid into another seat's area at the Royal Wedding is that couple's marriage.
  std::string table_changed(Table& table, const Command& command) const override {
    if (const auto* move = std::get_if<MoveCard>(&command)) return heir_laid(table, move->card_id, move->where);
    return {};
  }

  // "Takebacksies" (CK:110-114): UNDO, and the log says so.
  // TRANSLATORS: the tome's word for undoing a move (CK:110-114), a child's word: "take it back".
  std::string_view undo_word() const override { return tr("Takebacksies"); }
  // "Once cast, votes cannot be changed" (CK:838, CK-34): takebacksies of a move that cast a vote
  // is a check. Counted, not looked up in the poll: the last vote tallies and closes it.
  std::optional<std::string> undo_check(const TableState& with_move, const TableState& without_move) const override {
    if (!with_move.data || !without_move.data) return std::nullopt;
    if (data_of(with_move).votes_cast <= data_of(without_move).votes_cast) return std::nullopt;
    return std::string(tr(kVotesAreFinal));
  }

  // The kingdom's slots and the piles beside the playmat.
  std::vector<std::string> zones() const override { return {"kingdom", "events", "feast", "discard"}; }

  // The tome's two sand timers (CK:531, 549): a negotiation of 2 to 5 minutes, the wooing's 3.
  std::vector<TimerPreset> timer_presets() const override {
    // The names are ids (a timer command in the log names its preset): the view translates them.
    return {{N_("Negotiation"), 3 * 60}, {kWeddingTimer, kRoyalWeddingSeconds}};
  }

 protected:
  void table_begin(Table& table) const override { begin_setup(table); }

  std::string run_table(Table& table, const Command& command) const override {
    return run_flow(table, command);
  }

  Prompt table_prompt(const Table& table) const override {
    return prompt_of(table);
  }

  std::vector<Option> table_menu(const Table& table) const override {
    return menu_items(table);
  }
};

nlohmann::json or_null(const std::optional<int>& value) { return value ? nlohmann::json(*value) : nlohmann::json(nullptr); }

}  // namespace

nlohmann::json Data::to_json() const {
  nlohmann::json out = books;
  out["step"] = kStepNames[static_cast<int>(step)];
  out["royal_pillow"] = royal_pillow;
  out["deals"] = deals;
  out["purchases"] = marks.purchases;
  out["conquered_this_turn"] = marks.conquered;
  if (vote) {
    nlohmann::json v = {{"proposals", vote->proposals}, {"least", vote->least}};
    if (vote->poll) v["poll"] = vote->poll->to_json();
    out["vote"] = std::move(v);
  }
  if (attack) out["attack"] = {{"territory", attack->slot}, {"emptied", attack->emptied}};
  if (feast) out["feast"] = {{"food_vp", feast->food_vp}, {"poison", feast->poison}};
  out["events_total"] = books.clock.deck_size;
  out["events_drawn"] = books.clock.drawn;
  out["feast_drawer"] = or_null(books.clock.feast_drawn_by);
  return out;
}

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards) {
  return std::make_unique<Module>(std::move(cards));
}

}  // namespace seneschal::engine::cutthroat
