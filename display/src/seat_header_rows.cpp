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

std::vector<Badge> seat_badges(const engine::SeatView& seat) {
  std::vector<Badge> badges;
  if (seat.ordained) badges.push_back({"Ordained", "Ord.", palette::ordained});
  if (seat.eliminated) badges.push_back({"Eliminated", "Out", palette::text_muted});
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

// The name leads, shrinking a little before it is cut; Ordained and Eliminated sit to its
// right when the panel is wide enough, else on their own line under it. Acting needs no
// badge: the thick frame says it.
void add_name(const SeatContext& c, std::vector<Row>& rows) {
  const BoardLayout& layout = c.painter.layout();
  const std::vector<Badge> badges = seat_badges(c.seat);
  const unsigned size = layout.text.small;
  const float gap = std::round(8 * layout.scale);
  const float name_width = c.painter.measure(from_utf8(c.seat.name), layout.text.name, Weight::Bold);
  const float all_badges = badges_width(c.painter, badges, size, false);
  const bool beside = !badges.empty() && name_width + gap + all_badges <= c.width;
  rows.push_back({layout.row(layout.text.name), false, false, [&c, badges, beside, all_badges, gap](const sf::FloatRect& box) {
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
    rows.push_back({layout.row(layout.text.body), false, false, [&c, badges, size](const sf::FloatRect& box) {
      draw_badges(c.painter, badges, box, size);
    }});
  }
}

// A cut number would be a wrong number: the value gets its room first, the label the rest.
float draw_stat(const SeatContext& c, const sf::FloatRect& box, const char* label, const std::string& value) {
  const unsigned size = c.painter.layout().text.body;
  const float value_width = std::min(box.width, c.painter.measure(sf::String(value), size, Weight::Bold));
  const float used = c.painter.text(sf::String(label), {box.left, box.top, box.width - value_width, box.height},
                                    {size, palette::text_secondary});
  return used + c.painter.text(value, {box.left + used, box.top, box.width - used, box.height},
                               {size, c.ink, Weight::Bold});
}

// "Renown 3   Food 7" on one line when the panel is wide enough, else on two.
void add_stats(const SeatContext& c, std::vector<Row>& rows) {
  const BoardLayout& layout = c.painter.layout();
  const unsigned size = layout.text.body;
  const std::string renown = std::to_string(c.seat.renown);
  const std::string food = std::to_string(c.seat.food_total);
  const float gap = std::round(16 * layout.scale);
  const auto width_of = [&](const char* label, const std::string& value) {
    return c.painter.measure(sf::String(label), size, Weight::Regular) +
           c.painter.measure(sf::String(value), size, Weight::Bold);
  };
  const float row = layout.row(size);
  if (width_of("Renown ", renown) + gap + width_of("Food ", food) <= c.width) {
    rows.push_back({row, false, false, [&c, renown, food, gap](const sf::FloatRect& box) {
      const float used = draw_stat(c, box, "Renown ", renown) + gap;
      draw_stat(c, {box.left + used, box.top, box.width - used, box.height}, "Food ", food);
    }});
  } else {
    rows.push_back({row, false, false, [&c, renown](const sf::FloatRect& box) { draw_stat(c, box, "Renown ", renown); }});
    rows.push_back({row, false, false, [&c, food](const sf::FloatRect& box) { draw_stat(c, box, "Food ", food); }});
  }
}

}  // namespace

void add_header_rows(const SeatContext& context, std::vector<Row>& rows) {
  add_name(context, rows);
  if (!context.seat.faction.empty()) {
    const BoardLayout& layout = context.painter.layout();
    rows.push_back({layout.row(layout.text.small), false, false, [&c = context](const sf::FloatRect& box) {
      c.painter.text(c.seat.faction, box, {c.painter.layout().text.small, palette::text_secondary});
    }});
  }
  add_stats(context, rows);
}

}  // namespace seneschal::display::detail
