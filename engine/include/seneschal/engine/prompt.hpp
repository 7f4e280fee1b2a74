#pragma once
// What the device is asking the table right now. Options carry the labels players see (castle
// titles, hero titles, seat names); a script's `choose "Border Keep"` names one of them, a
// button picks one with UP/DOWN and OK.

#include <string>
#include <vector>

namespace seneschal::engine {

struct Prompt {
  std::string text;                  // "Mark: pay 1 food for Hektor - from which castle?"
  std::vector<std::string> options;  // labels, each unique within the prompt
  bool wants_number = false;         // answered with SetNumber ("set 3")
  std::string ok;                    // what OK does here, empty when OK does nothing
  std::string pass;                  // what PASS does here, empty when PASS does nothing
  bool takes_cards = false;          // a card shown now is an answer or an action

  bool has_option(const std::string& label) const {
    for (const std::string& option : options) {
      if (option == label) return true;
    }
    return false;
  }
};

}  // namespace seneschal::engine
