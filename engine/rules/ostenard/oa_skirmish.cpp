// Combat for parties (OA:403-525, GAMES.md C2's skirmish flow): the situations the acting seat's
// moves set off (an automatic attack on entering, OA:425; its company meeting another player's,
// OA:429, never forced), then pair by pair: the attacker's fighter, the defender's answer, cards
// discarded for +1 (OA:867), and the result by the pure rules of oa_combat (wounded, killed at
// twice the strength, a wounded one wounded again discarded).
#include <algorithm>

#include "oa_combat.hpp"
#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kFight = N_("Fight");
constexpr const char* kAttackerCard = N_("Attacker discards 1");
constexpr const char* kDefenderCard = N_("Defender discards 1");
constexpr const char* kAttackWith = N_("Attack with {0}");
constexpr const char* kDefendWith = N_("Defend with {0}");

Words automatic_attack_label(const Table& table, const Company& c) {
  return say("Automatic attack at {0}", table.title(table.data.locations.at(static_cast<std::size_t>(c.location)).card));
}

Words meeting_label(const Table& table, const Company& ours, const Company& theirs) {
  (void)ours;
  return say("Attack {0}", table.company_words(theirs));
}

// Host against host: duels may be proposed instead of the battle (OA:445, oa_proposal.cpp).
Words proposal_label(const Table& table, const Company& theirs) { return say("Propose duels to {0}", table.company_words(theirs)); }

// The situations fought are kept by their English, the same in every language.
bool fought(const Table& table, const Words& label) {
  return std::find(table.data.fought.begin(), table.data.fought.end(), label.en) != table.data.fought.end();
}

// A strike of an automatic attack or a hazard army, numbered from 1.
Words strike_words(std::size_t i) { return say("Strike {0}", i + 1); }


std::vector<SkirmishFighter> personalities(const Table& table, const Company& c, bool ready_only) {
  std::vector<SkirmishFighter> out;
  for (const Member& m : c.members) {
    if (m.kind != "personality" || (ready_only && (m.bowed || m.wounded))) continue;
    out.push_back({as_is(table.title(m.card)), m.card, m.copy, c.id, table.number(card_subject(m.card), "strength", 0, 20), false});
  }
  return out;
}

// "If a company has but one army, it does not function as a host but counts as a party. The
// first two strikes of any attack against party are immediately defeated" (OA:733-735; C7.18: the
// army takes them, they are cancelled). True when no strike is left to fight.
bool lone_army_takes_strikes(const Table& table, const Company& defending, Skirmish& sk) {
  if (defending.armies() != 1 || sk.attackers.empty()) return false;
  const auto army = std::find_if(defending.members.begin(), defending.members.end(), [](const Member& m) { return m.kind == "army"; });
  const auto taken = std::min<std::size_t>(2, sk.attackers.size());
  sk.attackers.erase(sk.attackers.begin(), sk.attackers.begin() + static_cast<std::ptrdiff_t>(taken));
  for (std::size_t i = 0; i < sk.attackers.size(); ++i) sk.attackers[i].label = strike_words(i);
  table.log(trn("{0}: {1}, the party's one army, defeats the first strike (OA:733-735)",
                "{0}: {1}, the party's one army, defeats the first {2} strikes (OA:733-735)", static_cast<long>(taken), sk.what,
                table.title(army->card), taken));
  return sk.attackers.empty();
}

