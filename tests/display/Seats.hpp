#pragma once
// Seat panels and end charts for the display tests and the display bench, described the way a
// game module describes them (a subtitle, labelled counters, badges, titled lists, charts), with
// the words of a castle-and-food game so the screens look like a real table. The display knows
// none of these words; only the tests do.

#include <string>
#include <utility>
#include <vector>

#include "seneschal/engine/view_model.hpp"

namespace seneschal::display::fixtures {

using engine::BadgeView;
using engine::ItemView;

inline engine::SeatView seat(std::string name, std::string subtitle, int renown, int food) {
  engine::SeatView s;
  s.name = std::move(name);
  s.subtitle = std::move(subtitle);
  s.score = renown;
  s.counters = {{"Renown", std::to_string(renown)}, {"Food", std::to_string(food)}};
  return s;
}

inline void ordain(engine::SeatView& seat) { seat.badges.push_back({"Ordained", "Ord.", BadgeView::Tone::Highlight}); }

inline void eliminate(engine::SeatView& seat) {
  seat.eliminated = true;
  seat.badges.push_back({"Eliminated", "Out", BadgeView::Tone::Muted});
}

// A castle with its food drawn as pips, or buried (muted, no food).
inline ItemView castle(std::string title, int food, bool buried = false) {
  ItemView item;
  item.title = std::move(title);
  if (buried) {
    item.note = "buried";
    item.muted = true;
  } else {
    item.count = food;
    item.pips = true;
  }
  return item;
}

// A card in play, upright or bowed (turned a quarter); copies after the first say which.
inline ItemView card(std::string title, bool bowed = false, int copy = 1) {
  ItemView item;
  item.title = std::move(title) + (copy > 1 ? " (" + std::to_string(copy) + ")" : std::string());
  item.icon = ItemView::Icon::Card;
  item.quarter = bowed ? 90 : 0;
  item.note = bowed ? "bowed" : "";
  item.muted = bowed;
  return item;
}

inline ItemView quest(std::string title, bool done) {
  ItemView item;
  item.title = std::move(title);
  item.icon = done ? ItemView::Icon::Done : ItemView::Icon::Open;
  item.muted = done;
  return item;
}

// Appends items to the seat's list of that heading, making the list if it is new.
inline void add(engine::SeatView& seat, const std::string& heading, std::vector<ItemView> items) {
  for (engine::ListView& list : seat.lists) {
    if (list.heading == heading) {
      for (ItemView& item : items) list.items.push_back(std::move(item));
      return;
    }
  }
  seat.lists.push_back({heading, std::move(items)});
}

inline void castles(engine::SeatView& seat, std::vector<ItemView> items) { add(seat, "Castles", std::move(items)); }
inline void in_play(engine::SeatView& seat, std::vector<ItemView> items) { add(seat, "In play", std::move(items)); }
inline void quests(engine::SeatView& seat, std::vector<ItemView> items) { add(seat, "Quests", std::move(items)); }

// The items of the seat's list of that heading (none when it has no such list).
inline std::vector<ItemView> items(const engine::SeatView& seat, const std::string& heading) {
  for (const engine::ListView& list : seat.lists) {
    if (list.heading == heading) return list.items;
  }
  return {};
}

// Two end charts over `turns` turns for `seats` seats: renown climbs unevenly, food rises and
// falls, each seat differently, so lines cross. No turns: no charts.
inline std::vector<engine::ChartView> history(std::size_t seats, int turns) {
  if (turns <= 0) return {};
  engine::ChartView renown{"Renown", {}};
  engine::ChartView food{"Food", {}};
  for (int t = 1; t <= turns; ++t) {
    engine::ChartPoint r{t, {}};
    engine::ChartPoint f{t, {}};
    for (std::size_t s = 0; s < seats; ++s) {
      const int k = static_cast<int>(s);
      r.values.push_back(t * (k + 2) / 3 + (t % (k + 2) == 0 ? 1 : 0));
      f.values.push_back(3 + (t * (k + 1) + 2 * k) % 7);
    }
    renown.points.push_back(std::move(r));
    food.points.push_back(std::move(f));
  }
  return {std::move(renown), std::move(food)};
}

}  // namespace seneschal::display::fixtures
