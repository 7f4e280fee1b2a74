#include <fmt/core.h>

#include <memory>

#include "seneschal/engine/game_export.hpp"
#include "seneschal/engine/game_stats.hpp"
#include "seneschal/firmware/app/cli_play.hpp"
#include "seneschal/firmware/app/command_line.hpp"
#include "seneschal/firmware/app/game_log.hpp"
#include "seneschal/firmware/app/subcommand.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/base/log.hpp"

namespace seneschal::firmware {

int run_export(const std::string& assets_dir, const ExportOptions& options) {
  // Before any word: --text's log lines are made in the language as the game is folded.
  if (auto language = use_language(options.language, "--language"); !language) {
    log::error("{}", language.error().message);
    return kExitUsage;
  }
  auto log = open_game_log(assets_dir, options.db);
  if (!log) {
    log::error("{}", log.error().message);
    return kExitDataErr;
  }
  const engine::Session& session = *(*log)->session;
  std::string out;
  if (options.csv) {
    out = engine::export_csv(session.state());
  } else if (options.text) {
    out = engine::export_text(session.state(),
                              session.module() ? session.module()->describe(session.state()) : engine::BoardView{});
  } else {
    out = engine::export_jsonl(session.events());
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

Subcommand add_export_command(CLI::App& app, const CliContext& context) {
  auto* command = app.add_subcommand("export", "print a game from its event log: JSON lines, --text for people, --csv per turn");
  auto options = std::make_shared<ExportOptions>();
  command->add_option("--db", options->db, "the event log (SQLite)")->required();
  auto* text = command->add_flag("--text", options->text, "the readable game record instead of JSON lines");
  command->add_flag("--csv", options->csv, "scores, counters and seat clocks per turn per seat, as CSV")->excludes(text);
  add_language_option(*command, options->language);
  return {command, [&context, options] { return run_export(context.assets_dir, *options); }};
}

}  // namespace seneschal::firmware
