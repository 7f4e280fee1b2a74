// Setup (GAMES.md A2 "Setup", CK:143-237): houses, the event deck, the kingdom, the starting
// player by vote, and the starting territories clockwise from the starter.
#include <algorithm>

#include "ck_clock.hpp"
#include "ck_flows.hpp"
#include "ck_map.hpp"

namespace seneschal::engine::cutthroat {
namespace {

constexpr const char* kUntagged = "Untagged territory";
constexpr const char* kCoins = "Coins";
constexpr const char* kGems = "Gems";
constexpr const char* kBoth = "Both";  // offered with CK-7's check (Opulence is not used at setup)

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

std::string house_label(House house) { return "House " + std::string(house_name(house)); }

void house_named(Table& table, House house) {
  const int s = table.data.setup_seat;
  const auto free = free_houses(table);
  if (std::find(free.begin(), free.end(), house) == free.end()) {
    // CK-2: one house per seat, all different (CK:149).
    table.refuse(house_label(house) + " is taken: every seat plays a different house");
  }
  table.seat(s) = SeatBooks::of(house);
  std::string text = table.name(s) + " is " + house_label(house);
  // "You start the game with 8 army cards (2 of each type)" (CK:880).
  if (house == House::Brom) text += " (Might: 8 army cards, 2 of each type)";
  table.log(text);
  ++table.data.setup_seat;
  if (table.data.setup_seat == table.seats()) {
    table.data.step = Step::EventDeck;
  }
}

std::string houses_step(Table& table, const Command& command) {
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    if (table.type(present->card_id) != "lord-lady") {
      table.refuse(table.title(present->card_id) + " is no lord or lady card: " + table.name(table.data.setup_seat) +
                   " scans theirs");
    }
    const auto house = table.house_of_card(present->card_id);
    if (!house) table.refuse(table.title(present->card_id) + " names no house");
    house_named(table, *house);
    return "house_named";
  }
  if (const auto* choose = std::get_if<Choose>(&command)) {
    const auto house = house_from_name(choose->label.substr(std::min<std::size_t>(6, choose->label.size())));
    if (!house) table.refuse("no house \"" + choose->label + "\"");
    house_named(table, *house);
    return "house_named";
  }
  table.refuse(table.name(table.data.setup_seat) + ": scan your lord or lady card, or choose your house");
}

// "Collect all the event cards that correspond to the number of players" (CK:189): the table
// counts them; PASS leaves the clock unknown until the Royal Feast is drawn.
std::string event_deck_step(Table& table, const Command& command) {
  EventClock& clock = table.books().clock;
  if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 3 || number->value > 25) table.refuse("the event deck holds 3 to 25 cards (the box has 25)");
    clock = event_clock(number->value, 0);
    std::string indicators;
    for (const std::string& i : indicators_in_deck(table.seats())) indicators += (indicators.empty() ? "" : ", ") + i;
    table.log("Event deck: " + std::to_string(clock.deck_size) + " cards (indicators " + indicators +
              "): Welcome to Aurum on top, the Royal Wedding card " + std::to_string(clock.wedding_at) +
              ", the Royal Feast at the bottom");
  } else if (std::holds_alternative<Pass>(command)) {
    clock = EventClock{};
    table.log("Event deck: size not told (Welcome to Aurum on top, the Royal Wedding about half-way, the Royal "
              "Feast at the bottom)");
  } else {
    table.refuse("set the number of event cards in the deck, or PASS");
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
  table.log("Slot " + std::to_string(laid) + ": " + table.books().territories.back().title);
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
      table.refuse(table.title(present->card_id) + " is no territory: lay the kingdom's territories first");
    }
    if (table.slot_of_card(present->card_id) >= 0) table.refuse(table.title(present->card_id) + " is in a slot already");
    lay_territory(table, present->card_id, table.title(present->card_id));
    return "territory_laid";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (choose && choose->label == kUntagged) {
    // 5 of the 10 territories have no title in the data (A8): the slot names it.
    lay_territory(table, "", "Territory " + std::to_string(table.slots() + 1));
    return "territory_laid";
  }
  table.refuse("scan the territory for slot " + std::to_string(table.slots() + 1) + ", or choose " + kUntagged);
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
    if (!choose || (choose->label != kCoins && choose->label != kGems && choose->label != kBoth)) {
      table.refuse(table.name(s) + ": choose Coins or Gems for the first collection");
    }
    // "Collects equal to their territory's value" (CK:237): coins or gems, as in the Resource
    // phase (A7.9), and no feast card.
    table.collect(s, *table.data.first_collection,
                  choose->label == kGems ? "gems" : choose->label == kBoth ? "both" : "coins");
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
    if (slot < 0) table.refuse(table.title(present->card_id) + " is not in the kingdom");
  } else if (const auto* choose = std::get_if<Choose>(&command)) {
    slot = table.slot_by_title(choose->label);
    if (slot < 0) table.refuse("no territory \"" + choose->label + "\" in the kingdom");
  } else {
    table.refuse(table.name(s) + ": scan or choose your starting territory");
  }
  // CK-5: "chooses a territory ... that is not already taken" (CK:234-235).
  table.check(!table.territory(slot).owner, table.territory(slot).title + " is taken already: a starting territory is one nobody owns");
  begin_placing(table, slot, s, true);
  return "start_territory";
}

}  // namespace

