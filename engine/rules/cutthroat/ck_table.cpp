#include <algorithm>

#include "ck_clock.hpp"
#include "ck_flows.hpp"

namespace seneschal::engine::cutthroat {
namespace {

Data& data_of(TableState& state) { return static_cast<Data&>(*state.data.get()); }

// The four combat colours a soldier or mercenary copy is asked for (A7.19).
const std::vector<std::string> kColourWords = {"red", "blue", "yellow", "green"};

// A copy's colour is printed on that physical card, the same in every game: it is asked as the
// card's value "copy_<n>_colour", which the table's answers keep across games (a value of the
// copy itself would stay with the game it was told in). A card shown without a copy number is
// asked its one colour.
Subject colour_subject(const PresentCard& present) { return Subject{present.card_id, 0, {}}; }
std::string colour_stat(const PresentCard& present) {
  return present.copy > 0 ? "copy_" + std::to_string(present.copy) + "_colour" : "colour";
}

Colour colour_from_word(const std::string& word) {
  for (int c = 1; c <= 4; ++c) {
    if (colour_name(static_cast<Colour>(c)) == word) return static_cast<Colour>(c);
  }
  return Colour::Unknown;
}

}  // namespace

Table::Table(const Rules& rules) : Rules(rules), data(data_of(rules.state)) {}

std::string Table::house_of(int s) const { return "House " + std::string(house_name(seat(s).house)); }

int Table::slot_of_card(const std::string& card) const {
  for (int slot = 0; slot < slots(); ++slot) {
    if (!card.empty() && territory(slot).card == card) return slot;
  }
  return -1;
}

int Table::slot_by_title(const std::string& title) const {
  for (int slot = 0; slot < slots(); ++slot) {
    if (territory(slot).title == title) return slot;
  }
  return -1;
}

std::vector<int> Table::owned_by(int s) const {
  std::vector<int> out;
  for (int slot = 0; slot < slots(); ++slot) {
    if (territory(slot).owner == s) out.push_back(slot);
  }
  return out;
}

// The tome gives no territory's values (A8): asked once per territory and side, then kept. An
// untagged territory is asked under its slot's name.
int Table::income(int slot, bool gems) const {
  const Territory& t = territory(slot);
  const std::string card = t.card.empty() ? card_id_from_title(t.title) : t.card;  // "TERRITORY-6"
  // The plagued side has stats of its own: a value asked under a face would fall back to the
  // healthy side's (a card's value stands for all its faces), and the two sides differ (CK:255-265).
  const std::string side = t.side == Side::Healthy ? "" : "plagued_";
  return number(Subject{card, 0, {}}, side + (gems ? "gem_income" : "coin_income"), 0, 20);
}

void Table::collect(int s, int slot, const std::string& what, Reasons reasons) {
  // CK-7: coins or gems, not both, unless Opulence was granted (CK:350, 904).
  reasons.unless(what != "both" || data.marks.opulence_to == s, "Coins and gems from one territory only with Opulence");
  reasons.raise(*this);
  const bool gems = what == "gems";
  const bool both = what == "both";
  const int coins = gems ? 0 : income(slot, false);
  const int stones = gems || both ? income(slot, true) : 0;
  std::string amount;
  if (coins > 0 || !gems) amount = coins_text(coins);
  if (gems || both) amount += std::string(amount.empty() ? "" : " and ") + std::to_string(stones) + (stones == 1 ? " gem" : " gems");
  data.marks.collected.push_back(slot);
  data.collected_as[{s, slot}] = what;
  purse(s, coins, stones);
  log(name(s) + " collects " + amount + " from " + territory(slot).title + ", paid by " + paid_by(coins, stones));
}

std::string Table::paid_by(int coins, int gems) {
  if (!data.marks.blackmail_from) return "the bank";
  // Blackmail: "that player must pay you their collection instead of the bank" (CK:541).
  const int payer = *data.marks.blackmail_from;
  purse(payer, -coins, -gems);
  data.marks.blackmail_from.reset();
  return name(payer) + " (blackmail)";
}

void Table::purse(int s, int coins, int gems) const {
  seat(s).coins_seen += coins;
  seat(s).gems_seen += gems;
}

bool Table::is_military(const std::string& card) const {
  const std::string kind = type(card);
  return kind == "soldier" || kind == "mercenary";
}

std::optional<House> Table::house_of_card(const std::string& card) const { return house_of_title(title(card)); }

MilitaryCard Table::military(const PresentCard& present) const {
  if (!is_military(present.card_id)) refuse(title(present.card_id) + " is no military card");
  // The card data has one entry per house's soldiers and one for all 36 mercenaries, without
  // their colours (A8): each physical copy's colour is asked once and kept.
  const Colour colour = colour_from_word(word(colour_subject(present), colour_stat(present), kColourWords));
  if (type(present.card_id) == "mercenary") return MilitaryCard::mercenary(colour);
  const auto house = house_of_card(present.card_id);
  if (!house) refuse(title(present.card_id) + " names no house");
  return MilitaryCard::soldier(*house, colour);
}

std::string Table::describe_card(const MilitaryCard& card) const {
  if (card.kind == Military::Mercenary) {
    return card.face_down ? "a face-down mercenary" : "a " + std::string(colour_name(card.colour)) + " mercenary";
  }
  const std::string colour = card.colour == Colour::Unknown ? "" : std::string(colour_name(card.colour)) + " ";
  return "a " + colour + "soldier of " + std::string(house_name(*card.house));
}

bool Table::married(int a, int b) const { return seat(a).heir.married_to == b && seat(b).heir.married_to == a; }

// "If a royal heir dies ... the marriage is dissolved and the heirs return to their owners"
// (CK:566, 759).
void Table::dissolve_marriage(int s, const std::string& why) {
  const std::optional<int> partner = seat(s).heir.married_to;
  if (!partner) return;
  seat(s).heir.married_to.reset();
  seat(*partner).heir.married_to.reset();
  log("The marriage of " + name(s) + " and " + name(*partner) + " is dissolved (" + why +
      "): the heirs go back to their houses");
}

void Table::kill_heir(int s, const std::string& how) {
  seat(s).heir.alive = false;
  log("The Royal Heir of House " + std::string(house_name(seat(s).house)) + " " + how + " and is flipped face down");
  dissolve_marriage(s, "an heir died");
  dark_influence();
}

void Table::dark_influence() const {
  const int slaine = seat_of_house(House::Slaine);
  if (slaine < 0) return;
  purse(slaine, kDarkInfluence);
  log("Dark Influence: " + name(slaine) + " collects " + coins_text(kDarkInfluence) + " from the bank");
}

// A turn is Resource, Action, Event (CK:346). The Resource phase begins with the feast cards:
// "1 feast card from each of their territories" (CK:350).
void Table::begin_turn(int s) {
  data.marks = TurnMarks{};
  data.books.passages.clear();  // a passage is granted for one turn (CK:812)
  data.step = Step::Resource;
  state.phase = "Resource";
  state.to_act = s;
  // As many as the feast deck still holds (34, CK:20).
  const int owned = std::min(static_cast<int>(owned_by(s).size()), data.books.piles.feast_deck);
  seat(s).feast_cards += owned;
  data.books.piles.feast_deck -= owned;
  std::string text = "Turn " + std::to_string(state.turn) + " - " + name(s) + " (" + house_of(s) + "): Resource";
  if (owned > 0) text += "; " + std::to_string(owned) + (owned == 1 ? " feast card" : " feast cards");
  log(text);
}

void Reasons::raise(const Rules& rules) const {
  std::string joined;
  for (const std::string& reason : broken) joined += (joined.empty() ? "" : "; ") + reason;
  rules.check(broken.empty(), joined);
}

std::string coins_text(int amount) { return std::to_string(amount) + (amount == 1 ? " coin" : " coins"); }

}  // namespace seneschal::engine::cutthroat
