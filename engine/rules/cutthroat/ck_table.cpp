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

std::string Table::house_of(int s) const { return trf("House {0}", house_name(seat(s).house)); }

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
  reasons.unless(what != "both" || data.marks.opulence_to == s, tr("Coins and gems from one territory only with Opulence"));
  reasons.raise(*this);
  const bool gems = what == "gems";
  const bool both = what == "both";
  const int coins = gems ? 0 : income(slot, false);
  const int stones = gems || both ? income(slot, true) : 0;
  const std::string gems_words = trn("{0} gem", "{0} gems", stones, stones);
  std::string amount;
  if (coins > 0 || !gems) amount = coins_text(coins);
  if (gems || both) amount = amount.empty() ? gems_words : trf("{0} and {1}", amount, gems_words);
  data.marks.collected.push_back(slot);
  data.collected_as[{s, slot}] = what;
  purse(s, coins, stones);
  // TRANSLATORS: {1} "3 coins", "2 gems" or "3 coins and 2 gems"; {3} "the bank" or "Ann (blackmail)".
  log(trf("{0} collects {1} from {2}, paid by {3}", name(s), amount, territory(slot).title, paid_by(coins, stones)));
}

std::string Table::paid_by(int coins, int gems) {
  if (!data.marks.blackmail_from) return tr("the bank");
  // Blackmail: "that player must pay you their collection instead of the bank" (CK:541).
  const int payer = *data.marks.blackmail_from;
  purse(payer, -coins, -gems);
  data.marks.blackmail_from.reset();
  return trf("{0} (blackmail)", name(payer));
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
  if (!is_military(present.card_id)) refuse(trf("{0} is no military card", title(present.card_id)));
  // The card data has one entry per house's soldiers and one for all 36 mercenaries, without
  // their colours (A8): each physical copy's colour is asked once and kept.
  const Colour colour = colour_from_word(word(colour_subject(present), colour_stat(present), kColourWords));
  if (type(present.card_id) == "mercenary") return MilitaryCard::mercenary(colour);
  const auto house = house_of_card(present.card_id);
  if (!house) refuse(trf("{0} names no house", title(present.card_id)));
  return MilitaryCard::soldier(*house, colour);
}

std::string Table::describe_card(const MilitaryCard& card) const {
  // TRANSLATORS: a colour of the military cards: red, blue, yellow, green or unknown.
  const std::string colour = tr(std::string(colour_name(card.colour)));
  if (card.kind == Military::Mercenary) {
    return card.face_down ? std::string(tr("a face-down mercenary")) : trf("a {0} mercenary", colour);
  }
  if (card.colour == Colour::Unknown) return trf("a soldier of {0}", house_name(*card.house));
  // TRANSLATORS: {0} a colour, {1} a house's name: "a blue soldier of Brom".
  return trf("a {0} soldier of {1}", colour, house_name(*card.house));
}

bool Table::married(int a, int b) const { return seat(a).heir.married_to == b && seat(b).heir.married_to == a; }

// "If a royal heir dies ... the marriage is dissolved and the heirs return to their owners"
// (CK:566, 759).
void Table::dissolve_marriage(int s, const std::string& why) {
  const std::optional<int> partner = seat(s).heir.married_to;
  if (!partner) return;
  seat(s).heir.married_to.reset();
  seat(*partner).heir.married_to.reset();
  log(trf("The marriage of {0} and {1} is dissolved ({2}): the heirs go back to their houses", name(s), name(*partner), why));
}

void Table::kill_heir(int s, bool poisoned) {
  seat(s).heir.alive = false;
  // The card's title ("Royal Heir of House Brom"), as printed.
  const std::string heir = "Royal Heir of House " + std::string(house_name(seat(s).house));
  log(poisoned ? trf("The {0} dies of poison and is flipped face down", heir)
               : trf("The {0} is killed and is flipped face down", heir));
  dissolve_marriage(s, tr("an heir died"));
  dark_influence();
}

void Table::dark_influence() const {
  const int slaine = seat_of_house(House::Slaine);
  if (slaine < 0) return;
  purse(slaine, kDarkInfluence);
  log(trf("Dark Influence: {0} collects {1} from the bank", name(slaine), coins_text(kDarkInfluence)));
}

// A turn is Resource, Action, Event (CK:346). The Resource phase begins with the feast cards:
// "1 feast card from each of their territories" (CK:350).
void Table::begin_turn(int s) {
  data.marks = TurnMarks{};
  data.books.passages.clear();  // a passage is granted for one turn (CK:812)
  data.step = Step::Resource;
  state.phase = N_("Resource");
  state.to_act = s;
  // As many as the feast deck still holds (34, CK:20).
  const int owned = std::min(static_cast<int>(owned_by(s).size()), data.books.piles.feast_deck);
  seat(s).feast_cards += owned;
  data.books.piles.feast_deck -= owned;
  if (owned > 0) {
    log(trn("Turn {0} - {1} ({2}): Resource; {3} feast card", "Turn {0} - {1} ({2}): Resource; {3} feast cards", owned,
            state.turn, name(s), house_of(s), owned));
  } else {
    log(trf("Turn {0} - {1} ({2}): Resource", state.turn, name(s), house_of(s)));
  }
}

void Reasons::raise(const Rules& rules) const {
  std::string joined;
  for (const std::string& reason : broken) joined += (joined.empty() ? "" : "; ") + reason;
  rules.check(broken.empty(), joined);
}

std::string coins_text(int amount) { return trn("{0} coin", "{0} coins", amount, amount); }

// The card values the table may be asked for, as a question names them (FlowModule's stat_words
// says an id's "_" as " "): here for the catalog, which xgettext reads from the sources.
[[maybe_unused]] constexpr const char* kAskedValueWords[] = {
    N_("coin income"), N_("gem income"), N_("victory points"), N_("colour"), N_("copy {0} colour"),
};

}  // namespace seneschal::engine::cutthroat
