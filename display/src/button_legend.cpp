#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "parts.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

using Entry = LegendPlan::Entry;

// Only buttons that do something now are listed, so the legend never promises what the device
// will not do; MENU always works. The words are the engine's hints; the display only fills in
// what UP/DOWN do, which follows from the prompt's shape.
std::vector<Entry> entries_for(const engine::ViewModel& view) {
  std::vector<Entry> entries;
  const bool ringing = std::any_of(view.timers.begin(), view.timers.end(), [](const auto& t) { return t.alarm; });
  // A ringing alarm takes OK (and TIMER) before the prompt does: say so first.
  // The keys are named as printed on the buttons ("OK", "PASS", "MENU", "TIMER"): never translated.
  // TRANSLATORS: the button legend: what the OK button does while a timer's alarm rings.
  std::string ok = ringing ? tr("stop the alarm") : view.ok_hint;
  // TRANSLATORS: the button legend: OK enters the number set with the arrows.
  if (ok.empty() && view.wants_number) ok = tr("enter");
  // TRANSLATORS: the button legend: OK picks the option the arrow points at.
  if (ok.empty() && !view.prompt_options.empty()) ok = tr("pick");
  // Nothing to decide: the device presses OK itself when the countdown runs out (any key waits).
  if (!ringing && !ok.empty() && view.advance_in_ms) {
    // TRANSLATORS: the button legend: {0} is what OK does ("next turn"), {1} the seconds before
    // the device presses it itself.
    ok = trf("{0} (by itself in {1} s)", ok, (*view.advance_in_ms + 999) / 1000);
  }
  if (!ok.empty()) entries.push_back({"OK", ok});
  if (!view.pass_hint.empty()) entries.push_back({"PASS", view.pass_hint});
  if (view.wants_number) {
    // TRANSLATORS: the button legend: the arrow buttons set the number; held, they step by 5.
    entries.push_back({"\u25B2\u25BC", tr("set the number (held: 5)")});
  } else if (!view.prompt_options.empty()) {
    // TRANSLATORS: the button legend: the arrow buttons move through the options.
    entries.push_back({"\u25B2\u25BC", tr("choose")});
  }
  // TRANSLATORS: the button legend: what the MENU button does.
  entries.push_back({"MENU", view.menu_open ? tr("close the menu")
                                            // TRANSLATORS: the button legend: MENU opens the menu.
                                            : tr("menu")});
  // Once the game is over its timers are over too: the end screen offers no timer to pause. A
  // seat's clock is no sand timer: TIMER pauses the newest sand timer, never the clock.
  const auto sand = std::find_if(view.timers.rbegin(), view.timers.rend(), [](const auto& t) { return t.pausable; });
  if (!ringing && sand != view.timers.rend() && !view.winner) {
    // TRANSLATORS: the button legend: the TIMER button pauses or resumes a sand timer.
    entries.push_back({"TIMER", sand->running ? tr("pause")
                                              // TRANSLATORS: the button legend: TIMER resumes a paused sand timer.
                                              : tr("resume")});
  }
  return entries;
}

float key_pad(unsigned size) { return std::round(static_cast<float>(size) * 0.45f); }
float key_gap(const BoardLayout& layout) { return std::round(8 * layout.scale); }  // between a key and its action

// How wide an entry's key cap and its words are at this size.
struct Widths {
  std::vector<float> keys;
  std::vector<float> actions;
};

Widths widths_of(const Painter& painter, const std::vector<const Entry*>& entries, unsigned size) {
  Widths widths;
  for (const Entry* entry : entries) {
    widths.keys.push_back(std::ceil(painter.measure(from_utf8(entry->key), size, Weight::Bold) + 2 * key_pad(size)));
    widths.actions.push_back(std::ceil(painter.measure(from_utf8(entry->action), size, Weight::Regular)) + 1);
  }
  return widths;
}

// The width of a row's keys and gaps, without the actions' words.
float fixed_width(const BoardLayout& layout, const Widths& widths, float entry_gap) {
  const auto n = static_cast<float>(widths.keys.size());
  return std::accumulate(widths.keys.begin(), widths.keys.end(), 0.f) + n * key_gap(layout) +
         std::max(0.f, n - 1) * entry_gap;
}

