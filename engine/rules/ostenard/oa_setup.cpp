// Setup (OA:9-25, GAMES.md C2): who plays first, each seat's starting location, its starting
// personality and allegiance, and the starting companies of four cards, one card a seat a round.
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

// TRANSLATORS: who plays first is drawn at random
constexpr const char* kRandom = N_("Random");
constexpr int kStartingCompany = 4;  // "a starting company consisting of 4 cards" (OA:25; C5.5)

const PresentCard& shown(const Table& table, const Command& command, const std::string& what) {
  const auto* present = std::get_if<PresentCard>(&command);
  if (!present) table.refuse(what);
  return *present;
}

// The next seat of a setup step, in play order; after the last, `then` begins.
void next_setup_seat(Table& table, Step then) {
  Data& data = table.data;
  if (++data.setup_turn < table.seats()) {
    table.state.to_act = table.seat_in_order(data.setup_turn);
    return;
  }
  data.setup_turn = 0;
  data.step = then;
  table.state.to_act = data.first;
}

std::string start_location(Table& table, const Command& command);

std::string first_player(Table& table, const Command& command) {
  // "Player 1 selects a starting location (and places it in play)" (OA:17): a location laid in a
  // seat's area before anyone is named says that seat plays first (issue [3/8]).
  const auto* present = std::get_if<PresentCard>(&command);
  if (present && present->where.seat >= 0 && table.type(present->card_id) == "location") {
    const int first = present->where.seat;
    table.data.first = first;
    table.state.to_act = first;
    table.data.step = Step::StartLocation;
    table.log(trf("{0} plays first: the first starting location laid; play goes clockwise (OA:13, GAMES.md C7.2)", table.name(first)));
    return start_location(table, command);
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(trf("choose who plays first, or {0}", tr(kRandom)));
  const bool drawn = picked(*choose, say(kRandom));
  int first = drawn ? static_cast<int>(table.context.entropy % static_cast<std::uint64_t>(table.seats())) : table.seat_by_name(choose->label);
  if (first < 0) table.refuse(trf("\"{0}\" is no seat", choose->label));
  table.data.first = first;
  table.state.to_act = first;
  table.data.step = Step::StartLocation;
  table.log(drawn ? trf("{0} plays first (drawn); play goes clockwise (OA:13, GAMES.md C7.2)", table.name(first))
                  : trf("{0} plays first; play goes clockwise (OA:13, GAMES.md C7.2)", table.name(first)));
  return "first_player";
}

std::string start_location(Table& table, const Command& command) {
  const PresentCard& present = shown(table, command, tr("show your starting location"));
  if (table.type(present.card_id) != "location") {
    table.refuse(trf("{0} is no location: a starting location is (OA:17)", table.title(present.card_id)));
  }
  const int s = table.acting();
  // OA-1: "until all players have a different starting location" (OA:17).
  const int existing = table.location_index(present.card_id, present.copy);
  for (int other = 0; other < table.seats(); ++other) {
    table.check(existing < 0 || table.seat(other).start_location != existing,
                trf("{0} is {1}'s starting location already (OA:17)", table.title(present.card_id), table.name(other)));
  }
  const int index = table.add_location(present);
  table.seat(s).start_location = index;
  table.log(table.data.locations[index].fortress ? trf("{0} starts at {1}, a fortress", table.name(s), table.location_words(index))
                                                 : trf("{0} starts at {1}", table.name(s), table.location_words(index)));
  next_setup_seat(table, Step::StartPersonality);
  return "start_location";
}

std::string start_personality(Table& table, const Command& command) {
  const PresentCard& present = shown(table, command, tr("show your starting personality"));
  if (table.type(present.card_id) != "personality") table.refuse(trf("{0} is no personality (OA:21)", table.title(present.card_id)));
  const int s = table.acting();
  const Location& start = table.data.locations.at(static_cast<std::size_t>(table.seat(s).start_location));
  // OA-2: "a personality from his play deck with his starting location as homebase" (OA:21).
  const std::string base = table.homebase(present.card_id);
  table.check(base == table.title(start.card),
              trf("{0}'s homebase is {1}, not {2} (OA:21)", table.title(present.card_id), base == kAnotherLocation ? tr(kAnotherLocation) : base,
                  table.title(start.card)));
  // Its allegiances, asked now (a prompt cannot ask); one without any still offers every other,
  // each a check (OA-3).
  table.allegiances(present.card_id);
  Company company;
  company.id = table.data.next_company++;
  company.owner = s;
  company.location = table.seat(s).start_location;
  company.inside = table.data.locations.at(static_cast<std::size_t>(company.location)).fortress;
  company.members.push_back({present.card_id, present.copy, "personality", false, false, ""});
  table.data.companies.push_back(company);
  table.seat(s).start_cards = 1;
  table.data.choosing_allegiance = present.card_id;
  table.data.step = Step::StartAllegiance;
  table.log(trf("{0}'s starting personality: {1} at {2}", table.name(s), table.title(present.card_id), table.title(start.card)));
  return "start_personality";
}

std::string start_allegiance(Table& table, const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(tr("choose the starting allegiance"));
  const std::string card = *table.data.choosing_allegiance;
  // OA-3: one of the starting personality's allegiances (OA:21); another is offered (a card's
  // text may grant one) and is a check.
  const auto names = allegiance_names(table.cards);
  if (std::find(names.begin(), names.end(), choose->label) == names.end()) table.refuse(trf("\"{0}\" is no allegiance", choose->label));
  const auto allegiances = table.allegiances(card);
  table.check(std::find(allegiances.begin(), allegiances.end(), choose->label) != allegiances.end(),
              trf("{0} has no {1} allegiance: the starting allegiance is one of its (OA:21)", table.title(card), choose->label));
  const int s = table.acting();
  table.seat(s).allegiance = choose->label;
  table.data.choosing_allegiance.reset();
  table.data.step = Step::StartPersonality;
  table.log(trf("{0}'s starting allegiance: {1}", table.name(s), choose->label));
  next_setup_seat(table, Step::StartCompany);
  return "start_allegiance";
}

// OA-4: one card a seat a round, from the starting player, until each has 4 (OA:25): the next seat
// in play order whose company is not complete; when none is left, the first turn.
void next_company_seat(Table& table) {
  const int seats = table.seats();
  const int at = (table.acting() - table.data.first + seats) % seats;
  for (int step = 1; step <= seats; ++step) {
    const int s = table.seat_in_order((at + step) % seats);
    if (table.seat(s).start_cards < kStartingCompany && !table.seat(s).start_done) {
      table.state.to_act = s;
      return;
    }
  }
  begin_turn(table, table.data.first);
}

Company& starting_company(Table& table, int s) {
  for (Company& c : table.data.companies) {
    if (c.owner == s && c.location == table.seat(s).start_location) return c;
  }
  table.refuse(trf("{0} has no starting company", table.name(s)));
}

std::string start_company_card(Table& table, const Command& command) {
  const PresentCard& present = shown(table, command, tr("show a personality, army or item for your starting company"));
  const int s = table.acting();
  const std::string kind = table.type(present.card_id);
  // OA-5: "a personality, army or item ... (personality or army's Homebase must be in the same
  // region as the starting location)" (OA:25).
  table.check(kind == "personality" || kind == "army" || kind == "item",
              trf("{0} is a {1}: a starting company takes personalities, armies and items (OA:25)", table.title(present.card_id), tr(kind)));
  const Location& start = table.data.locations.at(static_cast<std::size_t>(table.seat(s).start_location));
  if (kind == "personality" || kind == "army") {
    const Region home = table.home_region(present.card_id);
    table.check(home == start.region,
                trf("{0}'s home is in {1}, not in {2} (OA:25)", table.title(present.card_id), region_name(home), region_name(start.region)));
  }
  Company& company = starting_company(table, s);
  company.members.push_back({present.card_id, present.copy, kind, false, false, ""});
  bear_banner(table, company, company.members.back());
  const int cards = ++table.seat(s).start_cards;
  table.log(trf("{0} joins {1}'s starting company ({2} of {3})", table.title(present.card_id), table.name(s), cards, kStartingCompany));
  next_company_seat(table);
  return "start_company";
}

// OA-4: PASS, the seat's starting company complete before 4 cards; a card's text may allow it.
std::string start_company_done(Table& table) {
  const int s = table.acting();
  table.check(false, trf("{0}'s starting company has {1} of {2} cards (OA:25)", table.name(s), table.seat(s).start_cards, kStartingCompany));
  table.seat(s).start_done = true;
  const int cards = table.seat(s).start_cards;
  table.log(trn("{0}'s starting company is complete with {1} card", "{0}'s starting company is complete with {1} cards", cards,
                table.name(s), cards));
  next_company_seat(table);
  return "start_company_done";
}

}  // namespace

