#include <fmt/core.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstring>

#include <filesystem>
#include <fstream>
#include <memory>
#include <utility>

#include "app/play_screen.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/cli_play.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/script/table_script.hpp"
#include "seneschal/firmware/app/subcommand.hpp"
#include "seneschal/firmware/app/command_line.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

// The temporary folder's files, as plain arrays a signal handler may read: SIGINT or SIGTERM
// removes them too (unlink and rmdir are async-signal-safe), then ends play as the signal would.
constexpr const char* kLogName = "game.sqlite";
char g_doomed[4][PATH_MAX] = {};
char g_doomed_dir[PATH_MAX] = {};

void remove_and_die(int signal) {
  for (const char* file : g_doomed) {
    if (*file) ::unlink(file);
  }
  if (*g_doomed_dir) ::rmdir(g_doomed_dir);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

void remove_on_signal(const std::string& dir) {
  const std::string log = (fs::path(dir) / kLogName).string();
  if (log.size() + 16 >= PATH_MAX) return;
  const char* suffixes[] = {"", "-wal", "-shm", "-journal"};
  for (std::size_t i = 0; i < 4; ++i) std::snprintf(g_doomed[i], PATH_MAX, "%s%s", log.c_str(), suffixes[i]);
  std::snprintf(g_doomed_dir, PATH_MAX, "%s", dir.c_str());
  ::signal(SIGINT, remove_and_die);
  ::signal(SIGTERM, remove_and_die);
}

// A folder for a log nobody asked to keep; removed with its WAL files when the run ends.
class TemporaryFolder {
 public:
  static Result<TemporaryFolder> make() {
    std::string pattern = (fs::temp_directory_path() / "seneschal-play-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) return fail(pattern + ": cannot make a temporary folder");
    remove_on_signal(pattern);
    return TemporaryFolder(pattern);
  }
  TemporaryFolder(TemporaryFolder&& other) noexcept : path_(std::exchange(other.path_, {})) {}
  TemporaryFolder& operator=(TemporaryFolder&&) = delete;
  ~TemporaryFolder() {
    if (path_.empty()) return;
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (fs::path(path_) / name).string(); }

 private:
  explicit TemporaryFolder(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// A reader (or a kill mid-write) sees the old state or the new one, never half of one.
Result<void> write_state(const std::string& path, const TableScript& table) {
  return replace_file(path, table.state_json().dump(2) + '\n');
}

}  // namespace

int run_play(const std::string& assets_dir, const PlayOptions& options) {
  // Before any word: the log lines are made in the language as the game is folded.
  if (auto language = use_language(options.language, "--language"); !language) {
    log::error("{}", language.error().message);
    return kExitUsage;
  }
  auto text = read_text_file(options.script);
  if (!text) {
    log::error("{}", text.error().message);
    return kExitDataErr;
  }
  const std::string folder = fs::path(options.script).parent_path().string();
  auto script = parse_script(*text, options.script, folder.empty() ? "." : folder);
  if (!script) {
    log::error("{}", script.error().message);
    return kExitDataErr;
  }
  auto cards = load_card_library(assets_dir, options.answers);
  if (!cards) {
    log::error("{}", cards.error().message);
    return kExitDataErr;
  }
  std::optional<TemporaryFolder> temporary;
  std::string db = options.db;
  if (db.empty()) {
    auto made = TemporaryFolder::make();
    if (!made) {
      log::error("{}", made.error().message);
      return kExitFailed;
    }
    temporary.emplace(std::move(made).value());
    db = temporary->file(kLogName);
  }

  ScriptOptions script_options;
  script_options.transcript = options.log_text;
  script_options.allow_refused = options.allow_refused;
  script_options.advance_idle_ms = std::int64_t{options.advance_idle_s} * 1000;
  std::optional<PlayScreen> screen;
  if (options.show || !options.snapshots.empty()) {
    auto opened = PlayScreen::open(assets_dir, options);
    if (!opened) {
      log::error("{}", opened.error().message);
      return kExitFailed;
    }
    screen.emplace(std::move(opened).value());
    script_options.after_step = [&screen](TableScript& table, const ScriptStep& step) { screen->after(table, step); };
  }
  TableScript table(std::move(cards).value(), std::move(script_options));
  int code = kExitOk;
  if (auto opened = table.open(db); !opened) {
    log::error("{}", opened.error().message);
    code = kExitDataErr;  // a log that is not a game's, or another game's
  } else if (auto ran = table.run(*script); !ran) {
    std::fflush(stdout);
    log::error("{}", ran.error().message);
    code = kExitDataErr;  // the script stopped at a line: refused, or not what it expected
  }
  if (screen && !screen->error().empty()) {
    log::error("{}", screen->error());
    if (code == kExitOk) code = kExitFailed;
  }
  // Also after a failure: the state the script reached is what a bug report needs.
  if (!options.state_out.empty()) {
    if (auto written = write_state(options.state_out, table); !written) {
      log::error("{}", written.error().message);
      if (code == kExitOk) code = kExitFailed;
    }
  }
  return code;
}

Subcommand add_play_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("play", "run a table script headless: a whole game without camera or buttons");
  auto play = std::make_shared<PlayOptions>();
  command->add_option("--script", play->script, "the table script (README.md, Table scripts)")->required();
  command->add_option("--state-out", play->state_out, "write the JSON state here at the end, also when the script fails");
  command->add_option("--db", play->db, "keep the event log in this file; a log that holds a game continues it");
  command->add_flag("--log-text", play->log_text, "a transcript: each script line and the prompt it leads to");
  command->add_flag("--allow-refused", play->allow_refused, "a refused command is a warning, not the end of the run");
  command->add_flag("--show", play->show, "draw the table in a window after every line (a demo: README, Cutthroat Kingdoms)");
  command->add_option("--snapshots", play->snapshots, "draw the table after every line into PNGs in this folder");
  command->add_option("--step-ms", play->step_ms, "--show: how long each line's screen stays")
      ->check(CLI::Range(0, 60000))
      ->capture_default_str();
  command->add_option("--size", play->size, "the screen's size for --show and --snapshots")
      ->check(screen_size_check())
      ->capture_default_str();
  command->add_option("--answers", play->answers,
                      "a table's answers (a state folder's card-answers.json): its told values and named cards");
  add_language_option(*command, play->language);
  command->add_option("--advance-idle-seconds", play->advance_idle_s,
                      "a prompt with nothing to decide moves on by itself after this long of `wait` (0: never)")
      ->check(CLI::Range(0, 60))
      ->capture_default_str();
  return {command, [&context, play] { return run_play(context.assets_dir, *play); }};
}

}  // namespace seneschal::firmware
