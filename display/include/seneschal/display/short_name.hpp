#pragma once
// Names that stay names (issue 38): a card's or a territory's name too long for its line is never
// cut to "Territ…". It is given whole where it fits; else the module's own short form
// (engine::ItemView::short_title); else the name without a leading article ("Hanging Tongue");
// else the word that sets it apart from the other names of its panel, with the other words as
// initials ("C. Stormhold" beside "Castle Greywater"); else that word alone. Each form keeps a
// word that no other name of the panel has, so the short names of one panel stay apart.

#include <vector>

#include <SFML/Graphics/Font.hpp>
#include <SFML/System/String.hpp>

namespace seneschal::display {

// The first of those forms that fits max_width at this size (bold or regular by the font given);
// empty when none does, and the caller then shrinks or, past that, cuts.
sf::String short_name(const sf::Font& font, const sf::String& name, const sf::String& short_form,
                      const std::vector<sf::String>& others, unsigned char_size, float max_width);

// The shorter forms in the order short_name tries them, the module's own first (for tests and
// for a caller that measures otherwise).
std::vector<sf::String> short_forms(const sf::String& name, const sf::String& short_form,
                                    const std::vector<sf::String>& others);

}  // namespace seneschal::display
