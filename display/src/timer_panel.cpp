#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "parts.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/clock.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// The section's measures, scaled; kept in one place so the heights reported to the column
// are the ones drawn.
struct Measures {
  float edge;     // frame plus padding, each side
  float row;      // name, status and small-timer rows
  float gap;      // between the ring and what is beside or under it
  float ring_min; // the smallest ring: its digits still read at arm's length
  float ring_max; // the largest: past it the digits would outgrow the column's text
  // The glance page reads the digits from the chairs, at the key size: in the ring only when its
  // hollow holds "12:00" at that size (a ring five times the key size across), else beside a
  // small ring.
  bool glance;
  float digits_row;   // the digits' row beside the ring (glance), 0 when they are inside it
  float stacked_min;  // the least ring drawn large with the words under it

  explicit Measures(const BoardLayout& l)
      : edge(l.stroke(2) + l.padding),
        row(l.row(l.text.body)),
        gap(std::round(6 * l.scale)),
        ring_min(std::round(96 * l.scale)),
        ring_max(std::round(200 * l.scale)),
        glance(l.page == Page::Glance),
        digits_row(glance ? l.row(l.text.key) : 0),
        stacked_min(glance ? std::max(ring_min * 1.25f, std::round(static_cast<float>(l.text.key) * 5.f))
                           : ring_min * 1.25f) {}
};

struct Look {
  sf::Color fill;
  sf::Color ink;     // names and labels
  sf::Color arc;     // the ring and the digits
  sf::Color track;   // the ring's spent part
};

Look look_of(const engine::TimerView& timer, std::int64_t now_ms) {
  if (timer.alarm) {
    // Both flash colours are light enough for dark text, so only the fill changes and the
    // words hold still.
    const sf::Color fill = alarm_flash_phase(now_ms) ? palette::alarm_second : palette::alarm_first;
    const sf::Color ink = palette::ink_on(fill);
    return {fill, ink, ink, ink};
  }
  const sf::Color arc = !timer.running                      ? palette::text_muted
                        : timer.remaining_ms <= kUrgentMs ? palette::urgent
                                                          : palette::timer;
  return {palette::panel, palette::text, arc, palette::ring_track};
}

std::string status_of(const engine::TimerView& timer) {
  // TRANSLATORS: under a ringing timer; OK is the button's name as printed on it.
  if (timer.alarm) return tr("OK to stop the alarm");
  // TRANSLATORS: a sand timer that is not running.
  return timer.running ? "" : tr("paused");
}

void draw_ring(const Painter& painter, const engine::TimerView& timer, const Look& look, sf::Vector2f centre,
               float diameter, const sf::FloatRect& container, bool digits_inside = true) {
  const BoardLayout& layout = painter.layout();
  const float radius = diameter / 2;
  const float thickness = std::max(layout.stroke(6), std::round(diameter * 0.09f));
  painter.region("timer ring", {centre.x - radius, centre.y - radius, diameter, diameter}, container);
  painter.ring(centre, radius, thickness, 1, look.track);
  if (!timer.alarm) painter.ring(centre, radius, thickness, remaining_fraction(timer), look.arc);
  if (!digits_inside) return;

  // The digits fill the ring's hollow; "Time!" replaces them once the time is out.
  const float hollow = (radius - thickness) * 2 * 0.86f;
  const unsigned least = layout.page == Page::Glance ? layout.text.key : layout.text.body;
  const auto size = static_cast<unsigned>(std::max<float>(static_cast<float>(least), std::round(diameter * 0.3f)));
  const float height = std::min(hollow, layout.row(size));
  // TRANSLATORS: in a sand timer's ring, instead of its digits, once its time is out.
  const std::string digits = timer.alarm ? std::string(tr("Time!")) : clock_text(timer.remaining_ms);
  painter.text(digits, {std::round(centre.x - hollow / 2), std::round(centre.y - height / 2), std::floor(hollow), std::floor(height)},
               {size, look.arc, Weight::Bold, Align::Centre, layout.text.body});
}

