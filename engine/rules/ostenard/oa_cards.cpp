// Card-specific rules (OA:623-665, 97-99, 863): spells cast by a spellcaster (OA-50), favours
// (OA-49), a Great Sword played again (OA-51), armies played in the regions they are keyed to
// (OA-16), and no iron for the Sithi and the Norn (OA-54). What a card is (a spell's kind and
// level, a personality's mind, an item's iron) is asked once a card, like every value here.
#include <algorithm>

#include "oa_combat.hpp"
#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kCastBy = "Cast by ";
constexpr const char* kHelper = "Helper ";

// A Yes/No told at the table, or printed (the Great Swords' data says "yes").
bool yes(const Table& table, const std::string& card, const char* stat) {
  const std::string word = table.word(card_subject(card), stat, {"Yes", "No"});
  return word == "Yes" || word == "yes";
}

// "noble/leader" (OA:627): a noble, or a personality with leadership of either kind (OA:61).
bool noble_or_leader(const Table& table, const std::string& card) {
  return yes(table, card, "noble") || table.number(card_subject(card), "leadership_generic", 0, 20) > 0 ||
         table.number(card_subject(card), "leadership_specific", 0, 20) > 0;
}

const Member* member_of(const Table& table, const std::string& card, const Company** where = nullptr) {
  for (const Company& c : table.data.companies) {
    for (const Member& m : c.members) {
      if (m.card != card) continue;
      if (where) *where = &c;
      return &m;
    }
  }
  return nullptr;
}

// OA-49: "Can only be played when you have a noble/leader of another allegiance at a location in
// the chosen region with a noble/leader of that region present" (OA:627-631). "Of that region":
// the personality's home region is the favour's; "of another allegiance": its home is elsewhere
// (README choice 25).
std::string favour_played(Table& table, const PresentCard& present) {
  const int s = table.acting();
  const Region region =
      region_from_name(table.word(card_subject(present.card_id), "region", region_words())).value_or(Region::Erkynland);
  bool allowed = false;
  std::string witness;
  for (const Company& mine : table.data.companies) {
    if (mine.owner != s || table.data.locations.at(static_cast<std::size_t>(mine.location)).region != region) continue;
    for (const Member& guest : mine.members) {
      if (guest.kind != "personality" || table.home_region(guest.card) == region || !noble_or_leader(table, guest.card)) continue;
      for (const Company& other : table.data.companies) {
        if (other.location != mine.location) continue;
        for (const Member& host : other.members) {
          if (host.kind != "personality" || table.home_region(host.card) != region || !noble_or_leader(table, host.card)) continue;
          allowed = true;
          witness = table.title(guest.card) + " with " + table.title(host.card) + " at " + table.location_words(mine.location);
        }
      }
    }
  }
  table.check(allowed, table.title(present.card_id) + " needs a noble or leader of " + table.name(s) + " from another region at a " +
                           std::string(region_name(region)) + " location with a noble or leader of " +
                           std::string(region_name(region)) + " (OA:627-631)");
  table.log(table.name(s) + " plays " + table.title(present.card_id) + (witness.empty() ? "" : ": " + witness) +
            "; any player may bow the current ruler to cancel it (OA:635)");
  return "favour_played";
}

// The cast itself, once the caster (and a ritual's helpers) are known: OA-50 (OA:641-657).
// `reasons`: what choosing the caster broke already (no spellcaster, OA:641), for one check.
std::string cast(Table& table, std::vector<std::string> reasons = {}) {
  Casting& casting = *table.data.casting;
  const Subject spell = card_subject(casting.spell);
  const std::string kind = table.word(spell, "spell_kind", {"Ritual", "Spell", "Enchantment"});
  const Member* caster = member_of(table, casting.caster);
  SpellCast cast;
  cast.mind = table.number(card_subject(casting.caster), "mind", 0, 20);
  cast.wounded = caster && caster->wounded;
  cast.ritual = kind == "Ritual";
  cast.ritual_helpers = static_cast<int>(casting.helpers.size());
  cast.spell_level = table.number(spell, "spell_level", 0, 20);
  const bool corruptive = yes(table, casting.spell, "corruptive");
  for (const std::string& reason : spell_checks(cast)) reasons.push_back(table.title(casting.caster) + ": " + reason);
  check_all(table, reasons);
  table.log(table.title(casting.caster) + " casts " + table.title(casting.spell) + " (" + kind + ", level " +
            std::to_string(cast.spell_level) + ") with mind " + std::to_string(casting_mind(cast)) + " (OA:657)");
  if (corruptive && std::find(table.data.corrupt.begin(), table.data.corrupt.end(), casting.caster) == table.data.corrupt.end()) {
    // "spellcaster becomes corrupt, gaines the dark affilation and loses the light affilation and
    // the Aedon allegiance" (OA:651-653): Table::allegiances leaves Aedon out from now on.
    table.data.corrupt.push_back(casting.caster);
    table.log(table.title(casting.caster) + " is corrupt: dark, no longer light nor of Aedon (OA:651-653)");
  }
  table.data.casting.reset();
  return "spell_cast";
}

