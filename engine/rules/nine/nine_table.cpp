// The books' helpers: what the faces show (taught at the table), what a structure costs, what may
// pay a build, and the moves every flow shares (a build, a flip, the refresh).
#include <algorithm>
#include <cctype>

#include "nine_flows.hpp"
#include "nine_teach.hpp"

namespace seneschal::engine::nine {
namespace {

Data& data_of(TableState& state) { return static_cast<Data&>(*state.data.get()); }

constexpr const char* kTopResource = "top_resource";
constexpr const char* kBottomResource = "bottom_resource";
constexpr const char* kLeftStructure = "left_structure";
constexpr const char* kRightStructure = "right_structure";

constexpr const char* kNothingMore = "Nothing more";
constexpr const char* kEitherOfTwo = "Either of two";
constexpr const char* kNothing = "Nothing";
constexpr const char* kProvides = "provides";

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

// "deck Crew", "Tavern #2 Crew"; short, for a button: "Tavern #2" (a structure provides one thing).
std::string source_words(const Table& table, const Source& source, bool short_form) {
  const std::string resource = std::string(resource_name(source.resource)) + (source.bottom ? " (bottom)" : "");
  switch (source.kind) {
    case Source::Kind::DeckTop:
      return "deck " + resource;
    case Source::Kind::Center:
      return "centre " + resource;
    case Source::Kind::DiscardTop:
      return "discard " + resource;
    case Source::Kind::City: {
      const Built& built = table.data.city.at(static_cast<std::size_t>(source.index));
      int same = 0;
      int nth = 0;
      for (std::size_t i = 0; i < table.data.city.size(); ++i) {
        if (table.data.city[i].name != built.name) continue;
        ++same;
        if (static_cast<int>(i) <= source.index) ++nth;
      }
      return built.name + (same > 1 ? " #" + std::to_string(nth) : "") + (short_form ? "" : " " + resource);
    }
  }
  return resource;
}

// In the book's order (N9:36-41), Crew first: the resource every structure needs (N9:99) is the
// likeliest answer, on the first row.
std::vector<std::string> resource_words() {
  std::vector<std::string> words;
  for (Resource r : {Resource::Crew, Resource::Food, Resource::Lumber, Resource::Stone, Resource::Ore, Resource::Gold}) {
    words.emplace_back(resource_name(r));
  }
  return words;
}

const std::array<FaceField, 4>& face_fields() {
  static const std::array<FaceField, 4> kFields = {{{kTopResource, N_("top resource"), true},
                                                    {kBottomResource, N_("bottom resource"), true},
                                                    {kLeftStructure, N_("left structure"), false},
                                                    {kRightStructure, N_("right structure"), false}}};
  return kFields;
}

std::optional<FaceId> face_of_id(const std::string& id) {
  if (id.size() != 2 || id[0] < '1' || id[0] > '9' || (id[1] != 'A' && id[1] != 'B')) return std::nullopt;
  return FaceId{id[0] - '0', id[1]};
}

std::string face_id(int card, char face) { return std::to_string(card) + face; }

std::string resource_list(const std::vector<Resource>& resources) {
  std::string words;
  for (Resource r : resources) words += (words.empty() ? "" : ", ") + resource_said(r);
  return words.empty() ? std::string(tr("nothing")) : words;
}

bool same_source(const Source& a, const Source& b) {
  return a.kind == b.kind && a.card == b.card && a.index == b.index && a.bottom == b.bottom;
}

std::vector<Source> common_sources(const std::vector<std::vector<Source>>& ways) {
  std::vector<Source> common;
  if (ways.empty()) return common;
  for (const Source& s : ways.front()) {
    const bool everywhere = std::all_of(ways.begin(), ways.end(), [&](const std::vector<Source>& way) {
      return std::any_of(way.begin(), way.end(), [&](const Source& t) { return same_source(s, t); });
    });
    if (everywhere) common.push_back(s);
  }
  return common;
}

std::string way_label(const Table& table, const std::vector<Source>& way, const std::vector<Source>& common) {
  std::string words;
  for (const Source& source : way) {
    if (std::any_of(common.begin(), common.end(), [&](const Source& c) { return same_source(source, c); })) continue;
    words += (words.empty() ? "" : " + ") + source_words(table, source, true);
  }
  return words;
}

std::string way_words(const Table& table, const std::vector<Source>& way) {
  if (way.empty()) return tr("nothing");
  std::string words;
  for (const Source& source : way) words += (words.empty() ? "" : " + ") + source_words(table, source);
  return words;
}

Table::Table(const Rules& rules) : Rules(rules), data(data_of(rules.state)) {}

std::string Table::card_words(int n) const { return trf("Card {0}", face_id(n, card(n).face)); }

// --- the faces

Resource Table::resource_at(int n, char face, int quarter) const {
  const std::string stat = quarter == 180 ? kBottomResource : kTopResource;
  const std::string told = word(Subject{face_id(n, face), 0, {}}, stat, resource_words());
  return resource_from_name(told).value_or(Resource::Crew);
}

std::string Table::structure_at(int n, char face, bool left) const {
  const FaceField& field = face_fields().at(left ? 2 : 3);
  return word(Subject{face_id(n, face), 0, {}}, field.stat, face_words(face_id(n, face), field));
}

std::vector<std::string> Table::face_words(const std::string& id, const FaceField& field) const {
  if (field.resource) return resource_words();
  if (std::string_view(field.stat) != kRightStructure) return face_structure_words();
  return face_structure_words(told_word(Subject{id, 0, {}}, kLeftStructure));
}

void Table::learn_face(int n, char face) const {
  const Subject subject{face_id(n, face), 0, {}};
  for (const FaceField& field : face_fields()) word(subject, field.stat, face_words(subject.card, field));
}

bool Table::face_known(int n, char face) const {
  try {
    learn_face(n, face);
    return true;
  } catch (const Ask&) {
    return false;
  }
}

// A structure's cost, needs, product and shield: the card data's where it states them (the
// Tavern, the Castle), else asked the first time the structure is built (B8): the cost and what it
// gives each one choice of the likely ones (nine_teach.hpp), item by item where none fits.
Structure Table::structure(const std::string& name) const {
  const Card* found = cards.find_by_title(name);
  if (!found) refuse(trf("\"{0}\" is not one of Nine's 13 structures", name));
  const Subject subject{found->id, 0, {}};
  Structure s;
  s.name = name;
  s.high = is_high_structure(name);
  bool cost_printed = false;
  for (int r = 0; r < 6; ++r) {
    const auto resource = static_cast<Resource>(r);
    if (auto count = found->stat("cost_" + lower(resource_name(resource)))) {
      cost_printed = true;
      for (int i = 0; i < *count; ++i) s.cost.push_back({resource});
    }
  }
  if (!cost_printed) s.cost = taught_cost(subject);
  bool needs_printed = false;
  for (const char* needed : {"Armoury", "Stonemason", "Goldsmith"}) {
    if (auto count = found->stat("requires_" + lower(needed))) {
      needs_printed = true;
      for (int i = 0; i < *count; ++i) s.needs.emplace_back(needed);
    }
  }
  // Only the high structures are known to need others (the Castle, N9:55); a basic one is not asked.
  if (!needs_printed && s.high) {
    std::vector<std::string> words;
    for (const std::string& other : structure_names()) {
      if (!is_high_structure(other)) words.push_back(other);
    }
    words.emplace_back(kNothingMore);
    for (int item = 1; item <= 6; ++item) {
      const std::string told = word(subject, "needs_" + std::to_string(item), words);
      if (told == kNothingMore) break;
      s.needs.push_back(told);
    }
  }
  // What it provides printed (Saw Mill, Quarry, Farm, Tavern: N9:132-138) or told apart in an older
  // state: its shield alone is asked. Else both are one choice (`product_and_shield`), told apart
  // after "Something else".
  std::optional<Gives> gives;
  if (!told_word(subject, kProvides)) gives = gives_of(word(subject, kGivesStat, gives_words(s.high)));
  if (gives) {
    s.provides = gives->provides;
    s.vp = gives->vp;
  } else {
    std::vector<std::string> products = resource_words();
    products.emplace_back(kNothing);
    s.provides = resource_from_name(word(subject, kProvides, products));
    s.vp = number(subject, "points", 0, 30);
  }
  return s;
}

std::optional<std::string> Table::told_word(const Subject& subject, const std::string& stat) const {
  try {
    return word(subject, stat, {});
  } catch (const Ask&) {
    return std::nullopt;
  }
}

// A structure's cost as the table tells it: one choice of whole costs (`cost`), or item by item
// (`cost_1` ...) after "Crew + more" (from the second item on) or "Other cost"; an older state's
// items, told before the whole cost was asked, are read as they are.
std::vector<CostItem> Table::taught_cost(const Subject& subject) const {
  int first = 1;
  std::vector<CostItem> cost;
  if (told_word(subject, kWholeCostStat) || !told_word(subject, "cost_1")) {
    const std::string whole = word(subject, kWholeCostStat, whole_cost_words());
    if (auto items = whole_cost(whole)) return *items;
    if (whole == kCrewAndMore) {
      cost.push_back({Resource::Crew});
      first = 2;
    }
  }
  std::vector<std::string> words = resource_words();
  words.emplace_back(kEitherOfTwo);
  words.emplace_back(kNothingMore);
  for (int item = first; item <= 8; ++item) {
    const std::string stat = "cost_" + std::to_string(item);
    const std::string told = word(subject, stat, words);
    if (told == kNothingMore) break;
    if (told == kEitherOfTwo) {
      const auto a = resource_from_name(word(subject, stat + "_slash_left", resource_words()));
      const auto b = resource_from_name(word(subject, stat + "_slash_right", resource_words()));
      cost.push_back({a.value_or(Resource::Crew), b.value_or(Resource::Crew)});
    } else {
      cost.push_back({resource_from_name(told).value_or(Resource::Crew)});
    }
  }
  return cost;
}

// --- the play area

std::optional<int> Table::discard_top() const {
  if (data.discard.empty()) return std::nullopt;
  return data.discard.back();
}

bool Table::discard_usable() const {
  const auto top = discard_top();
  return top && std::find(data.used_discards.begin(), data.used_discards.end(), *top) == data.used_discards.end();
}

std::optional<Resource> Table::top_resource(int n) const {
  const PhysicalCard& c = card(n);
  if (!c.quarter || (*c.quarter != 0 && *c.quarter != 180)) return std::nullopt;
  return resource_at(n, c.face, *c.quarter);
}

std::vector<Source> Table::sources(int built_card) const {
  std::vector<Source> out;
  auto active = [&](std::optional<int> n, Source::Kind kind) {
    if (!n || *n == built_card) return;
    if (auto r = top_resource(*n)) out.push_back({kind, *n, -1, *r});
  };
  active(data.deck_top, Source::Kind::DeckTop);
  active(data.center, Source::Kind::Center);
  if (discard_usable()) active(discard_top(), Source::Kind::DiscardTop);
  for (std::size_t i = 0; i < data.city.size(); ++i) {
    const Built& built = data.city[i];
    if (built.tilted) continue;
    if (auto r = structure(built.name).provides) out.push_back({Source::Kind::City, built.card, static_cast<int>(i), *r});
  }
  return out;
}

int Table::deck_count() const {
  return static_cast<int>(std::count_if(data.cards.begin(), data.cards.end(),
                                        [](const PhysicalCard& c) { return c.place == Place::Deck; }));
}

std::vector<std::string> Table::city_names() const {
  std::vector<std::string> names;
  for (const Built& built : data.city) names.push_back(built.name);
  return names;
}

// --- moves

namespace {

// Every set of sources that pays the cost exactly (nothing offered that it does not need, N-7),
// smallest first. A play area and a city offer a dozen sources at most: every subset is tried.
std::vector<std::vector<Source>> exact_ways(const Structure& structure, const std::vector<Source>& sources) {
  std::vector<std::vector<Source>> ways;
  const std::size_t n = std::min<std::size_t>(sources.size(), 14);
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    std::vector<Resource> offered;
    std::vector<Source> way;
    for (std::size_t i = 0; i < n; ++i) {
      if (mask & (1u << i)) {
        offered.push_back(sources[i].resource);
        way.push_back(sources[i]);
      }
    }
    if (static_cast<int>(offered.size()) != static_cast<int>(structure.cost.size())) continue;
    const Payment payment = pay(structure, offered);
    if (payment.paid && payment.unused.empty()) ways.push_back(std::move(way));
  }
  return ways;
}

}  // namespace

void Table::check_build(int n, bool left, Place from, const Structure& structure) const {
  std::vector<std::string> reasons;
  // N-4 (B7.1): the target card's other structure is not built.
  if (from == Place::Target && n == data.target && left != data.target_left) {
    reasons.push_back(trf("the target card's other structure, {0}, is not built this game (N9:93)", structure.name));
  }
  // N-5: only a visible structure, on an active card or the target (N9:59, 128).
  const bool visible = (from == Place::Target) || (from == Place::Center && data.center == n) ||
                       (from == Place::Deck && data.deck_top == n) || (from == Place::Discard && discard_top() == n);
  if (!visible) reasons.push_back(trf("{0} is not in the play area: only a visible structure is built (N9:128)", card_words(n)));
  // N-14: the structures it needs stand in the city (N9:55; B7.7).
  const auto missing = missing_requirements(structure, city_names());
  if (!missing.empty()) {
    std::string list;
    for (const std::string& m : missing) list += (list.empty() ? "" : ", ") + m;
    reasons.push_back(trf("{0} needs {1} in the city first (N9:55)", structure.name, list));
  }
  // N-23 (B7.9): a demolished card comes back with the next round's deck.
  if (std::find(data.demolished.begin(), data.demolished.end(), n) != data.demolished.end()) {
    reasons.push_back(trf("{0} was demolished this round: it is used from the next round on (N9:187)", card_words(n)));
  }
  check(reasons.empty(), joined_reasons(reasons));
}

void Table::begin_build(int n, bool left, Place from) {
  const PhysicalCard& c = card(n);
  const std::string name = structure_at(n, c.face, left);
  const Structure structure = this->structure(name);
  check_build(n, left, from, structure);
  auto ways = exact_ways(structure, sources(n));
  data.paying = Build{n, c.face, left, name, from, std::move(ways), false, {}, {}};
  if (data.paying->ways.empty()) {
    // Nothing on offer pays it exactly: the table says what paid, and hears what that breaks.
    data.paying->picking = true;
    data.step = Step::Paying;
  } else if (data.paying->ways.size() == 1) {
    finish_build(data.paying->ways.front());
  } else {
    data.step = Step::Paying;
  }
}

void Table::finish_build(std::vector<Source> way) {
  const Build build = *data.paying;
  data.paying.reset();
  data.step = Step::Play;
  PhysicalCard& c = card(build.card);
  // Off the play area first, so the paying cards' flips land on the pile below nothing stale.
  if (data.deck_top == build.card) data.deck_top.reset();
  if (data.center == build.card) data.center.reset();
  if (discard_top() == build.card) data.discard.pop_back();
  c.place = Place::City;
  c.quarter = build.left ? 90 : 270;
  data.city.push_back({build.card, build.face, build.left, build.name, data.round, false});
  std::vector<int> flipped;  // a card pays once, whichever of its edges the table counted
  for (const Source& source : way) {
    // The built card's own resource (N-13 overridden) went to the city with it.
    if (source.kind != Source::Kind::City && source.card == build.card) continue;
    if (std::find(flipped.begin(), flipped.end(), source.card) != flipped.end()) continue;
    flipped.push_back(source.card);
    switch (source.kind) {
      case Source::Kind::DeckTop:
        data.deck_top.reset();
        flip_to_discard(source.card);
        break;
      case Source::Kind::Center:
        data.center.reset();
        flip_to_discard(source.card);
        break;
      case Source::Kind::DiscardTop:
        data.used_discards.push_back(source.card);  // tilted (N9:113)
        break;
      case Source::Kind::City:
        data.city.at(static_cast<std::size_t>(source.index)).tilted = true;  // N9:115
        break;
    }
  }
  log(trf("Built {0} (card {1}) in round {2}'s column, paid with {3}", build.name, face_id(build.card, build.face), data.round,
          way_words(*this, way)));
  ++data.turn;
  refresh();
}

void Table::flip_to_discard(int n) {
  PhysicalCard& c = card(n);
  c.place = Place::Discard;
  c.face = other_face(c.face);
  c.quarter.reset();
  data.discard.push_back(n);
  data.unseen_flips.push_back(n);
}

void Table::refresh() {
  if (!data.center && data.deck_top) {
    data.center = data.deck_top;
    data.deck_top.reset();
    card(*data.center).place = Place::Center;
  }
  if (data.step == Step::Play && !data.center && deck_count() == 0) {
    data.step = Step::RoundEnd;
    log(trf("Round {0} played through: turn the discard pile over", data.round));
  }
}

void Table::seen(int n, char face, std::optional<int> quarter) {
  PhysicalCard& c = card(n);
  c.face = face;
  if (quarter) {
    c.quarter = quarter;
    if (*quarter == 0 || *quarter == 180) c.last_quarter[face == 'A' ? 0 : 1] = quarter;
  }
  std::erase(data.unseen_flips, n);
}

// The card values the table may be asked for, as a question names them (FlowModule's stat_words
// says an id's "_" as " "): here for the catalog, which xgettext reads from the sources.
[[maybe_unused]] constexpr const char* kAskedValueWords[] = {
    N_("provides"), N_("needs {0}"), N_("cost {0}"), N_("cost {0} slash left"), N_("cost {0} slash right"), N_("points"),
    N_("cost"), N_("product and shield"),
};

}  // namespace seneschal::engine::nine
