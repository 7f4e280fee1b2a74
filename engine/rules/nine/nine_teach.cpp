// The one-choice lists a structure is taught with (nine_teach.hpp): their words, likely first, and
// what each names. The words are the told values themselves, so they never change once shipped.
#include "nine_teach.hpp"

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <iterator>

namespace seneschal::engine::nine {
namespace {

constexpr std::string_view kPlus = " + ";
constexpr std::string_view kVp = " VP";
constexpr char kSlash = '/';
constexpr const char* kNothing = "Nothing";

// Crew first, then the resource list's order (the order the item-by-item questions show).
constexpr Resource kOthers[] = {Resource::Food, Resource::Lumber, Resource::Stone, Resource::Ore, Resource::Gold,
                                Resource::Crew};
constexpr Resource kAll[] = {Resource::Crew, Resource::Food,  Resource::Lumber,
                             Resource::Stone, Resource::Ore, Resource::Gold};

std::string vp_words(int vp) { return std::to_string(vp) + std::string(kVp); }

// "3 VP" -> 3; nothing for anything else.
std::optional<int> vp_of(std::string_view word) {
  if (!word.ends_with(kVp)) return std::nullopt;
  word.remove_suffix(kVp.size());
  int vp = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), vp);
  if (error != std::errc() || end != word.data() + word.size()) return std::nullopt;
  return vp;
}

}  // namespace

std::vector<std::string> face_structure_words(const std::optional<std::string>& other) {
  std::vector<std::string> basic;
  std::vector<std::string> high;
  for (const std::string& name : structure_names()) (is_high_structure(name) ? high : basic).push_back(name);
  // Five of the eight from the top down, three reached from the bottom up: UP from the first row
  // wraps round to the prompt's Cancel below the last name, one press more that way.
  const auto half = basic.begin() + static_cast<std::ptrdiff_t>((basic.size() + 2) / 2);
  std::vector<std::string> words(basic.begin(), half);
  words.insert(words.end(), high.begin(), high.end());
  words.insert(words.end(), half, basic.end());
  if (other) {
    if (auto at = std::find(words.begin(), words.end(), *other); at != words.end()) {
      words.erase(at);
      // With the prompt's Cancel the list has one row more: the farthest from the first both ways.
      words.insert(words.begin() + static_cast<std::ptrdiff_t>((words.size() + 2) / 2), *other);
    }
  }
  return words;
}

std::vector<std::string> whole_cost_words() {
  const std::string crew(resource_name(Resource::Crew));
  std::vector<std::string> words{crew};
  for (Resource other : kOthers) words.push_back(crew + std::string(kPlus) + std::string(resource_name(other)));
  // Crew and a slash item (N9:49), each pair of two resources once, in the book's order.
  for (std::size_t a = 0; a < std::size(kAll); ++a) {
    for (std::size_t b = a + 1; b < std::size(kAll); ++b) {
      words.push_back(crew + std::string(kPlus) + std::string(resource_name(kAll[a])) + kSlash +
                      std::string(resource_name(kAll[b])));
    }
  }
  words.emplace_back(kCrewAndMore);
  words.emplace_back(kOtherCost);
  return words;
}

std::optional<std::vector<CostItem>> whole_cost(std::string_view word) {
  const std::string crew(resource_name(Resource::Crew));
  if (word == crew) return std::vector<CostItem>{{Resource::Crew}};
  if (!word.starts_with(crew + std::string(kPlus))) return std::nullopt;
  word.remove_prefix(crew.size() + kPlus.size());
  if (const auto slash = word.find(kSlash); slash != std::string_view::npos) {
    const auto a = resource_from_name(word.substr(0, slash));
    const auto b = resource_from_name(word.substr(slash + 1));
    if (!a || !b) return std::nullopt;
    return std::vector<CostItem>{{Resource::Crew}, {*a, *b}};
  }
  const auto other = resource_from_name(word);
  if (!other) return std::nullopt;  // "Crew + more"
  return std::vector<CostItem>{{Resource::Crew}, {*other}};
}

std::vector<std::string> gives_words(bool high) {
  std::vector<std::string> words;
  if (high) {
    for (int vp = 3; vp <= 10; ++vp) words.push_back(vp_words(vp));
  } else {
    words.push_back(vp_words(1));
    for (Resource r : kAll) words.emplace_back(resource_name(r));
    for (Resource r : kAll) words.push_back(std::string(resource_name(r)) + std::string(kPlus) + vp_words(1));
    words.emplace_back(kNothing);
  }
  words.emplace_back(kSomethingElse);
  return words;
}

std::optional<Gives> gives_of(std::string_view word) {
  if (word == kNothing) return Gives{};
  if (auto vp = vp_of(word)) return Gives{std::nullopt, *vp};
  const auto plus = word.find(kPlus);
  const auto resource = resource_from_name(word.substr(0, plus));
  if (!resource) return std::nullopt;  // "Something else"
  if (plus == std::string_view::npos) return Gives{resource, 0};
  const auto vp = vp_of(word.substr(plus + kPlus.size()));
  if (!vp) return std::nullopt;
  return Gives{resource, *vp};
}

}  // namespace seneschal::engine::nine
