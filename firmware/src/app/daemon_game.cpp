#include <filesystem>

#include "app/daemon_parts.hpp"
#include "seneschal/engine/event_store.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/base/log.hpp"

namespace seneschal::firmware {

namespace fs = std::filesystem;

namespace daemon {
namespace {

// The next free "<stem>-<n>.sqlite" beside the log, with its WAL and shared-memory files.
Result<std::string> move_log_aside(const fs::path& log, const std::string& stem) {
  std::error_code ec;
  for (int n = 1;; ++n) {
    const fs::path aside = log.parent_path() / (stem + "-" + std::to_string(n) + ".sqlite");
    if (fs::exists(aside, ec)) continue;
    fs::rename(log, aside, ec);
    if (ec) return fail(log.string() + ": cannot move it aside: " + ec.message());
    for (const char* suffix : {"-wal", "-shm"}) {
      const fs::path side = log.string() + suffix;
      if (fs::exists(side, ec)) fs::rename(side, aside.string() + suffix, ec);
    }
    return aside.string();
  }
}

}  // namespace

Result<engine::Session> open_session(const DaemonOptions& options, const engine::ModuleRegistry& registry,
                                     engine::CardLibrary cards, std::string& log_path,
                                     std::optional<std::string>& set_aside, std::vector<std::string>& notes) {
  auto path = prepare_log(options.state_dir, options.new_game);
  if (!path) return fail(path.error().message);
  log_path = *path;
  // A truncated or garbage log (a card pulled mid-write, a bad SD card) is kept for recovery,
  // never deleted, and the table can play on with a new game.
  if (engine::EventStore::damaged(*path)) {
    auto aside = move_log_aside(*path, "seneschal-damaged");
    if (!aside) return fail(aside.error().message);
    log::error("{}: the event log is damaged and cannot be read; it is kept as {} and a new game starts", *path,
               *aside);
    set_aside = *aside;
  }
  auto store = engine::EventStore::open(*path);
  if (!store) return fail(store.error().message);
  for (const std::string& note : store->notes()) {
    log::error("{}", note);
    notes.push_back(note);
  }
  auto session = engine::Session::resume(std::move(store).value(), registry, cards);
  if (!session) {
    // A row of the wrong shape, or a move that no longer replays: the game it holds would come
    // back rewound, so it is kept whole under another name and the table starts afresh, said on
    // the screen. (Before, such a log resumed at Setup and new moves went on top of it.)
    auto aside = move_log_aside(*path, "seneschal-unreplayable");
    if (!aside) return fail(session.error().message + "; and " + aside.error().message);
    log::error("{}; the event log is kept as {} and a new game starts", session.error().message, *aside);
    set_aside = *aside;
    auto fresh = engine::EventStore::open(*path);
    if (!fresh) return fail(fresh.error().message);
    session = engine::Session::resume(std::move(fresh).value(), registry, std::move(cards));
    if (!session) return fail(session.error().message);
  }
  if (!session->module()) {
    auto started = session->apply(engine::StartGame{options.game, options.seats, options.clocks}, wall_clock_ms());
    // A solitaire (Nine) on the default two seats: its one player is the first of them.
    if (!started && options.seats == DaemonOptions{}.seats) {
      if (auto alone = session->apply(engine::StartGame{options.game, {options.seats.front()}, options.clocks}, wall_clock_ms())) {
        started = std::move(alone);
      }
    }
    if (!started) {
      // A refused start leaves no file behind: the log made for it holds nothing.
      if (session->events().empty()) {
        session = fail(std::string());  // closes the log before it goes
        std::error_code ec;
        for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(*path + suffix, ec);
      }
      // The default seats are two; a game for more says how to name them.
      return fail("cannot start a game of " + options.game + ": " + started.error().message +
                  " (name the seats clockwise with --seat, once each, or game.seats in the config)");
    }
    log::notice("new game of {} in {}", options.game, *path);
  } else {
    log::notice("resumed the game of {} in {} ({} events)", session->state().game, *path, session->events().size());
  }
  return session;
}

// Numbers and words the table told the engine about a card (a card's storage, a hero's strength,
// a structure's provides) are kept across games in <state>/card-answers.json, so the device never
// asks the same question twice. A value of one physical copy or one face stays with the game that
// was told it.
void keep_answers(const engine::Session& session, engine::CardOverlay& answers, const std::string& state_dir) {
  if (!session.module()) return;
  const std::string& game = session.state().game;
  bool changed = false;
  for (const auto& [key, stats] : session.state().told.entries()) {
    const engine::Subject subject = engine::Subject::from_key(key);
    if (subject.copy > 0 || !subject.face.empty()) continue;
    for (const auto& [stat, told] : stats) {
      if (told.forgotten()) {  // forgotten on the device (MENU, Told values): asked again next game too
        changed = answers.forget(game, subject.card, stat) > 0 || changed;
        continue;
      }
      if (told.number) {
        const int value = *told.number;
        if (answers.answer(game, subject.card, stat) == value) continue;
        if (auto r = answers.record(session.module()->cards(), subject.card, stat, value); !r) {
          log::warning("not kept for later games: {}", r.error().message);
          continue;
        }
        changed = true;
      } else if (!told.word.empty()) {
        if (answers.word_answer(game, subject.card, stat) == told.word) continue;
        if (auto r = answers.record_word(session.module()->cards(), subject.card, stat, told.word); !r) {
          log::warning("not kept for later games: {}", r.error().message);
          continue;
        }
        // The same word printed is accepted and not kept: nothing new to write.
        changed = changed || answers.word_answer(game, subject.card, stat) == told.word;
      }
    }
  }
  if (!changed) return;
  if (auto r = save_card_answers(state_dir, answers); !r) log::warning("{}", r.error().message);
}

}  // namespace daemon

Result<std::string> prepare_log(const std::string& state_dir, bool archive_existing) {
  std::error_code ec;
  fs::create_directories(state_dir, ec);
  if (ec) return fail(state_dir + ": cannot create the state folder: " + ec.message());
  const fs::path log = fs::path(state_dir) / "seneschal.sqlite";
  if (archive_existing && fs::exists(log, ec)) {
    auto archived = daemon::move_log_aside(log, "seneschal");
    if (!archived) return fail(archived.error().message);
    log::notice("previous game kept as {}", *archived);
  }
  return log.string();
}

}  // namespace seneschal::firmware
