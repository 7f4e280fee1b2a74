// The books' helpers: what the table tells of a card (a location's region, a personality's
// homebase and allegiances), the locations and companies in play, control points and the victory.
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

Data& data_of(TableState& state) { return static_cast<Data&>(*state.data.get()); }

constexpr const char* kNoMore = "No more";


}  // namespace

std::vector<std::string> region_words() {
  std::vector<std::string> words;
  for (Region r : all_regions()) words.emplace_back(region_name(r));
  return words;
}

std::vector<std::string> allegiance_names(const CardDatabase& cards) {
  std::vector<std::string> names;
  if (const auto& symbols = cards.tables().find("allegiance_symbols"); symbols != cards.tables().end()) {
    for (const auto& symbol : *symbols) names.push_back(symbol.value("name", std::string()));
  }
  return names;
}

namespace {

// Words told one after another (a card's allegiances, its enemy attributes) until "No more".
std::vector<std::string> told_list(const Table& table, const std::string& card, const std::string& stat,
                                   const std::vector<std::string>& words) {
  std::vector<std::string> choices = words;
  choices.emplace_back(kNoMore);
  std::vector<std::string> told;
  for (int n = 1; n <= 6; ++n) {
    const std::string one = table.word(card_subject(card), stat + "_" + std::to_string(n), choices);
    if (one == kNoMore) break;
    told.push_back(one);
  }
  return told;
}

}  // namespace

