#pragma once
// The flows of a Cutthroat Kingdoms game (GAMES.md A2): the books of ck_books.hpp and, beside
// them, what is in progress (a step of setup, the turn's phase, an attack, a vote, the Feast).
// Each *_step takes the command the table gave while that flow has its attention and returns the
// event type it amounts to; each *_prompt says what it asks, with exactly the options its step
// accepts. The toolkit (rules_kit.hpp) tries every command on a copy first, so a rule that
// throws never leaves half a move behind.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ck_books.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/engine/rules_kit.hpp"

namespace seneschal::engine::cutthroat {

// Where the game is: state.phase says it in words ("Setup", "Resource", "Action", "Event",
// "Feast", "Scoring"), kept in English (N_) and translated where it is shown.
enum class Step {
  Houses,          // each seat names its house (lord/lady card)
  EventDeck,       // the event deck's size E
  Kingdom,         // the 2 + N territories into their slots
  StartVote,       // who starts (a vote)
  StartTerritory,  // clockwise from the starter: a territory, its military, its first collection
  Resource,
  Action,
  PostCollection,  // the one collection from a territory conquered this turn (CK:416)
  Event,           // draw and scan the turn's event
  EventResolve,    // an event without a flow of its own: resolved at the table
  Welcome,         // Welcome to Aurum's deals
  Wedding,         // the Royal Wedding's wooing
  Feast,           // the Royal Feast (ck_feast.cpp)
  Scoring,         // the purses told, seat by seat (ck_feast.cpp)
  Over,
};
// Setup runs from the houses to the starting territories; the turns follow.
inline bool is_setup(Step step) { return step <= Step::StartTerritory; }


// Military cards going under a territory: a conquest (or a starting territory) in progress.
struct Placing {
  int slot = -1;
  int seat = -1;
  bool starting = false;  // setup: the first collection follows
  bool adding = false;    // MENU: cards added under a held territory, no conquest (CK-22's check)
  std::vector<MilitaryCard> cards;  // as scanned, top first (the order the examples list a stack)
};

// An attack on a territory in progress (CK:391-408).
struct Attack {
  int slot = -1;
  std::optional<MilitaryCard> attacking;  // played and waiting for the defender's answer
  std::string attacking_label;            // "Soldier of House Brom #3 (blue)" for the log
  bool emptied = false;                   // the stack is empty: conquer it now or leave it
};

// A vote (CK:832-840): proposals, the seats with the least (one more vote each), one vote per
// seat collected by a Poll. What it decides is its purpose's.
struct Vote {
  enum class Purpose { Starter, Alms, Free };
  Purpose purpose = Purpose::Free;
  std::vector<std::string> proposals;          // names, distributions, or a free vote's "Proposal 2" (English)
  std::vector<std::vector<int>> distributions;  // Alms: per proposal, the coins for each seat
  std::vector<int> draft;                       // Alms: the distribution being entered
  std::vector<int> sharing;                     // Alms: the seats a new proposal shares the 12 evenly among
  bool proposing = true;                        // still entering proposals
  bool least_named = false;                     // the seats with the least are named
  std::vector<int> least;
  std::optional<Poll> poll;
  int ties = 0;  // Starter: tied votes so far; after two the table may draw the starter
};

// Welcome to Aurum (CK:570-572): who made a formal deal, who collected.
struct Welcome {
  std::vector<bool> dealt;
  std::optional<int> first;  // the deal's first party, chosen
  bool timed = false;        // a Negotiation timer was started for this dealing: put away at its end
};

// The Royal Feast (CK:580-622).
struct Feast {
  enum class Stage { Prepare, Serve, Tasting, MainCourse, Poisoned, Done };
  Stage stage = Stage::Prepare;
  int server = -1;                 // Serve: who serves now
  int served = 0;                  // Serve: how many seats have served
  std::optional<int> tasting;      // Tasting: whose pile is being tasted
  int reveals_left = 0;            // Tasting: cards the current taste still reveals
  int course = 0;                  // MainCourse: how many seats have revealed the rest
  std::vector<int> food_vp;        // per seat: VP of the food retained in front of it
  std::vector<int> poison;         // per seat: untasted poison at the main course
  std::vector<int> poisoned_heirs; // Poisoned: seats whose heir lies poisoned, to be answered
  std::vector<std::pair<std::string, int>> revealed;  // feast cards (id, copy) revealed so far
  std::vector<std::string> sacrificed;                 // bastards given for an heir: gone, no score
};

// The scoring inputs, seat by seat (CK:424-447).
struct Scoring {
  int seat = 0;       // index into the seats, in order
  int field = 0;      // 0 coin value, 1 gems in all, 2..7 gems of each colour, 8 own bastard
  int gems_left = 0;  // of the gems told in all, those no colour holds yet
};

// An ability or a kill aimed at a territory, chosen from MENU: the territory is asked next.
struct Aiming {
  std::string ability;  // "Fury", "Bedlam", "Death", "kill" (an event's, no counter), "add" (CK-22),
                        // or "Taxes" (its seat is asked, not a territory: CK-38)
  int seat = -1;        // whose ability
};

// MENU "Play a hireling: <seat>": a seat plays a hireling from its hand at any time of a turn
// (CK:289); the card may be scanned to name it, and the table tells its printed mark (CK:287).
struct HirelingPlay {
  int seat = -1;
  std::string title;  // the card scanned, or empty: a hireling the data has no entry for
};

// What happened this turn that later rules look back on; cleared when a turn begins.
struct TurnMarks {
  std::vector<int> collected;                 // slots collected from this Resource phase
  std::vector<std::string> blackmail_used;    // bastard cards shown this Resource phase
  std::optional<int> blackmail_from;          // the next collection comes from this seat
  bool no_territory_income = false;           // the 3 of a seat that owns none (CK:350)
  int purchases = 0;
  bool collected_dead = false;
  std::vector<int> conquered;                 // slots conquered this turn
  bool post_collected = false;                // the one collection from a territory conquered (CK:416)
  std::vector<std::string> abilities_used;    // once-per-turn abilities (Knowledge, Taxes)
  std::optional<int> opulence_to;             // the seat Opulence was granted to this turn
  std::optional<int> last_emptied;            // the territory whose last defender the acting seat killed
  std::vector<std::string> used_on_emptied;   // Fury, Pillage, Bedlam used on that emptying
  std::string action_kind;                    // the kind of action under way: purchases, fighting, ...
  std::vector<std::string> actions_finished;  // kinds of action taken and left this turn (CK:360)
};

struct Data final : GameData {
  Books books;
  Step step = Step::Houses;
  bool royal_pillow = false;
  int setup_seat = 0;     // Houses: the seat naming its house; StartTerritory: the seat placing
  int setup_placed = 0;   // StartTerritory: seats done
  std::optional<int> first_collection;  // StartTerritory: the slot whose first collection is due
  TurnMarks marks;
  std::optional<Placing> placing;
  std::optional<Attack> attack;
  std::optional<Vote> vote;
  std::optional<Welcome> welcome;
  std::optional<Feast> feast;
  std::optional<Scoring> scoring;
  std::optional<int> choosing;  // Action: "conquer" or "attack" chose its target next (1, 2)
  int pending_purchase = 0;     // Action: 1 a hireling's price, 2 the coins for mercenaries
  std::string event_title;      // EventResolve: the event drawn
  // (seat, slot) -> "coins", "gems" or "both": the last collection a seat took from a territory,
  // the answer its next collection there starts on (Prompt::likely).
  std::map<std::pair<int, int>, std::string> collected_as;
  std::vector<std::string> deals;  // every deal logged, in order (social: never judged)
  bool negotiation_asked = false;  // the Negotiation timer's minutes are asked
  int negotiation_minutes = 3;     // the minutes set last (3 before any): where the next ask starts
  std::optional<std::vector<int>> deal;  // MENU "Deal": the parties chosen so far
  bool passage_asked = false;            // MENU "Passage": the territory is asked
  std::optional<int> linking;            // MENU "Map": the first slot of a link being toggled (-1: none yet)
  std::optional<Aiming> aiming;          // MENU: an ability or a kill waits for its territory (Taxes: its seat)
  std::optional<HirelingPlay> hireling_play;  // MENU: a hireling played by a named seat, its mark asked
  // The hireling the last move played ("the Sneak", "a hireling"), empty when the last move played
  // none: Venom kills a hireling "as it is played" (CK:914, CK-40). Every other move clears it.
  std::string hireling_in_play;
  // The seat each bastard card (by id) was last shown by, for blackmail: the books' last sight of
  // it. A poisoned heir's own bastard seen with another seat is likely not at hand to sacrifice.
  std::map<std::string, int> bastards_shown;
  // Every vote cast this game, a vote cast again included: a move that raises it cast a vote, so
  // taking it back is CK-34's check (the poll that a last vote completes is gone after it).
  int votes_cast = 0;