int Table::setup_seat_count() const { return data.step == Step::Houses ? data.setup_seat : seats(); }

void begin_setup(Table& table) {
  table.state.phase = "Setup";
  table.state.turn = 0;
  table.data.step = Step::Houses;
  table.data.books.seats.assign(static_cast<std::size_t>(table.seats()), SeatBooks{});
  table.log("Cutthroat Kingdoms for " + std::to_string(table.seats()) + ": " +
            std::to_string(territories_in_play(table.seats())) + " territories; each seat names its house");
}

void starter_chosen(Table& table, int seat) {
  table.books().clock.starting_seat = seat;
  table.data.step = Step::StartTerritory;
  table.data.setup_seat = seat;
  table.data.setup_placed = 0;
  table.state.to_act = seat;
  table.log(table.name(seat) + " is the starting player; starting territories go clockwise from " + table.name(seat));
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
      table.refuse("setup is over");
  }
}

Prompt setup_prompt(const Table& table) {
  Prompt prompt;
  const Data& data = table.data;
  switch (data.step) {
    case Step::Houses:
      prompt.seat = data.setup_seat;
      prompt.text = table.name(data.setup_seat) + ": scan your lord or lady card, or choose your house";
      prompt.takes_cards = true;
      for (House house : free_houses(table)) prompt.add(house_label(house), "house:" + std::string(house_name(house)));
      break;
    case Step::EventDeck:
      prompt.text = "How many event cards in the deck (3+ to " + std::to_string(table.seats()) + "+)?";
      prompt.wants_number = true;
      prompt.number_min = 3;
      prompt.number_max = 25;
      prompt.pass = "not counted";
      break;
    case Step::Kingdom:
      prompt.text = "Lay the kingdom: scan the territory for slot " + std::to_string(table.slots() + 1) + " of " +
                    std::to_string(territories_in_play(table.seats()));
      prompt.takes_cards = true;
      prompt.add(kUntagged, "untagged");
      break;
    case Step::StartTerritory:
      prompt.seat = data.setup_seat;
      if (data.first_collection) {
        prompt.text = table.name(data.setup_seat) + ": first collection from " +
                      table.territory(*data.first_collection).title + " - Coins or Gems?";
        prompt.add(kCoins, "coins");
        prompt.add(kGems, "gems");
        prompt.add(kBoth, "both");
      } else {
        prompt.text = table.name(data.setup_seat) + ": scan or choose your starting territory";
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
