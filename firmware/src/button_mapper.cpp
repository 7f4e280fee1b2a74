#include "seneschal/firmware/button_mapper.hpp"

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
  if (prompt.text == text_ && prompt.options == options_) return;
  text_ = prompt.text;
  options_ = prompt.options;
  highlight_ = 0;
  moved_ = false;
}

int ButtonMapper::highlight(const engine::Prompt& prompt) {
  observe(prompt);
  return highlight_;
}

std::string ButtonMapper::highlighted(const engine::Prompt& prompt) {
  observe(prompt);
  return options_.empty() ? std::string() : options_[static_cast<std::size_t>(highlight_)];
}

Result<std::optional<engine::Command>> ButtonMapper::press(Button button, const engine::Prompt& prompt) {
  observe(prompt);
  const int count = static_cast<int>(options_.size());
  switch (button) {
    case Button::Up:
    case Button::Down:
      if (count == 0) return fail(std::string(to_string(button)) + ": the prompt has no options to move between");
      highlight_ = (highlight_ + (button == Button::Down ? 1 : count - 1)) % count;
      moved_ = true;
      return std::optional<engine::Command>{};
    case Button::Ok:
      if (count > 0 && (moved_ || prompt.ok.empty())) {
        return std::optional<engine::Command>{engine::Choose{options_[static_cast<std::size_t>(highlight_)]}};
      }
      if (!prompt.ok.empty()) return std::optional<engine::Command>{engine::Ok{}};
      return fail("OK does nothing at \"" + prompt.text + "\"");
    case Button::Pass:
      return std::optional<engine::Command>{engine::Pass{}};
    case Button::Undo:
      return std::optional<engine::Command>{engine::Undo{}};
    case Button::Redo:
      return std::optional<engine::Command>{engine::Redo{}};
    case Button::Menu:
      return std::optional<engine::Command>{engine::Menu{}};
    case Button::Timer:
      return fail("timers are not kept yet (issue [5/6])");
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
