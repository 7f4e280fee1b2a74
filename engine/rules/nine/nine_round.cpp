// Rounds (N9:103-124, GAMES.md B2): turns on the active cards, what the camera's sightings mean
// (a card in the city turned a quarter is a build, a card's other face on the pile a flip, the
// deck's next card its new top), the payment where it is the player's choice, the round's end and
// the game's end with its score.
#include <algorithm>

#include "nine_flows.hpp"

namespace seneschal::engine::nine {
namespace {

// The phase: an id kept in English in the state ("Round 2"), said through its form N_("Round {0}")
// (tr_id).
std::string round_words(int round) { return "Round " + std::to_string(round); }
[[maybe_unused]] constexpr const char* kIdForms[] = {N_("Round {0}"), N_("{0} VP")};

// The play prompt's options, said in the language set with their ids made from the English.
Words on_top_label(int n) { return say("Card {0} on top", n); }
Words up_label(Resource resource) { return say("{0} up", Words{resource_said(resource), std::string(resource_name(resource))}); }
// `where`: "centre", "deck", "discard", "target" or "set aside" (N_ where written).
Words build_label(const std::string& structure, const char* where) {
  // TRANSLATORS: Nine: build a structure from where its card lies: "Build Tavern (centre)".
  return say("Build {0} ({1})", structure, Words{tr(where), where});
}

// Where a card lies, for a build's N-5 check and its log.
Place place_of(const Table& table, int n) { return table.card(n).place; }

std::string lie_words(const Table& table, int n) {
  const PhysicalCard& c = table.card(n);
  if (!c.quarter || (*c.quarter != 0 && *c.quarter != 180)) return table.card_words(n);
  return trf("{0} ({1} up)", table.card_words(n), resource_said(table.resource_at(n, c.face, *c.quarter)));
}

void put_on_top(Data& data, int n) {
  std::erase(data.discard, n);
  data.discard.push_back(n);
}

// The camera saw a card's other face on the discard pile.
std::string discard_sighted(Table& table, int n, char face, int quarter) {
  Data& data = table.data;
  PhysicalCard& c = table.card(n);
  const bool unseen = std::find(data.unseen_flips.begin(), data.unseen_flips.end(), n) != data.unseen_flips.end();
  if (unseen) {
    // A card flipped in the books: its new lie, and the last seen of two lies on top (B7.3).
    table.check(face == c.face, trf("{0} was flipped onto the pile, but its face {1} is up: a flip turns the card over (N9:73)",
                                    table.card_words(n), face_id(n, face)));
    table.learn_face(n, face);
    table.seen(n, face, quarter);
    put_on_top(data, n);
    table.log(trf("{0} on the discard pile", lie_words(table, n)));
    return "card_flipped";
  }
  if (data.center == n && face == other_face(c.face)) {
    // No build: the centre card flips onto the pile (N9:116).
    table.learn_face(n, face);
    data.center.reset();
    c.place = Place::Discard;
    c.face = face;
    data.discard.push_back(n);
    table.seen(n, face, quarter);
    table.log(trf("Pass: {0} flipped from the centre onto the discard pile (N9:116)", lie_words(table, n)));
    ++data.turn;
    table.refresh();
    return "passed";
  }
  if (c.place == Place::Discard) {
    if (c.face == face && c.quarter == quarter) return "";
    table.learn_face(n, face);
    table.seen(n, face, quarter);
    table.log(trf("{0} lies on the discard pile", lie_words(table, n)));
    return "card_seen";
  }
  // N-16: only a paying card or the centre card (on a pass) goes to the pile.
  table.check(false, trf("{0} went to the discard pile, but it did not pay and is not the centre card (N9:114-116)",
                         table.card_words(n)));
  if (data.deck_top == n) data.deck_top.reset();
  if (data.center == n) data.center.reset();
  std::erase_if(data.city, [&](const Built& b) { return b.card == n; });
  table.learn_face(n, face);
  c.place = Place::Discard;
  data.discard.push_back(n);
  table.seen(n, face, quarter);
  table.log(trf("{0} put on the discard pile", lie_words(table, n)));
  table.refresh();
  return "card_discarded";
}

// A card seen on the deck: its new top, checked against how the last round's end left it.
std::string deck_sighted(Table& table, int n, char face, int quarter) {
  Data& data = table.data;
  PhysicalCard& c = table.card(n);
  if (c.place != Place::Deck) {
    table.refuse(c.place == Place::City     ? trf("{0} is not in the deck (it lies in the city)", table.card_words(n))
                 : c.place == Place::Center ? trf("{0} is not in the deck (it lies in the centre)", table.card_words(n))
                                            : trf("{0} is not in the deck (it lies on the pile)", table.card_words(n)));
  }
  if (data.deck_top == n && c.face == face && c.quarter == quarter) return "";
  table.check(face == c.face,
              trf("card {0} left the last round with face {1} up, but {2} is up: the pile turns over to the starting side (N9:120)",
                  n, face_id(n, c.face), face_id(n, face)));
  // N-21, N-22: a card comes off the deck as the round's option left it.
  if (c.quarter && *c.quarter != quarter && data.deck_top != n) {
    if (data.option.rotate_one && !data.rotate_one_used) {
      data.rotate_one_used = true;
      table.log(trf("Rotate 1 card: card {0} turned (N9:124)", n));
    } else if (data.option.rotate) {
      table.check(false, trf("card {0} was left unturned when the deck was rotated (N9:122)", n));
    } else {
      table.check(false, trf("card {0} lies turned since the last round: a shuffle keeps which edge is up (N9:75)", n));
    }
  }
  table.learn_face(n, face);
  table.seen(n, face, quarter);
  data.deck_top = n;
  table.log(trf("Deck top: {0}", lie_words(table, n)));
  table.refresh();
  return "deck_top_seen";
}

std::string center_sighted(Table& table, int n, char face, int quarter) {
  Data& data = table.data;
  PhysicalCard& c = table.card(n);
  if (data.center == n) {
    if (c.face == face && c.quarter == quarter) return "";
    table.learn_face(n, face);
    table.seen(n, face, quarter);
    table.log(trf("Centre: {0}", lie_words(table, n)));
    return "card_seen";
  }
  if (data.center) table.refuse(trf("the centre holds {0} already", table.card_words(*data.center)));
  if (c.place != Place::Deck) table.refuse(trf("{0} is not in the deck to slide into the centre", table.card_words(n)));
  table.learn_face(n, face);
  table.seen(n, face, quarter);
  data.deck_top = n;
  table.refresh();
  table.log(trf("Centre: {0} (N9:117)", lie_words(table, n)));
  return "card_slid";
}

std::string city_sighted(Table& table, int n, char face, int quarter) {
  Data& data = table.data;
  if (quarter != 90 && quarter != 270) table.refuse(tr("a built structure lies turned a quarter, its structure up (N9:111)"));
  PhysicalCard& c = table.card(n);
  if (c.place == Place::City) {
    if (c.face == face && c.quarter == quarter) return "";
    table.refuse(trf("{0} is built already; a built card is not turned", table.card_words(n)));
  }
  table.check(face == c.face, trf("card {0} shows {1} in the play area, but {2} in the city: a built card is not flipped (N9:111)",
                                  n, face_id(n, c.face), face_id(n, face)));
  c.face = face;
  table.learn_face(n, face);
  table.begin_build(n, quarter == 90, place_of(table, n));
  if (data.paying) {
    const std::size_t ways = data.paying->ways.size();
    table.log(ways ? trf("{0} laid in the city from card {1}: {2} ways to pay it", data.paying->name, face_id(n, face), ways)
                   : trf("{0} laid in the city from card {1}: nothing on offer pays it exactly", data.paying->name,
                         face_id(n, face)));
  }
  return "structure_built";
}

// A sighting's quarter turn: as seen, else as the table has the card (a move reports its new
// place, the turn came before it), else upright (a bare scan).
int snapped(const Table& table, const std::string& card_id, const Placement& where) {
  if (where.quarter) return *where.quarter;
  if (const TableCard* lying = table.state.on_table(card_id, 1)) return lying->quarter;
  return 0;
}

}  // namespace

std::string card_sighted(Table& table, const std::string& card_id, const Placement& where) {
  Data& data = table.data;
  const auto face = face_of_id(card_id);
  if (!face) table.refuse(trf("Nine's tags name a card's face (S1:NINE:3A:1); {0} is none", card_id));
  const int n = face->card;
  const int quarter = snapped(table, card_id, where);
  std::string zone = where.zone;
  // A tag read with no zone: a quarter-turned card is a build, a card of the deck its top.
  if (zone.empty()) {
    if (quarter == 90 || quarter == 270) zone = "city";
    else if (table.card(n).place == Place::Deck) zone = "deck";
    else if (table.card(n).place == Place::Center) zone = "centre";
    else if (table.card(n).place == Place::Discard) zone = "discard";
    else table.refuse(trf("say where {0} lies: zone deck, centre, discard or city", card_id));
  }
  if (data.step == Step::Paying) {
    if (zone != "city" || n == data.paying->card) return paying_sighting(table, n, face->face, zone, quarter);
    second_build(table);  // N-6's check; the first build settled, this one goes on as a build
  }
  if (data.step == Step::RoundEnd) return "";  // the pile being turned over: the option comes first
  if (data.step != Step::Play) {
    table.refuse(data.step == Step::Over ? tr("not now: the match is over") : tr("not now: setup first"));
  }
  if (zone == "city") return city_sighted(table, n, face->face, quarter);
  if (zone == "discard") return discard_sighted(table, n, face->face, quarter);
  if (zone == "deck") return deck_sighted(table, n, face->face, quarter);
  if (zone == "centre") return center_sighted(table, n, face->face, quarter);
  if (zone == "target") {
    if (table.card(n).place == Place::Target) return "";
    return second_target(table, n, face->face, quarter);
  }
  table.refuse(trf("Nine has no zone \"{0}\"", zone));
}

std::string card_turned(Table& table, const TurnCard& turn) {
  Data& data = table.data;
  const auto face = face_of_id(turn.card_id);
  if (!face || data.step != Step::Play) return "";
  const int n = face->card;
  PhysicalCard& c = table.card(n);
  const bool in_play = data.deck_top == n || data.center == n || table.discard_top() == n;
  // A quarter turn in the play area is a build on its way to the city; the sighting there counts.
  if (!in_play || (turn.quarter != 0 && turn.quarter != 180) || !c.quarter || *c.quarter == turn.quarter) return "";
  rotate_one_card(table, n, turn.quarter);
  return "card_rotated";
}

// N-20: turning a card in play is the "rotate 1 card" option, once, in the round after it was
// chosen (N9:124); by the camera or the MENU alike.
void rotate_one_card(Table& table, int n, int quarter) {
  Data& data = table.data;
  table.check(data.option.rotate_one && !data.rotate_one_used,
              data.option.rotate_one ? tr("the round's one card is turned already (N9:124)")
                                     : tr("a card in play turns only with the round's \"rotate 1 card\" option (N9:124)"));
  data.rotate_one_used = data.option.rotate_one || data.rotate_one_used;
  table.seen(n, table.card(n).face, quarter);
  table.log(trf("Rotate 1 card: {0} (N9:124)", lie_words(table, n)));
}

std::string play_step(Table& table, const Command& command) {
  Data& data = table.data;
  if (const auto* present = std::get_if<PresentCard>(&command)) return card_sighted(table, present->card_id, present->where);
  if (std::holds_alternative<Pass>(command)) {
    if (!data.center) table.refuse(tr("no centre card to flip"));
    const int n = *data.center;
    data.center.reset();
    table.flip_to_discard(n);
    table.log(trf("Pass: {0} flipped from the centre onto the discard pile (N9:116)", table.card_words(n)));
    ++data.turn;
    table.refresh();
    return "passed";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(tr("build (lay it in the city, or choose it) or PASS"));
  // Two cards flipped unseen: which lies on top (B7.3).
  for (int n : data.unseen_flips) {
    if (chose_words(*choose, on_top_label(n))) {
      put_on_top(data, n);
      table.log(trf("Card {0} lies on top of the discard pile", n));
      return "discard_order";
    }
  }
  // The lie of an unseen flipped card on top: which resource is up.
  if (auto top = table.discard_top(); top && !table.card(*top).quarter) {
    const PhysicalCard& c = table.card(*top);
    for (int quarter : {0, 180}) {
      if (chose_words(*choose, up_label(table.resource_at(*top, c.face, quarter)))) {
        table.seen(*top, c.face, quarter);
        table.log(trf("{0} on the discard pile", lie_words(table, *top)));
        return "card_flipped";
      }
    }
  }
  // "Build Tavern (centre)": the buttons' way to what the camera sees as a card in the city.
  auto try_build = [&](std::optional<int> n, const char* where, Place from) -> bool {
    if (!n) return false;
    for (bool left : {true, false}) {
      const std::string name = table.structure_at(*n, table.card(*n).face, left);
      if (!chose_words(*choose, build_label(name, where))) continue;
      table.begin_build(*n, left, from);
      return true;
    }
    return false;
  };
  if (try_build(data.center, N_("centre"), Place::Center) || try_build(data.deck_top, N_("deck"), Place::Deck) ||
      try_build(table.discard_top(), N_("discard"), Place::Discard) ||
      (table.card(data.target).place == Place::Target && try_build(data.target, N_("target"), Place::Target))) {
    return "structure_built";
  }
  for (int n : data.more_targets) {
    if (table.card(n).place == Place::Target && try_build(n, N_("set aside"), Place::Target)) return "structure_built";
  }
  table.refuse(trf("\"{0}\" is not offered now", choose->label));
}

Prompt play_prompt(const Table& table) {
  const Data& data = table.data;
  Prompt prompt;
  prompt.takes_cards = true;
  const int round = data.round;
  const int turn = data.turn;
  // Two flipped cards unseen: which is on top.
  int unseen_on_pile = 0;
  for (int n : data.unseen_flips) unseen_on_pile += table.card(n).place == Place::Discard ? 1 : 0;
  if (unseen_on_pile >= 2) {
    prompt.text = tr("Which card lies on top of the discard pile?");
    for (int n : data.unseen_flips) prompt.add(on_top_label(n));
    return prompt;
  }
  if (auto top = table.discard_top(); top && !table.card(*top).quarter && table.discard_usable()) {
    const PhysicalCard& c = table.card(*top);
    if (table.face_known(*top, c.face)) {
      prompt.text = trf("{0} on the pile: which resource is up?", table.card_words(*top));
      for (int quarter : {0, 180}) prompt.add(up_label(table.resource_at(*top, c.face, quarter)));
    } else {
      prompt.text = trf("Show {0} on the discard pile", table.card_words(*top));
    }
    return prompt;
  }
  if (!data.deck_top && table.deck_count() > 0) {
    prompt.text = data.center ? trf("Round {0}, turn {1}: show the deck's next card", round, turn)
                              : trf("Round {0}, turn {1}: show the deck's top card", round, turn);
    return prompt;
  }
  prompt.text = trf("Round {0}, turn {1}: build (lay it in the city) or PASS", round, turn);
  if (data.center) prompt.pass = tr("flip the centre card");
  // Every structure in sight, the target card's other one and a demolished card's too: what the
  // book forbids of them is the build's check (N-4, B7.9), not a missing button.
  auto offer = [&](std::optional<int> n, const char* at, bool target) {
    if (!n || !table.face_known(*n, table.card(*n).face)) return;
    for (bool left : {target ? data.target_left : true, target ? !data.target_left : false}) {
      prompt.add(build_label(table.structure_at(*n, table.card(*n).face, left), at));
    }
  };
  offer(data.center, "centre", false);
  offer(data.deck_top, "deck", false);
  offer(table.discard_top(), "discard", false);
  if (data.target && table.card(data.target).place == Place::Target) offer(data.target, "target", true);
  for (int n : data.more_targets) {
    if (table.card(n).place == Place::Target) offer(n, "set aside", false);
  }
  return prompt;
}

namespace {

constexpr const char* kNextRound = N_("Next round");
constexpr const char* kEndGame = N_("End the game");

// The round's end (N9:121-124): "Next round" alone, each option, and every combination of them a
// card could allow (more than one is N-19's check). The first five labels are the old ones.
struct OptionLabel {
  const char* label;
  RoundOptions options;
};
const std::vector<OptionLabel>& option_labels() {
  static const std::vector<OptionLabel> kLabels = {
      {kNextRound, {}},
      {N_("Rotate the deck"), {true, false, false}},
      {N_("Shuffle the deck"), {false, true, false}},
      {N_("Rotate 1 card next round"), {false, false, true}},
      {N_("Rotate, then shuffle the deck"), {true, true, false}},
      {N_("Rotate the deck and 1 card next round"), {true, false, true}},
      {N_("Shuffle the deck and rotate 1 card next round"), {false, true, true}},
      {N_("Rotate, shuffle and rotate 1 card next round"), {true, true, true}},
  };
  return kLabels;
}

// N9:120: the pile turns over to the starting side (the new deck, in the order it was played);
// the tilts reset; the options chosen apply to the new round.
void next_round(Table& table, RoundOptions option) {
  Data& data = table.data;
  for (int n : data.discard) {
    PhysicalCard& c = table.card(n);
    c.place = Place::Deck;
    c.face = other_face(c.face);
    // A flip keeps the top edge up (N9:73): the card lies as it last lay with this face, turned
    // half round when the deck is rotated.
    c.quarter = c.last_quarter[c.face == 'A' ? 0 : 1];
    if (c.quarter && option.rotate) c.quarter = (*c.quarter + 180) % 360;
  }
  const int cards = static_cast<int>(data.discard.size());
  data.discard.clear();
  data.used_discards.clear();
  data.unseen_flips.clear();
  data.demolished.clear();
  for (Built& built : data.city) built.tilted = false;
  data.deck_top.reset();
  data.option = option;
  data.rotate_one_used = false;
  ++data.round;
  data.turn = 1;
  table.state.phase = round_words(data.round);
  std::string what = option.rotate && option.shuffle ? tr(", rotated 180 degrees and shuffled")
                     : option.rotate                  ? tr(", rotated 180 degrees")
                     : option.shuffle                 ? tr(", shuffled")
                                                      : "";
  if (option.rotate_one) what += tr("; one card may be rotated this round");
  // TRANSLATORS: Nine: {2} what the round's option did, ", rotated 180 degrees" ... or nothing.
  table.log(trf("Round {0}: the pile of {1} turned over as the deck{2}; tilted structures reset (N9:120-124)", data.round,
                cards, what));
}

}  // namespace

std::string round_end_step(Table& table, const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse(tr("the round is played through: choose the next round's option, or end the game"));
  const std::string& label = choose->label;
  if (chose_words(*choose, say(kEndGame))) {
    end_game(table);
    return "game_ended";
  }
  const auto& labels = option_labels();
  const auto it = std::find_if(labels.begin(), labels.end(), [&](const OptionLabel& o) { return chose_words(*choose, say(o.label)); });
  if (it == labels.end()) table.refuse(trf("\"{0}\" is not offered now", label));
  if (table.data.discard.empty()) table.refuse(tr("every card is built: no deck is left to play; end the game"));
  // N-19: at most ONE of the three (N9:121).
  table.check(it->options.count() <= 1, tr("at most ONE of rotate the deck, shuffle it, rotate 1 card (N9:121)"));
  table.data.step = Step::Play;
  next_round(table, it->options);
  return "round_begun";
}

Prompt round_end_prompt(const Table& table) {
  Prompt prompt;
  prompt.text = trf("Round {0} done: turn the pile over; then?", table.data.round);
  const auto& labels = option_labels();
  for (std::size_t i = 0; i < 4; ++i) prompt.add(say(labels[i].label));
  prompt.add(say(kEndGame));  // where it always stood; the combinations after it
  for (std::size_t i = 4; i < labels.size(); ++i) prompt.add(say(labels[i].label));
  return prompt;
}

void end_game(Table& table) {
  Data& data = table.data;
  std::vector<Structure> built;
  GameRecord record;
  for (const Built& b : data.city) {
    built.push_back(table.structure(b.name));
    record.city.push_back(b.name);
  }
  // B7.4: a round begun counts as played.
  record.score = score_game(built, data.round);
  const GameScore& s = record.score;
  const int game = table.state.match.game;
  table.log(trf("Game {0} scored: shields {1} + basic {2} + same type {3} + high {4} - rounds {5} = {6} VP (N9:159-166)", game,
                s.shields, s.basic, s.doubles, s.high_bonus, s.rounds, s.total()));
  data.games.push_back(record);
  table.finish_game({s.total()});
  if (data.games.size() < 2) {
    table.state.players[0].score = s.total();
    begin_game(table);
    return;
  }
  // N-25: a match is two games (N9:69, 155).
  const int total = match_total(data.games[0].score, data.games[1].score);
  table.state.players[0].score = total;
  data.step = Step::Over;
  table.state.phase = N_("Match over");  // an id, said by the view
  // The victory: a number of VP, kept in English in the state and said through its form
  // N_("{0} VP") (tr_id).
  table.win({0}, std::to_string(total) + " VP");
  // Last, so the log's newest line under the game-over banner is the King's verdict.
  const int second = data.games[1].score.total();
  // TRANSLATORS: Nine: the match's two games added up, then the King's verdict.
  table.log(trf("The match: {0} + {1} = {2} VP. {3} (N9:170-180)", data.games[0].score.total(),
                second < 0 ? "(" + std::to_string(second) + ")" : std::to_string(second), total, tr(king_says(total))));
}

}  // namespace seneschal::engine::nine
