// What the physical table means in R9E's books. "After a card bows, it is termed bowed" and
// "when a card is straightened, turn it upright" (Rules of Play, p. 13): at the table a card is
// bowed by turning it, so a card in play turned to 90 or 270 is bowed in the books, and turned
// back to 0 or 180 is straightened. A turn the books already agree with (Spring straightened the
// books before the players turned their cards back) means nothing more. While a payment waits
// for a card to bow, turning that card is the answer; at a battle's actions, turning the acting
// seat's fighter is engaging it. A hero slid into another player's area is sent there: it
// declares an attack (Summer) or a raid (Autumn) at its seat's action, and is assigned to the
// castle it lies nearest; other moves are the table's alone. A card in play that left the table
// is a disagreement the players settle (discarded in the books, ignored, or a misread). Two more
// mismatches last until the players answer them (table_mismatches): a card whose turn and the
// books' bowed disagree (bowed with a button and never turned, or turned while a refusal kept
// the books as they were), and a seat's card lying in another seat's area (but for an attacker
// or raider there while its battle or raid lasts).
#include <algorithm>

#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {

struct InPlay {
  int seat = -1;
  int uid = 0;  // 0: the seat's stronghold
};

// The card of this id and copy the books hold in play, its stronghold included.
std::optional<InPlay> in_play(const Table& table, const std::string& id, int copy) {
  for (int seat = 0; seat < table.seats(); ++seat) {
    for (const CardInPlay& card : table.state.players[seat].in_play) {
      if (card.card == id && card.copy == copy) return InPlay{seat, card.uid};
    }
    if (table.books(seat).stronghold == id && copy == 1) return InPlay{seat, 0};
  }
  return std::nullopt;
}

bool offers(const Prompt& prompt, const std::string& label) {
  for (const Option& option : prompt.options) {
    if (option.label == label) return true;
  }
  return false;
}

// The payment in progress asks which card of this seat bows: Glory from a hero, gold from a
// source, a Wizard to summon a guardian (choosing a hero to attach to bows nothing).
bool pays_by_bowing(const Table& table, int seat) {
  const auto& payment = table.data.payment;
  if (!payment || payment->seat != seat) return false;
  if (payment->stage == Payment::Stage::Target) return table.type(payment->card) == "guardian";
  return payment->stage == Payment::Stage::Glory || payment->stage == Payment::Stage::Gold;
}

std::string turned(Table& table, const TurnCard& turn) {
  const std::optional<InPlay> found = in_play(table, turn.card_id, turn.copy);
  if (!found) return {};  // not in play in the books: the table keeps it, the reconcile step asks
  const bool bow = turn.quarter == 90 || turn.quarter == 270;
  SeatBooks& books = table.books(found->seat);
  const bool bowed = found->uid == 0 ? books.stronghold_bowed : table.find(found->uid).card->bowed;
  if (bow == bowed) return {};
  const std::string label = found->uid == 0 ? table.title(books.stronghold) : table.label(found->uid);
  // A payment asking which card bows: the turn answers it, as choosing the card would.
  if (bow && pays_by_bowing(table, found->seat) && offers(payment_prompt(table), label)) {
    return payment_step(table, Choose{label});
  }
  if (bow && found->uid != 0) {
    if (std::string engaged = engage_by_turning(table, found->uid); !engaged.empty()) return engaged;
  }
  if (found->uid == 0) books.stronghold_bowed = bow;
  else table.find(found->uid).card->bowed = bow;
  table.log(bow ? trf("{0} bows {1} (turned on the table)", table.name(found->seat), label)
                : trf("{0} straightens {1} (turned on the table)", table.name(found->seat), label));
  return bow ? "card_bowed" : "card_straightened";
}

bool busy(const Table& table) {
  const Data& data = table.data;
  return data.payment || data.setup || data.duel || data.adjust || data.winter || data.spring_waiting;
}

