#include "seneschal/display/fit_text.hpp"

#include <algorithm>

#include <SFML/Graphics/Text.hpp>

namespace seneschal::display {
namespace {

const sf::String kEllipsis(static_cast<sf::Uint32>(0x2026));

}  // namespace

float text_width(const sf::Font& font, const sf::String& text, unsigned char_size) {
  if (text.isEmpty()) return 0;
  const sf::Text shape(text, font, char_size);
  const sf::FloatRect ink = shape.getLocalBounds();
  // A string of spaces has no ink but still moves the pen; either may be the wider.
  const float pen = shape.findCharacterPos(text.getSize()).x;
  return std::max(ink.left + ink.width, pen);
}

bool any_cut(const std::vector<sf::String>& lines) {
  return lines.empty() || std::any_of(lines.begin(), lines.end(), [](const sf::String& line) {
           return line.find(kEllipsis) != sf::String::InvalidPos;
         });
}

sf::String fit_text(const sf::Font& font, const sf::String& text, unsigned char_size, float max_width) {
  if (text_width(font, text, char_size) <= max_width) return text;
  if (text_width(font, kEllipsis, char_size) > max_width) return {};
  // Longer prefixes are never narrower, so the longest one that fits can be bisected.
  std::size_t fits = 0;
  std::size_t too_long = text.getSize();
  sf::String best = kEllipsis;
  while (too_long - fits > 1) {
    const std::size_t mid = fits + (too_long - fits) / 2;
    sf::String candidate = text.substring(0, mid);
    while (!candidate.isEmpty() && candidate[candidate.getSize() - 1] == ' ') candidate.erase(candidate.getSize() - 1);
    candidate += kEllipsis;
    if (text_width(font, candidate, char_size) <= max_width) {
      fits = mid;
      best = candidate;
    } else {
      too_long = mid;
    }
  }
  return best;
}

unsigned fit_size(const sf::Font& font, const sf::String& text, unsigned size, unsigned min_size, float max_width) {
  for (unsigned candidate = size; candidate > min_size; --candidate) {
    if (text_width(font, text, candidate) <= max_width) return candidate;
  }
  return std::min(size, min_size);
}

std::vector<sf::String> words_of(const sf::String& text) {
  std::vector<sf::String> words;
  sf::String word;
  for (std::size_t i = 0; i <= text.getSize(); ++i) {
    if (i == text.getSize() || text[i] == ' ') {
      if (!word.isEmpty()) words.push_back(word);
      word.clear();
    } else {
      word += text[i];
    }
  }
  return words;
}

std::vector<sf::String> wrap_text(const sf::Font& font, const sf::String& text, unsigned char_size, float first_width,
                                  float width, std::size_t max_lines) {
  std::vector<sf::String> lines;
  if (max_lines == 0) return lines;
  const std::vector<sf::String> words = words_of(text);
  const auto room = [&] { return lines.empty() ? first_width : width; };
  sf::String line;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const sf::String longer = line.isEmpty() ? words[i] : line + " " + words[i];
    if (line.isEmpty() || text_width(font, longer, char_size) <= room()) {
      line = longer;
      continue;
    }
    if (lines.size() + 1 == max_lines) {
      // The last line takes the rest and is cut where it runs out.
      for (std::size_t j = i; j < words.size(); ++j) line += " " + words[j];
      break;
    }
    lines.push_back(fit_text(font, line, char_size, room()));
    line = words[i];
  }
  if (!line.isEmpty()) lines.push_back(fit_text(font, line, char_size, room()));
  return lines;
}

sf::String from_utf8(const std::string& utf8) { return sf::String::fromUtf8(utf8.begin(), utf8.end()); }

}  // namespace seneschal::display
