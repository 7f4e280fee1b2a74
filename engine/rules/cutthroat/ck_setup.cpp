// Setup (GAMES.md A2 "Setup", CK:143-237): houses, the event deck, the kingdom, the starting
// player by vote, and the starting territories clockwise from the starter.
#include <algorithm>

#include "ck_clock.hpp"
#include "ck_flows.hpp"
#include "ck_map.hpp"

namespace seneschal::engine::cutthroat {
namespace {

constexpr const char* kUntagged = N_("Untagged territory");
constexpr const char* kUntaggedId = "untagged";
// TRANSLATORS: what a territory yields: its coins, its gems, or both.
constexpr const char* kCoins = N_("Coins");
constexpr const char* kGems = N_("Gems");
constexpr const char* kBoth = N_("Both");  // offered with CK-7's check (Opulence is not used at setup)

std::vector<House> free_houses(const Table& table) {
  std::vector<House> out;
  for (int h = 0; h < kHouses; ++h) {
    const auto house = static_cast<House>(h);
    bool taken = false;
    for (int s = 0; s < table.setup_seat_count(); ++s) taken = taken || table.seat(s).house == house;
    if (!taken) out.push_back(house);
  }
  return out;
}

Words house_label(House house) { return say("House {0}", house_name(house)); }

void house_named(Table& table, House house) {
  const int s = table.data.setup_seat;
  const auto free = free_houses(table);
  if (std::find(free.begin(), free.end(), house) == free.end()) {
    // CK-2: one house per seat, all different (CK:149).
    table.refuse(trf("{0} is taken: every seat plays a different house", house_label(house)));
  }
  table.seat(s) = SeatBooks::of(house);
  // "You start the game with 8 army cards (2 of each type)" (CK:880).
  table.log(house == House::Brom ? trf("{0} is {1} (Might: 8 army cards, 2 of each type)", table.name(s), house_label(house))
                                 : trf("{0} is {1}", table.name(s), house_label(house)));
  ++table.data.setup_seat;
  if (table.data.setup_seat == table.seats()) {
    table.data.step = Step::EventDeck;
  }
}

std::string houses_step(Table& table, const Command& command) {
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    if (table.type(present->card_id) != "lord-lady") {
      table.refuse(trf("{0} is no lord or lady card: {1} scans theirs", table.title(present->card_id),
                       table.name(table.data.setup_seat)));
    }
    const auto house = table.house_of_card(present->card_id);
    if (!house) table.refuse(trf("{0} names no house", table.title(present->card_id)));
    house_named(table, *house);
    return "house_named";
  }
  if (const auto* choose = std::get_if<Choose>(&command)) {
    // By its id ("house:Brom"); a label no id came with, by its English ("House Brom").
    const std::string& named = choose->id.empty() ? choose->label : choose->id;
    const auto house = house_from_name(named.substr(std::min<std::size_t>(6, named.size())));
    if (!house) table.refuse(trf("no house \"{0}\"", choose->label));
    house_named(table, *house);
    return "house_named";
  }
  table.refuse(trf("{0}: scan your lord or lady card, or choose your house", table.name(table.data.setup_seat)));
}

// "Collect all the event cards that correspond to the number of players" (CK:189): the table
// counts them; PASS leaves the clock unknown until the Royal Feast is drawn.
std::string event_deck_step(Table& table, const Command& command) {
  EventClock& clock = table.books().clock;
  if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 3 || number->value > 25) table.refuse(tr("the event deck holds 3 to 25 cards (the box has 25)"));
    clock = event_clock(number->value, 0);
    std::string indicators;
    for (const std::string& i : indicators_in_deck(table.seats())) indicators += (indicators.empty() ? "" : ", ") + i;
    // TRANSLATORS: {1} the player-number indicators of the cards in the deck: "3+, 4+". Welcome to
    // Aurum, the Royal Wedding and the Royal Feast are event cards' titles.
    table.log(trf("Event deck: {0} cards (indicators {1}): Welcome to Aurum on top, the Royal Wedding card {2}, the Royal "
                  "Feast at the bottom",
                  clock.deck_size, indicators, clock.wedding_at));
  } else if (std::holds_alternative<Pass>(command)) {
    clock = EventClock{};
    table.log(tr("Event deck: size not told (Welcome to Aurum on top, the Royal Wedding about half-way, the Royal "
                 "Feast at the bottom)"));
  } else {
    table.refuse(tr("set the number of event cards in the deck, or PASS"));
  }
  table.data.step = Step::Kingdom;
  return "event_deck";
}

