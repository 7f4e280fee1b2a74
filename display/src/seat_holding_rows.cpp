#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "seat_rows.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"
#include "seneschal/display/short_name.hpp"

namespace seneschal::display::detail {
namespace {

using engine::ItemView;

// Section labels are set in capitals, whatever case the game wrote them in.
std::string capitals(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// A little air above a section label sets the sections apart; the label sits on its line.
// Compact panels keep the label and drop the air.
void add_heading(const SeatContext& c, std::vector<Row>& rows, const std::string& label, const ListStyle& style) {
  const BoardLayout& layout = c.painter.layout();
  const float air = style.compact || style.tight ? 0 : std::round(5 * layout.scale);
  rows.push_back({layout.row(layout.text.small) + air, 0, true, [&c, label, air](const sf::FloatRect& box) {
    c.painter.text(label, {box.left, box.top + air, box.width, box.height - air},
                   {c.painter.layout().text.small, palette::text_secondary, Weight::Bold});
  }});
}

// Every title in the seat's lists: a short name must stay apart from these.
std::vector<sf::String> titles_of(const engine::SeatView& seat) {
  std::vector<sf::String> titles;
  for (const engine::ListView& list : seat.lists) {
    for (const ItemView& item : list.items) titles.push_back(from_utf8(item.title));
  }
  return titles;
}

// The ink of an item's title: a muted line (bowed, buried, done) steps back, more so without an
// icon, where the colour is all that says it.
sf::Color title_ink(const SeatContext& c, const ItemView& item) {
  if (!item.muted) return c.ink;
  return item.icon == ItemView::Icon::None ? palette::text_muted : palette::text_secondary;
}

// The pips a glance can count before an item's count, when the game asks for them: their size,
// spacing and how many a line `width` wide shows (in a narrow line one stands for the thing
// counted, so the title keeps the room). None in a compact list.
struct Pips {
  bool drawn = false;
  float size = 0;
  float step = 0;
  int shown = 0;
  float width() const { return shown > 0 ? static_cast<float>(shown - 1) * step + size : 0; }
};

Pips pips_for(const BoardLayout& layout, const ItemView& item, const ListStyle& style, float width) {
  if (!item.count || !item.pips || style.compact) return {};
  Pips p;
  p.drawn = true;
  p.size = std::round(static_cast<float>(style.size) * 0.5f);
  p.step = p.size + std::round(p.size * 0.4f);
  const float room = width >= 180 * layout.scale ? width * 0.4f : p.size;
  p.shown = std::max(0, std::min(*item.count, static_cast<int>(std::floor((room + p.step - p.size) / p.step))));
  return p;
}

// The count at the right, with its pips before it; returns where the title must end.
float draw_count(const SeatContext& c, const ItemView& item, const sf::FloatRect& box, const ListStyle& style) {
  const BoardLayout& layout = c.painter.layout();
  const float gap = std::round(8 * layout.scale);
  float right = box.left + box.width;
  right -= c.painter.text(std::to_string(*item.count), box, {style.size, c.ink, Weight::Bold, Align::Right});
  const Pips pips = pips_for(layout, item, style, box.width);
  if (!pips.drawn) return right - gap;
  right -= gap;
  for (int i = 0; i < pips.shown; ++i) {
    const float centre_x = right - pips.size / 2 - static_cast<float>(i) * pips.step;
    c.painter.disc({centre_x, box.top + box.height / 2}, pips.size / 2, palette::pip);
  }
  return right - pips.width() - gap;
}

// The width left for an item's title in a line `width` wide, beside its mark and its count as
// draw_item and draw_count set them.
float title_room(const Painter& painter, const ItemView& item, float width, const ListStyle& style, bool with_count = true) {
  const BoardLayout& layout = painter.layout();
  const float gap = std::round((style.compact ? 4 : 8) * layout.scale);
  float room = width;
  if (item.icon == ItemView::Icon::Card) {
    const float pad = std::round((style.compact ? 3 : 6) * layout.scale);
    room -= std::round(static_cast<float>(style.size) * 0.9f) + 3 * pad;
  } else if (item.icon != ItemView::Icon::None) {
    room -= painter.measure(sf::String(static_cast<sf::Uint32>(0x2713)), style.size, Weight::Bold) + gap;
  }
  if (item.count && with_count) {
    const float count_gap = std::round(8 * layout.scale);
    const Pips pips = pips_for(layout, item, style, room);
    room -= painter.measure(from_utf8(std::to_string(*item.count)), style.size, Weight::Bold) + count_gap;
    if (pips.drawn) room -= count_gap + pips.width();
  }
  return room;
}

// Whether one line holds the title: whole (Painter::name shrinks it down to the small size) or
// by a short form at the size.
bool one_line(const SeatContext& c, const ItemView& item, float room, const ListStyle& style) {
  const Painter& painter = c.painter;
  const sf::String whole = from_utf8(item.title);
  if (painter.measure(whole, painter.layout().text.small, Weight::Regular) <= room) return true;
  const std::vector<sf::String> forms = short_forms(whole, from_utf8(item.short_title), titles_of(c.seat));
  return std::any_of(forms.begin(), forms.end(),
                     [&](const sf::String& form) { return painter.measure(form, style.size, Weight::Regular) <= room - 1; });
}

// The title over two lines, when one line holds neither the name nor a short form of it (a
// narrow panel at a full table): "Territory 6" read whole rather than "Territor…". The first
// line has the width up to the edge, the count standing at the right of the second. Empty when
// one line does, or two do not, or the style sets items side by side or compact.
std::vector<sf::String> two_lines(const SeatContext& c, const ItemView& item, float width, const ListStyle& style) {
  if (style.compact || style.columns > 1) return {};
  const float room = title_room(c.painter, item, width, style);
  if (one_line(c, item, room, style)) return {};
  const float first = title_room(c.painter, item, width, style, false);
  std::vector<sf::String> lines = c.painter.wrap(item.title, style.size, Weight::Regular, first - 1, room - 1, 2);
  if (lines.size() == 1 && !any_cut(lines)) lines.push_back(sf::String());  // one word: the count under it
  return lines.size() == 2 && !any_cut(lines) ? lines : std::vector<sf::String>{};
}

// One line of a list: its mark (a card's outline turned as the card lies, a tick, an open
// diamond), the title, and at the right the count or the note. A note is drawn only where the
// title keeps most of the line, since the muted ink and the turned outline say it too.
void draw_item(const SeatContext& c, const ItemView& item, const sf::FloatRect& row, const ListStyle& style,
               const std::vector<sf::String>& lines = {}) {
  const BoardLayout& layout = c.painter.layout();
  const float inset = item.icon == ItemView::Icon::Card && !style.compact && !style.tight ? std::round(2 * layout.scale) : 0;
  const sf::FloatRect box{row.left, row.top + inset, row.width, row.height - 2 * inset};
  const float pad = item.icon == ItemView::Icon::Card ? std::round((style.compact ? 3 : 6) * layout.scale) : 0;
  if (item.icon == ItemView::Icon::Card) c.painter.fill(box, palette::card_chip);

  float left = box.left + pad;
  const float gap = std::round((style.compact ? 4 : 8) * layout.scale);
  switch (item.icon) {
    case ItemView::Icon::Card: {
      const float icon = std::round(static_cast<float>(style.size) * 0.9f);
      c.painter.card_icon({left + icon / 2, box.top + box.height / 2}, icon, item.quarter,
                          item.muted ? palette::text_muted : palette::text_secondary);
      left += icon + pad;
      break;
    }
    case ItemView::Icon::Done:
    case ItemView::Icon::Open: {
      const bool done = item.icon == ItemView::Icon::Done;
      const sf::String mark(static_cast<sf::Uint32>(done ? 0x2713 : 0x25C7));  // ✓ done, ◇ open
      left += c.painter.text(mark, {left, box.top, box.width, box.height},
                             {style.size, done ? palette::accepted : palette::text_secondary, Weight::Bold}) + gap;
      break;
    }
    case ItemView::Icon::None:
      break;
  }

  float right = box.left + box.width - pad;
  const float edge = right;
  // Over two lines, the count stands on the second.
  const float line = box.height / static_cast<float>(std::max<std::size_t>(lines.size(), 1));
  const float count_top = box.top + box.height - line;
  if (item.count) {
    right = draw_count(c, item, {left, count_top, right - left, line}, style);
  } else if (!item.note.empty()) {
    const sf::String note = from_utf8(item.note);
    if (c.painter.measure(note, layout.text.small, Weight::Regular) + gap <= (right - left) * 0.4f) {
      right -= c.painter.text(note, {left, count_top, right - left, line},
                              {layout.text.small, palette::text_muted, Weight::Regular, Align::Right}) + gap;
    }
  }
  if (right > left && lines.size() > 1) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].isEmpty()) continue;
      const float end = i + 1 < lines.size() ? edge : right;
      c.painter.text(lines[i], {left, box.top + static_cast<float>(i) * line, end - left, line},
                     {style.size, title_ink(c, item), Weight::Regular});
    }
  } else if (right > left) {
    c.painter.name(item.title, item.short_title, titles_of(c.seat), {left, box.top, right - left, box.height},
                   {style.size, title_ink(c, item), Weight::Regular, Align::Left, layout.text.small});
  }
}

}  // namespace

