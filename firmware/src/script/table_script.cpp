#include "seneschal/firmware/script/table_script.hpp"

#include "seneschal/base/did_you_mean.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>

#include "seneschal/engine/board_json.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/engine/state_json.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/base/printable.hpp"
#include "seneschal/vision/image_limits.hpp"
#include "seneschal/vision/scanner.hpp"
#include "seneschal/vision/tag.hpp"
#include "script/text_case.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;
using Kind = ScriptStep::Kind;

// The clock a script runs on: each command one second after the last, so logs read in order
// and replays are identical; `wait` advances it further, and running timers with it.
constexpr std::int64_t kMsPerCommand = 1000;

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : std::string(sep)) + item;
  return out;
}

}  // namespace

// The header lines that come before the first command.
struct TableScript::Header {
  std::string game;
  std::vector<std::string> seats;
  std::uint64_t seed = 1;
  int game_line = 0;
  engine::SeatClockRules clocks{};
};

TableScript::TableScript(engine::CardLibrary cards, ScriptOptions options)
    : cards_(std::move(cards)),
      options_(options),
      registry_(std::make_unique<engine::ModuleRegistry>()),
      router_(cards_) {
  if (options_.register_games) {
    options_.register_games(*registry_);
  } else {
    engine::register_builtin_modules(*registry_);
  }
}

TableScript::~TableScript() = default;

Result<void> TableScript::open(const std::string& db_path) {
  auto store = engine::EventStore::open(db_path);
  if (!store) return fail(store.error().message);
  auto session = engine::Session::resume(std::move(store).value(), *registry_, cards_);
  if (!session) return fail(session.error().message);
  session_.emplace(std::move(session).value());
  // The script's clock: a command is stamped a second after the last, and an alarm is heard at
  // the time the next command would be stamped.
  driver_.emplace(*session_, router_,
                  TableDriver::Clock{[this] { return now_ms_ + kMsPerCommand; },
                                     [this] { return now_ms_ += kMsPerCommand; }, [this] { return entropy_(); }});
  driver_->set_idle_advance_ms(options_.advance_idle_ms);
  if (!session_->events().empty()) {
    printed_seq_ = session_->events().back().seq;
    now_ms_ = session_->events().back().at_ms;
  }
  return {};
}

std::string TableScript::game() const { return session_ ? session_->state().game : std::string(); }

Result<void> TableScript::run(const Script& script) {
  if (!session_) return fail(script.origin + ": no event log is open");
  Header header;
  bool started = false;
  int started_at = 0;
  for (const ScriptStep& step : script.steps) {
    if (is_header(step.kind)) {
      if (started) {
        return fail(fmt::format("{}:{}: {}: the game started at line {}; game, seat, seed and clocks lines come first",
                                script.origin, step.line, step.source, started_at));
      }
      if (step.kind == Kind::Game) {
        if (!header.game.empty()) {
          return fail(fmt::format("{}:{}: {}: a second game line (the first is line {})", script.origin, step.line,
                                  step.source, header.game_line));
        }
        header.game = step.text;
        header.game_line = step.line;
      } else if (step.kind == Kind::Seat) {
        header.seats.push_back(step.text);
      } else if (step.kind == Kind::Clocks) {
        header.clocks = step.clocks;
      } else {
        header.seed = static_cast<std::uint64_t>(step.number);
      }
      continue;
    }
    if (!started) {
      if (auto r = start(header, script, step.line); !r) return r;
      started = true;
      started_at = step.line;
    }
    if (options_.before_step) options_.before_step(*this, step);
    if (auto r = run_step(step, script); !r) return r;
    // As in the daemon: a mismatch between the table and the books that lasted is put to the players.
    for (const Outcome& asked : driver_->watch_mismatches()) {
      if (asked.applied()) print_new_log_lines();
    }
    if (const auto advanced = driver_->watch_idle(); advanced && advanced->applied()) print_new_log_lines();
    if (options_.after_step) options_.after_step(*this, step);
  }
  if (!started) return start(header, script, script.steps.empty() ? 1 : script.steps.back().line);
  return {};
}

engine::ViewModel TableScript::view() { return driver_->view(std::nullopt, now_ms_); }

int TableScript::highlight() const { return driver_->buttons().peek_highlight(session_->prompt()); }

