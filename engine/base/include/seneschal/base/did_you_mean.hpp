#pragma once
// " (did you mean X?)" after a word nobody knows: a config key, a game id, a card title in a deck
// list or a script. One rule everywhere, so a typo is caught the same way wherever it is made.

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace seneschal {

// Levenshtein distance: insertions, deletions and substitutions, one each.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The known word nearest to `word` within a typo per three letters (a word that starts the other,
// like a missing "_ms", counts as one typo; "jump" is no typo of "up"), or "" when none is near.
// Letters are compared as given: callers that forgive case pass both sides lowered.
inline std::string_view nearest_word(std::string_view word, const std::vector<std::string_view>& known) {
  std::string_view best;
  std::size_t best_distance = std::max<std::size_t>(1, word.size() / 3) + 1;
  for (const auto& candidate : known) {
    std::size_t distance = edit_distance(word, candidate);
    const bool prefix =
        word.size() >= 3 && (candidate.substr(0, word.size()) == word || word.substr(0, candidate.size()) == candidate);
    if (prefix) distance = std::min<std::size_t>(distance, 1);
    if (distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

// " (did you mean X?)" with X in open/close (quotes, brackets), or "" when no known word is near.
inline std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& known,
                                std::string_view open = "", std::string_view close = "") {
  const std::string_view best = nearest_word(word, known);
  if (best.empty()) return {};
  return " (did you mean " + std::string(open) + std::string(best) + std::string(close) + "?)";
}

}  // namespace seneschal
