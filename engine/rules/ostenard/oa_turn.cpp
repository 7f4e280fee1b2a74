// A seat's turn (OA:29-613, GAMES.md C2): Resource (straighten, draw, long-events' counters),
// Organization (control switches, leadership and upkeep, cards played to companies), Movement (by
// the region map, then the opponents' hazards), Combat (oa_skirmish.cpp, oa_battle.cpp), End
// (starvation, uncontrolled armies); then the next seat clockwise.
#include <algorithm>
#include <cmath>

#include "oa_flows.hpp"
#include "oa_leadership.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kNewCompany = N_("A new company");
constexpr const char* kVersionOf = N_("Version of {0}");

std::vector<HeldLocation> held(const Table& table) {
  std::vector<HeldLocation> out;
  for (const Location& l : table.data.locations) {
    out.push_back({l.card, l.fortress, l.controller, l.fortress ? l.outside_controller : l.controller});
  }
  return out;
}

constexpr const char* kDiscard = N_("Discard {0}");

// "Compare both numbers, and discard personalities until LE >= LO" (OA:61), and the armies'
// upkeep (OA:85): said in the log as the phase opens (the values are asked here, once a card).
void organization_opens(Table& table) {
  const int s = table.acting();
  const LeadershipCheck check = table.leadership(s);
  const int discards = table.upkeep(s, check);
  const int mercenaries = table.mercenaries(s);
  const std::string leadership = check.legal ? trf("{0}'s leadership {1} against loyalty {2}, {3} unused", table.name(s), check.le,
                                                   check.lo, check.unused)
                                              : trf("{0}'s leadership {1} against loyalty {2}: short", table.name(s), check.le, check.lo);
  const std::string armies = trn("the armies ask {0} card (OA:61, 85)", "the armies ask {0} cards (OA:61, 85)", discards, discards);
  table.log(mercenaries ? trf("{0}; {1}, the mercenaries {2} more (OA:89)", leadership, armies, mercenaries)
                        : trf("{0}; {1}", leadership, armies));
}

}  // namespace

void enter_phase(Table& table, Step step) {
  table.data.step = step;
  table.state.phase = phase_name(step);
  if (step != Step::Organization) return;
  // OA-10: control switches during the Organization phase (OA:701).
  table.settle_control();
  if (!table.state.winner) organization_opens(table);
}

namespace {

// The personalities the leadership check would have go first, then the rest of the seat's.
std::vector<std::string> discard_choices(const Table& table, int s, const LeadershipCheck& check) {
  const std::vector<Personality> all = table.personalities_of(s);
  const Organization org = organize(all, table.seat(s).allegiance);
  std::vector<std::string> cards;
  for (std::size_t f : check.uncovered) cards.push_back(all.at(org.follower_of.at(f)).name);
  for (const Personality& p : all) {
    if (std::find(cards.begin(), cards.end(), p.name) == cards.end()) cards.push_back(p.name);
  }
  return cards;
}

}  // namespace

// OA-11: LE >= LO under the matching rules before the phase ends (OA:61-81); then Movement.
void end_organization(Table& table) {
  const LeadershipCheck check = table.leadership(table.acting());
  if (!check.legal) check_all(table, check.reasons.empty() ? std::vector<std::string>{tr("leadership short (OA:61)")} : check.reasons);
  enter_phase(table, Step::Movement);
}

