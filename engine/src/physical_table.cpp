#include "seneschal/engine/physical_table.hpp"

#include <algorithm>

namespace seneschal::engine {
namespace {

std::string card_title(const CardDatabase& cards, const std::string& id, int copy) {
  const Card* card = cards.find(id);
  return (card ? card->title : id) + " #" + std::to_string(copy);
}

std::string zone_list(const std::vector<std::string>& zones) {
  std::string out;
  for (const std::string& zone : zones) out += (out.empty() ? "" : ", ") + zone;
  return out.empty() ? std::string(tr("none")) : out;
}

// A placement's seat, zone and quarter, checked against this game.
Result<void> check_placement(const TableState& state, const Placement& where, const std::vector<std::string>& zones) {
  if (where.seat < -1 || where.seat >= static_cast<int>(state.players.size())) {
    return fail(trf("seat {0} is not at this table (it has {1})", where.seat + 1, state.players.size()));
  }
  if (!where.zone.empty() && std::find(zones.begin(), zones.end(), where.zone) == zones.end()) {
    return fail(trf("{0} has no zone \"{1}\" (its zones: {2})", state.game, where.zone, zone_list(zones)));
  }
  if (where.quarter && !quarter_of(*where.quarter)) {
    return fail(trf("a card lies at 0, 90, 180 or 270 degrees, not {0}", *where.quarter));
  }
  return {};
}

TableCard placed(std::string card, int copy, const Placement& where) {
  TableCard entry;
  entry.card = std::move(card);
  entry.copy = copy;
  entry.seat = where.seat;
  entry.zone = where.zone;
  entry.quarter = where.quarter ? *quarter_of(*where.quarter) : 0;
  entry.placed = where.quarter.has_value();
  entry.x_mm = where.x_mm;
  entry.y_mm = where.y_mm;
  return entry;
}

// The entry after a placement that says only some of it: what it does not say stays. A seat or a
// zone said is the card's whole area (a card slid from Mark's area into the centre is in no seat).
TableCard moved(TableCard entry, const Placement& where) {
  if (where.area_said || where.seat >= 0 || !where.zone.empty()) {
    entry.seat = where.seat;
    entry.zone = where.zone;
  }
  if (where.quarter) {
    entry.quarter = *quarter_of(*where.quarter);
    entry.placed = true;
  }
  if (where.x_mm) entry.x_mm = where.x_mm;
  if (where.y_mm) entry.y_mm = where.y_mm;
  return entry;
}

nlohmann::json entry_json(const char* change, const TableCard& entry) {
  nlohmann::json out = {{"change", change}, {"card", entry.card}, {"copy", entry.copy}, {"quarter", entry.quarter}};
  if (entry.seat >= 0) out["seat"] = entry.seat;
  if (!entry.zone.empty()) out["zone"] = entry.zone;
  if (entry.x_mm) out["x_mm"] = *entry.x_mm;
  if (entry.y_mm) out["y_mm"] = *entry.y_mm;
  if (entry.placed) out["placed"] = true;
  return out;
}

EventDraft draft(const char* change, const TableCard& entry) { return {kTableEvent, entry_json(change, entry)}; }

Result<const TableCard*> lying(const TableState& state, const std::string& card, int copy, const CardDatabase& cards) {
  const TableCard* entry = state.on_table(card, copy);
  if (!entry) return fail(trf("{0} is not on the table", card_title(cards, card, copy)));
  return entry;
}

bool same_area(const TableCard& a, const TableCard& b) { return a.seat == b.seat && a.zone == b.zone; }

// Where a card lies, "at Mark's seat in centre" (`to`: where it went, "to Mark's seat in
// centre"); "" when in no known area. Zones are the module's names for them, as printed.
std::string area_phrase(const TableState& state, const TableCard& card, bool to) {
  const bool seated = card.seat >= 0 && card.seat < static_cast<int>(state.players.size());
  const std::string name = seated ? state.players[static_cast<std::size_t>(card.seat)].name : std::string();
  if (seated && !card.zone.empty()) {
    return to ? trf("to {0}'s seat in {1}", name, card.zone) : trf("at {0}'s seat in {1}", name, card.zone);
  }
  if (seated) return to ? trf("to {0}'s seat", name) : trf("at {0}'s seat", name);
  if (!card.zone.empty()) return to ? trf("to {0}", card.zone) : trf("in {0}", card.zone);
  return {};
}

}  // namespace

Result<std::optional<EventDraft>> table_change(const TableState& state, const Command& command,
                                               const std::vector<std::string>& zones, const CardDatabase& cards) {
  using Change = std::optional<EventDraft>;
  // A tag whose card the game's data does not hold is no card on this table (a misprint, another
  // edition): refused before anything is logged.
  const std::string& id = table_card_of(command).first;
  if (!cards.find(id)) return fail(trf("no card {0} in the {1} card data", id, state.game));
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    if (auto ok = check_placement(state, present->where, zones); !ok) return fail(ok.error().message);
    const TableCard* entry = state.on_table(present->card_id, present->copy);
    if (!entry) return Change{draft("appeared", placed(present->card_id, present->copy, present->where))};
    // Shown again: the table changes only if it now lies elsewhere or turned.
    const TableCard now = moved(*entry, present->where);
    if (!same_area(now, *entry)) return Change{draft("moved", now)};
    if (now.quarter != entry->quarter) return Change{draft("turned", now)};
    return Change{};
  }
  if (const auto* turn = std::get_if<TurnCard>(&command)) {
    const auto quarter = quarter_of(turn->quarter);
    if (!quarter) return fail(trf("a card turns to 0, 90, 180 or 270 degrees, not {0}", turn->quarter));
    auto entry = lying(state, turn->card_id, turn->copy, cards);
    if (!entry) return fail(entry.error().message);
    // The same quarter is news only for a card whose lie was never told (a bare scan).
    if ((*entry)->quarter == *quarter && (*entry)->placed) return Change{};
    TableCard now = **entry;
    now.quarter = *quarter;
    now.placed = true;
    return Change{draft("turned", now)};
  }
  if (const auto* move = std::get_if<MoveCard>(&command)) {
    if (auto ok = check_placement(state, move->where, zones); !ok) return fail(ok.error().message);
    auto entry = lying(state, move->card_id, move->copy, cards);
    if (!entry) return fail(entry.error().message);
    const TableCard now = moved(**entry, move->where);
    if (now == **entry) return Change{};
    return Change{draft("moved", now)};
  }
  if (const auto* left = std::get_if<CardLeft>(&command)) {
    auto entry = lying(state, left->card_id, left->copy, cards);
    if (!entry) return fail(entry.error().message);
    return Change{draft("left", **entry)};
  }
  return Change{};
}

