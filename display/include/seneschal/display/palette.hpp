#pragma once
// Every colour on the board, in one place, so the choices in display/README.md stay true.
// Seat colours come from the Okabe-Ito palette, which stays distinguishable under the common
// colour-vision deficiencies. Vermillion is kept out of the seat colours because it means
// "refused"; yellow comes late because it is the winner's colour too.

#include <cstddef>

#include <SFML/Graphics/Color.hpp>

namespace seneschal::display::palette {

extern const sf::Color background;     // the screen behind everything
extern const sf::Color banner;         // the phase banner's band
extern const sf::Color panel;          // a seat panel's fill
extern const sf::Color panel_border;   // a seat panel's border when the seat is not acting
extern const sf::Color card_chip;      // the fill behind a card in play
extern const sf::Color text;           // primary text: about 15:1 on the panel fill
extern const sf::Color text_secondary; // labels, subtitles, older log lines: about 9:1 on the panel fill
extern const sf::Color text_muted;     // bowed cards, eliminated seats: at least 4.5:1 on a card chip
extern const sf::Color text_on_colour; // dark text on a coloured band or badge
extern const sf::Color pip;            // pips counting a number on a line: the colour of grain, no seat's colour
extern const sf::Color accepted;       // toast band: the card was taken (Okabe-Ito bluish green)
extern const sf::Color refused;        // toast band: the card was refused (Okabe-Ito vermillion)
extern const sf::Color warned;         // toast band: a rules check stopped the move and waits (amber)
extern const sf::Color badge;          // a highlighted badge beside a seat's name (a mark of office)
extern const sf::Color winner;         // the winner overlay's frame (Okabe-Ito yellow)
extern const sf::Color scrim;          // darkens the board behind the winner overlay
extern const sf::Color keycap;         // a button's name in the legend, like the label on a key
extern const sf::Color highlight;      // the bar behind the choice UP/DOWN point at
extern const sf::Color timer;          // a timer's ring and digits with time to spare
extern const sf::Color urgent;         // the last 30 s of a timer (Okabe-Ito vermillion, as refused)
extern const sf::Color ring_track;     // the spent part of a timer's ring
extern const sf::Color alarm_first;    // a ringing alarm flashes between these two:
extern const sf::Color alarm_second;   //   vermillion and yellow, both under dark text
extern const sf::Color grid;           // chart gridlines: seen, but quieter than any line

// The colour of the seat at this index; wraps around after six seats.
sf::Color seat_colour(std::size_t seat_index);

// Where a seat is drawn as a line (the game-end charts), its points carry this shape, so the
// lines are told apart without colour. Six shapes, one per seat colour.
enum class Marker { Circle, Square, Triangle, Diamond, TriangleDown, Plus };
Marker seat_marker(std::size_t seat_index);

// Text on a filled colour: dark on light fills, light on dark ones (Okabe-Ito blue), whichever
// contrasts more.
sf::Color ink_on(sf::Color fill);

}  // namespace seneschal::display::palette
