// The Movement phase (OA:103-107, OA-25): a company to a location at most two regions away, then
// the opponents' hazards (oa_hazards.cpp). The table moves by laying the location card: the
// device works out which company goes there (the one that can reach it, or the last left to move)
// and asks only when several could (issue [3/8]: the camera instead of the buttons).
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

Words move_words(const Words& company) { return say("Move {0}", company); }

Region region_at(const Table& table, int location) { return table.data.locations.at(static_cast<std::size_t>(location)).region; }

void arrive(Table& table, Company& company, int destination, std::optional<Region> through) {
  // The automatic attack's strikes, asked as the first company arrives (once a location): one
  // without strikes is no combat to offer (combat_situations).
  table.number(card_subject(table.data.locations.at(static_cast<std::size_t>(destination)).card), "automatic_attack_strikes", 0, 12);
  const std::string from = table.location_words(company.location);
  company.path = {region_at(table, company.location)};
  if (through) company.path.push_back(*through);
  company.path.push_back(region_at(table, destination));
  company.location = destination;
  // Into a fortress no other player holds, the company is inside; else it besieges it.
  const auto& here = table.data.companies;
  company.inside = table.data.locations.at(static_cast<std::size_t>(destination)).fortress &&
                   std::none_of(here.begin(), here.end(), [&](const Company& c) {
                     return c.id != company.id && c.owner != company.owner && c.location == destination;
                   });
  company.moved = true;
  table.data.moving.reset();
  table.data.destination.reset();
  table.log(through ? trf("{0}'s company moves from {1} to {2} through {3}", table.name(company.owner), from,
                          table.location_words(destination), region_name(*through))
                    : trf("{0}'s company moves from {1} to {2}", table.name(company.owner), from, table.location_words(destination)));
  offer_hazards(table, company);
}

// The company chosen (data.moving) goes to the location in play at `destination`.
std::string move_to(Table& table, int destination) {
  Company& company = *table.company(*table.data.moving);
  if (destination == company.location) {
    table.refuse(trf("the company is at {0} already", table.title(table.data.locations.at(static_cast<std::size_t>(destination)).card)));
  }
  const Region from = region_at(table, company.location);
  const Region to = region_at(table, destination);
  const std::string refusal = move_refusal(from, to);
  table.check(refusal.empty(), refusal);
  const auto middles = middle_regions(from, to);
  if (middles.size() > 1) {
    // C7.10: the path decides which hazards may be played; where two exist, the player says which.
    table.data.destination = destination;
    return "destination_shown";
  }
  arrive(table, company, destination, middles.empty() ? std::nullopt : std::optional<Region>(middles.front()));
  return "company_moved";
}

// The seat's companies still to move this turn: first those the location at `destination` is
// within reach of (at most two regions, not where they stand), then the rest (a check if chosen).
std::vector<const Company*> candidates(const Table& table, int destination) {
  std::vector<const Company*> reach;
  std::vector<const Company*> rest;
  for (const Company& c : table.data.companies) {
    if (c.owner != table.acting() || c.moved || c.hazard) continue;
    const bool within = c.location != destination && move_refusal(region_at(table, c.location), region_at(table, destination)).empty();
    (within ? reach : rest).push_back(&c);
  }
  reach.insert(reach.end(), rest.begin(), rest.end());
  return reach;
}

int reaching(const Table& table, int destination) {
  int n = 0;
  for (const Company& c : table.data.companies) {
    if (c.owner == table.acting() && !c.moved && !c.hazard && c.location != destination &&
        move_refusal(region_at(table, c.location), region_at(table, destination)).empty()) {
      ++n;
    }
  }
  return n;
}

// A location laid with no company chosen: the one company that can reach it goes there (or the one
// left to move, checked as any move); where several could, the players say which.
std::string location_laid(Table& table, const PresentCard& present) {
  if (table.type(present.card_id) != "location") table.refuse(trf("{0} is no location to move to", table.title(present.card_id)));
  const int destination = table.add_location(present);
  const std::vector<const Company*> companies = candidates(table, destination);
  if (companies.empty()) table.refuse(trf("{0} has no company left to move", table.name(table.acting())));
  if (reaching(table, destination) == 1 || companies.size() == 1) {
    table.data.moving = companies.front()->id;
    return move_to(table, destination);
  }
  table.data.arrival = destination;
  return "location_laid";
}

// "Which company goes to <location>?": a company chosen, or PASS takes the location back.
std::string arrival_step(Table& table, const Command& command) {
  Data& data = table.data;
  if (std::holds_alternative<Pass>(command)) {
    data.arrival.reset();
    return "move_cancelled";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(tr("choose the company that goes there, or PASS"));
  for (const Company* c : candidates(table, *data.arrival)) {
    if (!picked(*choose, move_words(table.company_words(*c)))) continue;
    const int destination = *data.arrival;
    data.arrival.reset();
    data.moving = c->id;
    return move_to(table, destination);
  }
  table.refuse(trf("\"{0}\" is no company of {1} that may move", choose->label, table.name(table.acting())));
}

// The company holding a card, not the hazard armies fighting as one.
const Company* company_of_card(const Table& table, const std::string& card, int copy) {
  for (const Company& c : table.data.companies) {
    if (c.hazard) continue;
    for (const Member& m : c.members) {
      if (m.card == card && m.copy == copy) return &c;
    }
  }
  return nullptr;
}

}  // namespace

