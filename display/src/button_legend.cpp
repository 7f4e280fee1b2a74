#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "parts.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

struct Entry {
  std::string key;     // the button's name, as printed on it
  std::string action;  // what it does now
};

// Only buttons that do something now are listed, so the legend never promises what the device
// will not do; MENU always works. The words are the engine's hints; the display only fills in
// what UP/DOWN do, which follows from the prompt's shape.
std::vector<Entry> entries_for(const engine::ViewModel& view) {
  std::vector<Entry> entries;
  const bool ringing = std::any_of(view.timers.begin(), view.timers.end(), [](const auto& t) { return t.alarm; });
  // A ringing alarm takes OK (and TIMER) before the prompt does: say so first.
  std::string ok = ringing ? "stop the alarm" : view.ok_hint;
  if (ok.empty() && view.wants_number) ok = "enter";
  if (ok.empty() && !view.prompt_options.empty()) ok = "pick";
  if (!ok.empty()) entries.push_back({"OK", ok});
  if (!view.pass_hint.empty()) entries.push_back({"PASS", view.pass_hint});
  if (view.wants_number) {
    entries.push_back({"\u25B2\u25BC", "set the number"});
  } else if (!view.prompt_options.empty()) {
    entries.push_back({"\u25B2\u25BC", "choose"});
  }
  entries.push_back({"MENU", view.menu_open ? "close the menu" : "menu"});
  if (!ringing && !view.timers.empty()) entries.push_back({"TIMER", view.timers.back().running ? "pause" : "resume"});
  return entries;
}

// Shares `room` out among wants: everyone gets what they want if it fits, else the shortest
// are served in full and the longest share what is left equally.
std::vector<float> share(const std::vector<float>& wants, float room) {
  std::vector<std::size_t> order(wants.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return wants[a] < wants[b]; });
  std::vector<float> given(wants.size(), 0);
  float left = std::max(0.f, room);
  for (std::size_t i = 0; i < order.size(); ++i) {
    const float fair = left / static_cast<float>(order.size() - i);
    given[order[i]] = std::floor(std::min(wants[order[i]], fair));
    left -= given[order[i]];
  }
  return given;
}

}  // namespace

void draw_button_legend(const Painter& painter, const engine::ViewModel& view) {
  const BoardLayout& layout = painter.layout();
  const sf::FloatRect& strip = layout.legend;
  if (strip.width <= 0 || strip.height <= 0) return;
  painter.region("button legend", strip, {0, 0, static_cast<float>(layout.screen.width), static_cast<float>(layout.screen.height)});

  const std::vector<Entry> entries = entries_for(view);
  const unsigned size = layout.text.body;
  const float key_pad = std::round(static_cast<float>(size) * 0.45f);
  const float key_gap = std::round(8 * layout.scale);    // between a key and its action
  const float entry_gap = std::round(24 * layout.scale); // between one entry and the next
  std::vector<float> keys;
  std::vector<float> actions;
  for (const Entry& entry : entries) {
    keys.push_back(std::ceil(painter.measure(from_utf8(entry.key), size, Weight::Bold) + 2 * key_pad));
    actions.push_back(std::ceil(painter.measure(from_utf8(entry.action), size, Weight::Regular)) + 1);
  }
  const float fixed = std::accumulate(keys.begin(), keys.end(), 0.f) +
                      static_cast<float>(entries.size()) * key_gap + static_cast<float>(entries.size() - 1) * entry_gap;
  const std::vector<float> room = share(actions, strip.width - layout.padding - fixed);

  const float key_height = std::min(strip.height, layout.row(size));
  float left = strip.left;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    // A key reads as a key: a light cap with its name in dark bold, like the label on the button.
    const sf::FloatRect cap{left, std::round(strip.top + (strip.height - key_height) / 2), keys[i], key_height};
    painter.fill_pill(cap, palette::keycap);
    painter.text(entries[i].key, {cap.left + key_pad, cap.top, cap.width - 2 * key_pad + 1, cap.height},
                 {size, palette::ink_on(palette::keycap), Weight::Bold, Align::Centre});
    left += keys[i] + key_gap;
    painter.text(entries[i].action, {left, strip.top, room[i], strip.height}, {size, palette::text});
    left += room[i] + entry_gap;
  }
}

}  // namespace seneschal::display::detail