std::string situation_chosen(Table& table, const std::string& label) {
  const auto is = [&](const Words& words) { return picked(label, words); };
  Data& data = table.data;
  const int s = table.acting();
  for (Company& c : data.companies) {
    if (c.owner != s) continue;
    // Situation 1: a hazard army fights "as a company with a number of personalities equal to its
    // cohesion, each with strength equal to the hazard army's Combat Value" (OA:459-461).
    // Situation 4: "hazard armies against a moving host", all opponents' together (OA:433): one
    // battle, the hazard armies one side as a company of their own, gone when it ends.
    if (c.host() && !c.hazards.empty() && is(hazard_label(table, c, c.hazards.front().first))) {
      const std::string what = hazard_label(table, c, c.hazards.front().first).shown;
      Company hazards;
      hazards.id = data.next_company++;
      hazards.owner = c.hazards.front().second;
      hazards.location = c.location;
      hazards.hazard = true;
      for (const auto& [card, seat] : c.hazards) hazards.members.push_back({card, 1, "army", false, false, ""});
      c.hazards.clear();
      const Company defender = c;
      data.companies.push_back(hazards);
      return begin_battle(table, data.companies.back(), defender, what);
    }
    for (auto it = c.hazards.begin(); it != c.hazards.end(); ++it) {
      if (!is(hazard_label(table, c, it->first))) continue;
      const std::string card = it->first;
      Skirmish sk;
      sk.what = trf("{0} against {1}", table.title(card), table.company_words(c));
      sk.attacker_seat = it->second;
      sk.defender_seat = s;
      const auto strengths = hazard_army_as_company(table.number(card_subject(card), "cohesion", 0, 30),
                                                    table.number(card_subject(card), "combat_value", 0, 30));
      for (std::size_t i = 0; i < strengths.size(); ++i) {
        sk.attackers.push_back({strike_words(i), "", 1, 0, strengths[i], false});
      }
      sk.defenders = personalities(table, c, false);
      c.hazards.erase(it);  // it fights now, and is discarded after (OA:459)
      if (sk.attackers.empty()) {
        table.log(trf("{0} has no strikes", table.title(card)));
        return "no_hazard_strikes";
      }
      if (lone_army_takes_strikes(table, c, sk)) return "strikes_defeated";
      begin_skirmish(table, std::move(sk));
      return "skirmish_begun";
    }
    // Its title asked only of a company that moved, as the log keeps what was asked.
    const Words automatic = c.moved ? automatic_attack_label(table, c) : Words{};
    if (c.moved && is(automatic) && !fought(table, automatic)) {
      const std::string& place = data.locations.at(static_cast<std::size_t>(c.location)).card;
      data.fought.push_back(automatic.en);
      const int strikes = table.number(card_subject(place), "automatic_attack_strikes", 0, 12);
      if (strikes == 0) {
        table.log(trf("{0} has no automatic attack", table.title(place)));
        return "no_automatic_attack";
      }
      const int strength = table.number(card_subject(place), "automatic_attack_strength", 0, 20);
      // OA-30 (OA:425): "unless the company has a personality with an allegiance to the automatic
      // attack / if the company has a personality with an enemy attribute towards the type, the
      // attack has +1 strength and cannot be cancelled". Its type is asked once a location.
      std::vector<std::string> types = {"No type"};
      for (const std::string& name : allegiance_names(table.cards)) types.push_back(name);
      const std::string type = table.word(card_subject(place), "automatic_attack_type", types);
      bool enemy = false;
      for (const Personality& p : table.personalities_of(s)) {
        const bool in_company = std::any_of(c.members.begin(), c.members.end(), [&](const Member& m) { return m.card == p.name; });
        if (!in_company || type == "No type") continue;
        if (std::find(p.enemies.begin(), p.enemies.end(), type) != p.enemies.end()) enemy = true;
      }
      if (!enemy) {
        for (const Member& m : c.members) {
          if (m.kind != "personality") continue;
          const auto allegiances = table.allegiances(m.card);
          if (type != "No type" && std::find(allegiances.begin(), allegiances.end(), type) != allegiances.end()) {
            table.log(trf("{0}'s automatic attack does not attack: {1} is {2} (OA:425)", table.title(place), table.title(m.card), type));
            return "no_automatic_attack";
          }
        }
      }
      Skirmish sk;
      sk.what = enemy ? trf("{0} (+1: an enemy of its {1} type, OA:425)", automatic, type) : automatic.shown;
      sk.defender_seat = s;
      // "a company with a number of personalities equal to its number of strikes" (OA:463-467).
      const auto strengths =
          automatic_attack_as_company(strikes, strength, enemy ? AttackBonus::EnemyAttribute : AttackBonus::None);
      for (std::size_t i = 0; i < strengths.size(); ++i) {
        sk.attackers.push_back({strike_words(i), "", 1, 0, strengths[i], false});
      }
      sk.defenders = personalities(table, c, false);
      if (sk.defenders.empty()) table.refuse(tr("the company has no personality to face the attack"));
      if (lone_army_takes_strikes(table, c, sk)) return "strikes_defeated";
      begin_skirmish(table, std::move(sk));
      return "skirmish_begun";
    }
    for (const Company& other : data.companies) {
      const Words meeting = meeting_label(table, c, other);
      if (other.owner != s && other.location == c.location && c.host() && other.host() && !fought(table, meeting) &&
          is(proposal_label(table, other))) {
        data.fought.push_back(meeting.en);
        return propose_duels(table, c, other, proposal_label(table, other).shown);
      }
      if (other.owner == s || other.location != c.location || !is(meeting) || fought(table, meeting)) {
        continue;
      }
      data.fought.push_back(meeting.en);
      // Hosts against hosts fight a battle (OA:531); parties a skirmish (OA:455).
      if (c.host() && other.host()) {
        return begin_battle(table, c, other, trf("{0} attacks {1}", table.company_words(c), table.company_words(other)));
      }
      Skirmish sk;
      sk.what = trf("{0} attacks {1}", table.company_words(c), table.company_words(other));
      sk.attacker_seat = s;
      sk.defender_seat = other.owner;
      // OA-31: wounded personalities of the attacking company do not attack (OA:429); bowed ones
      // cannot bow to attack (OA:485). A card's text may let them: with no ready one the attack
      // is a check, and its bowed and wounded then attack; else they are offered after the ready.
      sk.attacking_company = c.id;
      sk.attackers = personalities(table, c, true);
      sk.defenders = personalities(table, other, false);
      if (sk.defenders.empty()) table.refuse(tr("the other company has no personality to attack"));
      table.check(!sk.attackers.empty(), trf("no ready personality in {0}: wounded ones do not attack, the attacker bows a ready one (OA:429, 485)",
                                             table.company_words(c)));
      if (sk.attackers.empty()) sk.attackers = personalities(table, c, false);
      // Ranged attacks come first, company against company (OA:471-475).
      sk.ranged.turn = 0;
      data.skirmish = std::move(sk);
      return next_ranged(table);
    }
  }
  table.refuse(trf("\"{0}\" is no combat of {1} now", label, table.name(s)));
}

