// seneschal: the command line beside the daemon (replay recordings, make recordings, play table
// scripts, print tags, benches ...). Each sub-command declares itself in its own file
// (app/subcommand.hpp, tools/tool_commands.hpp); main lists them and runs the one given.

#include <CLI/CLI.hpp>

#include <vector>

#include "seneschal/firmware/app/command_line.hpp"
#include "seneschal/firmware/app/subcommand.hpp"
#include "seneschal/firmware/base/assets.hpp"
#include "seneschal/firmware/base/exit_codes.hpp"
#include "seneschal/firmware/tools/tool_commands.hpp"
#include "seneschal_version.hpp"  // generated: the version and the commit built

int main(int argc, char** argv) {
  using namespace seneschal::firmware;
  CLI::App app{"seneschal - tools for the Seneschal table companion"};
  app.set_version_flag("--version", std::string("seneschal ") + SENESCHAL_VERSION + " (commit " + SENESCHAL_COMMIT + ")");
  app.require_subcommand(1);
  CliContext context{default_assets_dir(), SENESCHAL_SOURCE_DIR};
  app.add_option("--assets", context.assets_dir, "folder with cards/, fonts/ and recordings/")->capture_default_str();

  const std::vector<Subcommand> commands = {
      add_replay_command(app, context),  add_synth_command(app, context),    add_games_command(app, context),
      add_cards_command(app, context),   add_answers_command(app, context),  add_tags_command(app, context),
      add_bench_command(app, context),   add_record_command(app, context),   add_play_command(app, context),
      add_export_command(app, context),  add_stats_command(app, context),   add_render_command(app, context),
      add_review_command(app, context),  add_calibrate_command(app, context), add_check_config_command(app, context),
      add_watch_token_command(app, context),
  };
  if (auto code = parse_command_line(app, argc, argv)) return *code;
  for (const Subcommand& command : commands) {
    if (command.command->parsed()) return command.run();
  }
  return kExitUsage;
}
