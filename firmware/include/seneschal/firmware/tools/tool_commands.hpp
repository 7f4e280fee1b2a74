#pragma once
// The `seneschal` sub-commands of the tools floor (benches, replays, the recording generator): they
// join the command line as the app floor's do (app/subcommand.hpp), from the tools library that
// `seneschal` links and `seneschald` does not.

#include "seneschal/firmware/app/subcommand.hpp"

namespace seneschal::firmware {

Subcommand add_replay_command(CLI::App& app, const CliContext& context);
Subcommand add_synth_command(CLI::App& app, const CliContext& context);
Subcommand add_bench_command(CLI::App& app, const CliContext& context);

}  // namespace seneschal::firmware
