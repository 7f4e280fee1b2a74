// The engine's two costs that grow with a game: folding events into the state (every undo and
// every restart folds the whole log again) and restoring a game from its SQLite file after a
// power cut. The game is an R9E game on the shipped card data, played once up front through the
// real Session: two seats set up, card values the data lacks told when asked, a few cards
// played, then turn after turn of passes until the log holds the events asked for. The long game
// (24,000 events, an undo and a redo every hundred moves) is the restore a device faces after
// months of play: its time per event against the short game's shows whether restoring grows
// with the log (it grew with its square before the resume folded each event once).
// Figures are for people: nothing here asserts on time.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

#include "engine/ShippedCards.hpp"
#include "seneschal/engine/session.hpp"
#include "seneschal/engine/state_json.hpp"

#include <sqlite3.h>

namespace {

namespace fs = std::filesystem;
using namespace seneschal::engine;

constexpr std::size_t kShortGame = 5000;
constexpr std::size_t kLongGame = 24000;


CardLibrary library() {
  CardLibrary cards;
  cards.emplace("r9e", test::shipped_r9e_cards());
  return cards;
}

// What the players would read off the card; any plausible value keeps the game legal.
int told(const std::string& stat) {
  if (stat == "castle_points") return 6;
  if (stat == "castle_point_cost") return 2;
  if (stat == "storage") return 5;
  if (stat == "renown") return 5;
  return 1;
}

class Driver {
 public:
  explicit Driver(Session& session) : session_(session) {}

  // Runs the command, then answers whatever flow it opened (questions, warnings, payments,
  // Winter's choices) the simplest legal way, until the table is back at a plain prompt.
  bool run(const Command& command) {
    if (!session_.apply(command, now_ += 1000, ++entropy_)) return false;
    for (int guard = 0; guard < 64; ++guard) {
      // The module's detail and what waits, not the whole state: serializing the state (and its
      // log) after every move made building the long game grow with its square.
      const TableState& table = session_.state();
      const nlohmann::json detail = table.data ? table.data.get()->to_json() : nlohmann::json(nullptr);
      if (table.winner || (!detail.is_object() && !table.pending)) return true;
      const Prompt prompt = session_.prompt();
      Command next;
      if (table.pending && table.pending->kind == Pending::Kind::Value) {
        next = SetNumber{told(table.pending->question.stat)};
      } else if (table.pending) {
        next = Ok{};
      } else if (detail["flow"].is_string() && detail["flow"] != "setup") {
        if (!prompt.ok.empty()) next = Ok{};
        else if (!prompt.options.empty()) next = Choose{prompt.options.front().label};
        else next = Pass{};
      } else {
        return true;
      }
      if (!session_.apply(next, now_ += 1000, ++entropy_)) return false;
    }
    return false;
  }
  void scan(const std::string& title, int copy = 1) { run(PresentCard{card_id_from_title(title), copy}); }

 private:
  Session& session_;
  std::int64_t now_ = 0;
  std::uint64_t entropy_ = 0;
};

// The game, built once: its log file (checkpointed, closed) and its events.
struct Game {
  fs::path dir;
  std::string db;
  std::vector<Event> events;
  std::uint64_t hash = 0;
  std::string error;
};

Game play_game(std::size_t target_events) {
  {
    Game g;
    // Played on tmpfs (5,000 fsync'd appends), then copied to the real temp folder to restore.
    const std::string name = "seneschal-bench-" + std::to_string(::getpid());
    const fs::path scratch = fs::path("/dev/shm").append(name + "-" + std::to_string(target_events));
    g.dir = fs::temp_directory_path() / name / std::to_string(target_events);
    fs::create_directories(scratch);
    fs::create_directories(g.dir);
    ModuleRegistry registry;
    register_builtin_modules(registry);
    {
      auto store = EventStore::open((scratch / "game.sqlite").string());
      auto session = Session::resume(std::move(store).value(), registry, library());
      if (!session) {
        g.error = session.error().message;
        return g;
      }
      Driver table(*session);
      table.run(StartGame{"r9e", {"Mark", "Shawn"}});
      table.scan("Kingdom of Holden");
      table.scan("Castle Holden");
      table.scan("Border Keep");
      table.run(Ok{});
      table.run(Ok{});
      table.scan("Protectorate of Malchior");
      table.scan("Sanctuary");
      table.scan("Outpost");
      table.run(Ok{});
      table.run(Ok{});
      table.run(Choose{"Mark"});
      int plays = 0;
      int moves = 0;
      while (session->events().size() < target_events && !session->state().winner) {
        // Now and then a move taken back and given again, as at a real table.
        if (target_events >= kLongGame && ++moves % 100 == 0 && session->can_undo()) {
          table.run(Undo{});
          table.run(Redo{});
          continue;
        }
        const Prompt prompt = session->prompt();
        bool done = false;
        if (prompt.ok == "Summer") {
          done = table.run(Ok{});
        } else if (session->state().phase == "Summer" && plays < 6 && session->state().passes_in_a_row == 0) {
          // A few properties early on, so the log holds plays and payments, not only passes.
          ++plays;
          done = table.run(PresentCard{card_id_from_title("Training Grounds"), plays});
        }
        if (!done && !table.run(Pass{}) && !table.run(Ok{})) {
          g.error = "the bench game stuck at \"" + session->prompt().text + "\" after " +
                    std::to_string(session->events().size()) + " events";
          return g;
        }
      }
      g.events = session->events();
      g.hash = state_hash(session->state());
    }
    g.db = (g.dir / "game.sqlite").string();
    fs::copy_file(scratch / "game.sqlite", g.db, fs::copy_options::overwrite_existing);
    fs::remove_all(scratch);
    std::printf("bench game: %zu events, state hash %016llx, log %s\n", g.events.size(),
                static_cast<unsigned long long>(g.hash), g.db.c_str());
    return g;
  }
}

const Game& game(std::size_t target_events = kShortGame) {
  static std::map<std::size_t, Game> built;
  auto found = built.find(target_events);
  if (found == built.end()) found = built.emplace(target_events, play_game(target_events)).first;
  return found->second;
}

void BM_ApplyEventsInMemory(benchmark::State& state) {
  const Game& g = game();
  if (!g.error.empty() || g.events.empty()) {
    state.SkipWithError(g.error.empty() ? "no events" : g.error.c_str());
    return;
  }
  ModuleRegistry registry;
  register_builtin_modules(registry);
  auto module = registry.create("r9e", library().at("r9e"));
  for (auto _ : state) {
    TableState table;
    (*module)->start(table, g.events.front());
    for (std::size_t i = 1; i < g.events.size(); ++i) (void)(*module)->apply(table, g.events[i], nullptr);
    benchmark::DoNotOptimize(table.log.size());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * g.events.size()));
}