Result<void> TableScript::start(const Header& header, const Script& script, int first_line) {
  entropy_.seed(header.seed);
  const int line = header.game_line ? header.game_line : first_line;
  const std::string where = fmt::format("{}:{}", script.origin, line);
  if (session_->module()) {
    // A saved game goes on; a header, if the script has one, must describe the same game.
    const engine::TableState& state = session_->state();
    if (!header.game.empty() && header.game != state.game) {
      return fail(fmt::format("{}: game {}: the event log {} holds a game of {}", where, header.game,
                              session_->store().path(), state.game));
    }
    std::vector<std::string> seats;
    for (const engine::PlayerState& player : state.players) seats.push_back(player.name);
    if (!header.seats.empty() && header.seats != seats) {
      return fail(fmt::format("{}: the seats {} differ from the saved game's {}", where, join(header.seats, ", "),
                              join(seats, ", ")));
    }
    if (options_.transcript) {
      fmt::print(options_.out, "Resuming {} ({} events): turn {}, {}\n", session_->store().path(),
                 session_->events().size(), state.turn, state.phase);
    }
    return {};
  }
  if (header.game.empty()) {
    return fail(fmt::format("{}: no game line before the first command (e.g. game r9e)", where));
  }
  if (header.seats.empty()) return fail(fmt::format("{}: no seat lines before the first command (e.g. seat Mark)", where));
  if (options_.transcript) fmt::print(options_.out, "> game {} with {}\n", header.game, join(header.seats, ", "));
  const Outcome started = apply(engine::StartGame{header.game, header.seats, header.clocks});
  if (!started.applied()) return fail(fmt::format("{}: game {}: {}", where, header.game, started.text));
  return {};
}

Result<void> TableScript::run_step(const ScriptStep& step, const Script& script) {
  const std::string where = fmt::format("{}:{}: {}", script.origin, step.line, step.source);
  if (options_.transcript) fmt::print(options_.out, "> {}\n", step.source);
  Result<void> done;
  switch (step.kind) {
    case Kind::Wait:
      now_ms_ += step.number * 1000;
      return {};
    case Kind::ExpectTimer:
      return expect_timer(step, where);
    case Kind::Expect: {
      const engine::Prompt prompt = session_->prompt();
      const auto& log = session_->state().log;
      const std::string last = log.empty() ? std::string() : log.back().text;
      if (prompt.text.find(step.text) == std::string::npos && last.find(step.text) == std::string::npos) {
        return fail(fmt::format("{}: neither the prompt \"{}\" nor the last log line \"{}\" contains \"{}\"", where,
                                prompt.text, last, step.text));
      }
      return {};
    }
    case Kind::ExpectRefused:
      done = perform(step.inner.front(), script, true);
      break;
    case Kind::ScanImage:
      done = scan_image(step, script);
      break;
    default:
      done = perform(step, script, false);
      break;
  }
  if (done && options_.transcript) {
    const engine::Prompt prompt = session_->prompt();
    // The rows the buttons move between: a number prompt's first row shows the number so far.
    std::vector<std::string> options = driver_->buttons().rows(prompt);
    const int highlight = driver_->buttons().highlight(prompt);
    if (!options.empty() && highlight >= 0) options[static_cast<std::size_t>(highlight)] = "[" + options[static_cast<std::size_t>(highlight)] + "]";
    fmt::print(options_.out, "  ? {}{}\n", prompt.text, options.empty() ? "" : "  (" + join(options, " | ") + ")");
  }
  return done;
}

Result<const engine::Card*> TableScript::card_titled(const std::string& wanted_title) const {
  auto db = cards_.find(game());
  if (db == cards_.end()) return fail("no card data for the game " + game());
  if (const engine::Card* card = db->second->find_by_title(wanted_title)) return card;
  // A near miss is named, so a misspelt title is fixed at once.
  std::vector<std::string> near;
  const std::string wanted = lower(wanted_title);
  for (const engine::Card& card : db->second->cards()) {
    const std::string title = lower(card.title);
    if (title.find(wanted) != std::string::npos || wanted.find(title) != std::string::npos) near.push_back(card.title);
    if (near.size() == 5) break;
  }
  if (near.empty()) {  // no title holds the other: the nearest by typos, as deck lists and configs say
    std::vector<std::string> titles;
    for (const engine::Card& card : db->second->cards()) titles.push_back(lower(card.title));
    const std::string_view best = nearest_word(wanted, {titles.begin(), titles.end()});
    for (const engine::Card& card : db->second->cards()) {
      if (!best.empty() && lower(card.title) == best) near.push_back(card.title);
    }
  }
  return fail("no card titled \"" + wanted_title + "\" in the " + game() + " card data" +
              (near.empty() ? std::string() : " (did you mean: " + join(near, ", ") + "?)"));
}

Result<engine::Placement> TableScript::placement(const ScriptWhere& where) const {
  engine::Placement out;
  out.zone = where.zone;
  out.quarter = where.quarter;
  out.x_mm = where.x_mm;
  out.y_mm = where.y_mm;
  if (where.seat.empty()) return out;
  std::vector<std::string> names;
  const auto& players = session_->state().players;
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (players[i].name == where.seat) out.seat = static_cast<int>(i);
    names.push_back(players[i].name);
  }
  if (out.seat < 0) return fail("no seat \"" + where.seat + "\" at this table (seats: " + join(names, ", ") + ")");
  return out;
}

