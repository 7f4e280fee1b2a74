#include <fmt/core.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstring>

#include <filesystem>
#include <fstream>
#include <utility>

#include "app/play_screen.hpp"
#include "seneschal/engine/card_overlay.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/cli_play.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/script/table_script.hpp"

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

}  // namespace seneschal::firmware
