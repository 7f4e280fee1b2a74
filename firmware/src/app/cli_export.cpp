#include <fmt/core.h>

#include <filesystem>
#include <memory>

#include "seneschal/engine/game_export.hpp"
#include "seneschal/engine/module_registry.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/app/cli_play.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"
#include "seneschal/firmware/app/subcommand.hpp"

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

Subcommand add_export_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("export", "print a game from its event log: JSON lines, or --text for people");
  auto options = std::make_shared<ExportOptions>();
  command->add_option("--db", options->db, "the event log (SQLite)")->required();
  command->add_flag("--text", options->text, "the readable game record instead of JSON lines");
  return {command, [&context, options] { return run_export(context.assets_dir, *options); }};
}

}  // namespace seneschal::firmware