// A hero of the seat whose action it is slid into another player's area in Summer or Autumn:
// "Mark assigns Hektor and Zahir to attack Shawn's Border Keep" is done on the table by moving
// the heroes to it, so the move declares the attack (a raid in Autumn) on that player, with
// the MENU's checks, and assigns the hero (issue [3/8]: the camera instead of the MENU).
std::string declared_by_moving(Table& table, const InPlay& found, const MoveCard& move) {
  const int to = move.where.seat;
  if (table.data.battle || table.data.raid || found.seat != table.state.to_act || to < 0 ||
      to == found.seat || to >= table.seats()) {
    return {};
  }
  const std::vector<int> targets = table.opponents_with_castles(found.seat);
  if (std::find(targets.begin(), targets.end(), to) == targets.end()) return {};
  const std::string& phase = table.state.phase;
  if (phase != kSummer && phase != kAutumn) return {};
  const bool attack = phase == kSummer;
  menu_step(table, attack ? kAttack : kRaid);
  // Several players to choose from: the one whose area the hero went into.
  if (table.data.battle && table.data.battle->stage == Battle::Stage::Defender) battle_step(table, Choose{table.name(to)});
  if (table.data.raid && table.data.raid->stage == Raid::Stage::Defender) raid_step(table, Choose{table.name(to)});
  const std::string assigned = attack ? assign_by_moving(table, found.uid, move.where)
                                      : raid_assign_by_moving(table, found.uid, move.where);
  return assigned.empty() ? (attack ? "attack_declared" : "raid_declared") : assigned;
}

std::string moved(Table& table, const MoveCard& move) {
  const std::optional<InPlay> found = in_play(table, move.card_id, move.copy);
  if (!found || found->uid == 0 || !table.is_hero(found->uid) || busy(table)) return {};
  if (table.data.battle) return assign_by_moving(table, found->uid, move.where);
  if (table.data.raid) return raid_assign_by_moving(table, found->uid, move.where);
  return declared_by_moving(table, *found, move);
}

// A card the books hold in play left the table: nothing changes the books silently, so the
// players are asked. Any other card leaving is legitimate (a discard, a card shown and taken
// back, a castle's card after setup).
std::string left(Table& table, const CardLeft& gone) {
  const std::optional<InPlay> found = in_play(table, gone.card_id, gone.copy);
  const TableCard* lying = table.state.on_table(gone.card_id, gone.copy);
  if (!found || !lying) return {};
  const std::string label = found->uid == 0 ? table.title(gone.card_id) : table.label(found->uid);
  table.disagree({gone.card_id, gone.copy, "gone",
                  trf("{0} left the table, but {1} has it in play", label, table.name(found->seat)), *lying});
  return "table_disagreement";
}

}  // namespace

std::string table_step(Table& table, const Command& command) {
  if (const auto* turn = std::get_if<TurnCard>(&command)) return turned(table, *turn);
  if (const auto* gone = std::get_if<CardLeft>(&command)) return left(table, *gone);
  if (const auto* move = std::get_if<MoveCard>(&command)) return moved(table, *move);
  return {};
}

int castle_nearest(const Table& table, int seat, const Placement& where) {
  if (!where.x_mm || !where.y_mm) return -1;
  int best = -1;
  double best_distance = 0;
  for (int index : table.live_castles(seat)) {
    const std::string& id = table.books(seat).castles[static_cast<std::size_t>(index)].card;
    for (const TableCard& lying : table.state.table) {
      // The castle's own card: in its player's area (two players may each have a Border Keep).
      if (lying.card != id || lying.seat != seat || !lying.x_mm || !lying.y_mm) continue;
      const double dx = *lying.x_mm - *where.x_mm;
      const double dy = *lying.y_mm - *where.y_mm;
      const double distance = dx * dx + dy * dy;
      if (best < 0 || distance < best_distance) {
        best = index;
        best_distance = distance;
      }
    }
  }
  return best;
}

