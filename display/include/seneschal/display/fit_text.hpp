#pragma once
// Text on the board never overflows its box: what does not fit is cut and ends in an ellipsis.
// Widths are the drawn ("ink") extent of the text from its origin, so a string that fits
// here can be drawn at the box's left edge and stays inside the box.

#include <cstddef>
#include <string>
#include <vector>

#include <SFML/Graphics/Font.hpp>
#include <SFML/System/String.hpp>

namespace seneschal::display {

// How far right of its origin this text reaches when drawn at this size.
float text_width(const sf::Font& font, const sf::String& text, unsigned char_size);

// The text itself when it fits in max_width, else its longest prefix (cut on a code point,
// trailing spaces dropped) followed by "…" that fits; empty when not even "…" fits.
sf::String fit_text(const sf::Font& font, const sf::String& text, unsigned char_size, float max_width);

// The largest character size from `size` down to `min_size` at which the whole text fits in
// max_width; min_size when none does (the caller then cuts the text with fit_text). For names,
// which are worth a smaller size before they are worth an ellipsis.
unsigned fit_size(const sf::Font& font, const sf::String& text, unsigned size, unsigned min_size, float max_width);

// The text's words on lines, the first no wider than first_width (it may share its line with
// something drawn before it) and the others no wider than width. Every line fits: a word wider
// than its line is cut with "…", and so is the last line when the words run on past max_lines.
std::vector<sf::String> wrap_text(const sf::Font& font, const sf::String& text, unsigned char_size, float first_width,
                                  float width, std::size_t max_lines);

// Whether wrap_text had to cut (any line ends in "…"), or gave no line at all: the caller that
// wants the words whole tries more lines or a smaller size.
bool any_cut(const std::vector<sf::String>& lines);

// The text's words: split on spaces, none empty.
std::vector<sf::String> words_of(const sf::String& text);

// The view model's strings are UTF-8 (titles carry dashes and accents); sf::String is UTF-32.
sf::String from_utf8(const std::string& utf8);

}  // namespace seneschal::display
