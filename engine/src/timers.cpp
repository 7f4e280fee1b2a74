#include "seneschal/engine/timers.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace seneschal::engine {
namespace {

constexpr std::int64_t kMinute = 60'000;
// The longest a timer may be set to, minutes added included: long enough for any round.
constexpr std::int64_t kLongest = 4 * 60 * kMinute;

const TimerState* find(const std::vector<TimerState>& timers, const std::string& name) {
  if (name.empty()) return timers.empty() ? nullptr : &timers.back();
  for (const TimerState& t : timers) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

const TimerPreset* preset_for(const std::vector<TimerPreset>& presets, const std::string& name, int seconds) {
  for (const TimerPreset& p : presets) {
    if (name.empty() ? (seconds == 0 || p.seconds == seconds) : p.name == name) return &p;
  }
  return nullptr;
}

EventDraft draft(const char* action, const std::string& name, std::int64_t ms = 0) {
  nlohmann::json data = {{"action", action}, {"name", name}};
  if (ms > 0) data["ms"] = ms;
  return {kTimerEvent, std::move(data)};
}

Result<EventDraft> start(const TimerCommand& command, const std::vector<TimerPreset>& presets) {
  const TimerPreset* preset = preset_for(presets, command.name, command.seconds);
  std::string name = command.name;
  int seconds = command.seconds;
  if (preset) {
    if (name.empty()) name = preset->name;
    if (seconds == 0) seconds = preset->seconds;
  }
  if (seconds <= 0) return fail(trf("timer \"{0}\" needs a length: no preset has that name", name));
  // The name is kept in English in the log: the screen says it (timer_shown_name).
  if (name.empty()) name = "Timer " + clock_text(std::int64_t{seconds} * 1000);
  if (std::int64_t{seconds} * 1000 > kLongest) return fail(trf("a timer can run at most {0}", clock_text(kLongest)));
  // Starting a timer that exists starts it afresh: the sand timer turned over.
  return draft("start", name, std::int64_t{seconds} * 1000);
}

}  // namespace

std::string timer_shown_name(const std::string& name) {
  constexpr std::string_view kLength = "Timer ";
  if (name.size() > kLength.size() && name.starts_with(kLength) &&
      std::isdigit(static_cast<unsigned char>(name[kLength.size()]))) {
    // TRANSLATORS: a sand timer named by its length, "Timer 1:30".
    return trf("Timer {0}", name.substr(kLength.size()));
  }
  return tr(name);
}

std::int64_t TimerState::left_at(std::int64_t now_ms) const {
  if (!running) return left_ms;
  return std::max<std::int64_t>(0, left_ms - std::max<std::int64_t>(0, now_ms - since_ms));
}

bool any_ringing(const std::vector<TimerState>& timers, std::int64_t now_ms) {
  return std::any_of(timers.begin(), timers.end(), [&](const TimerState& t) { return t.ringing_at(now_ms); });
}

std::string clock_text(std::int64_t ms) {
  // Rounded up, as a countdown reads: 0:01 until the very end, never 0:00 while time is left.
  const std::int64_t total = (std::max<std::int64_t>(0, ms) + 999) / 1000;
  const std::int64_t h = total / 3600, m = (total / 60) % 60, s = total % 60;
  char text[32];
  if (h > 0) {
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", static_cast<long long>(h), static_cast<long long>(m),
                  static_cast<long long>(s));
  } else {
    std::snprintf(text, sizeof text, "%lld:%02lld", static_cast<long long>(m), static_cast<long long>(s));
  }
  return text;
}

