// The payment of a build (N9:110-115, GAMES.md B2 turn): one of the exact ways the play area and
// city allow, chosen by button or told by the camera seeing a payer flipped onto the pile; or,
// when the table paid otherwise, the payment as it made it, entered source by source from
// everything in the play area and the city (used or not, bottom edges, the card's own), and every
// rule it breaks said in one check (N-7 .. N-13) the table may override (issue 37).
#include <algorithm>

#include "nine_flows.hpp"

namespace seneschal::engine::nine {
namespace {

constexpr const char* kSomethingElse = N_("Something else paid");
constexpr const char* kPaidWithThese = N_("Paid with these");

bool used_discard(const Table& table, int n) {
  const auto& used = table.data.used_discards;
  return std::find(used.begin(), used.end(), n) != used.end();
}

bool own_card(const Build& build, const Source& source) {
  return source.kind != Source::Kind::City && source.card == build.card;
}

bool tilted(const Table& table, const Source& source) {
  return source.kind == Source::Kind::City && table.data.city.at(static_cast<std::size_t>(source.index)).tilted;
}

// A candidate's button: its words and what the book says against it ("discard Crew (used)").
std::string candidate_words(const Table& table, const Build& build, const Source& source) {
  std::vector<std::string> notes;
  if (tilted(table, source) || (source.kind == Source::Kind::DiscardTop && used_discard(table, source.card))) notes.push_back("used");
  if (own_card(build, source)) notes.push_back("own card");
  if (source.bottom) notes.insert(notes.begin(), "bottom");
  Source plain = source;
  plain.bottom = false;
  std::string words = source_words(table, plain, true);
  if (source.kind == Source::Kind::City) words += " " + std::string(resource_name(source.resource));
  for (std::size_t i = 0; i < notes.size(); ++i) words += (i == 0 ? " (" : ", ") + notes[i] + (i + 1 == notes.size() ? ")" : "");
  return words;
}

std::string toggle_label(const Table& table, const Build& build, const Source& source) {
  const bool taken = std::any_of(build.picked.begin(), build.picked.end(), [&](const Source& p) { return same_source(p, source); });
  return (taken ? "- " : "+ ") + candidate_words(table, build, source);
}

// A payer's top edge, as it lies in the play area.
std::optional<Source> top_source(const Table& table, int n) {
  const Data& data = table.data;
  const auto resource = table.top_resource(n);
  if (!resource) return std::nullopt;
  if (data.deck_top == n) return Source{Source::Kind::DeckTop, n, -1, *resource};
  if (data.center == n) return Source{Source::Kind::Center, n, -1, *resource};
  return std::nullopt;
}

void apply_flips_seen(Table& table, const std::vector<std::pair<int, int>>& flips) {
  for (const auto& [n, quarter] : flips) {
    const char face = table.card(n).face;
    table.learn_face(n, face);
    table.seen(n, face, quarter);
    std::erase(table.data.discard, n);
    table.data.discard.push_back(n);
  }
}

std::string finish_picked(Table& table) {
  Build& build = *table.data.paying;
  const std::string faults = payment_faults(table, build, build.picked);
  table.check(faults.empty(), faults);
  const auto flips = build.flips_seen;
  table.finish_build(build.picked);
  apply_flips_seen(table, flips);
  return "structure_paid";
}

}  // namespace

void second_build(Table& table) {
  Build& build = *table.data.paying;
  table.check(false, trf("one structure per turn: {0} still waits for its payment (N9:110)", build.name));
  if (build.picking) {
    finish_picked(table);
  } else {
    table.finish_build(build.ways.front());
  }
}

std::string joined_reasons(const std::vector<std::string>& reasons) {
  std::string words;
  for (const std::string& reason : reasons) words += (words.empty() ? "" : "; ") + reason;
  return words;
}

std::vector<Source> payment_candidates(const Table& table, const Build& build) {
  const Data& data = table.data;
  std::vector<Source> out;
  auto active = [&](std::optional<int> n, Source::Kind kind) {
    if (!n) return;
    const PhysicalCard& c = table.card(*n);
    if (!c.quarter || (*c.quarter != 0 && *c.quarter != 180)) return;
    out.push_back({kind, *n, -1, table.resource_at(*n, c.face, *c.quarter)});
    out.push_back({kind, *n, -1, table.resource_at(*n, c.face, *c.quarter == 0 ? 180 : 0), true});
  };
  active(data.deck_top, Source::Kind::DeckTop);
  active(data.center, Source::Kind::Center);
  active(table.discard_top(), Source::Kind::DiscardTop);
  for (std::size_t i = 0; i < data.city.size(); ++i) {
    if (data.city[i].card == build.card) continue;
    if (auto r = table.structure(data.city[i].name).provides) {
      out.push_back({Source::Kind::City, data.city[i].card, static_cast<int>(i), *r});
    }
  }
  return out;
}

// Every rule the payment breaks, in B3's order, as one check's words; "" when it pays.
std::string payment_faults(const Table& table, const Build& build, const std::vector<Source>& way) {
  std::vector<Resource> offered;
  for (const Source& s : way) offered.push_back(s.resource);
  std::vector<CostFault> faults = cost_faults(table.structure(build.name), offered);
  auto named = [&](auto which) {
    std::string words;
    for (const Source& s : way) {
      if (which(s)) words += (words.empty() ? "" : ", ") + source_words(table, s, s.kind == Source::Kind::City);
    }
    return words;
  };
  // N-8: only an active card's top resource counts (N9:110, 130).
  if (auto bottom = named([](const Source& s) { return s.bottom; }); !bottom.empty()) {
    faults.push_back({8, trf("{0}: only a card's top resource counts (N9:130)", bottom)});
  }
  // N-11: a structure provides its resource once per round (N9:115).
  if (auto used = named([&](const Source& s) { return tilted(table, s); }); !used.empty()) {
    faults.push_back({11, trf("{0} provided its resource already this round (N9:115)", used)});
  }
  // N-12: the pile's top card pays once per round (N9:113; a demolished card not at all, B7.9).
  if (auto used = named([&](const Source& s) { return s.kind == Source::Kind::DiscardTop && used_discard(table, s.card); });
      !used.empty()) {
    faults.push_back({12, trf("{0} was used this round (N9:113)", used)});
  }
  // N-13 (B7.2): a card does not pay for the structure it carries.
  if (std::any_of(way.begin(), way.end(), [&](const Source& s) { return own_card(build, s); })) {
    faults.push_back({13, trf("{0} does not pay for its own {1} (GAMES.md B7.2)", table.card_words(build.card), build.name)});
  }
  std::stable_sort(faults.begin(), faults.end(), [](const CostFault& a, const CostFault& b) { return a.rule < b.rule; });
  std::vector<std::string> reasons;
  for (const CostFault& f : faults) reasons.push_back(f.reason);
  return joined_reasons(reasons);
}

// While a build waits for its payment, a paying card the camera sees flipped tells which way; a
// card no exact way has turns the payment into the table's own, with that card in it.
std::string paying_sighting(Table& table, int n, char face, const std::string& zone, int quarter) {
  Data& data = table.data;
  Build& build = *data.paying;
  if (zone != "discard" || face != other_face(table.card(n).face)) return "";
  if (!build.picking) {
    std::vector<std::vector<Source>> kept;
    for (const auto& way : build.ways) {
      if (std::any_of(way.begin(), way.end(), [&](const Source& s) {
            return s.card == n && (s.kind == Source::Kind::DeckTop || s.kind == Source::Kind::Center);
          })) {
        kept.push_back(way);
      }
    }
    if (kept.size() > 1) {
      build.ways = std::move(kept);
      table.log(trf("{0} paid for {1}", table.card_words(n), build.name));
      return "payment_narrowed";
    }
    if (kept.size() == 1) {
      table.finish_build(kept.front());
      apply_flips_seen(table, {{n, quarter}});
      return "structure_paid";
    }
    build.picking = true;
  }
  const auto source = top_source(table, n);
  if (!source) table.refuse(trf("{0} is not in the play area to pay for {1}", table.card_words(n), build.name));
  if (std::none_of(build.picked.begin(), build.picked.end(), [&](const Source& p) { return p.card == n; })) {
    build.picked.push_back(*source);
  }
  build.flips_seen.emplace_back(n, quarter);
  table.log(trf("{0} paid for {1}: what else paid?", table.card_words(n), build.name));
  return "payment_picked";
}

std::string paying_step(Table& table, const Command& command) {
  Data& data = table.data;
  if (const auto* present = std::get_if<PresentCard>(&command)) return card_sighted(table, present->card_id, present->where);
  if (std::holds_alternative<Pass>(command)) {
    table.log(trf("Build of {0} taken back: nothing paid", data.paying->name));
    data.paying.reset();
    data.step = Step::Play;
    return "build_cancelled";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(trf("choose what paid for {0}", data.paying->name));
  Build& build = *data.paying;
  if (!build.picking) {
    if (chose_words(*choose, say(kSomethingElse))) {
      build.picking = true;
      return "payment_picking";
    }
    const auto common = common_sources(build.ways);
    for (const auto& way : build.ways) {
      if (way_label(table, way, common) == choose->label) {
        table.finish_build(way);
        return "structure_paid";
      }
    }
    table.refuse(trf("\"{0}\" is not offered now", choose->label));
  }
  if (chose_words(*choose, say(kPaidWithThese))) return finish_picked(table);
  for (const Source& source : payment_candidates(table, build)) {
    if (toggle_label(table, build, source) != choose->label) continue;
    const auto taken = std::find_if(build.picked.begin(), build.picked.end(), [&](const Source& p) { return same_source(p, source); });
    if (taken != build.picked.end()) build.picked.erase(taken);
    else build.picked.push_back(source);
    return "payment_picked";
  }
  table.refuse(trf("\"{0}\" is not offered now", choose->label));
}

Prompt paying_prompt(const Table& table) {
  Prompt prompt;
  const Build& build = *table.data.paying;
  prompt.takes_cards = true;
  prompt.pass = tr("take the build back");
  if (build.picking) {
    prompt.text = build.picked.empty()
                      ? trf("{0}: what paid? add each payer, then \"{1}\"", build.name, tr(kPaidWithThese))
                      : trf("{0}: what paid? {1}", build.name, way_words(table, build.picked));
    for (const Source& source : payment_candidates(table, build)) prompt.add(toggle_label(table, build, source));
    prompt.add(say(kPaidWithThese));
    return prompt;
  }
  const auto common = common_sources(build.ways);
  prompt.text = common.empty() ? trf("{0}: what paid for it?", build.name)
                               : trf("{0}: {1} and what else paid?", build.name, way_words(table, common));
  for (const auto& way : build.ways) prompt.add(way_label(table, way, common));
  prompt.add(say(kSomethingElse));
  return prompt;
}

}  // namespace seneschal::engine::nine
