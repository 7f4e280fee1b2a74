#include <cmath>

#include "parts.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {

// The game is over: the board stays visible under a dark scrim, so the table can still see
// how it ended, and the winner sits in a framed card in the middle.
void draw_winner_overlay(const Painter& painter, const std::string& winner) {
  const BoardLayout& layout = painter.layout();
  const float width = static_cast<float>(layout.screen.width);
  const float height = static_cast<float>(layout.screen.height);
  painter.fill({0, 0, width, height}, palette::scrim);

  const unsigned big = static_cast<unsigned>(std::lround(static_cast<float>(layout.text.heading) * 1.5f));
  const float label_row = layout.row(layout.text.prompt);
  const float winner_row = layout.row(big);
  const float pad = layout.padding * 2;
  const float border = layout.stroke(4);
  const sf::FloatRect card{std::round(width * 0.1f), std::round((height - label_row - winner_row) / 2 - pad - border),
                           std::round(width * 0.8f), std::ceil(label_row + winner_row + 2 * (pad + border))};
  painter.fill(card, palette::panel);
  painter.frame(card, border, palette::winner);

  const float left = card.left + border + pad;
  const float inner = card.width - 2 * (border + pad);
  const float top = card.top + border + pad;
  painter.text(sf::String("Game over"), {left, top, inner, label_row},
               {layout.text.prompt, palette::text_secondary, Weight::Regular, Align::Centre});
  painter.text(winner, {left, top + label_row, inner, winner_row}, {big, palette::winner, Weight::Bold, Align::Centre, layout.text.heading});
}

}  // namespace seneschal::display::detail
