#include "seneschal/engine/view_model.hpp"
#include "seneschal/engine/prompt_pointer.hpp"

#include <algorithm>

namespace seneschal::engine {

std::string ViewModel::banner_line() const {
  if (!headline.empty()) return headline;
  if (turn <= 0) return phase.empty() ? game_title : phase;
  // TRANSLATORS: the banner: the turn's number and the phase's name ("Turn 3 – Summer").
  return phase.empty() ? trf("Turn {0}", turn) : trf("Turn {0} \u2013 {1}", turn, phase);
}

bool ViewModel::won_by(std::size_t seat) const {
  return std::find(winner_seats.begin(), winner_seats.end(), static_cast<int>(seat)) != winner_seats.end();
}

bool stopped_at_check(const Session& session, std::int64_t group) {
  const std::optional<Pending>& pending = session.state().pending;
  if (group == 0 || !pending || pending->kind != Pending::Kind::Warning || session.events().empty()) return false;
  // The check's own event (FlowModule's "warning_raised", or an undo's "undo_warned") must be the command's last: a timer
  // started while an older check waits is logged too, and did not stop at anything.
  const Event& last = session.events().back();
  return last.group == group && (last.type == "warning_raised" || last.type == "undo_warned");
}

std::vector<TimerView> timer_views(const TableState& state, std::int64_t now_ms) {
  std::vector<TimerView> views;
  for (const TimerState& t : state.timers) {
    views.push_back({timer_shown_name(t.name), t.left_at(now_ms), t.total_ms, t.running, t.ringing_at(now_ms)});
  }
  // A limited seat clock counts down beside the sand timers while it runs, and rings like them.
  if (const auto c = state.clocks.countdown(now_ms); c && static_cast<std::size_t>(c->seat) < state.players.size()) {
    views.push_back({seat_clock_name(state, c->seat).shown, c->left_ms, c->limit_ms, true, c->left_ms == 0, false});
  }
  return views;
}

namespace {

// "Clock 12:04" on each seat's panel; against a whole-game limit, what is left ("12:56 left")
// or how far over ("0:45 over").
CounterView clock_counter(const SeatClocks& clocks, int seat, std::int64_t now_ms) {
  const std::int64_t used = clocks.used_ms(seat, now_ms);
  const std::int64_t limit = clocks.rules.game_ms;
  // TRANSLATORS: a seat's time deciding, on its panel.
  if (limit <= 0) return {tr("Clock"), clock_text(used)};
  return {tr("Clock"), used <= limit ? trf("{0} left", clock_text(limit - used)) : trf("{0} over", clock_text(used - limit))};
}

// The end charts' "Minutes deciding": each seat's time added up, turn by turn; none for a game
// in which no seat reached a minute (a script, a test), whose chart would be a row of zeros.
std::optional<ChartView> clock_chart(const SeatClocks& clocks) {
  const auto longest = std::max_element(clocks.total_ms.begin(), clocks.total_ms.end());
  if (clocks.turns.empty() || longest == clocks.total_ms.end() || *longest < 60'000) return std::nullopt;
  ChartView chart{tr("Minutes deciding"), {}};
  std::vector<std::int64_t> sum(clocks.total_ms.size(), 0);
  for (const TurnClock& turn : clocks.turns) {
    ChartPoint point{turn.turn, {}};
    for (std::size_t seat = 0; seat < sum.size(); ++seat) {
      if (seat < turn.ms.size()) sum[seat] += turn.ms[seat];
      point.values.push_back(static_cast<int>((sum[seat] + 30'000) / 60'000));
    }
    chart.points.push_back(std::move(point));
  }
  return chart;
}

}  // namespace

ViewModel make_view_model(const Session& session, std::optional<ScanToast> toast, std::int64_t now_ms,
                          std::size_t log_lines) {
  if (!session.module()) {
    ViewModel view;
    view.toast = std::move(toast);
    view.game_title = "Seneschal";
    view.prompt = tr("No game yet: start one");
    view.now_ms = now_ms;
    view.timers = timer_views(session.state(), now_ms);
    return view;
  }
  return make_view_model(session.state(), session.module()->describe(session.state()),
                         session.module()->cards().title(), session.prompt(), session.menu_open(), std::move(toast),
                         now_ms, log_lines);
}

ViewModel make_view_model(const TableState& state, const BoardView& board, const std::string& game_title,
                          const Prompt& prompt, bool menu_open, std::optional<ScanToast> toast, std::int64_t now_ms,
                          std::size_t log_lines) {
  ViewModel view;
  view.toast = std::move(toast);
  view.now_ms = now_ms;
  view.timers = timer_views(state, now_ms);
  view.game_title = game_title.empty() ? state.game : game_title;
  view.headline = board.headline;
  view.turn = state.turn;
  // The phase is the module's id, kept in English in the state (and compared there), marked N_
  // where the module writes it: said here in the language set.
  view.phase = tr_id(state.phase);
  view.prompt = prompt.text;
  view.prompt_options = prompt.labels();
  // Where the pointer starts on an option of the prompt's choosing (a check's Cancel, the likely
  // answer, even the first), OK picks
  // what it points at, so the legend must not promise the prompt's own OK ("do it anyway").
  view.ok_hint = starts_on_its_choice(prompt) ? std::string() : prompt.ok;
  view.pass_hint = prompt.pass;
  view.wants_number = prompt.wants_number;
  view.menu_open = menu_open;
  view.seats = board.seats;
  view.charts = board.charts;
  if (state.clocks.rules.visible()) {
    for (std::size_t i = 0; i < view.seats.size(); ++i) {
      view.seats[i].counters.push_back(clock_counter(state.clocks, static_cast<int>(i), now_ms));
    }
  }
  if (auto chart = clock_chart(state.clocks)) view.charts.push_back(std::move(*chart));
  // The seat whose answer the prompt waits for (a vote, a defender) acts, else whose move it is.
  const int acting = prompt.seat >= 0 ? prompt.seat : state.to_act;
  for (std::size_t i = 0; i < view.seats.size(); ++i) {
    view.seats[i].acting = static_cast<int>(i) == acting && !state.winner;
  }
  const std::size_t first = state.log.size() > log_lines ? state.log.size() - log_lines : 0;
  for (std::size_t i = first; i < state.log.size(); ++i) view.log.push_back(state.log[i].text);
  if (state.winner) {
    view.winner = winner_text(state);
    view.winner_seats = state.winner->players;
    // TRANSLATORS: the kind of victory ("dominance", "most victory points").
    view.victory = trf("{0} victory", tr_id(state.winner->victory));
  }
  return view;
}

}  // namespace seneschal::engine
