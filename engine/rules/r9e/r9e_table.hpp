#pragma once
// The R9E rules' working view of one command: the core's Rules (refusals, checks, questions,
// seats, the log) with R9E's books and its card vocabulary. The toolkit (rules_kit.hpp) tries
// every command on a copy first, so a rule that throws never leaves half a move behind.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "r9e_data.hpp"
#include "r9e_words.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/prompt.hpp"
#include "seneschal/engine/rules_kit.hpp"
#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine::r9e {

// The phases: ids kept in state.phase and compared, in English; shown with tr(state.phase).
inline constexpr const char* kSetup = N_("Setup");
inline constexpr const char* kSpring = N_("Spring");
inline constexpr const char* kSummer = N_("Summer");
inline constexpr const char* kAutumn = N_("Autumn");
inline constexpr const char* kWinter = N_("Winter");


class Table : public Rules {
 public:
  using DataType = Data;  // made empty for a new game (TableFlowModule)
  explicit Table(const Rules& rules);

  Data& data;

  // One check naming every rule a move breaks, in the book's order, joined by "; ": the table
  // reads them all before it overrides, instead of one after another. Nothing when none is broken.
  void check_all(const std::vector<std::string>& broken) const;

  // --- card data
  std::optional<int> known(const std::string& id, std::string_view stat) const;
  int value(const std::string& id, std::string_view stat) const;  // asks when unknown
  // A keyword the rules read (Questor, Brutal, Wizard, Duelist, Unique): the card data's when it
  // states the card's keywords, else the table's answer, asked once per card ("Look at the card:
  // Hektor's Brutal keyword?" printed / not printed) and kept like every told value.
  bool keyword(const std::string& id, std::string_view word) const;
  // The same without asking: nothing when neither the data nor the table has said (prompts).
  std::optional<bool> keyword_if_known(const std::string& id, std::string_view word) const;
  bool keywords_known(const std::string& id) const;
  int keyword_number(const std::string& id, std::string_view prefix) const;  // "Raid +1" -> 1
  // The faction a stronghold stands for ("Kingdom of Holden" -> "Holden"), from the card data's table.
  std::string faction_of_stronghold(const std::string& id) const;
  bool is_faction_keyword(const std::string& word) const;

  // --- seats
  SeatBooks& books(int seat) const { return data.seats.at(static_cast<std::size_t>(seat)); }
  int food_total(int seat) const { return data.food_total(seat); }
  int hand_size(int seat) const;  // 4 + 1 per castle in play; strongholds add nothing
  std::vector<int> opponents_with_castles(int seat) const;  // who this seat can attack or raid
  // An attack (Summer, lines 432 and 464) or a raid (Autumn, lines 468 and 478), in its own words
  // (each marked N_ where it is written, said with trf).
  struct Assault {
    const char* season;          // kSummer
    const char* out_of_season;   // "attacks are declared in {0}; it is {1}": the season, the phase
    const char* again;           // "{0} has already attacked this turn: ...": the seat
    const char* no_target;       // "no other player has a castle to attack"
    const char* versus;          // "{0} attacks {1}": the seat, the defender
    const char* declared;        // "{0} declares an attack"
    const char* called_off;      // "{0} calls off the attack"
    const char* choose;          // "{0}: choose the player to attack"
    const char* not_a_target;    // "\"{0}\" is not a player {1} can attack": the label, the seat
    bool SeatBooks::*done_this_turn;
  };
  // The seat to act declares one: every rule it breaks in one check, a refusal when no opponent has
  // a castle, the seat's one-a-turn mark set, the log's line. The defender when only one opponent
  // can be it; nothing when the table is to choose.
  std::optional<int> declare(const Assault& assault);
  // The answer to "whom?" when more than one could be it: Cancel or PASS calls it off (the mark
  // cleared, the log's line; nothing returned: the caller ends its flow), else the player chosen.
  std::optional<int> defender_chosen(const Assault& assault, int seat, const Command& command);

  // --- cards on the table
  struct Found {
    int seat = -1;
    CardInPlay* card = nullptr;
  };
  Found find(int uid) const;
  int add_card(int seat, const std::string& id, int copy, bool bowed, int attach_to = 0);
  std::vector<int> attached(int uid) const;  // cards attached to this one
  bool is_hero(int uid) const;                // heroes and guardians
  std::vector<int> heroes(int seat, bool unbowed_only) const;
  int strength(int uid) const;  // printed + items + changes, never below zero
  int will(int uid) const;
  int glory(int uid) const;
  // What one attached item adds to its hero's `stat` ("strength_bonus", ...), asked when unknown;
  // 0 for a card that is not an item.
  int item_bonus(int uid, std::string_view stat) const;
  std::string label(int uid) const;  // "Hektor", "Hektor #2" when two copies are on the table
  int uid_by_label(const std::vector<int>& uids, const std::string& label) const;  // 0 when none
  // Leaves play. Buried (destroyed) or discarded; its attachments are discarded, or buried with
  // it when it absorbed damage and they helped (items that add Strength: rules of play, lines
  // 572 and 693).
  void remove(int uid, bool buried, bool absorbed = false);
  bool bury_if_no_will(int uid);

  // --- castles and food
  std::string castle_label(int seat, int index) const;
  std::vector<int> live_castles(int seat) const;
  int castle_by_label(int seat, const std::string& label) const;  // -1 when none
  void bury_castle(int seat, int index);

  // --- outcome
  void win(int seat, const std::string& victory) { Rules::win({seat}, victory); }
  // Conquest: the instant the last castle other than the attacker's falls.
  void check_conquest(int by_seat);
};

// "Bowed cards cannot attack, defend, or raid" (rules of play, line 402): a check when a bowed
// hero is sent to a battle or a raid, since a card may allow it.
void check_unbowed(const Table& table, int hero);

// Options built from a list of uids, one label each.
std::vector<std::string> labels_of(const Table& table, const std::vector<int>& uids);
// Adds options, each with its R9E id (r9e_words.hpp) made from its English; set_options replaces
// them. Words for what is said (say(kDone), say("Bury {0}", label)), a string for a name or a
// card's title, a const char* for one of r9e_words.hpp's fixed words (said).
void offer(Prompt& prompt, const Words& label);
void offer(Prompt& prompt, const char* word);
void offer(Prompt& prompt, const std::string& label);
void offer(Prompt& prompt, const std::vector<Words>& labels);
void offer(Prompt& prompt, const std::vector<std::string>& labels);
void set_options(Prompt& prompt, const std::vector<Words>& labels);
void set_options(Prompt& prompt, const std::vector<std::string>& labels);
// Names as Words, the same in every language.
std::vector<Words> as_words(const std::vector<std::string>& names);

// A hero sent to a battle or a raid, one at a time (issue [3/8]): the heroes free to go, then
// Done. The highlight starts on the first unbowed hero, or on Done when every one is bowed (a
// bowed one is a check), and OK takes it; PASS says Done (`done`), or calls the move off while
// the leading seat has sent nobody (`call_off`, with Cancel offered).
void offer_heroes(const Table& table, Prompt& prompt, const std::vector<int>& heroes, const std::string& done,
                  const std::string& call_off);

}  // namespace seneschal::engine::r9e