Result<EventDraft> decide_timer(const std::vector<TimerState>& timers, const TimerCommand& command,
                                const std::vector<TimerPreset>& presets, std::int64_t now_ms) {
  using Action = TimerCommand::Action;
  const TimerState* timer = find(timers, command.name);
  const std::string label = command.name.empty() ? std::string(tr("a timer")) : trf("timer \"{0}\"", command.name);
  const auto shown = [](const TimerState& t) { return timer_shown_name(t.name); };
  switch (command.action) {
    case Action::Press: {
      // The alarm wins: whatever the button meant, a ringing timer is what the table hears.
      for (const TimerState& t : timers) {
        if (t.ringing_at(now_ms)) return draft("acknowledge", t.name);
      }
      if (command.name.empty() && command.seconds > 0) {
        // A TIMER:<seconds> tag names its timer by its length (or the preset of that length).
        const TimerPreset* preset = preset_for(presets, "", command.seconds);
        const std::string name = preset ? preset->name : "Timer " + clock_text(std::int64_t{command.seconds} * 1000);
        timer = find(timers, name);
        if (!timer) return start({Action::Start, name, command.seconds}, presets);
      }
      if (!timer) return start({Action::Start, command.name, command.seconds}, presets);
      return draft(timer->running ? "pause" : "resume", timer->name);
    }
    case Action::Start:
      return start(command, presets);
    case Action::Pause:
      if (!timer) return fail(trf("no {0} to pause", label));
      if (!timer->running) return fail(trf("{0} is already paused", shown(*timer)));
      if (timer->ringing_at(now_ms)) return fail(trf("{0} has run out: acknowledge it", shown(*timer)));
      return draft("pause", timer->name);
    case Action::Resume:
      if (!timer) return fail(trf("no {0} to resume", label));
      if (timer->running) return fail(trf("{0} is already running", shown(*timer)));
      return draft("resume", timer->name);
    case Action::AddMinute:
      if (!timer) return fail(trf("no {0} to add a minute to", label));
      if (timer->total_ms + kMinute > kLongest) return fail(trf("a timer can run at most {0}", clock_text(kLongest)));
      return draft("add-minute", timer->name, kMinute);
    case Action::Cancel:
      if (!timer) return fail(trf("no {0} to cancel", label));
      return draft("cancel", timer->name);
    case Action::Acknowledge:
      for (const TimerState& t : timers) {
        if (t.ringing_at(now_ms) && (command.name.empty() || t.name == command.name)) return draft("acknowledge", t.name);
      }
      return fail(tr("no alarm is ringing"));
  }
  return fail("unknown timer action");
}

std::string apply_timer(std::vector<TimerState>& timers, const Event& event) {
  const std::string action = event.data.value("action", std::string());
  const std::string name = event.data.value("name", std::string());
  const std::int64_t ms = event.data.value("ms", std::int64_t{0});
  const std::int64_t at = event.at_ms;
  auto it = std::find_if(timers.begin(), timers.end(), [&](const TimerState& t) { return t.name == name; });
  if (action == "start") {
    if (it != timers.end()) timers.erase(it);
    timers.push_back({name, ms, ms, at, true});
    // A timer named by its length ("Timer 1:30") need not say it twice.
    const std::string length = clock_text(ms);
    return name.find(length) != std::string::npos ? trf("{0} started", timer_shown_name(name))
                                                  : trf("{0} started, {1}", timer_shown_name(name), length);
  }
  const std::string shown = timer_shown_name(name);
  if (it == timers.end()) return "";  // a timer the log no longer holds: nothing to change
  TimerState& t = *it;
  if (action == "pause") {
    t.left_ms = t.left_at(at);
    t.since_ms = at;
    t.running = false;
    return trf("{0} paused at {1}", shown, clock_text(t.left_ms));
  }
  if (action == "resume") {
    t.since_ms = at;
    t.running = true;
    return trf("{0} resumed at {1}", shown, clock_text(t.left_ms));
  }
  if (action == "add-minute") {
    t.left_ms = t.left_at(at) + ms;
    t.since_ms = at;
    t.total_ms += ms;
    return trf("{0}: a minute added, {1} left", shown, clock_text(t.left_ms));
  }
  if (action == "cancel") {
    timers.erase(it);
    return trf("{0} cancelled", shown);
  }
  if (action == "acknowledge") {
    timers.erase(it);
    return trf("{0}: time is up", shown);
  }
  return "";
}

std::vector<TimerMenuItem> timer_menu(const std::vector<TimerState>& timers, const std::vector<TimerPreset>& presets) {
  using Action = TimerCommand::Action;
  std::vector<TimerMenuItem> items;
  for (const TimerState& t : timers) {
    const Words name{timer_shown_name(t.name), t.name};
    if (t.running && t.left_ms > 0) items.push_back({"timer:pause:" + t.name, say("Pause {0}", name), {Action::Pause, t.name, 0}});
    if (!t.running) items.push_back({"timer:resume:" + t.name, say("Resume {0}", name), {Action::Resume, t.name, 0}});
    items.push_back({"timer:add-minute:" + t.name, say("Add a minute to {0}", name), {Action::AddMinute, t.name, 0}});
    items.push_back({"timer:cancel:" + t.name, say("Cancel {0}", name), {Action::Cancel, t.name, 0}});
  }
  for (const TimerPreset& p : presets) {
    if (find(timers, p.name)) continue;
    const Words name{timer_shown_name(p.name), p.name};
    // TRANSLATORS: {0} a timer's name, {1} its length ("Start Negotiation 3:00").
    items.push_back({"timer:start:" + p.name, say("Start {0} {1}", name, clock_text(std::int64_t{p.seconds} * 1000)),
                     {Action::Start, p.name, p.seconds}});
  }
  return items;
}

}  // namespace seneschal::engine