// "Vote ........ 1:20", with "paused" before the time when it is; the time gets its room first.
void draw_small_timer(const Painter& painter, const engine::TimerView& timer, const Look& panel_look,
                      const sf::FloatRect& box) {
  const BoardLayout& layout = painter.layout();
  const bool in_alarm_panel = panel_look.fill != palette::panel;
  const Look own = look_of(timer, 0);
  const sf::Color time_colour = in_alarm_panel ? panel_look.ink : own.arc;
  const sf::Color label_colour = in_alarm_panel ? panel_look.ink : palette::text_secondary;
  const std::string time = timer.alarm ? std::string(tr("Time!")) : clock_text(timer.remaining_ms);
  float right = box.left + box.width;
  right -= painter.text(time, box, {layout.text.body, time_colour, Weight::Bold, Align::Right});
  const float gap = std::round(6 * layout.scale);
  if (!timer.running && !timer.alarm && right - box.left > 0) {
    const sf::String paused = from_utf8(tr("paused"));
    if (painter.measure(paused, layout.text.small, Weight::Regular) + gap <= (right - box.left) * 0.5f) {
      right -= gap + painter.text(paused, {box.left, box.top, right - gap - box.left, box.height},
                                  {layout.text.small, label_colour, Weight::Regular, Align::Right});
    }
  }
  if (right - gap > box.left) {
    painter.text(timer.name, {box.left, box.top, right - gap - box.left, box.height}, {layout.text.body, panel_look.ink});
  }
}

// Rows for the other timers from `top` down to `bottom`; when they do not all fit, the last
// row counts the rest.
void draw_others(const Painter& painter, const engine::ViewModel& view, const std::vector<std::size_t>& order,
                 const Look& look, float left, float width, float top, float bottom, float row) {
  const BoardLayout& layout = painter.layout();
  const std::size_t others = order.size() - 1;
  const auto room = static_cast<std::size_t>(std::max(0.f, std::floor((bottom - top) / row)));
  const std::size_t shown = room >= others ? others : (room > 0 ? room - 1 : 0);
  for (std::size_t i = 0; i < shown; ++i) {
    draw_small_timer(painter, view.timers[order[i + 1]], look, {left, top + static_cast<float>(i) * row, width, row});
  }
  if (shown < others && room > 0) {
    // TRANSLATORS: the last row of the timers that do not fit: "+2 timers".
    const std::string more = trn("+{0} timer", "+{0} timers", static_cast<long>(others - shown), others - shown);
    painter.text(more, {left, top + static_cast<float>(shown) * row, width, row},
                 {layout.text.small, look.ink, Weight::Bold});
  }
}

// The alarm's instruction may need two lines in a narrow column; the ring makes room for them.
float status_rows(const std::vector<engine::TimerView>& timers) {
  return std::any_of(timers.begin(), timers.end(), [](const auto& t) { return t.alarm; }) ? 2 : 1;
}

}  // namespace

float timers_min_height(const BoardLayout& layout, const engine::ViewModel& view) {
  if (view.timers.empty()) return 0;
  const Measures m(layout);
  // Beside the ring: the name, the digits on the glance page, two status lines ("OK to stop /
  // the alarm") and, when there are other timers, at least the line that counts them.
  const float rows = view.timers.size() > 1 ? 4 : 3;
  return std::ceil(2 * m.edge + std::max(m.ring_min, rows * m.row + m.digits_row));
}

float timers_max_height(const BoardLayout& layout, const engine::ViewModel& view, float width) {
  if (view.timers.empty()) return 0;
  const Measures m(layout);
  const float ring = std::min(m.ring_max, width - 2 * m.edge);
  const auto others = static_cast<float>(view.timers.size() - 1);
  return std::ceil(2 * m.edge + m.row + ring + m.gap + status_rows(view.timers) * m.row + others * m.row);
}

