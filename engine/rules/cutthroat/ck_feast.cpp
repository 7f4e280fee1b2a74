// The Royal Feast (CK:580-622), the last event, and the scoring that follows it (CK:424-447).
// The Feast goes Prepare, Serve, Tasting, Main course, Poisoned; the device keeps the food's VP
// and the heirs' fate, the players keep the cards face down. The scoring asks every seat's purse
// seat by seat and adds it up with ck_scoring.hpp.
#include <algorithm>
#include <string>

#include "ck_clock.hpp"
#include "ck_flows.hpp"
#include "ck_scoring.hpp"
#include "seneschal/engine/card.hpp"

namespace seneschal::engine::cutthroat {
namespace {

// The card data has one entry for every food face and one for every poison face (CARDS.md).
const std::string kFood = card_id_from_title("Food (Feast Card)");
const std::string kPoison = card_id_from_title("Poison (Feast Card)");
const std::string kTaster = card_id_from_title("Taster");

// "For each hiring card discarded, reveal one feast card. Tasters reveal two" (CK:606; A7.14).
constexpr int kTasterReveals = 2;
constexpr int kHirelingReveals = 1;

// Bounds of what is asked: the tome prints no food or bastard VP (A8).
constexpr int kMaxFoodVp = 20;
constexpr int kMaxFoodTotal = 999;
constexpr int kMaxBastardVp = 50;
constexpr int kMaxCoinValue = 60 + 36 * 5;  // every coin in the box: 60 copper, 36 silver (CK:25-27)
constexpr int kMaxGemsOfAColour = 6;       // "6 rubies, 6 sapphires ..." (CK:29): a typo must not win
constexpr int kMaxGems = kGemColours * kMaxGemsOfAColour;  // "36 gems" (CK:28)
// The stones of CK:29 in the order the box lists them, asked by colour: the players and the scoring
// speak of colours ("Purple gems", "three green gems", CK:442, 459); the tome gives no stone its
// colour, so each is the colour the stone is named for. Which colour is which index does not
// matter to the score (A7.6).
// TRANSLATORS: gems of a colour, in "Ann: how many red gems (rubies)? (5 left)".
constexpr const char* kGemWords[] = {N_("red gems (rubies)"),       N_("blue gems (sapphires)"), N_("green gems (emeralds)"),
                                     N_("purple gems (amethysts)"), N_("white gems (diamonds)"), N_("yellow gems (topaz)")};

// Scoring fields: the coins, the gems in all, then how the gems fall into colours: one choice of
// the counts (kShapeField) when few ways are possible, else the colours one by one while gems are
// left to place (the last colour holds what is left: not asked). The own bastard is no field: it
// is shown to the camera (bastard_card) while the seat is asked, and not holding it needs no press.
constexpr int kCoinField = 0;
constexpr int kGemsField = 1;
constexpr int kFirstColourField = 2;
constexpr int kLastColourField = kFirstColourField + kGemColours - 1;
constexpr int kShapeField = kLastColourField + 1;
// The most ways a choice lists (6 gems fall 11 ways; 7 already 13): more, and the colours are
// asked one by one, fewer presses than scrolling a long list.
constexpr std::size_t kMostShapes = 12;
constexpr const char* kShapeId = "shape:";

// Option ids: the tasting's ("taste2:<seat>", "taste1:<seat>", "pile:<seat>") and the others.
constexpr const char* kTaste2 = "taste2:";
constexpr const char* kTaste1 = "taste1:";
constexpr const char* kPile = "pile:";
constexpr const char* kPoisonId = "poison";
constexpr const char* kSacrificeId = "sacrifice";
constexpr const char* kDiesId = "dies";
constexpr const char* kHeirDies = N_("The heir dies");

Feast& feast_of(Table& table) { return *table.data.feast; }
const Feast& feast_of(const Table& table) { return *table.data.feast; }
std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

// Who drew the Royal Feast: the first to serve (CK:595) and the first at the main course.
int drawer(const Table& table) { return table.data.books.clock.feast_drawn_by.value_or(0); }

// The seat k places clockwise from the drawer (CK:597).
int from_drawer(const Table& table, int k) {
  int seat = drawer(table);
  for (int i = 0; i < k; ++i) seat = table.next_seat(seat);
  return seat;
}

// "House Brom" in the language set; the cards' titles below are as printed.
std::string house_words(House house) { return trf("House {0}", house_name(house)); }
std::string bastard_title(House house) { return "Bastard of House " + std::string(house_name(house)); }
std::string heir_title(House house) { return "Royal Heir of House " + std::string(house_name(house)); }
std::string bastard_id(House house) { return card_id_from_title(bastard_title(house)); }
// TRANSLATORS: victory points.
std::string vp_text(int vp) { return trf("{0} VP", vp); }
std::string cards_text(int n) { return trn("{0} card", "{0} cards", n, n); }
std::string feast_cards_text(int n) { return trn("{0} feast card", "{0} feast cards", n, n); }

// The heir lying in front of seat s: its own, or while married its partner's, for "the players
// swap royal heir cards" (CK:555). Returns the heir's owner, whose house it is.
int heir_owner_in_front_of(const Table& table, int s) { return table.seat(s).heir.married_to.value_or(s); }

// The option of this prompt a Choose names: by its id (as the log keeps it) or by its label.
const Option* chosen(const Prompt& prompt, const Choose& choose) {
  if (!choose.id.empty()) {
    if (const Option* option = prompt.find_id(choose.id)) return option;
  }
  return prompt.find_label(choose.label);
}

// The seat an option id such as "taste2:3" names.
int seat_in(const std::string& id) { return std::stoi(id.substr(id.find(':') + 1)); }
bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// A command the step does not take: the prompt says what to do instead.
[[noreturn]] void refuse_here(const Table& table, const Prompt& prompt, const Command& command) {
  // TRANSLATORS: {0} the command given ("choose \"Ann\""), {1} what the prompt asks.
  std::string text = trf("Not now ({0}). {1}", describe(command), prompt.text);
  // TRANSLATORS: {1} what the OK button does here. OK and PASS are the buttons' names.
  if (!prompt.ok.empty()) text = trf("{0}; OK: {1}", text, prompt.ok);
  // TRANSLATORS: {1} what the PASS button does here.
  if (!prompt.pass.empty()) text = trf("{0}; PASS: {1}", text, prompt.pass);
  table.refuse(text);
}

std::string counts_text(const Table& table) {
  std::string out;
  for (int s = 0; s < table.seats(); ++s) {
    out += (s == 0 ? "" : ", ") + table.name(s) + " " + std::to_string(table.seat(s).feast_cards);
  }
  return out;
}

// --- Prepare (CK:587-591)

void prepare(Table& table) {
  // "Clear the Territories and any Military cards off the table" (CK:590): no territory is held,
  // collected or attacked after the Feast, so the books let them go; a passage through a
  // territory lapses with it (CK:812).
  for (Territory& territory : table.data.books.territories) {
    territory.stack.clear();
    territory.owner.reset();
  }
  table.data.books.passages.clear();
  table.log(tr("Clear the territories and the military cards off the table"));
  // TRANSLATORS: {0} each seat and its feast cards: "Ann 3, Ben 2".
  table.log(trf("Every seat takes up the feast cards it collected: {0}", counts_text(table)));
}

// --- Serve (CK:595-603; CK-43)

void begin_serving(Table& table) {
  Feast& feast = feast_of(table);
  feast.stage = Feast::Stage::Serve;
  feast.server = drawer(table);
  feast.served = 0;
  table.state.to_act = feast.server;
  table.log(trf("Serve the food: {0}, who drew the Royal Feast, serves first, then clockwise", table.name(feast.server)));
}

void begin_tasting(Table& table) {
  Feast& feast = feast_of(table);
  feast.stage = Feast::Stage::Tasting;
  feast.tasting.reset();
  feast.reveals_left = 0;
  table.state.to_act = drawer(table);
  table.log(tr("The tasting: a Taster reveals 2 feast cards in front of one seat, a discarded hireling 1"));
}

// A serving seat's cards go face down in front of any players (CK:597). The device is told no
// numbers: where each card lies changes nothing in the books until it is revealed, and a `set`
// per receiving seat would only slow the table (choice).
std::string serve_step(Table& table, const Command& command) {
  if (!std::holds_alternative<Ok>(command)) refuse_here(table, feast_prompt(table), command);
  Feast& feast = feast_of(table);
  SeatBooks& server = table.seat(feast.server);
  table.log(trf("{0} serves {1} face down", table.name(feast.server), feast_cards_text(server.feast_cards)));
  server.feast_cards = 0;  // out of the hand, in front of the players now
  feast.served += 1;
  if (feast.served >= table.seats()) {
    begin_tasting(table);
  } else {
    feast.server = table.next_seat(feast.server);
    table.state.to_act = feast.server;
  }
  return "feast_served";
}

// --- Tasting (CK:600-612; CK-44, CK-45)

void begin_main_course(Table& table) {
  Feast& feast = feast_of(table);
  feast.stage = Feast::Stage::MainCourse;
  feast.course = 0;
  table.state.to_act = drawer(table);
  table.log(trf("The main course: every seat reveals the rest of the feast cards in front of it, from {0} clockwise",
                table.name(drawer(table))));
}

void start_taste(Table& table, std::optional<int> pile, int reveals) {
  Feast& feast = feast_of(table);
  feast.tasting = pile;
  feast.reveals_left = reveals;
  const bool taster = reveals == kTasterReveals;
  if (pile) {
    table.log(taster ? trf("A Taster tastes {0}'s cards: {1} to reveal", table.name(*pile), cards_text(reveals))
                     : trf("A discarded hireling tastes {0}'s cards: {1} to reveal", table.name(*pile), cards_text(reveals)));
  } else {
    table.log(taster ? trf("A Taster is played: {0} to reveal", cards_text(reveals))
                     : trf("A discarded hireling is played: {0} to reveal", cards_text(reveals)));
  }
}

void end_taste(Table& table) {
  Feast& feast = feast_of(table);
  feast.tasting.reset();
  feast.reveals_left = 0;
}

// A feast card is revealed once: the same copy read again (a second look, a camera's second
// read) would count its food or its poison twice.
void note_revealed(Table& table, const PresentCard& present) {
  auto& revealed = feast_of(table).revealed;
  const std::pair<std::string, int> card{present.card_id, present.copy};
  if (std::find(revealed.begin(), revealed.end(), card) != revealed.end()) {
    table.refuse(trf("{0} #{1} is revealed already", table.title(present.card_id), present.copy));
  }
  revealed.push_back(card);
}

// A revealed food's VP, asked per physical copy: the card data has no food values (A8).
int food_vp(const Table& table, const PresentCard& present) {
  return table.number(Subject{present.card_id, present.copy, {}}, "victory_points", 0, kMaxFoodVp);
}

// "Discard any poison cards revealed in this way without effect" (CK:606); revealed food stays in
// front of that seat and scores there (CK:618).
std::string taste_card(Table& table, const PresentCard& present) {
  Feast& feast = feast_of(table);
  const int pile = *feast.tasting;
  note_revealed(table, present);
  if (present.card_id == kPoison) {
    table.log(trf("Tasted in front of {0}: poison, discarded without effect", table.name(pile)));
  } else {
    const int vp = food_vp(table, present);
    feast.food_vp[at(pile)] += vp;
    table.log(trf("Tasted in front of {0}: food worth {1}, which stays there", table.name(pile), vp_text(vp)));
  }
  feast.reveals_left -= 1;
  if (feast.reveals_left <= 0) end_taste(table);
  return "feast_card_tasted";
}

bool is_feast_card(const std::string& card) { return card == kFood || card == kPoison; }

std::string course_step(Table& table, const Command& command);

// A hireling shown now is discarded to taste: a Taster reveals 2, any other 1 (CK:606, A7.14).
// A bastard or another card is a check (CK-44): it is kept to save an heir (CK:622) or to score.
std::string tasting_card(Table& table, const PresentCard& present) {
  const Feast& feast = feast_of(table);
  if (feast.tasting && is_feast_card(present.card_id)) return taste_card(table, present);
  if (feast.reveals_left > 0 && is_feast_card(present.card_id) && present.where.seat >= 0) {
    // The card turned lies in a seat's area: the camera names whose cards are tasted, the
    // choice the prompt asks (CK:606). A card in no area leaves the question asked.
    feast_of(table).tasting = present.where.seat;
    table.log(trf("It tastes {0}'s cards", table.name(present.where.seat)));
    return taste_card(table, present);
  }
  if (feast.reveals_left > 0) refuse_here(table, feast_prompt(table), present);
  if (is_feast_card(present.card_id) && present.where.seat >= 0) {
    // A feast card turned in a seat's area with no taste under way: the tasting is over and the
    // main course has begun (CK:614), as its OK would say; the card is that seat's reveal.
    begin_main_course(table);
    return course_step(table, present);
  }
  if (is_feast_card(present.card_id)) {
    table.refuse(tr("No taste is under way: scan a Taster or a discarded hireling, or choose whose cards to taste, first"));
  }
  // CK-44: "For each hiring card discarded, reveal one feast card" (CK:606); a bastard comes out
  // of the hiring deck (CK:211) but is no hireling: the table may still count it, as a check.
  table.check(table.type(present.card_id) == "hireling",
              trf("{0} is no hireling: only hirelings are discarded to taste (CK:606)", table.title(present.card_id)));
  start_taste(table, std::nullopt, present.card_id == kTaster ? kTasterReveals : kHirelingReveals);
  return "taste_started";
}

std::string tasting_choice(Table& table, const Choose& choose) {
  const Prompt prompt = feast_prompt(table);
  const Option* option = chosen(prompt, choose);
  if (!option) refuse_here(table, prompt, choose);
  if (starts_with(option->id, kPile)) {
    feast_of(table).tasting = seat_in(option->id);
    table.log(trf("It tastes {0}'s cards", table.name(seat_in(option->id))));
    return "taste_started";
  }
  const int reveals = starts_with(option->id, kTaste2) ? kTasterReveals : kHirelingReveals;
  start_taste(table, seat_in(option->id), reveals);
  return "taste_started";
}

std::string tasting_step(Table& table, const Command& command) {
  const Feast& feast = feast_of(table);
  if (const auto* present = std::get_if<PresentCard>(&command)) return tasting_card(table, *present);
  if (const auto* choose = std::get_if<Choose>(&command)) return tasting_choice(table, *choose);
  if (std::holds_alternative<Pass>(command) && feast.reveals_left > 0) {
    // Fewer cards lie there than the taste may reveal, or the taster stops.
    table.log(trf("The taste ends early: {0} not revealed", cards_text(feast.reveals_left)));
    end_taste(table);
    return "taste_ended";
  }
  if (std::holds_alternative<Ok>(command) && feast.reveals_left == 0) {
    begin_main_course(table);
    return "tasting_done";
  }
  refuse_here(table, feast_prompt(table), command);
}

// --- Main course (CK:614-618; CK-46) and the poisoned heirs (CK:620-622; CK-47)

void finish_feast(Table& table);

void begin_poisoned(Table& table) {
  Feast& feast = feast_of(table);
  if (feast.poisoned_heirs.empty()) {
    finish_feast(table);
    return;
  }
  feast.stage = Feast::Stage::Poisoned;
  table.state.to_act = feast.poisoned_heirs.front();
}

// "If one or more untasted Poison cards are revealed, the royal heir in front of them has been
// poisoned" (CK:616): once, however many. The deaths wait until every seat has revealed: the
// reveal is all at once, so a marriage dissolved by one death does not move another heir first.
void poison_heir_in_front_of(Table& table, int s) {
  const int owner = heir_owner_in_front_of(table, s);
  const std::string heir = heir_title(table.seat(owner).house);
  if (!table.seat(owner).heir.alive) {
    table.log(trf("Untasted poison in front of {0}, but the {1} lying there is already dead", table.name(s), heir));
    return;
  }
  feast_of(table).poisoned_heirs.push_back(owner);
  table.log(trf("Untasted poison in front of {0}: the {1} is poisoned", table.name(s), heir));
}

void finish_course(Table& table, int s) {
  Feast& feast = feast_of(table);
  table.log(trf("{0} keeps food worth {1} in all", table.name(s), vp_text(feast.food_vp[at(s)])));
  if (feast.poison[at(s)] > 0) poison_heir_in_front_of(table, s);
  feast.course += 1;
  if (feast.course >= table.seats()) {
    begin_poisoned(table);
  } else {
    table.state.to_act = from_drawer(table, feast.course);
  }
}

std::string course_card(Table& table, int s, const PresentCard& present) {
  Feast& feast = feast_of(table);
  if (is_feast_card(present.card_id)) note_revealed(table, present);
  if (present.card_id == kPoison) {
    feast.poison[at(s)] += 1;
    table.log(trf("{0} reveals untasted poison", table.name(s)));
    return "feast_card_revealed";
  }
  if (present.card_id != kFood) {
    table.refuse(trf("{0} is no feast card: {1} scans each feast card revealed, or sets the VP of the food not scanned",
                     table.title(present.card_id), table.name(s)));
  }
  const int vp = food_vp(table, present);
  feast.food_vp[at(s)] += vp;
  table.log(trf("{0} reveals food worth {1}", table.name(s), vp_text(vp)));
  return "feast_card_revealed";
}

// How many seats after the one revealing now `seat` comes in the main course's order (0: it is
// that seat); -1 for a seat that has revealed already.
int course_ahead(const Table& table, int seat) {
  const Feast& feast = feast_of(table);
  for (int k = feast.course; k < table.seats(); ++k) {
    if (from_drawer(table, k) == seat) return k - feast.course;
  }
  return -1;
}

std::string course_step(Table& table, const Command& command) {
  Feast& feast = feast_of(table);
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    // The card turned lies in a seat's area (the camera says whose): a later seat's card says the
    // seats before it are done (CK:614, clockwise), each as its OK would have said, and the card
    // is that seat's. A seat done already is refused: UNDO reopens it.
    if (const int seat = present->where.seat; seat >= 0 && is_feast_card(present->card_id)) {
      const int ahead = course_ahead(table, seat);
      if (ahead < 0) {
        table.refuse(trf("{0} has revealed already: UNDO to reopen {0}'s cards", table.name(seat)));
      }
      for (int k = 0; k < ahead; ++k) finish_course(table, from_drawer(table, feast.course));
      return course_card(table, seat, *present);
    }
    return course_card(table, from_drawer(table, feast.course), *present);
  }
  const int s = from_drawer(table, feast.course);
  if (const auto* number = std::get_if<SetNumber>(&command)) {
    if (number->value < 0 || number->value > kMaxFoodTotal)
      table.refuse(trf("The food's VP is 0 to {0}", kMaxFoodTotal));
    // The food not scanned, counted by the table: added to what was tasted and scanned.
    feast.food_vp[at(s)] += number->value;
    table.log(trf("{0}'s food not scanned is worth {1}", table.name(s), vp_text(number->value)));
    return "food_told";
  }
  const Prompt prompt = feast_prompt(table);
  if (const auto* choose = std::get_if<Choose>(&command)) {
    const Option* option = chosen(prompt, *choose);
    if (!option || option->id != kPoisonId) refuse_here(table, prompt, command);
    // Told, not scanned: the seat still scans or sets its food, then OK.
    feast.poison[at(s)] += 1;
    table.log(trf("{0} reveals untasted poison", table.name(s)));
    return "feast_card_revealed";
  }
  if (!std::holds_alternative<Ok>(command)) refuse_here(table, prompt, command);
  finish_course(table, s);
  return "main_course_done";
}


void heir_saved(Table& table, int owner, const std::string& bastard) {
  feast_of(table).sacrificed.push_back(card_id_from_title(bastard));
  // TRANSLATORS: {1} and {2} are cards' titles: "Bastard of House Brom", "Royal Heir of House Brom".
  table.log(trf("{0} sacrifices the {1}: the {2} lives", table.name(owner), bastard, heir_title(table.seat(owner).house)));
}

// "Flip any dead royal heirs face down", "dissolving their marriage alliance" (CK:616).
void heir_dies(Table& table, int owner) {
  table.kill_heir(owner, true);
}

// CK-47: the owner sacrifices the bastard of the heir's house (A7.15); another house's is a check.
std::string sacrifice_card(Table& table, int owner, const PresentCard& present) {
  if (table.type(present.card_id) != "bastard") {
    table.refuse(trf("{0} saves no heir: scan the {1}, or choose {2}", table.title(present.card_id),
                     bastard_title(table.seat(owner).house), tr(kHeirDies)));
  }
  const House house = table.seat(owner).house;
  const std::optional<House> of = table.house_of_card(present.card_id);
  table.check(of == house, trf("The {0} cannot save the {1}: only a bastard of {2} may be sacrificed for it",
                               table.title(present.card_id), heir_title(house), house_words(house)));
  heir_saved(table, owner, table.title(present.card_id));
  return "heir_saved";
}

std::string poisoned_step(Table& table, const Command& command) {
  Feast& feast = feast_of(table);
  const int owner = feast.poisoned_heirs.front();
  std::string type;
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    type = sacrifice_card(table, owner, *present);
  } else {
    const Prompt prompt = feast_prompt(table);
    const auto* choose = std::get_if<Choose>(&command);
    const Option* option = choose ? chosen(prompt, *choose) : nullptr;
    if (!option) refuse_here(table, prompt, command);
    if (option->id == kSacrificeId) {
      heir_saved(table, owner, bastard_title(table.seat(owner).house));
      type = "heir_saved";
    } else {
      heir_dies(table, owner);
      type = "heir_died";
    }
  }
  feast.poisoned_heirs.erase(feast.poisoned_heirs.begin());
  begin_poisoned(table);
  return type;
}

