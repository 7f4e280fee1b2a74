// The Osten Ard CCG as a module: which flow has the table's attention, what the screen shows of
// each seat (control points towards 10, companies and where they stand, wounded and bowed
// characters) and the state's keys.
#include "oa_module.hpp"

#include <nlohmann/json.hpp>

#include "oa_deck.hpp"
#include "oa_flows.hpp"
#include "seneschal/engine/deck_list.hpp"
#include "seneschal/engine/view.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr int kRulesVersion = 1;

// The card kinds (Member::kind, compared as ids) for the catalog: shown with tr(kind).
[[maybe_unused]] constexpr const char* kKindWords[] = {N_("personality"), N_("army"), N_("item"), N_("version")};


constexpr const char* kStepNames[] = {"first_player", "start_location", "start_personality", "start_allegiance",
                                      "start_company", "resource",      "organization",      "movement",
                                      "combat",        "end",           "over"};

// A seat's companies card by card while its cards and companies make few lines; past that, a
// line a company (company_line) so that where each stands keeps its words on an 800x480 panel
// beside a column of choices: seven lines with two seats, five with three or four.
int lines_one_by_one(int seats) { return seats <= 2 ? 7 : 5; }

std::string member_words(const Table& table, const Member& m) {
  return m.wounded ? trf("{0} (wounded)", table.title(m.card)) : m.bowed ? trf("{0} (bowed)", table.title(m.card)) : table.title(m.card);
}

ListView company_cards(const Table& table, const Company& c) {
  ListView list{table.title(table.data.locations.at(static_cast<std::size_t>(c.location)).card), {}};
  for (const Member& m : c.members) {
    ItemView item;
    item.icon = ItemView::Icon::Card;
    item.quarter = m.wounded ? 180 : m.bowed ? 90 : 0;
    item.title = table.title(m.card);
    item.note = m.wounded ? tr("wounded") : m.bowed ? tr("bowed") : (m.kind == "personality" ? "" : tr(m.kind));
    item.muted = m.wounded || m.bowed;
    list.items.push_back(std::move(item));
  }
  return list;
}

// A company in one line: its personalities (a wounded or bowed one says so) and its armies. On a
// wide panel (two seats) under the heading "Companies" as "Kynslagh: Josua, Strangyeard", its
// armies counted at the right; on a narrow one (three or four seats) under its location's heading,
// where a long line would lose the location to the cut.
ItemView company_line(const Table& table, const Company& c, bool wide) {
  ItemView item;
  item.icon = wide ? ItemView::Icon::None : ItemView::Icon::Card;
  if (wide) item.title = table.title(table.data.locations.at(static_cast<std::size_t>(c.location)).card) + ": ";
  bool first = true;
  bool all_out = true;
  for (const Member& m : c.members) {
    if (m.kind != "personality") continue;
    item.title += (first ? "" : ", ") + member_words(table, m);
    first = false;
    all_out = all_out && (m.wounded || m.bowed);
  }
  const int armies = c.armies();
  if (wide && armies > 0) item.count = armies;
  if (!wide && armies > 0) item.note = trn("{0} army", "{0} armies", armies, armies);
  item.muted = all_out;
  return item;
}

// The locations a seat controls, a line a region: "Erkynland: Falshire, Kynslagh" and how many.
ListView controlled(const Table& table, int s) {
  ListView held{tr("Controls"), {}};
  for (Region r : all_regions()) {
    ItemView item;
    int count = 0;
    for (const Location& l : table.data.locations) {
      const bool outside_only = l.fortress && l.outside_controller == s && l.controller != s;
      if ((l.controller != s && !outside_only) || l.region != r) continue;
      item.title += (count++ ? ", " : std::string(region_name(r)) + ": ") +
                    (outside_only ? trf("{0} (outside)", table.title(l.card)) : table.title(l.card));
    }
    if (count == 0) continue;
    item.count = count;
    held.items.push_back(std::move(item));
  }
  return held;
}

