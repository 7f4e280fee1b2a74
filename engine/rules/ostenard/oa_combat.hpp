#pragma once
// Osten Ard combat arithmetic (GAMES.md C2 "Skirmish flow" and "Battle flow", C4, C5.4; checks OA-35
// to OA-42, OA-50): what a wound does to a value, a personality's strength, who loses a skirmish and
// how badly, how many strikes are dealt, a battle's totals, its forfeits and whether it is a full
// rout, and whether a spell can be cast. Plain numbers in, answers out: the module's flows (who
// attacks whom, the camera's turned cards, the prompts) come later and call these. Rules text:
// shared/rules/osten-ard-ccg-rules.txt (OA:<line>).
//
// Readings where the rules are silent (for the module README):
// - Strength is never below 0: the wound's floor keeps a value itself at 0 or 1 (OA:509), but
//   "Bowed personalities are strength -1" (OA:879) and the leftover-strike penalties (OA:513) have
//   none; the sum is cut at 0 once, at the end, so the order of the modifiers does not matter.
// - The bow to attack does not weaken the attacker (C7.14): pass `bowed` only for a card that was
//   bowed before its skirmish began.
// - A wounded card is not also bowed: the loser is "bowed and wounded" (OA:499) but is rotated
//   "180 degrees from their straightened status" (OA:507) and "cannot bow" (OA:509), so the table
//   shows one state, and the wound's -2 is its penalty; `bowed` is ignored on a wounded card.
// - Combat discards are +1 per card, at most 3 cards per card per skirmish or battle (OA:867,
//   C7.19).
// - A loser of strength 0 is killed by any winner: "twice as much" as 0 is 0, so 2 x 0 <= winner.
// - Equal strengths (C7.12): "All personalities with the lowest strength ... is bowed and wounded"
//   (OA:499) takes both; neither is killed, 0 against 0 included (a tie has no winner to be twice).
// - Leftover strikes (C7.13): the attacker places each -1 on a defending personality that faces a
//   strike, several on the same one if he likes (as Middle-earth's excess strikes, from which the
//   rule is drawn). Defenders are assigned ready ones first (OA:481), so the leftover ready
//   defenders are the ready ones beyond the dealt strikes.
// - Battle (C7.15, C7.16): the side with the higher initiative rolls; equal initiative, the higher
//   unused tactics; equal again, nobody rolls ("the player with the highest" names nobody). Equal
//   totals: no winner, no forfeits.
// - Forfeits (OA:573-581, C7.15): "their total cohesion" is the forfeited armies' cohesion, which
//   must end strictly above the difference; the last army is the one that takes it above (no army
//   beyond it), then one more army per cavalry army of the winner. A rearguard that may not yet be
//   forfeited (fewer than two armies before it) is kept even when the loser then forfeits less
//   than the rule asks: "may only be forfeited if" is a prohibition. The vanguard-first and
//   rearguard rules hold for the winner's forfeit too, so a winner with only its rearguard left
//   forfeits nothing. The loser "lost only one army" counts every army it forfeited, cavalry's
//   extras included; a loser that forfeited none makes the winner forfeit one, as written.
// - Cavalry: every cavalry army on the winning side counts, bowed or rearguard too: the rule says
//   "in a winning battle", not "with strength".
// - Spells: ritual helpers add only to a ritual (OA:647-649); a wounded caster's mind is wounded
//   like every attribute (OA:509).

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "seneschal/base/result.hpp"

