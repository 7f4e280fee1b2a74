#include <algorithm>
#include <cmath>

#include "parts.hpp"

namespace seneschal::display::detail {

// The timers take what they need for the biggest ring the choices can spare, never less than
// their compact form; the choices get the rest and window themselves when it is not enough.
// A timer is never dropped for a choice: it is what the table watches from afar.
// The evidence for a disagreement, when there is one, takes the column's foot first: the choices
// window themselves above it.
void draw_side_column(const Painter& painter, const engine::ViewModel& view) {
  const BoardLayout& layout = painter.layout();
  if (layout.column.width <= 0 || layout.column.height <= 0) return;
  painter.region("side column", layout.column, {0, 0, static_cast<float>(layout.screen.width), static_cast<float>(layout.screen.height)});
  const sf::FloatRect column = view.evidence ? draw_evidence(painter, *view.evidence, layout.column,
                                                             std::min(choices_height(painter, view, layout.column.width), layout.column.height / 2))
                                             : layout.column;
  const bool timers = !view.timers.empty();
  const bool choices = !view.prompt_options.empty();
  if (timers && !choices) {
    draw_timers(painter, view, column);
    return;
  }
  if (choices && !timers) {
    draw_choices(painter, view, column);
    return;
  }
  if (!timers) return;
  const float gap = layout.margin;
  const float most = timers_max_height(layout, view, column.width);
  const float least = std::min(column.height, timers_min_height(layout, view));
  const float spare = column.height - gap - choices_height(painter, view, column.width);
  const float height = std::floor(std::clamp(spare, least, std::max(least, most)));
  const sf::FloatRect timer_box{column.left, column.top, column.width, height};
  draw_timers(painter, view, timer_box);
  const float below = timer_box.top + height + gap;
  if (column.top + column.height - below > 0) {
    draw_choices(painter, view, {column.left, below, column.width, column.top + column.height - below});
  }
}

}  // namespace seneschal::display::detail
