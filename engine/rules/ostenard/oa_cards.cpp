// Card-specific rules (OA:623-665, 97-99, 863): spells cast by a spellcaster (OA-50), favours
// (OA-49), a Great Sword played again (OA-51), armies played in the regions they are keyed to
// (OA-16), and no iron for the Sithi and the Norn (OA-54). What a card is (a spell's kind and
// level, a personality's mind, an item's iron) is asked once a card, like every value here.
#include <algorithm>

#include "oa_combat.hpp"
#include "oa_flows.hpp"

namespace seneschal::engine::ostenard {
namespace {

constexpr const char* kCastBy = N_("Cast by {0}");
constexpr const char* kHelper = N_("Helper {0}");

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
          witness = trf("{0} with {1} at {2}", table.title(guest.card), table.title(host.card), table.location_words(mine.location));
        }
      }
    }
  }
  table.check(allowed, trf("{0} needs a noble or leader of {1} from another region at a {2} location with a noble or leader of {2} "
                           "(OA:627-631)",
                           table.title(present.card_id), table.name(s), region_name(region)));
  table.log(witness.empty() ? trf("{0} plays {1}; any player may bow the current ruler to cancel it (OA:635)", table.name(s),
                                  table.title(present.card_id))
                            : trf("{0} plays {1}: {2}; any player may bow the current ruler to cancel it (OA:635)", table.name(s),
                                  table.title(present.card_id), witness));
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
  for (const std::string& reason : spell_checks(cast)) reasons.push_back(trf("{0}: {1}", table.title(casting.caster), reason));
  check_all(table, reasons);
  table.log(trf("{0} casts {1} ({2}, level {3}) with mind {4} (OA:657)", table.title(casting.caster), table.title(casting.spell), kind,
                cast.spell_level, casting_mind(cast)));
  if (corruptive && std::find(table.data.corrupt.begin(), table.data.corrupt.end(), casting.caster) == table.data.corrupt.end()) {
    // "spellcaster becomes corrupt, gaines the dark affilation and loses the light affilation and
    // the Aedon allegiance" (OA:651-653): Table::allegiances leaves Aedon out from now on.
    table.data.corrupt.push_back(casting.caster);
    table.log(trf("{0} is corrupt: dark, no longer light nor of Aedon (OA:651-653)", table.title(casting.caster)));
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
    if (l.card == present.card_id && l.copy == present.copy) table.refuse(trf("{0} is in play already", table.title(l.card)));
  }
  Lasting played{present.card_id, present.copy, s, 0, mission};
  if (mission) {
    const bool unique = yes(table, present.card_id, "unique");
    table.check(!unique || std::none_of(lasting.begin(), lasting.end(),
                                        [&](const Lasting& l) { return l.owner == s && l.card == present.card_id; }),
                trf("{0} is a unique mission {1} has in play already (OA:811)", table.title(present.card_id), table.name(s)));
    table.log(trf("{0} plays the mission {1}", table.name(s), table.title(present.card_id)));
  } else {
    played.counters = table.number(card_subject(present.card_id), "counters", 1, 20);
    table.log(trn("{0} plays the long-event {1} with {2} counter (OA:53)", "{0} plays the long-event {1} with {2} counters (OA:53)",
                  played.counters, table.name(s), table.title(present.card_id), played.counters));
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
    table.log(l.counters > 0 ? trn("{0}: {1} counter left", "{0}: {1} counters left", l.counters, table.title(l.card), l.counters)
                             : trf("{0}: no counters left, discarded (OA:53)", table.title(l.card)));
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
  table.log(trf("{0} shows the spell {1}: who casts it?", table.name(table.acting()), table.title(present.card_id)));
  return "spell_shown";
}