void BM_RestoreFromSqlite(benchmark::State& state) {
  const Game& g = game(static_cast<std::size_t>(state.range(0)));
  if (!g.error.empty() || g.db.empty()) {
    state.SkipWithError(g.error.empty() ? "no log file" : g.error.c_str());
    return;
  }
  ModuleRegistry registry;
  register_builtin_modules(registry);
  const CardLibrary cards = library();
  std::uint64_t hash = 0;
  for (auto _ : state) {
    auto store = EventStore::open(g.db);
    auto session = Session::resume(std::move(store).value(), registry, cards);
    if (!session) {
      state.SkipWithError(session.error().message.c_str());
      return;
    }
    hash = state_hash(session->state());
  }
  state.counters["events"] = static_cast<double>(g.events.size());
  state.counters["s_per_event"] = benchmark::Counter(static_cast<double>(g.events.size()),
                                                      benchmark::Counter::kIsIterationInvariantRate |
                                                          benchmark::Counter::kInvert);
  if (hash != g.hash) state.SkipWithError("the restored state differs from the played one");
}

double p95(const std::vector<double>& v) {
  std::vector<double> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t index = static_cast<std::size_t>(0.95 * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted.empty() ? 0.0 : sorted[std::min(index, sorted.size() - 1)];
}

// One move written to the log in the temp folder (a real disk, fsync'd): the store commits and
// then checkpoints the WAL into the database file, so a damaged -wal can cost one move at most.
// Its peer is the same insert and commit in the same file settings without the checkpoint,
// what each move cost before: the difference is the checkpoint's price.
fs::path append_dir(const char* name) {
  const fs::path dir = fs::temp_directory_path() / ("seneschal-bench-" + std::to_string(::getpid())) / name;
  fs::create_directories(dir);
  return dir;
}

void BM_AppendMoveWithCheckpoint(benchmark::State& state) {
  auto store = EventStore::open((append_dir("checkpointed") / "log.sqlite").string());
  if (!store) {
    state.SkipWithError(store.error().message.c_str());
    return;
  }
  for (auto _ : state) {
    std::vector<Event> move(1);
    move[0].type = "card_played";
    move[0].data = {{"command", {{"command", "scan"}, {"card", "HEKTOR"}, {"copy", 1}}}, {"outcome", "done"}};
    if (!store->append(move)) state.SkipWithError("append failed");
  }
}

void BM_AppendMoveWithoutCheckpoint(benchmark::State& state) {
  const std::string path = (append_dir("plain") / "log.sqlite").string();
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  sqlite3_exec(db,
               "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
               "CREATE TABLE IF NOT EXISTS events(seq INTEGER PRIMARY KEY, grp INTEGER NOT NULL, type TEXT NOT NULL,"
               " data TEXT NOT NULL, at_ms INTEGER NOT NULL)",
               nullptr, nullptr, nullptr);
  const std::string data = R"({"command":{"card":"HEKTOR","command":"scan","copy":1},"outcome":"done"})";
  for (auto _ : state) {
    sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    sqlite3_stmt* insert = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO events(grp, type, data, at_ms) VALUES(1, 'card_played', ?, 0)", -1, &insert,
                       nullptr);
    sqlite3_bind_text(insert, 1, data.c_str(), -1, SQLITE_STATIC);
    sqlite3_step(insert);
    sqlite3_finalize(insert);
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
  }
  sqlite3_close(db);
}

BENCHMARK(BM_ApplyEventsInMemory)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AppendMoveWithCheckpoint)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(200)
    ->ComputeStatistics("p95", p95)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_AppendMoveWithoutCheckpoint)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(200)
    ->ComputeStatistics("p95", p95)
    ->ReportAggregatesOnly(true);
// One restore per repetition, so median and p95 are over single restores.
BENCHMARK(BM_RestoreFromSqlite)
    ->Arg(kShortGame)
    ->Arg(kLongGame)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(30)
    ->ComputeStatistics("p95", p95)
    ->ReportAggregatesOnly(true);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  // The game's log file, if a benchmark built it.
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("seneschal-bench-" + std::to_string(::getpid())), ec);
  return 0;
}
