#include "r9e_table.hpp"

#include <algorithm>
#include <cctype>

namespace seneschal::engine::r9e {
namespace {

Data& data_of(TableState& state) { return static_cast<Data&>(*state.data.get()); }

constexpr std::string_view kHero = "hero";
constexpr std::string_view kGuardian = "guardian";
constexpr std::string_view kItem = "item";

}  // namespace

Table::Table(const Rules& rules) : Rules(rules), data(data_of(rules.state)) {}

void Table::check_all(const std::vector<std::string>& broken) const {
  std::string reason;
  for (const std::string& rule : broken) reason += (reason.empty() ? "" : "; ") + rule;  // rules said whole
  check(broken.empty(), reason);
}

std::optional<int> Table::known(const std::string& id, std::string_view stat) const {
  return Rules::known(Subject{id, 0, {}}, stat);
}

int Table::value(const std::string& id, std::string_view stat) const { return Rules::number(Subject{id, 0, {}}, stat); }

namespace {

// The told value's name and its two answers: "Brutal_keyword" reads "Hektor's Brutal keyword"
// in the prompt and the log ("... is not printed (told at the table)").
// Both are the words the table chooses from and the log keeps (ids): the question shows them.
constexpr const char* kPrinted = N_("printed");
constexpr const char* kNotPrinted = N_("not printed");

std::string keyword_stat(std::string_view word) { return std::string(word) + "_keyword"; }

}  // namespace

std::optional<bool> Table::keyword_if_known(const std::string& id, std::string_view word) const {
  if (keywords_known(id)) return cards.find(id)->has_keyword(word);
  try {
    return Rules::word(Subject{id, 0, {}}, keyword_stat(word), {kPrinted, kNotPrinted}) == kPrinted;
  } catch (const Ask&) {
    return std::nullopt;
  }
}

bool Table::keyword(const std::string& id, std::string_view word) const {
  if (keywords_known(id)) return cards.find(id)->has_keyword(word);
  return Rules::word(Subject{id, 0, {}}, keyword_stat(word), {kPrinted, kNotPrinted}) == kPrinted;
}

bool Table::keywords_known(const std::string& id) const {
  const Card* found = cards.find(id);
  return found && found->sourced.count("keywords") > 0;
}

int Table::keyword_number(const std::string& id, std::string_view prefix) const {
  const Card* found = cards.find(id);
  if (!found) return 0;
  int total = 0;
  for (const std::string& word : found->keywords) {
    if (word.size() <= prefix.size() || word.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = word.substr(prefix.size());
    rest.erase(std::remove_if(rest.begin(), rest.end(), [](unsigned char c) { return std::isspace(c) || c == '+'; }),
               rest.end());
    if (!rest.empty() && std::all_of(rest.begin(), rest.end(), [](unsigned char c) { return std::isdigit(c); })) {
      total += std::stoi(rest);
    }
  }
  return total;
}

std::string Table::faction_of_stronghold(const std::string& id) const {
  const std::string stronghold = title(id);
  const auto& table = cards.tables();
  if (table.contains("factions") && table["factions"].contains("list")) {
    for (const auto& entry : table["factions"]["list"]) {
      if (entry.value("stronghold", "") == stronghold) return entry.value("faction", "");
    }
  }
  return stronghold;
}

bool Table::is_faction_keyword(const std::string& word) const {
  const auto& table = cards.tables();
  if (word == "Unaligned") return true;
  if (!table.contains("factions")) return false;
  for (const auto& entry : table["factions"].value("list", nlohmann::json::array())) {
    if (entry.value("faction", "") == word) return true;
  }
  for (const auto& other : table["factions"].value("other_faction_keywords", nlohmann::json::array())) {
    if (other == word) return true;
  }
  return false;
}

int Table::hand_size(int seat) const { return 4 + static_cast<int>(live_castles(seat).size()); }

std::vector<int> Table::opponents_with_castles(int seat) const {
  std::vector<int> out;
  for (int other = 0; other < seats(); ++other) {
    if (other != seat && !state.players[other].eliminated && !live_castles(other).empty()) out.push_back(other);
  }
  return out;
}

std::optional<int> Table::declare(const Assault& assault) {
  const int seat = state.to_act;
  SeatBooks& seat_books = books(seat);
  std::vector<std::string> broken;
  if (state.phase != assault.season) broken.push_back(trf(assault.out_of_season, tr(assault.season), tr(state.phase)));
  if (seat_books.*assault.done_this_turn) broken.push_back(trf(assault.again, name(seat)));
  check_all(broken);
  const std::vector<int> targets = opponents_with_castles(seat);
  if (targets.empty()) refuse(tr(assault.no_target));
  seat_books.*assault.done_this_turn = true;
  if (targets.size() == 1) {
    log(trf(assault.versus, name(seat), name(targets[0])));
    return targets[0];
  }
  log(trf(assault.declared, name(seat)));
  return std::nullopt;
}

std::optional<int> Table::defender_chosen(const Assault& assault, int seat, const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  if (std::holds_alternative<Pass>(command) || (choose && choose->label == kCancel)) {
    books(seat).*assault.done_this_turn = false;
    log(trf(assault.called_off, name(seat)));
    return std::nullopt;
  }
  if (!choose) refuse(trf(assault.choose, name(seat)));
  const int defender = seat_by_name(choose->label);
  const std::vector<int> targets = opponents_with_castles(seat);
  if (std::find(targets.begin(), targets.end(), defender) == targets.end()) {
    refuse(trf(assault.not_a_target, choose->label, name(seat)));
  }
  log(trf(assault.versus, name(seat), name(defender)));
  return defender;
}

Table::Found Table::find(int uid) const {
  for (int seat = 0; seat < seats(); ++seat) {
    if (CardInPlay* card = state.players[seat].find_uid(uid)) return {seat, card};
  }
  return {};
}

int Table::add_card(int seat, const std::string& id, int copy, bool bowed, int attach_to) {
  const int uid = data.next_uid++;
  CardInPlay card;
  card.card = id;
  card.copy = copy;
  card.bowed = bowed;
  card.uid = uid;
  card.attached_to = attach_to;
  state.players.at(seat).in_play.push_back(std::move(card));
  return uid;
}

std::vector<int> Table::attached(int uid) const {
  std::vector<int> out;
  for (const PlayerState& player : state.players) {
    for (const CardInPlay& card : player.in_play) {
      if (card.attached_to == uid) out.push_back(card.uid);
    }
  }
  return out;
}

bool Table::is_hero(int uid) const {
  const Found found = find(uid);
  if (!found.card) return false;
  const std::string t = type(found.card->card);
  return t == kHero || t == kGuardian;
}

std::vector<int> Table::heroes(int seat, bool unbowed_only) const {
  std::vector<int> out;
  for (const CardInPlay& card : state.players.at(seat).in_play) {
    const std::string t = type(card.card);
    if ((t == kHero || t == kGuardian) && (!unbowed_only || !card.bowed)) out.push_back(card.uid);
  }
  return out;
}

namespace {

int mod_of(const Data& data, int uid, int Mods::*field) {
  auto it = data.mods.find(uid);
  return it == data.mods.end() ? 0 : it->second.*field;
}

}  // namespace

int Table::item_bonus(int uid, std::string_view stat) const {
  const Found found = find(uid);
  return found.card && type(found.card->card) == kItem ? value(found.card->card, stat) : 0;
}

// "Items do not have their own Strength, Will, or Glory values; they add to the hero's values"
// (rules of play, line 460).
int Table::strength(int uid) const {
  const Found found = find(uid);
  if (!found.card) return 0;
  int total = value(found.card->card, "strength");
  for (int other : attached(uid)) total += item_bonus(other, "strength_bonus");
  total += mod_of(data, uid, &Mods::strength_turn) + mod_of(data, uid, &Mods::strength_marker);
  return std::max(0, total);  // "Zero": no numeral below zero, changes combined first
}

int Table::will(int uid) const {
  const Found found = find(uid);
  if (!found.card) return 0;
  int total = value(found.card->card, "will");
  for (int other : attached(uid)) total += item_bonus(other, "will_bonus");
  total += mod_of(data, uid, &Mods::will_turn) + mod_of(data, uid, &Mods::will_marker) -
           mod_of(data, uid, &Mods::wounds);
  return std::max(0, total);
}

int Table::glory(int uid) const {
  const Found found = find(uid);
  if (!found.card) return 0;
  int total = value(found.card->card, "glory");
  for (int other : attached(uid)) total += item_bonus(other, "glory_bonus");
  total += mod_of(data, uid, &Mods::glory_turn);
  return std::max(0, total);
}

// Options list one seat's cards, so a title is enough unless that seat has two copies; prompts
// that mix seats add the seat's name themselves.
std::string Table::label(int uid) const {
  const Found found = find(uid);
  if (!found.card) return "card " + std::to_string(uid);  // an id-like fallback, also an option's id
  int same_title = 0;
  for (const CardInPlay& card : state.players[found.seat].in_play) same_title += card.card == found.card->card ? 1 : 0;
  const std::string base = title(found.card->card);
  return same_title > 1 ? base + " #" + std::to_string(found.card->copy) : base;
}

int Table::uid_by_label(const std::vector<int>& uids, const std::string& wanted) const {
  for (int uid : uids) {
    if (label(uid) == wanted) return uid;
  }
  return 0;
}

void Table::remove(int uid, bool buried, bool absorbed) {
  const Found found = find(uid);
  if (!found.card) return;
  for (int other : attached(uid)) remove(other, absorbed && item_bonus(other, "strength_bonus") > 0, false);
  PlayerState& player = state.players[found.seat];
  const std::string id = found.card->card;
  const std::string what = label(uid);
  player.in_play.erase(std::remove_if(player.in_play.begin(), player.in_play.end(),
                                      [&](const CardInPlay& c) { return c.uid == uid; }),
                       player.in_play.end());
  data.mods.erase(uid);
  if (buried) data.seats.at(found.seat).buried.push_back(id);
  log(buried ? trf("{0} buries {1}", player.name, what) : trf("{0} discards {1}", player.name, what));
}

bool Table::bury_if_no_will(int uid) {
  const Found found = find(uid);
  if (!found.card || !is_hero(uid) || !known(found.card->card, "will")) return false;
  if (will(uid) > 0) return false;
  log(trf("{0} has no Will left", label(uid)));
  remove(uid, true);
  return true;
}

std::string Table::castle_label(int seat, int index) const {
  const std::string base = title(books(seat).castles.at(index).card);
  int same = 0;
  for (const CastleState& castle : books(seat).castles) same += title(castle.card) == base ? 1 : 0;
  return same > 1 ? base + " #" + std::to_string(index + 1) : base;
}

std::vector<int> Table::live_castles(int seat) const {
  std::vector<int> out;
  const auto& castles = books(seat).castles;
  for (int i = 0; i < static_cast<int>(castles.size()); ++i) {
    if (!castles[i].buried) out.push_back(i);
  }
  return out;
}

int Table::castle_by_label(int seat, const std::string& wanted) const {
  for (int index : live_castles(seat)) {
    if (castle_label(seat, index) == wanted) return index;
  }
  return -1;
}

void Table::bury_castle(int seat, int index) {
  CastleState& castle = books(seat).castles.at(index);
  castle.buried = true;
  castle.food = 0;
  books(seat).buried.push_back(castle.card);
  log(trf("{0}'s {1} is buried", name(seat), castle_label(seat, index)));
}

void Table::check_conquest(int by_seat) {
  for (int seat = 0; seat < seats(); ++seat) {
    if (seat == by_seat || state.players[seat].eliminated) continue;
    if (!live_castles(seat).empty()) return;
  }
  win(by_seat, N_("conquest"));  // the victory's kind, kept in the state: the view shows it
}

void check_unbowed(const Table& table, int hero) {
  table.check(!table.find(hero).card->bowed,
              trf("{0} is bowed: bowed cards cannot attack, defend, or raid", table.label(hero)));
}

std::vector<std::string> labels_of(const Table& table, const std::vector<int>& uids) {
  std::vector<std::string> out;
  out.reserve(uids.size());
  for (int uid : uids) out.push_back(table.label(uid));
  return out;
}

}  // namespace seneschal::engine::r9e

namespace seneschal::engine::r9e {

void offer(Prompt& prompt, const Words& label) { prompt.add(label, option_id(label.en)); }

void offer(Prompt& prompt, const char* word) { offer(prompt, say(word)); }

void offer(Prompt& prompt, const std::string& label) { prompt.add(label, option_id(label)); }

void offer(Prompt& prompt, const std::vector<Words>& labels) {
  for (const Words& label : labels) offer(prompt, label);
}

void offer(Prompt& prompt, const std::vector<std::string>& labels) {
  for (const std::string& label : labels) offer(prompt, label);
}

void set_options(Prompt& prompt, const std::vector<Words>& labels) {
  prompt.options.clear();
  offer(prompt, labels);
}

void set_options(Prompt& prompt, const std::vector<std::string>& labels) {
  prompt.options.clear();
  offer(prompt, labels);
}

std::vector<Words> as_words(const std::vector<std::string>& names) {
  std::vector<Words> out;
  out.reserve(names.size());
  for (const std::string& name : names) out.push_back(as_is(name));
  return out;
}

void offer_heroes(const Table& table, Prompt& prompt, const std::vector<int>& heroes, const std::string& done,
                  const std::string& call_off) {
  set_options(prompt, labels_of(table, heroes));
  offer(prompt, kDone);
  const auto ready = std::find_if(heroes.begin(), heroes.end(), [&](int uid) { return !table.find(uid).card->bowed; });
  prompt.likely = static_cast<int>(ready == heroes.end() ? heroes.size() : ready - heroes.begin());
  prompt.pass = call_off.empty() ? done : call_off;
  if (!call_off.empty()) offer(prompt, kCancel);
}

}  // namespace seneschal::engine::r9e
