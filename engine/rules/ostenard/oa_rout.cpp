// Routing after a battle (OA:585-601, OA-43): the loser's armies rout on a full rout (the
// winner's total above twice the loser's) or when the loser named no rearguard; at a fortress
// they are discarded (defending it), go into it (attacking from it) or stay (attacking it);
// otherwise "a routing army must immediately move to an unoccupied (or friendly occupied) location
// in same region (if impossible, discard routing army)": its player names the location, lays one
// of the region, or discards them. "Personalities may rout with an army" is the players' to do
// by moving cards; the device moves the armies only. A banner whose bearer falls in a duel routs
// its side's armies the same way during the battle (OA:745, oa_attach.cpp), and the duels go on.
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kRoutTo = N_("Rout to {0}");
constexpr const char* kDiscardThem = N_("Discard them");

// The side whose armies rout: the loser's after the forfeits, a fallen banner's during the battle.
const Company& loser_company(const Table& table) { return battle_side(table, table.data.battle->routing); }

// The rout settled: the battle ends after the forfeits, or goes on after a banner's fall (OA:745).
std::string after_rout(Table& table) {
  Battle& b = *table.data.battle;
  b.routing = -1;
  return b.resolved ? finish_battle(table) : next_duel(table);
}

// Whether a routing army may go to `index`: another location of the region, where no other
// player's company stands.
std::string refusal_at(const Table& table, int index) {
  const Company& loser = loser_company(table);
  const Location& here = table.data.locations.at(static_cast<std::size_t>(loser.location));
  const Location& there = table.data.locations.at(static_cast<std::size_t>(index));
  if (index == loser.location) return trf("the armies rout away from {0}", table.title(here.card));
  if (there.region != here.region) {
    return trf("{0} is not in {1}: a routing army moves within its region (OA:601)", table.location_words(index), region_name(here.region));
  }
  const auto& all = table.data.companies;
  if (std::any_of(all.begin(), all.end(), [&](const Company& c) { return c.location == index && !c.hazard && c.owner != loser.owner; })) {
    return trf("{0} is occupied by another player: a routing army goes where it is alone or among friends (OA:601)", table.title(there.card));
  }
  return "";
}

std::vector<int> destinations(const Table& table) {
  std::vector<int> out;
  for (std::size_t i = 0; i < table.data.locations.size(); ++i) {
    if (refusal_at(table, static_cast<int>(i)).empty()) out.push_back(static_cast<int>(i));
  }
  return out;
}

std::string routed_words(const Table& table) {
  std::string words;
  for (const std::string& card : table.data.battle->routed) words += (words.empty() ? "" : ", ") + table.title(card);
  return words;
}

// The routed armies leave the loser's company; they join its player's company at the
// destination, or stand there as a company of their own (without a personality they are
// discarded at the end of the turn, OA:825).
std::string rout_to(Table& table, int destination) {
  Battle& b = *table.data.battle;
  Company& loser = battle_side(table, b.routing);
  const int owner = loser.owner;
  std::vector<Member> moving;
  for (const Member& m : loser.members) {
    if (std::find(b.routed.begin(), b.routed.end(), m.card) != b.routed.end()) moving.push_back(m);
  }
  std::erase_if(loser.members, [&](const Member& m) { return std::find(b.routed.begin(), b.routed.end(), m.card) != b.routed.end(); });
  table.log(trf("{0}'s {1} rout to {2} (OA:601)", table.name(owner), routed_words(table), table.location_words(destination)));
  b.routed.clear();
  auto friendly = std::find_if(table.data.companies.begin(), table.data.companies.end(),
                               [&](const Company& c) { return c.owner == owner && c.location == destination && !c.hazard; });
  if (friendly != table.data.companies.end()) {
    friendly->members.insert(friendly->members.end(), moving.begin(), moving.end());
  } else {
    Company fresh;
    fresh.id = table.data.next_company++;
    fresh.owner = owner;
    fresh.location = destination;
    fresh.members = std::move(moving);
    table.data.companies.push_back(std::move(fresh));
  }
  return after_rout(table);
}

