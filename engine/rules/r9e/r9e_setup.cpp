// Setup ("Preparing to Play"): per seat in order, the stronghold, the starting castles within its
// Castle Points (each full of food), Motte and Bailey, the opening hand and one mulligan; then
// the first Ordained, chosen by name or drawn with the entropy the caller handed in.
#include <algorithm>

#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {

constexpr const char* kMotteAndBailey = "MOTTE-AND-BAILEY";

int castle_points_spent(const Table& table, int seat) {
  int spent = 0;
  for (const CastleState& castle : table.books(seat).castles) {
    spent += table.value(castle.card, "castle_point_cost");
  }
  return spent;
}

void next_seat_or_ordained(Table& table) {
  Setup& setup = *table.data.setup;
  if (setup.seat + 1 < table.seats()) {
    setup.seat += 1;
    setup.stage = Setup::Stage::Stronghold;
  } else {
    setup.stage = Setup::Stage::Ordained;
  }
}

void keep_hand(Table& table) {
  table.log(trf("{0} keeps the opening hand", table.name(table.data.setup->seat)));
  next_seat_or_ordained(table);
}

std::string scan_stronghold(Table& table, const Card& card) {
  const int seat = table.data.setup->seat;
  if (card.type != "stronghold") table.refuse(trf("{0}: scan your stronghold first, not {1}", table.name(seat), card.title));
  const int renown = table.value(card.id, "renown");
  SeatBooks& books = table.data.seats[seat];
  books.stronghold = card.id;
  PlayerState& player = table.state.players[seat];
  books.faction = table.faction_of_stronghold(card.id);
  player.score = renown;
  table.data.setup->stage = Setup::Stage::Castles;
  table.log(trf("{0} plays {1} ({2}), Renown {3}", player.name, card.title, books.faction, renown));
  return "stronghold_chosen";
}

std::string scan_castle(Table& table, const Card& card) {
  const int seat = table.data.setup->seat;
  PlayerState& player = table.state.players[seat];
  SeatBooks& books = table.books(seat);
  if (card.type != "castle") table.refuse(trf("{0}: scan a starting castle or press OK, not {1}", table.name(seat), card.title));
  const std::string& stronghold = table.data.seats[seat].stronghold;
  const int points = table.value(stronghold, "castle_points");
  const int cost = table.value(card.id, "castle_point_cost");
  const int spent = castle_points_spent(table, seat);
  // Both rules a castle may break, in one check (line 346).
  std::vector<std::string> broken;
  if (std::any_of(books.castles.begin(), books.castles.end(), [&](const CastleState& c) { return c.card == card.id; })) {
    broken.push_back(trf("{0} already starts with {1}", player.name, card.title));
  }
  if (spent + cost > points) {
    broken.push_back(trf("{0} costs {1} Castle Points; {2} has {3} of {4} left", card.title, cost, player.name,
                         points - spent, points));
  }
  table.check_all(broken);
  const int storage = table.value(card.id, "storage");
  books.castles.push_back({card.id, storage, false, storage});
  table.log(trn("{0} starts with {1} ({2} food)", "{0} starts with {1} ({2} food)", storage, player.name, card.title, storage));
  return "castle_placed";
}

// `copy`: the Motte and Bailey the camera saw laid (each seat has its own card), else the first.
std::string finish_castles(Table& table, int copy = 1) {
  const int seat = table.data.setup->seat;
  PlayerState& player = table.state.players[seat];
  table.check(!table.books(seat).castles.empty(),
              trf("{0} has no castle: a player without castles is eliminated", player.name));
  table.add_card(seat, kMotteAndBailey, copy, false);
  table.data.setup->stage = Setup::Stage::Mulligan;
  table.log(trn("{0} puts Motte and Bailey into play and draws {1} card", "{0} puts Motte and Bailey into play and draws {1} cards",
                table.hand_size(seat), player.name, table.hand_size(seat)));
  return "castles_done";
}

std::string choose_ordained(Table& table, const std::string& label) {
  int seat = table.seat_by_name(label);
  if (label == kRandom) seat = static_cast<int>(table.context.entropy % static_cast<std::uint64_t>(table.seats()));
  if (seat < 0) table.refuse(trf("no seat \"{0}\" to be the Ordained", label));
  table.data.setup.reset();
  table.data.ordained = seat;
  table.state.turn = 1;
  table.log(label == kRandom ? trf("{0} takes the Ordained marker (drawn at random)", table.name(seat))
                             : trf("{0} takes the Ordained marker", table.name(seat)));
  begin_spring(table);
  return "ordained_chosen";
}