// --- Scoring (CK:424-447)

void begin_scoring(Table& table) {
  table.data.step = Step::Scoring;
  table.state.phase = N_("Scoring");
  table.data.scoring = Scoring{};
  table.state.to_act = 0;
  table.log(tr("Scoring: every seat tells its coins, its gems and whether it holds its own house's bastard"));
}

// The food retained goes to the books for scoring (CK:618).
void finish_feast(Table& table) {
  Feast& feast = feast_of(table);
  feast.stage = Feast::Stage::Done;
  for (int s = 0; s < table.seats(); ++s) table.seat(s).food_vp = feast.food_vp[at(s)];
  table.log(tr("The Royal Feast is over"));
  begin_scoring(table);
}

// "gems 29", "gems 29 with 1 rainbow".
std::string gems_score_text(const GemScore& gems) {
  if (gems.rainbows == 0) return trf("gems {0}", gems.vp);
  // TRANSLATORS: the gems' VP and the rainbows (one gem of each colour) among them.
  return trn("gems {0} with {1} rainbow", "gems {0} with {1} rainbows", gems.rainbows, gems.vp, gems.rainbows);
}

// "Ann: 41 VP (coins 6 x2, food 0, gems 29 with 1 rainbow)".
std::string seat_score_text(const Table& table, int s) {
  const SeatBooks& books = table.seat(s);
  const GemScore gems = gem_vp(books.gems);
  // TRANSLATORS: a seat's score: {1} "41 VP", {2} the coins' VP, {3} the heir's multiplier, {4} the
  // food's VP, {5} the gems' ("gems 29 with 1 rainbow").
  if (!books.own_bastard_vp) {
    return trf("{0}: {1} (coins {2} x{3}, food {4}, {5})", table.name(s), vp_text(seat_vp(books)), coin_vp(books.coins),
               heir_multiplier(books), books.food_vp, gems_score_text(gems));
  }
  // TRANSLATORS: as above, and {5} the bastard card's title with {6} its VP, {7} the gems'.
  return trf("{0}: {1} (coins {2} x{3}, food {4}, {5} {6}, {7})", table.name(s), vp_text(seat_vp(books)),
             coin_vp(books.coins), heir_multiplier(books), books.food_vp, bastard_title(books.house), *books.own_bastard_vp,
             gems_score_text(gems));
}

