// The MENU's moves (GAMES.md B2): Demolition Team (N9:187), rotating the round's one card by
// button (N9:124), ending the round or the game early (N9:155), and teaching or correcting the
// faces of the deck (B8).
#include <algorithm>

#include "nine_flows.hpp"

namespace seneschal::engine::nine {
namespace {

constexpr const char* kDemolition = "Demolition Team";
constexpr const char* kEndRound = "End the round";
constexpr const char* kEndGame = "End the game";
constexpr const char* kTeach = "Teach the deck";
constexpr const char* kCorrect = "Correct a face";
constexpr const char* kDone = "Done";

// A Demolition Team in the city not used yet (N-23).
std::optional<int> unused_demolition(const Table& table) {
  for (const Built& built : table.data.city) {
    if (built.name != kDemolition) continue;
    const auto& used = table.data.demolition_used;
    if (std::find(used.begin(), used.end(), built.card) == used.end()) return built.card;
  }
  return std::nullopt;
}

std::string rotate_label(int n) { return "Rotate card " + std::to_string(n); }

std::vector<int> in_play(const Table& table) {
  std::vector<int> cards;
  for (std::optional<int> n : {table.data.deck_top, table.data.center, table.discard_top()}) {
    if (n && table.card(*n).quarter) cards.push_back(*n);
  }
  return cards;
}

std::string demolition_label(const Table& table, std::size_t index) {
  const Built& built = table.data.city[index];
  return built.name + " (card " + face_id(built.card, built.face) + ", round " + std::to_string(built.round) + ")";
}

}  // namespace

std::vector<Option> menu_items(const Table& table) {
  const Data& data = table.data;
  std::vector<Option> items;
  auto add = [&](const std::string& label) { items.push_back({option_id_of(label), label}); };
  if (data.step == Step::Play) {
    // Offered whenever a structure stands to take down, a team or not (N-23 is the check).
    if (!data.city.empty()) add(kDemolition);
    // Any card in play may be turned; without the round's option it is N-20's check.
    for (int n : in_play(table)) add(rotate_label(n));
    add(kEndRound);
  }
  if (data.step == Step::Play || data.step == Step::RoundEnd) add(kEndGame);
  if (data.step != Step::Over) {
    add(kTeach);
    add(kCorrect);
  }
  return items;
}

std::string menu_step(Table& table, const Choose& choose) {
  Data& data = table.data;
  const std::string& label = choose.label;
  if (label == kDemolition) {
    if (data.step != Step::Play || data.city.empty()) table.refuse("no structure stands in the city to take down");
    // N-23: only a built Demolition Team, used once (N9:187).
    const auto team = unused_demolition(table);
    const bool built_once = std::any_of(data.city.begin(), data.city.end(), [](const Built& b) { return b.name == kDemolition; });
    table.check(team.has_value(), built_once || !data.demolition_used.empty()
                                      ? "the Demolition Team is used once: it went to the pile (N9:187)"
                                      : "no Demolition Team is built in the city (N9:187)");
    data.demolishing = team.value_or(0);
    table.log(team ? "Demolition Team (card " + std::to_string(*team) + ") called in: which structure comes down?"
                   : "A demolition without a Demolition Team: which structure comes down?");
    return "demolition_chosen";
  }
  if (label == kEndRound) {
    // N-18: a round ends when the deck is played through (N9:118).
    table.check(table.deck_count() == 0 && !data.center,
                "the deck is not played through yet (" + std::to_string(table.deck_count() + (data.center ? 1 : 0)) +
                    " cards to go; N9:118)");
    data.deck_top.reset();
    if (data.center) {
      table.card(*data.center).place = Place::Discard;
      table.card(*data.center).face = other_face(table.card(*data.center).face);  // flipped, as on a pass
      data.discard.push_back(*data.center);
      data.center.reset();
    }
    // The cards still in the deck go under the pile, as the players gather them.
    for (int n = 1; n <= kCards; ++n) {
      if (table.card(n).place == Place::Deck) {
        table.card(n).place = Place::Discard;
        table.card(n).face = other_face(table.card(n).face);
        data.discard.insert(data.discard.begin(), n);
      }
    }
    data.step = Step::RoundEnd;
    table.log("Round " + std::to_string(data.round) + " ended early");
    return "round_ended";
  }
  if (label == kEndGame) {
    if (data.step == Step::Play && (table.deck_count() > 0 || data.center)) {
      table.log("The game ends during round " + std::to_string(data.round) + ", which counts as played (GAMES.md B7.4)");
    }
    end_game(table);
    return "game_ended";
  }
  if (label == kTeach) {
    data.teaching = true;
    return "teaching";
  }
  if (label == kCorrect) {
    data.correcting = std::string();
    data.correct_field = 0;
    return "correcting";
  }
  for (int n : in_play(table)) {
    if (label != rotate_label(n) || data.step != Step::Play) continue;
    rotate_one_card(table, n, (table.card(n).quarter.value_or(0) + 180) % 360);
    return "card_rotated";
  }
  table.refuse("\"" + label + "\" is not in the menu now");
}

bool menu_flow_open(const Table& table) {
  return table.data.demolishing || table.data.teaching || table.data.correcting;
}

std::string menu_flow_step(Table& table, const Command& command) {
  Data& data = table.data;
  const auto* choose = std::get_if<Choose>(&command);
  if (data.demolishing) {
    if (std::holds_alternative<Pass>(command)) {
      data.demolishing.reset();
      return "demolition_cancelled";
    }
    if (!choose) table.refuse("choose the structure the Demolition Team takes down, or PASS");
    for (std::size_t i = 0; i < data.city.size(); ++i) {
      if (data.city[i].card == *data.demolishing || demolition_label(table, i) != choose->label) continue;
      const Built gone = data.city[i];
      const int team = *data.demolishing;  // 0: none (N-23 overridden), the structure goes alone
      data.demolishing.reset();
      if (team) data.demolition_used.push_back(team);
      std::erase_if(data.city, [&](const Built& b) { return b.card == gone.card || (team && b.card == team); });
      // N-23 (B7.9): both to the pile, in whatever orientation the player likes, not usable this
      // round; neither scores any more.
      std::vector<int> going = {gone.card};
      if (team) going.push_back(team);
      for (int n : going) {
        PhysicalCard& c = table.card(n);
        c.place = Place::Discard;
        c.quarter.reset();
        data.discard.push_back(n);
        data.used_discards.push_back(n);
        data.demolished.push_back(n);
      }
      table.log("Demolition Team: " + gone.name + " (card " + std::to_string(gone.card) + ")" +
                (team ? " and the team go" : " goes") + " to the discard pile, for the next rounds (N9:187)");
      return "demolished";
    }
    table.refuse("\"" + choose->label + "\" is not a structure the team can take down");
  }
  if (data.teaching) {
    if (std::holds_alternative<Ok>(command) || (choose && choose->label == kDone)) {
      data.teaching = false;
      return "taught";
    }
    const auto* present = std::get_if<PresentCard>(&command);
    if (!present) table.refuse("show a face to teach, tag upright; OK when done");
    const auto face = face_of_id(present->card_id);
    if (!face) table.refuse("Nine's tags name a card's face (S1:NINE:3A:1); " + present->card_id + " is none");
    table.learn_face(face->card, face->face);
    const Subject subject{present->card_id, 0, {}};
    std::string words;
    for (const FaceField& field : face_fields()) {
      words += (words.empty() ? "" : ", ") + std::string(field.words) + " " +
               table.word(subject, field.stat, field.resource ? resource_words() : structure_names());
    }
    table.log(present->card_id + " taught: " + words);
    return "face_taught";
  }
  // Correcting a face: shown, then its four fields asked afresh.
  if (std::holds_alternative<Pass>(command)) {
    data.correcting.reset();
    return "correction_cancelled";
  }
  if (data.correcting->empty()) {
    const auto* present = std::get_if<PresentCard>(&command);
    if (!present || !face_of_id(present->card_id)) table.refuse("show the face to correct, tag upright; PASS to cancel");
    data.correcting = present->card_id;
    data.correct_field = 0;
    return "correcting_face";
  }
  const FaceField& field = face_fields().at(static_cast<std::size_t>(data.correct_field));
  const std::vector<std::string> words = field.resource ? resource_words() : structure_names();
  if (!choose || std::find(words.begin(), words.end(), choose->label) == words.end()) {
    table.refuse("choose " + *data.correcting + "'s " + field.words);
  }
  table.state.told.set(Subject{*data.correcting, 0, {}}, field.stat, ToldValue{std::nullopt, choose->label});
  table.log(*data.correcting + "'s " + field.words + " is " + choose->label + " (corrected)");
  if (++data.correct_field == static_cast<int>(face_fields().size())) data.correcting.reset();
  return "face_corrected";
}

Prompt menu_flow_prompt(const Table& table) {
  const Data& data = table.data;
  Prompt prompt;
  if (data.demolishing) {
    prompt.text = "Demolition Team: which structure comes down?";
    for (std::size_t i = 0; i < data.city.size(); ++i) {
      if (data.city[i].card != *data.demolishing) prompt.add(demolition_label(table, i));
    }
    prompt.pass = "cancel";
    return prompt;
  }
  if (data.teaching) {
    prompt.text = "Teach the deck: show each face, tag upright";
    prompt.takes_cards = true;
    prompt.ok = "done";
    prompt.add(kDone);
    return prompt;
  }
  prompt.pass = "cancel";
  if (data.correcting->empty()) {
    prompt.text = "Correct a face: show it, tag upright";
    prompt.takes_cards = true;
    return prompt;
  }
  const FaceField& field = face_fields().at(static_cast<std::size_t>(data.correct_field));
  prompt.text = *data.correcting + "'s " + field.words + ", tag upright?";
  for (const std::string& word : field.resource ? resource_words() : structure_names()) prompt.add(word);
  return prompt;
}

}  // namespace seneschal::engine::nine
