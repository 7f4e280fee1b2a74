#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "parts.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// The answer to the last card shown, as a band across the screen. Besides its colour, the
// band leads with a tick or a cross, so it reads the same to every eye.
void draw_toast(const Painter& painter, const engine::ScanToast& toast) {
  const BoardLayout& layout = painter.layout();
  const bool accepted = toast.verdict == engine::ScanToast::Verdict::Accepted;
  const sf::FloatRect& band = layout.toast;
  const sf::Color fill = accepted ? palette::accepted : palette::refused;
  painter.fill(band, fill);

  const unsigned size = layout.text.prompt;
  const float pad = layout.padding * 1.5f;
  const float left = band.left + pad;
  const float width = band.width - 2 * pad;
  const std::string mark = accepted ? "\u2713 " : "\u2717 ";
  // The title may take at most half the band when there is a detail to show beside it.
  const float title_room = toast.detail.empty() ? width : std::round(width / 2);
  const float used = painter.text(mark + toast.title, {left, band.top, title_room, band.height},
                                  {size, palette::ink_on(fill), Weight::Bold});
  if (!toast.detail.empty()) {
    const float gap = std::round(8 * layout.scale);
    painter.text("\u2014 " + toast.detail, {left + used + gap, band.top, width - used - gap, band.height},
                 {size, palette::ink_on(fill)});
  }
}

}  // namespace

void draw_bottom_zone(const Painter& painter, const engine::ViewModel& view) {
  const BoardLayout& layout = painter.layout();
  if (view.toast) draw_toast(painter, *view.toast);
  const sf::FloatRect& zone = view.toast ? layout.log_under_toast : layout.bottom;
  float top = zone.top;

  // The newest log lines that fit, oldest first, the newest brightest. The line that only
  // repeats what the toast says is left out while the toast shows.
  std::vector<const std::string*> lines;
  for (const std::string& line : view.log) {
    if (!view.toast || line != view.toast->detail) lines.push_back(&line);
  }
  const float row = layout.row(layout.text.small);
  const auto room = static_cast<std::size_t>(std::max(0.f, std::floor((zone.top + zone.height - top) / row)));
  const std::size_t shown = std::min(room, lines.size());
  const float left = zone.left + layout.padding;
  for (std::size_t i = lines.size() - shown; i < lines.size(); ++i) {
    const bool newest = i + 1 == lines.size();
    painter.text(*lines[i], {left, top, zone.width - 2 * layout.padding, row},
                 {layout.text.small, newest ? palette::text : palette::text_secondary});
    top += row;
  }
}

}  // namespace seneschal::display::detail
