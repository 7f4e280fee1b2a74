#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "parts.hpp"
#include "seneschal/base/words.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// A long prompt (a rules check's whole reason) wraps at the prompt's size onto this many lines,
// then at the small size onto one more; only past that is its last line cut. Four lines keep
// the banner to a third of the screen, and the seat panels compact themselves below it.
constexpr std::size_t kPromptLines = 4;
constexpr std::size_t kSmallPromptLines = 5;
// On the glance page a prompt of up to two lines is all at the key size; a longer one has its
// first line at the key size and the rest as above.
constexpr std::size_t kKeyPromptLines = 2;

// The prompt's words after those its first line drew (wrap_text splits on single spaces).
std::string words_after(const std::string& prompt, const sf::String& first_line) {
  std::size_t words = 0;
  for (std::size_t i = 0; i < first_line.getSize(); ++i) words += first_line[i] == ' ' ? 1 : 0;
  ++words;
  std::size_t at = 0;
  while (words > 0 && at < prompt.size()) {
    while (at < prompt.size() && prompt[at] == ' ') ++at;
    while (at < prompt.size() && prompt[at] != ' ') ++at;
    --words;
  }
  while (at < prompt.size() && prompt[at] == ' ') ++at;
  return prompt.substr(at);
}

// The banner's text column: inside the margins and the padding.
struct Column {
  float left;
  float width;
};

Column text_column(const BoardLayout& layout) {
  const float inset = layout.margin + layout.padding;
  return {layout.banner.left + inset, layout.banner.width - 2 * inset};
}

float gap_of(const BoardLayout& layout) { return std::round(12 * layout.scale); }

// Room the pill leaves itself on either side of its label, as Painter::badge pads.
float pill_pad(unsigned size) { return std::round(static_cast<float>(size) * 0.45f); }

}  // namespace

TextNeeds BannerPlan::needs(std::size_t legend_rows) const {
  const bool pill_row_alone = !pill.empty() && !beside;
  const bool key_pill = pill_row_alone && pill_size == key_size && key_lines > 0;
  TextNeeds needs;
  needs.key_lines = key_lines + (key_pill ? 1 : 0);
  needs.prompt_lines = lines.size() - key_lines + (pill_row_alone && !key_pill ? 1 : 0);
  needs.legend_rows = legend_rows;
  return needs;
}

BannerPlan plan_banner(const Painter& painter, const engine::ViewModel& view) {
  const BoardLayout& layout = painter.layout();
  const bool glance = layout.page == Page::Glance;
  // Two pixels spare: a line that starts with a glyph reaching left of its origin ("J") is drawn
  // that much in, and must still not be cut.
  const float width = text_column(layout).width - 2;
  BannerPlan plan;
  plan.pill_size = glance ? layout.text.key : layout.text.prompt;
  plan.key_size = layout.text.key;
  float first_width = width;
  const auto acting = std::find_if(view.seats.begin(), view.seats.end(), [](const auto& s) { return s.acting; });
  if (acting != view.seats.end()) {
    // The name is whole unless it is wider than the banner itself, and then cut, never "to act":
    // the pill must still say that it is their turn.
    const unsigned size = plan.pill_size;
    // The words around the name take their room first; the name gets what is left.
    // TRANSLATORS: the pill in the acting seat's colour under the banner; {0} is the seat's name.
    const std::string words = trf("{0} to act", "");
    const float room = width - 2 * pill_pad(size) - painter.measure(from_utf8(words), size, Weight::Bold) - 1;
    const sf::String name = painter.fit(acting->name, size, Weight::Bold, room);
    if (!name.isEmpty()) {
      const auto utf8 = name.toUtf8();
      // TRANSLATORS: the pill in the acting seat's colour under the banner; {0} is the seat's name.
      plan.pill = trf("{0} to act", std::string(utf8.begin(), utf8.end()));
      plan.seat = static_cast<std::size_t>(acting - view.seats.begin());
      plan.pill_width = std::ceil(painter.measure(from_utf8(plan.pill), size, Weight::Bold) + 2 * pill_pad(size));
      // A pill that leaves less than a third of the line has the line to itself.
      first_width = width - plan.pill_width - gap_of(layout);
      plan.beside = first_width >= width / 3;
      if (!plan.beside) first_width = width;
    }
  }
  constexpr std::size_t kUnlimited = std::numeric_limits<std::size_t>::max();
  if (glance) {
    // What to do now, read from the chairs: at the key size when two lines hold it; else its
    // first line at the key size and the rest (a check's whole reason) under it, as below.
    plan.lines = painter.wrap(view.prompt, plan.key_size, Weight::Regular, first_width, width, kUnlimited);
    if (plan.lines.size() <= kKeyPromptLines) {
      plan.key_lines = std::max<std::size_t>(1, plan.lines.size());
      plan.size = layout.text.prompt;
      if (plan.lines.empty()) plan.lines.emplace_back();
      return plan;
    }
    plan.lines.resize(1);
    plan.key_lines = 1;
    const std::string rest = words_after(view.prompt, plan.lines.front());
    plan.size = layout.text.prompt;
    std::vector<sf::String> more = painter.wrap(rest, plan.size, Weight::Regular, width, kUnlimited);
    if (more.size() > kPromptLines) {
      plan.size = layout.text.small;
      more = painter.wrap(rest, plan.size, Weight::Regular, width, kSmallPromptLines);
    }
    plan.lines.insert(plan.lines.end(), more.begin(), more.end());
    return plan;
  }
  // The prompt takes as many lines as it needs: a check the players must judge is read whole.
  plan.size = layout.text.prompt;
  plan.lines = painter.wrap(view.prompt, plan.size, Weight::Regular, first_width, width, kUnlimited);
  if (plan.lines.size() > kPromptLines) {
    plan.size = layout.text.small;
    plan.lines = painter.wrap(view.prompt, plan.size, Weight::Regular, first_width, width, kSmallPromptLines);
  }
  if (plan.lines.empty()) plan.lines.emplace_back();
  return plan;
}