// The next seat's stronghold laid while this seat is still asked for castles or its mulligan: the
// table has moved on, so this seat's castles are down and its hand kept (the mulligan is the
// exception a player says; issue [3/8]: the camera instead of two OKs).
bool next_seats_stronghold(const Table& table, const PresentCard& present) {
  return table.data.setup->seat + 1 < table.seats() && table.card(present.card_id).type == "stronghold";
}

std::string hand_kept_by_next_stronghold(Table& table, const Command& command) {
  keep_hand(table);
  return setup_step(table, command);
}

}  // namespace

void begin_setup(Table& table) {
  table.data.seats.resize(table.state.players.size());
  table.state.phase = kSetup;
  table.data.setup = Setup{};
  table.log(trf("Setup: {0}, scan your stronghold", table.name(0)));
}

std::string setup_step(Table& table, const Command& command) {
  Setup& setup = *table.data.setup;
  const int seat = setup.seat;
  table.state.to_act = seat;
  switch (setup.stage) {
    case Setup::Stage::Stronghold:
      if (const auto* present = std::get_if<PresentCard>(&command)) return scan_stronghold(table, table.card(present->card_id));
      table.refuse(trf("{0}: scan your stronghold", table.name(seat)));
    case Setup::Stage::Castles:
      if (const auto* present = std::get_if<PresentCard>(&command)) {
        // Motte and Bailey laid beside the castles: they are down, and it enters play (issue
        // [3/8]: the camera instead of OK).
        if (present->card_id == kMotteAndBailey) return finish_castles(table, present->copy);
        if (next_seats_stronghold(table, *present)) {
          finish_castles(table);
          return hand_kept_by_next_stronghold(table, command);
        }
        return scan_castle(table, table.card(present->card_id));
      }
      if (std::holds_alternative<Ok>(command)) return finish_castles(table);
      table.refuse(trf("{0}: scan a starting castle, or OK when all are down", table.name(seat)));
    case Setup::Stage::Mulligan: {
      if (const auto* present = std::get_if<PresentCard>(&command); present && next_seats_stronghold(table, *present)) {
        return hand_kept_by_next_stronghold(table, command);
      }
      const auto* choose = std::get_if<Choose>(&command);
      if (std::holds_alternative<Ok>(command) || (choose && choose->label == kKeepHand)) {
        keep_hand(table);
        return "hand_kept";
      }
      if (choose && choose->label == kMulligan) {
        table.log(trf("{0} takes a mulligan: a new hand, and two food are discarded", table.name(seat)));
        next_seat_or_ordained(table);
        begin_mulligan_payment(table, seat);
        return "mulligan_taken";
      }
      table.refuse(trf("{0}: keep your hand (OK) or choose Mulligan", table.name(seat)));
    }
    case Setup::Stage::Ordained: {
      const auto* choose = std::get_if<Choose>(&command);
      if (!choose) table.refuse(tr("choose the first Ordained: a seat's name or Random"));
      return choose_ordained(table, choose->label);
    }
  }
  table.refuse(tr("setup is over"));
}

Prompt setup_prompt(const Table& table) {
  const Setup& setup = *table.data.setup;
  const std::string& name = table.name(setup.seat);
  Prompt prompt;
  // The seat set up is the one the screen marks, not the one whose move it was before (to_act
  // moves on only when that seat's next command arrives).
  if (setup.stage != Setup::Stage::Ordained) prompt.seat = setup.seat;
  switch (setup.stage) {
    case Setup::Stage::Stronghold:
      prompt.text = trf("Setup: {0}, scan your stronghold", name);
      prompt.takes_cards = true;
      break;
    case Setup::Stage::Castles: {
      const auto& castles = table.books(setup.seat).castles;
      prompt.text = trf("Setup: {0}, scan each starting castle ({1} so far), then OK", name, castles.size());
      prompt.takes_cards = true;
      prompt.ok = tr("castles done");
      break;
    }
    case Setup::Stage::Mulligan:
      prompt.text = trf("{0}: draw {1} cards. Keep them, or take one mulligan (new hand, discard two food)?", name,
                        table.hand_size(setup.seat));
      set_options(prompt, std::vector<Words>{say(kKeepHand), say(kMulligan)});
      prompt.ok = tr("keep hand");
      break;
    case Setup::Stage::Ordained:
      prompt.text = tr("Who takes the Ordained marker and goes first?");
      for (const PlayerState& player : table.state.players) offer(prompt, player.name);
      offer(prompt, kRandom);
      break;
  }
  return prompt;
}

}  // namespace seneschal::engine::r9e
