#include <algorithm>
#include <cmath>
#include <string>

#include "parts.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

struct Measures {
  float edge;     // frame plus padding, each side
  float heading;  // "CHOOSE" / "MENU" and the position
  float row;      // one option, with air between the bars

  explicit Measures(const BoardLayout& l)
      : edge(l.stroke(2) + l.padding),
        heading(l.row(l.text.small) + std::round(4 * l.scale)),
        row(l.row(l.text.body) + std::round(6 * l.scale)) {}
};

// Which options are on screen when not all fit: a run that holds the highlighted one, with
// "▲ N more" above it and "▼ N more" below it where options are left out.
struct Window {
  std::size_t first = 0;
  std::size_t count = 0;
  bool above = false;
  bool below = false;
};

Window window_for(std::size_t options, std::size_t rows, std::size_t chosen) {
  if (rows >= options) return {0, options, false, false};
  if (rows <= 1) return {chosen, rows, false, false};
  // Near the top only a "more below" row is needed, near the bottom only "more above".
  if (chosen + 1 < rows) return {0, rows - 1, false, true};
  if (chosen + rows - 1 >= options) return {options - (rows - 1), rows - 1, true, false};
  if (rows < 3) return {chosen, 1, false, false};
  const std::size_t count = rows - 2;
  const std::size_t first = std::clamp(chosen - std::min(chosen, (count - 1) / 2), std::size_t{1}, options - count - 1);
  return {first, count, true, true};
}

void draw_option(const Painter& painter, const std::string& label, bool chosen, const sf::FloatRect& row) {
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
  if (chosen) painter.text(pointer, {bar.left + pad, bar.top, pointer_width + 1, bar.height}, {size, ink, Weight::Bold});
  const float left = bar.left + 2 * pad + pointer_width;
  // Like a seat's name, a choice shrinks a little before it is cut.
  painter.text(label, {left, bar.top, bar.left + bar.width - pad - left, bar.height},
               {size, ink, chosen ? Weight::Bold : Weight::Regular, Align::Left, layout.text.small});
}

void draw_more(const Painter& painter, bool up, std::size_t count, const sf::FloatRect& row) {
  const BoardLayout& layout = painter.layout();
  const std::string arrow = up ? "\u25B2 " : "\u25BC ";
  painter.text(arrow + std::to_string(count) + " more", row,
               {layout.text.small, palette::text_secondary, Weight::Bold, Align::Centre});
}

}  // namespace

float choices_height(const BoardLayout& layout, const engine::ViewModel& view) {
  if (view.prompt_options.empty()) return 0;
  const Measures m(layout);
  return std::ceil(2 * m.edge + m.heading + static_cast<float>(view.prompt_options.size()) * m.row);
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
  // Squeezed (a long check's banner over a timer's ring): the option pointed at matters more
  // than the heading, which gives way to it.
  if (inner.height - m.heading < m.row) {
    if (has_choice && inner.height >= m.row) {
      draw_option(painter, view.prompt_options[chosen], true, {inner.left, inner.top, inner.width, m.row});
    }
    return;
  }
  // "3/8" says where the pointer is when the list is longer than the screen.
  const std::string position = has_choice ? std::to_string(chosen + 1) + "/" + std::to_string(options) : std::to_string(options);
  const sf::FloatRect heading{inner.left, inner.top, inner.width, m.heading};
  const float used = painter.text(position, heading, {layout.text.small, palette::text_secondary, Weight::Regular, Align::Right});
  const float gap = std::round(8 * layout.scale);
  painter.text(sf::String(view.menu_open ? "MENU" : "CHOOSE"), {heading.left, heading.top, heading.width - used - gap, heading.height},
               {layout.text.small, palette::text_secondary, Weight::Bold});

  const auto rows = static_cast<std::size_t>(std::max(0.f, std::floor((inner.height - m.heading) / m.row)));
  const Window window = window_for(options, rows, chosen);
  float top = inner.top + m.heading;
  if (window.above) {
    draw_more(painter, true, window.first, {inner.left, top, inner.width, m.row});
    top += m.row;
  }
  for (std::size_t i = window.first; i < window.first + window.count; ++i) {
    draw_option(painter, view.prompt_options[i], has_choice && i == chosen, {inner.left, top, inner.width, m.row});
    top += m.row;
  }
  if (window.below) draw_more(painter, false, options - window.first - window.count, {inner.left, top, inner.width, m.row});
}

}  // namespace seneschal::display::detail
