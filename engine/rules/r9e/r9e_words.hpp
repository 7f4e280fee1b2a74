#pragma once
// The fixed words of R9E's prompts, each with the id the log keeps for it: a label may be
// reworded here freely, its id never changes (old logs name options by id). Prefixes stand before
// a name ("Bury " + a hero's label); their ids stand before the name's id.

#include <string>

#include "seneschal/base/words.hpp"

namespace seneschal::engine::r9e {

// The English labels, marked for the catalog: an option is offered with say(kDone) or, with a
// name, say("Bury {0}", label), whose English is the prefix's; the rules read the chosen option's
// English (run_flow), so the prefixes below still take a chosen label apart.
// Labels that mean the same in every prompt.
inline constexpr const char* kDone = N_("Done");
inline constexpr const char* kCancel = N_("Cancel");

inline constexpr const char* kAdjust = N_("Adjust");
inline constexpr const char* kAttack = N_("Attack");
// TRANSLATORS: to bow a card: turn it 90 degrees (used, tapped), not the weapon
inline constexpr const char* kBow = N_("Bow");
// TRANSLATORS: to bury a card: remove it from the game (destroyed)
inline constexpr const char* kBury = N_("Bury");
inline constexpr const char* kBuryCastlePrefix = "Bury castle ";
inline constexpr const char* kBuryPrefix = "Bury ";
inline constexpr const char* kCompletePrefix = "Complete quest: ";
// TRANSLATORS: discard the card the Fate card names (after absorbing damage)
inline constexpr const char* kDiscard = N_("Discard it");
inline constexpr const char* kDiscardCard = N_("Discard");
inline constexpr const char* kDuel = N_("Duel");
inline constexpr const char* kEngageNow = N_("Engage now");
inline constexpr const char* kFoodFieldPrefix = "Food: ";
inline constexpr const char* kFoodOnPrefix = "Food on ";
inline constexpr const char* kFromHand = N_("From hand");
inline constexpr const char* kHomePrefix = "Home: ";
inline constexpr const char* kMoveInPrefix = "Move in: ";  // a card's ability moves a unit into the battle
inline constexpr const char* kJoinPrefix = "Join ";  // "Join Mark": an ally names its side
inline constexpr const char* kJoinsWord = " joins ";  // MENU "Louis joins Mark", once units are assigned
inline constexpr const char* kKeepHand = N_("Keep hand");
inline constexpr const char* kKeepThem = N_("Keep them");
inline constexpr const char* kMulligan = N_("Mulligan");
inline constexpr const char* kNoDiscard = N_("No discard");
// TRANSLATORS: a tactic's Strength goes on no card
inline constexpr const char* kNoCard = N_("No card");
inline constexpr const char* kRaid = N_("Raid");
inline constexpr const char* kRandom = N_("Random");
inline constexpr const char* kRenownPrefix = "Renown: ";
inline constexpr const char* kStayOut = N_("Stay out");
// TRANSLATORS: to straighten a card: turn a bowed card upright again
inline constexpr const char* kStraighten = N_("Straighten");
inline constexpr const char* kTopOfDeck = N_("Top of deck");

// The id of an R9E option: a fixed word's own, a prefix's id before the rest's, else the label in
// tag-id form (card, castle and seat names).
std::string option_id(const std::string& label);

}  // namespace seneschal::engine::r9e
