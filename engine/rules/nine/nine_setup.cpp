// A game's setup (N9:91-97, GAMES.md B2): the target high structure set aside, then the deck's top
// card lying with the resource chosen. Shuffling and rotating about half of the cards are the
// player's and leave nothing to log: the device learns the order as cards come off the deck.
#include "nine_flows.hpp"

namespace seneschal::engine::nine {

void begin_game(Table& table) {
  Data& data = table.data;
  std::vector<GameRecord> games = std::move(data.games);
  data = Data{};
  data.games = std::move(games);
  table.state.phase = N_("Setup");  // an id, said by the view
  table.state.turn = 1;
}

namespace {

// The face's structure that is high, when exactly one is.
std::optional<bool> high_side(const Table& table, int n, char face) {
  const bool left = is_high_structure(table.structure_at(n, face, true));
  const bool right = is_high_structure(table.structure_at(n, face, false));
  if (left == right) return std::nullopt;
  return left;
}

void set_target(Table& table, bool left) {
  Data& data = table.data;
  data.target_left = left;
  data.target_name = table.structure_at(data.target, data.target_face, left);
  table.log(trf("Game {0} target: {1} on card {2}, set aside (N9:93)", table.state.match.game, data.target_name,
                face_id(data.target, data.target_face)));
  data.step = Step::TopCard;
}

std::string target_shown(Table& table, const PresentCard& present) {
  Data& data = table.data;
  const auto face = face_of_id(present.card_id);
  if (!face) table.refuse(trf("Nine's tags name a card's face (S1:NINE:3A:1); {0} is none", present.card_id));
  if (!present.where.zone.empty() && present.where.zone != "target") {
    table.refuse(trf("set the target apart (zone target), not in {0}", present.where.zone));
  }
  table.learn_face(face->card, face->face);
  PhysicalCard& c = table.card(face->card);
  data.target = face->card;
  data.target_face = face->face;
  c.place = Place::Target;
  table.seen(face->card, face->face, present.where.quarter.value_or(0));
  // Turned a quarter, the card says which structure is the target; else the high one.
  if (present.where.quarter == 90 || present.where.quarter == 270) {
    const bool left = *present.where.quarter == 90;
    table.check(is_high_structure(table.structure_at(face->card, face->face, left)),
                trf("{0} is no high structure (Castle, Cathedral, Monument, Harbour, Town Square; N9:77-84)",
                    table.structure_at(face->card, face->face, left)));
    set_target(table, left);
    return "target_set";
  }
  if (auto left = high_side(table, face->card, face->face)) {
    set_target(table, *left);
    return "target_set";
  }
  if (!is_high_structure(table.structure_at(face->card, face->face, true))) {
    table.check(false, trf("card {0} shows no high structure (Castle, Cathedral, Monument, Harbour, Town Square; N9:77-84)",
                           present.card_id));
  }
  data.step = Step::TargetSide;
  table.log(trf("Target card {0} set aside; which structure is the target?", present.card_id));
  return "target_card_set";
}

std::string top_card_shown(Table& table, const PresentCard& present) {
  Data& data = table.data;
  const auto face = face_of_id(present.card_id);
  if (!face) table.refuse(trf("Nine's tags name a card's face (S1:NINE:3A:1); {0} is none", present.card_id));
  if (present.where.zone == "target" && face && face->card != data.target) {
    return second_target(table, face->card, face->face, present.where.quarter.value_or(0));
  }
  if (!present.where.zone.empty() && present.where.zone != "deck") {
    table.refuse(trf("show the deck's top card where the deck lies (zone deck), not in {0}", present.where.zone));
  }
  if (face->card == data.target) table.refuse(trf("card {0} is the target, set aside (N9:93)", face->card));
  // N-3: the deck starts with the squared-off faces (A) up (N9:94).
  table.check(face->face == 'A',
              trf("the deck starts with every card's squared-off face (A) up, but card {0} shows B (N9:94)", face->card));
  table.learn_face(face->card, face->face);
  const int quarter = present.where.quarter.value_or(0);
  if (quarter != 0 && quarter != 180) {
    table.refuse(trf("the deck lies with a resource at the top: turned 0 or 180, not {0}", quarter));
  }
  table.seen(face->card, face->face, quarter);
  data.deck_top = face->card;
  data.step = Step::Play;
  data.round = 1;
  data.turn = 1;
  table.state.phase = "Round 1";  // round_words(1): kept in English in the state
  table.log(trf("Round 1: {0} opens the deck with {1} up (N9:97)", table.card_words(face->card),
                resource_said(table.resource_at(face->card, face->face, quarter))));
  table.refresh();  // it slides to the centre (N9:109)
  return "deck_started";
}

}  // namespace

std::string second_target(Table& table, int n, char face, int quarter) {
  Data& data = table.data;
  PhysicalCard& c = table.card(n);
  if (c.place == Place::City || c.place == Place::Target) {
    table.refuse(trf("{0} is not in the deck or the play area", table.card_words(n)));
  }
  table.check(false, trf("one target per game: {0} on card {1} is this game's (N9:188)", data.target_name,
                         face_id(data.target, data.target_face)));
  if (data.deck_top == n) data.deck_top.reset();
  if (data.center == n) data.center.reset();
  std::erase(data.discard, n);
  table.learn_face(n, face);
  c.place = Place::Target;
  table.seen(n, face, quarter);
  data.more_targets.push_back(n);
  table.log(trf("Card {0} set aside beside the target", face_id(n, face)));
  if (data.step == Step::Play) table.refresh();
  return "target_set";
}

std::string setup_step(Table& table, const Command& command) {
  Data& data = table.data;
  switch (data.step) {
    case Step::Target:
      if (const auto* present = std::get_if<PresentCard>(&command)) return target_shown(table, *present);
      table.refuse(tr("show the target card, its high structure face up"));
    case Step::TargetSide: {
      const auto* choose = std::get_if<Choose>(&command);
      if (!choose) table.refuse(trf("choose which structure of card {0} is the target", face_id(data.target, data.target_face)));
      for (bool left : {true, false}) {
        if (table.structure_at(data.target, data.target_face, left) == choose->label) {
          set_target(table, left);
          return "target_set";
        }
      }
      table.refuse(trf("\"{0}\" is not on card {1}", choose->label, face_id(data.target, data.target_face)));
    }
    case Step::TopCard:
      if (const auto* present = std::get_if<PresentCard>(&command)) return top_card_shown(table, *present);
      table.refuse(tr("show the deck's top card, the resource you chose at the top"));
    default:
      break;
  }
  table.refuse(tr("not in setup"));
}

Prompt setup_prompt(const Table& table) {
  const Data& data = table.data;
  Prompt prompt;
  const int game = table.state.match.game;
  switch (data.step) {
    case Step::Target:
      prompt.text = trf("Game {0}: set the target card aside, high structure up", game);
      prompt.takes_cards = true;
      break;
    case Step::TargetSide:
      prompt.text = trf("Which structure of card {0} is the target?", face_id(data.target, data.target_face));
      for (bool left : {true, false}) prompt.add(table.structure_at(data.target, data.target_face, left));
      break;
    case Step::TopCard:
      prompt.text = trf("Game {0}: shuffle the 8 cards (A faces up), show the top", game);
      prompt.takes_cards = true;
      break;
    default:
      break;
  }
  return prompt;
}

}  // namespace seneschal::engine::nine
