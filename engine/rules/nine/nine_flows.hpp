#pragma once
// The flows of a Nine match (GAMES.md B2): setup, rounds of turns through the deck, the city, the
// round's end, Demolition Team and the two games of a match, on the pure rules of nine_rules.hpp.
// The books follow the nine physical cards: where each lies (deck, centre, discard pile, city, set
// aside as the target), which face is up and at which quarter turn. The camera's sightings move
// them (a card in the city turned a quarter is a build, a card's other face on the discard pile a
// flip); buttons do what the camera cannot see (which resources paid, the round's option).

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "nine_rules.hpp"
#include "seneschal/engine/rules_kit.hpp"

namespace seneschal::engine::nine {

enum class Step {
  Target,      // set the target high structure aside (N9:93)
  TargetSide,  // its face shows two high structures: which one
  TopCard,     // the deck's top card, with the resource chosen (N9:94-97)
  Play,        // turns (N9:109-118)
  Paying,      // a build waits for the choice of what paid it
  RoundEnd,    // the deck is played through: the pile turns over and one option (N9:120-124)
  Over,        // the match is over
};

// Where a physical card lies.
enum class Place { Deck, Center, Discard, City, Target };

inline constexpr int kCards = 9;

struct PhysicalCard {
  Place place = Place::Deck;
  char face = 'A';
  std::optional<int> quarter;           // as it lies now, when seen (or told)
  std::array<std::optional<int>, 2> last_quarter;  // per face (A, B): as it last lay in play
};

// A structure in the city (N9:111): which card and side, and the round's column.
struct Built {
  int card = 0;  // 1..9
  char face = 'A';
  bool left = true;  // the short side left of the tag is up (turned 90); else the right (270)
  std::string name;
  int round = 1;
  bool tilted = false;  // its resource used this round (N9:115)
};

// A resource a build may take: an active card's top resource or a city structure's.
struct Source {
  enum class Kind { DeckTop, Center, DiscardTop, City };
  Kind kind = Kind::Center;
  int card = 0;    // the physical card (for City: the structure's card)
  int index = -1;  // City: index into the city
  Resource resource = Resource::Crew;
  bool bottom = false;  // an active card's bottom resource, which does not count (N-8)
};

// A build seen or chosen, waiting for its payment.
struct Build {
  int card = 0;
  char face = 'A';
  bool left = true;
  std::string name;
  Place from = Place::Center;
  std::vector<std::vector<Source>> ways;  // the exact payments the play area and city allow
  // The payment as the table made it (issue 37): entered source by source from everything in the
  // play area and the city, used or not, the card's own included; its faults are one check.
  bool picking = false;
  std::vector<Source> picked;
  std::vector<std::pair<int, int>> flips_seen;  // (card, quarter): payers the camera saw on the pile
};

// The options chosen at a round's end for the next round (N9:121-124): at most one by the book
// (N-19), more when the table overrides it.
struct RoundOptions {
  bool rotate = false;
  bool shuffle = false;
  bool rotate_one = false;
  int count() const { return (rotate ? 1 : 0) + (shuffle ? 1 : 0) + (rotate_one ? 1 : 0); }
};

// One finished game, for the match's screen.
struct GameRecord {
  GameScore score;
  std::vector<std::string> city;  // structure names
};

struct Data final : GameData {
  Step step = Step::Target;
  std::array<PhysicalCard, kCards> cards{};
  // The target (N9:93): its card, face and which structure of the face.
  int target = 0;
  char target_face = 'A';
  bool target_left = true;
  std::string target_name;

  std::vector<int> more_targets;  // cards set aside beside the target (N-2 overridden), built from there
  std::optional<int> deck_top;  // the deck's top card, once seen
  std::optional<int> center;
  std::vector<int> discard;     // bottom first
  std::vector<int> used_discards;  // cards on the pile not to be used again this round (N9:113, B7.9)
  std::vector<int> unseen_flips;   // flipped onto the pile, their new lie not yet seen
  std::vector<int> demolished;     // put on the pile by a Demolition Team this round (B7.9)
  std::vector<Built> city;
  int round = 1;
  int turn = 1;
  RoundOptions option;  // chosen for this round at the last round's end
  bool rotate_one_used = false;
  std::vector<int> demolition_used;  // the cards of Demolition Teams used this game (N9:187)
  std::optional<Build> paying;
  bool teaching = false;                  // MENU: faces shown are taught
  std::optional<int> demolishing;         // MENU: the Demolition Team's card (0: none, N-23 overridden)
  // MENU "Correct a face": the face being corrected ("" until shown) and the next of its four fields.
  std::optional<std::string> correcting;
  int correct_field = 0;
  std::vector<GameRecord> games;          // finished games of the match

  std::unique_ptr<GameData> clone() const override { return std::make_unique<Data>(*this); }
  nlohmann::json to_json() const override;
};

// A face id "3A" split: card 3, face 'A'; nothing for an id that is no face.
struct FaceId {
  int card = 0;
  char face = 'A';
};
std::optional<FaceId> face_of_id(const std::string& id);
std::string face_id(int card, char face);  // "3A"
inline char other_face(char face) { return face == 'A' ? 'B' : 'A'; }

// The four things a face shows, told with its tag upright (B8): the resources on the long edges
// above and below the tag, the structures on the short sides left and right of it.
struct FaceField {
  const char* stat;  // "top_resource", the told value's name
  const char* words;  // "top resource", for a prompt
  bool resource;      // a resource (else a structure)
};
const std::array<FaceField, 4>& face_fields();
std::vector<std::string> resource_words();

// A choice of the option said as `label`: by its id (made from the English), or by its label as
// shown or in English. The same in every language.
inline bool chose_words(const Choose& choose, const Words& label) {
  return choose.id == option_id_of(label.en) || choose.label == label.shown || choose.label == label.en;
}

// The Nine rules' view of one command: the core's Rules with the books.
class Table : public Rules {
 public:
  using DataType = Data;  // made empty for a new game (TableFlowModule)
  explicit Table(const Rules& rules);
  Data& data;