ListStyle list_style(const BoardLayout& layout, bool compact, std::size_t columns, bool headings) {
  ListStyle style;
  style.compact = compact;
  style.headings = headings;
  style.columns = std::max<std::size_t>(1, columns);
  style.size = compact ? layout.text.small : layout.text.body;
  style.line = layout.row(style.size);
  return style;
}

bool titles_fit(const SeatContext& context, const ListStyle& style) {
  for (const engine::ListView& list : context.seat.lists) {
    for (const ItemView& item : list.items) {
      const float room = title_room(context.painter, item, context.width, style);
      if (!one_line(context, item, room, style) && two_lines(context, item, context.width, style).empty()) return false;
    }
  }
  return true;
}

// Items side by side in `columns` columns, left to right then down, so a list reads in order.
void add_holding_rows(const SeatContext& context, std::vector<Row>& rows, const ListStyle& style) {
  const BoardLayout& layout = context.painter.layout();
  const float column_gap = std::round(4 * layout.scale);
  for (const engine::ListView& list : context.seat.lists) {
    if (list.items.empty()) continue;
    if (style.headings && !list.heading.empty()) add_heading(context, rows, capitals(list.heading), style);
    // Cards sit on chips, which want a little more height than a plain line.
    const bool chips = std::any_of(list.items.begin(), list.items.end(),
                                   [](const ItemView& item) { return item.icon == ItemView::Icon::Card; });
    const float line = style.line + (chips && !style.compact && !style.tight ? std::round(4 * layout.scale) : 0);
    for (std::size_t first = 0; first < list.items.size(); first += style.columns) {
      const std::size_t end = std::min(list.items.size(), first + style.columns);
      if (std::vector<sf::String> lines = two_lines(context, list.items[first], context.width, style); !lines.empty()) {
        rows.push_back({line + style.line, 1, false, [&c = context, &item = list.items[first], style, lines](const sf::FloatRect& box) {
                          draw_item(c, item, box, style, lines);
                        }});
        continue;
      }
      rows.push_back({line, static_cast<int>(end - first), false,
                      [&c = context, &list, first, end, style, column_gap](const sf::FloatRect& box) {
                        const auto n = static_cast<float>(style.columns);
                        const float width = (box.width - column_gap * (n - 1)) / n;
                        for (std::size_t i = first; i < end; ++i) {
                          const float left = box.left + static_cast<float>(i - first) * (width + column_gap);
                          draw_item(c, list.items[i], {left, box.top, width, box.height}, style);
                        }
                      }});
    }
  }
}

}  // namespace seneschal::display::detail
