// Hirelings played (CK:281-293, 686-714): a hireling shown in the Action phase, one played by a
// named seat from the MENU with its printed mark, and Venom, which kills one as it is played.
//
// A hireling's front says either "This card may be played by the current player only." or "Play
// this card on any player's turn." (CK:287-289). The card data cannot tell which: of the four
// hirelings the tome names, the Assassin (CK:690) and the Taster (CK:606) are played out of turn
// in its examples, the Sneak and the Watchman only by the player whose turn it is, and the other
// hirelings have no entry at all. So the table reads the mark off the card where it is played.
#include "ck_flows.hpp"

namespace seneschal::engine::cutthroat {
namespace {

constexpr const char* kAnyTurn = N_("Mark: any player's turn");
constexpr const char* kAnyTurnId = "mark:any";
constexpr const char* kCurrentOnly = N_("Mark: current player only");
constexpr const char* kCurrentOnlyId = "mark:current";

// "the Sneak", or "a hireling" when no card was scanned, in the language set.
std::string hireling_words(const std::string& title) {
  // TRANSLATORS: {0} a hireling card's title: "the Sneak", as in "Ann plays the Sneak".
  return title.empty() ? std::string(tr("a hireling")) : trf("the {0}", title);
}

void played(Table& table, const std::string& words) {
  ++table.books().piles.hireling_discard;
  table.data.hireling_in_play = words;
}

}  // namespace

std::string hireling_played(Table& table, const PresentCard& present) {
  played(table, hireling_words(table.title(present.card_id)));
  // The camera cannot tell whose hand it came from: the seat is the table's (MENU names it, CK-41).
  table.log(trf("{0} is played (its effect at the table; MENU for a Sneak's)", table.title(present.card_id)));
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
      table.refuse(trf("{0} is no hireling: scan the hireling played, or tell its mark", table.title(present->card_id)));
    }
    play.title = table.title(present->card_id);
    return "hireling_named";
  }
  const auto* choose = std::get_if<Choose>(&command);
  if (!choose || (!chose_option(*choose, kAnyTurnId, kAnyTurn) && !chose_option(*choose, kCurrentOnlyId, kCurrentOnly))) {
    table.refuse(tr("tell the mark printed on the hireling, or PASS"));
  }
  const int acting = table.acting();
  const bool current_only = chose_option(*choose, kCurrentOnlyId, kCurrentOnly);
  const std::string words = hireling_words(play.title);
  table.check(!current_only || play.seat == acting,
              play.title.empty()
                  ? trf("A hireling is played by the current player only, and it is {0}'s turn", table.name(acting))
                  : trf("The {0} is played by the current player only, and it is {1}'s turn", play.title,
                        table.name(acting)));
  const int seat = play.seat;
  table.data.hireling_play.reset();
  played(table, words);
  // TRANSLATORS: {1} "the Sneak" or "a hireling".
  table.log(current_only ? trf("{0} plays {1} (current player only): its effect at the table", table.name(seat), words)
                         : trf("{0} plays {1} (any player's turn): its effect at the table", table.name(seat), words));
  return "hireling_played";
}

Prompt hireling_play_prompt(const Table& table) {
  const HirelingPlay& play = *table.data.hireling_play;
  Prompt prompt;
  prompt.seat = play.seat;
  prompt.takes_cards = true;
  // TRANSLATORS: {1} "the Sneak" or "a hireling".
  prompt.text = play.title.empty()
                    ? trf("{0} plays {1} (scan it): its printed mark?", table.name(play.seat), hireling_words(play.title))
                    : trf("{0} plays {1}: its printed mark?", table.name(play.seat), hireling_words(play.title));
  prompt.add(say(kAnyTurn), kAnyTurnId);
  prompt.add(say(kCurrentOnly), kCurrentOnlyId);
  prompt.pass = tr("call it off");
  return prompt;
}

// CK-40: "Twice per game, kill a hireling card as it is played (canceling its effects)" (CK:914).
std::string venom(const Table& table, Reasons& reasons) {
  const std::string& victim = table.hireling_before;
  reasons.unless(!victim.empty(), tr("Venom kills a hireling as it is played: no hireling was just played"));
  return victim.empty() ? std::string(tr("a hireling")) : victim;
}

}  // namespace seneschal::engine::cutthroat
