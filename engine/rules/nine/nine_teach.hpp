#pragma once
// Teaching a structure in few answers (issue 42 item 7): what its card prints, told as one choice
// where the likely shapes are few. The lists hold the words the table picks (kept as told values,
// English like the resource and structure names) and read them back; anything they do not hold
// is told item by item under the older keys (cost_1 ..., provides, points), which old state
// folders keep and which are still read first.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nine_rules.hpp"

namespace seneschal::engine::nine {

// The 13 names as a face's structure question lists them: the basic ones at both ends of the list,
// where the buttons reach first (UP wraps round past Cancel to the last rows), the five high ones
// in the middle. "One of the 5 top victory point structures in the deck" (N9:77) leaves some 31 of the deck's 36
// structure sides to the 8 other names: each basic name is the likelier answer.
// `other`, the face's other structure when told, moves to the row the buttons reach last: a face
// has "a different structure on each short side" (N9:30), so it is the unlikely answer (still
// offered: the table may know better).
std::vector<std::string> face_structure_words(const std::optional<std::string>& other = std::nullopt);

// The whole cost, one choice (stat `cost`): every structure needs Crew (N9:99; the Tavern and the
// Castle printed, N9:47, 55), so the list is Crew alone, Crew with one more resource, Crew with a
// slash item ("Crew + Stone/Ore", N9:49), then "Crew + more" (the items after the Crew told one by
// one, cost_2 ...) and "Other cost" (all told one by one, cost_1 ...).
inline constexpr const char* kWholeCostStat = "cost";
inline constexpr const char* kCrewAndMore = "Crew + more";
inline constexpr const char* kOtherCost = "Other cost";
std::vector<std::string> whole_cost_words();
// The cost a word of the list names; nothing for "Crew + more" and "Other cost" (told item by item).
std::optional<std::vector<CostItem>> whole_cost(std::string_view word);

// What a structure gives, its product and its shield, as one choice (stat `product_and_shield`)
// where the card data does not print what it provides: a structure provides a resource or victory
// points (N9:43), a basic one 0 or 1 VP (N9:162), a high one 3 or more (N9:164). Basic: "1 VP"
// (nothing else), a resource alone, a resource and 1 VP, "Nothing"; high: "3 VP" ... "10 VP"; both
// end with "Something else" (what it provides and its shield told apart, `provides` and `points`).
inline constexpr const char* kGivesStat = "product_and_shield";
inline constexpr const char* kSomethingElse = "Something else";
struct Gives {
  std::optional<Resource> provides;
  int vp = 0;
};
std::vector<std::string> gives_words(bool high);
// What a word of the list names; nothing for "Something else".
std::optional<Gives> gives_of(std::string_view word);

}  // namespace seneschal::engine::nine