void draw_timers(const Painter& painter, const engine::ViewModel& view, const sf::FloatRect& box) {
  if (view.timers.empty()) return;
  const BoardLayout& layout = painter.layout();
  const Measures m(layout);
  const std::vector<std::size_t> order = timers_by_urgency(view.timers);
  const engine::TimerView& main = view.timers[order.front()];
  const Look look = look_of(main, view.now_ms);

  painter.region("timers", box, layout.column);
  painter.fill(box, look.fill);
  if (!main.alarm) painter.frame(box, layout.stroke(2), palette::panel_border);
  const sf::FloatRect inner{box.left + m.edge, box.top + m.edge, box.width - 2 * m.edge, box.height - 2 * m.edge};
  if (inner.width <= 0 || inner.height <= 0) return;
  const float bottom = inner.top + inner.height;
  const std::string status = status_of(main);
  const auto others = static_cast<float>(order.size() - 1);

  // Stacked when the ring can be big: name, ring, status, then the other timers.
  const std::vector<sf::String> lines = painter.wrap(status, layout.text.body, Weight::Bold, inner.width, 2);
  const float status_height = static_cast<float>(std::max<std::size_t>(1, lines.size())) * m.row;
  const float stacked_ring = std::min({m.ring_max, inner.width, inner.height - m.row - m.gap - status_height - others * m.row});
  if (stacked_ring >= m.stacked_min) {
    painter.text(main.name, {inner.left, inner.top, inner.width, m.row}, {layout.text.body, look.ink, Weight::Bold, Align::Centre});
    const float ring_top = inner.top + m.row;
    draw_ring(painter, main, look, {inner.left + inner.width / 2, ring_top + stacked_ring / 2}, stacked_ring, inner);
    float top = ring_top + stacked_ring + m.gap;
    for (const sf::String& line : lines) {
      painter.text(line, {inner.left, top, inner.width, m.row}, {layout.text.body, look.ink, Weight::Bold, Align::Centre});
      top += m.row;
    }
    draw_others(painter, view, order, look, inner.left, inner.width, ring_top + stacked_ring + m.gap + status_height, bottom, m.row);
    return;
  }

  // Compact: the smallest ring at the left, so the words beside it ("OK to stop / the alarm")
  // have the room to be read whole.
  // On the glance page the digits go beside it, at the key size, under the name.
  const float wide = m.glance ? 0.35f : 0.5f;
  const float ring = std::max(0.f, std::min({inner.height, std::round(inner.width * wide), m.ring_min}));
  draw_ring(painter, main, look, {inner.left + ring / 2, inner.top + inner.height / 2}, ring, inner, !m.glance);
  const float left = inner.left + ring + m.gap;
  const float width = inner.left + inner.width - left;
  if (width <= 0) return;
  float top = inner.top;
  // The name shrinks a little before it is cut ("Royal Wedding" beside the glance's digits); where
  // there is room for a second line (and still for the digits) it goes over two lines instead.
  const bool shrunk_fits = painter.measure(from_utf8(main.name), layout.text.small, Weight::Bold) <= width;
  std::vector<sf::String> name_lines;
  if (!shrunk_fits && top + 2 * m.row + (m.glance ? m.digits_row : 0) <= bottom + 1) {
    name_lines = painter.wrap(main.name, layout.text.body, Weight::Bold, width, 2);
  }
  if (name_lines.size() == 2 && !any_cut(name_lines)) {
    for (const sf::String& line : name_lines) {
      painter.text(line, {left, top, width, m.row}, {layout.text.body, look.ink, Weight::Bold});
      top += m.row;
    }
  } else {
    painter.text(main.name, {left, top, width, m.row}, {layout.text.body, look.ink, Weight::Bold, Align::Left, layout.text.small});
    top += m.row;
  }
  if (m.glance && top + m.digits_row <= bottom + 1) {
    painter.text(main.alarm ? std::string(tr("Time!")) : clock_text(main.remaining_ms), {left, top, width, m.digits_row},
                 {layout.text.key, look.arc, Weight::Bold, Align::Left, layout.text.body});
    top += m.digits_row;
  }
  for (const sf::String& line : painter.wrap(status, layout.text.body, Weight::Bold, width, 2)) {
    if (top + m.row > bottom) break;
    painter.text(line, {left, top, width, m.row}, {layout.text.body, look.ink, Weight::Bold});
    top += m.row;
  }
  draw_others(painter, view, order, look, left, width, top, bottom, m.row);
}

}  // namespace seneschal::display::detail
