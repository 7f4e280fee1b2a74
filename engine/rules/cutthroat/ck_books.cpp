#include "ck_books.hpp"

#include <nlohmann/json.hpp>

#include "ck_clock.hpp"
#include "seneschal/base/words.hpp"

namespace seneschal::engine::cutthroat {

namespace {
constexpr std::array<std::string_view, kHouses> kHouseNames = {"Brom",   "Crone",    "Cawdwell",
                                                               "Slaine", "Dravanof", "Tyber"};
// As Colour; ids in the books' JSON and the told values, translated where they are shown.
// TRANSLATORS: the colour of a military card (a soldier or a mercenary).
constexpr std::array<std::string_view, 5> kColourNames = {N_("unknown"), N_("red"), N_("blue"), N_("yellow"), N_("green")};

nlohmann::json or_null(const std::optional<int>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}
}  // namespace

std::string_view house_name(House house) { return kHouseNames.at(static_cast<std::size_t>(house)); }

std::optional<House> house_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kHouseNames.size(); ++i) {
    if (kHouseNames[i] == name) return static_cast<House>(i);
  }
  return std::nullopt;
}

std::optional<House> house_of_title(std::string_view title) {
  const std::size_t space = title.rfind(' ');
  return space == std::string_view::npos ? std::nullopt : house_from_name(title.substr(space + 1));
}

std::string_view colour_name(Colour colour) { return kColourNames.at(static_cast<std::size_t>(colour)); }

std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i == 0) {
      out = items[i];
    } else if (i + 1 == items.size()) {
      // TRANSLATORS: the last two of a list: "Ann, Bob and Cat".
      out = trf("{0} and {1}", out, items[i]);
    } else {
      out += ", " + items[i];
    }
  }
  return out;
}

std::vector<std::string> twice_per_game_abilities(House house) {
  switch (house) {
    case House::Brom:
      return {"Fury"};  // CK:884
    case House::Crone:
      return {"The Eye"};  // CK:894
    case House::Cawdwell:
      return {"Opulence"};  // CK:904
    case House::Slaine:
      return {"Venom"};  // CK:914
    case House::Dravanof:
      return {"Life", "Death"};  // CK:920, 924
    case House::Tyber:
      break;  // Pillage and Bedlam have no limit (CK:930-934)
  }
  return {};
}

SeatBooks SeatBooks::of(House house) {
  SeatBooks seat;
  seat.house = house;
  for (std::string& ability : twice_per_game_abilities(house))
    seat.uses_left.emplace_back(std::move(ability), kTwicePerGame);
  return seat;
}

int Books::seat_of(House house) const {
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (seats[i].house == house) return static_cast<int>(i);
  }
  return -1;
}

void to_json(nlohmann::json& out, const MilitaryCard& card) {
  out = {{"kind", card.kind == Military::Soldier ? "soldier" : "mercenary"},
         {"colour", colour_name(card.colour)},
         {"face_down", card.face_down}};
  if (card.house) out["house"] = house_name(*card.house);
}

void to_json(nlohmann::json& out, const Territory& territory) {
  out = {{"card", territory.card},
         {"title", territory.title},
         {"side", territory.side == Side::Healthy ? "healthy" : "plagued"},
         {"owner", or_null(territory.owner)},
         {"stack", territory.stack}};
}

void to_json(nlohmann::json& out, const SeatBooks& seat) {
  nlohmann::json uses = nlohmann::json::object();
  for (const auto& [ability, left] : seat.uses_left) uses[ability] = left;
  out = {{"house", house_name(seat.house)},
         {"heir_alive", seat.heir.alive},
         {"married_to", or_null(seat.heir.married_to)},
         {"dead_pile", seat.dead_pile.size()},
         {"feast_cards", seat.feast_cards},
         {"uses_left", uses}};
  // The purse stays out: it is private until scoring (CK:356), and the export is public.
}

void to_json(nlohmann::json& out, const Books& books) {
  nlohmann::json links = nlohmann::json::array();
  for (const Link& link : books.links) links.push_back({link.a, link.b});
  nlohmann::json passages = nlohmann::json::array();
  for (const Passage& p : books.passages)
    passages.push_back({{"territory", p.territory}, {"owner", p.owner}, {"to", p.to}});
  const EventClock& clock = books.clock;
  out = {{"seats", books.seats},
         {"territories", books.territories},
         {"links", links},
         {"passages", passages},
         {"piles",
          {{"mercenary_deck", books.piles.mercenary_deck},
           {"mercenary_discard", books.piles.mercenary_discard.size()},
           {"hireling_deck", books.piles.hireling_deck},
           {"hireling_discard", books.piles.hireling_discard},
           {"feast_deck", books.piles.feast_deck}}},
         {"events",
          {{"deck_size", clock.deck_size},
           {"drawn", clock.drawn},
           {"wedding_at", clock.wedding_at},
           {"feast_at", clock.feast_at},
           {"turn", clock.turn},
           {"starting_seat", clock.starting_seat},
           {"feast_drawn_by", or_null(clock.feast_drawn_by)}}}};
}

}  // namespace seneschal::engine::cutthroat
