#include "seneschal/display/board_renderer.hpp"

#include <SFML/Graphics/View.hpp>

#include "parts.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/display/layout.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display {

Result<BoardRenderer> BoardRenderer::create(const std::string& assets_dir) {
  auto fonts = Fonts::load(assets_dir);
  if (!fonts) return fail("cannot set up the board renderer: " + fonts.error().message);
  return BoardRenderer(std::move(fonts).value());
}

void BoardRenderer::draw(sf::RenderTarget& target, const engine::ViewModel& view, ScreenSize size,
                         const DrawOptions& options) const {
  const float width = static_cast<float>(size.width);
  const float height = static_cast<float>(size.height);
  sf::View whole(sf::FloatRect(0, 0, width, height));
  if (options.turned) whole.setRotation(180.f);  // about the centre: the same board, upside down
  target.setView(whole);
  target.clear(palette::background);

  // The prompt's lines and the legend's rows are measured first (their widths do not depend on
  // them), then the board is laid out with room for them.
  const BoardLayout first = layout_for(view, size, options.chrome, {}, options.page, options.scale);
  const detail::Painter measuring(target, fonts_, first);
  const detail::BannerPlan banner = detail::plan_banner(measuring, view);
  const detail::LegendPlan legend =
      options.chrome == Chrome::Full ? detail::plan_legend(measuring, view, options.legend) : detail::LegendPlan{};
  const BoardLayout layout =
      layout_for(view, size, options.chrome, banner.needs(legend.rows), options.page, options.scale);
  const detail::Painter painter(target, fonts_, layout, options.trace);
  const sf::FloatRect screen{0, 0, width, height};
  painter.region("banner", layout.banner, screen);
  detail::draw_banner(painter, view, banner);
  if (layout.page == Page::Glance) {
    detail::draw_glance_seats(painter, view);
  } else {
    for (std::size_t i = 0; i < view.seats.size(); ++i) {
      painter.region("seat panel", layout.seats[i], screen);
      detail::draw_seat_panel(painter, view.seats[i], i, layout.seats[i]);
    }
  }
  if (view.seats.empty()) {
    const float top = layout.banner.top + layout.banner.height;
    // TRANSLATORS: the board before any seat has joined the game.
    painter.text(std::string(tr("No one is seated yet")), {0, top, width, layout.bottom.top - top},
                 {layout.text.prompt, palette::text_secondary, detail::Weight::Regular, detail::Align::Centre});
  }
  painter.region("bottom zone", layout.bottom, screen);
  detail::draw_bottom_zone(painter, view);
  if (options.chrome == Chrome::Full) {
    detail::draw_side_column(painter, view);
    detail::draw_button_legend(painter, legend);
  }
  if (view.winner) detail::draw_winner_overlay(painter, view);
  detail::draw_invitation(painter, view);
  detail::draw_device_notice(painter, view);
}

}  // namespace seneschal::display