EventDraft table_restored(const TableCard& was) { return draft("appeared", was); }

std::string table_card_words(const TableState& state, const TableCard& card, const CardDatabase& cards) {
  const std::string where = area_phrase(state, card, false);
  return card_title(cards, card.card, card.copy) + (where.empty() ? std::string() : " " + where) +
         (card.quarter != 0 ? ", " + trf("turned {0}", card.quarter) : std::string());
}

void apply_table_event(TableState& state, const Event& event, const CardDatabase& cards, bool alone) {
  const nlohmann::json& e = event.data;
  const std::string change = e.at("change").get<std::string>();
  TableCard entry;
  entry.card = e.at("card").get<std::string>();
  entry.copy = e.value("copy", 1);
  entry.seat = e.value("seat", -1);
  entry.zone = e.value("zone", std::string());
  entry.quarter = quarter_of(e.value("quarter", 0)).value_or(0);
  if (e.contains("x_mm")) entry.x_mm = e["x_mm"].get<double>();
  if (e.contains("y_mm")) entry.y_mm = e["y_mm"].get<double>();
  entry.placed = e.value("placed", false);
  entry.seen_ms = event.at_ms;
  auto found = std::find_if(state.table.begin(), state.table.end(),
                            [&](const TableCard& c) { return c.card == entry.card && c.copy == entry.copy; });
  std::string line;
  if (change == "left") {
    if (found != state.table.end()) state.table.erase(found);
    line = trf("{0} left the table", card_title(cards, entry.card, entry.copy));
  } else {
    if (found != state.table.end()) *found = entry;
    else state.table.push_back(entry);
    const std::string title = card_title(cards, entry.card, entry.copy);
    const std::string at = area_phrase(state, entry, false);
    if (change == "appeared") {
      line = trf("{0}: on the table", table_card_words(state, entry, cards));
    } else if (change == "turned") {
      // TRANSLATORS: {1} degrees; {2} where it lies, "at Mark's seat".
      line = at.empty() ? trf("{0} turned to {1}", title, entry.quarter) : trf("{0} turned to {1} {2}", title, entry.quarter, at);
    } else {
      line = at.empty() ? trf("{0} moved on the table", title) : trf("{0} moved {1}", title, area_phrase(state, entry, true));
    }
  }
  // TRANSLATORS: a log line of what the camera saw on the table.
  if (alone) state.log.push_back({event.seq, trf("Table: {0}", line)});
}

}  // namespace seneschal::engine
