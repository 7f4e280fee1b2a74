// The MENU's moves (GAMES.md B2): Demolition Team (N9:187), rotating the round's one card by
// button (N9:124), ending the round or the game early (N9:155), and teaching or correcting the
// faces of the deck (B8).
#include <algorithm>

#include "nine_flows.hpp"

namespace seneschal::engine::nine {
namespace {

constexpr const char* kDemolition = "Demolition Team";  // a structure's name, as printed
constexpr const char* kEndRound = N_("End the round");
constexpr const char* kEndGame = N_("End the game");
constexpr const char* kTeach = N_("Teach the deck");
constexpr const char* kCorrect = N_("Correct a face");
constexpr const char* kDone = N_("Done");

bool chose_label(const Choose& choose, const char* english) { return chose_words(choose, say(english)); }

// A Demolition Team in the city not used yet (N-23).
std::optional<int> unused_demolition(const Table& table) {
  for (const Built& built : table.data.city) {
    if (built.name != kDemolition) continue;
    const auto& used = table.data.demolition_used;
    if (std::find(used.begin(), used.end(), built.card) == used.end()) return built.card;
  }
  return std::nullopt;
}

Words rotate_label(int n) { return say("Rotate card {0}", n); }

std::vector<int> in_play(const Table& table) {
  std::vector<int> cards;
  for (std::optional<int> n : {table.data.deck_top, table.data.center, table.discard_top()}) {
    if (n && table.card(*n).quarter) cards.push_back(*n);
  }
  return cards;
}

Words demolition_label(const Table& table, std::size_t index) {
  const Built& built = table.data.city[index];
  // TRANSLATORS: Nine: a structure in the city: its name, its card, the round it was built.
  return say("{0} (card {1}, round {2})", built.name, face_id(built.card, built.face), built.round);
}

// A told word as the screen says it: a resource in the language set, a structure as printed.
Words field_word(const FaceField& field, const std::string& word) { return field.resource ? Words{tr(word), word} : as_is(word); }

}  // namespace

std::vector<Option> menu_items(const Table& table) {
  const Data& data = table.data;
  std::vector<Option> items;
  auto add = [&](const Words& label) {
    items.push_back({option_id_of(label.en), label.shown, label.en == label.shown ? std::string() : label.en});
  };
  if (data.step == Step::Play) {
    // Offered whenever a structure stands to take down, a team or not (N-23 is the check).
    if (!data.city.empty()) add(as_is(kDemolition));
    // Any card in play may be turned; without the round's option it is N-20's check.
    for (int n : in_play(table)) add(rotate_label(n));
    add(say(kEndRound));
  }
  if (data.step == Step::Play || data.step == Step::RoundEnd) add(say(kEndGame));
  if (data.step != Step::Over) {
    add(say(kTeach));
    add(say(kCorrect));
  }
  return items;
}

std::string menu_step(Table& table, const Choose& choose) {
  Data& data = table.data;
  const std::string& label = choose.label;
  if (chose_words(choose, as_is(kDemolition))) {
    if (data.step != Step::Play || data.city.empty()) table.refuse(tr("no structure stands in the city to take down"));
    // N-23: only a built Demolition Team, used once (N9:187).
    const auto team = unused_demolition(table);
    const bool built_once = std::any_of(data.city.begin(), data.city.end(), [](const Built& b) { return b.name == kDemolition; });
    table.check(team.has_value(), built_once || !data.demolition_used.empty()
                                      ? tr("the Demolition Team is used once: it went to the pile (N9:187)")
                                      : tr("no Demolition Team is built in the city (N9:187)"));
    data.demolishing = team.value_or(0);
    table.log(team ? trf("Demolition Team (card {0}) called in: which structure comes down?", *team)
                   : std::string(tr("A demolition without a Demolition Team: which structure comes down?")));
    return "demolition_chosen";
  }
  if (chose_label(choose, kEndRound)) {
    // N-18: a round ends when the deck is played through (N9:118).
    const int to_go = table.deck_count() + (data.center ? 1 : 0);
    table.check(table.deck_count() == 0 && !data.center,
                trn("the deck is not played through yet ({0} card to go; N9:118)",
                    "the deck is not played through yet ({0} cards to go; N9:118)", to_go, to_go));
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
    table.log(trf("Round {0} ended early", data.round));
    return "round_ended";
  }
  if (chose_label(choose, kEndGame)) {
    if (data.step == Step::Play && (table.deck_count() > 0 || data.center)) {
      table.log(trf("The game ends during round {0}, which counts as played (GAMES.md B7.4)", data.round));
    }
    end_game(table);
    return "game_ended";
  }
  if (chose_label(choose, kTeach)) {
    data.teaching = true;
    return "teaching";
  }
  if (chose_label(choose, kCorrect)) {
    data.correcting = std::string();
    data.correct_field = 0;
    return "correcting";
  }
  for (int n : in_play(table)) {
    if (!chose_words(choose, rotate_label(n)) || data.step != Step::Play) continue;
    rotate_one_card(table, n, (table.card(n).quarter.value_or(0) + 180) % 360);
    return "card_rotated";
  }
  table.refuse(trf("\"{0}\" is not in the menu now", label));
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
    if (!choose) table.refuse(tr("choose the structure the Demolition Team takes down, or PASS"));
    for (std::size_t i = 0; i < data.city.size(); ++i) {
      if (data.city[i].card == *data.demolishing || !chose_words(*choose, demolition_label(table, i))) continue;
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
      table.log(team ? trf("Demolition Team: {0} (card {1}) and the team go to the discard pile, for the next rounds (N9:187)",
                           gone.name, gone.card)
                     : trf("Demolition Team: {0} (card {1}) goes to the discard pile, for the next rounds (N9:187)",
                           gone.name, gone.card));
      return "demolished";
    }
    table.refuse(trf("\"{0}\" is not a structure the team can take down", choose->label));
  }
  if (data.teaching) {
    if (std::holds_alternative<Ok>(command) || (choose && chose_label(*choose, kDone))) {
      data.teaching = false;
      return "taught";
    }
    const auto* present = std::get_if<PresentCard>(&command);
    if (!present) table.refuse(tr("show a face to teach, tag upright; OK when done"));
    const auto face = face_of_id(present->card_id);
    if (!face) table.refuse(trf("Nine's tags name a card's face (S1:NINE:3A:1); {0} is none", present->card_id));
    table.learn_face(face->card, face->face);
    const Subject subject{present->card_id, 0, {}};
    std::string words;
    for (const FaceField& field : face_fields()) {
      const std::string told = table.word(subject, field.stat, table.face_words(subject.card, field));
      // TRANSLATORS: Nine: a face's field and what it shows, "top resource Lumber".
      words += (words.empty() ? "" : ", ") + trf("{0} {1}", tr(field.words), field_word(field, told));
    }
    table.log(trf("{0} taught: {1}", present->card_id, words));
    return "face_taught";
  }
  // Correcting a face: shown, then its four fields asked afresh.
  if (std::holds_alternative<Pass>(command)) {
    data.correcting.reset();
    return "correction_cancelled";
  }
  if (data.correcting->empty()) {
    const auto* present = std::get_if<PresentCard>(&command);
    if (!present || !face_of_id(present->card_id)) table.refuse(tr("show the face to correct, tag upright; PASS to cancel"));
    data.correcting = present->card_id;
    data.correct_field = 0;
    return "correcting_face";
  }
  const FaceField& field = face_fields().at(static_cast<std::size_t>(data.correct_field));
  const std::vector<std::string> words = table.face_words(*data.correcting, field);
  // The word as the data and the books keep it (English), whatever language it was chosen in.
  const auto picked = std::find_if(words.begin(), words.end(), [&](const std::string& w) {
    return choose && chose_words(*choose, field_word(field, w));
  });
  if (picked == words.end()) table.refuse(trf("choose {0}'s {1}", *data.correcting, tr(field.words)));
  table.state.told.set(Subject{*data.correcting, 0, {}}, field.stat, ToldValue{std::nullopt, *picked});
  table.log(trf("{0}'s {1} is {2} (corrected)", *data.correcting, tr(field.words), field_word(field, *picked)));
  if (++data.correct_field == static_cast<int>(face_fields().size())) data.correcting.reset();
  return "face_corrected";
}

Prompt menu_flow_prompt(const Table& table) {
  const Data& data = table.data;
  Prompt prompt;
  if (data.demolishing) {
    prompt.text = tr("Demolition Team: which structure comes down?");
    for (std::size_t i = 0; i < data.city.size(); ++i) {
      if (data.city[i].card != *data.demolishing) prompt.add(demolition_label(table, i));
    }
    prompt.pass = tr("cancel");
    return prompt;
  }
  if (data.teaching) {
    prompt.text = tr("Teach the deck: show each face, tag upright");
    prompt.takes_cards = true;
    prompt.ok = tr("done");
    prompt.add(say(kDone));
    return prompt;
  }
  prompt.pass = tr("cancel");
  if (data.correcting->empty()) {
    prompt.text = tr("Correct a face: show it, tag upright");
    prompt.takes_cards = true;
    return prompt;
  }
  const FaceField& field = face_fields().at(static_cast<std::size_t>(data.correct_field));
  prompt.text = trf("{0}'s {1}, tag upright?", *data.correcting, tr(field.words));
  for (const std::string& word : table.face_words(*data.correcting, field)) prompt.add(field_word(field, word));
  return prompt;
}

}  // namespace seneschal::engine::nine