namespace {

bool turned_bowed(int quarter) { return quarter == 90 || quarter == 270; }

std::string card_name(const CardDatabase& cards, const std::string& id, int copy) {
  const Card* card = cards.find(id);
  return (card ? card->title : id) + (copy > 1 ? " #" + std::to_string(copy) : std::string());
}

// The books follow how the card lies: bowed when turned, straightened when upright.
std::string bow_as_the_table_shows(Table& table, const InPlay& found, const Disagreement& disagreement) {
  const TableCard* lying = table.state.on_table(disagreement.card, disagreement.copy);
  if (!lying) table.refuse(trf("{0} is no longer on the table: nothing to update", table.title(disagreement.card)));
  const bool bow = turned_bowed(lying->quarter);
  const std::string label = found.uid == 0 ? table.title(disagreement.card) : table.label(found.uid);
  if (found.uid == 0) table.books(found.seat).stronghold_bowed = bow;
  else table.find(found.uid).card->bowed = bow;
  table.log(bow ? trf("{0} bows {1} (as the table shows)", table.name(found.seat), label)
                : trf("{0} straightens {1} (as the table shows)", table.name(found.seat), label));
  return bow ? "card_bowed" : "card_straightened";
}

// A hero sent to attack or raid lies in the defender's area while the battle or the raid lasts.
bool card_away(const Data& data, int uid, int area) {
  if (uid == 0) return false;
  if (data.battle && data.battle->defender == area && data.battle->attackers.count(uid)) return true;
  if (data.raid && data.raid->defender == area) {
    for (const auto& [castle, slot] : data.raid->slots) {
      if (slot.raider == uid) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<Disagreement> table_mismatches(const TableState& state, const Data& data, const CardDatabase& cards) {
  std::vector<Disagreement> found;
  for (const TableCard& lying : state.table) {
    if (!lying.placed) continue;
    for (int seat = 0; seat < static_cast<int>(state.players.size()); ++seat) {
      const SeatBooks& books = data.seats.at(static_cast<std::size_t>(seat));
      const auto& cards_in_play = state.players[static_cast<std::size_t>(seat)].in_play;
      const auto card = std::find_if(cards_in_play.begin(), cards_in_play.end(), [&](const CardInPlay& c) {
        return c.card == lying.card && c.copy == lying.copy;
      });
      const bool stronghold = books.stronghold == lying.card && lying.copy == 1;
      if (card == cards_in_play.end() && !stronghold) continue;
      const std::string owner = state.players[static_cast<std::size_t>(seat)].name;
      const std::string name = trf("{0}'s {1}", owner, card_name(cards, lying.card, lying.copy));
      const bool bowed = stronghold ? books.stronghold_bowed : card->bowed;
      if (bowed != turned_bowed(lying.quarter)) {
        TableCard as_booked = lying;
        as_booked.quarter = bowed ? 90 : 0;
        found.push_back({lying.card, lying.copy, "bowed",
                         bowed ? trf("{0} is bowed in the books but lies upright on the table", name)
                               : trf("{0} lies turned on the table but is not bowed in the books", name),
                         as_booked});
      }
      if (lying.seat >= 0 && lying.seat != seat && lying.zone.empty() &&
          lying.seat < static_cast<int>(state.players.size()) && !card_away(data, stronghold ? 0 : card->uid, lying.seat)) {
        TableCard as_booked = lying;
        as_booked.seat = seat;
        found.push_back({lying.card, lying.copy, "seat",
                         trf("{0} lies in {1}'s area", name, state.players[static_cast<std::size_t>(lying.seat)].name),
                         as_booked});
      }
      break;
    }
  }
  return found;
}

std::string books_follow_table(Table& table, const Disagreement& disagreement) {
  const std::optional<InPlay> found = in_play(table, disagreement.card, disagreement.copy);
  if (!found) table.refuse(trf("{0} is no longer in play: nothing to update", table.title(disagreement.card)));
  if (disagreement.kind == "bowed") return bow_as_the_table_shows(table, *found, disagreement);
  if (disagreement.kind == "seat") {
    table.refuse(tr("a card in play stays its player's in R9E's books: Ignore, or It was a misread"));
  }
  if (found->uid == 0) table.refuse(tr("a stronghold stays in play: Ignore, or It was a misread"));
  const std::string label = table.label(found->uid);
  table.log(trf("{0} discards {1} (it left the table)", table.name(found->seat), label));
  table.remove(found->uid, false);
  return "books_updated";
}

}  // namespace seneschal::engine::r9e
