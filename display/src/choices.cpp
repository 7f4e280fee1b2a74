#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "parts.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

struct Measures {
  float edge;     // frame plus padding, each side
  float heading;  // "CHOOSE" / "MENU" and the position
  float row;      // one line of an option (or a "more" line), with air between the bars
  float line;     // each further line of an option that takes two

  explicit Measures(const BoardLayout& l)
      : edge(l.stroke(2) + l.padding),
        heading(l.row(l.text.small) + std::round(4 * l.scale)),
        row(l.row(l.text.body) + std::round(6 * l.scale)),
        line(l.row(l.text.body)) {}
};

// An option as it is set: whole on one line (a little smaller if need be), else over two or three
// at the body size (a choice is read, never guessed from "Start Tournament rou…"), else three at
// the small size; only a label longer than that is cut. Measured in bold, so the highlight moving onto it never changes its height.
struct Setting {
  std::vector<sf::String> lines;
  unsigned size = 0;
};

float label_width(const Painter& painter, float row_width) {
  const BoardLayout& layout = painter.layout();
  const float pad = std::round(6 * layout.scale);
  const float pointer = painter.measure(sf::String(static_cast<sf::Uint32>(0x25B6)), layout.text.body, Weight::Bold);
  return row_width - 3 * pad - pointer;
}

Setting set_option(const Painter& painter, const std::string& label, float width) {
  const BoardLayout& layout = painter.layout();
  const sf::String whole = from_utf8(label);
  // A word or two too long stays on its line a little smaller, as a seat's name does.
  const unsigned least = std::max(layout.text.small, static_cast<unsigned>(std::lround(0.85 * layout.text.body)));
  for (unsigned size = layout.text.body; size >= least && size > 0; --size) {
    if (painter.measure(whole, size, Weight::Bold) <= width) return {{whole}, size};
  }
  for (const std::size_t lines : {2, 3}) {
    std::vector<sf::String> wrapped = painter.wrap(label, layout.text.body, Weight::Bold, width, lines);
    if (!any_cut(wrapped)) return {std::move(wrapped), layout.text.body};
  }
  return {painter.wrap(label, layout.text.small, Weight::Bold, width, 3), layout.text.small};
}

float height_of(const Measures& m, const Setting& setting) {
  return m.row + static_cast<float>(std::max<std::size_t>(setting.lines.size(), 1) - 1) * m.line;
}

// Which options are on screen when not all fit: a run that holds the highlighted one, grown a
// row at a time below and above it while it fits, with "▲ N more" above it and "▼ N more" below
// it where options are left out.
struct Window {
  std::size_t first = 0;
  std::size_t count = 0;
  bool above = false;
  bool below = false;
};

Window window_for(const std::vector<float>& heights, float room, float more, std::size_t chosen) {
  const std::size_t n = heights.size();
  float all = 0;
  for (const float h : heights) all += h;
  if (all <= room) return {0, n, false, false};
  const auto needs = [&](std::size_t first, std::size_t last) {
    float total = (first > 0 ? more : 0) + (last + 1 < n ? more : 0);
    for (std::size_t i = first; i <= last; ++i) total += heights[i];
    return total;
  };
  std::size_t first = chosen;
  std::size_t last = chosen;
  if (needs(first, last) > room) return {chosen, room >= heights[chosen] ? std::size_t{1} : 0, false, false};
  // Downwards first, so a list read from its top keeps its top in view the longest.
  for (bool grew = true; grew;) {
    grew = false;
    if (last + 1 < n && needs(first, last + 1) <= room) {
      ++last;
      grew = true;
    }
    if (first > 0 && needs(first - 1, last) <= room) {
      --first;
      grew = true;
    }
  }
  return {first, last - first + 1, first > 0, last + 1 < n};
}

void draw_option(const Painter& painter, const Setting& setting, bool chosen, const sf::FloatRect& row) {
  const BoardLayout& layout = painter.layout();
  const float inset = std::round(3 * layout.scale);
  const sf::FloatRect bar{row.left, row.top + inset, row.width, row.height - 2 * inset};
  // The chosen option is marked three ways: a light bar, a pointer and bold type, so it is
  // found without telling colours apart.
  painter.fill(bar, chosen ? palette::highlight : palette::card_chip);
  const float pad = std::round(6 * layout.scale);
  const unsigned size = layout.text.body;
  const sf::String pointer(static_cast<sf::Uint32>(0x25B6));  // ▶
  const float pointer_width = painter.measure(pointer, size, Weight::Bold);
  const sf::Color ink = chosen ? palette::ink_on(palette::highlight) : palette::text;
  // The lines share the bar evenly; the pointer stands at the first.
  const float line = bar.height / static_cast<float>(std::max<std::size_t>(setting.lines.size(), 1));
  if (chosen) painter.text(pointer, {bar.left + pad, bar.top, pointer_width + 1, line}, {size, ink, Weight::Bold});
  const float left = bar.left + 2 * pad + pointer_width;
  const float width = bar.left + bar.width - pad - left;
  for (std::size_t i = 0; i < setting.lines.size(); ++i) {
    painter.text(setting.lines[i], {left, bar.top + static_cast<float>(i) * line, width, line},
                 {setting.size, ink, chosen ? Weight::Bold : Weight::Regular});
  }
}