SeatView describe_seat(const Table& table, int s) {
  const Data& data = table.data;
  SeatView view;
  view.name = table.name(s);
  view.acting = table.state.to_act == s;
  view.score = table.control_points(s);
  // Control points win the game; the allegiance says which cards a seat may field.
  // TRANSLATORS: control points, a seat's score (short, on a counter)
  view.counters.push_back({tr("CP"), std::to_string(view.score) + "/10", true});
  if (!table.seat(s).allegiance.empty()) view.counters.push_back({"", table.seat(s).allegiance, true});
  int lines = 0;
  for (const Company& c : data.companies) {
    if (c.owner == s) lines += 1 + static_cast<int>(c.members.size());
  }
  const bool one_by_one = lines <= lines_one_by_one(table.seats());
  const bool wide = table.seats() <= 2;
  ListView summary{tr("Companies (armies)"), {}};
  for (const Company& c : data.companies) {
    if (c.owner != s) continue;
    if (one_by_one) {
      view.lists.push_back(company_cards(table, c));
    } else if (wide) {
      summary.items.push_back(company_line(table, c, true));
    } else {
      view.lists.push_back({table.title(data.locations.at(static_cast<std::size_t>(c.location)).card), {company_line(table, c, false)}});
    }
  }
  if (!summary.items.empty()) view.lists.push_back(std::move(summary));
  ListView held = controlled(table, s);
  if (!held.items.empty()) view.lists.push_back(std::move(held));
  // Its long-events with their counters left (OA:53) and its missions.
  ListView lasting{tr("In play"), {}};
  for (const Lasting& l : data.lasting) {
    if (l.owner != s) continue;
    ItemView item{table.title(l.card), l.mission ? tr("mission") : "", ItemView::Icon::Card, 0, std::nullopt, !l.mission, false, {}};
    if (!l.mission) item.count = l.counters;
    lasting.items.push_back(std::move(item));
  }
  if (!lasting.items.empty()) view.lists.push_back(std::move(lasting));
  return view;
}

// OA-56 (OA:927-929): either construction rule makes a deck legal. A card's rarity is its data's
// `rarity` (the ultrarares list, or what a table answered for a card it named); a mission counts
// as one whatever its rarity; a card with neither is listed as unchecked and left out of the counts.
Result<DeckReport> check_oa_deck(const DeckList& deck) {
  DeckReport report;
  RarityCounts counts;
  std::vector<std::string> unrated;
  for (const DeckEntry& entry : deck.entries) {
    const Card& card = *entry.card;
    std::optional<Rarity> rarity;
    if (card.type == "mission") rarity = Rarity::Mission;
    else if (is_ultrarare(card.title)) rarity = Rarity::Ultrarare;
    else if (auto it = card.attributes.find("rarity"); it != card.attributes.end()) rarity = rarity_from_name(it->second);
    if (rarity) counts.add(*rarity, entry.count);
    else unrated.push_back(card.title);
  }
  report.counted_cards = deck.total();
  auto check = check_deck(counts, deck.total());
  if (!check) return fail(check.error().message);
  if (!check->legal()) report.problems.push_back({0, "", trf("{0} (OA:927-929)", check->reason)});
  else report.notes.push_back(trf("legal by {0}: {1}; {2}", tr(deck_rule_name(check->passed)), check->ratio_words, check->points_words));
  if (!unrated.empty()) {
    std::string titles;
    for (const std::string& t : unrated) titles += (titles.empty() ? "" : ", ") + t;
    report.unchecked.push_back(trf("the rarity of {0} (no card data or table answer states it)", titles));
  }
  return report;
}

const char* lie_words(int quarter) {
  return quarter == 180 ? tr("wounded (turned 180)") : quarter == 90 || quarter == 270 ? tr("bowed (turned 90)") : tr("upright");
}

