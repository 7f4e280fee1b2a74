#pragma once
// The fixed words of R9E's prompts, each with the id the log keeps for it: a label may be
// reworded here freely, its id never changes (old logs name options by id). Prefixes stand before
// a name ("Bury " + a hero's label); their ids stand before the name's id.

#include <string>

namespace seneschal::engine::r9e {

// Labels that mean the same in every prompt.
inline constexpr const char* kDone = "Done";
inline constexpr const char* kCancel = "Cancel";

inline constexpr const char* kAdjust = "Adjust";
inline constexpr const char* kAttack = "Attack";
inline constexpr const char* kBow = "Bow";
inline constexpr const char* kBury = "Bury";
inline constexpr const char* kBuryCastlePrefix = "Bury castle ";
inline constexpr const char* kBuryPrefix = "Bury ";
inline constexpr const char* kCompletePrefix = "Complete quest: ";
inline constexpr const char* kDiscard = "Discard it";
inline constexpr const char* kDiscardCard = "Discard";
inline constexpr const char* kDuel = "Duel";
inline constexpr const char* kEngageNow = "Engage now";
inline constexpr const char* kFoodFieldPrefix = "Food: ";
inline constexpr const char* kFoodOnPrefix = "Food on ";
inline constexpr const char* kFromHand = "From hand";
inline constexpr const char* kHomePrefix = "Home: ";
inline constexpr const char* kMoveInPrefix = "Move in: ";  // a card's ability moves a unit into the battle
inline constexpr const char* kJoinPrefix = "Join ";  // "Join Mark": an ally names its side
inline constexpr const char* kJoinsWord = " joins ";  // MENU "Louis joins Mark", once units are assigned
inline constexpr const char* kKeepHand = "Keep hand";
inline constexpr const char* kKeepThem = "Keep them";
inline constexpr const char* kMulligan = "Mulligan";
inline constexpr const char* kNoDiscard = "No discard";
inline constexpr const char* kRaid = "Raid";
inline constexpr const char* kRandom = "Random";
inline constexpr const char* kRenownPrefix = "Renown: ";
inline constexpr const char* kStayOut = "Stay out";
inline constexpr const char* kStraighten = "Straighten";
inline constexpr const char* kTopOfDeck = "Top of deck";

// The id of an R9E option: a fixed word's own, a prefix's id before the rest's, else the label in
// tag-id form (card, castle and seat names).
std::string option_id(const std::string& label);

}  // namespace seneschal::engine::r9e
