// Armies and banners attached to personalities (OA:745, 825). The device keeps cards by company
// (README choice 23); what a card is attached to is kept only where a rule reads it: an army's
// controller once the table switches it (OA-21), a banner's bearer (OA-44). MENU: "Switch <army>
// to <personality>" and "Give <banner> to <personality>", for the acting seat's cards and its
// personalities at the same location, in every phase of its turn.
#include <algorithm>

#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kSwitch = N_("Switch {0} to {1}");
constexpr const char* kGive = N_("Give {0} to {1}");

bool attach_open(const Table& table) {
  const Data& d = table.data;
  return !is_setup(d.step) && d.step != Step::Over && !d.to_place && !d.casting;
}

bool banner(const Table& table, const Member& m) { return m.kind == "item" && said_yes(table, m.card, "banner"); }

// One MENU move: `card` of company `from` attached to `person` of company `to`.
struct Attach {
  Words label;
  int from = 0;
  std::string card;
  int copy = 1;
  int to = 0;
  std::string person;
};

std::vector<Attach> attaches(const Table& table) {
  std::vector<Attach> out;
  if (!attach_open(table)) return out;
  const int s = table.acting();
  for (const Company& from : table.data.companies) {
    if (from.owner != s || from.hazard) continue;
    for (const Member& m : from.members) {
      const bool army = m.kind == "army";
      if (!army && !banner(table, m)) continue;
      for (const Company& to : table.data.companies) {
        if (to.owner != s || to.hazard || to.location != from.location) continue;
        for (const Member& p : to.members) {
          if (p.kind != "personality" || p.card == m.with) continue;
          out.push_back({say(army ? kSwitch : kGive, table.title(m.card), table.title(p.card)), from.id, m.card, m.copy, to.id, p.card});
        }
      }
    }
  }
  return out;
}

bool in_play(const Table& table, const std::string& card) {
  return std::any_of(table.data.companies.begin(), table.data.companies.end(), [&](const Company& c) {
    return std::any_of(c.members.begin(), c.members.end(), [&](const Member& m) { return m.card == card; });
  });
}

// OA-21: "During a turn (except during battle), an army may be switched between controlling
// personalities (counting enmity / maximum tactics) [exception during battle : if current
// controlling personality died]. Whenever an attached army has no allegiance the same as its
// controller, discard the army" (OA:825). Each rule broken, in that order, in one check; the army
// goes to its controller's company.
std::vector<std::string> switch_reasons(const Table& table, const Attach& a, const Member& army, const Company& from) {
  std::vector<std::string> reasons;
  const std::string what = table.title(a.card);
  const std::string who = table.title(a.person);
  const bool controller_died = army.with.empty() ? from.personalities() == 0 : !in_play(table, army.with);
  if (table.data.battle && !controller_died) reasons.push_back(tr("not during a battle (OA:825)"));
  std::vector<std::string> enemies;
  for (const Member& m : table.company(a.to)->members) {
    const bool near = a.to != a.from || m.card == a.person;
    if (near && m.card != a.card && (m.kind == "personality" || m.kind == "army") && enemies_of_each_other(table, a.card, m.card)) {
      enemies.push_back(table.title(m.card));
    }
  }
  for (const std::string& e : enemies) reasons.push_back(trf("at enmity with {0} (OA:775-785, 825)", e));
  int led = 0;
  for (const Company& c : table.data.companies) {
    for (const Member& m : c.members) led += m.kind == "army" && m.with == a.person && m.card != a.card ? 1 : 0;
  }
  const int tactics = table.number(card_subject(a.person), "tactics", 0, 20);
  if (led + 1 > tactics) {
    reasons.push_back(trn("{0}'s tactics {1}: this would be {2} army (OA:841)", "{0}'s tactics {1}: this would be {2} armies (OA:841)",
                          led + 1, who, tactics, led + 1));
  }
  if (!shares_any(table.allegiances(a.card), table.allegiances(a.person))) {
    reasons.push_back(tr("no allegiance shared: discarded (OA:825)"));
  }
  // The first reason names the move: "Frostmarch Levy to Deornoth: not during a battle (OA:825); ...".
  if (!reasons.empty()) reasons.front() = trf("{0} to {1}: {2}", what, who, reasons.front());
  return reasons;
}

}  // namespace

bool said_yes(const Table& table, const std::string& card, const char* stat) {
  try {
    const std::string word = table.word(card_subject(card), stat, {"Yes", "No"});
    return word == "Yes" || word == "yes";
  } catch (const Ask&) {
    return false;
  }
}

std::vector<Option> attach_items(const Table& table) {
  std::vector<Option> items;
  for (const Attach& a : attaches(table)) items.push_back(option_of(a.label));
  return items;
}

std::string attach_step(Table& table, const std::string& label) {
  for (const Attach& a : attaches(table)) {
    if (!picked(label, a.label)) continue;
    Company* from = table.company(a.from);
    Member* card = member_in(table, a.from, a.card, a.copy);
    if (card->kind == "army") check_all(table, switch_reasons(table, a, *card, *from));
    Member moved = *card;
    moved.with = a.person;
    table.log(moved.kind == "army" ? trf("{0} is switched to {1} (OA:825)", table.title(a.card), table.title(a.person))
                                   : trf("{0} is given to {1} (OA:745)", table.title(a.card), table.title(a.person)));
    if (a.from == a.to) {
      *card = moved;
      return "card_attached";
    }
    std::erase_if(from->members, [&](const Member& m) { return m.card == a.card && m.copy == a.copy; });
    table.company(a.to)->members.push_back(moved);
    // A company left empty goes, unless a move, a skirmish or a battle still names it (then the
    // turn's end tidies it).
    const Data& d = table.data;
    if (!d.moving && !d.hazards_for && !d.battle && !d.skirmish) {
      std::erase_if(table.data.companies, [](const Company& c) { return c.members.empty(); });
    }
    return "card_attached";
  }
  return "";
}

void bear_banner(const Table& table, const Company& company, Member& joining) {
  // Not asked here: an item joining a company in Organization was asked for OA-23 already, and
  // setup asks nothing of its items.
  if (joining.kind != "item" || !said_yes(table, joining.card, "banner")) return;
  const auto first = std::find_if(company.members.begin(), company.members.end(), [](const Member& m) { return m.kind == "personality"; });
  if (first == company.members.end()) return;
  joining.with = first->card;
  table.log(trf("{0} is borne by {1} (OA:745; MENU \"Give\" says otherwise)", table.title(joining.card), table.title(first->card)));
}

std::string banners_fall(Table& table) {
  Battle& b = *table.data.battle;
  for (int side = 0; side < 2; ++side) {
    Company* c = table.company(b.companies[side]);
    if (!c) continue;
    for (Member& m : c->members) {
      if (m.kind != "item" || m.with.empty() || in_play(table, m.with)) continue;
      const std::string bearer = m.with;
      m.with.clear();
      std::vector<std::string> armies;
      for (const Member& x : c->members) {
        if (x.kind == "army") armies.push_back(x.card);
      }
      const std::string why = trf("{0}, bearer of {1}, is gone (OA:745)", table.title(bearer), table.title(m.card));
      if (armies.empty()) {
        table.log(trf("{0}: no army to rout", why));
        continue;
      }
      return rout_armies(table, side, armies, why);
    }
  }
  return "";
}

}  // namespace seneschal::engine::ostenard