// The word winner_text puts before "victory": "Ann wins a points victory". A victory kind, kept
// in the state in English: the view translates it.
std::string victory_word(const Outcome& outcome) {
  if (outcome.shared) return N_("shared");  // a tie for the most (A7.7)
  for (const Team& team : outcome.teams) {
    if (team.seats.size() == 2 &&
        std::find(team.seats.begin(), team.seats.end(), outcome.winners.front()) != team.seats.end()) {
      return N_("couple");  // "win or lose as a team" (CK:785)
    }
  }
  return N_("points");
}

void final_scores(Table& table) {
  const Outcome outcome = score(table.data.books.seats);
  for (int s = 0; s < table.seats(); ++s) {
    table.state.players[at(s)].score = seat_vp(table.seat(s));
    table.log(seat_score_text(table, s));
  }
  for (const Team& team : outcome.teams) {
    if (team.seats.size() != 2) continue;
    // "They combine their victory points together" (CK:561).
    table.log(trf("{0} and {1}, married: {2} together", table.name(team.seats[0]), table.name(team.seats[1]),
                  vp_text(team.vp)));
  }
  table.data.step = Step::Over;
  if (!outcome.winners.empty()) table.win(outcome.winners, victory_word(outcome));
}

std::string gems_text(const Gems& gems) {
  std::string out;
  for (std::size_t c = 0; c < gems.size(); ++c) out += (c == 0 ? "" : ", ") + std::to_string(gems[c]);
  return out;
}

