#include <fmt/core.h>

#include <filesystem>

#include "seneschal/engine/game_export.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/cli_play.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"

namespace seneschal::firmware {

int run_export(const std::string& assets_dir, const ExportOptions& options) {
  // EventStore::open creates a missing file; an export must not leave an empty log behind.
  std::error_code ec;
  if (!std::filesystem::is_regular_file(options.db, ec)) {
    log::error("{}: no such event log", options.db);
    return kExitDataErr;
  }
  auto cards = load_card_library(assets_dir);
  if (!cards) {
    log::error("{}", cards.error().message);
    return kExitDataErr;
  }
  auto store = engine::EventStore::open(options.db);
  if (!store) {
    log::error("{}", store.error().message);
    return kExitDataErr;
  }
  engine::ModuleRegistry registry;
  engine::register_builtin_modules(registry);
  auto session = engine::Session::resume(std::move(store).value(), registry, std::move(cards).value());
  if (!session) {
    log::error("{}", session.error().message);
    return kExitDataErr;
  }
  const std::string out = options.text ? engine::export_text(session->state(), session->module() ? session->module()->describe(session->state()) : engine::BoardView{}) : engine::export_jsonl(session->events());
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

}  // namespace seneschal::firmware
