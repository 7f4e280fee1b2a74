// Hazards on the move (situation 1, OA:415-421; GAMES.md C2's Movement): after a party moves,
// each opponent in turn may play hazard armies against it, keyed to a region it moved through
// (OA-26, C7.10), no more than it has personalities (OA-27). They fight it in Combat as companies
// of their cohesion's strikes at their combat value (OA:459-461); against a moving host any number,
// fought together as one battle (situation 4, OA:433, oa_skirmish.cpp).
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

// The opponent whose hazards are asked: the seats after the mover, clockwise.
int hazard_seat(const Table& table) { return (table.acting() + table.data.hazard_turn) % table.seats(); }

void next_opponent(Table& table) {
  Data& data = table.data;
  if (++data.hazard_turn < table.seats()) return;
  data.hazards_for.reset();
  data.hazard_turn = 1;
}

}  // namespace

Words hazard_label(const Table& table, const Company& company, const std::string& card) {
  // A host meets all its hazard armies in one battle (situation 4, OA:433).
  if (company.host()) return say("Hazards against {0}", table.company_words(company));
  return say("Hazard: {0}", table.title(card));
}

void offer_hazards(Table& table, const Company& moved) {
  if (table.seats() < 2) return;
  table.data.hazards_for = moved.id;
  table.data.hazard_turn = 1;
}

std::string hazard_step(Table& table, const Command& command) {
  Data& data = table.data;
  Company& company = *table.company(*data.hazards_for);
  const int s = hazard_seat(table);
  if (std::holds_alternative<Ok>(command) || std::holds_alternative<Pass>(command)) {
    next_opponent(table);
    return "hazards_done";
  }
  const auto* present = std::get_if<PresentCard>(&command);
  if (!present) table.refuse(tr("show a hazard army, or OK"));
  if (table.type(present->card_id) != "army") {
    table.refuse(trf("{0} is no hazard army: against a party a hazard is an army (OA:721)", table.title(present->card_id)));
  }
  // Every rule the hazard breaks, in the book's order, as one check.
  std::vector<std::string> reasons;
  // OA-26: "keyed to the regions through which the company has moved" (OA:419; C7.10).
  const Region keyed = region_from_name(table.word(card_subject(present->card_id), "keyed_to", region_words())).value_or(Region::Erkynland);
  if (std::find(company.path.begin(), company.path.end(), keyed) == company.path.end()) {
    reasons.push_back(
        trf("{0} is keyed to {1}, where the company did not pass (OA:419)", table.title(present->card_id), region_name(keyed)));
  }
  // OA-27: no more hazards than a party has personalities (OA:419); against a host, any number
  // (OA:433, OA-29).
  if (!company.host() && static_cast<int>(company.hazards.size()) >= company.personalities()) {
    reasons.push_back(trn("a company with {0} personality takes no more hazards than that (OA:419)",
                          "a company with {0} personalities takes no more hazards than that (OA:419)", company.personalities(),
                          company.personalities()));
  }
  // OA-29: hazard armies against a host fight as one side (OA:433): no enemies among them.
  if (company.host()) {
    for (const auto& [card, seat] : company.hazards) {
      if (enemies_of_each_other(table, present->card_id, card)) {
        reasons.push_back(trf("{0} and {1} are enemies: not one side against a host (OA:433, 775)", table.title(present->card_id),
                              table.title(card)));
      }
    }
  }
  check_all(table, reasons);
  // OA-28: "if you have a personality with an allegiance to the type of the hazard, the hazard is
  // instead discarded" (OA:421): the type read as the hazard army's allegiances.
  const auto types = table.allegiances(present->card_id);
  for (const Member& m : company.members) {
    if (m.kind != "personality") continue;
    for (const std::string& allegiance : table.allegiances(m.card)) {
      if (std::find(types.begin(), types.end(), allegiance) == types.end()) continue;
      table.log(trf("{0} is discarded: {1} is {2} (OA:421)", table.title(present->card_id), table.title(m.card), allegiance));
      return "hazard_discarded";
    }
  }
  company.hazards.emplace_back(present->card_id, s);
  table.log(trf("{0} plays {1} against {2} (keyed to {3})", table.name(s), table.title(present->card_id), table.company_words(company),
                region_name(keyed)));
  return "hazard_played";
}

Prompt hazard_prompt(const Table& table) {
  const Company& company = *table.company(*table.data.hazards_for);
  const int s = hazard_seat(table);
  Prompt prompt;
  prompt.seat = s;
  prompt.text = trf("{0}: hazards against {1}? OK when done", table.name(s), table.company_words(company));
  prompt.takes_cards = true;
  prompt.ok = tr("no more hazards");
  // A hazard is a card laid, which the camera sees; no hazard is the common case and is said by
  // silence: the device takes "none" after its countdown (issue [3/8]). An opponent who wants
  // time stops the countdown with any button; an army laid before then is played, and the prompt
  // waits again for the next.
  prompt.idle = true;
  return prompt;
}

}  // namespace seneschal::engine::ostenard
