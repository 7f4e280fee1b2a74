#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "seat_rows.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// A little air above a section label sets the sections apart; the label sits on its line.
void add_heading(const SeatContext& c, std::vector<Row>& rows, const char* label) {
  const BoardLayout& layout = c.painter.layout();
  const float air = std::round(5 * layout.scale);
  rows.push_back({layout.row(layout.text.small) + air, false, true, [&c, label, air](const sf::FloatRect& box) {
    c.painter.text(sf::String(label), {box.left, box.top + air, box.width, box.height - air},
                   {c.painter.layout().text.small, palette::text_secondary, Weight::Bold});
  }});
}

// Food as pips a glance can count, with the number beside them for when they run long.
void draw_castle(const SeatContext& c, const engine::CastleView& castle, const sf::FloatRect& box) {
  const BoardLayout& layout = c.painter.layout();
  const unsigned size = layout.text.body;
  const float gap = std::round(8 * layout.scale);
  float right = box.left + box.width;
  if (castle.buried) {
    // As with "bowed": the word only where the title keeps most of the row; the muted title
    // and the missing pips say it too.
    const sf::String buried("buried");
    if (c.painter.measure(buried, layout.text.small, Weight::Regular) + gap <= box.width * 0.4f) {
      right -= c.painter.text(buried, box, {layout.text.small, palette::text_muted, Weight::Regular, Align::Right});
    }
  } else {
    right -= c.painter.text(std::to_string(castle.food), box, {size, c.ink, Weight::Bold, Align::Right});
    const float pip = std::round(static_cast<float>(size) * 0.5f);
    const float step = pip + std::round(pip * 0.4f);
    // In a narrow panel the title needs the room: one pip then stands for "food".
    const float room = box.width >= 180 * layout.scale ? box.width * 0.4f : pip;
    const int fit = static_cast<int>(std::floor((room + step - pip) / step));
    const int shown = std::max(0, std::min(castle.food, fit));
    right -= gap;
    for (int i = 0; i < shown; ++i) {
      const float centre_x = right - pip / 2 - static_cast<float>(i) * step;
      c.painter.disc({centre_x, box.top + box.height / 2}, pip / 2, palette::food);
    }
    if (shown > 0) right -= static_cast<float>(shown - 1) * step + pip;
  }
  const float title_width = right - gap - box.left;
  if (title_width > 0) {
    c.painter.text(castle.title, {box.left, box.top, title_width, box.height},
                   {size, castle.buried ? palette::text_muted : c.ink});
  }
}

// A card in play sits on a chip; a bowed one has its outline turned sideways, as on the
// table, and says "bowed" where there is room, since an icon alone is easy to miss.
void draw_card(const SeatContext& c, const engine::CardView& card, const sf::FloatRect& row) {
  const BoardLayout& layout = c.painter.layout();
  const float inset = std::round(2 * layout.scale);
  const sf::FloatRect box{row.left, row.top + inset, row.width, row.height - 2 * inset};
  c.painter.fill(box, palette::card_chip);
  const unsigned size = layout.text.body;
  const float pad = std::round(6 * layout.scale);
  const float icon = std::round(static_cast<float>(size) * 0.9f);
  c.painter.card_icon({box.left + pad + icon / 2, box.top + box.height / 2}, icon, card.bowed,
                      card.bowed ? palette::text_muted : palette::text_secondary);
  const float text_left = box.left + 2 * pad + icon;
  float right = box.left + box.width - pad;
  // The word only when the title keeps most of the row; the turned outline always shows.
  const sf::String bowed("bowed");
  if (card.bowed && c.painter.measure(bowed, layout.text.small, Weight::Regular) + pad <= (right - text_left) * 0.4f) {
    right -= c.painter.text(bowed, {text_left, box.top, right - text_left, box.height},
                            {layout.text.small, palette::text_muted, Weight::Regular, Align::Right});
    right -= pad;
  }
  std::string title = card.title;
  if (card.copy > 1) title += " (" + std::to_string(card.copy) + ")";
  if (right > text_left) {
    c.painter.text(title, {text_left, box.top, right - text_left, box.height},
                   {size, card.bowed ? palette::text_secondary : c.ink});
  }
}

void draw_quest(const SeatContext& c, const engine::QuestView& quest, const sf::FloatRect& box) {
  const BoardLayout& layout = c.painter.layout();
  const unsigned size = layout.text.body;
  const sf::String mark(static_cast<sf::Uint32>(quest.completed ? 0x2713 : 0x25C7));  // ✓ done, ◇ open
  const float used = c.painter.text(mark, box, {size, quest.completed ? palette::accepted : palette::text_secondary,
                                                Weight::Bold});
  const float gap = std::round(8 * layout.scale);
  c.painter.text(quest.title, {box.left + used + gap, box.top, box.width - used - gap, box.height},
                 {size, quest.completed ? palette::text_secondary : c.ink});
}

}  // namespace

void add_holding_rows(const SeatContext& context, std::vector<Row>& rows) {
  const BoardLayout& layout = context.painter.layout();
  const float line = layout.row(layout.text.body);
  if (!context.seat.castles.empty()) {
    add_heading(context, rows, "CASTLES");
    for (const engine::CastleView& castle : context.seat.castles) {
      rows.push_back({line, true, false, [&c = context, &castle](const sf::FloatRect& box) { draw_castle(c, castle, box); }});
    }
  }
  if (!context.seat.in_play.empty()) {
    add_heading(context, rows, "IN PLAY");
    const float chip_line = line + std::round(4 * layout.scale);
    for (const engine::CardView& card : context.seat.in_play) {
      rows.push_back({chip_line, true, false, [&c = context, &card](const sf::FloatRect& box) { draw_card(c, card, box); }});
    }
  }
  if (!context.seat.quests.empty()) {
    add_heading(context, rows, "QUESTS");
    for (const engine::QuestView& quest : context.seat.quests) {
      rows.push_back({line, true, false, [&c = context, &quest](const sf::FloatRect& box) { draw_quest(c, quest, box); }});
    }
  }
}

}  // namespace seneschal::display::detail