const char* phase_name(Step step) {
  switch (step) {
    case Step::Resource:
      return N_("Resource");
    case Step::Organization:
      return N_("Organization");
    case Step::Movement:
      return N_("Movement");
    case Step::Combat:
      return N_("Combat");
    case Step::End:
      // TRANSLATORS: the End phase of an Osten Ard turn
      return N_("End");
    case Step::Over:
      // TRANSLATORS: the game is over
      return N_("Over");
    default:
      return N_("Setup");
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
  // A location in play first: a card the table named is known by its title in a replayed log
  // without the table's card file.
  if (const int in_play = location_titled(base); in_play >= 0) return data.locations[static_cast<std::size_t>(in_play)].region;
  if (const Card* location = cards.find_by_title(base); location && location->type == "location") {
    return region_of_location(location->id);
  }
  return region_from_name(word(card_subject(card), "home_region", region_words())).value_or(Region::Erkynland);
}

// One allegiance after another, as a card prints them (C1; by the names of the "Card Symbols"
// list), until "No more".
// A corrupt spellcaster has lost the Aedon allegiance (OA:651-653).
std::vector<std::string> Table::allegiances(const std::string& card) const {
  auto told = told_list(*this, card, "allegiance", allegiance_names(cards));
  if (std::find(data.corrupt.begin(), data.corrupt.end(), card) != data.corrupt.end()) std::erase(told, std::string("Aedon"));
  return told;
}

std::vector<std::string> Table::enemies(const std::string& card) const {
  return told_list(*this, card, "enemy", allegiance_names(cards));
}

bool enemies_of_each_other(const Table& table, const std::string& a, const std::string& b) {
  return shares_any(table.enemies(a), table.allegiances(b)) || shares_any(table.enemies(b), table.allegiances(a));
}

// --- the table

int Table::location_titled(const std::string& location_title) const {
  for (std::size_t i = 0; i < data.locations.size(); ++i) {
    if (title(data.locations[i].card) == location_title) return static_cast<int>(i);
  }
  return -1;
}

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

Member* member_in(const Table& table, int company_id, const std::string& card, int copy) {
  Company* c = table.company(company_id);
  if (!c) return nullptr;
  for (Member& m : c->members) {
    if (m.card == card && m.copy == copy) return &m;
  }
  return nullptr;
}

Company& battle_side(const Table& table, int side) { return *table.company(table.data.battle->companies[side]); }

void suffer(const Table& table, int company_id, const std::string& card, int copy, Fate fate) {
  if (fate == Fate::Unhurt) return;
  Company* c = table.company(company_id);
  if (!c) return;
  if (fate == Fate::Wounded) {
    if (Member* m = member_in(table, company_id, card, copy)) {
      m->wounded = true;
      m->bowed = false;
    }
    return;
  }
  std::erase_if(c->members, [&](const Member& m) { return m.card == card && m.copy == copy; });
}

Company* Table::company(int id) const {
  for (Company& c : data.companies) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

std::string Table::location_words(int index) const {
  const Location& l = data.locations.at(static_cast<std::size_t>(index));
  return title(l.card) + " (" + std::string(region_name(l.region)) + ")";  // names only
}

Words Table::company_words(const Company& c) const {
  const std::string at = title(data.locations.at(static_cast<std::size_t>(c.location)).card);
  // Two of a seat's companies at one location (a new one formed at a homebase) are told apart by
  // their first personality: "Ann's company at Naglimund (Helfgrim)".
  const bool shared = std::any_of(data.companies.begin(), data.companies.end(), [&](const Company& o) {
    return o.id != c.id && o.owner == c.owner && o.location == c.location && !o.hazard && !c.hazard;
  });
  if (!shared) return say("{0}'s company at {1}", name(c.owner), at);
  const auto first = std::find_if(c.members.begin(), c.members.end(), [](const Member& m) { return m.kind == "personality"; });
  return say("{0}'s company at {1} ({2})", name(c.owner), at,
             first == c.members.end() ? "#" + std::to_string(c.id) : title(first->card));
}

// C7.1: a location 1 point; a fortress and its outside together 1, each 1 when two players hold
// them apart (README choice 22).
int Table::control_points(int s) const {
  int points = 0;
  for (const Location& l : data.locations) {
    if (l.controller == s || (l.fortress && l.outside_controller == s && l.controller != s)) points += l.points;
  }
  return points;
}

std::vector<Personality> Table::personalities_of(int s) const {
  std::vector<Personality> out;
  for (const Company& c : data.companies) {
    if (c.owner != s) continue;
    const std::string at = title(data.locations.at(static_cast<std::size_t>(c.location)).card);
    for (const Member& m : c.members) {
      if (m.kind != "personality") continue;
      const Subject subject = card_subject(m.card);
      Personality p;
      p.name = m.card;
      p.generic = number(subject, "leadership_generic", 0, 20);
      p.specific = number(subject, "leadership_specific", 0, 20);
      p.loyalty = number(subject, "loyalty", 0, 20);
      p.allegiances = allegiances(m.card);
      p.enemies = enemies(m.card);
      p.priest = word(subject, "priest", {"Yes", "No"}) == "Yes";
      // "Noble at homebase" (OA:79; C7.5).
      p.noble_at_homebase = word(subject, "noble", {"Yes", "No"}) == "Yes" && homebase(m.card) == at;
      out.push_back(std::move(p));
    }
  }
  return out;
}

LeadershipCheck Table::leadership(int s) const {
  const Organization org = organize(personalities_of(s), seat(s).allegiance);
  return check_leadership(org.leaders, org.followers, {});
}

int Table::upkeep(int s, const LeadershipCheck& check) const {
  int home = 0;
  int away = 0;
  for (const Company& c : data.companies) {
    if (c.owner != s) continue;
    const Region here = data.locations.at(static_cast<std::size_t>(c.location)).region;
    for (const Member& m : c.members) {
      if (m.kind == "army") ++(home_region(m.card) == here ? home : away);
    }
  }
  return upkeep_discards(army_weight(home, away), check.unused);
}

int Table::mercenaries(int s) const {
  int count = 0;
  for (const Company& c : data.companies) {
    if (c.owner != s) continue;
    for (const Member& m : c.members) {
      if (m.kind == "army" && word(card_subject(m.card), "mercenary", {"Yes", "No"}) == "Yes") ++count;
    }
  }
  return count;
}

void Table::discard_personality(const std::string& card, const std::string& why) {
  for (Company& c : data.companies) {
    const auto before = c.members.size();
    std::erase_if(c.members, [&](const Member& m) { return m.card == card && m.kind == "personality"; });
    if (c.members.size() == before) continue;
    log(trf("{0} discards {1} ({2})", name(c.owner), title(card), why));
  }
  std::erase_if(data.companies, [](const Company& c) { return c.members.empty(); });
}

// OA-52 (OA:669-709): a location where one player's hosts stand is that player's; where none
// stands, or several players' do, it stays with its last controller. A single army is no host and
// takes no control (OA:709, 733). A fortress is two: its inside, held by the hosts inside (only
// one player's, by how companies enter), and its outside, held by the hosts besieging it, which
// follows the inside while no host stands outside (OA:673-695).
namespace {

std::optional<int> sole_holder(const Table& table, int index, std::optional<bool> inside) {
  std::vector<int> holders;
  for (const Company& c : table.data.companies) {
    if (c.location != index || !c.host() || c.hazard || (inside && c.inside != *inside)) continue;
    if (std::find(holders.begin(), holders.end(), c.owner) == holders.end()) holders.push_back(c.owner);
  }
  if (holders.size() == 1) return holders.front();
  return holders.empty() ? std::optional<int>() : std::optional<int>(-1);  // -1: contested, no change
}

}  // namespace

void Table::settle_control() {
  for (std::size_t i = 0; i < data.locations.size(); ++i) {
    Location& l = data.locations[i];
    const int index = static_cast<int>(i);
    const auto inside = sole_holder(*this, index, l.fortress ? std::optional<bool>(true) : std::nullopt);
    if (inside && *inside >= 0 && l.controller != inside) {
      l.controller = inside;
      const int points = control_points(*inside);
      log(trn("{0} takes control of {1}: {2} control point (OA:669-709)", "{0} takes control of {1}: {2} control points (OA:669-709)",
              points, name(*inside), location_words(index), points));
    }
    if (!l.fortress) continue;
    const auto outside = sole_holder(*this, index, false);
    const std::optional<int> before = l.outside_controller;
    if (!outside) l.outside_controller = l.controller;  // no host outside: it follows the fortress (OA:695)
    else if (*outside >= 0) l.outside_controller = outside;
    if (l.outside_controller != before && l.outside_controller && l.outside_controller != l.controller) {
      log(trf("{0} takes control of the outside of {1}: {2} control points (OA:673-679)", name(*l.outside_controller),
              location_words(index), control_points(*l.outside_controller)));
    }
  }
  // A seat's score is its control points: the state's players[].score and the end charts.
  for (int s = 0; s < seats(); ++s) state.players.at(static_cast<std::size_t>(s)).score = control_points(s);
  // "Whenever a player has 10 Control Points, he wins the game" (OA:5); two at once: the active
  // player (C7.24).
  std::vector<int> winners;
  for (int s = 0; s < seats(); ++s) {
    if (control_points(s) >= 10) winners.push_back(s);
  }
  if (winners.empty()) return;
  const bool active = std::find(winners.begin(), winners.end(), acting()) != winners.end();
  win({active ? acting() : winners.front()}, N_("10 control points"));
}

}  // namespace seneschal::engine::ostenard