std::string company_card_moved(Table& table, const MoveCard& move) {
  Data& data = table.data;
  const int destination = location_beside(table, move.where);
  const Company* company = company_of_card(table, move.card_id, move.copy);
  if (destination < 0 || !company || company->location == destination || company->moved) return "";
  // A company goes where its cards are laid (C9, issue [3/8]): the camera sees one of them moved
  // beside another location's card. The acting seat's: the move it says; the next seat's, while
  // this turn has nothing left to decide: this turn is over and that is the next seat's move.
  const int id = company->id;  // the turn's end may tidy the companies away under the pointer
  if (company->owner != table.acting()) {
    if (company->owner != table.next_seat(table.acting()) || !turn_may_pass(table)) return "";
    pass_turn(table);
  }
  if (data.step == Step::Movement && data.arrival) {
    if (*data.arrival != destination) return "";
    for (const Company* c : candidates(table, destination)) {
      if (c->id == id) return arrival_step(table, Choose{move_words(table.company_words(*c)).shown});
    }
    return "";
  }
  if (data.step == Step::Resource) enter_phase(table, Step::Organization);
  if (data.step == Step::Organization) {
    if (data.to_place || data.casting) return "";
    end_organization(table);
  }
  if (data.step != Step::Movement || data.moving || data.destination) return "";
  // The mover's next move says every opponent let the last one pass without a hazard (as a
  // location laid does).
  data.hazards_for.reset();
  data.hazard_turn = 1;
  data.moving = id;
  return move_to(table, destination);
}

std::string movement_step(Table& table, const Command& command) {
  Data& data = table.data;
  const int s = table.acting();
  const auto* choose = std::get_if<Choose>(&command);
  const auto* present = std::get_if<PresentCard>(&command);
  if (data.hazards_for) {
    // The mover laying its next location: every opponent has let the last move pass without a
    // hazard (hazards are armies, never locations), as a table goes on without a word.
    if (!present || table.type(present->card_id) != "location") return hazard_step(table, command);
    data.hazards_for.reset();
    data.hazard_turn = 1;
  }
  if (data.arrival) return arrival_step(table, command);
  if (data.destination) {
    if (!choose) table.refuse(tr("choose the region the company passes through"));
    const auto region = region_from_name(choose->label);
    Company& company = *table.company(*data.moving);
    const auto middles = middle_regions(region_at(table, company.location), region_at(table, *data.destination));
    if (!region || std::find(middles.begin(), middles.end(), *region) == middles.end()) {
      table.refuse(trf("\"{0}\" is not between the two regions", choose->label));
    }
    arrive(table, company, *data.destination, region);
    return "company_moved";
  }
  if (data.moving) {
    if (present) {
      if (table.type(present->card_id) != "location") table.refuse(trf("{0} is no location to move to", table.title(present->card_id)));
      return move_to(table, table.add_location(*present));
    }
    if (std::holds_alternative<Pass>(command)) {
      data.moving.reset();
      return "move_cancelled";
    }
    table.refuse(tr("show the location the company moves to, or PASS"));
  }
  if (present && table.type(present->card_id) != "location" && !card_specific(table, present->card_id) &&
      is_next_seats(table, present->where) && turn_may_pass(table)) {
    // A card laid with the next seat's cards: this seat has done moving (issue [3/8]).
    pass_turn(table);
    return turn_step(table, command);
  }
  if (present) return location_laid(table, *present);
  if (choose) {
    for (const Company& c : data.companies) {
      if (c.owner == s && !c.moved && picked(*choose, move_words(table.company_words(c)))) {
        data.moving = c.id;
        return "company_chosen";
      }
    }
    table.refuse(trf("\"{0}\" is no company of {1} that may move", choose->label, table.name(s)));
  }
  if (std::holds_alternative<Ok>(command)) {
    enter_phase(table, Step::Combat);
    return "phase_ended";
  }
  table.refuse(tr("lay the location a company moves to, choose a company to move, or OK"));
}

Prompt movement_prompt(const Table& table) {
  const Data& data = table.data;
  Prompt prompt;
  const int s = table.acting();
  prompt.seat = s;
  if (data.hazards_for) return hazard_prompt(table);
  if (data.arrival) {
    prompt.text = trf("{0}: which company goes to {1}?", table.name(s), table.location_words(*data.arrival));
    for (const Company* c : candidates(table, *data.arrival)) prompt.add(move_words(table.company_words(*c)));
    // The first company within reach: the table's likely meaning (issue [3/8]).
    prompt.likely = 0;
    prompt.pass = tr("take it back");
    return prompt;
  }
  if (data.destination) {
    prompt.text = tr("Which region does the company pass through?");
    const Company* company = table.company(*data.moving);
    for (Region r : middle_regions(region_at(table, company->location), region_at(table, *data.destination))) {
      prompt.add(std::string(region_name(r)));
    }
    return prompt;
  }
  if (data.moving) {
    prompt.text = trf("{0}: show the location the company moves to", table.name(s));
    prompt.takes_cards = true;
    prompt.pass = tr("cancel");
    return prompt;
  }
  prompt.text = trf("{0}: lay a location to move there, or OK for combat", table.name(s));
  for (const Company& c : data.companies) {
    if (c.owner == s && !c.moved) prompt.add(move_words(table.company_words(c)));
  }
  prompt.takes_cards = !prompt.options.empty();  // a destination, laid on the table
  prompt.ok = tr("combat");
  // No company left to move: nothing to decide, combat comes by itself after the countdown.
  prompt.idle = prompt.options.empty();
  return prompt;
}

}  // namespace seneschal::engine::ostenard