// The gems told in all are placed colour by colour: once none is left, or one colour is left to
// hold them all, the rest is known and not asked.
void place_remaining_gems(Table& table, Scoring& scoring) {
  if (scoring.field < kFirstColourField || scoring.field > kLastColourField) return;
  SeatBooks& books = table.seat(scoring.seat);
  if (scoring.gems_left > 0 && scoring.field < kLastColourField) return;
  books.gems[at(kLastColourField - kFirstColourField)] = scoring.gems_left;
  scoring.gems_left = 0;
  table.log(trf("{0}: gems by colour {1}", table.name(scoring.seat), gems_text(books.gems)));
  scoring.field = kShapeField + 1;
}

// "2 + 1": the counts of the colours held, largest first.
std::string shape_text(const std::vector<int>& shape) {
  std::string out;
  for (int count : shape) out += (out.empty() ? "" : " + ") + std::to_string(count);
  return out;
}

// A seat's purse is told: its bastard, if shown, was logged then; else it holds none (CK:436).
void seat_done(Table& table, Scoring& scoring) {
  const int s = scoring.seat;
  if (!table.seat(s).own_bastard_vp) {
    table.log(trf("{0} does not hold the {1}", table.name(s), bastard_title(table.seat(s).house)));
  }
  scoring.field = kCoinField;
  scoring.seat += 1;
  if (scoring.seat >= table.seats()) {
    final_scores(table);
  } else {
    table.state.to_act = scoring.seat;
  }
}

