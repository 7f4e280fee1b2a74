// Duels (Arcane Fire appendix, "Dueling" and "Dueling Reference"). Duels come from card text,
// which the device does not read, so the table starts one from the MENU and names the two heroes.
// The challenged hero's player thrusts first (or passes); the other parries; roles reverse after
// every opportunity. A thrust and its parry are placed face down and revealed together, so the
// device learns both Fates only at the reveal (scanned, or entered as numbers). The duel ends
// when a hero reaches 0 Will or both players pass in a row; losers are buried unless the players
// keep them (card text may say so), and every wound heals.
#include <algorithm>
#include <cstdlib>

#include "r9e_flows.hpp"

namespace seneschal::engine::r9e {
namespace {


int seat_of(const Table& table, int uid) { return table.find(uid).seat; }
bool in_play(const Table& table, int uid) { return table.find(uid).card != nullptr; }

int other(const Duel& duel, int uid) { return uid == duel.challenger ? duel.challenged : duel.challenger; }

// "Hektor (Mark)": a dueling hero and who controls it.
std::string who(const Table& table, int uid) {
  const int seat = seat_of(table, uid);
  const std::string label = table.label(uid);
  if (seat < 0) return label;
  const std::string owner = " (" + table.name(seat) + ")";
  return label.find(owner) == std::string::npos ? label + owner : label;
}

// One or both heroes of a duel: "Hektor and Louis".
std::string both(const std::vector<std::string>& names) {
  if (names.size() != 2) return names.empty() ? std::string() : names[0];
  // TRANSLATORS: the last of a list of cards: "Hektor, Louis and Mira"
  return trf("{0} and {1}", names[0], names[1]);
}

// Heroes that have an opposing hero to duel.
std::vector<int> challengers(const Table& table) {
  std::vector<int> out;
  for (int seat = 0; seat < table.seats(); ++seat) {
    bool opposed = false;
    for (int rival = 0; rival < table.seats(); ++rival) {
      opposed = opposed || (rival != seat && !table.heroes(rival, false).empty());
    }
    if (!opposed) continue;
    for (int uid : table.heroes(seat, false)) out.push_back(uid);
  }
  return out;
}

std::vector<int> all_heroes(const Table& table) {
  std::vector<int> out;
  for (int seat = 0; seat < table.seats(); ++seat) {
    for (int uid : table.heroes(seat, false)) out.push_back(uid);
  }
  return out;
}

std::vector<int> opponents(const Table& table, int challenger) {
  std::vector<int> out;
  const int own = seat_of(table, challenger);
  for (int seat = 0; seat < table.seats(); ++seat) {
    if (seat == own) continue;
    for (int uid : table.heroes(seat, false)) out.push_back(uid);
  }
  return out;
}

// A dueling hero that left play (adjusted away by hand) ends the duel without a result.
int gone(const Table& table, const Duel& duel) {
  const bool started = duel.stage != Duel::Stage::Challenger && duel.stage != Duel::Stage::Challenged;
  if (!started) return 0;
  if (!in_play(table, duel.challenger)) return duel.challenger;
  if (!in_play(table, duel.challenged)) return duel.challenged;
  return 0;
}

// The parrying hero may raise by 1 when it is a Duelist, and only when that helps (parry below
// thrust). The keyword is asked then, once per card, when the data does not state it.
bool may_raise(const Table& table, const Duel& duel) {
  if (duel.parry >= duel.thrust) return false;
  return table.keyword(table.find(other(duel, duel.thruster)).card->card, "Duelist");
}

void heal_and_close(Table& table) {
  const Duel duel = *table.data.duel;
  bool healed = false;
  for (int uid : {duel.challenger, duel.challenged}) {
    auto it = table.data.mods.find(uid);
    if (it == table.data.mods.end() || it->second.wounds == 0) continue;
    it->second.wounds = 0;
    healed = true;
  }
  if (healed) table.log(tr("Duel: all wounds heal"));
  table.data.duel.reset();
  if (duel.resume_seat >= 0) end_action(table, duel.resume_seat);
}

void to_outcome(Table& table, std::vector<int> losers, const std::string& why) {
  Duel& duel = *table.data.duel;
  duel.losers = std::move(losers);
  duel.stage = Duel::Stage::Outcome;
  std::vector<std::string> names;
  for (int uid : duel.losers) names.push_back(who(table, uid));
  table.log(duel.losers.size() > 1 ? trf("Duel ends ({0}): {1} both lose", why, both(names))
                                   : trf("Duel ends ({0}): {1} loses", why, both(names)));
}

void after_passes(Table& table) {
  Duel& duel = *table.data.duel;
  const int a = table.will(duel.challenger);
  const int b = table.will(duel.challenged);
  if (a == b) to_outcome(table, {duel.challenger, duel.challenged}, trf("both passed; Will {0} against {1}, equal", b, a));
  else to_outcome(table, {a < b ? duel.challenger : duel.challenged}, trf("both passed; Will {0} against {1}", b, a));
}

void next_opportunity(Duel& duel) {
  duel.thruster = other(duel, duel.thruster);
  duel.thrust = -1;
  duel.parry = -1;
  duel.parry_from.clear();
  duel.stage = Duel::Stage::Thrust;
}

std::string resolve(Table& table, bool raised) {
  Duel& duel = *table.data.duel;
  const int parrier = other(duel, duel.thruster);
  const int parry = duel.parry + (raised ? 1 : 0);
  const int wounds = std::abs(duel.thrust - parry);
  const int before = table.will(parrier);
  table.data.mods[parrier].wounds += wounds;
  const int after = table.will(parrier);
  const std::string against = raised ? trf("Duel: thrust {0} against parry {1} raised to {2} (Duelist)", duel.thrust,
                                           duel.parry, parry)
                                     : trf("Duel: thrust {0} against parry {1}", duel.thrust, duel.parry);
  table.log(trn("{0}: {1} takes {2} wound, Will {3} -> {4}", "{0}: {1} takes {2} wounds, Will {3} -> {4}", wounds,
                against, table.label(parrier), wounds, before, after));
  duel.passes = 0;
  if (after == 0) {
    to_outcome(table, {parrier}, trf("{0} has no Will left", table.label(parrier)));
    return "duel_ended";
  }
  next_opportunity(duel);
  return "duel_wounds";
}

int fate_of(Table& table, const Command& command, const std::string& what) {
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    const Card& card = table.card(present->card_id);
    return table.value(card.id, "fate");
  }
  if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 0) table.refuse(tr("a Fate value is never below zero"));
    return number->value;
  }
  table.refuse(what == "thrust" ? tr("scan the thrust card, or enter its Fate") : tr("scan the parry card, or enter its Fate"));
}

