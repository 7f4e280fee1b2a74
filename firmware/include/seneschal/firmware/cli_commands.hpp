#pragma once
// The `seneschal` sub-commands that work on card data: listing cards, checking decks, printing
// tag sheets. Each returns the process exit code and says what went wrong on stderr.

#include <string>

namespace seneschal::firmware {

struct CardsOptions {
  std::string game;        // module id: r9e, cutthroat, nine, ostenard
  std::string check_deck;  // a deck list to check instead of listing the cards
};

struct TagsOptions {
  std::string game;
  std::string deck;          // print one sticker per card copy in this deck list
  std::string cards;         // or these: "Hektor:2,Zahir"
  bool calibration = false;  // or the calibration page with the table's own tags
  int seats = 4;
  std::string paper = "a4";  // a4 | letter
  std::string size = "18mm";
  std::string out;
};

int run_cards(const std::string& assets_dir, const CardsOptions& options);
int run_tags(const std::string& assets_dir, const TagsOptions& options);

}  // namespace seneschal::firmware