void next_field(Table& table) {
  Scoring& scoring = *table.data.scoring;
  if (scoring.field == kGemsField) {
    // The gems told: none to place, one choice of how they fall, or colour by colour.
    if (scoring.gems_left == 0) {
      scoring.field = kFirstColourField;
      place_remaining_gems(table, scoring);  // logs the colours, all 0
    } else {
      scoring.field = gem_shapes(scoring.gems_left).size() <= kMostShapes ? kShapeField : kFirstColourField;
    }
  } else if (scoring.field != kShapeField) {
    scoring.field += 1;
    place_remaining_gems(table, scoring);
  } else {
    scoring.field += 1;
  }
  if (scoring.field > kShapeField) seat_done(table, scoring);
}

// How the gems told fall into colours, chosen as counts: the first colour holds the largest.
std::string shape_chosen(Table& table, Scoring& scoring, const Choose& choose) {
  const Prompt prompt = scoring_prompt(table);
  const Option* option = chosen(prompt, choose);
  if (!option || !starts_with(option->id, kShapeId)) refuse_here(table, prompt, choose);
  const std::vector<std::vector<int>> shapes = gem_shapes(scoring.gems_left);
  const auto i = static_cast<std::size_t>(std::stoi(option->id.substr(std::string(kShapeId).size())));
  if (i >= shapes.size()) refuse_here(table, prompt, choose);
  SeatBooks& books = table.seat(scoring.seat);
  books.gems = Gems{};
  for (std::size_t c = 0; c < shapes[i].size(); ++c) books.gems[c] = shapes[i][c];
  scoring.gems_left = 0;
  // TRANSLATORS: {1} the counts of the colours held, largest first: "2 + 1".
  table.log(trf("{0}: gems of each colour held {1}", table.name(scoring.seat), shape_text(shapes[i])));
  return "gems_told";
}

