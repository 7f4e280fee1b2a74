// Rounds (N9:103-124, GAMES.md B2): turns on the active cards, what the camera's sightings mean
// (a card in the city turned a quarter is a build, a card's other face on the pile a flip, the
// deck's next card its new top), the payment where it is the player's choice, the round's end and
// the game's end with its score.
#include <algorithm>

#include "nine_flows.hpp"

namespace seneschal::engine::nine {
namespace {

std::string round_words(int round) { return "Round " + std::to_string(round); }

// Where a card lies, for a build's N-5 check and its log.
Place place_of(const Table& table, int n) { return table.card(n).place; }

std::string lie_words(const Table& table, int n) {
  const PhysicalCard& c = table.card(n);
  if (!c.quarter || (*c.quarter != 0 && *c.quarter != 180)) return table.card_words(n);
  return table.card_words(n) + " (" + std::string(resource_name(table.resource_at(n, c.face, *c.quarter))) + " up)";
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
    table.check(face == c.face, table.card_words(n) + " was flipped onto the pile, but its face " + face_id(n, face) +
                                    " is up: a flip turns the card over (N9:73)");
    table.learn_face(n, face);
    table.seen(n, face, quarter);
    put_on_top(data, n);
    table.log(lie_words(table, n) + " on the discard pile");
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
    table.log("Pass: " + lie_words(table, n) + " flipped from the centre onto the discard pile (N9:116)");
    ++data.turn;
    table.refresh();
    return "passed";
  }
  if (c.place == Place::Discard) {
    if (c.face == face && c.quarter == quarter) return "";
    table.learn_face(n, face);
    table.seen(n, face, quarter);
    table.log(lie_words(table, n) + " lies on the discard pile");
    return "card_seen";
  }
  // N-16: only a paying card or the centre card (on a pass) goes to the pile.
  table.check(false, table.card_words(n) + " went to the discard pile, but it did not pay and is not the centre card (N9:114-116)");
  if (data.deck_top == n) data.deck_top.reset();
  if (data.center == n) data.center.reset();
  std::erase_if(data.city, [&](const Built& b) { return b.card == n; });
  table.learn_face(n, face);
  c.place = Place::Discard;
  data.discard.push_back(n);
  table.seen(n, face, quarter);
  table.log(lie_words(table, n) + " put on the discard pile");
  table.refresh();
  return "card_discarded";
}

// A card seen on the deck: its new top, checked against how the last round's end left it.
std::string deck_sighted(Table& table, int n, char face, int quarter) {
  Data& data = table.data;
  PhysicalCard& c = table.card(n);
  if (c.place != Place::Deck) {
    table.refuse(table.card_words(n) + " is not in the deck (it lies " +
                 std::string(c.place == Place::City ? "in the city" : c.place == Place::Center ? "in the centre" : "on the pile") + ")");
  }
  if (data.deck_top == n && c.face == face && c.quarter == quarter) return "";
  table.check(face == c.face, "card " + std::to_string(n) + " left the last round with face " + face_id(n, c.face) +
                                  " up, but " + face_id(n, face) + " is up: the pile turns over to the starting side (N9:120)");
  // N-21, N-22: a card comes off the deck as the round's option left it.
  if (c.quarter && *c.quarter != quarter && data.deck_top != n) {
    if (data.option.rotate_one && !data.rotate_one_used) {
      data.rotate_one_used = true;
      table.log("Rotate 1 card: card " + std::to_string(n) + " turned (N9:124)");
    } else if (data.option.rotate) {
      table.check(false, "card " + std::to_string(n) + " was left unturned when the deck was rotated (N9:122)");
    } else {
      table.check(false, "card " + std::to_string(n) + " lies turned since the last round: a shuffle keeps which edge is up (N9:75)");
    }
  }
  table.learn_face(n, face);
  table.seen(n, face, quarter);
  data.deck_top = n;
  table.log("Deck top: " + lie_words(table, n));
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
    table.log("Centre: " + lie_words(table, n));
    return "card_seen";
  }
  if (data.center) table.refuse("the centre holds " + table.card_words(*data.center) + " already");
  if (c.place != Place::Deck) table.refuse(table.card_words(n) + " is not in the deck to slide into the centre");
  table.learn_face(n, face);
  table.seen(n, face, quarter);
  data.deck_top = n;
  table.refresh();
  table.log("Centre: " + lie_words(table, n) + " (N9:117)");
  return "card_slid";
}

