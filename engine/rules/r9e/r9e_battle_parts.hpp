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
int other_side(const Battle& battle, int seat);
std::string castle_name(const Table& table, const Battle& battle, int castle);
std::string joined(const std::vector<std::string>& words);  // "A, B and C"
std::vector<std::string> labels_with_prefix(const Table& table, const std::string& prefix, const std::vector<int>& uids);

// A hero that left play (buried through Adjust, a Will of zero ...) leaves the battle too.
void prune(Table& table);
// Heroes and their cohorts at a castle: the cards that engage and absorb.
std::vector<int> fighters_at(const Table& table, const Battle& battle, int seat, int castle);
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
