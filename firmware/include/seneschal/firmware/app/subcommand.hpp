#pragma once
// How a `seneschal` sub-command joins the command line: it declares its own options on the app
// and hands back what runs it once the line is parsed, so `main` is a list of sub-commands and
// every usage mistake goes through the one parser (parse_command_line, exit 64).

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

namespace seneschal::firmware {

// What every sub-command may read once the command line is parsed (held by main, read by the
// sub-commands at run time: --assets comes with the parse).
struct CliContext {
  std::string assets_dir;  // --assets
  std::string source_dir;  // the source tree: the benches' default inputs under tests/data
};

struct Subcommand {
  CLI::App* command = nullptr;
  std::function<int()> run;  // called when `command` was the one given
};

// The sub-commands of the app floor, each in its own cli_<name>.cpp.
Subcommand add_games_command(CLI::App& app, const CliContext& context);
Subcommand add_cards_command(CLI::App& app, const CliContext& context);
Subcommand add_answers_command(CLI::App& app, const CliContext& context);
Subcommand add_tags_command(CLI::App& app, const CliContext& context);
Subcommand add_record_command(CLI::App& app, const CliContext& context);
Subcommand add_play_command(CLI::App& app, const CliContext& context);
Subcommand add_export_command(CLI::App& app, const CliContext& context);
Subcommand add_stats_command(CLI::App& app, const CliContext& context);
Subcommand add_render_command(CLI::App& app, const CliContext& context);
Subcommand add_review_command(CLI::App& app, const CliContext& context);
Subcommand add_calibrate_command(CLI::App& app, const CliContext& context);
Subcommand add_check_config_command(CLI::App& app, const CliContext& context);
Subcommand add_watch_token_command(CLI::App& app, const CliContext& context);

}  // namespace seneschal::firmware
