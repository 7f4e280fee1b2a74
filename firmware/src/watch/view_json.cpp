#include "seneschal/firmware/watch/view_json.hpp"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "seneschal/engine/board_json.hpp"

namespace seneschal::firmware::watch {
namespace {

using json = nlohmann::json;

const char* verdict_name(engine::ScanToast::Verdict verdict) {
  switch (verdict) {
    case engine::ScanToast::Verdict::Refused: return "refused";
    case engine::ScanToast::Verdict::Warned: return "warned";
    case engine::ScanToast::Verdict::Accepted: break;
  }
  return "accepted";
}

}  // namespace

std::string view_body(const engine::ViewModel& view) {
  // The seats and charts as `play --state-out` saves a board (engine/board_json.hpp), with
  // whose move it is, which the saved board leaves to the state.
  json board = engine::board_to_json(engine::BoardView{view.headline, view.seats, view.charts});
  for (std::size_t i = 0; i < view.seats.size(); ++i) board["seats"][i]["acting"] = view.seats[i].acting;
  json timers = json::array();
  for (const auto& t : view.timers) {
    timers.push_back({{"name", t.name},
                      {"remaining_ms", t.remaining_ms},
                      {"total_ms", t.total_ms},
                      {"running", t.running},
                      {"alarm", t.alarm}});
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
      {"seats", std::move(board["seats"])},
      {"log", view.log},
      {"toast", std::move(toast)},
      {"winner", view.winner ? json(*view.winner) : json(nullptr)},
      {"winner_seats", view.winner_seats},
      {"victory", view.victory},
      {"timers", std::move(timers)},
      {"charts", std::move(board["charts"])},
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
