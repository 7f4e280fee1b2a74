#include <algorithm>

#include <fmt/core.h>

#include "seneschal/engine/game_module.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/cli_commands.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/app/subcommand.hpp"

namespace seneschal::firmware {

// Every game the device knows: the rules modules registered in engine/rules/games.cmake with
// their rules version, seat range and card count, then the games that have card data but no
// rules yet (their cards can be listed and tagged, not played).
int run_games(const std::string& assets_dir) {
  auto library = load_card_library(assets_dir);
  if (!library) {
    log::error("{}", library.error().message);
    return kExitDataErr;
  }
  engine::ModuleRegistry registry;
  engine::register_builtin_modules(registry);
  const std::vector<std::string> ids = registry.ids();
  fmt::print("{:<10} {:<34} {:>5} {:>6} {:>6}\n", "id", "title", "rules", "seats", "cards");
  int failed = 0;
  for (const std::string& id : ids) {
    const auto cards = library->find(id);
    if (cards == library->end()) {
      log::error("{}: a rules module with no card data under {}/cards", id, assets_dir);
      ++failed;
      continue;
    }
    auto module = registry.create(id, cards->second);
    if (!module) {
      log::error("{}", module.error().message);
      ++failed;
      continue;
    }
    const engine::ModuleInfo& info = (*module)->info();
    const std::string seats = info.min_seats == info.max_seats ? std::to_string(info.min_seats)
                                                               : fmt::format("{}-{}", info.min_seats, info.max_seats);
    fmt::print("{:<10} {:<34} {:>5} {:>6} {:>6}\n", id, cards->second->title(), info.rules_version, seats,
               cards->second->size());
  }
  for (const auto& [id, cards] : *library) {
    if (std::find(ids.begin(), ids.end(), id) != ids.end()) continue;
    fmt::print("{:<10} {:<34} {:>5} {:>6} {:>6}  (card data only: no rules module yet)\n", id, cards->title(), "-", "-",
               cards->size());
  }
  return failed == 0 ? 0 : 1;
}

Subcommand add_games_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("games", "list the games: rules version, seats and card count of each");
  return {command, [&context] { return run_games(context.assets_dir); }};
}

}  // namespace seneschal::firmware