std::vector<const Member*> helpers_offered(const Table& table) {
  const Casting& casting = *table.data.casting;
  const Company* at = nullptr;
  member_of(table, casting.caster, &at);
  std::vector<const Member*> out;
  if (!at) return out;
  for (const Company& c : table.data.companies) {
    if (c.owner != table.acting() || c.location != at->location) continue;
    for (const Member& m : c.members) {
      const bool told = std::find(casting.helpers.begin(), casting.helpers.end(), m.card) != casting.helpers.end();
      if (m.kind == "personality" && m.card != casting.caster && !m.bowed && !m.wounded && !told) out.push_back(&m);
    }
  }
  return out;
}

// A long-event with its turn counters (OA:53, asked once a card), or a mission: "Each player may
// have but one copy of a unique mission in play" (OA:811, OA-20).
std::string lasting_played(Table& table, const PresentCard& present, bool mission) {
  const int s = table.acting();
  auto& lasting = table.data.lasting;
  for (const Lasting& l : lasting) {
    if (l.card == present.card_id && l.copy == present.copy) table.refuse(table.title(l.card) + " is in play already");
  }
  Lasting played{present.card_id, present.copy, s, 0, mission};
  if (mission) {
    const bool unique = yes(table, present.card_id, "unique");
    table.check(!unique || std::none_of(lasting.begin(), lasting.end(),
                                        [&](const Lasting& l) { return l.owner == s && l.card == present.card_id; }),
                table.title(present.card_id) + " is a unique mission " + table.name(s) + " has in play already (OA:811)");
    table.log(table.name(s) + " plays the mission " + table.title(present.card_id));
  } else {
    played.counters = table.number(card_subject(present.card_id), "counters", 1, 20);
    table.log(table.name(s) + " plays the long-event " + table.title(present.card_id) + " with " +
              std::to_string(played.counters) + (played.counters == 1 ? " counter" : " counters") + " (OA:53)");
  }
  lasting.push_back(played);
  return mission ? "mission_played" : "long_event_played";
}

}  // namespace

void long_events_count_down(Table& table) {
  auto& lasting = table.data.lasting;
  for (Lasting& l : lasting) {
    if (l.mission || l.owner != table.acting()) continue;
    --l.counters;
    table.log(table.title(l.card) + (l.counters > 0 ? ": " + std::to_string(l.counters) + (l.counters == 1 ? " counter" : " counters") + " left"
                                                    : ": no counters left, discarded (OA:53)"));
  }
  std::erase_if(lasting, [](const Lasting& l) { return !l.mission && l.counters <= 0; });
}

bool card_specific(const Table& table, const std::string& card) {
  const std::string kind = table.type(card);
  return kind == "spell" || kind == "favour" || kind == "long-event" || kind == "mission";
}

std::string card_specific_shown(Table& table, const PresentCard& present) {
  const std::string kind = table.type(present.card_id);
  if (kind == "favour") return favour_played(table, present);
  if (kind == "long-event" || kind == "mission") return lasting_played(table, present, kind == "mission");
  table.data.casting = Casting{present.card_id, present.copy, "", {}};
  table.log(table.name(table.acting()) + " shows the spell " + table.title(present.card_id) + ": who casts it?");
  return "spell_shown";
}

