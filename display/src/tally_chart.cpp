#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "parts.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/chart_axis.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// The scale's ends: zero is always on it, so a line's height reads as an amount.
std::pair<int, int> value_range(const engine::ChartView& chart) {
  int low = 0;
  int high = 0;
  for (const engine::ChartPoint& point : chart.points) {
    for (const int v : point.values) {
      low = std::min(low, v);
      high = std::max(high, v);
    }
  }
  return {low, high};
}

float marker_size(const BoardLayout& layout) { return std::round(11 * layout.scale); }

// The winners' lines go on top and a little thicker, so they can be followed through a tangle.
std::vector<std::size_t> drawing_order(const engine::ViewModel& view) {
  std::vector<std::size_t> order;
  for (const bool winners : {false, true}) {
    for (std::size_t i = 0; i < view.seats.size(); ++i) {
      if (view.won_by(i) == winners) order.push_back(i);
    }
  }
  return order;
}

}  // namespace

void draw_tally_chart(const Painter& painter, const engine::ViewModel& view, const engine::ChartView& chart,
                      const sf::FloatRect& box) {
  const BoardLayout& layout = painter.layout();
  const unsigned label_size = layout.text.small;
  const float label_row = layout.row(label_size);
  const float title_row = layout.row(layout.text.body);
  const float gap = std::round(6 * layout.scale);
  painter.text(chart.title, {box.left, box.top, box.width, title_row},
               {layout.text.body, palette::text, Weight::Bold});

  // Tick labels are centred on their tick, so the plot keeps half a label clear above and below.
  const float plot_top = box.top + title_row + label_row / 2;
  const float turns_top = box.top + box.height - label_row;
  const float plot_bottom = turns_top - label_row / 2 - gap;
  const float plot_height = plot_bottom - plot_top;
  if (plot_height <= label_row) return;
  const auto [low, high] = value_range(chart);
  const int max_ticks = std::min(6, static_cast<int>(std::floor(plot_height / label_row)) + 1);
  const std::vector<int> ticks = value_ticks(low, high, max_ticks);

  // TRANSLATORS: the label of an end chart's horizontal axis, under the value labels.
  const sf::String turn_label = from_utf8(tr("Turn"));
  float gutter = painter.measure(turn_label, label_size, Weight::Regular);
  for (const int tick : ticks) gutter = std::max(gutter, painter.measure(sf::String(std::to_string(tick)), label_size, Weight::Regular));
  gutter = std::ceil(gutter + gap);
  const sf::FloatRect plot{box.left + gutter, plot_top, box.width - gutter, plot_height};
  painter.region("plot", plot, box);

  const float span = static_cast<float>(ticks.back() - ticks.front());
  const auto y_of = [&](int v) { return plot_bottom - static_cast<float>(v - ticks.front()) / span * plot_height; };
  const float line = layout.stroke(1);
  for (const int tick : ticks) {
    const float y = std::round(y_of(tick));
    painter.fill({plot.left, y, plot.width, line}, tick == 0 ? palette::panel_border : palette::grid);
    painter.text(std::to_string(tick), {box.left, y - label_row / 2, gutter - gap, label_row},
                 {label_size, palette::text_secondary, Weight::Regular, Align::Right});
  }
  painter.fill({plot.left, plot.top, layout.stroke(2), plot.height}, palette::panel_border);

  // Turns along the bottom; the points stay half a label in from the plot's sides so the
  // first and last turn's labels stay under the plot.
  if (chart.points.empty()) return;
  const int first = chart.points.front().turn;
  const int last = chart.points.back().turn;
  const float marker = marker_size(layout);
  const float label_width = std::ceil(std::max(painter.measure(sf::String(std::to_string(first)), label_size, Weight::Regular),
                                               painter.measure(sf::String(std::to_string(last)), label_size, Weight::Regular)));
  const float inset = std::max(marker, label_width / 2 + gap);
  const float x0 = plot.left + inset;
  const float x1 = plot.left + plot.width - inset;
  const auto x_of = [&](int turn) {
    return last == first ? (x0 + x1) / 2 : x0 + static_cast<float>(turn - first) / static_cast<float>(last - first) * (x1 - x0);
  };
  const int max_labels = std::max(1, static_cast<int>(std::floor((x1 - x0) / (label_width + 2 * gap))) + 1);
  for (const int turn : turn_ticks(first, last, max_labels)) {
    const float x = std::round(x_of(turn));
    painter.text(std::to_string(turn), {x - label_width / 2 - gap, turns_top, label_width + 2 * gap, label_row},
                 {label_size, palette::text_secondary, Weight::Regular, Align::Centre});
  }
  painter.text(turn_label, {box.left, turns_top, gutter - gap, label_row}, {label_size, palette::text_secondary});

  // Lines first, markers over them. With many turns only every k-th point gets a marker (and
  // the last), so the shapes stay apart enough to be told apart.
  const std::vector<std::size_t> order = drawing_order(view);
  const std::size_t turns = chart.points.size();
  const float spacing = turns > 1 ? (x1 - x0) / static_cast<float>(turns - 1) : x1 - x0;
  const auto every = static_cast<std::size_t>(std::max(1.f, std::ceil(marker * 1.8f / std::max(spacing, 1.f))));
  for (const bool markers : {false, true}) {
    for (const std::size_t seat : order) {
      const bool won = view.won_by(seat);
      std::vector<sf::Vector2f> points;
      for (const engine::ChartPoint& point : chart.points) {
        if (seat < point.values.size()) points.push_back({x_of(point.turn), y_of(point.values[seat])});
      }
      const sf::Color colour = palette::seat_colour(seat);
      if (!markers) {
        painter.polyline(points, layout.stroke(won ? 4 : 3), colour);
        continue;
      }
      for (std::size_t i = 0; i < points.size(); ++i) {
        if (i % every == 0 || i + 1 == points.size()) painter.marker(points[i], marker, palette::seat_marker(seat), colour, palette::panel);
      }
    }
  }
}

void draw_chart_legend(const Painter& painter, const engine::ViewModel& view, const sf::FloatRect& box) {
  const BoardLayout& layout = painter.layout();
  if (view.seats.empty()) return;
  const float entry = std::floor(box.width / static_cast<float>(view.seats.size()));
  const float marker = marker_size(layout);
  const float sample = std::round(marker * 3);
  const float gap = std::round(8 * layout.scale);
  for (std::size_t i = 0; i < view.seats.size(); ++i) {
    const float left = box.left + static_cast<float>(i) * entry;
    const float middle = std::round(box.top + box.height / 2);
    const sf::Color colour = palette::seat_colour(i);
    painter.polyline({{left + marker / 2, middle}, {left + sample - marker / 2, middle}}, layout.stroke(3), colour);
    painter.marker({left + sample / 2, middle}, marker, palette::seat_marker(i), colour, palette::panel);
    const bool won = view.won_by(i);
    const float text_left = left + sample + gap;
    painter.text(view.seats[i].name, {text_left, box.top, left + entry - gap - text_left, box.height},
                 {layout.text.body, palette::text, won ? Weight::Bold : Weight::Regular});
  }
}

}  // namespace seneschal::display::detail
