#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "parts.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// The toast and the log lines say what a code or a name was, and those come from anyone's
// printed tag: a newline would draw a second line over what lies below the band (text is only
// cut to its width), so control characters, and whatever SFML made of bytes that are not
// UTF-8, show as U+FFFD on the one line.
sf::String one_line(const std::string& utf8) {
  sf::String text = from_utf8(utf8);
  for (std::size_t i = 0; i < text.getSize(); ++i) {
    const sf::Uint32 c = text[i];
    const bool control = c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029;
    if (control || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) text[i] = 0xFFFD;
  }
  return text;
}

// The band's colour and leading mark for a verdict.
struct Look {
  sf::Color fill;
  const char* mark;
};

Look look_of(engine::ScanToast::Verdict verdict) {
  switch (verdict) {
    case engine::ScanToast::Verdict::Accepted: return {palette::accepted, "\u2713 "};  // ✓
    case engine::ScanToast::Verdict::Refused: return {palette::refused, "\u2717 "};   // ✗
    case engine::ScanToast::Verdict::Warned: return {palette::warned, "\u26A0 "};     // ⚠
  }
  return {palette::refused, "\u2717 "};
}

// The answer to the last card shown or button pressed, as a band across the screen. Besides its
// colour, the band leads with a tick, a cross or a warning sign, so it reads the same to every eye.
void draw_toast(const Painter& painter, const engine::ScanToast& toast) {
  const BoardLayout& layout = painter.layout();
  const Look look = look_of(toast.verdict);
  const sf::FloatRect& band = layout.toast;
  const sf::Color fill = look.fill;
  painter.fill(band, fill);

  const unsigned size = layout.text.prompt;
  const float pad = layout.padding * 1.5f;
  const float left = band.left + pad;
  const float width = band.width - 2 * pad;
  const sf::String mark = from_utf8(look.mark);
  // The title may take at most half the band when there is a detail to show beside it.
  const float title_room = toast.detail.empty() ? width : std::round(width / 2);
  const float used = painter.text(mark + one_line(toast.title), {left, band.top, title_room, band.height},
                                  {size, palette::ink_on(fill), Weight::Bold});
  if (!toast.detail.empty()) {
    const float gap = std::round(8 * layout.scale);
    painter.text(from_utf8("\u2014 ") + one_line(toast.detail),
                 {left + used + gap, band.top, width - used - gap, band.height}, {size, palette::ink_on(fill)});
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
  const float left = zone.left + layout.padding;
  const float width = zone.width - 2 * layout.padding;
  // Newest first, each line wrapped whole: a line too long for the rows left is left out, never
  // cut mid-word ("...Ordained marker to Sh…" says less than no line). The newest line that does
  // not fit at all gives way to the older ones; past it, the first that does not fit ends the log.
  struct Shown {
    std::vector<sf::String> rows;
    bool newest;
  };
  std::vector<Shown> shown;
  std::size_t used = 0;
  for (std::size_t i = lines.size(); i-- > 0 && used < room;) {
    const auto utf8 = one_line(*lines[i]).toUtf8();
    std::vector<sf::String> rows = painter.wrap(std::string(utf8.begin(), utf8.end()), layout.text.small,
                                                Weight::Regular, width, std::numeric_limits<std::size_t>::max());
    if (used + rows.size() > room) {
      if (i + 1 == lines.size()) continue;
      break;
    }
    used += rows.size();
    shown.push_back({std::move(rows), i + 1 == lines.size()});
  }
  for (auto line = shown.rbegin(); line != shown.rend(); ++line) {
    for (const sf::String& text : line->rows) {
      painter.text(text, {left, top, width, row}, {layout.text.small, line->newest ? palette::text : palette::text_secondary});
      top += row;
    }
  }
}

}  // namespace seneschal::display::detail