std::string city_sighted(Table& table, int n, char face, int quarter) {
  Data& data = table.data;
  if (quarter != 90 && quarter != 270) table.refuse("a built structure lies turned a quarter, its structure up (N9:111)");
  PhysicalCard& c = table.card(n);
  if (c.place == Place::City) {
    if (c.face == face && c.quarter == quarter) return "";
    table.refuse(table.card_words(n) + " is built already; a built card is not turned");
  }
  table.check(face == c.face, "card " + std::to_string(n) + " shows " + face_id(n, c.face) + " in the play area, but " +
                                  face_id(n, face) + " in the city: a built card is not flipped (N9:111)");
  c.face = face;
  table.learn_face(n, face);
  table.begin_build(n, quarter == 90, place_of(table, n));
  if (data.paying) {
    const std::size_t ways = data.paying->ways.size();
    table.log(data.paying->name + " laid in the city from card " + face_id(n, face) + ": " +
              (ways ? std::to_string(ways) + " ways to pay it" : "nothing on offer pays it exactly"));
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
  if (!face) table.refuse("Nine's tags name a card's face (S1:NINE:3A:1); " + card_id + " is none");
  const int n = face->card;
  const int quarter = snapped(table, card_id, where);
  std::string zone = where.zone;
  // A tag read with no zone: a quarter-turned card is a build, a card of the deck its top.
  if (zone.empty()) {
    if (quarter == 90 || quarter == 270) zone = "city";
    else if (table.card(n).place == Place::Deck) zone = "deck";
    else if (table.card(n).place == Place::Center) zone = "centre";
    else if (table.card(n).place == Place::Discard) zone = "discard";
    else table.refuse("say where " + card_id + " lies: zone deck, centre, discard or city");
  }
  if (data.step == Step::Paying) {
    if (zone != "city" || n == data.paying->card) return paying_sighting(table, n, face->face, zone, quarter);
    second_build(table);  // N-6's check; the first build settled, this one goes on as a build
  }
  if (data.step == Step::RoundEnd) return "";  // the pile being turned over: the option comes first
  if (data.step != Step::Play) table.refuse("not now: " + std::string(data.step == Step::Over ? "the match is over" : "setup first"));
  if (zone == "city") return city_sighted(table, n, face->face, quarter);
  if (zone == "discard") return discard_sighted(table, n, face->face, quarter);
  if (zone == "deck") return deck_sighted(table, n, face->face, quarter);
  if (zone == "centre") return center_sighted(table, n, face->face, quarter);
  if (zone == "target") {
    if (table.card(n).place == Place::Target) return "";
    return second_target(table, n, face->face, quarter);
  }
  table.refuse("Nine has no zone \"" + zone + "\"");
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
              data.option.rotate_one ? "the round's one card is turned already (N9:124)"
                                     : "a card in play turns only with the round's \"rotate 1 card\" option (N9:124)");
  data.rotate_one_used = data.option.rotate_one || data.rotate_one_used;
  table.seen(n, table.card(n).face, quarter);
  table.log("Rotate 1 card: " + lie_words(table, n) + " (N9:124)");
}

