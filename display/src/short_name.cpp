#include "seneschal/display/short_name.hpp"

#include <algorithm>

#include "seneschal/display/fit_text.hpp"

namespace seneschal::display {
namespace {

using Words = std::vector<sf::String>;

sf::String joined(const Words& words) {
  sf::String text;
  for (const sf::String& word : words) text += (text.isEmpty() ? sf::String() : sf::String(" ")) + word;
  return text;
}

sf::Uint32 lower(sf::Uint32 c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c; }

// A word as compared between names: lower case, without the punctuation that ends a clause.
sf::String bare(const sf::String& word) {
  sf::String out;
  for (std::size_t i = 0; i < word.getSize(); ++i) {
    const sf::Uint32 c = word[i];
    if (c == ',' || c == ';' || c == ':' || c == '(' || c == ')') continue;
    out += lower(c);
  }
  return out;
}

bool is_article(const sf::String& word) {
  const sf::String w = bare(word);
  return w == "the" || w == "a" || w == "an";
}

// "of", "the", "o'": not worth an initial.
bool is_small(const sf::String& word) { return !word.isEmpty() && word[0] >= 'a' && word[0] <= 'z'; }

// A word that starts with a letter gives an initial; a copy's "(2)" or a number stays whole.
bool has_initial(const sf::String& word) {
  return !word.isEmpty() && ((word[0] >= 'A' && word[0] <= 'Z') || word[0] >= 0xC0);
}

// The longest word of the name no other name of the panel has; without one, the longest word.
std::size_t distinguishing(const Words& words, const std::vector<Words>& others) {
  const auto shared = [&](const sf::String& word) {
    return std::any_of(others.begin(), others.end(), [&](const Words& other) {
      return std::any_of(other.begin(), other.end(), [&](const sf::String& w) { return bare(w) == bare(word); });
    });
  };
  std::size_t best = words.size();
  for (const bool unique_only : {true, false}) {
    for (std::size_t i = 0; i < words.size(); ++i) {
      if (is_small(words[i]) || (unique_only && shared(words[i]))) continue;
      if (best == words.size() || bare(words[i]).getSize() > bare(words[best]).getSize()) best = i;
    }
    if (best < words.size()) return best;
  }
  return 0;
}

sf::String without_clause_end(const sf::String& word) {
  sf::String out = word;
  while (!out.isEmpty() && (out[out.getSize() - 1] == ',' || out[out.getSize() - 1] == ';')) out.erase(out.getSize() - 1);
  return out;
}

}  // namespace

std::vector<sf::String> short_forms(const sf::String& name, const sf::String& short_form,
                                    const std::vector<sf::String>& others) {
  std::vector<sf::String> forms;
  const auto add = [&](const sf::String& form) {
    if (!form.isEmpty() && form != name && std::find(forms.begin(), forms.end(), form) == forms.end()) {
      forms.push_back(form);
    }
  };
  add(short_form);
  Words words = words_of(name);
  if (words.size() > 1 && is_article(words.front())) words.erase(words.begin());
  add(joined(words));
  if (words.size() < 2) return forms;
  std::vector<Words> other_words;
  for (const sf::String& other : others) {
    if (other != name) other_words.push_back(words_of(other));
  }
  const std::size_t key = distinguishing(words, other_words);
  Words initials;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i == key) {
      initials.push_back(without_clause_end(words[i]));
    } else if (has_initial(words[i])) {
      initials.push_back(sf::String(words[i][0]) + ".");
    } else if (!is_small(words[i])) {
      initials.push_back(words[i]);
    }
  }
  add(joined(initials));
  add(without_clause_end(words[key]));
  return forms;
}

sf::String short_name(const sf::Font& font, const sf::String& name, const sf::String& short_form,
                      const std::vector<sf::String>& others, unsigned char_size, float max_width) {
  if (text_width(font, name, char_size) <= max_width) return name;
  for (const sf::String& form : short_forms(name, short_form, others)) {
    if (text_width(font, form, char_size) <= max_width) return form;
  }
  return {};
}

}  // namespace seneschal::display