  std::unique_ptr<GameData> clone() const override { return std::make_unique<Data>(*this); }
  nlohmann::json to_json() const override;
};

inline constexpr int kChoosingConquest = 1;
inline constexpr int kChoosingAttack = 2;
inline constexpr int kPayingHireling = 1;
inline constexpr int kPayingMercenaries = 2;

// Every rule one move breaks, gathered in the book's order and raised as one check: the table
// reads all of them on one screen and answers once ("Do it anyway" overrides them together).
struct Reasons {
  std::vector<std::string> broken;
  void unless(bool ok, const std::string& reason) {
    if (!ok) broken.push_back(reason);
  }
  void raise(const Rules& rules) const;
};

// The Cutthroat rules' view of one command: the core's Rules with the books.
class Table : public Rules {
 public:
  using DataType = Data;  // made empty for a new game (TableFlowModule)
  explicit Table(const Rules& rules);

  Data& data;
  // The hireling the move before this one played (Data::hireling_in_play as this move found it).
  std::string hireling_before;
  Books& books() const { return data.books; }
  SeatBooks& seat(int s) const { return data.books.seats.at(static_cast<std::size_t>(s)); }
  std::string house_of(int s) const;  // "House Brom"
  int acting() const { return state.to_act; }
  int setup_seat_count() const;  // Houses: the seats that named theirs so far

