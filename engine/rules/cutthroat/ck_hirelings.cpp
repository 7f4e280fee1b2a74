// Hirelings played (CK:281-293, 686-714): a hireling shown in the Action phase, one played by a
// named seat from the MENU with its printed mark, and Venom, which kills one as it is played.
//
// A hireling's front says either "This card may be played by the current player only." or "Play
// this card on any player's turn." (CK:287-289). The card data cannot tell which: of the four
// hirelings the tome names, the Assassin (CK:690) and the Taster (CK:606) are played out of turn
// in its examples, the Sneak and the Watchman only by the player whose turn it is, and the other
// hirelings have no entry at all. So the table reads the mark off the card where it is played.
#include <cctype>

#include "ck_flows.hpp"

namespace seneschal::engine::cutthroat {
namespace {

constexpr const char* kAnyTurn = "Mark: any player's turn";
constexpr const char* kCurrentOnly = "Mark: current player only";

// "the Sneak", or "a hireling" when no card was scanned.
std::string hireling_words(const std::string& title) { return title.empty() ? "a hireling" : "the " + title; }

void played(Table& table, const std::string& words) {
  ++table.books().piles.hireling_discard;
  table.data.hireling_in_play = words;
}

}  // namespace

std::string hireling_played(Table& table, const PresentCard& present) {
  played(table, hireling_words(table.title(present.card_id)));
  // The camera cannot tell whose hand it came from: the seat is the table's (MENU names it, CK-41).
  table.log(table.title(present.card_id) + " is played (its effect at the table; MENU for a Sneak's)");
  return "hireling_played";
}

void begin_hireling_play(Table& table, int seat) { table.data.hireling_play = HirelingPlay{seat, {}}; }

// CK-41: a card "played by the current player only" (CK:287) played on another seat's turn.
std::string hireling_play_step(Table& table, const Command& command) {
  HirelingPlay& play = *table.data.hireling_play;
  if (std::holds_alternative<Pass>(command)) {
    table.data.hireling_play.reset();
    return "hireling_called_off";
  }
  if (const auto* present = std::get_if<PresentCard>(&command)) {
    if (table.type(present->card_id) != "hireling") {
      table.refuse(table.title(present->card_id) + " is no hireling: scan the hireling played, or tell its mark");
    }
    play.title = table.title(present->card_id);
    return "hireling_named";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose || (choose->label != kAnyTurn && choose->label != kCurrentOnly)) {
    table.refuse("tell the mark printed on the hireling, or PASS");
  }
  const int acting = table.acting();
  const bool current_only = choose->label == kCurrentOnly;
  const std::string words = hireling_words(play.title);
  std::string what = words;
  what[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(what[0])));
  table.check(!current_only || play.seat == acting,
              what + " is played by the current player only, and it is " + table.name(acting) + "'s turn");
  const int seat = play.seat;
  table.data.hireling_play.reset();
  played(table, words);
  table.log(table.name(seat) + " plays " + words + (current_only ? " (current player only)" : " (any player's turn)") +
            ": its effect at the table");
  return "hireling_played";
}

Prompt hireling_play_prompt(const Table& table) {
  const HirelingPlay& play = *table.data.hireling_play;
  Prompt prompt;
  prompt.seat = play.seat;
  prompt.takes_cards = true;
  prompt.text = table.name(play.seat) + " plays " + hireling_words(play.title) +
                (play.title.empty() ? " (scan it)" : "") + ": its printed mark?";
  prompt.add(kAnyTurn, "mark:any");
  prompt.add(kCurrentOnly, "mark:current");
  prompt.pass = "call it off";
  return prompt;
}

// CK-40: "Twice per game, kill a hireling card as it is played (canceling its effects)" (CK:914).
std::string venom(const Table& table, Reasons& reasons) {
  const std::string& victim = table.hireling_before;
  reasons.unless(!victim.empty(), "Venom kills a hireling as it is played: no hireling was just played");
  return ": " + (victim.empty() ? std::string("a hireling") : victim) + " is killed as it is played, its effect cancelled";
}

}  // namespace seneschal::engine::cutthroat