  PhysicalCard& card(int n) const { return data.cards.at(static_cast<std::size_t>(n - 1)); }
  std::string card_words(int n) const;  // "Card 3B"

  // --- what the faces show, taught at the table (B8): asked once, kept with the answers.
  Resource resource_at(int n, char face, int quarter) const;   // 0: the top edge's, 180: the bottom's
  std::string structure_at(int n, char face, bool left) const;  // the short side left or right of the tag
  void learn_face(int n, char face) const;                      // all four, asked in turn
  // The words a face's field is asked with, likely first (the right structure's list knows the left).
  std::vector<std::string> face_words(const std::string& face_id, const FaceField& field) const;
  bool face_known(int n, char face) const;                      // all four told (no question)
  // A structure by name: cost, needs, provides and shield, from the card data or asked.
  Structure structure(const std::string& name) const;
  // A word already told (or printed) for the subject, or nothing: never asks.
  std::optional<std::string> told_word(const Subject& subject, const std::string& stat) const;
  std::vector<CostItem> taught_cost(const Subject& subject) const;  // a cost not printed (B8)

  // --- the play area
  std::optional<int> discard_top() const;
  bool discard_usable() const;  // the pile's top card may still pay this round
  // The top resource of a card in play, or nothing while its lie is unknown.
  std::optional<Resource> top_resource(int n) const;
  std::vector<Source> sources(int built_card) const;  // what may pay a build on this card
  int deck_count() const;
  std::vector<std::string> city_names() const;

  // --- moves
  void begin_build(int n, bool left, Place from);
  // The rules a build breaks before it is paid (N-4, N-5, N-14, B7.9), gathered into one check.
  void check_build(int n, bool left, Place from, const Structure& structure) const;
  void finish_build(std::vector<Source> way);  // by value: it clears the build the way came from
  void flip_to_discard(int n);     // a card flipped onto the pile (its other face up, lie unseen)
  void refresh();                  // the deck's top slides into an empty centre (N9:117); the round may end
  void seen(int n, char face, std::optional<int> quarter);  // a card's lie as the camera saw it
};

std::string source_words(const Table& table, const Source& source, bool short_form = false);  // "deck Crew"
bool same_source(const Source& a, const Source& b);
std::string way_words(const Table& table, const std::vector<Source>& way);  // "centre Lumber + Tavern Crew"
// The payment choice on a button: what the ways share is said once in the prompt, each way's
// button names the rest, a structure by its name alone ("Saw Mill", "deck Gold + Tavern #1").
std::vector<Source> common_sources(const std::vector<std::vector<Source>>& ways);
std::string way_label(const Table& table, const std::vector<Source>& way, const std::vector<Source>& common);
std::string resource_list(const std::vector<Resource>& resources);           // "Lumber, Crew"

// Setup (nine_setup.cpp): the target and the first deck card; the match's next game.
// N-2: another card set aside as a target, at setup or later (N9:188); overridden, it lies apart
// with its structures offered "(set aside)".
std::string second_target(Table& table, int n, char face, int quarter);
void begin_game(Table& table);
std::string setup_step(Table& table, const Command& command);
Prompt setup_prompt(const Table& table);

// Rounds (nine_round.cpp).
std::string play_step(Table& table, const Command& command);
Prompt play_prompt(const Table& table);
// The payment (nine_payment.cpp): a way chosen by button or seen flipped, or entered as the table
// made it with the check of every rule it breaks (N-7 .. N-13).
std::string paying_step(Table& table, const Command& command);
Prompt paying_prompt(const Table& table);
std::string paying_sighting(Table& table, int n, char face, const std::string& zone, int quarter);
// N-6: another structure laid while a build waits for its payment is a second build this turn;
// overridden, the first is settled as it stands (its first exact way, or what was entered).
void second_build(Table& table);
std::vector<Source> payment_candidates(const Table& table, const Build& build);
std::string payment_faults(const Table& table, const Build& build, const std::vector<Source>& way);
// Rules joined into one check's words, in the book's order as B3 numbers them.
std::string joined_reasons(const std::vector<std::string>& reasons);
std::string round_end_step(Table& table, const Command& command);
Prompt round_end_prompt(const Table& table);
// A card now lies in a zone at a quarter (shown, or moved there): what it means in the books.
std::string card_sighted(Table& table, const std::string& card_id, const Placement& where);
std::string card_turned(Table& table, const TurnCard& turn);
void rotate_one_card(Table& table, int n, int quarter);  // N-20's check, then the card turned
// Ends the game now: scored, and the match goes on or ends (N9:155).
void end_game(Table& table);

// The MENU (nine_menu.cpp): Demolition Team, end the round or the game, teach the deck.
std::vector<Option> menu_items(const Table& table);
std::string menu_step(Table& table, const Choose& choose);
bool menu_flow_open(const Table& table);
std::string menu_flow_step(Table& table, const Command& command);
Prompt menu_flow_prompt(const Table& table);

}  // namespace seneschal::engine::nine
