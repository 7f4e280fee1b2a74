#include "seneschal/firmware/table/table_driver.hpp"

#include <algorithm>
#include <utility>

#include "seneschal/engine/timers.hpp"
#include "seneschal/base/words.hpp"

namespace seneschal::firmware {

bool TableDriver::alarm_ringing() const { return engine::alarm_ringing(session_->state(), clock_.now()); }

Result<std::optional<engine::Command>> TableDriver::button_command(Button button, int timer_seconds, bool held) {
  // Any button (a key, GPIO, a control tag, a script's press) at an idle prompt stops its
  // countdown: whoever pressed wants the table to wait.
  if (idle_) idle_->stopped = true;
  auto pressed = buttons_.press(button, session_->prompt(), alarm_ringing(), held);
  // A S1:CTL:TIMER:<seconds> tag (or a held TIMER with a length) carries its timer's length.
  auto* timer = pressed && *pressed ? std::get_if<engine::TimerCommand>(&**pressed) : nullptr;
  if (timer && timer->action == engine::TimerCommand::Action::Press) timer->seconds = timer_seconds;
  return pressed;
}

Result<std::optional<engine::Command>> TableDriver::tag_command(std::string_view payload, Routed& routed) {
  routed = router_->route(payload, session_->state().game);
  if (routed.button) return button_command(*routed.button, routed.seconds);
  if (!routed.command) return fail(routed.reason);
  return std::optional<engine::Command>{*routed.command};
}

Outcome TableDriver::apply(const engine::Command& command, const std::string& label) {
  Outcome outcome;
  outcome.label = label;
  outcome.command = command;
  const std::int64_t at = clock_.stamp();
  auto accepted = session_->apply(command, at, clock_.entropy());
  if (accepted && accepted->group == 0 && accepted->text.empty() && engine::is_table_command(command)) {
    // The table and the books already agreed: nothing was logged, nothing to say.
    outcome.kind = Outcome::Kind::Moved;
    outcome.text = "no change";
  } else if (accepted) {
    outcome.kind = Outcome::Kind::Applied;
    outcome.text = accepted->text;
    outcome.warned = engine::stopped_at_check(*session_, accepted->group);
  } else {
    outcome.kind = Outcome::Kind::Refused;
    outcome.text = accepted.error().message;
  }
  return outcome;
}

Outcome TableDriver::press(Button button, const std::string& label, int timer_seconds, bool held) {
  auto command = button_command(button, timer_seconds, held);
  if (!command) return {Outcome::Kind::Refused, label, command.error().message, std::nullopt};
  if (!*command) return {Outcome::Kind::Moved, label, buttons_.highlighted(session_->prompt()), std::nullopt};
  return apply(**command, label);
}

Outcome TableDriver::tag(std::string_view payload) {
  Routed routed;
  auto command = tag_command(payload, routed);
  if (!command) {
    Outcome::Kind kind = Outcome::Kind::Ignored;
    if (routed.button) kind = Outcome::Kind::Refused;  // a control tag the buttons turn away
    else if (routed.setup) kind = Outcome::Kind::Setup;
    else if (routed.foreign) kind = Outcome::Kind::Foreign;
    return {kind, routed.label, command.error().message, std::nullopt};
  }
  if (!*command) return {Outcome::Kind::Moved, routed.label, buttons_.highlighted(session_->prompt()), std::nullopt};
  return apply(**command, routed.label);
}

Outcome TableDriver::seen(const TableSighting& sighting) {
  using Change = TableSighting::Change;
  Routed routed;
  routed = router_->route(sighting.payload, session_->state().game);
  const auto* present = routed.command ? std::get_if<engine::PresentCard>(&*routed.command) : nullptr;
  if (!present) {
    // Control tags act when shown; a seat, calibration or foreign tag turning or leaving is nothing.
    if (sighting.change == Change::Appeared) return tag(sighting.payload);
    return {Outcome::Kind::Setup, routed.label, "not a card: its " + std::string(sighting.change == Change::Left ? "leaving" : "move") + " is no move", std::nullopt};
  }
  const engine::TableCard* lying = session_->state().on_table(present->card_id, present->copy);
  const std::string& id = present->card_id;
  const int copy = present->copy;
  if (!lying) {
    // First seen (or seen again after it left): a card shown, wherever the stabilizer first
    // caught it; leaving a table it never reached is nothing.
    if (sighting.change == Change::Left) return {Outcome::Kind::Moved, routed.label, "not on the table", std::nullopt};
    return apply(engine::PresentCard{id, copy, sighting.where}, routed.label);
  }
  if (sighting.change == Change::Left) return apply(engine::CardLeft{id, copy}, routed.label);
  // On the table already: tell what changed. One physical change is one fact: a card slid into
  // another seat's area or zone is a move, its quarter read against the new seat's facing (a new
  // reading, not a turn: in R9E a turn is a bow); a card turned where it lies is a turn.
  const bool other_area = (sighting.where.area_said || sighting.where.seat >= 0 || !sighting.where.zone.empty()) &&
                          (sighting.where.seat != lying->seat || sighting.where.zone != lying->zone);
  if (other_area) return apply(engine::MoveCard{id, copy, sighting.where}, routed.label);
  if (sighting.where.quarter && *sighting.where.quarter != lying->quarter) {
    return apply(engine::TurnCard{id, copy, *sighting.where.quarter}, routed.label);
  }
  return {Outcome::Kind::Moved, routed.label, "already on the table as it lies", std::nullopt};
}

std::vector<Outcome> TableDriver::watch_mismatches() {
  std::vector<Outcome> asked;
  const std::int64_t now = clock_.now();
  const std::vector<engine::Disagreement> open = session_->mismatches();
  // A mismatch that cleared (the card turned, the books followed, the players answered) starts
  // afresh if it comes back.
  std::erase_if(mismatches_, [&](const auto& watched) {
    return std::none_of(open.begin(), open.end(), [&](const engine::Disagreement& m) {
      return watched.first == std::tuple{m.card, m.copy, m.kind};
    });
  });
  for (const engine::Disagreement& mismatch : open) {
    Watched& watched = mismatches_.try_emplace({mismatch.card, mismatch.copy, mismatch.kind}, Watched{now, false}).first->second;
    const bool open_already = std::any_of(session_->state().disagreements.begin(), session_->state().disagreements.end(),
                                          [&](const engine::Disagreement& d) {
                                            return d.card == mismatch.card && d.copy == mismatch.copy && d.kind == mismatch.kind;
                                          });
    if (open_already) watched.asked = true;  // raised some other way, or before a restart
    if (watched.asked || now - watched.since_ms < kMismatchMs || session_->state().pending) continue;
    watched.asked = true;
    asked.push_back(apply(engine::Disagree{mismatch.card, mismatch.copy, mismatch.kind}, mismatch.text));
  }
  return asked;
}

bool TableDriver::idle_now(const engine::Prompt& prompt) const {
  const engine::TableState& state = session_->state();
  return idle_advance_ms_ > 0 && prompt.idle && !prompt.ok.empty() && !state.pending && !state.winner;
}

void TableDriver::follow_idle(const engine::Prompt& prompt, std::int64_t now_ms) {
  // The last idle prompt is kept while another stands over it (the MENU opened and closed), so
  // a countdown stopped by a button stays stopped when the same prompt comes back.
  if (!idle_now(prompt)) return;
  const std::size_t log_size = session_->state().log.size();
  if (idle_ && idle_->text == prompt.text && idle_->log_size == log_size) return;
  const bool taken_back = advanced_.count({prompt.text, session_->state().turn}) > 0;
  idle_ = IdleWatch{prompt.text, log_size, now_ms, taken_back};
}

std::optional<Outcome> TableDriver::watch_idle() {
  const std::int64_t now = clock_.now();
  const engine::Prompt prompt = session_->prompt();
  follow_idle(prompt, now);
  if (!idle_now(prompt) || !idle_ || idle_->stopped || now - idle_->since_ms < idle_advance_ms_) return std::nullopt;
  idle_->stopped = true;  // once: a refused OK is not tried again and again
  advanced_.insert({prompt.text, session_->state().turn});
  // TRANSLATORS: the toast's title when the device pressed OK itself at an idle prompt; OK is the
  // button's name as printed on it.
  return apply(engine::Ok{}, tr("OK (by itself)"));
}

std::optional<std::int64_t> TableDriver::idle_countdown_ms(std::int64_t now_ms) const {
  const engine::Prompt prompt = session_->prompt();
  if (!idle_now(prompt) || !idle_ || idle_->stopped || idle_->text != prompt.text ||
      idle_->log_size != session_->state().log.size()) {
    return std::nullopt;
  }
  return std::max<std::int64_t>(0, idle_->since_ms + idle_advance_ms_ - now_ms);
}

engine::ViewModel TableDriver::view(std::optional<engine::ScanToast> toast, std::int64_t now_ms) {
  engine::ViewModel view = engine::make_view_model(*session_, std::move(toast), now_ms);
  // The rows UP/DOWN move between (a number row first when the prompt asks for one).
  const engine::Prompt prompt = session_->prompt();
  view.prompt_options = buttons_.rows(prompt);
  view.highlighted = view.prompt_options.empty() ? -1 : buttons_.highlight(prompt);
  follow_idle(prompt, now_ms);
  view.advance_in_ms = idle_countdown_ms(now_ms);
  return view;
}

}  // namespace seneschal::firmware