Result<std::optional<engine::Command>> TableScript::command_for(const ScriptStep& step, bool checked) {
  const engine::Prompt prompt = session_->prompt();
  switch (step.kind) {
    case Kind::Scan: {
      // Control tags do what buttons do (DESIGN.md, Tags): through the same mapper as buttons.
      Routed routed;
      auto command = driver_->tag_command(step.text, routed);
      if (!command && !routed.button) return fail("the tag is ignored: " + command.error().message);
      if (step.where.empty() || !command) return command;
      auto* present = *command ? std::get_if<engine::PresentCard>(&**command) : nullptr;
      if (!present) return fail("only a card's tag lies somewhere; this is " + routed.label);
      auto where = placement(step.where);
      if (!where) return fail(where.error().message);
      present->where = *where;
      return command;
    }
    case Kind::ScanCard:
    case Kind::MoveCard: {
      auto card = card_titled(step.text);
      if (!card) return fail(card.error().message);
      auto where = placement(step.where);
      if (!where) return fail(where.error().message);
      const int copy = static_cast<int>(step.number);
      if (step.kind == Kind::MoveCard) return std::optional<engine::Command>{engine::MoveCard{(*card)->id, copy, *where}};
      return std::optional<engine::Command>{engine::PresentCard{(*card)->id, copy, *where}};
    }
    case Kind::Turn:
    case Kind::CardLeft: {
      auto card = card_titled(step.text);
      if (!card) return fail(card.error().message);
      const int copy = static_cast<int>(step.number);
      if (step.kind == Kind::CardLeft) return std::optional<engine::Command>{engine::CardLeft{(*card)->id, copy}};
      return std::optional<engine::Command>{engine::TurnCard{(*card)->id, copy, step.where.quarter.value_or(0)}};
    }
    case Kind::Press:
      return driver_->button_command(step.button);
    case Kind::Timer:
      return std::optional<engine::Command>{
          engine::TimerCommand{step.timer_action, step.text, static_cast<int>(step.number)}};
    case Kind::Choose:
      if (checked && !prompt.has_option(step.text)) {
        if (prompt.options.empty()) {
          return fail("the prompt \"" + prompt.text + "\" has no options to choose from");
        }
        return fail("the prompt \"" + prompt.text + "\" has no option \"" + step.text +
                    "\" (options: " + join(prompt.labels(), ", ") + ")");
      }
      // A script names the label; the log keeps the option's id.
      if (const engine::Option* option = prompt.find_label(step.text)) {
        return std::optional<engine::Command>{engine::Choose{option->label, option->id}};
      }
      return std::optional<engine::Command>{engine::Choose{step.text}};
    case Kind::Set:
      if (checked && !prompt.wants_number) return fail("the prompt \"" + prompt.text + "\" does not ask for a number");
      return std::optional<engine::Command>{engine::SetNumber{static_cast<int>(step.number)}};
    default:
      return fail("internal: not a command");
  }
}

Result<void> TableScript::perform(const ScriptStep& step, const Script& script, bool expect_refusal) {
  const std::string where = fmt::format("{}:{}: {}", script.origin, step.line, step.source);
  auto command = command_for(step, !expect_refusal);
  if (!command) {
    // A button the device turns away (OK where OK means nothing) is a refusal like the engine's;
    // a title or tag the script gets wrong is the script's error.
    if (expect_refusal && step.kind == Kind::Press) return {};
    return fail(where + ": " + command.error().message);
  }
  if (!command->has_value()) {
    if (expect_refusal) return fail(where + ": " + std::string(to_string(step.button)) + " only moves the highlight; there is nothing to refuse");
    return {};
  }
  const engine::Prompt before = session_->prompt();
  const Outcome accepted = apply(**command);
  if (expect_refusal) {
    if (accepted.applied()) {
      return fail(fmt::format("{}: expected a refusal, but {} was accepted{}", where, engine::describe(**command),
                              accepted.text.empty() ? std::string() : " (" + accepted.text + ")"));
    }
    if (options_.transcript) fmt::print(options_.out, "  refused as expected: {}\n", accepted.text);
    return {};
  }
  if (!accepted.applied()) {
    const std::string message =
        fmt::format("{}: refused: {} (the prompt was \"{}\")", where, accepted.text, before.text);
    if (!options_.allow_refused) return fail(message);
    log::warning("{}", message);
  }
  return {};
}

