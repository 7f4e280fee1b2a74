// MENU (the less common moves): armies switched and banners given (oa_attach.cpp), rulerships told
// (oa_rulership.cpp), and a company at a fortress goes in or comes out by its player's word
// (OA:669-697). The device places a company arriving at a fortress inside when no other player's
// company is there, else outside (README choice 22); the menu lets the players say otherwise:
// leave the fortress to meet a besieger in the open, or enter one (another player's company
// holding it inside makes that a check, OA:675). Only
// in the acting seat's Organization and Movement phases, between other questions.
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kEnter = N_("Enter the fortress: {0}");
constexpr const char* kLeave = N_("Leave the fortress: {0}");

bool menu_open(const Table& table) {
  const Data& d = table.data;
  return (d.step == Step::Organization || d.step == Step::Movement) && !d.to_place && !d.casting && !d.moving &&
         !d.destination && !d.arrival && !d.hazards_for;
}

// Another player's company inside the fortress where `c` stands.
const Company* held_by_another(const Table& table, const Company& c) {
  for (const Company& o : table.data.companies) {
    if (o.id != c.id && o.owner != c.owner && o.location == c.location && o.inside && !o.hazard) return &o;
  }
  return nullptr;
}

}  // namespace

std::vector<Option> menu_items(const Table& table) {
  std::vector<Option> items = attach_items(table);
  for (Option& item : rulership_items(table)) items.push_back(std::move(item));
  if (!menu_open(table)) return items;
  for (const Company& c : table.data.companies) {
    if (c.owner != table.acting() || c.hazard || !table.data.locations.at(static_cast<std::size_t>(c.location)).fortress) continue;
    items.push_back(option_of(say(c.inside ? kLeave : kEnter, table.company_words(c))));
  }
  return items;
}

std::string menu_step(Table& table, const Choose& choose) {
  if (std::string attached = attach_step(table, choose.label); !attached.empty()) return attached;
  if (std::string told = rulership_step(table, choose.label); !told.empty()) return told;
  if (!menu_open(table)) table.refuse(tr("companies go in or out of a fortress in their Organization or Movement phase"));
  for (Company& c : table.data.companies) {
    if (c.owner != table.acting() || c.hazard) continue;
    const std::string at = table.title(table.data.locations.at(static_cast<std::size_t>(c.location)).card);
    if (c.inside && picked(choose, say(kLeave, table.company_words(c)))) {
      c.inside = false;
      table.log(trf("{0} leaves the fortress: outside {1} (OA:669-697)", table.company_words(c), at));
      return "fortress_left";
    }
    if (!c.inside && picked(choose, say(kEnter, table.company_words(c)))) {
      // "Only one player can have hosts inside a fortress" (OA:675): another's company holds it.
      // A card's text may let it in: a check.
      const Company* holder = held_by_another(table, c);
      table.check(!holder, holder ? trf("{0} holds {1} inside: one player's hosts inside (OA:675)", table.company_words(*holder), at) : "");
      c.inside = true;
      table.log(trf("{0} enters the fortress of {1} (OA:669-697)", table.company_words(c), at));
      return "fortress_entered";
    }
  }
  table.refuse(trf("\"{0}\" is not on the menu now", choose.label));
}

}  // namespace seneschal::engine::ostenard