std::string number_field(Table& table, Scoring& scoring, int value) {
  const int s = scoring.seat;
  SeatBooks& books = table.seat(s);
  if (scoring.field == kCoinField) {
    if (value < 0 || value > kMaxCoinValue) table.refuse(trf("A coin value is 0 to {0}", kMaxCoinValue));
    books.coins = Coins{value, 0};  // only the value matters (CK:866)
    table.log(trf("{0}: coins worth {1}", table.name(s), value));
    return "coins_told";
  }
  if (scoring.field == kGemsField) {
    if (value < 0 || value > kMaxGems) table.refuse(trf("The box holds {0} gems (CK:28)", kMaxGems));
    books.gems = Gems{};
    scoring.gems_left = value;
    // The field after this one is the first colour: with no gem, nothing is left to place.
    return "gems_told";
  }
  if (value < 0 || value > kMaxGemsOfAColour)
    table.refuse(trf("Gems of a colour are 0 to {0}", kMaxGemsOfAColour));
  if (value > scoring.gems_left) {
    table.refuse(trn("Only {0} of the gems told is left to place", "Only {0} of the gems told are left to place",
                     scoring.gems_left, scoring.gems_left));
  }
  books.gems[at(scoring.field - kFirstColourField)] = value;
  scoring.gems_left -= value;
  return "gems_told";
}

