#pragma once
// What the two halves of a battle share: r9e_battle.cpp (declaring, assigning, the castles one by
// one, the actions at each) and r9e_engage.cpp (one engagement: damage, immunity, absorbing, a
// discard for Fate). Neither is the R9E rules' interface; r9e_flows.hpp is.

#include <string>
#include <vector>

#include "r9e_table.hpp"

namespace seneschal::engine::r9e::battle {

bool has(const std::vector<int>& list, int value);
Battle& battle_of(Table& table);

// r9e_allies.cpp: the sides (a leader and its allies), the order of actions, the allies asked.
bool on_attacking_side(const Battle& battle, int seat);
bool in_battle(const Battle& battle, int seat);
std::vector<int> side_seats(const Battle& battle, bool attacking);  // the leader, then its allies
int leader_against(const Battle& battle, int seat);  // who absorbs what this seat deals
int next_in_battle(const Table& table, const Battle& battle, int seat);  // clockwise
int players_in_battle(const Table& table, const Battle& battle);
// A card's label, with its owner's name when an ally holds it (prompts that mix seats).
std::string army_label(const Table& table, const Battle& battle, int uid);
std::vector<std::string> army_labels(const Table& table, const Battle& battle, const std::vector<int>& uids);
int uid_by_army_label(const Table& table, const Battle& battle, const std::vector<int>& uids, const std::string& label);
int ally_to_ask(const Table& table, const Battle& battle);  // -1 when every player has answered
std::string allies_step(Table& table, const Command& command);
Prompt allies_prompt(const Table& table);
std::string castle_name(const Table& table, const Battle& battle, int castle);
std::string joined(const std::vector<std::string>& words);  // "A, B and C"
// Each card's label in words: labels_said(table, "Home: {0}", uids).
std::vector<Words> labels_said(const Table& table, const char* format, const std::vector<int>& uids);

// A hero that left play (buried through Adjust, a Will of zero ...) leaves the battle too.
void prune(Table& table);
// Heroes and their cohorts at a castle: the cards that engage and absorb. fighters_at: one seat's
// own; army_at: the whole side of that seat, allies included.
std::vector<int> fighters_at(const Table& table, const Battle& battle, int seat, int castle);
std::vector<int> army_at(const Table& table, const Battle& battle, int seat, int castle);
// Moves past every stage with nothing to choose (allies to ask, units to assign, a castle to pick).
void advance(Table& table);
// The hero a card belongs to (itself for a hero).
int hero_of(const Table& table, int uid);
bool bowed(const Table& table, int uid);
// A seat's unbowed fighters at the current castle.
std::vector<int> engageable(const Table& table, const Battle& battle, int seat);

// An action at the castle is over: the other side acts next (the battle there ends when no one
// is left).
void after_action(Table& table, int seat);
// The battle at the current castle is over: by passing, or with the castle buried.
void end_castle(Table& table, bool castle_buried);

// r9e_engage.cpp: the command while an engagement is in progress, and what it asks.
std::string engagement_step(Table& table, const Command& command);
Prompt engagement_prompt(const Table& table);

}  // namespace seneschal::engine::r9e::battle
