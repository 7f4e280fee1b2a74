#include "seneschal/engine/board_json.hpp"

#include <array>

namespace seneschal::engine {
namespace {

using nlohmann::json;

constexpr std::array<std::pair<ItemView::Icon, const char*>, 4> kIcons{
    {{ItemView::Icon::None, "none"}, {ItemView::Icon::Card, "card"}, {ItemView::Icon::Done, "done"}, {ItemView::Icon::Open, "open"}}};

const char* icon_word(ItemView::Icon icon) {
  for (const auto& [i, word] : kIcons) {
    if (i == icon) return word;
  }
  return "none";
}

json item_json(const ItemView& item) {
  json out = {{"title", item.title}, {"icon", icon_word(item.icon)}};
  if (!item.note.empty()) out["note"] = item.note;
  if (item.quarter != 0) out["quarter"] = item.quarter;
  if (item.count) out["count"] = *item.count;
  if (item.pips) out["pips"] = true;
  if (item.muted) out["muted"] = true;
  if (!item.short_title.empty()) out["short"] = item.short_title;
  return out;
}

// Reads one part with its path for the error; nlohmann throws on a wrong type.
class Reader {
 public:
  explicit Reader(std::string& where) : where_(where) {}
  void at(const std::string& path) { where_ = path; }

 private:
  std::string& where_;
};

ItemView item_from(const json& j, Reader& reader, const std::string& path) {
  ItemView item;
  reader.at(path + ".title");
  item.title = j.at("title").get<std::string>();
  reader.at(path + ".icon");
  const std::string icon = j.value("icon", std::string("none"));
  bool known = false;
  for (const auto& [i, word] : kIcons) {
    if (icon == word) {
      item.icon = i;
      known = true;
    }
  }
  if (!known) throw std::invalid_argument("no icon \"" + icon + "\" (none, card, done, open)");
  reader.at(path + ".quarter");
  item.quarter = j.value("quarter", 0);
  if (item.quarter % 90 != 0 || item.quarter < 0 || item.quarter > 270) throw std::invalid_argument("0, 90, 180 or 270");
  reader.at(path);
  item.note = j.value("note", std::string());
  if (j.contains("count")) item.count = j["count"].get<int>();
  item.pips = j.value("pips", false);
  item.muted = j.value("muted", false);
  item.short_title = j.value("short", std::string());
  return item;
}

}  // namespace

json board_to_json(const BoardView& board) {
  json seats = json::array();
  for (const SeatView& seat : board.seats) {
    json badges = json::array();
    for (const BadgeView& b : seat.badges) {
      badges.push_back({{"label", b.label}, {"short", b.short_label},
                        {"tone", b.tone == BadgeView::Tone::Highlight ? "highlight" : "muted"}});
    }
    json counters = json::array();
    for (const CounterView& c : seat.counters) {
      json counter = {{"label", c.label}, {"value", c.value}};
      if (c.key) counter["key"] = true;
      counters.push_back(std::move(counter));
    }
    json lists = json::array();
    for (const ListView& list : seat.lists) {
      json items = json::array();
      for (const ItemView& item : list.items) items.push_back(item_json(item));
      lists.push_back({{"heading", list.heading}, {"items", items}});
    }
    json seat_json = {{"name", seat.name}, {"subtitle", seat.subtitle}, {"score", seat.score},
                      {"eliminated", seat.eliminated}, {"badges", badges}, {"counters", counters}, {"lists", lists}};
    if (seat.team >= 0) seat_json["team"] = seat.team;
    seats.push_back(std::move(seat_json));
  }
  json charts = json::array();
  for (const ChartView& chart : board.charts) {
    json points = json::array();
    for (const ChartPoint& p : chart.points) points.push_back({{"turn", p.turn}, {"values", p.values}});
    charts.push_back({{"title", chart.title}, {"points", points}});
  }
  return {{"headline", board.headline}, {"seats", seats}, {"charts", charts}};
}

Result<BoardView> board_from_json(const json& in) {
  if (!in.is_object()) return fail("the board is not a JSON object");
  BoardView board;
  std::string where = "board";
  Reader reader(where);
  try {
    board.headline = in.value("headline", std::string());
    int s = 0;
    for (const json& seat_json : in.value("seats", json::array())) {
      const std::string seat_path = "seats[" + std::to_string(s++) + "]";
      reader.at(seat_path);
      SeatView seat;
      seat.name = seat_json.at("name").get<std::string>();
      seat.subtitle = seat_json.value("subtitle", std::string());
      seat.score = seat_json.value("score", 0);
      seat.eliminated = seat_json.value("eliminated", false);
      seat.team = seat_json.value("team", -1);
      for (const json& b : seat_json.value("badges", json::array())) {
        reader.at(seat_path + ".badges");
        seat.badges.push_back({b.at("label").get<std::string>(), b.value("short", std::string()),
                               b.value("tone", std::string()) == "muted" ? BadgeView::Tone::Muted : BadgeView::Tone::Highlight});
      }
      for (const json& c : seat_json.value("counters", json::array())) {
        reader.at(seat_path + ".counters");
        seat.counters.push_back({c.at("label").get<std::string>(), c.at("value").get<std::string>(), c.value("key", false)});
      }
      int l = 0;
      for (const json& list_json : seat_json.value("lists", json::array())) {
        const std::string list_path = seat_path + ".lists[" + std::to_string(l++) + "]";
        reader.at(list_path);
        ListView list{list_json.value("heading", std::string()), {}};
        int i = 0;
        for (const json& item : list_json.value("items", json::array())) {
          list.items.push_back(item_from(item, reader, list_path + ".items[" + std::to_string(i++) + "]"));
        }
        seat.lists.push_back(std::move(list));
      }
      board.seats.push_back(std::move(seat));
    }
    int c = 0;
    for (const json& chart_json : in.value("charts", json::array())) {
      reader.at("charts[" + std::to_string(c++) + "]");
      ChartView chart{chart_json.at("title").get<std::string>(), {}};
      for (const json& p : chart_json.value("points", json::array())) {
        chart.points.push_back({p.at("turn").get<int>(), p.at("values").get<std::vector<int>>()});
      }
      board.charts.push_back(std::move(chart));
    }
  } catch (const std::exception& e) {
    return fail(where + ": " + e.what());
  }
  return board;
}

}  // namespace seneschal::engine