std::string pick_challenger(Table& table, const std::string& label) {
  Duel& duel = *table.data.duel;
  const int uid = table.uid_by_label(challengers(table), label);
  if (uid == 0) table.refuse(trf("no hero \"{0}\" in play with an opposing hero to challenge", label));
  duel.challenger = uid;
  duel.stage = Duel::Stage::Challenged;
  table.log(trf("Duel: {0} is the challenger", who(table, uid)));
  return "duel_challenger";
}

std::string pick_challenged(Table& table, const std::string& label) {
  Duel& duel = *table.data.duel;
  const int uid = table.uid_by_label(all_heroes(table), label);
  if (uid == 0) table.refuse(trf("no hero \"{0}\" in play", label));
  if (uid == duel.challenger || seat_of(table, uid) == seat_of(table, duel.challenger)) {
    table.refuse(trf("under no circumstances can two heroes controlled by the same player duel each other ({0} and "
                     "{1} are both {2}'s)",
                     table.label(uid), table.label(duel.challenger), table.name(seat_of(table, uid))));
  }
  duel.challenged = uid;
  table.will(duel.challenger);  // both Wills are needed: asked now, before the first thrust
  table.will(uid);
  duel.thruster = uid;
  duel.stage = Duel::Stage::Thrust;
  // A duel is an action in Summer or Autumn when the acting seat's own hero challenges (a
  // card's ability). Inside a battle or raid it changes nothing there; when another seat's hero
  // challenges, the card that started it (a tactic) was that action already.
  const bool phase_action = !table.data.battle && !table.data.raid &&
                            (table.state.phase == kSummer || table.state.phase == kAutumn) &&
                            seat_of(table, duel.challenger) == table.state.to_act;
  duel.resume_seat = phase_action ? table.state.to_act : -1;
  const std::string challenge = trf("Duel: {0} (Will {1}) challenges {2} (Will {3})", who(table, duel.challenger),
                                    table.will(duel.challenger), who(table, uid), table.will(uid));
  table.log(phase_action ? trf("{0}; {1}'s action", challenge, table.name(table.state.to_act)) : challenge);
  return "duel_challenged";
}

