#include "seneschal/engine/deck_list.hpp"

#include <cctype>
#include <charconv>

namespace seneschal::engine {
namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
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
      return fail(at + ": expected \"<count> <title>\", e.g. \"3 Hektor\"");
    }
    const Card* card = cards.find_by_title(title);
    if (!card) card = cards.find(card_id_from_title(title));  // forgiving of quotes and case
    if (!card) return fail(at + ": no card titled \"" + std::string(title) + "\" in the " + cards.title() + " data");
    deck.entries.push_back({line_number, count, card});
  }
  return deck;
}

}  // namespace seneschal::engine