// The attacking company's personalities that are not among its fighters (bowed, wounded, or an
// archer who shot): company against company only. Their strength is asked once one attacks (a
// prompt cannot ask).
std::vector<SkirmishFighter> unready_attackers(const Table& table, const Skirmish& sk) {
  std::vector<SkirmishFighter> out;
  const Company* c = sk.attacking_company ? table.company(sk.attacking_company) : nullptr;
  if (!c) return out;
  for (const Member& m : c->members) {
    const bool fighting = std::any_of(sk.attackers.begin(), sk.attackers.end(), [&](const SkirmishFighter& a) {
      return a.card == m.card && a.copy == m.copy;
    });
    if (m.kind == "personality" && !fighting) out.push_back({as_is(table.title(m.card)), m.card, m.copy, c->id, 0, false});
  }
  return out;
}

// OA-31: "wounded personalities in an attacking company do not attack" (OA:429), and the attacker
// "bows one of his ready personalities" (OA:485): one not ready attacks only by a check. Returns
// the step's name, or "" when `label` names none of them.
std::string unready_attacker(Table& table, Skirmish& sk, const std::string& label) {
  for (SkirmishFighter f : unready_attackers(table, sk)) {
    if (!picked(label, say(kAttackWith, f.label))) continue;
    const Member* m = fighter_member(table, f);
    table.check(false, m && m->wounded ? trf("{0} is wounded: wounded personalities do not attack (OA:429)", f.label)
                                       : trf("{0} is bowed: the attacker bows a ready personality (OA:485)", f.label));
    f.base = table.number(card_subject(f.card), "strength", 0, 20);
    sk.attackers.push_back(f);
    sk.attacker = sk.attackers.size() - 1;
    return "attacker_chosen";
  }
  return "";
}

