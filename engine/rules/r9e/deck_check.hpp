#pragma once
// The deck-building rules of r9e-rules-of-play.txt "Customizing Your Decks", checked where the
// card data knows enough; what it cannot check (a faction keyword or a castle cost nobody
// printed) is counted, not guessed.

#include <vector>

#include "seneschal/engine/deck_list.hpp"

namespace seneschal::engine::r9e {

DeckReport check_deck(const DeckList& deck);

}  // namespace seneschal::engine::r9e