// A company's card lying otherwise than the books have it: wounded or bowed after a combat the
// camera has not seen turned yet, or turned by hand without the books following (C1: the camera
// confirms the turned cards). Cards only read, never placed, are not judged.
std::vector<Disagreement> lies_out_of_step(const Table& table) {
  std::vector<Disagreement> found;
  for (const Company& c : table.data.companies) {
    for (const Member& m : c.members) {
      const TableCard* lying = table.state.on_table(m.card, m.copy);
      if (!lying || !lying->placed) continue;
      const int booked = m.wounded ? 180 : m.bowed ? 90 : 0;
      const int seen = lying->quarter == 270 ? 90 : lying->quarter;
      if (seen == booked) continue;
      found.push_back({m.card, m.copy, "lie",
                       trf("{0} lies {1}, but the books have it {2}", table.title(m.card), lie_words(seen), lie_words(booked)),
                       *lying});
    }
  }
  return found;
}

// The flows in the order they take the table's attention: setup, the game's end (the turn's
// prompt says so), the turn. Written once: the command and the prompt go to the same flow.
bool setting_up(const Table& table) { return is_setup(table.data.step); }
bool over(const Table& table) { return table.data.step == Step::Over; }
std::string game_over(Table& table, const Command&) { table.refuse(tr("the game is over")); }

const std::vector<Flow<Table>>& flows() {
  static const std::vector<Flow<Table>> kFlows = {
      {setting_up, setup_step, setup_prompt},
      {over, game_over, turn_prompt},
      {nullptr, turn_step, turn_prompt},
  };
  return kFlows;
}

class Module final : public TableFlowModule<Table> {
 public:
  explicit Module(std::shared_ptr<const CardDatabase> cards) : TableFlowModule(std::move(cards)) {}

  const ModuleInfo& info() const override {
    // "two or more players" (GAMES.md C); six seats as the other games.
    static const ModuleInfo kInfo{"ostenard", kRulesVersion, 2, 6};
    return kInfo;
  }

  Result<DeckReport> check_deck(const DeckList& deck) const override { return check_oa_deck(deck); }

  std::vector<Disagreement> table_mismatches(const TableState& state) const override {
    if (!state.data) return {};
    return lies_out_of_step(Table(reading(state)));
  }

  BoardView describe(const TableState& state) const override {
    BoardView board;
    if (!state.data) return board;
    const Table table(reading(state));
    board.headline = is_setup(table.data.step) ? tr("Setup")
                                               : trf("Turn {0} - {1} - {2}", state.turn, table.name(state.to_act), tr(phase_name(table.data.step)));
    for (int s = 0; s < table.seats(); ++s) board.seats.push_back(describe_seat(table, s));
    return board;
  }

 protected:
  void table_begin(Table& table) const override { begin_setup(table); }

  std::string run_table(Table& table, const Command& command) const override {
    const std::string done = step(table, command);
    // OA-53: the rulers follow every move that brings a personality in or takes one out.
    settle_rulers(table);
    return done;
  }

  static std::string step(Table& table, const Command& command) {
    if (table.context.from_menu) {
      const auto* choose = std::get_if<Choose>(&command);
      if (!choose) table.refuse(tr("a menu choice needs a label"));
      return menu_step(table, *choose);
    }
    return flow_on(flows(), table).run(table, command);
  }

  // A card of a company moved beside the location laid: its move (oa_movement.cpp). A card of a
  // company turned on the table: 90 bowed, 180 wounded, 0 straight (OA:505-509, 879).
  std::string table_changed(Table& table, const Command& command) const override {
    if (const auto* move = std::get_if<MoveCard>(&command)) return company_card_moved(table, *move);
    const auto* turn = std::get_if<TurnCard>(&command);
    if (!turn) return "";
    for (Company& c : table.data.companies) {
      for (Member& m : c.members) {
        if (m.card != turn->card_id || m.copy != turn->copy) continue;
        const std::string who = table.title(m.card);
        if (turn->quarter == 180) {
          if (m.wounded) return "";
          m.wounded = true;
          m.bowed = false;
          table.log(trf("{0} is wounded (turned on the table): -2 to its attributes, to a minimum of 1 (OA:509)", who));
        } else if (turn->quarter == 90 || turn->quarter == 270) {
          // A wounded card cannot bow (OA:509).
          table.check(!m.wounded, trf("{0} is wounded: it cannot bow (OA:509)", who));
          if (m.bowed && !m.wounded) return "";
          m.bowed = true;
          m.wounded = false;  // the players said so (a card's text)
          table.log(trf("{0} is bowed (turned on the table)", who));
        } else {
          // Wounded personalities do not straighten (OA:509); a bowed one straightens in its
          // owner's Resource phase (OA:41).
          table.check(!m.wounded, trf("{0} is wounded: wounded personalities do not straighten (OA:509)", who));
          if (!m.bowed && !m.wounded) return "";
          m.bowed = false;
          m.wounded = false;  // the players said so (a card's text)
          table.log(trf("{0} is straightened (turned on the table)", who));
        }
        return "card_turned";
      }
    }
    return "";
  }