// "Who faces <strike>?" with one personality left to fight, its only option: that one faces it,
// unasked (issue [3/8]: a question with one answer is not asked; UNDO takes the pair back).
void only_defender_left(Skirmish& sk) {
  if (!sk.attacker || sk.defender) return;
  std::optional<std::size_t> only;
  for (std::size_t i = 0; i < sk.defenders.size(); ++i) {
    if (sk.defenders[i].fought) continue;
    if (only) return;
    only = i;
  }
  sk.defender = only;
}

// The pair fights: strengths with discards and leftovers, the result by the rules (OA:499-509).
std::string fight(Table& table) {
  Skirmish& sk = *table.data.skirmish;
  SkirmishFighter& a = sk.attackers.at(*sk.attacker);
  SkirmishFighter& d = sk.defenders.at(*sk.defender);
  Member* am = fighter_member(table, a);
  Member* dm = fighter_member(table, d);
  // The leftover strikes' -1s were placed before the pairs (oa_leftovers.cpp, C7.13).
  const int attack_modifier = (a.card.empty() ? -sk.strike_penalty : 0) - a.leftovers;
  auto strength = [&](const SkirmishFighter& f, const Member* m, int discards, int modifier) {
    // C7.14: the bow to attack does not weaken; a card already bowed does. Discards beyond 3 (an
    // overridden OA-39) still add +1 each.
    const int counted = std::min(discards, kMaxCombatDiscards);
    const auto value =
        effective_strength({f.base, m && m->bowed && &f == &d, m && m->wounded, counted, modifier + discards - counted});
    return value ? *value : 0;
  };
  const int as = strength(a, am, sk.attacker_discards, attack_modifier);
  const int ds = strength(d, dm, sk.defender_discards, -d.leftovers);
  const SkirmishResult result = skirmish({as, am && am->wounded}, {ds, dm && dm->wounded});
  auto apply = [&](const SkirmishFighter& f, Fate fate) {
    if (fate == Fate::Unhurt) return std::string();
    if (f.card.empty()) return trf("{0} defeated", f.label);  // a strike has no card to wound
    suffer(table, f.company, f.card, f.copy, fate);
    return fate_words(f.label.shown, fate);
  };
  // The attacker's personality bows to attack (OA:485), unless the fight wounded or killed it.
  if (am && result.attacker == Fate::Unhurt) am->bowed = true;
  const std::string dead_a = apply(a, result.attacker);
  const std::string dead_d = apply(d, result.defender);
  const std::string outcome =
      dead_a.empty() && dead_d.empty() ? tr("both stand") : dead_a + (dead_a.empty() || dead_d.empty() ? "" : ", ") + dead_d;
  table.log(trf("{0} ({1}) against {2} ({3}): {4} (OA:499-509)", a.label, as, d.label, ds, outcome));
  a.fought = true;
  d.fought = true;
  sk.attacker.reset();
  sk.defender.reset();
  sk.attacker_discards = 0;
  sk.defender_discards = 0;
  std::erase_if(table.data.companies, [](const Company& c) { return c.members.empty(); });
  // Until the attacker has no fighter left or every defender has fought (OA:493-495).
  const bool attackers_left = std::any_of(sk.attackers.begin(), sk.attackers.end(), [](const auto& f) { return !f.fought; });
  const bool defenders_left = std::any_of(sk.defenders.begin(), sk.defenders.end(), [](const auto& f) { return !f.fought; });
  if (!attackers_left || !defenders_left) {
    table.log(trf("{0}: over", sk.what));
    table.data.skirmish.reset();
    return "skirmish_over";
  }
  if (sk.attackers.front().card.empty()) {
    for (std::size_t i = 0; i < sk.attackers.size(); ++i) {
      if (!sk.attackers[i].fought) {
        sk.attacker = i;
        break;
      }
    }
  }
  only_defender_left(sk);
  return "pair_fought";
}

