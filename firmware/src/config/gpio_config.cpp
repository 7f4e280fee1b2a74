#include "seneschal/firmware/config/gpio_config.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>

namespace seneschal::firmware {
namespace {

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

// Lines above this are no Pi's; a typo like 177 is caught here, not by the chip.
constexpr unsigned kMaxLine = 63;

Result<unsigned> parse_line_number(std::string_view text) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value > kMaxLine) {
    return fail(fmt::format("\"{}\" is not a GPIO line number (BCM 0-{})", text, kMaxLine));
  }
  return value;
}

}  // namespace

std::map<Button, unsigned> default_gpio_lines() {
  return {{Button::Ok, 17},   {Button::Pass, 27}, {Button::Undo, 22}, {Button::Up, 23},
          {Button::Down, 24}, {Button::Menu, 5},  {Button::Timer, 25}};
}

const std::vector<std::string>& known_pi_chip_labels() {
  static const std::vector<std::string> labels{"pinctrl-bcm2711", "pinctrl-rp1", "pinctrl-bcm2835"};
  return labels;
}

Result<std::map<Button, unsigned>> parse_gpio_lines(std::string_view text) {
  std::map<Button, unsigned> lines;
  if (trim(text).empty()) return fail("the GPIO line map is empty (expected e.g. \"ok=17,pass=27\")");
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = std::min(text.find(',', start), text.size());
    const std::string_view item = trim(text.substr(start, comma - start));
    start = comma + 1;
    const auto where = fmt::format("GPIO line map item \"{}\"", item);
    const auto equals = item.find('=');
    if (equals == std::string_view::npos) return fail(where + ": expected BUTTON=LINE, e.g. ok=17");
    const std::string_view name = trim(item.substr(0, equals));
    const auto button = parse_button(name);
    if (!button) {
      return fail(fmt::format("{}: no button is called \"{}\" (OK PASS UNDO REDO UP DOWN MENU TIMER)", where, name));
    }
    const auto line = parse_line_number(trim(item.substr(equals + 1)));
    if (!line) return fail(where + ": " + line.error().message);
    if (lines.count(*button)) return fail(fmt::format("{}: {} is given a line twice", where, to_string(*button)));
    for (const auto& [other, number] : lines) {
      if (number == *line) {
        return fail(fmt::format("{}: line {} is already {}'s", where, number, to_string(other)));
      }
    }
    lines[*button] = *line;
  }
  return lines;
}

Result<void> check_gpio_config(const GpioConfig& config) {
  std::map<unsigned, std::string> users;
  auto claim = [&](unsigned line, std::string user) -> Result<void> {
    const auto [it, fresh] = users.emplace(line, user);
    if (!fresh) return fail(fmt::format("GPIO line {} is given to both {} and {}", line, it->second, user));
    return {};
  };
  for (const auto& [button, line] : config.lines) {
    if (auto ok = claim(line, std::string(to_string(button))); !ok) return ok;
  }
  if (config.buzzer_line) {
    if (auto ok = claim(*config.buzzer_line, "the buzzer"); !ok) return ok;
  }
  if (config.led_line) {
    if (auto ok = claim(*config.led_line, "the LED"); !ok) return ok;
  }
  if (config.debounce_ms < 0 || config.long_press_ms <= config.debounce_ms) {
    return fail(fmt::format("GPIO timing: want 0 <= debounce ({} ms) < long press ({} ms)", config.debounce_ms,
                            config.long_press_ms));
  }
  return {};
}

}  // namespace seneschal::firmware
