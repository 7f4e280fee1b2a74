#pragma once
// What the device is asking the table right now. An option has the label players see (a castle's
// title, "Do it anyway") and an id the log keeps, so rewording a label never breaks a saved game;
// a script's `choose "Border Keep"` names the label, a button picks one with UP/DOWN and OK.
// Labels are in the language set (words.hpp); the id is made from the English, so a log is the
// same in every language, and a script's English `choose` finds the option in any language.

#include <string>
#include <utility>
#include <vector>

#include "seneschal/base/words.hpp"

namespace seneschal::engine {

struct Option {
  Option() = default;
  Option(std::string id_, std::string label_, std::string en_ = {})
      : id(std::move(id_)), label(std::move(label_)), en(std::move(en_)) {}
  std::string id;     // stable: what the log stores ("cancel", "name:BORDER-KEEP")
  std::string label;  // what the screen shows, unique within the prompt
  std::string en;     // the label in English, when it is in another language; empty: the label
  bool operator==(const Option&) const = default;
};

struct Prompt {
  std::string text;             // "Mark: pay 1 food for Hektor - from which castle?"
  std::vector<Option> options;  // each label unique within the prompt
  bool wants_number = false;    // answered with SetNumber ("set 3")
  int number_min = 0;           // a number's bounds, both included
  int number_max = 999;
  // Where the number starts: the likely answer (a territory's income told before, a proposal's
  // fair share), so that one OK takes it. Within the bounds.
  int number_start = 0;
  std::string ok;               // what OK does here, empty when OK does nothing
  std::string pass;             // what PASS does here, empty when PASS does nothing
  bool takes_cards = false;     // a card shown now is an answer or an action
  int seat = -1;                // whose answer this waits for (a vote, a defender); -1: the table's
  // Nothing to decide: OK only moves the game on (Spring straightens, an empty phase). The daemon
  // presses OK itself after a countdown any button stops (TableDriver::watch_idle). A phase in
  // which the players act with their hands (drawing, exchanging) is not idle: it waits for them.
  bool idle = false;
  // The option the table most probably means (the card just laid, the only legal target, the seat
  // whose turn it is, the last answer to the same question): the highlight starts on it, so one OK
  // takes it. -1: none, the highlight starts on the first. A check's Cancel outranks it.
  int likely = -1;

  bool has_option(const std::string& label) const { return find_label(label) != nullptr; }
  // By the label shown, or by its English.
  const Option* find_label(const std::string& label) const;
  const Option* find_id(const std::string& id) const;
  std::vector<std::string> labels() const;
  // The option the pointer starts on: a check's Cancel, never its "Do it anyway", so that a stray
  // OK cannot override the rulebook; else the likely option; else the first. Where it is not the
  // first, OK answers with the option pointed at rather than with `ok` (the legend then says
  // "pick", not "do it anyway").
  int preselected() const;
  // Adds an option; its id is given, or made from the English label (see option_id_of). Words
  // for what is said (say("Attack with {0}", title)); a plain string for what is the same in
  // every language (a name, a card's title).
  void add(const Words& label, std::string id = {});
  void add(std::string label, std::string id = {});
};

// The id an option gets when its module names none: its label in tag-id form ("Border Keep" ->
// "BORDER-KEEP"), which holds for cards, castles and seats, whose names do not change.
std::string option_id_of(const std::string& label);

}  // namespace seneschal::engine