namespace {

// --- Organization: a card played joins one of the seat's companies (OA:93-99).

std::string card_placed(Table& table, const Choose& choose);

std::string card_played(Table& table, const PresentCard& present) {
  const std::string kind = table.type(present.card_id);
  if (kind != "personality" && kind != "army" && kind != "item") {
    table.refuse(trf("{0} is a {1}: the Organization phase plays personalities, armies and items to companies (OA:93), and spells and favours",
                     table.title(present.card_id), kind.empty() ? tr("card") : tr(kind)));
  }
  for (const Company& c : table.data.companies) {
    for (const Member& m : c.members) {
      if (m.card == present.card_id && m.copy == present.copy) table.refuse(trf("{0} is in play already", table.title(m.card)));
    }
  }
  table.data.to_place = Member{present.card_id, present.copy, kind, false, false, ""};
  // A card laid with one of the seat's companies joins that one (C9): beside one of its cards, or
  // beside its location's card where it is the seat's one company there (a personality only
  // beside one of its cards: it may start a company). A personality laid beside its homebase's card
  // apart from the seat's companies starts a company of its own (OA:97). Else the players say
  // which; a card laid away from every company is always asked (a version, OA:807, among others).
  const Beside beside = laid_beside(table, table.acting(), present.where);
  if (beside.company && (kind != "personality" || beside.by_card)) {
    return card_placed(table, Choose{table.company_words(*beside.company).shown});
  }
  if (kind == "personality") {
    const std::string base = table.homebase(present.card_id);  // also the prompt's likely answer: a prompt cannot ask
    if (beside.apart && base == table.title(table.data.locations.at(static_cast<std::size_t>(beside.location)).card)) {
      return card_placed(table, Choose{say(kNewCompany).shown});
    }
  }
  table.log(trf("{0} plays {1}: which company does it join?", table.name(table.acting()), table.title(present.card_id)));
  return "card_shown";
}

// The personalities in play (any seat's) a personality shown may be a version of (OA:807).
std::vector<std::pair<Company*, const Member*>> originals(const Table& table, const std::string& card) {
  std::vector<std::pair<Company*, const Member*>> out;
  for (Company& c : table.data.companies) {
    for (const Member& m : c.members) {
      if (m.kind == "personality" && m.card != card) out.push_back({&c, &m});
    }
  }
  return out;
}

// OA-19: "If another version of the personality is in play, a newer played version must be
// attached to the original persona, whose game text is then augmented by that on the lesser
// manifestation. (no change of ownership)" (OA:807). No card data says which cards are versions
// of one persona: the table's choice "Version of <personality>" is the record. The version lies
// with the original, in its company whoever's it is, and is no personality of its own (it leads,
// follows, fights and starves as the original).
// "" when the label chosen is no version offered.
std::string version_placed(Table& table, Member member, const std::string& label) {
  for (auto [company, original] : originals(table, member.card)) {
    if (!picked(label, say(kVersionOf, table.title(original->card)))) continue;
    member.kind = "version";
    member.with = original->card;
    table.log(trf("{0} is played as a version of {1}, attached to it in {2}: no change of ownership (OA:807)", table.title(member.card),
                  table.title(original->card), table.company_words(*company)));
    company->members.push_back(member);
    table.data.to_place.reset();
    return "version_attached";
  }
  return "";
}

std::string card_placed(Table& table, const Choose& choose) {
  Data& data = table.data;
  const Member member = *data.to_place;
  const int s = table.acting();
  if (member.kind == "personality" && reads_as(choose.label, kVersionOf)) {
    if (std::string version = version_placed(table, member, choose.label); !version.empty()) return version;
    table.refuse(trf("\"{0}\" is no personality in play", choose.label));
  }
  int location = -1;
  Company* joined = nullptr;
  if (picked(choose, say(kNewCompany))) {
    // A personality starts a company at its homebase (OA:97); the homebase must be in play.
    if (member.kind != "personality") table.refuse(tr("only a personality starts a new company (OA:97)"));
    location = table.location_titled(table.homebase(member.card));
    if (location < 0) table.refuse(trf("{0}'s homebase is not in play: join a company instead", table.title(member.card)));
  } else {
    for (Company& c : data.companies) {
      if (c.owner == s && picked(choose, table.company_words(c))) joined = &c;
    }
    if (!joined) table.refuse(trf("\"{0}\" is not one of {1}'s companies", choose.label, table.name(s)));
    location = joined->location;
  }
  const std::string at = table.title(data.locations.at(static_cast<std::size_t>(location)).card);
  // Every rule the card breaks here, in the book's order, as one check.
  std::vector<std::string> reasons;
  // OA-14: one personality, one army and one item per location (OA:93; C7.8: a turn).
  const std::string key = std::to_string(location) + ":" + member.kind;
  if (std::find(data.played_here.begin(), data.played_here.end(), key) != data.played_here.end()) {
    reasons.push_back(member.kind == "item"   ? trf("an item was played at {0} this turn already (OA:93)", at)
                      : member.kind == "army" ? trf("an army was played at {0} this turn already (OA:93)", at)
                      : member.kind == "personality" ? trf("a personality was played at {0} this turn already (OA:93)", at)
                                                     : trf("a {0} was played at {1} this turn already (OA:93)", tr(member.kind), at));
  }
  // OA-15: a personality at its homebase (or a noble's: the players' word, OA:97).
  if (member.kind == "personality" && table.homebase(member.card) != at) {
    reasons.push_back(
        trf("{0} is played at {1}, not at its homebase {2} (OA:97)", table.title(member.card), at,
            table.homebase(member.card) == kAnotherLocation ? tr(kAnotherLocation) : table.homebase(member.card)));
  }
  for (std::string& reason : joining_reasons(table, member, joined, location)) reasons.push_back(std::move(reason));
  check_all(table, reasons);
  replace_great_sword(table, member);
  data.played_here.push_back(key);
  if (!joined) {
    Company fresh;
    fresh.id = data.next_company++;
    fresh.owner = s;
    fresh.location = location;
    data.companies.push_back(fresh);
    joined = &data.companies.back();
  }
  joined->members.push_back(member);
  table.seat(s).last_joined = joined->id;
  bear_banner(table, *joined, joined->members.back());
  data.to_place.reset();
  table.log(trf("{0} joins {1}", table.title(member.card), table.company_words(*joined)));
  // What the prompt reckons with it (leadership and loyalty, an army's home and mercenary mark),
  // asked now: a prompt cannot ask.
  const LeadershipCheck check = table.leadership(s);
  table.upkeep(s, check);
  table.mercenaries(s);
  return "card_played";
}

// --- End (OA:605-613, 825)

constexpr const char* kStarve = N_("Starve {0}");

// The acting seat's companies inside a fortress with another company at the same location (OA:611).
std::vector<int> sieged(const Table& table, int s) {
  std::vector<int> ids;
  for (const Company& c : table.data.companies) {
    if (c.owner != s || !c.inside) continue;
    const auto& all = table.data.companies;
    if (std::any_of(all.begin(), all.end(), [&](const Company& o) { return o.id != c.id && o.location == c.location; })) {
      ids.push_back(c.id);
    }
  }
  return ids;
}

// "An uncontrolled army is discarded at end of turn" (OA:825): an army in a company without a
// personality to control it (OA-48); then the next seat's turn.
std::string finish_turn(Table& table) {
  const int s = table.acting();
  const auto& kept = table.data.kept_uncontrolled;
  for (Company& c : table.data.companies) {
    if (c.owner != s || c.personalities() > 0 || std::find(kept.begin(), kept.end(), c.id) != kept.end()) continue;
    for (const Member& m : c.members) {
      if (m.kind == "army") table.log(trf("{0} has no personality to control it: discarded (OA:825)", table.title(m.card)));
    }
    std::erase_if(c.members, [](const Member& m) { return m.kind == "army"; });
  }
  std::erase_if(table.data.companies, [](const Company& c) { return c.members.empty(); });
  table.data.starving.clear();
  table.data.end_settled = false;
  table.data.kept_uncontrolled.clear();
  begin_turn(table, table.next_seat(s));
  return "turn_ended";
}

constexpr const char* kKeep = N_("Keep the armies of {0}");

// The seat's companies whose armies have no personality to control them (OA:825).
std::vector<const Company*> uncontrolled(const Table& table) {
  std::vector<const Company*> out;
  for (const Company& c : table.data.companies) {
    const auto& kept = table.data.kept_uncontrolled;
    if (c.owner == table.acting() && !c.hazard && c.personalities() == 0 && c.armies() > 0 &&
        std::find(kept.begin(), kept.end(), c.id) == kept.end()) {
      out.push_back(&c);
    }
  }
  return out;
}

// OA-48: "An uncontrolled army is discarded at end of turn" (OA:825); a card's text may keep one:
// offered in the End prompt, a check.
std::string keep_uncontrolled(Table& table, const std::string& label) {
  for (const Company* c : uncontrolled(table)) {
    if (!picked(label, say(kKeep, table.company_words(*c)))) continue;
    table.check(false, trf("{0} has no personality: an uncontrolled army is discarded at the end of the turn (OA:825)", table.company_words(*c)));
    table.data.kept_uncontrolled.push_back(c->id);
    table.log(trf("The armies of {0} stay without a personality", table.company_words(*c)));
    return "uncontrolled_kept";
  }
  table.refuse(trf("\"{0}\" is not offered now", label));
}

std::string end_step(Table& table, const Command& command) {
  Data& data = table.data;
  const int s = table.acting();
  if (!data.end_settled) {
    if (const auto* keep = std::get_if<Choose>(&command)) return keep_uncontrolled(table, keep->label);
    const bool laid = std::holds_alternative<PresentCard>(command);
    if (!std::holds_alternative<Ok>(command) && !laid) table.refuse(tr("exchange cards if you like, then OK"));
    data.end_settled = true;
    data.starving = sieged(table, s);
    if (data.starving.empty()) {
      const std::string ended = finish_turn(table);
      // The End phase plays no card: one laid now is the next seat's, drawn and organizing, so
      // the turn has ended without an OK (issue [3/8]).
      return laid ? turn_step(table, command) : ended;
    }
    if (laid) table.refuse(tr("first say who starves in the sieged fortress"));
    return "starvation_due";
  }
  Company* company = table.company(data.starving.front());
  if (std::holds_alternative<Pass>(command) && company) {
    // OA-47: one starves in each sieged fortress (OA:611-613); a card's text may spare them.
    const std::string at = table.title(data.locations.at(static_cast<std::size_t>(company->location)).card);
    table.check(false, trf("one army or personality starves in the sieged {0} at the end of the turn (OA:611-613)", at));
    table.log(trf("Nobody starves in the sieged {0}", at));
    data.starving.erase(data.starving.begin());
    if (data.starving.empty()) return finish_turn(table);
    return "starvation_spared";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose || !company) table.refuse(tr("choose the army or personality that starves"));
  for (const Member& m : company->members) {
    if ((m.kind != "army" && m.kind != "personality") || !picked(*choose, say(kStarve, table.title(m.card)))) continue;
    const std::string card = m.card;
    // OA-47: "Starve (kill) one army or personality in a sieged fortress" (OA:611-613; C7.25).
    std::erase_if(company->members, [&](const Member& x) { return x.card == card; });
    table.log(trf("{0} starves in the sieged {1} (OA:611)", table.title(card),
                  table.title(data.locations.at(static_cast<std::size_t>(company->location)).card)));
    data.starving.erase(data.starving.begin());
    std::erase_if(data.companies, [](const Company& c) { return c.members.empty(); });
    if (data.starving.empty()) return finish_turn(table);
    return "starved";
  }
  table.refuse(trf("\"{0}\" is not in the sieged company", choose->label));
}

Prompt end_prompt(const Table& table) {
  const Data& data = table.data;
  Prompt prompt;
  const int s = table.acting();
  prompt.seat = s;
  if (!data.end_settled || data.starving.empty()) {
    prompt.text = trf("{0}: exchange X cards for X if you like; OK ends the turn", table.name(s));
    prompt.ok = tr("next turn");
    prompt.takes_cards = true;  // the next seat's first card begins its turn
    if (!data.end_settled) {
      for (const Company* c : uncontrolled(table)) prompt.add(say(kKeep, table.company_words(*c)));
    }
    return prompt;
  }
  const Company& company = *table.company(data.starving.front());
  prompt.text = trf("{0}: who starves in the sieged {1}?", table.name(s),
                    table.title(data.locations.at(static_cast<std::size_t>(company.location)).card));
  for (const Member& m : company.members) {
    if (m.kind == "army" || m.kind == "personality") prompt.add(say(kStarve, table.title(m.card)));
  }
  prompt.pass = tr("nobody starves");
  return prompt;
}

}  // namespace

