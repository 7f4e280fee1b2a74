#pragma once
// Whether the pointer starts on a row the prompt itself chose: a check's Cancel, or the likely
// answer (even when that is the first row). Then OK picks what the pointer shows rather than the
// prompt's own OK meaning, and the legend must not promise that meaning. The buttons, the screen's
// legend and the friction bench all ask this one question.

#include "seneschal/engine/prompt.hpp"

namespace seneschal::engine {

inline bool starts_on_its_choice(const Prompt& prompt) {
  const int start = prompt.preselected();
  return start > 0 || (prompt.likely >= 0 && start == prompt.likely);
}

}  // namespace seneschal::engine