std::string spell_step(Table& table, const Command& command) {
  Casting& casting = *table.data.casting;
  const auto* choose = std::get_if<Choose>(&command);
  if (casting.caster.empty()) {
    if (std::holds_alternative<Pass>(command)) {
      table.log(table.title(casting.spell) + " is not cast");
      table.data.casting.reset();
      return "spell_withdrawn";
    }
    if (!choose || !choose->label.starts_with(kCastBy)) table.refuse("choose who casts " + table.title(casting.spell) + ", or PASS");
    const std::string card = card_id_from_title(choose->label.substr(std::string(kCastBy).size()));
    const Company* at = nullptr;
    const Member* caster = member_of(table, card, &at);
    if (!caster || caster->kind != "personality" || at->owner != table.acting()) {
      table.refuse("\"" + choose->label + "\": no personality of " + table.name(table.acting()));
    }
    // OA-50: "can only be used by spellcasters" (OA:641).
    std::vector<std::string> reasons;
    if (!yes(table, card, "spellcaster")) reasons.push_back(table.title(card) + " is no spellcaster (OA:641)");
    casting.caster = card;
    // A ritual waits for its helpers (OA:647-649); any other spell is cast now, its mind checked
    // with the caster in one check.
    if (table.word(card_subject(casting.spell), "spell_kind", {"Ritual", "Spell", "Enchantment"}) == "Ritual") {
      check_all(table, reasons);
      return "caster_chosen";
    }
    return cast(table, std::move(reasons));
  }
  if (std::holds_alternative<Ok>(command)) return cast(table);
  if (!choose || !choose->label.starts_with(kHelper)) table.refuse("choose a spellcaster who bows to help, or OK to cast");
  const std::string card = card_id_from_title(choose->label.substr(std::string(kHelper).size()));
  for (const Member* m : helpers_offered(table)) {
    if (m->card != card) continue;
    table.check(yes(table, card, "spellcaster"), table.title(card) + " is no spellcaster: only spellcasters help a ritual (OA:647)");
    for (Company& c : table.data.companies) {
      for (Member& x : c.members) {
        if (x.card == card) x.bowed = true;
      }
    }
    casting.helpers.push_back(card);
    table.log(table.title(card) + " bows to help the ritual: +1 mind (OA:647-649)");
    return "ritual_helper";
  }
  table.refuse("\"" + choose->label + "\" is no ready personality with the caster");
}

Prompt spell_prompt(const Table& table) {
  const Casting& casting = *table.data.casting;
  Prompt prompt;
  prompt.seat = table.acting();
  if (casting.caster.empty()) {
    prompt.text = "Who casts " + table.title(casting.spell) + "?";
    for (const Company& c : table.data.companies) {
      if (c.owner != table.acting()) continue;
      for (const Member& m : c.members) {
        if (m.kind != "personality") continue;
        // The first spellcaster the table told of is the likely caster (OA:641; issue [3/8]).
        if (prompt.likely < 0 && said_yes(table, m.card, "spellcaster")) prompt.likely = static_cast<int>(prompt.options.size());
        prompt.add(kCastBy + table.title(m.card));
      }
    }
    prompt.pass = "not cast";
    return prompt;
  }
  prompt.text = "Ritual: who bows to help " + table.title(casting.caster) + "? OK to cast";
  for (const Member* m : helpers_offered(table)) prompt.add(kHelper + table.title(m->card));
  prompt.ok = "cast";
  return prompt;
}

bool great_sword(const Table& table, const std::string& card) {
  const Card* printed = table.cards.find(card);
  return printed && printed->attributes.contains("group") && printed->attributes.at("group") == "Great Sword";
}

