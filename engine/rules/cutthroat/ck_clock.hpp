#pragma once
// Setup sizes, the event clock and the vote (GAMES.md A4, A5.9-A5.10). The event deck is the
// game's clock (CK:198-200): one event per turn from Welcome to Aurum on turn 1 to the Royal Feast
// at the bottom, so once the deck size E is told, every turn's seat is known in advance.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ck_books.hpp"
#include "seneschal/base/words.hpp"

namespace seneschal::engine::cutthroat {

// Seats: six houses (CK:116) and 3+ the lowest player-number indicator the tome shows (CK:189),
// so 3 to 6 (A7.1); fewer or more is a check.
inline constexpr int kMinSeats = 3;
inline constexpr int kMaxSeats = 6;

// Fixed amounts, all coins (A7.3: the icons were lost; the VP crest is the only other unit).
inline constexpr int kNoTerritoryIncome = 3;           // CK:350
inline constexpr int kCollectTheDeadCost = 2;          // CK:371
inline constexpr int kTaxes = 3;                       // CK:900
inline constexpr int kDarkInfluence = 3;               // CK:910
inline constexpr int kPillage = 3;                     // CK:930
inline constexpr int kBlackmailWithoutTerritory = 3;   // CK:541
inline constexpr int kWelcomeToAurumPerDealMaker = 5;  // CK:572
inline constexpr int kAlmsOfLazarus = 12;              // CK:576
inline constexpr int kMercenariesPerCoin = 2;          // CK:336, 792
inline constexpr int kMaxPurchasesPerTurn = 3;         // CK:365
inline constexpr int kMinMilitaryPerConquest = 1;      // CK:236, 414
inline constexpr int kMaxMilitaryPerConquest = 4;
inline constexpr int kRoyalWeddingSeconds = 3 * 60;  // CK:549
// Its name, which the wooing check looks for: an id (the view translates the timer's name).
inline constexpr const char* kWeddingTimer = N_("Royal Wedding");
inline constexpr int kMinNegotiationMinutes = 2;     // CK:531
inline constexpr int kMaxNegotiationMinutes = 5;
inline constexpr int kTwicePerGame = 2;  // CK:172

// "Draw two, plus one for each player" (CK:219).
int territories_in_play(int seats);

// An event card's player-number indicator, "4+" -> 4 (CK:189, 275); nullopt for other text.
std::optional<int> indicator_value(std::string_view indicator);
// "in a 4 player game, the 3+ and 4+ cards are used" (CK:189): a card whose indicator is k+ is in
// the deck when k <= seats.
bool event_in_deck(std::string_view indicator, int seats);
// The indicators whose cards go into the deck, from 3+ (A7.1) up: 4 seats -> {"3+", "4+"}. The
// card data does not say which indicators print on which events (A8); these are the ones allowed.
std::vector<std::string> indicators_in_deck(int seats);

// Where setup puts the three placed events in a deck of E cards, counted from the top (CK:192):
// Welcome to Aurum on top, the Royal Wedding at ceil(E/2) for "about the half-way point" (choice),
// the Royal Feast at the bottom.
EventClock event_clock(int deck_size, int starting_seat);

// Turn t (from 1) is played by seat (s0 + t - 1) mod N: clockwise from the starting player, and no
// seat ever leaves (CK:375).
int seat_for_turn(int turn, int starting_seat, int seats);
// The event drawn on turn t is the t-th from the top, drawn by that turn's seat (CK:200, 763).
// The Royal Feast, drawn on turn E, makes its drawer the first to serve (CK:595).
int feast_drawer(const EventClock& clock, int seats);
int wedding_drawer(const EventClock& clock, int seats);

// Votes (CK:832-840): one each, "plus an additional is awarded to the player(s) with the least"
// (CK:836). What "the least" counts was lost with its icon, and purses are private, so the table
// names the seats (A7.3); `least` may hold several.
std::vector<int> vote_weights(int seats, const std::vector<int>& least);
// The seats holding the least of what the table counted (all of them on a tie).
std::vector<int> seats_with_least(const std::vector<int>& counts);
// The proposal with the most weighted votes; nullopt on a tie or no votes: "no decision is made"
// (CK:838). votes[seat] is the proposal index the seat chose, or -1.
std::optional<int> vote_winner(const std::vector<int>& votes, const std::vector<int>& weights, int proposals);

}  // namespace seneschal::engine::cutthroat