void draw_banner(const Painter& painter, const engine::ViewModel& view, const BannerPlan& plan) {
  const BoardLayout& layout = painter.layout();
  const sf::FloatRect& banner = layout.banner;
  painter.fill(banner, palette::banner);

  const auto [left, width] = text_column(layout);
  const float pad = layout.padding;
  const float gap = gap_of(layout);
  const float first_row = layout.row(layout.text.heading);
  const sf::FloatRect top{left, banner.top + pad, width, first_row};

  // The turn and phase come first (shrinking before they are cut); the game's name only gets
  // the room they leave, and is shown whole or not at all: it is known at the table anyway.
  const float used = painter.text(view.banner_line(), top,
                                  {layout.text.heading, palette::text, Weight::Bold, Align::Left, layout.text.prompt});
  if ((view.turn > 0 || !view.headline.empty()) && used + gap < width) {
    const float room = width - used - gap;
    if (painter.measure(from_utf8(view.game_title), layout.text.small, Weight::Regular) <= room) {
      painter.text(view.game_title, {left + used + gap, top.top, room, top.height},
                   {layout.text.small, palette::text_secondary, Weight::Regular, Align::Right});
    }
  }

  // Whose action it is, in the acting seat's colour, then what they are asked to do.
  float line_top = top.top + first_row;
  float prompt_left = left;
  const auto height_of = [&](std::size_t line) {
    // Lines at the small size keep the prompt's row, as the layout counted them.
    return layout.row(line < plan.key_lines ? plan.key_size : layout.text.prompt);
  };
  if (!plan.pill.empty()) {
    const sf::Color colour = palette::seat_colour(plan.seat);
    const float pill_height = layout.row(plan.pill_size);
    // Beside a first line of its own size, or alone on its row.
    const float row_height = plan.beside ? std::max(pill_height, height_of(0)) : pill_height;
    painter.badge(plan.pill, {left, line_top, plan.pill_width, row_height}, plan.pill_size, colour,
                  palette::ink_on(colour));
    if (plan.beside) {
      prompt_left += plan.pill_width + gap;
    } else {
      line_top += row_height;
    }
  }
  for (std::size_t i = 0; i < plan.lines.size(); ++i) {
    const float line_height = height_of(i);
    painter.text(plan.lines[i], {prompt_left, line_top, left + width - prompt_left, line_height},
                 {i < plan.key_lines ? plan.key_size : plan.size, palette::text});
    line_top += line_height;
    prompt_left = left;
  }
}

}  // namespace seneschal::display::detail
