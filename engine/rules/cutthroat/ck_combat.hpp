#pragma once
// One step of an attack on a territory's stack (CK:391-408; GAMES.md A2 "Combat loop", A5.5, A5.7),
// and the two other ways a stack changes: a conquest places 1 to 4 cards (CK:414, 422), a Sneak
// sends them all back (CK:689, 714). Checks are returned as reasons for the module to raise with
// its override; the step itself always does what the table did.

#include <optional>
#include <string>
#include <vector>

#include "ck_books.hpp"

namespace seneschal::engine::cutthroat {

// The rulebook checks on one attack step, before it is applied:
// - the attacking card "matches the top military card" (CK:395), and a face-down mercenary "is
//   susceptible to any type of attack" (CK:414, 792);
// - a defending card's "color matches the attacking card" (CK:399).
// Matching is by colour (A7.19). A colour the books do not know raises nothing: the module asks it
// before the step, and a count placed by `set n` leaves nothing to compare.
std::vector<std::string> attack_checks(const Territory& territory, const MilitaryCard& attack,
                                       const std::optional<MilitaryCard>& defence);

struct AttackResult {
  bool defended = false;
  std::optional<MilitaryCard> killed;  // the stack's top card, when not defended
  std::optional<int> token_back_to;    // the stack emptied: the former owner's token goes back (CK:407)
};

// The step: the attacking card is discarded (CK:395); defended, the defending card is discarded too
// "without effect"; not defended, the top card is killed (CK:399). Every discarded or killed
// soldier goes face down to its house's dead pile, every mercenary to the mercenary discard
// (CK:699, 747). An emptied stack frees the territory: the attacker "may conquer" it (CK:405-408).
AttackResult attack_step(Books& books, int target, const MilitaryCard& attack,
                         const std::optional<MilitaryCard>& defence);

// Places `cards` (top first) under an unoccupied territory for `seat` (CK:414): the checks are
// returned (occupied already, not 1 to 4 cards, CK:236, 414, 828) and the conquest done anyway.
std::vector<std::string> conquer(Books& books, int target, int seat, const std::vector<MilitaryCard>& cards);

// Where a card that leaves play lies (CK:699): a soldier face down in its house's dead pile, a
// mercenary face up in the mercenary discard.
void discard_card(Books& books, MilitaryCard card);

// Kills the top `count` cards (Fury's 2, CK:884; Death's all, CK:924; an event's): to the dead piles
// and the mercenary discard as in combat. An emptied territory's token goes back (A7.20).
std::vector<MilitaryCard> kill_top(Books& books, int target, int count);
// Bedlam: "put all mercenaries on an adjacent territory into your hand" (CK:934); an emptied
// territory's token goes back.
std::vector<MilitaryCard> take_mercenaries(Books& books, int target);

// A Sneak: "returns ALL the military cards to Dravanof's hand" with the house token (CK:714). The
// cards go to the owner's hand, which the books do not keep; they are returned for the log.
std::vector<MilitaryCard> return_stack(Books& books, int target);

}  // namespace seneschal::engine::cutthroat