std::string finish(Table& table, bool bury) {
  const Duel duel = *table.data.duel;
  if (bury) {
    for (int uid : duel.losers) {
      if (in_play(table, uid)) table.remove(uid, true);
    }
  } else {
    std::vector<std::string> names;
    for (int uid : duel.losers) names.push_back(table.label(uid));
    table.log(duel.losers.size() > 1 ? trf("Duel: {0} stay in play (the card says so)", both(names))
                                     : trf("Duel: {0} stays in play (the card says so)", both(names)));
  }
  heal_and_close(table);
  return "duel_over";
}

}  // namespace

void begin_duel(Table& table) {
  const std::string& phase = table.state.phase;
  table.check(phase == kSummer || phase == kAutumn, trf("duels come from cards played in Summer or Autumn; it is {0}", tr(phase)));
  if (challengers(table).empty()) table.refuse(tr("a duel needs heroes of two players in play"));
  table.data.duel = Duel{};
  table.log(tr("Duel: the table names the challenger"));
}

std::string duel_step(Table& table, const Command& command) {
  Duel& duel = *table.data.duel;
  const auto* choose = std::get_if<Choose>(&command);
  const bool pass = std::holds_alternative<Pass>(command);
  const bool ok = std::holds_alternative<Ok>(command);
  if (gone(table, duel)) {
    if (!ok) table.refuse(tr("a dueling hero left play: OK to end the duel"));
    table.log(tr("Duel: a dueling hero left play; the duel ends without a loser"));
    heal_and_close(table);
    return "duel_over";
  }
  switch (duel.stage) {
    case Duel::Stage::Challenger:
    case Duel::Stage::Challenged:
      if (pass || (choose && choose->label == kCancel)) {
        table.data.duel.reset();
        table.log(tr("Duel cancelled"));
        return "duel_cancelled";
      }
      if (!choose) table.refuse(duel.stage == Duel::Stage::Challenger ? tr("choose the challenging hero, or Cancel")
                                                                      : tr("choose the challenged hero, or Cancel"));
      return duel.stage == Duel::Stage::Challenger ? pick_challenger(table, choose->label)
                                                   : pick_challenged(table, choose->label);
    case Duel::Stage::Thrust: {
      const std::string name = table.name(seat_of(table, duel.thruster));
      if (pass) {
        ++duel.passes;
        table.log(trf("Duel: {0} passes with {1}", name, table.label(duel.thruster)));
        if (duel.passes >= 2) {
          after_passes(table);
          return "duel_ended";
        }
        next_opportunity(duel);
        return "duel_passed";
      }
      if (!ok) table.refuse(trf("{0}: place a thrust card face down and press OK, or PASS", name));
      duel.stage = Duel::Stage::Parry;
      table.log(trf("Duel: {0} thrusts with {1} (a card face down)", name, table.label(duel.thruster)));
      return "duel_thrust";
    }
    case Duel::Stage::Parry: {
      const int parrier = other(duel, duel.thruster);
      const std::string name = table.name(seat_of(table, parrier));
      const bool hand = ok || (choose && choose->label == kFromHand);
      const bool deck = choose && choose->label == kTopOfDeck;
      if (!hand && !deck) table.refuse(trf("{0} must parry: from hand or the top of the deck", name));
      duel.parry_from = hand ? "hand" : "deck";
      duel.stage = Duel::Stage::Reveal;
      table.log(hand ? trf("Duel: {0} parries with {1} from hand", name, table.label(parrier))
                     : trf("Duel: {0} parries with {1} from the top of the deck", name, table.label(parrier)));
      return "duel_parry";
    }
    case Duel::Stage::Reveal: {
      if (duel.thrust < 0) {
        duel.thrust = fate_of(table, command, "thrust");
        table.log(trf("Duel: the thrust card shows Fate {0}", duel.thrust));
        return "duel_revealed";
      }
      duel.parry = fate_of(table, command, "parry");
      if (may_raise(table, duel)) {
        duel.stage = Duel::Stage::Raise;
        table.log(trf("Duel: the parry card shows Fate {0}; {1} is a Duelist and may raise it by 1", duel.parry,
                      table.label(other(duel, duel.thruster))));
        return "duel_revealed";
      }
      return resolve(table, false);
    }
    case Duel::Stage::Raise: {
      const std::string raise = "Raise to " + std::to_string(duel.parry + 1);
      const std::string keep = "Keep " + std::to_string(duel.parry);
      if (ok || (choose && choose->label == raise)) return resolve(table, true);
      if (pass || (choose && choose->label == keep)) return resolve(table, false);
      table.refuse(tr("raise the parry (OK) or keep it (PASS)"));
    }
    case Duel::Stage::Outcome:
      if (ok || (choose && choose->label == kBury)) return finish(table, true);
      if (choose && choose->label == kKeepThem) return finish(table, false);
      table.refuse(tr("bury the loser (OK), or Keep them when the card says otherwise"));
  }
  table.refuse(tr("no duel in progress"));
}