void begin_setup(Table& table) {
  table.data.seats.assign(static_cast<std::size_t>(table.seats()), SeatBooks{});
  table.data.step = Step::FirstPlayer;
  table.state.phase = N_("Setup");  // English, as phase_name's
}

std::string setup_step(Table& table, const Command& command) {
  switch (table.data.step) {
    case Step::FirstPlayer:
      return first_player(table, command);
    case Step::StartLocation:
      return start_location(table, command);
    case Step::StartPersonality:
      return start_personality(table, command);
    case Step::StartAllegiance:
      return start_allegiance(table, command);
    case Step::StartCompany:
      if (std::holds_alternative<Pass>(command)) return start_company_done(table);
      return start_company_card(table, command);
    default:
      table.refuse(tr("setup is over"));
  }
}

Prompt setup_prompt(const Table& table) {
  const Data& data = table.data;
  Prompt prompt;
  const int s = table.acting();
  prompt.seat = data.step == Step::FirstPlayer ? -1 : s;
  switch (data.step) {
    case Step::FirstPlayer:
      prompt.text = tr("Who plays first?");
      for (int seat = 0; seat < table.seats(); ++seat) prompt.add(table.name(seat));
      prompt.add(say(kRandom));
      prompt.takes_cards = true;  // a starting location laid in a seat's area: that seat's
      break;
    case Step::StartLocation:
      prompt.text = trf("{0}: show your starting location", table.name(s));
      prompt.takes_cards = true;
      break;
    case Step::StartPersonality:
      prompt.text = trf("{0}: show a personality based at {1}", table.name(s),
                        table.title(data.locations.at(static_cast<std::size_t>(table.seat(s).start_location)).card));
      prompt.takes_cards = true;
      break;
    case Step::StartAllegiance:
      prompt.text = trf("{0}: starting allegiance of {1}?", table.name(s), table.title(*data.choosing_allegiance));
      // The personality's own first (the first preselected), then every other allegiance.
      for (const std::string& allegiance : table.allegiances(*data.choosing_allegiance)) prompt.add(allegiance);
      for (const std::string& allegiance : allegiance_names(table.cards)) {
        if (!prompt.has_option(allegiance)) prompt.add(allegiance);
      }
      break;
    case Step::StartCompany:
      prompt.text = trf("{0}: add a card to your starting company ({1} of {2})", table.name(s), table.seat(s).start_cards, kStartingCompany);
      prompt.takes_cards = true;
      prompt.pass = tr("the company is complete");
      break;
    default:
      break;
  }
  return prompt;
}

}  // namespace seneschal::engine::ostenard
