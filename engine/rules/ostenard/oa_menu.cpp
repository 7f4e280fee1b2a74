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

constexpr const char* kEnter = "Enter the fortress: ";
constexpr const char* kLeave = "Leave the fortress: ";

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
    const std::string label = (c.inside ? kLeave : kEnter) + table.company_words(c);
    items.push_back({option_id_of(label), label});
  }
  return items;
}

std::string menu_step(Table& table, const Choose& choose) {
  if (std::string attached = attach_step(table, choose.label); !attached.empty()) return attached;
  if (std::string told = rulership_step(table, choose.label); !told.empty()) return told;
  if (!menu_open(table)) table.refuse("companies go in or out of a fortress in their Organization or Movement phase");
  for (Company& c : table.data.companies) {
    if (c.owner != table.acting() || c.hazard) continue;
    const std::string at = table.title(table.data.locations.at(static_cast<std::size_t>(c.location)).card);
    if (c.inside && choose.label == kLeave + table.company_words(c)) {
      c.inside = false;
      table.log(table.company_words(c) + " leaves the fortress: outside " + at + " (OA:669-697)");
      return "fortress_left";
    }
    if (!c.inside && choose.label == kEnter + table.company_words(c)) {
      // "Only one player can have hosts inside a fortress" (OA:675): another's company holds it.
      // A card's text may let it in: a check.
      const Company* holder = held_by_another(table, c);
      table.check(!holder, holder ? table.company_words(*holder) + " holds " + at + " inside: one player's hosts inside (OA:675)" : "");
      c.inside = true;
      table.log(table.company_words(c) + " enters the fortress of " + at + " (OA:669-697)");
      return "fortress_entered";
    }
  }
  table.refuse("\"" + choose.label + "\" is not on the menu now");
}

}  // namespace seneschal::engine::ostenard