  // "Update the books": they follow how the card lies (a card's text turned it).
  std::string books_follow(Table& table, const Disagreement& disagreement) const override {
    for (Company& c : table.data.companies) {
      for (Member& m : c.members) {
        if (m.card != disagreement.card || m.copy != disagreement.copy) continue;
        const int quarter = disagreement.was.quarter;
        m.wounded = quarter == 180;
        m.bowed = quarter == 90 || quarter == 270;
        table.log(trf("The books follow the table: {0} is {1}", table.title(m.card), lie_words(quarter)));
        return "books_updated";
      }
    }
    table.refuse(trf("{0} is no longer in a company", table.title(disagreement.card)));
  }

  Prompt table_prompt(const Table& table) const override { return flow_on(flows(), table).prompt(table); }

  std::vector<Option> table_menu(const Table& table) const override {
    return menu_items(table);
  }
};

}  // namespace

nlohmann::json Data::to_json() const {
  nlohmann::json out;
  out["step"] = kStepNames[static_cast<int>(step)];
  out["first"] = first;
  nlohmann::json locations_json = nlohmann::json::array();
  for (const Location& l : locations) {
    locations_json.push_back({{"card", l.card},
                              {"region", std::string(region_name(l.region))},
                              {"fortress", l.fortress},
                              {"controller", l.controller ? nlohmann::json(*l.controller) : nlohmann::json(nullptr)},
                              {"outside_controller", l.outside_controller ? nlohmann::json(*l.outside_controller) : nlohmann::json(nullptr)},
                              {"points", l.points}});
  }
  out["locations"] = std::move(locations_json);
  nlohmann::json companies_json = nlohmann::json::array();
  for (const Company& c : companies) {
    nlohmann::json members = nlohmann::json::array();
    for (const Member& m : c.members) {
      nlohmann::json member = {{"card", m.card}, {"copy", m.copy}, {"kind", m.kind}, {"bowed", m.bowed}, {"wounded", m.wounded}};
      if (!m.with.empty()) member["with"] = m.with;  // an army's controller, a banner's bearer (OA:745, 825)
      members.push_back(std::move(member));
    }
    companies_json.push_back(
        {{"id", c.id}, {"owner", c.owner}, {"location", c.location}, {"inside", c.inside}, {"members", std::move(members)}});
  }
  out["companies"] = std::move(companies_json);
  nlohmann::json seats_json = nlohmann::json::array();
  for (const SeatBooks& s : seats) seats_json.push_back({{"start_location", s.start_location}, {"allegiance", s.allegiance}});
  out["seats"] = std::move(seats_json);
  out["corrupt"] = corrupt;
  nlohmann::json lasting_json = nlohmann::json::array();
  for (const Lasting& l : lasting) {
    lasting_json.push_back({{"card", l.card}, {"copy", l.copy}, {"owner", l.owner}, {"counters", l.counters}, {"mission", l.mission}});
  }
  out["lasting"] = std::move(lasting_json);
  if (!rulers.empty()) {
    nlohmann::json rulers_json = nlohmann::json::object();
    for (const auto& [rulership, card] : rulers) rulers_json[rulership] = card;
    out["rulers"] = std::move(rulers_json);
  }
  return out;
}

std::unique_ptr<GameModule> make_module(std::shared_ptr<const CardDatabase> cards) {
  return std::make_unique<Module>(std::move(cards));
}

}  // namespace seneschal::engine::ostenard
