#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "seat_rows.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

struct Badge {
  std::string label;
  std::string short_label;  // for narrow panels: six seats on the 7" screen
  sf::Color fill;
};

// The module names the badges; the display gives them their colour by tone.
std::vector<Badge> seat_badges(const engine::SeatView& seat) {
  std::vector<Badge> badges;
  for (const engine::BadgeView& badge : seat.badges) {
    const bool muted = badge.tone == engine::BadgeView::Tone::Muted;
    badges.push_back({badge.label, badge.short_label.empty() ? badge.label : badge.short_label,
                      muted ? palette::text_muted : palette::badge});
  }
  return badges;
}

float badge_gap(const BoardLayout& layout) { return std::round(6 * layout.scale); }

float badges_width(const Painter& painter, const std::vector<Badge>& badges, unsigned size, bool short_labels) {
  const float pad = std::round(static_cast<float>(size) * 0.45f);
  float width = 0;
  for (const Badge& badge : badges) {
    const std::string& label = short_labels ? badge.short_label : badge.label;
    width += (width > 0 ? badge_gap(painter.layout()) : 0) +
             std::ceil(painter.measure(sf::String(label), size, Weight::Bold) + 2 * pad);
  }
  return width;
}

// Left to right from the box's left edge, in short words when the long ones do not all fit.
void draw_badges(const Painter& painter, const std::vector<Badge>& badges, const sf::FloatRect& box, unsigned size) {
  const bool short_labels = badges_width(painter, badges, size, false) > box.width;
  float left = box.left;
  for (const Badge& badge : badges) {
    const std::string& label = short_labels ? badge.short_label : badge.label;
    const float used = painter.badge(label, {left, box.top, box.left + box.width - left, box.height}, size, badge.fill,
                                     palette::ink_on(badge.fill));
    if (used <= 0) return;
    left += used + badge_gap(painter.layout());
  }
}

// The name leads, shrinking a little before it is cut; the badges sit to its right when the
// panel is wide enough, else on their own line under it. Acting needs no
// badge: the thick frame says it.
void add_name(const SeatContext& c, std::vector<Row>& rows) {
  const BoardLayout& layout = c.painter.layout();
  const std::vector<Badge> badges = seat_badges(c.seat);
  const unsigned size = layout.text.small;
  const float gap = std::round(8 * layout.scale);
  const float name_width = c.painter.measure(from_utf8(c.seat.name), layout.text.name, Weight::Bold);
  const float all_badges = badges_width(c.painter, badges, size, false);
  const bool beside = !badges.empty() && name_width + gap + all_badges <= c.width;
  rows.push_back({layout.row(layout.text.name), 0, false, [&c, badges, beside, all_badges, gap](const sf::FloatRect& box) {
    const BoardLayout& l = c.painter.layout();
    float right = box.left + box.width;
    if (beside) {
      draw_badges(c.painter, badges, {right - all_badges, box.top, all_badges, box.height}, l.text.small);
      right -= all_badges + gap;
    }
    c.painter.text(c.seat.name, {box.left, box.top, right - box.left, box.height},
                   {l.text.name, c.ink, Weight::Bold, Align::Left, l.text.small});
  }});
  if (!beside && !badges.empty()) {
    rows.push_back({layout.row(layout.text.body), 0, false, [&c, badges, size](const sf::FloatRect& box) {
      draw_badges(c.painter, badges, box, size);
    }});
  }
}

// A cut number would be a wrong number: the value gets its room first, the label the rest.
float draw_stat(const SeatContext& c, const sf::FloatRect& box, const std::string& label, const std::string& value,
                unsigned size) {
  const float value_width = std::min(box.width, c.painter.measure(from_utf8(value), size, Weight::Bold));
  // A counter without a label (a Cutthroat house's name) is its value alone, flush left.
  const float used = label.empty() ? 0.f
                                   : c.painter.text(label + " ", {box.left, box.top, box.width - value_width, box.height},
                                                    {size, palette::text_secondary});
  return used + c.painter.text(value, {box.left + used, box.top, box.width - used, box.height},
                               {size, c.ink, Weight::Bold});
}

// The counters the module names ("Gold 3   Fame 1"), as many to a line as fit the panel.
void add_counters(const SeatContext& c, std::vector<Row>& rows, bool compact) {
  const BoardLayout& layout = c.painter.layout();
  const unsigned size = compact ? layout.text.small : layout.text.body;
  const float gap = std::round(16 * layout.scale);
  const auto width_of = [&](const engine::CounterView& counter) {
    return (counter.label.empty() ? 0.f : c.painter.measure(from_utf8(counter.label + " "), size, Weight::Regular)) +
           c.painter.measure(from_utf8(counter.value), size, Weight::Bold);
  };
  const auto& counters = c.seat.counters;
  std::size_t first = 0;
  while (first < counters.size()) {
    std::size_t end = first + 1;
    float width = width_of(counters[first]);
    while (end < counters.size() && width + gap + width_of(counters[end]) <= c.width) width += gap + width_of(counters[end++]);
    rows.push_back({layout.row(size), 0, false, [&c, first, end, gap, size](const sf::FloatRect& box) {
      float used = 0;
      for (std::size_t i = first; i < end; ++i) {
        const engine::CounterView& counter = c.seat.counters[i];
        used += draw_stat(c, {box.left + used, box.top, box.width - used, box.height}, counter.label, counter.value,
                          size) + gap;
      }
    }});
    first = end;
  }
}

}  // namespace

void add_header_rows(const SeatContext& context, std::vector<Row>& rows, bool compact) {
  add_name(context, rows);
  if (!compact && !context.seat.subtitle.empty()) {
    const BoardLayout& layout = context.painter.layout();
    rows.push_back({layout.row(layout.text.small), 0, false, [&c = context](const sf::FloatRect& box) {
      c.painter.text(c.seat.subtitle, box, {c.painter.layout().text.small, palette::text_secondary});
    }});
  }
  add_counters(context, rows, compact);
}

}  // namespace seneschal::display::detail