bool is_next_seats(const Table& table, const Placement& where) {
  const int location = location_beside(table, where);
  if (location < 0) return false;
  const auto holds = [&](int s) {
    const auto& all = table.data.companies;
    return table.data.locations.at(static_cast<std::size_t>(location)).controller == s ||
           std::any_of(all.begin(), all.end(), [&](const Company& c) { return c.owner == s && !c.hazard && c.location == location; });
  };
  return holds(table.next_seat(table.acting())) && !holds(table.acting());
}

bool turn_may_pass(const Table& table) {
  const Data& data = table.data;
  if (data.to_place || data.casting || data.skirmish || data.battle || data.moving || data.destination || data.hazards_for) return false;
  if (data.step < Step::Resource || data.step > Step::End || table.state.winner) return false;
  if (data.step <= Step::Combat && combat_to_face(table)) return false;
  if (data.step == Step::End && data.end_settled) return false;  // a company starving
  return sieged(table, table.acting()).empty();
}

void pass_turn(Table& table) {
  Data& data = table.data;
  if (data.step == Step::Resource) enter_phase(table, Step::Organization);
  if (data.step == Step::Organization) end_organization(table);
  data.arrival.reset();  // a location laid, its company unsaid: it stays in play
  if (data.step == Step::Movement) enter_phase(table, Step::Combat);
  if (data.step == Step::Combat) {
    combat_end_checks(table);
    enter_phase(table, Step::End);
  }
  table.log(trf("{0}'s turn is over: {1}'s card is on the table", table.name(table.acting()), table.name(table.next_seat(table.acting()))));
  finish_turn(table);
  enter_phase(table, Step::Organization);
}