std::string skirmish_step(Table& table, const Command& command) {
  Skirmish& sk = *table.data.skirmish;
  if (sk.ranged.turn < 2) return ranged_step(table, command);
  if (placing_leftovers(sk)) return leftover_step(table, command);
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(tr("choose in the skirmish"));
  const std::string& label = choose->label;
  if (!sk.attacker) {
    for (std::size_t i = 0; i < sk.attackers.size(); ++i) {
      if (!sk.attackers[i].fought && picked(label, say(kAttackWith, sk.attackers[i].label))) {
        sk.attacker = i;
        only_defender_left(sk);
        return "attacker_chosen";
      }
    }
    if (const std::string taken = unready_attacker(table, sk, label); !taken.empty()) return taken;
    table.refuse(trf("\"{0}\" is no attacker left", label));
  }
  if (!sk.defender) {
    for (std::size_t i = 0; i < sk.defenders.size(); ++i) {
      if (sk.defenders[i].fought || !picked(label, say(kDefendWith, sk.defenders[i].label))) continue;
      // OA-34: a bowed defender only once every ready one has fought (OA:489).
      const Member* chosen = fighter_member(table, sk.defenders[i]);
      const bool ready_left = std::any_of(sk.defenders.begin(), sk.defenders.end(), [&](const SkirmishFighter& f) {
        const Member* m = fighter_member(table, f);
        return !f.fought && m && !m->bowed && !m->wounded;
      });
      table.check(!(chosen && (chosen->bowed || chosen->wounded) && ready_left),
                  trf("{0} is not ready: ready personalities defend first (OA:489)", sk.defenders[i].label));
      sk.defender = i;
      return "defender_chosen";
    }
    table.refuse(trf("\"{0}\" is no defender left", label));
  }
  const bool attacker_card = picked(label, say(kAttackerCard));
  if (attacker_card || picked(label, say(kDefenderCard))) {
    int& discards = attacker_card ? sk.attacker_discards : sk.defender_discards;
    // OA-39: up to 3 cards for up to +3 (OA:867; C7.19).
    table.check(discards < 3, tr("at most 3 cards are discarded for one card (OA:867)"));
    ++discards;
    table.log(attacker_card ? tr("The attacker discards a card: +1 (OA:867)") : tr("The defender discards a card: +1 (OA:867)"));
    return "combat_discard";
  }
  if (picked(label, say(kFight))) return fight(table);
  table.refuse(trf("\"{0}\" is not offered now", label));
}

}  // namespace

void begin_skirmish(Table& table, Skirmish skirmish) {
  int ready = 0;
  for (const SkirmishFighter& d : skirmish.defenders) {
    const Member* m = fighter_member(table, d);
    if (m && !m->bowed && !m->wounded) ++ready;
  }
  // OA-35: dealt strikes are the minimum; the leftovers weaken one side (OA:513-525).
  const StrikeCount count =
      count_strikes(static_cast<int>(skirmish.attackers.size()), static_cast<int>(skirmish.defenders.size()), ready);
  skirmish.strike_penalty = count.strike_penalty;
  skirmish.leftover_strikes = count.leftover_strikes;
  // The counts, a list joined with ", ".
  std::string counts = trn("{0} pair", "{0} pairs", count.dealt, count.dealt);
  if (count.leftover_strikes) {
    counts += ", " + trn("{0} strike left over (-1 each)", "{0} strikes left over (-1 each)", count.leftover_strikes,
                         count.leftover_strikes);
  }
  if (count.strike_penalty) counts += ", " + trf("each strike -{0}", count.strike_penalty);
  table.log(trf("{0}: {1} (OA:513-525)", skirmish.what, counts));
  // A strike needs no choosing: the next one fights.
  if (skirmish.attackers.front().card.empty()) skirmish.attacker = 0;
  table.data.skirmish = std::move(skirmish);
}

namespace {

// Why the two companies must fight, or "": two armies enemies of each other (an army's enemy
// attribute against the other's allegiances, either way, OA:789-791), or two hosts with an
// aggressive army between them (OA:441).
std::string forced_reason(const Table& table, const Company& ours, const Company& theirs) {
  for (const Member& a : ours.members) {
    if (a.kind != "army") continue;
    for (const Member& b : theirs.members) {
      if (b.kind != "army") continue;
      if (enemies_of_each_other(table, a.card, b.card)) {
        return trf("{0} and {1} are enemies: a battle must occur (OA:789-791)", table.title(a.card), table.title(b.card));
      }
    }
  }
  if (!ours.host() || !theirs.host()) return "";
  for (const Company* side : {&ours, &theirs}) {
    for (const Member& m : side->members) {
      if (m.kind == "army" && table.word(card_subject(m.card), "aggressive", {"Yes", "No"}) == "Yes") {
        return trf("{0} is aggressive: host against host must fight (OA:441)", table.title(m.card));
      }
    }
  }
  return "";
}

}  // namespace