void lay_territory(Table& table, std::string card, std::string title) {
  Territory territory;
  territory.card = std::move(card);
  territory.title = std::move(title);
  table.books().territories.push_back(territory);
  const int laid = table.slots();
  table.log(trf("Slot {0}: {1}", laid, table.books().territories.back().title));
  if (laid == territories_in_play(table.seats())) {
    // The playmat's adjacency is not in the tome (A7.5): a row in the order laid; MENU links more.
    table.books().links = row_links(laid);
    begin_vote(table, Vote::Purpose::Starter);
  }
}

// "Draw two, plus one for each player" (CK:219), each into its slot (CK:220).
std::string kingdom_step(Table& table, const Command& command) {
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    if (table.type(present->card_id) != "territory") {
      table.refuse(trf("{0} is no territory: lay the kingdom's territories first", table.title(present->card_id)));
    }
    if (table.slot_of_card(present->card_id) >= 0) table.refuse(trf("{0} is in a slot already", table.title(present->card_id)));
    lay_territory(table, present->card_id, table.title(present->card_id));
    return "territory_laid";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (choose && chose_option(*choose, kUntaggedId, kUntagged)) {
    // 5 of the 10 territories have no title in the data (A8): the slot names it. The name is the
    // territory's title, and its asked values are kept under it ("TERRITORY-6"): it stays English.
    lay_territory(table, "", "Territory " + std::to_string(table.slots() + 1));
    return "territory_laid";
  }
  table.refuse(trf("scan the territory for slot {0}, or choose {1}", table.slots() + 1, tr(kUntagged)));
}

std::vector<int> unowned_slots(const Table& table) {
  std::vector<int> out;
  for (int slot = 0; slot < table.slots(); ++slot) {
    if (!table.territory(slot).owner) out.push_back(slot);
  }
  return out;
}

std::string start_territory_step(Table& table, const Command& command) {
  const int s = table.data.setup_seat;
  if (table.data.first_collection) {
    const auto* choose = std::get_if<Choose>(&command);
    if (!choose || (!chose_option(*choose, "coins", kCoins) && !chose_option(*choose, "gems", kGems) && !chose_option(*choose, "both", kBoth))) {
      table.refuse(trf("{0}: choose Coins or Gems for the first collection", table.name(s)));
    }
    // "Collects equal to their territory's value" (CK:237): coins or gems, as in the Resource
    // phase (A7.9), and no feast card.
    table.collect(s, *table.data.first_collection,
                  chose_option(*choose, "gems", kGems) ? "gems" : chose_option(*choose, "both", kBoth) ? "both" : "coins");
    table.data.marks = TurnMarks{};
    table.data.first_collection.reset();
    ++table.data.setup_placed;
    if (table.data.setup_placed == table.seats()) {
      table.state.turn = 1;
      table.books().clock.turn = 1;
      table.begin_turn(table.books().clock.starting_seat);
    } else {
      table.data.setup_seat = table.next_seat(s);
      table.state.to_act = table.data.setup_seat;
    }
    return "first_collection";
  }
  int slot = -1;
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    slot = table.slot_of_card(present->card_id);
    if (slot < 0) table.refuse(trf("{0} is not in the kingdom", table.title(present->card_id)));
  } else if (const auto* choose = std::get_if<Choose>(&command)) {
    slot = table.slot_by_title(choose->label);
    if (slot < 0) table.refuse(trf("no territory \"{0}\" in the kingdom", choose->label));
  } else {
    table.refuse(trf("{0}: scan or choose your starting territory", table.name(s)));
  }
  // CK-5: "chooses a territory ... that is not already taken" (CK:234-235).
  table.check(!table.territory(slot).owner,
              trf("{0} is taken already: a starting territory is one nobody owns", table.territory(slot).title));
  begin_placing(table, slot, s, true);
  return "start_territory";
}

}  // namespace

