#include "seneschal/engine/deck_list.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "seneschal/base/did_you_mean.hpp"

namespace seneschal::engine {
namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string lowered(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

// " (did you mean \"Hektor\"?)" for a title one or two typos from a card's, case forgiven.
std::string nearest_title(std::string_view title, const CardDatabase& cards) {
  std::vector<std::string> lowered_titles;
  lowered_titles.reserve(cards.cards().size());
  for (const Card& card : cards.cards()) lowered_titles.push_back(lowered(card.title));
  const std::vector<std::string_view> known(lowered_titles.begin(), lowered_titles.end());
  const std::string_view best = nearest_word(lowered(title), known);
  if (best.empty()) return {};
  const auto at = static_cast<std::size_t>(std::find(known.begin(), known.end(), best) - known.begin());
  return " (did you mean \"" + cards.cards()[at].title + "\"?)";
}

}  // namespace

int DeckList::total() const {
  int sum = 0;
  for (const DeckEntry& entry : entries) sum += entry.count;
  return sum;
}

Result<DeckList> parse_deck_list(std::string_view text, std::string_view origin, const CardDatabase& cards) {
  DeckList deck;
  deck.origin = std::string(origin);
  std::string problems;  // every bad line, so one run finds every typo
  const auto problem = [&](const std::string& said) { problems += (problems.empty() ? "" : "\n") + said; };
  int line_number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++line_number;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trimmed(line);
    if (line.empty()) continue;
    const std::string at = deck.origin + ":" + std::to_string(line_number);
    int count = 0;
    const auto [ptr, ec] = std::from_chars(line.data(), line.data() + line.size(), count);
    std::string_view title = trimmed(line.substr(static_cast<std::size_t>(ptr - line.data())));
    if (ec != std::errc() || count < 1 || count > 99 || title.empty() || ptr == line.data() + line.size() ||
        !std::isspace(static_cast<unsigned char>(*ptr))) {
      problem(at + ": expected \"<count> <title>\", e.g. \"3 Hektor\"");
      continue;
    }
    const Card* card = cards.find_by_title(title);
    if (!card) card = cards.find(card_id_from_title(title));  // forgiving of quotes and case
    if (!card) {
      problem(at + ": no card titled \"" + std::string(title) + "\" in the " + cards.title() + " data" +
              nearest_title(title, cards));
      continue;
    }
    deck.entries.push_back({line_number, count, card});
  }
  if (!problems.empty()) return fail(problems);
  return deck;
}

}  // namespace seneschal::engine
