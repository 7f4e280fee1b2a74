#include "r9e_words.hpp"

#include <string_view>
#include <utility>

#include "seneschal/engine/prompt.hpp"
#include "seneschal/engine/rules_kit.hpp"

namespace seneschal::engine::r9e {
namespace {

constexpr std::pair<const char*, const char*> kWords[] = {
    {kAdjust, "adjust"},
    {kAttack, "attack"},
    {kBow, "bow"},
    {kBury, "bury"},
    {kDiscard, "discard-food"},
    {kDiscardCard, "discard"},
    {kDuel, "duel"},
    {kEngageNow, "engage-now"},
    {kFromHand, "from-hand"},
    {kKeepHand, "keep-hand"},
    {kKeepThem, "keep-them"},
    {kMulligan, "mulligan"},
    {kNoDiscard, "no-discard"},
    {kNoCard, "no-card"},
    {kRaid, "raid"},
    {kRandom, "random"},
    {kStayOut, "stay-out"},
    {kStraighten, "straighten"},
    {kTopOfDeck, "top-of-deck"},
    {kDone, "done"},
    {kCancel, kCancelId},
    {kDoItAnywayLabel, kDoItAnywayId},
};

// Longest first where one prefix begins another ("Bury castle " before "Bury ").
constexpr std::pair<const char*, const char*> kPrefixes[] = {
    {kCompletePrefix, "complete-quest:"},
    {kBuryCastlePrefix, "bury-castle:"},
    {kFoodOnPrefix, "food-on:"},
    {kRenownPrefix, "renown:"},
    {kFoodFieldPrefix, "food-field:"},
    {kHomePrefix, "home:"},
    {kJoinPrefix, "join:"},
    {kMoveInPrefix, "move-in:"},
    {kBuryPrefix, "bury:"},
    {"Raise to ", "raise-to:"},
    {"Keep ", "keep:"},
};

}  // namespace

std::string option_id(const std::string& label) {
  for (const auto& [word, id] : kWords) {
    if (label == word) return id;
  }
  for (const auto& [prefix, id] : kPrefixes) {
    const std::string_view p(prefix);
    if (label.size() > p.size() && label.compare(0, p.size(), p) == 0) return id + option_id_of(label.substr(p.size()));
  }
  return option_id_of(label);
}

// The card values the table may be asked for, as a question names them (FlowModule's stat_words
// says an id's "_" as " "): here for the catalog, which xgettext reads from the sources.
[[maybe_unused]] constexpr const char* kAskedValueWords[] = {
    N_("strength"),   N_("will"),       N_("glory"),          N_("renown"),          N_("renown reward"),
    N_("fate"),       N_("might"),      N_("gold cost"),      N_("glory cost"),      N_("food cost"),
    N_("gold production"), N_("storage"), N_("castle points"), N_("castle point cost"), N_("faction"),
    N_("keyed to"),   N_("stronghold"), N_("homebase"),  N_("strength bonus"), N_("food per castle taken"),
};

}  // namespace seneschal::engine::r9e
