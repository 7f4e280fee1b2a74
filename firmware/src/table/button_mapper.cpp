#include "seneschal/firmware/table/button_mapper.hpp"
#include "seneschal/engine/prompt_pointer.hpp"
#include "seneschal/base/words.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace seneschal::firmware {
namespace {

constexpr std::array<std::pair<Button, std::string_view>, 8> kNames{{
    {Button::Ok, "OK"},
    {Button::Pass, "PASS"},
    {Button::Undo, "UNDO"},
    {Button::Redo, "REDO"},
    {Button::Up, "UP"},
    {Button::Down, "DOWN"},
    {Button::Menu, "MENU"},
    {Button::Timer, "TIMER"},
}};

bool same_word(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

// A number the buttons can show at this prompt: within its bounds and the buttons' reach.
int counted(const engine::Prompt& prompt, int number) {
  const auto [low, high] = ButtonMapper::number_bounds(prompt);
  return std::clamp(number, low, high);
}

}  // namespace

std::optional<Button> parse_button(std::string_view word) {
  for (const auto& [button, name] : kNames) {
    if (same_word(word, name)) return button;
  }
  return std::nullopt;
}

std::string_view to_string(Button button) {
  for (const auto& [b, name] : kNames) {
    if (b == button) return name;
  }
  return "?";
}

void ButtonMapper::observe(const engine::Prompt& prompt) {
  if (prompt.text == text_ && prompt.options == options_ && prompt.wants_number == wants_number_) return;
  text_ = prompt.text;
  options_ = prompt.options;
  wants_number_ = prompt.wants_number;
  highlight_ = first_row(prompt, resumed_);
  resumed_ = false;
  // A row the prompt chose (a check's Cancel, the likely answer) is picked by OK like one the player moved to: OK
  // does what the screen points at, never the prompt's own OK ("do it anyway").
  // The likely option counts the same, even when it is the first row.
  moved_ = engine::starts_on_its_choice(prompt);
  number_ = start_number(prompt);
  // With nothing else to choose, the number is all there is: UP and DOWN count at once.
  editing_ = wants_number_ && options_.empty();
}

std::pair<int, int> ButtonMapper::number_bounds(const engine::Prompt& prompt) {
  const int low = std::clamp(prompt.number_min, 0, kMaxButtonNumber);
  return {low, std::clamp(prompt.number_max, low, kMaxButtonNumber)};
}

int ButtonMapper::start_number(const engine::Prompt& prompt) { return counted(prompt, prompt.number_start); }

int ButtonMapper::first_row(const engine::Prompt& prompt, bool resumed) {
  // A check starts on Cancel even after a restart: whatever was highlighted before, Cancel is safe.
  // The likely option counts even when it is the first: beside a number row, row 0 is the number.
  if (engine::starts_on_its_choice(prompt)) return prompt.preselected() + (prompt.wants_number ? 1 : 0);
  return resumed ? -1 : 0;
}

// Short enough for the choices column at 800x480: the legend beside it says what UP/DOWN and OK
// do ("set the number", "enter").
std::string ButtonMapper::number_row(bool editing, int number) {
  // TRANSLATORS: the first row of the choices while the arrows count a number ({0}); ▲▼ are the arrow buttons.
  if (editing) return trf("Number: {0} \u25B2\u25BC", number);
  // TRANSLATORS: the first row of the choices when the prompt also takes a number; {0} is where it starts.
  return trf("Set a number ({0})", number);
}

std::vector<std::string> ButtonMapper::rows(const engine::Prompt& prompt) {
  observe(prompt);
  return peek_rows(prompt);
}

std::vector<std::string> ButtonMapper::peek_rows(const engine::Prompt& prompt) const {
  const bool seen = prompt.text == text_ && prompt.options == options_ && prompt.wants_number == wants_number_;
  std::vector<std::string> rows;
  if (prompt.wants_number) {
    // A prompt not taken in yet is as observe() would start it: at its likely number, counting at
    // once when the number is all there is.
    rows.push_back(seen ? number_row(editing_, number_)
                        : number_row(prompt.options.empty(), start_number(prompt)));
  }
  for (const engine::Option& option : prompt.options) rows.push_back(option.label);
  return rows;
}

bool ButtonMapper::editing_number(const engine::Prompt& prompt) {
  observe(prompt);
  return editing_;
}

int ButtonMapper::highlight(const engine::Prompt& prompt) {
  observe(prompt);
  return highlight_;
}

std::string ButtonMapper::highlighted(const engine::Prompt& prompt) {
  const std::vector<std::string> all = rows(prompt);
  return all.empty() || highlight_ < 0 ? std::string() : all[static_cast<std::size_t>(highlight_)];
}

Result<std::optional<engine::Command>> ButtonMapper::press(Button button, const engine::Prompt& prompt,
                                                           bool alarm_ringing, bool held) {
  using Cmd = std::optional<engine::Command>;
  observe(prompt);
  const int offset = wants_number_ ? 1 : 0;
  const int count = static_cast<int>(options_.size()) + offset;
  if (alarm_ringing && (button == Button::Ok || button == Button::Timer)) {
    return Cmd{engine::TimerCommand{engine::TimerCommand::Action::Acknowledge, "", 0}};
  }
  switch (button) {
    case Button::Up:
    case Button::Down:
      if (editing_) {
        const int step = held ? kHeldStep : 1;
        number_ = counted(prompt, number_ + (button == Button::Up ? step : -step));
        moved_ = true;
        return Cmd{};
      }
      // TRANSLATORS: a refusal on the toast; {0} is the button's name as printed on it (UP, DOWN).
      if (count == 0) return fail(trf("{0}: the prompt has no options to move between", to_string(button)));
      if (highlight_ < 0) highlight_ = button == Button::Down ? 0 : count - 1;  // the first press shows one
      else highlight_ = (highlight_ + (button == Button::Down ? 1 : count - 1)) % count;
      moved_ = true;
      return Cmd{};
    case Button::Ok:
      // An untouched number leaves OK its own meaning ("deal 4 damage"): the value stands.
      if (editing_ && !moved_ && !prompt.ok.empty()) return Cmd{engine::Ok{}};
      if (editing_) return Cmd{engine::SetNumber{number_}};
      if (highlight_ < 0 && !editing_) {
        if (!prompt.ok.empty()) return Cmd{engine::Ok{}};
        // TRANSLATORS: a refusal on the toast; UP, DOWN and OK are the buttons' names as printed on them.
        return fail(tr("nothing is highlighted since the restart: UP or DOWN to choose, then OK"));
      }
      if (count > 0 && (moved_ || prompt.ok.empty())) {
        if (wants_number_ && highlight_ == 0) {
          editing_ = true;
          moved_ = true;  // chosen on purpose: OK now enters the number
          return Cmd{};
        }
        const engine::Option& option = options_[static_cast<std::size_t>(highlight_ - offset)];
        return Cmd{engine::Choose{option.label, option.id}};
      }
      if (!prompt.ok.empty()) return Cmd{engine::Ok{}};
      // TRANSLATORS: a refusal on the toast; OK is the button's name, {0} the prompt's words.
      return fail(trf("OK does nothing at \"{0}\"", prompt.text));
    case Button::Pass:
      if (editing_ && !options_.empty()) {
        editing_ = false;  // back to the rows; the prompt itself is not answered
        return Cmd{};
      }
      return Cmd{engine::Pass{}};
    case Button::Undo:
      return Cmd{engine::Undo{}};
    case Button::Redo:
      return Cmd{engine::Redo{}};
    case Button::Menu:
      return Cmd{engine::Menu{}};
    case Button::Timer:
      return Cmd{engine::TimerCommand{}};
  }
  return fail("an unknown button");
}

Button button_of(vision::Control control) {
  switch (control) {
    case vision::Control::Ok: return Button::Ok;
    case vision::Control::Pass: return Button::Pass;
    case vision::Control::Undo: return Button::Undo;
    case vision::Control::Up: return Button::Up;
    case vision::Control::Down: return Button::Down;
    case vision::Control::Timer: return Button::Timer;
    case vision::Control::Menu: return Button::Menu;
  }
  return Button::Ok;
}

}  // namespace seneschal::firmware