  // --- territories
  int slots() const { return static_cast<int>(data.books.territories.size()); }
  Territory& territory(int slot) const { return data.books.territories.at(static_cast<std::size_t>(slot)); }
  int slot_of_card(const std::string& card) const;        // -1 when no slot holds it
  int slot_by_title(const std::string& title) const;      // -1 when none
  std::vector<int> owned_by(int s) const;
  // Coins or gems a territory yields on its current side, asked once per territory and side.
  int income(int slot, bool gems) const;
  // Collects from a territory (or, with a blackmail card shown, from that house), logged; the
  // rules the collection breaks are `reasons` and then CK-7's, raised as one check.
  void collect(int s, int slot, const std::string& what, Reasons reasons = {});
  // Who pays the next collection: the bank, or the blackmailed house's seat (the card shown is
  // then spent for this collection, CK:541), whose purse the books then see give it.
  std::string paid_by(int coins, int gems = 0);
  // Coins and gems the books saw `s` gain (or pay, negative): SeatBooks::coins_seen, gems_seen.
  void purse(int s, int coins, int gems = 0) const;

  // --- military cards
  // A military card shown: a soldier of its house or a mercenary, its colour asked once per copy.
  MilitaryCard military(const PresentCard& present) const;
  bool is_military(const std::string& card) const;
  std::string describe_card(const MilitaryCard& card) const;  // "a blue soldier of Brom"
  // The house a house card (lord/lady, heir, bastard, soldier) belongs to.
  std::optional<House> house_of_card(const std::string& card) const;
  int seat_of_house(House house) const { return data.books.seat_of(house); }

  // --- marriages
  bool married(int a, int b) const;
  void dissolve_marriage(int s, const std::string& why);
  // A royal heir dies (poison, a card, an event): flipped face down, its marriage dissolved at once
  // (CK:566, 759), and Lady Slaine's Dark Influence said (CK:910). The log says how it died.
  void kill_heir(int s, bool poisoned);
  // "Whenever a hireling or royal heir card is killed collect 3 from the bank" (CK:910): said in
  // the log when House Slaine is in play, for the purse is told only at scoring.
  void dark_influence() const;

