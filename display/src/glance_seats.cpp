// The glance page's seats: what a player reads of every seat from their chair, a metre away. Each
// seat is a block with its name, its score and the counters its game names as key, all at the key
// size; a block never sets them smaller to make room (a fuller seat is not a harder one to read),
// the grid gives the blocks the room instead: as many to a row as keep every name and number
// whole. Lists, badges and the other counters are on the details page; where a larger screen has
// room left under the key facts, the seat's lists follow them there too.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "parts.hpp"
#include "seat_rows.hpp"
#include "seneschal/display/fit_text.hpp"
#include "seneschal/display/palette.hpp"

namespace seneschal::display::detail {
namespace {

// A key counter: its label a reading aid at the body size, its value at the key size.
struct Chip {
  std::string label;
  std::string value;
};

// The counters the module names key; none named (a module not yet marking them), the first two
// that count something: a word without a digit (a Cutthroat house's name) names, it does not count.
std::vector<Chip> key_chips(const engine::SeatView& seat) {
  std::vector<Chip> chips;
  for (const engine::CounterView& counter : seat.counters) {
    if (counter.key) chips.push_back({counter.label, counter.value});
  }
  if (!chips.empty()) return chips;
  for (const engine::CounterView& counter : seat.counters) {
    const bool counts = std::any_of(counter.value.begin(), counter.value.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (counts && chips.size() < 2) chips.push_back({counter.label, counter.value});
  }
  return chips;
}

// A counter that already says the seat's score ("Renown 4" for 4, "CP 3/10" for 3) stands for it.
bool says_score(const Chip& chip, int score) {
  const std::string value = std::to_string(score);
  return chip.value == value || chip.value.rfind(value + "/", 0) == 0;
}

// The score beside the name, bare as on a scoreboard; not while a key counter says it, nor before
// anyone has scored (Cutthroat's victory points are counted at the Feast).
std::string score_text(const engine::ViewModel& view, const engine::SeatView& seat, const std::vector<Chip>& chips) {
  const bool scored = std::any_of(view.seats.begin(), view.seats.end(), [](const auto& s) { return s.score != 0; });
  const bool said = std::any_of(chips.begin(), chips.end(), [&](const Chip& c) { return says_score(c, seat.score); });
  return scored && !said ? std::to_string(seat.score) : std::string();
}

// One seat's key facts set out for a width: the name line (the score at its right, and the
// counters after the name when they all fit there), then the counters on as few lines as fit.
struct Block {
  std::string score;
  std::vector<Chip> chips;
  std::vector<std::size_t> line_of;  // each chip's line; 0 is the name's
  std::size_t lines = 1;
  bool whole = true;  // every name and number fits at the key size
};

class Measure {
 public:
  explicit Measure(const Painter& painter) : painter_(painter), layout_(painter.layout()) {}

  float gap() const { return std::round(16 * layout_.scale); }
  float label(const std::string& text) const {
    return text.empty() ? 0.f : painter_.measure(from_utf8(text + " "), layout_.text.body, Weight::Regular);
  }
  float key(const std::string& text) const { return painter_.measure(from_utf8(text), layout_.text.key, Weight::Bold); }
  float chip(const Chip& c) const { return label(c.label) + key(c.value); }

  Block plan(const engine::ViewModel& view, const engine::SeatView& seat, float width) const {
    Block block;
    block.chips = key_chips(seat);
    block.score = score_text(view, seat, block.chips);
    const float name = key(seat.name);
    const float score = block.score.empty() ? 0.f : gap() + key(block.score);
    block.whole = name + score <= width;
    float all = 0;
    for (const Chip& c : block.chips) all += gap() + chip(c);
    block.line_of.assign(block.chips.size(), 0);
    if (name + all + score <= width) return block;
    // Under the name, as many to a line as fit.
    float used = width;
    for (std::size_t i = 0; i < block.chips.size(); ++i) {
      const float w = chip(block.chips[i]);
      block.whole = block.whole && w <= width;
      if (used + gap() + w > width) {
        ++block.lines;
        used = w;
      } else {
        used += gap() + w;
      }
      block.line_of[i] = block.lines - 1;
    }
    return block;
  }

 private:
  const Painter& painter_;
  const BoardLayout& layout_;
};

// The label set on the value's baseline: a smaller text centred on the same box would sit higher.
sf::FloatRect on_baseline(const BoardLayout& layout, const sf::FloatRect& box) {
  const float shift = std::round(0.38f * static_cast<float>(layout.text.key - layout.text.body));
  return {box.left, box.top + 2 * shift, box.width, box.height - 2 * shift};
}

void draw_block(const Painter& painter, const Measure& measure, const engine::SeatView& seat, std::size_t index,
                const Block& block, const sf::FloatRect& box) {
  const BoardLayout& layout = painter.layout();
  const sf::FloatRect inner = draw_seat_frame(painter, seat, index, box);
  if (inner.width <= 0 || inner.height <= 0) return;
  const sf::Color ink = seat.eliminated ? palette::text_muted : palette::text;
  const unsigned key = layout.text.key;
  const float row = layout.row(key);
  const float gap = measure.gap();

  float right = inner.left + inner.width;
  if (!block.score.empty()) {
    right -= painter.text(block.score, {inner.left, inner.top, inner.width, row}, {key, ink, Weight::Bold, Align::Right});
    right -= gap;
  }
  // A name wider than its block (only where the grid could not keep it whole) shrinks first.
  float left = inner.left + painter.text(seat.name, {inner.left, inner.top, right - inner.left, row},
                                         {key, ink, Weight::Bold, Align::Left, layout.text.small});
  std::size_t line = 0;
  float top = inner.top;
  for (std::size_t i = 0; i < block.chips.size(); ++i) {
    if (block.line_of[i] != line) {
      line = block.line_of[i];
      top = inner.top + static_cast<float>(line) * row;
      left = inner.left;
      right = inner.left + inner.width;
    } else if (left > inner.left) {
      left += gap;
    }
    if (top + row > inner.top + inner.height + 1) break;
    const Chip& chip = block.chips[i];
    const sf::FloatRect cell{left, top, std::max(0.f, right - left), row};
    float used = 0;
    if (!chip.label.empty()) {
      used = painter.text(chip.label + " ", on_baseline(layout, cell),
                          {layout.text.body, palette::text_secondary});
    }
    used += painter.text(chip.value, {cell.left + used, cell.top, std::max(0.f, cell.width - used), row},
                         {key, ink, Weight::Bold});
    left += used;
  }

  // Room left on a larger screen: the seat's lists, as the details page sets them.
  const float below = inner.top + static_cast<float>(block.lines) * row + std::round(4 * layout.scale);
  const float room = inner.top + inner.height - below;
  // Only where every name is drawn whole or short: a cut name is no glance.
  const SeatContext context{painter, seat, ink, inner.width};
  const ListStyle style = list_style(layout, false, 1);
  if (room >= 3 * layout.row(layout.text.body) && !seat.lists.empty() && titles_fit(context, style)) {
    std::vector<Row> rows;
    add_holding_rows(context, rows, style);
    lay_rows(painter, rows, {inner.left, below, inner.width, room});
  }
}

// The grid: the most blocks to a row that still keeps every seat's key facts whole and in its
// block; when none does (names wider than the screen), the seats in one row up to three, else two.
struct Grid {
  std::size_t per_row = 1;
  std::vector<Block> blocks;
};

Grid choose_grid(const Painter& painter, const Measure& measure, const engine::ViewModel& view,
                 const sf::FloatRect& area) {
  const BoardLayout& layout = painter.layout();
  const std::size_t n = view.seats.size();
  const float inset = layout.stroke(5) + layout.padding;
  const float row = layout.row(layout.text.key);
  const auto plan_for = [&](std::size_t per_row, bool& fits) {
    const auto across = static_cast<float>(per_row);
    const auto rows = static_cast<float>((n + per_row - 1) / per_row);
    const float width = std::floor((area.width - (across - 1) * layout.margin) / across) - 2 * inset;
    const float height = std::floor((area.height - (rows - 1) * layout.margin) / rows) - 2 * inset;
    Grid grid{per_row, {}};
    fits = width > 0;
    for (const engine::SeatView& seat : view.seats) {
      grid.blocks.push_back(measure.plan(view, seat, std::max(0.f, width)));
      fits = fits && grid.blocks.back().whole && static_cast<float>(grid.blocks.back().lines) * row <= height;
    }
    return grid;
  };
  bool fits = false;
  for (std::size_t per_row = n; per_row >= 1; --per_row) {
    Grid grid = plan_for(per_row, fits);
    if (fits) return grid;
  }
  return plan_for(n <= 3 ? n : (n + 1) / 2, fits);
}

}  // namespace

void draw_glance_seats(const Painter& painter, const engine::ViewModel& view) {
  const BoardLayout& layout = painter.layout();
  const sf::FloatRect& area = layout.seat_area;
  if (view.seats.empty() || area.width <= 0 || area.height <= 0) return;
  const Measure measure(painter);
  const Grid grid = choose_grid(painter, measure, view, area);
  const std::size_t n = view.seats.size();
  const auto across = static_cast<float>(grid.per_row);
  const auto rows = static_cast<float>((n + grid.per_row - 1) / grid.per_row);
  const float width = std::floor((area.width - (across - 1) * layout.margin) / across);
  const float height = std::floor((area.height - (rows - 1) * layout.margin) / rows);
  const sf::FloatRect screen{0, 0, static_cast<float>(layout.screen.width), static_cast<float>(layout.screen.height)};
  for (std::size_t i = 0; i < n; ++i) {
    const sf::FloatRect box{area.left + static_cast<float>(i % grid.per_row) * (width + layout.margin),
                            area.top + static_cast<float>(i / grid.per_row) * (height + layout.margin), width, height};
    painter.region("seat panel", box, screen);
    draw_block(painter, measure, view.seats[i], i, grid.blocks[i], box);
  }
}

}  // namespace seneschal::display::detail