Result<void> TableScript::scan_image(const ScriptStep& step, const Script& script) {
  const std::string where = fmt::format("{}:{}: {}", script.origin, step.line, step.source);
  fs::path path(step.text);
  if (path.is_relative()) path = fs::path(script.folder) / path;
  // Checked before it is read: a FIFO would block the script for ever, a 20000x20000 PNG would
  // take gigabytes (vision/image_limits.hpp).
  auto loaded = vision::load_image(path.string(), cv::IMREAD_COLOR);
  if (!loaded) return fail(where + ": " + loaded.error().message);
  const cv::Mat& image = *loaded;
  if (!scanner_) scanner_ = std::make_unique<vision::Scanner>();
  const auto sightings = scanner_->scan(image, now_ms_);
  if (sightings.empty()) return fail(where + ": no tag was read in " + path.string());
  for (const vision::Sighting& sighting : sightings) {
    // What the image holds is anyone's text: the transcript and messages show it escaped.
    if (options_.transcript) fmt::print(options_.out, "  read {}\n", printable(sighting.payload));
    ScriptStep scan;
    scan.kind = Kind::Scan;
    scan.line = step.line;
    scan.source = step.source + " (" + printable(sighting.payload) + ")";
    scan.text = sighting.payload;
    // As a camera would: what the router ignores is logged and play goes on.
    if (Routed routed = router_.route(sighting.payload, game()); !routed.command && !routed.button) {
      log::info("{}: ignored {}: {}", where, routed.label, routed.reason);
      continue;
    }
    if (auto r = perform(scan, script, false); !r) return r;
  }
  return {};
}

Outcome TableScript::apply(const engine::Command& command) {
  Outcome outcome = driver_->apply(command, engine::describe(command));
  if (outcome.applied()) print_new_log_lines();
  return outcome;
}

void TableScript::print_new_log_lines() {
  // A log line carries the seq of its event; undo folds the log again, so the lines of older
  // events reappear (and were printed) while the new ones have higher seqs.
  for (const engine::LogEntry& entry : session_->state().log) {
    if (entry.seq > printed_seq_) fmt::print(options_.out, "{}\n", entry.text);
  }
  if (!session_->events().empty()) printed_seq_ = std::max(printed_seq_, session_->events().back().seq);
  std::fflush(options_.out);
}

nlohmann::json TableScript::state_json() const {
  nlohmann::json json = engine::to_json(session_ ? session_->state() : engine::TableState{});
  const engine::Prompt prompt = session_ ? session_->prompt() : engine::Prompt{};
  nlohmann::json ids = nlohmann::json::array();
  for (const engine::Option& option : prompt.options) ids.push_back(option.id);
  json["prompt"] = {{"text", prompt.text},
                    {"options", prompt.labels()},
                    {"option_ids", std::move(ids)},
                    {"ok", prompt.ok},
                    {"pass", prompt.pass},
                    {"wants_number", prompt.wants_number},
                    {"highlighted", driver_ ? driver_->buttons().peek_highlight(prompt) : 0},
                    // What the screen lists, the number being entered first (`seneschal render`).
                    {"rows", driver_ ? driver_->buttons().peek_rows(prompt) : prompt.labels()}};
  // What the module says of the board, so `seneschal render` can draw it without the game.
  if (session_ && session_->module()) {
    json["board"] = engine::board_to_json(session_->module()->describe(session_->state()));
    json["game_title"] = session_->module()->cards().title();
  }
  json["saved_at_ms"] = now_ms_;
  return json;
}


Result<void> TableScript::expect_timer(const ScriptStep& step, const std::string& where) const {
  const auto& timers = session_->state().timers;
  auto it = std::find_if(timers.begin(), timers.end(), [&](const engine::TimerState& t) { return t.name == step.text; });
  std::string names;
  for (const engine::TimerState& t : timers) names += (names.empty() ? "" : ", ") + t.name;
  if (step.expectation == "gone") {
    if (it == timers.end()) return {};
    return fail(fmt::format("{}: {} is still there with {} left", where, step.text, engine::clock_text(it->left_at(now_ms_))));
  }
  if (it == timers.end()) {
    return fail(fmt::format("{}: no timer \"{}\" (timers: {})", where, step.text, names.empty() ? "none" : names));
  }
  const std::int64_t left = it->left_at(now_ms_);
  const std::string is = it->ringing_at(now_ms_) ? "ringing" : !it->running ? "paused at " + engine::clock_text(left)
                                                                             : engine::clock_text(left) + " left";
  bool ok = false;
  if (step.expectation == "ringing") {
    ok = it->ringing_at(now_ms_);
  } else if (step.expectation == "paused") {
    ok = !it->running;
  } else {
    ok = engine::clock_text(left) == engine::clock_text(step.number * 1000);
  }
  if (ok) return {};
  return fail(fmt::format("{}: {} is {}", where, step.text, is));
}

}  // namespace seneschal::firmware
