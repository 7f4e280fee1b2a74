// `seneschal stats`: the story of every game a state folder keeps, for a group that meets every
// week: per player games, wins, average score and time per turn; per game the winner, turns and
// length.
#include <fmt/core.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <regex>

#include "seneschal/engine/game_stats.hpp"
#include "seneschal/firmware/app/cli_play.hpp"
#include "seneschal/firmware/app/game_log.hpp"
#include "seneschal/firmware/app/subcommand.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/config/config.hpp"

namespace seneschal::firmware {
namespace {

namespace fs = std::filesystem;

// The game being played and the games kept by --new-game; not the logs set aside as damaged or
// unreplayable (seneschal-damaged-<n>.sqlite), which need a person, not a statistic.
bool is_game_log(const std::string& name) {
  static const std::regex kept(R"(seneschal(-[0-9]+)?\.sqlite)");
  return std::regex_match(name, kept);
}

// The kept games in the order --new-game numbered them, the one being played last: the order
// of games that started at the same clock (scripts, a device without a clock).
long game_number(const std::string& path) {
  const std::string name = fs::path(path).filename().string();
  const auto dash = name.find('-');
  return dash == std::string::npos ? LONG_MAX : std::strtol(name.c_str() + dash + 1, nullptr, 10);
}

}  // namespace

int run_stats(const std::string& assets_dir, const StatsOptions& options) {
  std::error_code ec;
  if (!fs::is_directory(options.state_dir, ec)) {
    log::error("{}: no such state folder", options.state_dir);
    return kExitDataErr;
  }
  std::vector<std::string> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(options.state_dir, ec)) {
    if (entry.is_regular_file(ec) && is_game_log(entry.path().filename().string())) files.push_back(entry.path().string());
  }
  if (ec) {
    log::error("{}: {}", options.state_dir, ec.message());
    return kExitDataErr;
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return game_number(a) < game_number(b); });
  std::vector<engine::GameSummary> games;
  int unread = 0;
  for (const std::string& file : files) {
    auto log = open_game_log(assets_dir, file);
    if (!log) {
      // One unreadable log must not hide the other games: say which, and go on.
      log::warning("{} (left out)", log.error().message);
      ++unread;
      continue;
    }
    const engine::Session& session = *(*log)->session;
    if (!session.state().started()) continue;  // a log made for a game that never started
    games.push_back(engine::summarize(session.state(), session.events(), (*log)->title(),
                                      fs::path(file).filename().string()));
  }
  std::stable_sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.started_ms < b.started_ms; });
  const std::string out = options.json ? engine::stats_json(games).dump(2) + "\n" : engine::stats_text(games);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return unread > 0 ? kExitDataErr : 0;
}

Subcommand add_stats_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("stats", "every game a state folder keeps: per player and per game");
  auto options = std::make_shared<StatsOptions>();
  auto config = std::make_shared<std::string>();
  command->add_option("--state-dir", options->state_dir, "the daemon's state folder (default: the config's, or ./state)");
  command->add_option("--config", *config, "the config whose paths.state_dir to read (default: the daemon's)");
  command->add_flag("--json", options->json, "the same as JSON, for a spreadsheet or a league's site");
  return {command, [&context, options, config, command] {
            if (command->count("--state-dir") == 0) {
              auto dir = configured_state_dir(*config);
              if (!dir) {
                log::error("{}", dir.error().message);
                return kExitConfig;
              }
              options->state_dir = *dir;
            }
            return run_stats(context.assets_dir, *options);
          }};
}

}  // namespace seneschal::firmware