int Table::setup_seat_count() const { return data.step == Step::Houses ? data.setup_seat : seats(); }

void begin_setup(Table& table) {
  table.state.phase = N_("Setup");
  table.state.turn = 0;
  table.data.step = Step::Houses;
  table.data.books.seats.assign(static_cast<std::size_t>(table.seats()), SeatBooks{});
  table.log(trf("Cutthroat Kingdoms for {0}: {1} territories; each seat names its house", table.seats(),
                territories_in_play(table.seats())));
}

void starter_chosen(Table& table, int seat) {
  table.books().clock.starting_seat = seat;
  table.data.step = Step::StartTerritory;
  table.data.setup_seat = seat;
  table.data.setup_placed = 0;
  table.state.to_act = seat;
  table.log(trf("{0} is the starting player; starting territories go clockwise from {0}", table.name(seat)));
}

void starting_territory_placed(Table& table, int slot) {
  table.data.first_collection = slot;
  table.data.step = Step::StartTerritory;
}

std::string setup_step(Table& table, const Command& command) {
  switch (table.data.step) {
    case Step::Houses:
      table.state.to_act = table.data.setup_seat;
      return houses_step(table, command);
    case Step::EventDeck:
      return event_deck_step(table, command);
    case Step::Kingdom:
      return kingdom_step(table, command);
    case Step::StartTerritory:
      return start_territory_step(table, command);
    default:
      table.refuse(tr("setup is over"));
  }
}

Prompt setup_prompt(const Table& table) {
  Prompt prompt;
  const Data& data = table.data;
  switch (data.step) {
    case Step::Houses:
      prompt.seat = data.setup_seat;
      prompt.text = trf("{0}: scan your lord or lady card, or choose your house", table.name(data.setup_seat));
      prompt.takes_cards = true;
      for (House house : free_houses(table)) prompt.add(house_label(house), "house:" + std::string(house_name(house)));
      break;
    case Step::EventDeck:
      // TRANSLATORS: the deck holds the event cards marked 3+ up to the number of players, N+.
      prompt.text = trf("How many event cards in the deck (3+ to {0}+)?", table.seats());
      prompt.wants_number = true;
      prompt.number_min = 3;
      prompt.number_max = 25;
      prompt.pass = tr("not counted");
      break;
    case Step::Kingdom:
      prompt.text = trf("Lay the kingdom: scan the territory for slot {0} of {1}", table.slots() + 1,
                        territories_in_play(table.seats()));
      prompt.takes_cards = true;
      prompt.add(say(kUntagged), kUntaggedId);
      break;
    case Step::StartTerritory:
      prompt.seat = data.setup_seat;
      if (data.first_collection) {
        prompt.text = trf("{0}: first collection from {1} - Coins or Gems?", table.name(data.setup_seat),
                          table.territory(*data.first_collection).title);
        prompt.add(say(kCoins), "coins");
        prompt.add(say(kGems), "gems");
        prompt.add(say(kBoth), "both");
      } else {
        prompt.text = trf("{0}: scan or choose your starting territory", table.name(data.setup_seat));
        prompt.takes_cards = true;
        // The unowned first, then the taken ones, with CK-5's check. A tagged territory is
        // scanned, so the buttons most likely name an untagged one: the first unowned.
        for (int slot : unowned_slots(table)) {
          if (prompt.likely < 0 && table.territory(slot).card.empty()) prompt.likely = static_cast<int>(prompt.options.size());
          prompt.add(table.territory(slot).title, "slot:" + std::to_string(slot));
        }
        for (int slot = 0; slot < table.slots(); ++slot) {
          if (table.territory(slot).owner) prompt.add(table.territory(slot).title, "slot:" + std::to_string(slot));
        }
      }
      break;
    default:
      break;
  }
  return prompt;
}

}  // namespace seneschal::engine::cutthroat