std::string play_step(Table& table, const Command& command) {
  Data& data = table.data;
  if (const auto* present = std::get_if<PresentCard>(&command)) return card_sighted(table, present->card_id, present->where);
  if (std::holds_alternative<Pass>(command)) {
    if (!data.center) table.refuse("no centre card to flip");
    const int n = *data.center;
    data.center.reset();
    table.flip_to_discard(n);
    table.log("Pass: " + table.card_words(n) + " flipped from the centre onto the discard pile (N9:116)");
    ++data.turn;
    table.refresh();
    return "passed";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse("build (lay it in the city, or choose it) or PASS");
  // Two cards flipped unseen: which lies on top (B7.3).
  for (int n : data.unseen_flips) {
    if (choose->label == "Card " + std::to_string(n) + " on top") {
      put_on_top(data, n);
      table.log("Card " + std::to_string(n) + " lies on top of the discard pile");
      return "discard_order";
    }
  }
  // The lie of an unseen flipped card on top: which resource is up.
  if (auto top = table.discard_top(); top && !table.card(*top).quarter) {
    const PhysicalCard& c = table.card(*top);
    for (int quarter : {0, 180}) {
      if (choose->label == std::string(resource_name(table.resource_at(*top, c.face, quarter))) + " up") {
        table.seen(*top, c.face, quarter);
        table.log(lie_words(table, *top) + " on the discard pile");
        return "card_flipped";
      }
    }
  }
  // "Build Tavern (centre)": the buttons' way to what the camera sees as a card in the city.
  auto try_build = [&](std::optional<int> n, const char* where, Place from) -> bool {
    if (!n) return false;
    for (bool left : {true, false}) {
      const std::string name = table.structure_at(*n, table.card(*n).face, left);
      if (choose->label != "Build " + name + " (" + where + ")") continue;
      table.begin_build(*n, left, from);
      return true;
    }
    return false;
  };
  if (try_build(data.center, "centre", Place::Center) || try_build(data.deck_top, "deck", Place::Deck) ||
      try_build(table.discard_top(), "discard", Place::Discard) ||
      (table.card(data.target).place == Place::Target && try_build(data.target, "target", Place::Target))) {
    return "structure_built";
  }
  for (int n : data.more_targets) {
    if (table.card(n).place == Place::Target && try_build(n, "set aside", Place::Target)) return "structure_built";
  }
  table.refuse("\"" + choose->label + "\" is not offered now");
}

Prompt play_prompt(const Table& table) {
  const Data& data = table.data;
  Prompt prompt;
  prompt.takes_cards = true;
  const std::string where = round_words(data.round) + ", turn " + std::to_string(data.turn) + ": ";
  // Two flipped cards unseen: which is on top.
  int unseen_on_pile = 0;
  for (int n : data.unseen_flips) unseen_on_pile += table.card(n).place == Place::Discard ? 1 : 0;
  if (unseen_on_pile >= 2) {
    prompt.text = "Which card lies on top of the discard pile?";
    for (int n : data.unseen_flips) prompt.add("Card " + std::to_string(n) + " on top");
    return prompt;
  }
  if (auto top = table.discard_top(); top && !table.card(*top).quarter && table.discard_usable()) {
    const PhysicalCard& c = table.card(*top);
    if (table.face_known(*top, c.face)) {
      prompt.text = table.card_words(*top) + " on the pile: which resource is up?";
      for (int quarter : {0, 180}) prompt.add(std::string(resource_name(table.resource_at(*top, c.face, quarter))) + " up");
    } else {
      prompt.text = "Show " + table.card_words(*top) + " on the discard pile";
    }
    return prompt;
  }
  if (!data.deck_top && table.deck_count() > 0) {
    prompt.text = where + (data.center ? "show the deck's next card" : "show the deck's top card");
    return prompt;
  }
  prompt.text = where + "build (lay it in the city) or PASS";
  if (data.center) prompt.pass = "flip the centre card";
  // Every structure in sight, the target card's other one and a demolished card's too: what the
  // book forbids of them is the build's check (N-4, B7.9), not a missing button.
  auto offer = [&](std::optional<int> n, const char* at, bool target) {
    if (!n || !table.face_known(*n, table.card(*n).face)) return;
    for (bool left : {target ? data.target_left : true, target ? !data.target_left : false}) {
      prompt.add("Build " + table.structure_at(*n, table.card(*n).face, left) + " (" + at + ")");
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

constexpr const char* kNextRound = "Next round";
constexpr const char* kEndGame = "End the game";

// The round's end (N9:121-124): "Next round" alone, each option, and every combination of them a
// card could allow (more than one is N-19's check). The first five labels are the old ones.
struct OptionLabel {
  const char* label;
  RoundOptions options;
};
const std::vector<OptionLabel>& option_labels() {
  static const std::vector<OptionLabel> kLabels = {
      {kNextRound, {}},
      {"Rotate the deck", {true, false, false}},
      {"Shuffle the deck", {false, true, false}},
      {"Rotate 1 card next round", {false, false, true}},
      {"Rotate, then shuffle the deck", {true, true, false}},
      {"Rotate the deck and 1 card next round", {true, false, true}},
      {"Shuffle the deck and rotate 1 card next round", {false, true, true}},
      {"Rotate, shuffle and rotate 1 card next round", {true, true, true}},
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
  std::string what = option.rotate ? ", rotated 180 degrees" : "";
  if (option.shuffle) what += what.empty() ? ", shuffled" : " and shuffled";
  if (option.rotate_one) what += "; one card may be rotated this round";
  table.log(round_words(data.round) + ": the pile of " + std::to_string(cards) + " turned over as the deck" + what +
            "; tilted structures reset (N9:120-124)");
}

}  // namespace

std::string round_end_step(Table& table, const Command& command) {
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose) table.refuse("the round is played through: choose the next round's option, or end the game");
  const std::string& label = choose->label;
  if (label == kEndGame) {
    end_game(table);
    return "game_ended";
  }
  const auto& labels = option_labels();
  const auto it = std::find_if(labels.begin(), labels.end(), [&](const OptionLabel& o) { return label == o.label; });
  if (it == labels.end()) table.refuse("\"" + label + "\" is not offered now");
  if (table.data.discard.empty()) table.refuse("every card is built: no deck is left to play; end the game");
  // N-19: at most ONE of the three (N9:121).
  table.check(it->options.count() <= 1, "at most ONE of rotate the deck, shuffle it, rotate 1 card (N9:121)");
  table.data.step = Step::Play;
  next_round(table, it->options);
  return "round_begun";
}

Prompt round_end_prompt(const Table& table) {
  Prompt prompt;
  prompt.text = round_words(table.data.round) + " done: turn the pile over; then?";
  const auto& labels = option_labels();
  for (std::size_t i = 0; i < 4; ++i) prompt.add(labels[i].label);
  prompt.add(kEndGame);  // where it always stood; the combinations after it
  for (std::size_t i = 4; i < labels.size(); ++i) prompt.add(labels[i].label);
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
  table.log("Game " + std::to_string(game) + " scored: shields " + std::to_string(s.shields) + " + basic " +
            std::to_string(s.basic) + " + same type " + std::to_string(s.doubles) + " + high " + std::to_string(s.high_bonus) +
            " - rounds " + std::to_string(s.rounds) + " = " + std::to_string(s.total()) + " VP (N9:159-166)");
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
  table.state.phase = "Match over";
  table.win({0}, std::to_string(total) + " VP");
  // Last, so the log's newest line under the game-over banner is the King's verdict.
  const int second = data.games[1].score.total();
  table.log("The match: " + std::to_string(data.games[0].score.total()) + " + " +
            (second < 0 ? "(" + std::to_string(second) + ")" : std::to_string(second)) +
            " = " + std::to_string(total) + " VP. " + std::string(king_says(total)) + " (N9:170-180)");
}

}  // namespace seneschal::engine::nine
