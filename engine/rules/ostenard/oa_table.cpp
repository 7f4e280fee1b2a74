// The books' helpers: what the table tells of a card (a location's region, a personality's
// homebase and allegiances), the locations and companies in play, control points and the victory.
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

Data& data_of(TableState& state) { return static_cast<Data&>(*state.data.get()); }

Subject card_subject(const std::string& card) { return Subject{card, 0, {}}; }

std::vector<std::string> region_words() {
  std::vector<std::string> words;
  for (Region r : all_regions()) words.emplace_back(region_name(r));
  return words;
}

constexpr const char* kNoMore = "No more";

}  // namespace

const char* phase_name(Step step) {
  switch (step) {
    case Step::Resource:
      return "Resource";
    case Step::Organization:
      return "Organization";
    case Step::Movement:
      return "Movement";
    case Step::Combat:
      return "Combat";
    case Step::End:
      return "End";
    case Step::Over:
      return "Over";
    default:
      return "Setup";
  }
}

int Company::armies() const {
  return static_cast<int>(std::count_if(members.begin(), members.end(), [](const Member& m) { return m.kind == "army"; }));
}

int Company::personalities() const {
  return static_cast<int>(
      std::count_if(members.begin(), members.end(), [](const Member& m) { return m.kind == "personality"; }));
}

Table::Table(const Rules& rules) : Rules(rules), data(data_of(rules.state)) {}

// --- what the table tells of cards

Region Table::region_of_location(const std::string& card) const {
  return region_from_name(word(card_subject(card), "region", region_words())).value_or(Region::Erkynland);
}

bool Table::is_fortress(const std::string& card) const { return word(card_subject(card), "fortress", {"Yes", "No"}) == "Yes"; }

std::string Table::homebase(const std::string& card) const {
  std::vector<std::string> words;
  for (const Card& c : cards.cards()) {
    if (c.type == "location") words.push_back(c.title);
  }
  words.emplace_back(kAnotherLocation);
  return word(card_subject(card), "homebase", words);
}

Region Table::home_region(const std::string& card) const {
  const std::string base = homebase(card);
  if (const Card* location = cards.find_by_title(base); location && location->type == "location") {
    return region_of_location(location->id);
  }
  return region_from_name(word(card_subject(card), "home_region", region_words())).value_or(Region::Erkynland);
}

// One allegiance after another, as a card prints them (C1; the codes of the "Card Symbols"
// list, OA:887-919, by name), until "No more".
std::vector<std::string> Table::allegiances(const std::string& card) const {
  std::vector<std::string> names;
  if (const auto& symbols = cards.tables().find("allegiance_symbols"); symbols != cards.tables().end()) {
    for (const auto& symbol : *symbols) names.push_back(symbol.value("name", std::string()));
  }
  names.emplace_back(kNoMore);
  std::vector<std::string> told;
  for (int n = 1; n <= 6; ++n) {
    const std::string one = word(card_subject(card), "allegiance_" + std::to_string(n), names);
    if (one == kNoMore) break;
    told.push_back(one);
  }
  return told;
}

// --- the table

int Table::location_index(const std::string& card, int copy) const {
  for (std::size_t i = 0; i < data.locations.size(); ++i) {
    if (data.locations[i].card == card && data.locations[i].copy == copy) return static_cast<int>(i);
  }
  return -1;
}

int Table::add_location(const PresentCard& present) {
  if (int found = location_index(present.card_id, present.copy); found >= 0) return found;
  Location location;
  location.card = present.card_id;
  location.copy = present.copy;
  location.region = region_of_location(present.card_id);
  location.fortress = is_fortress(present.card_id);
  data.locations.push_back(location);
  return static_cast<int>(data.locations.size()) - 1;
}

Company* Table::company(int id) const {
  for (Company& c : data.companies) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

std::vector<int> Table::companies_at(int location) const {
  std::vector<int> ids;
  for (const Company& c : data.companies) {
    if (c.location == location) ids.push_back(c.id);
  }
  return ids;
}

std::string Table::location_words(int index) const {
  const Location& l = data.locations.at(static_cast<std::size_t>(index));
  return title(l.card) + " (" + std::string(region_name(l.region)) + ")";
}

std::string Table::company_words(const Company& c) const {
  return name(c.owner) + "'s company at " + title(data.locations.at(static_cast<std::size_t>(c.location)).card);
}

int Table::control_points(int s) const {
  int points = 0;
  for (const Location& l : data.locations) {
    if (l.controller == s) points += l.points;
  }
  return points;
}

// OA-52 (OA:669-709): a location where one player's hosts stand is that player's; where none
// stands, or several players' do, it stays with its last controller. A single army is no host and
// takes no control (OA:709, 733). The fortress's inside and outside (OA:673-697) come with the
// combat flows; until then a fortress counts as one location. (C7.1: 1 point each.)
void Table::settle_control() {
  for (std::size_t i = 0; i < data.locations.size(); ++i) {
    Location& l = data.locations[i];
    std::vector<int> holders;
    for (const Company& c : data.companies) {
      if (c.location == static_cast<int>(i) && c.host() &&
          std::find(holders.begin(), holders.end(), c.owner) == holders.end()) {
        holders.push_back(c.owner);
      }
    }
    if (holders.size() != 1 || l.controller == holders.front()) continue;
    l.controller = holders.front();
    const int points = control_points(holders.front());
    log(name(holders.front()) + " takes control of " + location_words(static_cast<int>(i)) + ": " + std::to_string(points) +
        (points == 1 ? " control point" : " control points") + " (OA:669-709)");
  }
  // "Whenever a player has 10 Control Points, he wins the game" (OA:5); two at once: the active
  // player (C7.24).
  std::vector<int> winners;
  for (int s = 0; s < seats(); ++s) {
    if (control_points(s) >= 10) winners.push_back(s);
  }
  if (winners.empty()) return;
  const bool active = std::find(winners.begin(), winners.end(), acting()) != winners.end();
  win({active ? acting() : winners.front()}, "10 control points");
}

}  // namespace seneschal::engine::ostenard
