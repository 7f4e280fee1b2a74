#pragma once
// R9E's own books beside the shared board: what each seat has besides its cards and the one flow in progress (setup, a payment, a battle, a raid, a duel ...).
// Flows are plain data so the whole game is rebuilt from the log.

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/engine/table_state.hpp"

namespace seneschal::engine::r9e {

struct CastleState {
  std::string card;
  int food = 0;
  bool buried = false;
  int storage = 0;  // the most food it can hold
};

struct QuestState {
  std::string card;
  bool completed = false;
};

// What a seat holds in R9E besides its cards in play (the core's) and its renown (the core's
// score).
struct SeatBooks {
  std::string faction;
  std::vector<CastleState> castles;
  std::vector<QuestState> quests;
  std::string stronghold;  // card id, empty until scanned at setup
  bool stronghold_bowed = false;
  bool attacked = false;  // this turn: one attack per player per turn
  bool raided = false;    // this turn: one raid per player per turn
  std::vector<std::string> buried;  // card ids buried or discarded from play, oldest first
};

// Changes to a card's printed values. "Turn" changes are ability effects and end in Winter;
// markers stay while the card is in play.
struct Mods {
  int strength_turn = 0;
  int will_turn = 0;
  int glory_turn = 0;
  int strength_marker = 0;
  int will_marker = 0;
  int wounds = 0;  // duel wounds, healed when the duel ends
};

struct Setup {
  enum class Stage { Stronghold, Castles, Mulligan, Ordained };
  Stage stage = Stage::Stronghold;
  int seat = 0;
};

// Paying for something: gold by bowing the stronghold and properties, food token by token from
// castles the payer picks, Glory by bowing heroes. Also the mulligan's two food.
struct Payment {
  enum class Purpose { Play, Mulligan };
  enum class Stage { Target, Glory, Gold, Food };
  Purpose purpose = Purpose::Play;
  Stage stage = Stage::Gold;
  int seat = 0;
  std::string card;  // what is being paid for
  int copy = 1;
  int attach_to = 0;  // uid of the hero a cohort, item or spell goes on
  int summoner = 0;   // uid of the wizard bowed for a guardian
  int gold_due = 0;
  int gold_paid = 0;
  int food_due = 0;
  int food_paid = 0;
  int glory_due = 0;
  int glory_paid = 0;
  std::vector<int> bowed;      // uids bowed to pay (gold sources, glory heroes, summoner)
  bool stronghold_bowed = false;
  std::vector<int> glory_from;  // heroes whose Glory counted already
  std::vector<std::pair<int, int>> food_from;  // (castle index, tokens)
};

struct Engagement {
  int side = 0;               // seat that engaged (a leader or an ally)
  std::vector<int> cards;     // uids chosen to engage (then bowed)
  bool chosen = false;        // cards picked; damage set
  int damage = 0;
  std::vector<int> immune;    // uids declared immune by the other side (never the defender's own)
  bool immunity_done = false;
  int remaining = 0;          // damage still to absorb
  std::vector<int> items;     // items that bowed with their hero (they add Strength)
  int discard_for = 0;        // uid of a hero just buried: may discard a card for its Fate
  bool confirmed = false;     // the table confirmed (or corrected) the damage
  std::string discard_label;  // the buried hero's label, for the discard prompt (it left play)
};

// A battle's sides are the attacker and the defender, each with the allies that joined it
// ("Multiplayer note", rules of play line 604): an ally assigns after its side's leader, acts in
// turn clockwise from the defender, and declares its own cards immune; the leaders choose what
// absorbs, allies' cards included (lines 683, 689).
struct Battle {
  enum class Stage { Defender, Allies, AssignAttackers, AssignDefenders, PickCastle, Actions };
  Stage stage = Stage::Defender;
  int attacker = 0;
  int defender = -1;
  std::vector<int> attacking_allies;  // seats, in the order they joined
  std::vector<int> defending_allies;
  std::vector<int> stayed_out;        // seats asked that chose not to ally
  int assign_turn = 0;                // who assigns now: 0 the side's leader, then its allies in order
  int picking = 0;                 // uid chosen, waiting for its castle
  std::map<int, int> attackers;    // uid -> castle index of the defender (the attacking side's units)
  std::map<int, int> defenders;    // uid -> castle index (the defending side's units)
  std::vector<int> resolved;       // castle indexes fought
  int castle = -1;                 // the current battle
  int dealt_by_attacker = 0;       // damage dealt at the current castle by each side, for the result
  int dealt_by_defender = 0;
  int to_act = 0;
  int passes = 0;
  std::optional<Engagement> engagement;
  // A tactic played at the actions whose card adds Strength to a hero this turn (its
  // "strength_bonus", told once per card): the card waits for the hero it goes on.
  std::string tactic;
  int tactic_bonus = 0;
};

struct RaidSlot {
  int raider = 0;        // uid, 0 = none
  int raider_fate = -1;  // stealth card's Fate, -1 until revealed
  int defender = 0;
  int defender_fate = -1;
  bool resolved = false;
};

struct Raid {
  enum class Stage { Defender, AssignRaiders, AssignDefenders, PickCastle, Actions, RevealRaider, RevealDefender };
  Stage stage = Stage::Defender;
  int raider = 0;
  int defender = -1;
  int picking = 0;
  std::map<int, RaidSlot> slots;  // castle index -> who is there
  int castle = -1;
  int to_act = 0;
  int passes = 0;
};

// A duel (Arcane Fire appendix, "Dueling"). Each exchange: the thruster's player places a card
// face down or passes; the other player parries face down (hand or top of deck); both reveal and
// the table scans or enters the two Fates; a Duelist may raise the parry by 1; the difference
// wounds the parrying hero. Ends at 0 Will or two passes in a row; then bury or keep the losers.
struct Duel {
  enum class Stage { Challenger, Challenged, Thrust, Parry, Reveal, Raise, Outcome };
  Stage stage = Stage::Challenger;
  int challenger = 0;  // uid
  int challenged = 0;  // uid
  int thruster = 0;    // uid of the hero whose player may thrust now
  int thrust = -1;     // Fate of the thrust card, -1 until revealed
  int parry = -1;      // Fate of the parry card, -1 until revealed
  int passes = 0;      // passes in a row
  int resume_seat = -1;  // the seat whose phase action this duel is; -1: not an action (in a battle or raid)
  std::string parry_from;   // "hand" or "deck", for the log
  std::vector<int> losers;  // Outcome: the heroes that lost
};

struct Winter {
  enum class Stage { HeroFood, Draw };
  Stage stage = Stage::HeroFood;
};

struct Adjust {
  enum class Stage { Target, Field, Value };
  Stage stage = Stage::Target;
  std::string target;  // "renown:<seat>", "castle:<seat>:<index>", "card:<uid>"
  std::string field;   // "food", "renown", "strength_turn", ...
};

// The food a card carries (stolen in a raid), as a token on it.
inline constexpr const char* kFoodToken = "food";

struct Data final : GameData {
  std::vector<SeatBooks> seats;
  int ordained = -1;  // the seat with the Ordained marker; -1 until setup chose one
  std::map<int, Mods> mods;  // by uid
  int next_uid = 1;
  bool spring_waiting = false;  // Spring's banner waits for OK
  std::optional<Setup> setup;
  std::optional<Payment> payment;
  std::optional<Battle> battle;
  std::optional<Raid> raid;
  std::optional<Duel> duel;
  std::optional<Winter> winter;
  std::optional<Adjust> adjust;

  std::unique_ptr<GameData> clone() const override { return std::make_unique<Data>(*this); }
  nlohmann::json to_json() const override;
  void add_keys(nlohmann::json& state) const override;

  // A buried castle holds no food the player can use.
  int food_total(int seat) const;
};

}  // namespace seneschal::engine::r9e