Prompt duel_prompt(const Table& table) {
  const Duel& duel = *table.data.duel;
  Prompt prompt;
  if (gone(table, duel)) {
    prompt.text = tr("Duel: a dueling hero left play. OK to end the duel");
    prompt.ok = tr("end the duel");
    return prompt;
  }
  switch (duel.stage) {
    case Duel::Stage::Challenger:
      prompt.text = tr("Duel: which hero challenges?");
      set_options(prompt, labels_of(table, challengers(table)));
      offer(prompt, kCancel);
      prompt.pass = tr("cancel");
      break;
    case Duel::Stage::Challenged:
      prompt.text = trf("Duel: {0} challenges which hero?", who(table, duel.challenger));
      set_options(prompt, labels_of(table, opponents(table, duel.challenger)));
      offer(prompt, kCancel);
      prompt.pass = tr("cancel");
      break;
    case Duel::Stage::Thrust: {
      const int parrier = other(duel, duel.thruster);
      const std::string& name = table.name(seat_of(table, duel.thruster));
      const int will = table.will(duel.thruster);
      const int parrier_will = table.will(parrier);
      prompt.text = duel.passes > 0
                        ? trf("Duel: {0}, {1} (Will {2}) thrusts at {3} (Will {4}): place a card face down and OK, or "
                              "PASS (the other player passed: a pass ends the duel)",
                              name, table.label(duel.thruster), will, table.label(parrier), parrier_will)
                        : trf("Duel: {0}, {1} (Will {2}) thrusts at {3} (Will {4}): place a card face down and OK, or PASS",
                              name, table.label(duel.thruster), will, table.label(parrier), parrier_will);
      prompt.ok = tr("thrust");
      prompt.pass = tr("pass");
      break;
    }
    case Duel::Stage::Parry: {
      const int parrier = other(duel, duel.thruster);
      prompt.text = trf("Duel: {0}, {1} parries: place a card face down from hand or the top of your deck",
                        table.name(seat_of(table, parrier)), table.label(parrier));
      set_options(prompt, std::vector<Words>{say(kFromHand), say(kTopOfDeck)});
      prompt.ok = tr("from hand");
      break;
    }
    case Duel::Stage::Reveal:
      prompt.text = duel.thrust < 0 ? std::string(tr("Duel: reveal both cards. Scan the thrust card, or enter its Fate"))
                                    : trf("Duel: thrust Fate {0}. Scan the parry card, or enter its Fate", duel.thrust);
      prompt.takes_cards = true;
      prompt.wants_number = true;
      break;
    case Duel::Stage::Raise: {
      const int parrier = other(duel, duel.thruster);
      prompt.text = trf("Duel: thrust {0}, parry {1}. {2} is a Duelist: raise the parry by 1?", duel.thrust, duel.parry,
                        table.label(parrier));
      set_options(prompt, std::vector<Words>{say("Raise to {0}", duel.parry + 1), say("Keep {0}", duel.parry)});
      prompt.ok = tr("raise");
      prompt.pass = tr("keep");
      break;
    }
    case Duel::Stage::Outcome: {
      std::vector<std::string> names;
      for (int uid : duel.losers) names.push_back(who(table, uid));
      prompt.text = duel.losers.size() > 1
                        ? trf("Duel: {0} lose. Duels end in the death of the loser unless the card says otherwise",
                              both(names))
                        : trf("Duel: {0} loses. Duels end in the death of the loser unless the card says otherwise",
                              both(names));
      set_options(prompt, std::vector<Words>{say(kBury), say(kKeepThem)});
      prompt.ok = tr("bury");
      break;
    }
  }
  return prompt;
}

}  // namespace seneschal::engine::r9e