std::vector<std::string> joining_reasons(const Table& table, const Member& member, const Company* joined, int location) {
  std::vector<std::string> reasons;
  const Location& here = table.data.locations.at(static_cast<std::size_t>(location));
  const bool fighter = member.kind == "personality" || member.kind == "army";
  // OA-16: "You can only play armies in the regions the army is keyed to" (OA:99).
  if (member.kind == "army") {
    const auto keyed = region_from_name(table.word(card_subject(member.card), "keyed_to", region_words()));
    if (keyed != here.region) {
      reasons.push_back(table.title(member.card) + " is keyed to " + std::string(region_name(keyed.value_or(here.region))) +
                        ", not " + std::string(region_name(here.region)) + " (OA:99)");
    }
  }
  // OA-51: a Great Sword "may be played again on a personality in same region as the original
  // version of that Great Sword" (OA:661-665); the original goes after (replace_great_sword).
  if (great_sword(table, member.card)) {
    for (const Company& c : table.data.companies) {
      for (const Member& m : c.members) {
        const Location& original = table.data.locations.at(static_cast<std::size_t>(c.location));
        if (m.card != member.card || m.copy == member.copy || original.region == here.region) continue;
        reasons.push_back(table.title(member.card) + " is in play at " + table.title(original.card) +
                          ": played again only in its region, " + std::string(region_name(original.region)) + " (OA:661-665)");
      }
    }
  }
  // OA-23: "There can be only one banner per company" (OA:739-741); meta-companies are not kept.
  if (member.kind == "item" && joined && yes(table, member.card, "banner")) {
    for (const Member& m : joined->members) {
      if (m.kind == "item" && yes(table, m.card, "banner")) {
        reasons.push_back(table.company_words(*joined) + " carries " + table.title(m.card) + ": one banner a company (OA:739-741)");
      }
    }
  }
  // OA-24: "no two cards with an enemy attribute (either way) in one company, nor on the same
  // player's side of a location" (OA:775-785): a personality or army joining, against the seat's
  // personalities and armies there.
  if (fighter) {
    std::vector<std::string> in_company, beside;  // titles, one reason each
    for (const Company& c : table.data.companies) {
      if (c.owner != table.acting() || c.location != location || c.hazard) continue;
      for (const Member& m : c.members) {
        if ((m.kind != "personality" && m.kind != "army") || !enemies_of_each_other(table, member.card, m.card)) continue;
        (joined && c.id == joined->id ? in_company : beside).push_back(table.title(m.card));
      }
    }
    const auto enmity = [&](const std::vector<std::string>& titles, const std::string& where) {
      if (titles.empty()) return;
      std::string names;
      for (std::size_t i = 0; i < titles.size(); ++i) names += (i == 0 ? "" : i + 1 == titles.size() ? " and " : ", ") + titles[i];
      reasons.push_back(table.title(member.card) + " is at enmity with " + names + ": not " + where + " (OA:775-785)");
    };
    enmity(in_company, "in one company");
    enmity(beside, "on one player's side of " + table.title(here.card));
  }
  // OA-18: "A unique card cannot be played while it is in play" (OA:801-803): another copy of the
  // title in play, the card told unique (asked once a card); a Great Sword is OA-51's.
  if (!great_sword(table, member.card)) {
    for (const Company& c : table.data.companies) {
      const bool other_copy = std::any_of(c.members.begin(), c.members.end(), [&](const Member& m) {
        return m.card == member.card && m.copy != member.copy;
      });
      if (other_copy && yes(table, member.card, "unique")) {
        reasons.push_back(table.title(member.card) + " is unique and in play already (OA:801-803)");
        break;
      }
    }
  }
  // OA-22: "armies attached to a personality <= its Tactics" (OA:841): the device keeps armies by
  // company, so a company's armies stay within its personalities' tactics together.
  if (member.kind == "army" && joined) {
    int tactics = 0;
    for (const Member& m : joined->members) {
      if (m.kind == "personality") tactics += table.number(card_subject(m.card), "tactics", 0, 20);
    }
    if (joined->armies() + 1 > tactics) {
      reasons.push_back("the personalities of " + table.company_words(*joined) + " lead " + std::to_string(tactics) +
                        " armies by their tactics; this would be " + std::to_string(joined->armies() + 1) + " (OA:841)");
    }
  }
  // OA-54: "Sithi/Norn: may not use iron weapons / items" (OA:863).
  if (member.kind == "item" && joined && yes(table, member.card, "iron")) {
    for (const Member& m : joined->members) {
      if (m.kind != "personality") continue;
      for (const std::string& a : table.allegiances(m.card)) {
        if (a == "Sithi" || a == "Norn") reasons.push_back(table.title(m.card) + " is " + a + ": no iron item in the company (OA:863)");
      }
    }
  }
  return reasons;
}

void replace_great_sword(Table& table, const Member& member) {
  // "discard the original Great Sword thereafter" (OA:665).
  if (!great_sword(table, member.card)) return;
  for (Company& c : table.data.companies) {
    for (const Member& m : c.members) {
      if (m.card != member.card || m.copy == member.copy) continue;
      const Location& original = table.data.locations.at(static_cast<std::size_t>(c.location));
      table.log("The original " + table.title(member.card) + " at " + table.title(original.card) + " is discarded (OA:665)");
      // Only the sword leaves: its company keeps its personality, so no company is emptied here
      // (the caller holds a pointer into the companies).
      std::erase_if(c.members, [&](const Member& x) { return x.card == member.card && x.copy != member.copy; });
      return;
    }
  }
}

}  // namespace seneschal::engine::ostenard