namespace seneschal::engine::ostenard {

// "-2 to all attributes (to a minimum of 1 or the value itself, whichever is lower)" (OA:509):
// max(v - 2, min(v, 1)); 5 -> 3, 3 -> 1, 2 -> 1, 1 -> 1, 0 -> 0 (C5.4).
int wounded_value(int value);

inline constexpr int kBowedPenalty = 1;       // "Bowed personalities are strength -1" (OA:879)
inline constexpr int kMaxCombatDiscards = 3;  // "discard up to 3 cards to add up to 3" (OA:867)

// One personality's strength in a skirmish or duel, as the table has it.
struct StrengthInputs {
  int base = 0;          // printed strength
  bool bowed = false;    // bowed before the skirmish (not by the attack itself, C7.14); not with wounded
  bool wounded = false;  // turned 180 degrees
  int discarded = 0;     // cards discarded for it, 0 to 3 (OA:867)
  int modifier = 0;      // anything else: leftover strikes and defenders (-1 each, OA:513-515), +1 enmity (OA:425)
};

// wounded_value(base) (when wounded), else base - 1 (when bowed); + discarded + modifier; never
// below 0.
// Refused: a negative base, or discards outside 0 to 3.
Result<int> effective_strength(const StrengthInputs& inputs);

// What a skirmish or duel does to one side (OA:499-509).
enum class Fate {
  Unhurt,     // won
  Wounded,    // lost: "bowed and wounded", rotated 180 degrees (OA:499, 507)
  Killed,     // lost against at least twice its strength: "killed instead" (OA:501, 505)
  Discarded,  // lost while already wounded: "Wounded personalities that get wounded again are discarded" (OA:509)
};
const char* fate_name(Fate fate);  // "wounded"

// One fighter of a pair: its effective strength and whether it is already wounded.
struct Fighter {
  int strength = 0;
  bool wounded = false;
};

struct SkirmishResult {
  Fate attacker = Fate::Unhurt;
  Fate defender = Fate::Unhurt;
  bool tie = false;  // equal strengths: both wounded (C7.12)
};

// "All personalities with the lowest strength of their separate skirmish is bowed and wounded
// (killed instead if winner has twice as much strength as loser)" (OA:499-501); "losing ...
// against someone with less than twice their strength are wounded (otherwise they are discarded)"
// (OA:505): killed iff winner >= 2 x loser.
SkirmishResult skirmish(const Fighter& attacker, const Fighter& defender);

// How many strikes an attack deals and what is left over (OA:513-525; C7.13).
struct StrikeCount {
  int dealt = 0;               // min(attacking strikes, defending personalities) (OA:523)
  int leftover_strikes = 0;    // each a -1 the attacker gives to one defending personality
  int leftover_defenders = 0;  // ready defenders without a strike
  int strike_penalty = 0;      // -1 per leftover ready defender, to every assigned strike (OA:513-515)
};

// `attacking_strikes`: the automatic attack's strikes, the hazard army's cohesion or the attacking
// company's ready personalities (OA:519-521). `defending_personalities`: all of the defending
// company, `ready_defenders` the ready ones among them. Negative counts count as 0; more ready
// defenders than defenders count as all of them.
StrikeCount count_strikes(int attacking_strikes, int defending_personalities, int ready_defenders);

// A hazard army or automatic attack facing a party, as the company it is treated as: one strength
// per personality (OA:459-467).
enum class AttackBonus { None, EnemyAttribute };
// "a number of personalities equal to its cohesion, each with strength equal to the hazard army's
// Combat Value" (OA:459-461).
std::vector<int> hazard_army_as_company(int cohesion, int combat_value);
// "a number of personalities equal to its number of strikes, each with strength equal to the attack's
// strength" (OA:465-467); against a personality with an enemy attribute towards its type "the attack
// has +1 strength" (OA:425).
std::vector<int> automatic_attack_as_company(int strikes, int strength, AttackBonus bonus = AttackBonus::None);

// ---- Battle (host against host, OA:531-601) -----------------------------------------------------

// "Each (meta-)host selects up to one army as Vanguard and one to serve as Rearguard" (OA:541).
enum class ArmyRole { Line, Vanguard, Rearguard };

struct BattleArmy {
  std::string name;  // for the reasons; may be empty
  int combat_value = 0;
  int cohesion = 0;
  ArmyRole role = ArmyRole::Line;
  bool bowed = false;
  bool cavalry = false;
  int discarded = 0;  // cards discarded to add to its CV, 0 to 3 (OA:867)
};

// One side of a battle: its armies, its unused tactics and its initiative (not a printed statistic,
// asked at the table, C7.16).
struct BattleSide {
  std::vector<BattleArmy> armies;
  int unused_tactics = 0;
  int initiative = 0;
};

enum class Side { Attacker, Defender };

// OA-40 and OA:867 on one side: at most one vanguard and one rearguard, discards 0 to 3. Empty when
// the side is fine: "Attacker has two vanguards: Gleniwent's Guard and Fengbald's Horse (OA:541)".
std::vector<std::string> battle_side_checks(const BattleSide& side, Side which);

// "The player with the highest inititiative (or the player with the highest unused tactics, if a
// tie) may add a D6 roll to his total" (OA:569); nobody when both tie.
std::optional<Side> die_roller(const BattleSide& attacker, const BattleSide& defender);

// A side's total without the die: the CV (with its discards) of every army neither bowed nor
// rearguard ("Bowed armies and rearguard armies have no strength", OA:565) + 1 per unused tactic
// (OA:569).
int side_total(const BattleSide& side);

struct BattleResult {
  int attacker_total = 0;
  int defender_total = 0;
  std::optional<Side> roller;  // who added the D6
  std::optional<Side> winner;  // none on equal totals (C7.15)
  int difference = 0;          // |T1 - T2|
  bool full_rout = false;      // "higher than twice the loser one's" (OA:585): T_winner > 2 x T_loser
};

// The combat segment (OA:561-587). `roll` is the D6 the table rolled, 1 to 6, required iff a side
// rolls. Refused: a roll missing, out of range, or given when nobody rolls.
Result<BattleResult> resolve_battle(const BattleSide& attacker, const BattleSide& defender, std::optional<int> roll);

// "higher than twice" (OA:585, 751).
bool full_rout(int winner_total, int loser_total);

// What each side forfeits after a battle with a winner: indices into its armies, in the order
// forfeited.
struct Forfeits {
  std::vector<std::size_t> loser;
  std::vector<std::size_t> winner;
};

struct ForfeitCase {
  std::vector<BattleArmy> loser;   // the losing side's armies still in the battle
  std::vector<BattleArmy> winner;  // the winning side's
  int difference = 0;              // the difference of the totals
};

// The winner's cavalry armies: "For each cavalry army in a winning battle, opponent loses an
// additional army" (OA:581, 833).
int cavalry_extra(const ForfeitCase& battle);

// The smallest legal forfeits: the loser's vanguard first, then the fewest armies whose cohesion
// (with the vanguard's) passes the difference, and of those the least cohesion; the rearguard only
// as a third army or later; then the cavalry's extras, least cohesion first; the winner's vanguard,
// else its line army of least cohesion, unless the loser forfeited exactly one (OA:573-581). Ties
// go to the lower index. The search is exact up to 16 armies besides the vanguard; beyond, the
// largest cohesions are taken first.
Forfeits propose_forfeits(const ForfeitCase& battle);

// Why a proposed forfeit is not legal, or empty: "Loser: the first forfeited army must be the
// vanguard, Fengbald's Horse (OA:577)".
std::vector<std::string> forfeit_checks(const ForfeitCase& battle, const Forfeits& proposed);
// The same, only the loser's reasons (`loser`) or only the winner's.
std::vector<std::string> forfeit_checks(const ForfeitCase& battle, const Forfeits& proposed, bool loser);

// ---- Spells (OA:641-657) ---------------------------------------------------------------------

struct SpellCast {
  int mind = 0;            // the caster's printed mind: "the spellcasters spell level (his mind)" (OA:657)
  bool wounded = false;    // -2 to all attributes, with the floor (OA:509)
  bool ritual = false;     // helpers add only to a ritual (OA:647)
  int ritual_helpers = 0;  // spellcasters bowed to help: +1 mind each (OA:647-649)
  int spell_level = 0;
};

// The mind the cast is measured with.
int casting_mind(const SpellCast& cast);
// "must be higher than or equal to the spell's level" (OA:657).
bool spell_castable(const SpellCast& cast);
// Why not, or empty: "Mind 2 with 1 helper makes 3, below the spell's level 4 (OA:657)".
std::vector<std::string> spell_checks(const SpellCast& cast);

}  // namespace seneschal::engine::ostenard
