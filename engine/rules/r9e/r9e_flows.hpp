#pragma once
// The steps of an R9E game, one file per flow. Each *_step takes the command the table gave
// while that flow is in progress and returns the event type it amounts to; each *_prompt says
// what the flow asks now, with exactly the options its step accepts.

#include <string>
#include <vector>

#include "r9e_table.hpp"

namespace seneschal::engine::r9e {

// Setup (r9e_setup.cpp): stronghold, castles, mulligan per seat, then the first Ordained.
void begin_setup(Table& table);
std::string setup_step(Table& table, const Command& command);
Prompt setup_prompt(const Table& table);

// The phases (r9e_turn.cpp): Spring's banner, actions in Summer and Autumn, passing.
std::string phase_step(Table& table, const Command& command);
Prompt phase_prompt(const Table& table);
void begin_spring(Table& table);
// The seat's action is over: the next seat clockwise acts, the run of passes is broken.
void end_action(Table& table, int seat);
std::vector<Words> menu_items(const Table& table);  // said
std::string menu_step(Table& table, const std::string& label);

// Paying for a card and bringing it into play (r9e_play.cpp).
// `also_broken`: a rule the caller knows the move breaks, named in the same check.
std::string play_card(Table& table, const PresentCard& present, const std::string& also_broken = "");
// A card other than a tactic shown during a battle or a raid ("battle", "raid"): a check, since a
// Battle or Raid ability may bring a card into play (line 658); overridden, it is played as in
// Summer, and the battle or raid goes on with the same seat to act.
std::string play_in_battle(Table& table, const PresentCard& present, const std::string& where);
void begin_mulligan_payment(Table& table, int seat);
std::string payment_step(Table& table, const Command& command);
// A card on the table turned, moved or left (r9e_physical.cpp): its event type, "" for none.
std::string table_step(Table& table, const Command& command);
// "Update the books" for a disagreement: a card in play that left the table is discarded, a card
// bowed or upright in the books against how it lies follows the table; a card in another seat's
// area cannot change hands (refused).
std::string books_follow_table(Table& table, const Disagreement& disagreement);
// The mismatches that last between the table and the books (GameModule::table_mismatches).
std::vector<Disagreement> table_mismatches(const TableState& state, const Data& data, const CardDatabase& cards);
Prompt payment_prompt(const Table& table);
std::string complete_quest(Table& table, const std::string& label);
std::vector<std::string> incomplete_quests(const Table& table, int seat);

// Winter in its printed order (r9e_winter.cpp).
void begin_winter(Table& table);
std::string winter_step(Table& table, const Command& command);
Prompt winter_prompt(const Table& table);

// Changing any number or bowed state by hand, logged (r9e_adjust.cpp).
void begin_adjust(Table& table);
std::string adjust_step(Table& table, const Command& command);
Prompt adjust_prompt(const Table& table);

// Battles (r9e_battle.cpp): declare, assign, pick a castle, actions, engage, absorb.
void begin_attack(Table& table);
std::string battle_step(Table& table, const Command& command);
Prompt battle_prompt(const Table& table);
// A card turned to bowed at a battle's actions: the acting seat engaging it; "" when it is not.
std::string engage_by_turning(Table& table, int uid);
// A hero slid into the defender's area while its side assigns (its own for a defender): sent to
// the castle it lies nearest (r9e_physical.cpp: castle_nearest), or asked which when the table
// has no positions; "" when the move means nothing for the attack.
std::string assign_by_moving(Table& table, int uid, const Placement& where);
// The defender's castle whose card lies nearest the place, -1 without positions.
int castle_nearest(const Table& table, int seat, const Placement& where);
// Allies (r9e_allies.cpp): MENU "<seat> joins <leader>" once units are being assigned, a check.
std::vector<Words> join_items(const Table& table);
std::string join_battle(Table& table, const std::string& label);

// Raids (r9e_raid.cpp).
void begin_raid(Table& table);
std::string raid_step(Table& table, const Command& command);
Prompt raid_prompt(const Table& table);
// The same for a raid: one unit a side per castle, so only a castle still open to that side.
std::string raid_assign_by_moving(Table& table, int uid, const Placement& where);

// Duels, from the Arcane Fire appendix (r9e_duel.cpp).
void begin_duel(Table& table);
std::string duel_step(Table& table, const Command& command);
Prompt duel_prompt(const Table& table);

}  // namespace seneschal::engine::r9e
