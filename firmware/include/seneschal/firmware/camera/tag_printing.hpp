#pragma once
// Which stickers to print: one per physical copy of a card, numbered the way the camera will
// tell the copies apart, plus the table's own tags (controls, seats, calibration corners).

#include <string_view>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/card.hpp"
#include "seneschal/engine/deck_list.hpp"
#include "seneschal/vision/tag_sheet.hpp"

namespace seneschal::firmware {

// "3 Hektor" gives Hektor copies 1, 2 and 3; a title on a second line goes on numbering.
Result<std::vector<vision::Sticker>> stickers_for_deck(const engine::DeckList& deck, const engine::CardDatabase& cards);

// "Hektor:2,Zahir": titles (or card ids), each with how many copies to print (default 1).
Result<std::vector<vision::Sticker>> stickers_for_cards(std::string_view spec, const engine::CardDatabase& cards);

// One card's copies 1 to `copies` (a title with a comma cannot go through stickers_for_cards).
std::vector<vision::Sticker> stickers_for_card(const engine::Card& card, const engine::CardDatabase& cards, int copies);

// The control tags, a seat tag per seat and the four calibration corners.
std::vector<vision::Sticker> table_stickers(int seats);

}  // namespace seneschal::firmware