void begin_turn(Table& table, int s) {
  Data& data = table.data;
  table.state.to_act = s;
  ++table.state.turn;
  data.played_here.clear();
  for (Company& c : data.companies) {
    c.moved = false;
    c.path.clear();
    c.hazards.clear();
    // OA-6: "straighten all your bowed cards" (OA:41), never a wounded one (OA:509).
    if (c.owner != s) continue;
    for (Member& m : c.members) {
      if (!m.wounded) m.bowed = false;
    }
  }
  enter_phase(table, Step::Resource);
  table.log(trf("Turn {0}: {1}", table.state.turn, table.name(s)));
  long_events_count_down(table);
  // OA-7: "Draw cards equal to the number of locations you control" (OA:45; a fortress and its
  // outside once, OA:697) and one more per noble at its homebase (OA:79; C7.5).
  int nobles = 0;
  for (const Personality& p : table.personalities_of(s)) nobles += p.noble_at_homebase ? 1 : 0;
  data.draws = resource_draws(s, held(table), nobles);
}

std::string turn_step(Table& table, const Command& command) {
  Data& data = table.data;
  const int s = table.acting();
  const auto* choose = std::get_if<Choose>(&command);
  const auto* present = std::get_if<PresentCard>(&command);
  switch (data.step) {
    case Step::Resource:
      if (std::holds_alternative<Ok>(command) || present) {
        enter_phase(table, Step::Organization);
        // A card laid is the seat at work in its Organization phase (or, a location, its
        // Movement): the draw is done, and the table needs no OK to say so (issue [3/8]).
        if (!present || table.state.winner) return "phase_ended";
        return turn_step(table, command);
      }
      table.refuse(tr("draw, exchange if you like, then OK or lay a card"));
    case Step::Organization:
      if (data.to_place) {
        if (std::holds_alternative<Pass>(command)) {
          table.log(trf("{0} is taken back, not played", table.title(data.to_place->card)));
          data.to_place.reset();
          return "card_taken_back";
        }
        if (!choose) table.refuse(trf("choose the company {0} joins, or PASS", table.title(data.to_place->card)));
        return card_placed(table, *choose);
      }
      if (data.casting) return spell_step(table, command);
      if (present && card_specific(table, present->card_id)) return card_specific_shown(table, *present);
      if (present && table.type(present->card_id) != "location" && is_next_seats(table, present->where) && turn_may_pass(table)) {
        // A card laid with the next seat's cards: this seat has done (issue [3/8]).
        pass_turn(table);
        return turn_step(table, command);
      }
      if (present && table.type(present->card_id) == "location") {
        // A location laid: the seat is done organizing and moves a company there.
        end_organization(table);
        return movement_step(table, command);
      }
      if (present) return card_played(table, *present);
      if (const auto title = choose ? name_in(choose->label, kDiscard) : std::nullopt) {
        // "Discard <personality>": any of the seat's, the leadership check's first.
        const std::string card = card_id_from_title(*title);
        const auto all = table.personalities_of(s);
        if (std::none_of(all.begin(), all.end(), [&](const Personality& p) { return p.name == card; })) {
          table.refuse(trf("\"{0}\": no personality of {1} by that name", choose->label, table.name(s)));
        }
        table.discard_personality(card, tr("leadership, OA:61"));
        return "personality_discarded";
      }
      if (std::holds_alternative<Ok>(command)) {
        end_organization(table);
        return "phase_ended";
      }
      table.refuse(tr("play a personality, army or item, or OK to move"));
    case Step::Movement:
      return movement_step(table, command);
    case Step::Combat:
      // A spell between the combats (OA:641): not in the middle of a skirmish or battle.
      if (data.casting) return spell_step(table, command);
      if (present && card_specific(table, present->card_id) && !data.skirmish && !data.battle) {
        return card_specific_shown(table, *present);
      }
      if (present && is_next_seats(table, present->where) && turn_may_pass(table)) {
        // A card laid with the next seat's cards: no combat is left that the rules force, and
        // the ones offered are not fought (issue [3/8]).
        pass_turn(table);
        return turn_step(table, command);
      }
      // OK ends the phase, or PASS where OK takes a combat the rules force (combat_prompt).
      if ((std::holds_alternative<Ok>(command) || std::holds_alternative<Pass>(command)) && !data.skirmish && !data.battle) {
        combat_end_checks(table);
        enter_phase(table, Step::End);
        return "phase_ended";
      }
      return combat_step(table, command);
    case Step::End:
      return end_step(table, command);
    default:
      break;
  }
  table.refuse(tr("not now"));
}