// "Players may only score the bastard that bears their house crest" (CK:436): another house's
// scores nothing, so it is no answer here.
std::string bastard_card(Table& table, int s, const PresentCard& present) {
  const House house = table.seat(s).house;
  if (present.card_id != bastard_id(house)) {
    table.refuse(trf("The {0} scores nothing for {1} ({2}): only the {3} scores, shown while {1} is asked",
                     table.title(present.card_id), table.name(s), house_words(house), bastard_title(house)));
  }
  if (table.data.feast) {
    const auto& gone = table.data.feast->sacrificed;
    if (std::find(gone.begin(), gone.end(), present.card_id) != gone.end()) {
      table.refuse(trf("The {0} was sacrificed at the Feast: it scores nothing", table.title(present.card_id)));
    }
  }
  const int vp = table.number(Subject{present.card_id, 0, {}}, "victory_points", 0, kMaxBastardVp);
  table.seat(s).own_bastard_vp = vp;
  table.log(trf("{0} holds the {1}: {2}", table.name(s), bastard_title(house), vp_text(vp)));
  return "bastard_told";
}

}  // namespace

void begin_feast(Table& table) {
  Data& data = table.data;
  if (!data.books.clock.feast_drawn_by) data.books.clock.feast_drawn_by = table.state.to_act;
  data.step = Step::Feast;
  table.state.phase = N_("Feast");
  const auto seats = at(table.seats());
  Feast feast;
  feast.server = drawer(table);
  feast.food_vp.assign(seats, 0);
  feast.poison.assign(seats, 0);
  data.feast = std::move(feast);
  table.state.to_act = drawer(table);
  table.log(trf("The Royal Feast, drawn by {0}", table.name(drawer(table))));
  prepare(table);
}

std::string feast_step(Table& table, const Command& command) {
  switch (feast_of(table).stage) {
    case Feast::Stage::Prepare:
      if (!std::holds_alternative<Ok>(command)) refuse_here(table, feast_prompt(table), command);
      // Clearing and serving are the players' hands at work, face down and counted by nobody: the
      // prompt says the order (CK:595-597), and one OK says every seat has served, each logged.
      begin_serving(table);
      while (feast_of(table).stage == Feast::Stage::Serve) serve_step(table, command);
      return "feast_served";
    case Feast::Stage::Serve:
      return serve_step(table, command);
    case Feast::Stage::Tasting:
      return tasting_step(table, command);
    case Feast::Stage::MainCourse:
      return course_step(table, command);
    case Feast::Stage::Poisoned:
      return poisoned_step(table, command);
    case Feast::Stage::Done:
      break;
  }
  table.refuse(tr("The Royal Feast is over: the scoring follows"));
}

namespace {

Prompt serve_prompt(const Table& table) {
  const Feast& feast = feast_of(table);
  Prompt prompt;
  const int cards = table.seat(feast.server).feast_cards;
  // Prompts stay short enough for the banner at 800x480; the legend says what OK and PASS do.
  prompt.text = trf("{0}: serve your {1} face down, to anyone", table.name(feast.server), feast_cards_text(cards));
  prompt.ok = tr("served");
  prompt.seat = feast.server;
  // Serving is the players' hands at work: OK says it is done. A seat with no feast card has
  // nothing to serve, and the Feast moves on by itself.
  prompt.idle = cards == 0;
  return prompt;
}

Prompt tasting_prompt(const Table& table) {
  const Feast& feast = feast_of(table);
  Prompt prompt;
  if (feast.tasting) {
    prompt.text = trf("Tasting {0}'s cards: scan each turned ({1} left)", table.name(*feast.tasting), feast.reveals_left);
    prompt.takes_cards = true;
    prompt.pass = tr("end the taste");
    return prompt;
  }
  if (feast.reveals_left > 0) {
    prompt.text = trf("Tasting: whose cards ({0} to reveal)?", feast.reveals_left);
    for (int s = 0; s < table.seats(); ++s) prompt.add(table.name(s), kPile + std::to_string(s));
    prompt.pass = tr("end the taste");
    return prompt;
  }
  prompt.text = tr("Tasting: scan a Taster (2) or a discarded hireling (1)");
  for (int s = 0; s < table.seats(); ++s) {
    prompt.add(say("Taster: {0}'s cards (2)", table.name(s)), kTaste2 + std::to_string(s));
    prompt.add(say("Hireling: {0}'s cards (1)", table.name(s)), kTaste1 + std::to_string(s));
  }
  prompt.takes_cards = true;
  prompt.ok = tr("to the main course");
  return prompt;
}

Prompt course_prompt(const Table& table) {
  const Feast& feast = feast_of(table);
  const int s = from_drawer(table, feast.course);
  Prompt prompt;
  prompt.text = trf("Main course: {0}, scan each card left (or set food VP)", table.name(s));
  prompt.seat = s;
  prompt.takes_cards = true;
  prompt.wants_number = true;
  prompt.number_min = 0;
  prompt.number_max = kMaxFoodTotal;
  if (feast.poison[at(s)] == 0) {
    prompt.add(say("Untasted poison revealed"), kPoisonId);
    prompt.ok = tr("done: no untasted poison");
  } else {
    prompt.ok = trf("done: the heir in front of {0} is poisoned", table.name(s));
  }
  return prompt;
}

Prompt poisoned_prompt(const Table& table) {
  const int owner = feast_of(table).poisoned_heirs.front();
  const House house = table.seat(owner).house;
  Prompt prompt;
  prompt.text = trf("{0}: your heir is poisoned! Sacrifice your bastard?", table.name(owner));
  // TRANSLATORS: {0} the card's title: "Bastard of House Brom".
  prompt.add(say("Sacrifice the {0}", bastard_title(house)), kSacrificeId);
  prompt.add(say(kHeirDies), kDiesId);
  // The bastard last shown by another seat (a blackmail) is likely still in that hand (CK:541):
  // the heir's death is the likelier answer. A trade since is the table's to say.
  const auto shown = table.data.bastards_shown.find(bastard_id(house));
  if (shown != table.data.bastards_shown.end() && shown->second != owner) prompt.likely = 1;
  prompt.takes_cards = true;
  prompt.seat = owner;
  return prompt;
}

}  // namespace

