#include "seneschal/firmware/app/game_review.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "seneschal/base/words.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/view_model.hpp"
#include "seneschal/firmware/table/button_mapper.hpp"

namespace seneschal::firmware {
namespace {

// The event at seq `upto`, or the last one before it (seq runs 1, 2, 3 ... without gaps).
const engine::Event* event_at(const std::vector<engine::Event>& events, std::int64_t upto) {
  const auto after = std::upper_bound(events.begin(), events.end(), upto,
                                      [](std::int64_t seq, const engine::Event& event) { return seq < event.seq; });
  return after == events.begin() ? nullptr : &*std::prev(after);
}

// The move's events: from its group to its last event.
struct MoveSpan {
  std::int64_t first = 0;
  const engine::Event* last = nullptr;
};

MoveSpan span_of(const std::vector<engine::Event>& events, std::int64_t move) {
  const auto last =
      std::find_if(events.rbegin(), events.rend(), [&](const engine::Event& e) { return e.group == move; });
  return {move, last == events.rend() ? nullptr : &*last};
}

std::vector<ReviewStep> steps_of(const engine::Session& session) {
  const std::vector<engine::Event>& events = session.events();
  const std::vector<std::int64_t>& moves = session.moves();
  std::vector<ReviewStep> steps;
  // The start: everything logged before the first move (the game's start, cards laid out).
  steps.push_back({moves.empty() ? events.back().seq : moves.front() - 1, 0, 0, 0});
  for (const std::int64_t move : moves) {
    if (const MoveSpan span = span_of(events, move); span.last) steps.push_back({span.last->seq, move, 0, 0});
  }
  // The last picture is the device's last screen: whatever the log holds after the last move
  // (a timer stopped, a card taken off the table) is on it.
  steps.back().upto = events.back().seq;
  for (ReviewStep& step : steps) {
    const engine::Event* at = event_at(events, step.upto);
    step.at_ms = at ? at->at_ms : 0;
  }
  return steps;
}

// What the move said it did: its last log line (the device's toast after it), or, while a
// rules check it raised waits, that it waits (as the daemon's amber toast says).
engine::ScanToast toast_of(const engine::TableState& state, const MoveSpan& move, std::size_t step, std::size_t moves) {
  engine::ScanToast toast;
  if (step == 0) {
    // TRANSLATORS: the toast of `seneschal review` at the game's start, before its first move.
    toast.title = tr("Review \u00b7 the start");
    toast.detail = trn("{0} move to step through", "{0} moves to step through", static_cast<long>(moves), moves);
    return toast;
  }
  // TRANSLATORS: the toast of `seneschal review`: {0} the move shown, {1} the game's moves.
  toast.title = trf("Review \u00b7 move {0} of {1}", step, moves);
  if (!move.last) return toast;
  for (auto line = state.log.rbegin(); line != state.log.rend(); ++line) {
    if (line->seq >= move.first && line->seq <= move.last->seq) {
      toast.detail = line->text;
      break;
    }
  }
  const bool check_waits = state.pending && state.pending->kind == engine::Pending::Kind::Warning &&
                           (move.last->type == "warning_raised" || move.last->type == "undo_warned");
  if (check_waits) {
    toast.verdict = engine::ScanToast::Verdict::Warned;
    if (toast.detail.empty()) toast.detail = tr("a rules check waits: see the prompt");
  }
  return toast;
}

}  // namespace

Result<GameReview> GameReview::open(std::unique_ptr<GameLog> log, const std::string& db) {
  const engine::Session& session = *log->session;
  if (!session.module() || session.events().empty()) return fail(db + ": the event log holds no game");
  std::vector<ReviewStep> steps = steps_of(session);
  // Each step's turn from one fold of the log (a fold a step made opening a long game quadratic).
  std::map<std::int64_t, int> turn_after;
  if (auto walked = session.walk([&](const engine::Event& event, const engine::TableState& state) {
        turn_after[event.seq] = state.turn;
      });
      !walked) {
    return fail(walked.error().message);
  }
  for (ReviewStep& step : steps) {
    const auto at = turn_after.upper_bound(step.upto);
    step.turn = at == turn_after.begin() ? 0 : std::prev(at)->second;
  }
  return GameReview(std::move(log), std::move(steps));
}

std::vector<int> GameReview::turns() const {
  std::vector<int> turns;
  for (const ReviewStep& step : steps_) turns.push_back(step.turn);
  return turns;
}

Result<engine::ViewModel> GameReview::view(std::size_t index) const {
  if (index >= steps_.size()) return fail(fmt::format("step {}: the game has {} steps", index, steps_.size()));
  const ReviewStep& step = steps_[index];
  auto state = session().state_at(step.upto);
  if (!state) return fail(state.error().message);
  const engine::GameModule& module = *session().module();
  const engine::Prompt prompt = module.prompt(*state);
  const MoveSpan move = index == 0 ? MoveSpan{} : span_of(session().events(), step.move);
  engine::ViewModel view = engine::make_view_model(*state, module.describe(*state), module.cards().title(), prompt,
                                                   false, toast_of(*state, move, index, steps_.size() - 1), step.at_ms);
  // The rows and the highlight as a new prompt shows them (TableDriver::view).
  ButtonMapper buttons;
  view.prompt_options = buttons.peek_rows(prompt);
  view.highlighted = view.prompt_options.empty() ? -1 : buttons.peek_highlight(prompt);
  return view;
}

}  // namespace seneschal::firmware