void draw_more(const Painter& painter, bool up, std::size_t count, const sf::FloatRect& row) {
  const BoardLayout& layout = painter.layout();
  const std::string arrow = up ? "\u25B2 " : "\u25BC ";
  // TRANSLATORS: a line above or below the options that do not fit: "▲ 3 more".
  painter.text(arrow + trn("{0} more", "{0} more", static_cast<long>(count), count), row,
               {layout.text.small, palette::text_secondary, Weight::Bold, Align::Centre});
}

std::vector<Setting> settings(const Painter& painter, const engine::ViewModel& view, float inner_width) {
  std::vector<Setting> all;
  const float width = label_width(painter, inner_width);
  for (const std::string& option : view.prompt_options) all.push_back(set_option(painter, option, width));
  return all;
}

}  // namespace

float choices_height(const Painter& painter, const engine::ViewModel& view, float width) {
  if (view.prompt_options.empty()) return 0;
  const Measures m(painter.layout());
  float height = 2 * m.edge + m.heading;
  for (const Setting& setting : settings(painter, view, width - 2 * m.edge)) height += height_of(m, setting);
  return std::ceil(height);
}

void draw_choices(const Painter& painter, const engine::ViewModel& view, const sf::FloatRect& box) {
  const BoardLayout& layout = painter.layout();
  const Measures m(layout);
  painter.region("choices", box, layout.column);
  painter.fill(box, palette::panel);
  // An open menu is framed like the acting seat, so it reads as the thing being answered.
  painter.frame(box, view.menu_open ? layout.stroke(4) : layout.stroke(2), view.menu_open ? palette::text : palette::panel_border);
  const sf::FloatRect inner{box.left + m.edge, box.top + m.edge, box.width - 2 * m.edge, box.height - 2 * m.edge};
  if (inner.width <= 0 || inner.height < m.heading) return;

  const std::size_t options = view.prompt_options.size();
  const bool has_choice = view.highlighted >= 0 && static_cast<std::size_t>(view.highlighted) < options;
  const std::size_t chosen = has_choice ? static_cast<std::size_t>(view.highlighted) : 0;
  const std::vector<Setting> set = settings(painter, view, inner.width);
  std::vector<float> heights;
  for (const Setting& setting : set) heights.push_back(height_of(m, setting));
  // Squeezed (a long check's banner over a timer's ring): the option pointed at matters more
  // than the heading, which gives way to it.
  if (inner.height - m.heading < heights[chosen]) {
    if (has_choice && inner.height >= heights[chosen]) {
      draw_option(painter, set[chosen], true, {inner.left, inner.top, inner.width, heights[chosen]});
    }
    return;
  }
  // "3/8" says where the pointer is when the list is longer than the screen.
  const std::string position = has_choice ? std::to_string(chosen + 1) + "/" + std::to_string(options) : std::to_string(options);
  const sf::FloatRect heading{inner.left, inner.top, inner.width, m.heading};
  const float used = painter.text(position, heading, {layout.text.small, palette::text_secondary, Weight::Regular, Align::Right});
  const float gap = std::round(8 * layout.scale);
  // TRANSLATORS: the heading over the options: the menu's, or the prompt's choices.
  painter.text(std::string(view.menu_open ? tr("MENU")
                                          // TRANSLATORS: the heading over the prompt's options, in capitals.
                                          : tr("CHOOSE")), {heading.left, heading.top, heading.width - used - gap, heading.height},
               {layout.text.small, palette::text_secondary, Weight::Bold});

  const Window window = window_for(heights, inner.height - m.heading, m.row, chosen);
  float top = inner.top + m.heading;
  if (window.above) {
    draw_more(painter, true, window.first, {inner.left, top, inner.width, m.row});
    top += m.row;
  }
  for (std::size_t i = window.first; i < window.first + window.count; ++i) {
    draw_option(painter, set[i], has_choice && i == chosen, {inner.left, top, inner.width, heights[i]});
    top += heights[i];
  }
  if (window.below) draw_more(painter, false, options - window.first - window.count, {inner.left, top, inner.width, m.row});
}

}  // namespace seneschal::display::detail
