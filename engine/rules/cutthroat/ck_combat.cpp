#include "ck_combat.hpp"

#include "ck_clock.hpp"
#include "seneschal/base/words.hpp"

namespace seneschal::engine::cutthroat {

namespace {

bool same_colour(const MilitaryCard& a, const MilitaryCard& b) {
  return a.colour == Colour::Unknown || b.colour == Colour::Unknown || a.colour == b.colour;
}

// "blue soldier", "red mercenary", in the language set.
std::string describe(const MilitaryCard& card) {
  const std::string colour = tr(colour_name(card.colour));
  // TRANSLATORS: {0} a colour: "blue soldier".
  return card.kind == Military::Soldier ? trf("{0} soldier", colour) : trf("{0} mercenary", colour);
}

}  // namespace

// A soldier of a house nobody plays cannot be in play: it goes with the mercenaries.
void discard_card(Books& books, MilitaryCard card) {
  if (card.kind == Military::Soldier && card.house) {
    const int owner = books.seat_of(*card.house);
    if (owner >= 0) {
      card.face_down = true;
      books.seats[static_cast<std::size_t>(owner)].dead_pile.push_back(card);
      return;
    }
  }
  card.face_down = false;
  books.piles.mercenary_discard.push_back(card);
}

std::vector<std::string> attack_checks(const Territory& territory, const MilitaryCard& attack,
                                       const std::optional<MilitaryCard>& defence) {
  std::vector<std::string> reasons;
  if (territory.stack.empty()) {
    reasons.push_back(trf("{0} has no defender to attack", territory.title));
    return reasons;
  }
  const MilitaryCard& top = territory.stack.front();
  const bool any_type = top.kind == Military::Mercenary && top.face_down;
  if (!any_type && !same_colour(attack, top)) {
    reasons.push_back(trf("A {0} does not match the {1} on top of {2}", describe(attack), describe(top), territory.title));
  }
  if (defence && !same_colour(*defence, attack)) {
    reasons.push_back(trf("A {0} does not match the attacking {1}", describe(*defence), describe(attack)));
  }
  return reasons;
}

AttackResult attack_step(Books& books, int target, const MilitaryCard& attack,
                         const std::optional<MilitaryCard>& defence) {
  Territory& territory = books.territories.at(static_cast<std::size_t>(target));
  AttackResult result;
  discard_card(books, attack);
  if (defence) {
    discard_card(books, *defence);
    result.defended = true;
    return result;
  }
  if (territory.stack.empty()) return result;
  result.killed = territory.stack.front();
  territory.stack.erase(territory.stack.begin());
  discard_card(books, *result.killed);
  if (territory.stack.empty()) {
    result.token_back_to = territory.owner;
    territory.owner.reset();
  }
  return result;
}

std::vector<std::string> conquer(Books& books, int target, int seat, const std::vector<MilitaryCard>& cards) {
  Territory& territory = books.territories.at(static_cast<std::size_t>(target));
  std::vector<std::string> reasons;
  if (territory.occupied()) reasons.push_back(trf("{0} is occupied: attack it first", territory.title));
  const int placed = static_cast<int>(cards.size());
  if (placed < kMinMilitaryPerConquest || placed > kMaxMilitaryPerConquest) {
    reasons.push_back(trn("{0} military card under {1}: 1 to 4 are placed", "{0} military cards under {1}: 1 to 4 are placed",
                          placed, placed, territory.title));
  }
  // Mercenaries go under face down (CK:414). Overridden on an occupied territory, the cards already
  // there stay on top: the books never lose a card the table did not move.
  for (MilitaryCard card : cards) {
    card.face_down = card.kind == Military::Mercenary;
    territory.stack.push_back(card);
  }
  territory.owner = seat;
  return reasons;
}

std::vector<MilitaryCard> kill_top(Books& books, int target, int count) {
  Territory& territory = books.territories.at(static_cast<std::size_t>(target));
  std::vector<MilitaryCard> killed;
  while (count-- > 0 && !territory.stack.empty()) {
    killed.push_back(territory.stack.front());
    territory.stack.erase(territory.stack.begin());
    discard_card(books, killed.back());
  }
  if (territory.stack.empty()) territory.owner.reset();
  return killed;
}

std::vector<MilitaryCard> take_mercenaries(Books& books, int target) {
  Territory& territory = books.territories.at(static_cast<std::size_t>(target));
  std::vector<MilitaryCard> taken;
  auto& stack = territory.stack;
  for (auto it = stack.begin(); it != stack.end();) {
    if (it->kind != Military::Mercenary) {
      ++it;
      continue;
    }
    taken.push_back(*it);
    taken.back().face_down = false;
    it = stack.erase(it);
  }
  if (stack.empty()) territory.owner.reset();
  return taken;
}

std::vector<MilitaryCard> return_stack(Books& books, int target) {
  Territory& territory = books.territories.at(static_cast<std::size_t>(target));
  std::vector<MilitaryCard> cards = std::move(territory.stack);
  territory.stack.clear();
  for (MilitaryCard& card : cards) card.face_down = false;  // back in hand
  territory.owner.reset();
  return cards;
}

}  // namespace seneschal::engine::cutthroat