  // --- the turn
  void begin_turn(int s);
};

std::string coins_text(int amount);  // "1 coin", "5 coins", in the language set

// The language set's words (words.hpp) and the option ids the log keeps.
// An option of the MENU: the words shown, and its English when they differ (Option::en).
inline Option option_of(std::string id, const Words& words) {
  return Option(std::move(id), words.shown, words.en == words.shown ? std::string() : words.en);
}


// Setup (ck_setup.cpp).
void begin_setup(Table& table);
std::string setup_step(Table& table, const Command& command);
Prompt setup_prompt(const Table& table);
// The starting-player vote decided (CK:233): starting territories follow, clockwise from it.
void starter_chosen(Table& table, int seat);
// A starting territory's military is placed: its first collection follows (CK:237).
void starting_territory_placed(Table& table, int slot);

// The turn (ck_turn.cpp): Resource, Action, the post-conquest collection, Event.
std::string turn_step(Table& table, const Command& command);
// Collect the Dead (CK:371, 747) for seat `s`, from the Action prompt or the MENU (any seat, any
// time of a turn: the checks say when it breaks a rule).
std::string collect_dead(Table& table, int s);
Prompt turn_prompt(const Table& table);
void begin_action(Table& table);
void next_turn(Table& table);

// Conquest and attack (ck_war.cpp).
void begin_placing(Table& table, int slot, int seat, bool starting);
std::string placing_step(Table& table, const Command& command);
Prompt placing_prompt(const Table& table);
void begin_attack(Table& table, int slot);
std::string attack_step(Table& table, const Command& command);
Prompt attack_prompt(const Table& table);
// Checks that the acting seat may conquer or attack this slot (CK-14..17), raised as warnings.
void check_target(Table& table, int slot, bool attack);
// A military card laid onto a territory's card is aimed at it (ck_beside.cpp): a card width and a
// half from the territory's tag at most, so the next territory in the row (a card width and a gap
// away) is nearer its own card.
inline constexpr double kBesideTerritoryMm = 90.0;
// The territory whose tagged card lies nearest `where`, within kBesideTerritoryMm; -1 when none or
// the camera gave no millimetres.
int territory_beside(const Table& table, const Placement& where);
// A soldier or mercenary laid onto a territory's card at the Action prompt (ck_turn.cpp): the
// attack on it or its conquest, as "Attack" or "Conquer" and the territory would be, with their
// checks; the card is the first attacking card or the first under it. "" when it lies by none.
std::string laid_on_territory(Table& table, const PresentCard& present);

// Votes and the events with flows (ck_events.cpp).
void begin_vote(Table& table, Vote::Purpose purpose);
std::string vote_step(Table& table, const Command& command);
Prompt vote_prompt(const Table& table);
std::string event_drawn(Table& table, const std::string& card, const std::string& title);
std::string welcome_step(Table& table, const Command& command);
Prompt welcome_prompt(const Table& table);
std::string wedding_step(Table& table, const Command& command);
// At the Royal Wedding, a royal heir laid (or slid) into another seat's area marries its house to
// that seat: the heirs swap seats (CK:555), the move "Marry <A> and <B>" names, with its checks.
// The second heir of the couple laid is the swap done. "" when the card means no marriage.
std::string heir_laid(Table& table, const std::string& card, const Placement& where);
Prompt wedding_prompt(const Table& table);
// The Negotiation timer (CK:531), offered where a deal or a vote opens: its minutes asked, 2 to 5.
inline constexpr const char* kNegotiation = N_("Negotiation timer");
inline constexpr const char* kNegotiationId = "negotiation";
void offer_negotiation(Prompt& prompt);
std::string negotiation_step(Table& table, const Command& command);
Prompt negotiation_prompt(const Table& table);

// The Royal Feast and the scoring (ck_feast.cpp).
void begin_feast(Table& table);
std::string feast_step(Table& table, const Command& command);
Prompt feast_prompt(const Table& table);
std::string scoring_step(Table& table, const Command& command);
Prompt scoring_prompt(const Table& table);

// Hirelings played (ck_hirelings.cpp). A hireling shown during the Action phase or an attack is
// played by a seat the camera cannot tell, and discarded (CK:287, 699).
std::string hireling_played(Table& table, const PresentCard& present);
// MENU "Play a hireling: <seat>": the seat named, the card's printed mark told (CK-41).
void begin_hireling_play(Table& table, int seat);
std::string hireling_play_step(Table& table, const Command& command);
Prompt hireling_play_prompt(const Table& table);
// Venom (CK:914): the hireling the move before played is killed, its effect cancelled; with none
// just played it is CK-40's reason. Returns the hireling killed: "the Sneak", "a hireling".
std::string venom(const Table& table, Reasons& reasons);

// The MENU's less common moves (ck_menu.cpp): deals, passage, abilities, adjustments.
std::vector<Option> menu_items(const Table& table);
std::string menu_step(Table& table, const Choose& choose);
// The MENU's own questions (a deal's parties, a passage's territory), while one is open.
bool menu_flow_open(const Table& table);
std::string menu_flow_step(Table& table, const Command& command);
Prompt menu_flow_prompt(const Table& table);

}  // namespace seneschal::engine::cutthroat