Prompt feast_prompt(const Table& table) {
  const Feast& feast = feast_of(table);
  switch (feast.stage) {
    case Feast::Stage::Prepare: {
      Prompt prompt;
      // The counts are in the log line above and on each seat's panel.
      prompt.text = trf("Royal Feast: clear the table; serve your feast cards face down, {0} first, then clockwise",
                        table.name(drawer(table)));
      prompt.ok = tr("every seat has served");
      return prompt;
    }
    case Feast::Stage::Serve:
      return serve_prompt(table);
    case Feast::Stage::Tasting:
      return tasting_prompt(table);
    case Feast::Stage::MainCourse:
      return course_prompt(table);
    case Feast::Stage::Poisoned:
      return poisoned_prompt(table);
    case Feast::Stage::Done:
      break;
  }
  Prompt prompt;
  prompt.text = tr("The Royal Feast is over");
  return prompt;
}

std::string scoring_step(Table& table, const Command& command) {
  if (table.data.step == Step::Over || !table.data.scoring || table.data.scoring->seat >= table.seats()) {
    table.refuse(tr("The game is over: the scores are in"));
  }
  Scoring& scoring = *table.data.scoring;
  const int s = scoring.seat;
  // The own bastard shown at any of the seat's questions: it scores, and the question stays.
  if (const auto* present = std::get_if<PresentCard>(&command)) return bastard_card(table, s, *present);
  std::string type;
  if (scoring.field == kShapeField) {
    const auto* choose = std::get_if<Choose>(&command);
    if (!choose) refuse_here(table, scoring_prompt(table), command);
    type = shape_chosen(table, scoring, *choose);
  } else {
    const auto* number = std::get_if<SetNumber>(&command);
    if (!number) refuse_here(table, scoring_prompt(table), command);
    type = number_field(table, scoring, number->value);
  }
  next_field(table);
  return type;
}

Prompt scoring_prompt(const Table& table) {
  Prompt prompt;
  if (table.data.step == Step::Over || !table.data.scoring || table.data.scoring->seat >= table.seats()) {
    prompt.text = tr("The game is over");
    return prompt;
  }
  const Scoring& scoring = *table.data.scoring;
  const int s = scoring.seat;
  const std::string& who = table.name(s);
  prompt.seat = s;
  // The seat's own bastard is shown to the camera at any of its questions (CK:436).
  prompt.takes_cards = true;
  const SeatBooks& books = table.seat(s);
  if (scoring.field == kCoinField) {
    prompt.text = trf("{0}: your coins' value (copper 1, silver 5)? Scan your own bastard if held", who);
    prompt.wants_number = true;
    prompt.number_max = kMaxCoinValue;
    // The likely purse: what the books saw come and go (deals move coins unseen, CK:137).
    prompt.number_start = std::clamp(books.coins_seen, 0, kMaxCoinValue);
  } else if (scoring.field == kGemsField) {
    prompt.text = trf("{0}: how many gems in all?", who);
    prompt.wants_number = true;
    prompt.number_max = kMaxGems;
    prompt.number_start = std::clamp(books.gems_seen, 0, kMaxGems);
  } else if (scoring.field == kShapeField) {
    // TRANSLATORS: {1} "3 gems"; the options are counts of the colours held: "2 + 1".
    prompt.text = trf("{0}: {1} - how many of each colour?", who, trn("{0} gem", "{0} gems", scoring.gems_left, scoring.gems_left));
    const std::vector<std::vector<int>> shapes = gem_shapes(scoring.gems_left);
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      const std::string counts = shape_text(shapes[i]);
      // TRANSLATORS: the gems' counts when every colour is held: a rainbow (CK:438).
      prompt.add(shapes[i].size() == kGemColours ? say("{0} (rainbow)", counts) : as_is(counts), kShapeId + std::to_string(i));
    }
  } else {
    prompt.text = trf("{0}: how many {1}? ({2} left)", who, tr(kGemWords[scoring.field - kFirstColourField]),
                      scoring.gems_left);
    prompt.wants_number = true;
    prompt.number_max = std::min(kMaxGemsOfAColour, scoring.gems_left);
    // An even share of the gems left over the colours left (a rainbow's one of each, CK:440).
    const int colours_left = kLastColourField - scoring.field + 1;
    prompt.number_start = std::min(prompt.number_max, scoring.gems_left / colours_left);
  }
  return prompt;
}

}  // namespace seneschal::engine::cutthroat
