#include "seneschal/firmware/watch/view_json.hpp"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

namespace seneschal::firmware::watch {
namespace {

using json = nlohmann::json;

const char* icon_name(engine::ItemView::Icon icon) {
  switch (icon) {
    case engine::ItemView::Icon::Card: return "card";
    case engine::ItemView::Icon::Done: return "done";
    case engine::ItemView::Icon::Open: return "open";
    case engine::ItemView::Icon::None: break;
  }
  return "none";
}

const char* verdict_name(engine::ScanToast::Verdict verdict) {
  switch (verdict) {
    case engine::ScanToast::Verdict::Refused: return "refused";
    case engine::ScanToast::Verdict::Warned: return "warned";
    case engine::ScanToast::Verdict::Accepted: break;
  }
  return "accepted";
}

json seat_json(const engine::SeatView& seat) {
  json badges = json::array();
  for (const auto& b : seat.badges) {
    badges.push_back({{"label", b.label},
                      {"short_label", b.short_label},
                      {"tone", b.tone == engine::BadgeView::Tone::Muted ? "muted" : "highlight"}});
  }
  json counters = json::array();
  for (const auto& c : seat.counters) counters.push_back({{"label", c.label}, {"value", c.value}, {"key", c.key}});
  json lists = json::array();
  for (const auto& list : seat.lists) {
    json items = json::array();
    for (const auto& item : list.items) {
      items.push_back({{"title", item.title},
                       {"short_title", item.short_title},
                       {"note", item.note},
                       {"icon", icon_name(item.icon)},
                       {"quarter", item.quarter},
                       {"count", item.count ? json(*item.count) : json(nullptr)},
                       {"pips", item.pips},
                       {"muted", item.muted}});
    }
    lists.push_back({{"heading", list.heading}, {"items", std::move(items)}});
  }
  return {{"name", seat.name},         {"subtitle", seat.subtitle},
          {"score", seat.score},       {"acting", seat.acting},
          {"eliminated", seat.eliminated}, {"team", seat.team},
          {"badges", std::move(badges)}, {"counters", std::move(counters)},
          {"lists", std::move(lists)}};
}

}  // namespace

std::string view_body(const engine::ViewModel& view) {
  json seats = json::array();
  for (const auto& seat : view.seats) seats.push_back(seat_json(seat));
  json timers = json::array();
  for (const auto& t : view.timers) {
    timers.push_back({{"name", t.name},
                      {"remaining_ms", t.remaining_ms},
                      {"total_ms", t.total_ms},
                      {"running", t.running},
                      {"alarm", t.alarm}});
  }
  json charts = json::array();
  for (const auto& chart : view.charts) {
    json points = json::array();
    for (const auto& p : chart.points) points.push_back({{"turn", p.turn}, {"values", p.values}});
    charts.push_back({{"title", chart.title}, {"points", std::move(points)}});
  }
  json toast = nullptr;
  if (view.toast) {
    toast = {{"verdict", verdict_name(view.toast->verdict)}, {"title", view.toast->title}, {"detail", view.toast->detail}};
  }
  json notice = nullptr;
  if (view.device_notice) {
    notice = {{"title", view.device_notice->title},
              {"lines", view.device_notice->lines},
              {"failure", view.device_notice->failure}};
  }
  const json body = {
      {"game_title", view.game_title},
      {"headline", view.banner_line()},
      {"turn", view.turn},
      {"phase", view.phase},
      {"prompt", view.prompt},
      {"options", view.prompt_options},
      {"highlighted", view.highlighted},
      {"ok_hint", view.ok_hint},
      {"pass_hint", view.pass_hint},
      {"wants_number", view.wants_number},
      {"advance_in_ms", view.advance_in_ms ? json(*view.advance_in_ms) : json(nullptr)},
      {"seats", std::move(seats)},
      {"log", view.log},
      {"toast", std::move(toast)},
      {"winner", view.winner ? json(*view.winner) : json(nullptr)},
      {"winner_seats", view.winner_seats},
      {"victory", view.victory},
      {"timers", std::move(timers)},
      {"charts", std::move(charts)},
      {"notice", std::move(notice)},
  };
  // Text from the table is UTF-8 by the time it is in a view (printable.hpp); a stray byte is
  // replaced rather than thrown on, since the page must not cost the game.
  return body.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string view_message(const std::string& body, const Stamp& stamp) {
  // The body is an object "{...}": the fields go in front of its first key. The run is the
  // server's own [a-z2-7] text, so it needs no escaping.
  std::string out = fmt::format("{{\"run\":\"{}\",\"version\":{},\"sent_ms\":{},\"drawing_ms\":{}", stamp.run,
                                stamp.version, stamp.sent_ms, stamp.drawing_ms);
  if (body.size() > 2) out += ',';
  out.append(body, 1, std::string::npos);
  return out;
}

}  // namespace seneschal::firmware::watch