std::vector<const Entry*> row_of(const LegendPlan& plan, std::size_t row) {
  std::vector<const Entry*> entries;
  for (const Entry& entry : plan.entries) {
    if (entry.row == row) entries.push_back(&entry);
  }
  return entries;
}

// Fills the rows in order, each with as many entries as fit; false when one still overflows.
bool assign_rows(const Painter& painter, LegendPlan& plan, float room) {
  std::vector<const Entry*> all;
  for (const Entry& entry : plan.entries) all.push_back(&entry);
  const Widths widths = widths_of(painter, all, plan.size);
  const float gap = key_gap(painter.layout());
  std::size_t row = 0;
  float used = 0;  // on the current row
  bool fits = true;
  for (std::size_t i = 0; i < plan.entries.size(); ++i) {
    const float entry = widths.keys[i] + gap + widths.actions[i];
    if (used > 0 && used + plan.entry_gap + entry > room && row + 1 < plan.rows) {
      ++row;
      used = 0;
    }
    used += (used > 0 ? plan.entry_gap : 0) + entry;
    plan.entries[i].row = row;
    fits = fits && used <= room;
  }
  return fits;
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

// The body size on one row reads best; then the small size with less air; then two rows, which
// cost the seat panels a line. Only when even two rows cannot hold them do the words share the
// room and the longest are cut.
LegendPlan plan_legend(const Painter& painter, const engine::ViewModel& view, const std::vector<LegendKey>& own) {
  const BoardLayout& layout = painter.layout();
  const float room = layout.legend.width - layout.padding;
  const float wide = std::round(24 * layout.scale);
  const float tight = std::round(16 * layout.scale);
  LegendPlan plan;
  if (own.empty()) {
    plan.entries = entries_for(view);
  } else {
    for (const LegendKey& key : own) plan.entries.push_back({key.key, key.action});
  }
  const struct {
    unsigned size;
    float gap;
    std::size_t rows;
  } tries[] = {{layout.text.body, wide, 1}, {layout.text.small, tight, 1}, {layout.text.body, wide, 2},
               {layout.text.small, tight, 2}};
  for (const auto& attempt : tries) {
    plan.size = attempt.size;
    plan.entry_gap = attempt.gap;
    plan.rows = attempt.rows;
    if (assign_rows(painter, plan, room)) return plan;
  }
  return plan;  // the last try, cut where it must be
}

void draw_button_legend(const Painter& painter, const LegendPlan& plan) {
  const BoardLayout& layout = painter.layout();
  const sf::FloatRect& strip = layout.legend;
  if (strip.width <= 0 || strip.height <= 0) return;
  painter.region("button legend", strip, {0, 0, static_cast<float>(layout.screen.width), static_cast<float>(layout.screen.height)});

  const unsigned size = plan.size;
  const float pad = key_pad(size);
  const float row_height = std::floor(strip.height / static_cast<float>(plan.rows));
  for (std::size_t r = 0; r < plan.rows; ++r) {
    const std::vector<const Entry*> entries = row_of(plan, r);
    const Widths widths = widths_of(painter, entries, size);
    const std::vector<float> room = share(widths.actions, strip.width - layout.padding - fixed_width(layout, widths, plan.entry_gap));
    const sf::FloatRect band{strip.left, strip.top + static_cast<float>(r) * row_height, strip.width, row_height};
    const float key_height = std::min(band.height, layout.row(size));
    float left = band.left;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      // A key reads as a key: a light cap with its name in dark bold, like the label on the button.
      const sf::FloatRect cap{left, std::round(band.top + (band.height - key_height) / 2), widths.keys[i], key_height};
      painter.fill_pill(cap, palette::keycap);
      painter.text(entries[i]->key, {cap.left + pad, cap.top, cap.width - 2 * pad + 1, cap.height},
                   {size, palette::ink_on(palette::keycap), Weight::Bold, Align::Centre});
      left += widths.keys[i] + key_gap(layout);
      painter.text(entries[i]->action, {left, band.top, room[i], band.height}, {size, palette::text});
      left += room[i] + plan.entry_gap;
    }
  }
}

}  // namespace seneschal::display::detail