void combat_end_checks(Table& table) {
  const int s = table.acting();
  std::vector<std::string> reasons;
  // Played hazards attack (OA:419, 433, 459): one left unfought is a check, in situation order.
  for (const Company& c : table.data.companies) {
    if (c.owner != s || c.hazard || c.hazards.empty()) continue;
    reasons.push_back(trf("{0} not fought: a hazard played attacks (OA:419, 459)", hazard_label(table, c, c.hazards.front().first)));
  }
  for (const Company& c : table.data.companies) {
    if (c.owner != s || c.hazard) continue;
    for (const Company& other : table.data.companies) {
      if (other.owner == s || other.hazard || other.location != c.location || fought(table, meeting_label(table, c, other))) continue;
      const std::string reason = forced_reason(table, c, other);
      if (!reason.empty()) reasons.push_back(trf("{0} and {1}: {2}", table.company_words(c), table.company_words(other), reason));
    }
  }
  check_all(table, reasons);
  for (Company& c : table.data.companies) {
    if (c.owner != s || c.hazards.empty()) continue;
    for (const auto& [card, seat] : c.hazards) table.log(trf("{0} is discarded unfought", table.title(card)));
    c.hazards.clear();
  }
}

namespace {

// A location whose automatic attack the table told has no strikes attacks nobody: not a combat to
// choose (issue [3/8]: a question with one sensible answer is not asked). Untold, it is offered,
// and choosing it asks.
bool no_automatic_attack(const Table& table, const Company& c) {
  const std::string& place = table.data.locations.at(static_cast<std::size_t>(c.location)).card;
  return table.known(card_subject(place), "automatic_attack_strikes") == 0;
}

// The combats the acting seat's companies must face: the hazards played on them (OA:419, 433) and
// the automatic attack on entering (OA:425), in the order of combat_situations.
std::vector<std::string> forced_situations(const Table& table) {  // their English
  std::vector<std::string> labels;
  for (const Company& c : table.data.companies) {
    if (c.owner != table.acting()) continue;
    for (const auto& [card, seat] : c.hazards) labels.push_back(hazard_label(table, c, card).en);
    if (c.moved && !fought(table, automatic_attack_label(table, c)) && !no_automatic_attack(table, c)) {
      labels.push_back(automatic_attack_label(table, c).en);
    }
  }
  return labels;
}

// The first of `situations` the rules force, or -1.
int first_forced(const Table& table, const std::vector<Words>& situations) {
  const std::vector<std::string> forced = forced_situations(table);
  for (std::size_t i = 0; i < situations.size(); ++i) {
    if (std::find(forced.begin(), forced.end(), situations[i].en) != forced.end()) return static_cast<int>(i);
  }
  return -1;
}

// The meeting the acting seat's move sought: one of its companies moved this turn to where another
// player's company stands (OA:429, 441). Never forced, but what the move most likely came for.
int first_sought(const Table& table, const std::vector<Words>& situations) {
  for (const Company& c : table.data.companies) {
    if (c.owner != table.acting() || !c.moved) continue;
    for (const Company& other : table.data.companies) {
      if (other.owner == c.owner || other.hazard || other.location != c.location) continue;
      const Words label = meeting_label(table, c, other);
      for (std::size_t i = 0; i < situations.size(); ++i) {
        if (situations[i].en == label.en) return static_cast<int>(i);
      }
    }
  }
  return -1;
}

}  // namespace

bool combat_to_face(const Table& table) { return !forced_situations(table).empty(); }

