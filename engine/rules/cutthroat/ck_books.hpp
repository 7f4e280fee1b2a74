#pragma once
// Cutthroat Kingdoms' books (GAMES.md A1) as plain data: what the device keeps of each house and
// of the kingdom so that scoring, the event clock, accessibility and combat are pure functions of
// it. Flows (prompts, timers, votes in progress, deals) come with the module and add their own
// state beside this; nothing here reads a clock, a file or the camera.

#include <array>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace seneschal::engine::cutthroat {

// The six houses, named after their lords and ladies (CK:874-934; the tome names no house,
// CARDS.md "House names"). The order is the tome's.
enum class House { Brom, Crone, Cawdwell, Slaine, Dravanof, Tyber };
inline constexpr int kHouses = 6;
std::string_view house_name(House house);
std::optional<House> house_from_name(std::string_view name);
// The house a house card's title names at its end: "Royal Heir of House Brom", "Lord Brom".
std::optional<House> house_of_title(std::string_view title);

// "Copper coins are worth 1, silver coins are worth 5" (CK:866).
inline constexpr int kCopperValue = 1;
inline constexpr int kSilverValue = 5;

struct Coins {
  int copper = 0;
  int silver = 0;
  int value() const { return copper * kCopperValue + silver * kSilverValue; }
};

// Gems are counted by colour (CK:438-445); the box lists six stones, 6 each (CK:29), whose colour
// names the tome does not give (A7.6), so a colour is only an index 0..5.
inline constexpr int kGemColours = 6;
using Gems = std::array<int, kGemColours>;

// Four combat colours, each its own type (A7.19: the examples match blue, red, yellow, green).
// Unknown: a card placed by count (`set n`) or a face-down mercenary nobody saw.
enum class Colour { Unknown, Red, Blue, Yellow, Green };
std::string_view colour_name(Colour colour);  // an id ("blue"): tr() it where it is shown

// "A, B and C" in the language set (the items as given).
std::string listed(const std::vector<std::string>& items);

enum class Military { Soldier, Mercenary };

// One military card as the books know it. A soldier belongs to its house for good (CK:128, 804);
// a mercenary belongs to nobody and goes to the mercenary discard when it dies (CK:699).
struct MilitaryCard {
  Military kind = Military::Soldier;
  Colour colour = Colour::Unknown;
  std::optional<House> house;  // soldiers only
  bool face_down = false;      // mercenaries placed on a territory (CK:414)

  static MilitaryCard soldier(House owner, Colour colour) { return {Military::Soldier, colour, owner, false}; }
  static MilitaryCard mercenary(Colour colour, bool face_down = false) {
    return {Military::Mercenary, colour, std::nullopt, face_down};
  }
};

enum class Side { Healthy, Plagued };  // the two faces of a territory card (CK:255, 265)

// A playmat slot and the territory dealt into it (CK:218-220). Owned means a house token lies on
// it; occupied means military cards defend it (CK:800, 828); the two part only in the instant a
// stack empties and the token goes back (CK:405-407).
struct Territory {
  std::string card;   // card id; empty for a territory the data does not name (A8)
  std::string title;  // how checks and the log speak of it: "Nyghtwald"
  Side side = Side::Healthy;
  std::optional<int> owner;         // seat
  std::vector<MilitaryCard> stack;  // top first: the top card is the one attacked (CK:395)
  bool occupied() const { return !stack.empty(); }
};

// Two slots that touch. The tome gives no playmat adjacency (A7.5): the default is a row, and the
// table links any two slots from the MENU.
struct Link {
  int a = 0;
  int b = 0;
};

// Passage granted for this turn by a logged deal: `owner` lets `to` through `territory` (CK:389,
// 812). The owner is kept because a grant is the owner's: it lapses if the territory changes hands.
struct Passage {
  int territory = 0;
  int owner = 0;
  int to = 0;
};

// The abilities the tokens on a lord/lady card count, two uses each (CK:172; A7.17).
std::vector<std::string> twice_per_game_abilities(House house);

struct RoyalHeir {
  bool alive = true;              // a dead heir is flipped face down (CK:616)
  std::optional<int> married_to;  // seat; the heirs are swapped while married (CK:555)
};

// What the device keeps of one seat. The purse and the cards that score are private until the
// end (CK:149, 356) and are told at scoring.
struct SeatBooks {
  House house = House::Brom;
  RoyalHeir heir;
  std::vector<MilitaryCard> dead_pile;                 // own soldiers, face down (CK:699, 747)
  int feast_cards = 0;                                 // collected, kept apart until the Feast (CK:350; A7.18)
  std::vector<std::pair<std::string, int>> uses_left;  // twice-per-game ability -> uses left
  // Told at scoring (CK:426-447).
  Coins coins;
  Gems gems{};
  int food_vp = 0;                    // VP crests of the food retained at the Feast (CK:618)
  std::optional<int> own_bastard_vp;  // held bastard of the seat's own house (CK:436)
  // What the device saw go into and out of the purse (collections, deals, Alms, purchases, the
  // dead collected, abilities): where the scoring's numbers start, never a score, for deals move
  // coins and gems unseen ("at any time ... exchange any number of card(s), coin(s) or gem(s)",
  // CK:137). May fall below 0 when a seat pays what the books never saw it get.
  int coins_seen = 0;
  int gems_seen = 0;

  static SeatBooks of(House house);
};

// The event deck is the game's clock (CK:198-200): Welcome to Aurum on top, the Royal Wedding about
// half-way, the Royal Feast at the bottom (CK:192); one card drawn per turn.
struct EventClock {
  int deck_size = 0;  // E, 0 until told
  int drawn = 0;
  int wedding_at = 0;  // position from the top, 1-based
  int feast_at = 0;
  int turn = 1;
  int starting_seat = 0;
  std::optional<int> feast_drawn_by;  // who serves first (CK:595)
};

// The remaining decks and the face-up discards the device can count (CK:15-24, 212, 699).
struct Piles {
  int mercenary_deck = 36;
  std::vector<MilitaryCard> mercenary_discard;
  int hireling_deck = 44 + 6;  // the hirelings and the six bastards (CK:211)
  int hireling_discard = 0;
  int feast_deck = 34;
};

struct Books {
  std::vector<SeatBooks> seats;        // clockwise (CK:375)
  std::vector<Territory> territories;  // in slot order
  std::vector<Link> links;
  std::vector<Passage> passages;  // this turn's
  Piles piles;
  EventClock clock;

  int seat_of(House house) const;  // -1 when no seat plays it
};

void to_json(nlohmann::json& out, const MilitaryCard& card);
void to_json(nlohmann::json& out, const Territory& territory);
void to_json(nlohmann::json& out, const SeatBooks& seat);
void to_json(nlohmann::json& out, const Books& books);

}  // namespace seneschal::engine::cutthroat
