#include "seneschal/display/layout.hpp"

#include <algorithm>
#include <cmath>

namespace seneschal::display {
namespace {

constexpr float kReferenceWidth = 800;
constexpr float kReferenceHeight = 480;

unsigned scaled(unsigned reference_px, float scale) {
  return std::max(1u, static_cast<unsigned>(std::lround(static_cast<float>(reference_px) * scale)));
}

}  // namespace

float BoardLayout::row(unsigned char_size) const { return std::ceil(static_cast<float>(char_size) * 1.35f); }

float BoardLayout::stroke(float reference_px) const { return std::max(1.f, std::round(reference_px * scale)); }

BoardLayout layout_board(ScreenSize screen, std::size_t seat_count, Column column, Chrome chrome, TextNeeds needs,
                         Page page, float zoom) {
  BoardLayout layout;
  layout.screen = screen;
  layout.page = page;
  const float width = static_cast<float>(screen.width);
  const float height = static_cast<float>(screen.height);
  // The smaller ratio wins, so nothing laid out for 800x480 grows past the screen's short
  // side; the spare width on wider screens goes to the seat panels. The table's zoom then
  // makes everything larger still, never smaller.
  layout.scale = std::min(width / kReferenceWidth, height / kReferenceHeight) * std::clamp(zoom, 1.f, 2.f);
  const float s = layout.scale;
  layout.margin = std::round(8 * s);
  layout.padding = std::round(8 * s);
  const TextSizes reference;
  layout.text = {scaled(reference.heading, s), scaled(reference.name, s), scaled(reference.prompt, s),
                 scaled(reference.body, s),    scaled(reference.small, s), scaled(reference.key, s)};

  const float m = layout.margin;
  // The glance page's prompt may be all at the key size; the details page has at least a line.
  const std::size_t least_prompt_lines = page == Page::Glance && needs.key_lines > 0 ? 0 : 1;
  const auto prompt_lines = static_cast<float>(std::max(least_prompt_lines, needs.prompt_lines));
  const auto key_lines = static_cast<float>(needs.key_lines);
  const float banner_height = std::ceil(layout.row(layout.text.heading) + key_lines * layout.row(layout.text.key) +
                                        prompt_lines * layout.row(layout.text.prompt) + 2 * layout.padding);
  layout.banner = {0, 0, width, banner_height};

  // The legend sits on the bottom edge, nearest the buttons, and is never covered.
  float floor = height - m;
  if (chrome == Chrome::Full) {
    const auto legend_rows = static_cast<float>(std::max<std::size_t>(1, needs.legend_rows));
    const float legend_height = std::ceil(legend_rows * layout.row(layout.text.body) + layout.padding);
    layout.legend = {m, floor - legend_height, width - 2 * m, legend_height};
    floor = layout.legend.top - std::round(4 * s);
  }
  layout.overlay = {0, 0, width, chrome == Chrome::Full ? layout.legend.top - std::round(4 * s) : height};

  // Room for the toast band with a log line under it; without a toast, two log lines. The glance
  // page keeps the toast band alone (the log is on the details page), and only while there is a
  // toast: see layout_for.
  const float toast_band = layout.row(layout.text.prompt) + layout.padding;
  const float log_rows = page == Page::Glance ? 0 : std::round(4 * s) + layout.row(layout.text.small);
  const float bottom_height = needs.no_bottom ? 0 : std::ceil(toast_band + log_rows);
  layout.bottom = {m, floor - bottom_height, width - 2 * m, bottom_height};
  layout.toast = {layout.bottom.left, layout.bottom.top, layout.bottom.width, toast_band};
  const float log_top = layout.toast.top + toast_band + std::round(4 * s);
  layout.log_under_toast = {layout.bottom.left, log_top, layout.bottom.width,
                            std::max(0.f, layout.bottom.top + bottom_height - log_top)};

  const float panels_top = banner_height + m;
  const float panels_height = std::max(0.f, layout.bottom.top - (bottom_height > 0 ? m : 0) - panels_top);
  // The column keeps the same width on every screen shape (scaled), wide enough for a choice
  // like "Pay from Hammerdoom's Roost" and a ring whose digits read across the table; the
  // seats share what is left.
  float seats_right = width;
  if (column == Column::Shown && chrome == Chrome::Full) {
    const float column_width = std::round(248 * s);
    layout.column = {width - m - column_width, panels_top, column_width, panels_height};
    seats_right = layout.column.left;
  }
  if (seat_count > 0) {
    const auto width_of = [&](std::size_t per_row) {
      const float n = static_cast<float>(per_row);
      return std::floor((seats_right - (n + 1) * m) / n);
    };
    layout.seat_area = {m, panels_top, std::max(0.f, seats_right - 2 * m), panels_height};
    // A panel narrower than this cuts its seat's name and every counter's word (five or six seats
    // beside the column at 800x480 get 80-100 px): the seats then go in two rows, in reading order.
    std::size_t per_row = seat_count;
    if (seat_count >= 4 && width_of(seat_count) < std::round(100 * s)) per_row = (seat_count + 1) / 2;
    const std::size_t rows = (seat_count + per_row - 1) / per_row;
    const float panel_width = std::max(0.f, width_of(per_row));
    const float panel_height = std::floor((panels_height - static_cast<float>(rows - 1) * m) / static_cast<float>(rows));
    for (std::size_t i = 0; i < seat_count; ++i) {
      const float left = m + static_cast<float>(i % per_row) * (panel_width + m);
      const float top = panels_top + static_cast<float>(i / per_row) * (panel_height + m);
      layout.seats.push_back({left, top, panel_width, std::max(0.f, panel_height)});
    }
  }
  return layout;
}

BoardLayout layout_for(const engine::ViewModel& view, ScreenSize screen, Chrome chrome, TextNeeds needs, Page page,
                       float zoom) {
  const bool column = !view.timers.empty() || !view.prompt_options.empty();
  needs.no_bottom = page == Page::Glance && !view.toast;
  return layout_board(screen, view.seats.size(), column ? Column::Shown : Column::None, chrome, needs, page, zoom);
}

}  // namespace seneschal::display
