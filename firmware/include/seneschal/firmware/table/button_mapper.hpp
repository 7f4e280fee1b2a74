#pragma once
// From a button (GPIO, keyboard, a control tag, a script's `press`) to an engine command. The
// device has few buttons and prompts with many options, so the mapper keeps which option is
// highlighted: UP and DOWN move it, OK picks it. The daemon and the table script share this
// class, so a script's `press DOWN` / `press OK` does exactly what the buttons would.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "seneschal/base/result.hpp"
#include "seneschal/engine/command.hpp"
#include "seneschal/engine/prompt.hpp"
#include "seneschal/vision/tag.hpp"

namespace seneschal::firmware {

enum class Button { Ok, Pass, Undo, Redo, Up, Down, Menu, Timer };

// "OK", "PASS", ... (case-insensitive); empty when the word names no button.
std::optional<Button> parse_button(std::string_view word);
std::string_view to_string(Button button);
// The button a control tag stands for.
Button button_of(vision::Control control);

class ButtonMapper {
 public:
  // What a press means at this prompt: a command for the engine, or nothing when the press only
  // moved the highlight. An error says why the press does nothing here (TIMER before timers
  // exist, OK where OK has no meaning); the caller shows it, nothing changes.
  //
  // OK: the highlighted option once the player has moved the highlight, else the prompt's own OK
  // meaning ("keep hand", "do it anyway"), else the highlighted option. Moving to "Mulligan" or
  // "Cancel" and pressing OK must pick what is shown highlighted, never the prompt's default. A
  // rules check starts on Cancel (Prompt::preselected), which OK picks like a row the player moved
  // to: a stray OK never overrides the rulebook.
  //
  // A prompt that wants a number ("Hektor's Strength?") gets a first row, the number, before its
  // options. OK on that row (or at once, when there are no options) starts editing it: UP and
  // DOWN then count up and down (held, kHeldStep at a time: a purse of 30 is six holds, not
  // thirty presses), OK enters the number, PASS goes back to the rows. The count starts at the
  // prompt's likely number and stays within its bounds. Held anywhere else, UP and DOWN move one row.
  //
  // TIMER is the sand timer's button. While an alarm rings, OK stops it too: nobody should
  // have to find the right button to silence the table.
  Result<std::optional<engine::Command>> press(Button button, const engine::Prompt& prompt,
                                               bool alarm_ringing = false, bool held = false);
  // Where the count starts at a prompt that wants a number: its likely number, within its bounds
  // and the buttons' reach.
  static int start_number(const engine::Prompt& prompt);
  // The numbers the buttons count between at this prompt: its bounds, within 0..kMaxButtonNumber.
  static std::pair<int, int> number_bounds(const engine::Prompt& prompt);

  // After a restart the prompt open before it shows no highlight until UP or DOWN is pressed, and
  // OK there means only the prompt's own OK: the row highlighted before the restart is not known,
  // and an OK meant for it must not pick another (pay from another castle). Prompts after it
  // start at their first row as always.
  void resumed() { resumed_ = true; }

  // The highlighted row of this prompt (0 when the prompt is new to the mapper; -1 for none).
  int highlight(const engine::Prompt& prompt);
  // The same without taking the prompt in: 0 for a prompt the mapper has not seen.
  int peek_highlight(const engine::Prompt& prompt) const {
    return prompt.text == text_ && prompt.options == options_ && prompt.wants_number == wants_number_
               ? highlight_
               : first_row(prompt, resumed_);
  }
  // The highlighted label, or "" when the prompt has no rows.
  std::string highlighted(const engine::Prompt& prompt);
  // The rows UP/DOWN move between: the number row first when the prompt wants a number.
  std::vector<std::string> rows(const engine::Prompt& prompt);
  // The same without taking the prompt in (a saved state, a transcript line).
  std::vector<std::string> peek_rows(const engine::Prompt& prompt) const;
  bool editing_number(const engine::Prompt& prompt);

 private:
  // A different prompt (text or options) starts again at its first row.
  void observe(const engine::Prompt& prompt);
  static std::string number_row(bool editing, int number);
  // Where the pointer starts at a prompt new to the mapper: its preselected option (a check's
  // Cancel), else the first row, or none just after a restart.
  static int first_row(const engine::Prompt& prompt, bool resumed);

  std::string text_;
  std::vector<engine::Option> options_;
  bool wants_number_ = false;
  int highlight_ = 0;
  bool moved_ = false;    // UP/DOWN were pressed at this prompt
  bool editing_ = false;  // UP/DOWN change the number
  int number_ = 0;
  bool resumed_ = false;  // the next prompt is the one open before a restart
};

// The largest number the buttons count up to; a script's `set` may give any.
inline constexpr int kMaxButtonNumber = 99;
// What a held UP or DOWN counts by: 5, a silver coin, so most purses and totals are a few holds.
inline constexpr int kHeldStep = 5;

}  // namespace seneschal::firmware