// "if impossible, discard routing army" (OA:601).
std::string discard_routed(Table& table) {
  Battle& b = *table.data.battle;
  Company& loser = battle_side(table, b.routing);
  table.log(trf("{0}'s {1} find no location to rout to: discarded (OA:601)", table.name(loser.owner), routed_words(table)));
  std::erase_if(loser.members, [&](const Member& m) { return std::find(b.routed.begin(), b.routed.end(), m.card) != b.routed.end(); });
  b.routed.clear();
  return after_rout(table);
}

}  // namespace

std::string begin_rout(Table& table) {
  Battle& b = *table.data.battle;
  if (b.loser < 0) return "";
  const Company* loser = table.company(b.companies[b.loser]);
  if (!loser || loser->hazard) return "";  // hazard armies are discarded after the battle anyway (OA:433)
  // "If the winner's total combat value was higher than twice the loser one's" (OA:585), or "If
  // the Losing army has no rearguard, all armies in the losing army rout" (OA:587).
  if (!b.full_rout && !b.rearguard[b.loser].empty()) return "";
  std::vector<std::string> armies;
  for (const Member& m : loser->members) {
    if (m.kind == "army") armies.push_back(m.card);
  }
  return rout_armies(table, b.loser, armies, b.full_rout ? tr("a full rout (OA:585)") : tr("no rearguard (OA:587)"));
}

std::string rout_armies(Table& table, int side, std::vector<std::string> armies, const std::string& why) {
  Battle& b = *table.data.battle;
  const Company* loser = table.company(b.companies[side]);
  if (armies.empty() || !loser) return "";
  b.routed = std::move(armies);
  b.routing = side;
  const Location& here = table.data.locations.at(static_cast<std::size_t>(loser->location));
  const Company* winner = table.company(b.companies[1 - side]);
  const std::string& who = table.name(loser->owner);
  const std::string routed = routed_words(table);
  const auto settled = [&](const std::string& words) {
    table.log(words);
    b.routed.clear();
    b.routing = -1;
    return std::string();
  };
  if (here.fortress) {
    // The fortress cases (OA:589-595).
    if (side == 1 && loser->inside) {
      const std::string at = table.title(here.card);
      Company& c = battle_side(table, side);
      std::erase_if(c.members, [&](const Member& m) { return std::find(b.routed.begin(), b.routed.end(), m.card) != b.routed.end(); });
      return settled(trf("{0}'s {1} rout defending {2}: discarded ({3}, OA:589)", who, routed, at, why));
    }
    if (side == 0 && loser->inside) return settled(trf("{0}'s {1} rout into {2} ({3}, OA:591)", who, routed, table.title(here.card), why));
    if (side == 0 && winner && winner->inside) {
      return settled(trf("{0}'s {1} rout and stay before {2} ({3}, OA:593)", who, routed, table.title(here.card), why));
    }
  }
  table.log(trf("{0}'s {1} rout: {2}; where to? (OA:601)", who, routed, why));
  return "rout_begun";
}

std::string rout_step(Table& table, const Command& command) {
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    if (table.type(present->card_id) != "location") table.refuse(trf("{0} is no location to rout to", table.title(present->card_id)));
    const int destination = table.add_location(*present);
    const std::string refusal = refusal_at(table, destination);
    table.check(refusal.empty(), refusal);
    return rout_to(table, destination);
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(tr("choose where the routed armies go, lay a location of the region, or discard them"));
  // OA-43: "if impossible, discard routing army" (OA:601); the players may know of no location.
  if (picked(*choose, say(kDiscardThem))) return discard_routed(table);
  for (int index : destinations(table)) {
    if (picked(*choose, say(kRoutTo, table.title(table.data.locations.at(static_cast<std::size_t>(index)).card)))) {
      return rout_to(table, index);
    }
  }
  table.refuse(trf("\"{0}\" is no location the armies may rout to", choose->label));
}

Prompt rout_prompt(const Table& table) {
  const Company& loser = loser_company(table);
  Prompt prompt;
  prompt.seat = loser.owner;
  prompt.text = trf("{0}: where do {1} rout?", table.name(loser.owner), routed_words(table));
  for (int index : destinations(table)) prompt.add(say(kRoutTo, table.title(table.data.locations.at(static_cast<std::size_t>(index)).card)));
  prompt.add(say(kDiscardThem));
  prompt.takes_cards = true;  // a location of the region laid
  return prompt;
}

}  // namespace seneschal::engine::ostenard