std::string spell_step(Table& table, const Command& command) {
  Casting& casting = *table.data.casting;
  const auto* choose = std::get_if<Choose>(&command);
  if (casting.caster.empty()) {
    if (std::holds_alternative<Pass>(command)) {
      table.log(trf("{0} is not cast", table.title(casting.spell)));
      table.data.casting.reset();
      return "spell_withdrawn";
    }
    const auto title = choose ? name_in(choose->label, kCastBy) : std::nullopt;
    if (!title) table.refuse(trf("choose who casts {0}, or PASS", table.title(casting.spell)));
    const std::string card = card_id_from_title(*title);
    const Company* at = nullptr;
    const Member* caster = member_of(table, card, &at);
    if (!caster || caster->kind != "personality" || at->owner != table.acting()) {
      table.refuse(trf("\"{0}\": no personality of {1}", choose->label, table.name(table.acting())));
    }
    // OA-50: "can only be used by spellcasters" (OA:641).
    std::vector<std::string> reasons;
    if (!yes(table, card, "spellcaster")) reasons.push_back(trf("{0} is no spellcaster (OA:641)", table.title(card)));
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
  const auto title = choose ? name_in(choose->label, kHelper) : std::nullopt;
  if (!title) table.refuse(tr("choose a spellcaster who bows to help, or OK to cast"));
  const std::string card = card_id_from_title(*title);
  for (const Member* m : helpers_offered(table)) {
    if (m->card != card) continue;
    table.check(yes(table, card, "spellcaster"), trf("{0} is no spellcaster: only spellcasters help a ritual (OA:647)", table.title(card)));
    for (Company& c : table.data.companies) {
      for (Member& x : c.members) {
        if (x.card == card) x.bowed = true;
      }
    }
    casting.helpers.push_back(card);
    table.log(trf("{0} bows to help the ritual: +1 mind (OA:647-649)", table.title(card)));
    return "ritual_helper";
  }
  table.refuse(trf("\"{0}\" is no ready personality with the caster", choose->label));
}

Prompt spell_prompt(const Table& table) {
  const Casting& casting = *table.data.casting;
  Prompt prompt;
  prompt.seat = table.acting();
  if (casting.caster.empty()) {
    prompt.text = trf("Who casts {0}?", table.title(casting.spell));
    for (const Company& c : table.data.companies) {
      if (c.owner != table.acting()) continue;
      for (const Member& m : c.members) {
        if (m.kind != "personality") continue;
        // The first spellcaster the table told of is the likely caster (OA:641; issue [3/8]).
        if (prompt.likely < 0 && said_yes(table, m.card, "spellcaster")) prompt.likely = static_cast<int>(prompt.options.size());
        prompt.add(say(kCastBy, table.title(m.card)));
      }
    }
    prompt.pass = tr("not cast");
    return prompt;
  }
  prompt.text = trf("Ritual: who bows to help {0}? OK to cast", table.title(casting.caster));
  for (const Member* m : helpers_offered(table)) prompt.add(say(kHelper, table.title(m->card)));
  prompt.ok = tr("cast");
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
      reasons.push_back(trf("{0} is keyed to {1}, not {2} (OA:99)", table.title(member.card), region_name(keyed.value_or(here.region)),
                            region_name(here.region)));
    }
  }
  // OA-51: a Great Sword "may be played again on a personality in same region as the original
  // version of that Great Sword" (OA:661-665); the original goes after (replace_great_sword).
  if (great_sword(table, member.card)) {
    for (const Company& c : table.data.companies) {
      for (const Member& m : c.members) {
        const Location& original = table.data.locations.at(static_cast<std::size_t>(c.location));
        if (m.card != member.card || m.copy == member.copy || original.region == here.region) continue;
        reasons.push_back(trf("{0} is in play at {1}: played again only in its region, {2} (OA:661-665)", table.title(member.card),
                              table.title(original.card), region_name(original.region)));
      }
    }
  }
  // OA-23: "There can be only one banner per company" (OA:739-741); meta-companies are not kept.
  if (member.kind == "item" && joined && yes(table, member.card, "banner")) {
    for (const Member& m : joined->members) {
      if (m.kind == "item" && yes(table, m.card, "banner")) {
        reasons.push_back(trf("{0} carries {1}: one banner a company (OA:739-741)", table.company_words(*joined), table.title(m.card)));
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
      for (std::size_t i = 0; i < titles.size(); ++i) {
        names += (i == 0 ? std::string() : i + 1 == titles.size() ? std::string(tr(" and ")) : std::string(", ")) + titles[i];
      }
      reasons.push_back(where.empty() ? trf("{0} is at enmity with {1}: not in one company (OA:775-785)", table.title(member.card), names)
                                      : trf("{0} is at enmity with {1}: not on one player's side of {2} (OA:775-785)",
                                            table.title(member.card), names, where));
    };
    enmity(in_company, "");
    enmity(beside, table.title(here.card));
  }
  // OA-18: "A unique card cannot be played while it is in play" (OA:801-803): another copy of the
  // title in play, the card told unique (asked once a card); a Great Sword is OA-51's.
  if (!great_sword(table, member.card)) {
    for (const Company& c : table.data.companies) {
      const bool other_copy = std::any_of(c.members.begin(), c.members.end(), [&](const Member& m) {
        return m.card == member.card && m.copy != member.copy;
      });
      if (other_copy && yes(table, member.card, "unique")) {
        reasons.push_back(trf("{0} is unique and in play already (OA:801-803)", table.title(member.card)));
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
      reasons.push_back(trf("the personalities of {0} lead {1} armies by their tactics; this would be {2} (OA:841)",
                            table.company_words(*joined), tactics, joined->armies() + 1));
    }
  }
  // OA-54: "Sithi/Norn: may not use iron weapons / items" (OA:863).
  if (member.kind == "item" && joined && yes(table, member.card, "iron")) {
    for (const Member& m : joined->members) {
      if (m.kind != "personality") continue;
      for (const std::string& a : table.allegiances(m.card)) {
        if (a == "Sithi" || a == "Norn") reasons.push_back(trf("{0} is {1}: no iron item in the company (OA:863)", table.title(m.card), a));
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
      table.log(trf("The original {0} at {1} is discarded (OA:665)", table.title(member.card), table.title(original.card)));
      // Only the sword leaves: its company keeps its personality, so no company is emptied here
      // (the caller holds a pointer into the companies).
      std::erase_if(c.members, [&](const Member& x) { return x.card == member.card && x.copy != member.copy; });
      return;
    }
  }
}

// The card values the table may be asked for, as a question names them (FlowModule's stat_words
// says an id's "_" as " "): here for the catalog, which xgettext reads from the sources.
[[maybe_unused]] constexpr const char* kAskedValueWords[] = {
    N_("strength"), N_("will"), N_("tactics"), N_("cohesion"), N_("automatic attack strikes"),
    N_("automatic attack strength"), N_("automatic attack type"), N_("strength bonus"), N_("spell kind"),
    N_("spell level"), N_("rulership"), N_("rulership attribute"), N_("region"), N_("home region"), N_("ranged"),
    N_("leadership specific"), N_("leadership generic"), N_("combat value"), N_("initiative"), N_("loyalty"),
    N_("mind"), N_("priest"), N_("noble"), N_("knight"), N_("mercenary"), N_("cavalry"), N_("aggressive"),
    N_("fortress"), N_("other faction keywords"),
};

}  // namespace seneschal::engine::ostenard
