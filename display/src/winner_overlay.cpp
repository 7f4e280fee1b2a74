#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "parts.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// "Game over · dominance victory": the kind of victory says how the game was won.
std::string game_over_line(const engine::ViewModel& view) {
  // TRANSLATORS: the winner card's first line; {0} is the kind of victory ("dominance victory").
  return view.victory.empty() ? std::string(tr("Game over")) : trf("Game over \u00B7 {0}", view.victory);
}

// A chart's region in the trace is named for its title: "victory points chart".
std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

// The game is over: the board stays visible under a dark scrim, so the table can still see
// how it ended, and the winner sits in a framed card in the middle; with charts, the card grows
// to hold the charts the game described, turn by turn. The legend below stays uncovered:
// the buttons still work.
void draw_winner_overlay(const Painter& painter, const engine::ViewModel& view) {
  const BoardLayout& layout = painter.layout();
  const sf::FloatRect& area = layout.overlay;
  painter.begin_overlay();
  painter.fill(area, palette::scrim);

  const unsigned big = static_cast<unsigned>(std::lround(static_cast<float>(layout.text.heading) * 1.5f));
  const float label_row = layout.row(layout.text.prompt);
  const float winner_row = layout.row(big);
  const float pad = layout.padding * 2;
  const float border = layout.stroke(4);
  const bool charts = !view.charts.empty() && !view.seats.empty();
  // The glance page leads with every seat's final score; the charts follow where they still read.
  const bool scores = layout.page == Page::Glance && !view.seats.empty();
  const float header = label_row + winner_row;
  sf::FloatRect card;
  if (charts || scores) {
    const float inset = 2 * layout.margin;
    card = {area.left + inset, area.top + inset, area.width - 2 * inset, area.height - 2 * inset};
  } else {
    card = {std::round(area.width * 0.1f), std::round(area.top + (area.height - header) / 2 - pad - border),
            std::round(area.width * 0.8f), std::ceil(header + 2 * (pad + border))};
  }
  painter.region("winner card", card, area);
  painter.fill(card, palette::panel);
  painter.frame(card, border, palette::winner);

  const float left = card.left + border + pad;
  const float inner = card.width - 2 * (border + pad);
  float top = card.top + border + pad;
  painter.text(game_over_line(view), {left, top, inner, label_row},
               {layout.text.prompt, palette::text_secondary, Weight::Regular, Align::Centre});
  top += label_row;
  painter.text(view.winner.value_or(""), {left, top, inner, winner_row},
               {big, palette::winner, Weight::Bold, Align::Centre, layout.text.heading});
  top += winner_row;
  if (scores) {
    const float bottom = card.top + card.height - border - pad;
    const float width = std::min(inner, std::round(560 * layout.scale));
    const float height = std::min(final_scores_height(layout, view), bottom - top - layout.margin);
    top += layout.margin;
    const sf::FloatRect box{std::round(left + (inner - width) / 2), top, width, height};
    painter.region("final scores", box, card);
    draw_final_scores(painter, view, box);
    top += height;
    if (bottom - top < std::round(170 * layout.scale)) return;  // the charts are on the details page
  }
  if (!charts) return;

  // The charts side by side, two to a row, with one legend under them all.
  const float gap = 2 * layout.margin;
  const float bottom = card.top + card.height - border - pad;
  const float legend_row = layout.row(layout.text.body) + std::round(4 * layout.scale);
  const float charts_top = top + layout.margin;
  const float charts_height = bottom - legend_row - charts_top;
  if (charts_height <= 0) return;
  const std::size_t count = view.charts.size();
  const std::size_t columns = std::min<std::size_t>(count, 2);
  const std::size_t rows = (count + columns - 1) / columns;
  const float chart_width = std::floor((inner - gap * static_cast<float>(columns - 1)) / static_cast<float>(columns));
  const float chart_height = std::floor((charts_height - gap * static_cast<float>(rows - 1)) / static_cast<float>(rows));
  for (std::size_t i = 0; i < count; ++i) {
    const float x = left + static_cast<float>(i % columns) * (chart_width + gap);
    const float y = charts_top + static_cast<float>(i / columns) * (chart_height + gap);
    const sf::FloatRect box{x, y, chart_width, chart_height};
    painter.region(lower(view.charts[i].title) + " chart", box, card);
    draw_tally_chart(painter, view, view.charts[i], box);
  }
  const sf::FloatRect legend{left, bottom - legend_row, inner, legend_row};
  painter.region("chart legend", legend, card);
  draw_chart_legend(painter, view, legend);
}

}  // namespace seneschal::display::detail