std::vector<Words> combat_situations(const Table& table) {
  std::vector<Words> labels;
  const int s = table.acting();
  for (const Company& c : table.data.companies) {
    if (c.owner != s) continue;
    // The order of C2: hazards on the move, the automatic attack on entering, then meetings.
    for (const auto& [card, seat] : c.hazards) {
      const Words label = hazard_label(table, c, card);
      if (std::none_of(labels.begin(), labels.end(), [&](const Words& l) { return l.en == label.en; })) labels.push_back(label);
    }
    if (c.moved && !fought(table, automatic_attack_label(table, c)) && !no_automatic_attack(table, c)) {
      labels.push_back(automatic_attack_label(table, c));
    }
    for (const Company& other : table.data.companies) {
      if (other.owner != s && !other.hazard && other.location == c.location && !fought(table, meeting_label(table, c, other))) {
        labels.push_back(meeting_label(table, c, other));
        if (c.host() && other.host()) labels.push_back(proposal_label(table, other));
      }
    }
  }
  return labels;
}

std::string combat_step(Table& table, const Command& command) {
  if (table.data.battle) return battle_step(table, command);
  if (table.data.skirmish) return skirmish_step(table, command);
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(tr("choose a combat, or OK when done"));
  return situation_chosen(table, choose->label);
}

Prompt combat_prompt(const Table& table) {
  Prompt prompt;
  const int s = table.acting();
  if (table.data.battle) return battle_prompt(table);
  if (!table.data.skirmish) {
    prompt.seat = s;
    const std::vector<Words> situations = combat_situations(table);
    // A combat the rules make the company face (a hazard played on it, the automatic attack on
    // entering, OA:419, 425) is the likely answer, taken by OK; else the meeting a company moved
    // this turn came to (never forced); PASS then ends the phase (issue [3/8]). With neither, OK
    // ends the phase.
    const int forced = first_forced(table, situations);
    const int likely = forced >= 0 ? forced : first_sought(table, situations);
    prompt.text = likely < 0 ? trf("{0}: choose a combat, or OK to end the phase", table.name(s))
                             : trf("{0}: choose a combat, or PASS to end the phase", table.name(s));
    for (const Words& label : situations) prompt.add(label);
    if (likely < 0) {
      prompt.ok = tr("end phase");
    } else {
      prompt.likely = likely;
      prompt.pass = tr("end phase");
    }
    prompt.takes_cards = true;  // a spell or a favour between the combats
    // No combat to choose: the phase ends by itself after the countdown (a spell shown first
    // still plays; any button waits).
    prompt.idle = prompt.options.empty();
    return prompt;
  }
  const Skirmish& sk = *table.data.skirmish;
  if (sk.ranged.turn < 2) return ranged_prompt(table);
  if (placing_leftovers(sk)) return leftover_prompt(table);
  if (!sk.attacker) {
    prompt.seat = sk.attacker_seat;
    prompt.text = sk.attacker_seat >= 0 ? trf("{0}: who attacks next?", table.name(sk.attacker_seat)) : tr("who attacks next?");
    for (const SkirmishFighter& f : sk.attackers) {
      if (!f.fought) prompt.add(say(kAttackWith, f.label));
    }
    // The bowed and wounded after the ready ones: a card's text may let them attack (a check).
    for (const SkirmishFighter& f : unready_attackers(table, sk)) prompt.add(say(kAttackWith, f.label));
    return prompt;
  }
  if (!sk.defender) {
    prompt.seat = sk.defender_seat;
    prompt.text = trf("{0}: who faces {1}?", table.name(sk.defender_seat), sk.attackers[*sk.attacker].label);
    for (const SkirmishFighter& f : sk.defenders) {
      if (!f.fought) prompt.add(say(kDefendWith, f.label));
    }
    return prompt;
  }
  const SkirmishFighter& a = sk.attackers[*sk.attacker];
  const SkirmishFighter& d = sk.defenders[*sk.defender];
  prompt.text = trf("{0} against {1}: discards, then Fight", a.label, d.label);
  prompt.add(say(kFight));
  prompt.add(say(kAttackerCard));
  prompt.add(say(kDefenderCard));
  return prompt;
}

}  // namespace seneschal::engine::ostenard