Prompt turn_prompt(const Table& table) {
  const Data& data = table.data;
  Prompt prompt;
  const int s = table.acting();
  prompt.seat = s;
  switch (data.step) {
    case Step::Resource:
      // OA-7: "Draw cards equal to the number of locations you control" (OA:45, 697).
      prompt.text = trf("{0}: straighten, draw {1}; OK to organize", table.name(s), data.draws);
      prompt.ok = tr("organization");
      prompt.takes_cards = true;  // the first card played says the draw is done
      break;
    case Step::Organization:
      if (data.casting) return spell_prompt(table);
      if (data.to_place) {
        prompt.text = trf("Which company does {0} join?", table.title(data.to_place->card));
        for (const Company& c : data.companies) {
          if (c.owner != s) continue;
          // The likely company: the one the seat's last card joined (issue [3/8]).
          if (c.id == table.seat(s).last_joined) prompt.likely = static_cast<int>(prompt.options.size());
          prompt.add(table.company_words(c));
        }
        if (data.to_place->kind == "personality") {
          // A personality whose homebase is in play most likely starts its own company there (OA:97).
          try {
            if (table.location_titled(table.homebase(data.to_place->card)) >= 0) prompt.likely = static_cast<int>(prompt.options.size());
          } catch (const Ask&) {
          }
          prompt.add(say(kNewCompany));
          for (auto [company, original] : originals(table, data.to_place->card)) prompt.add(say(kVersionOf, table.title(original->card)));
        }
        prompt.pass = tr("take it back");
        break;
      }
      prompt.takes_cards = true;
      prompt.ok = tr("movement");
      try {
        const LeadershipCheck check = table.leadership(s);
        if (!check.legal) {
          prompt.text = trf("{0}: LE {1} cannot hold LO {2}: discard whom?", table.name(s), check.le, check.lo);
          for (const std::string& card : discard_choices(table, s, check)) prompt.add(say(kDiscard, table.title(card)));
          break;
        }
        const int discards = table.upkeep(s, check) + table.mercenaries(s);
        prompt.text = discards > 0 ? trn("{0}: LE {1} against LO {2}, {3} card for armies; OK to move",
                                         "{0}: LE {1} against LO {2}, {3} cards for armies; OK to move", discards, table.name(s), check.le,
                                         check.lo, discards)
                                   : trf("{0}: LE {1} against LO {2}; OK to move", table.name(s), check.le, check.lo);
      } catch (const Ask&) {
        prompt.text = trf("{0}: play cards to your companies; OK to move", table.name(s));
      }
      break;
    case Step::Movement:
      return movement_prompt(table);
    case Step::Combat:
      if (data.casting) return spell_prompt(table);
      return combat_prompt(table);
    case Step::End:
      return end_prompt(table);
    default:
      break;
  }
  return prompt;
}

}  // namespace seneschal::engine::ostenard
